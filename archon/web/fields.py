"""The fields of a request's JSON body, checked: one definition of what
the console's forms and a phone may send (a whole number, a text of at most
so many characters, a flag, a short list of numbers), each refusal a
message naming the field."""

from __future__ import annotations

import json
from typing import Any

from archon.rules.typed import is_whole_number_text
from archon.web.errors import BadRequest
from archon.words.message import say

__all__ = ["MAX_TEXT", "MAX_VALUES", "field"]

#: The longest text a field may hold (a name, a city, a judge's reason).
MAX_TEXT = 1000
#: The most values a list of a request may hold (a table's VPs, the final's seats).
MAX_VALUES = 10


def field(body: dict, key: str, kind, *, required: bool = False, default: Any = None, limit: int = MAX_TEXT) -> Any:
    """``body[key]`` checked to be a ``kind`` (int, str, bool, list); a text
    (a number sent for one reads as its digits) of at most ``limit``
    characters. Missing, ``""`` or only spaces: ``default``, or refused when
    ``required``."""
    value = body.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise BadRequest(say("web.field_missing", key=key))
        return default
    if kind is int:
        if isinstance(value, str) and is_whole_number_text(value.strip()):
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(say("web.field_not_whole", key=key, value=json.dumps(value)[:40]))
        return value
    if kind is str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise BadRequest(say("web.field_not_text", key=key))
        if len(value) > limit:
            raise BadRequest(say("web.field_too_long", key=key, length=len(value), limit=limit))
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise BadRequest(say("web.field_not_bool", key=key))
        return value
    if not isinstance(value, list) or len(value) > MAX_VALUES:
        raise BadRequest(say("web.field_not_list", key=key, limit=MAX_VALUES))
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise BadRequest(say("web.field_not_numbers", key=key, value=json.dumps(v)[:40]))
    return value
