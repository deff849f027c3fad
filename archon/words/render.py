"""Rendering a :class:`~archon.words.message.Message` as a sentence.

A message's id finds its English text in :mod:`archon.words.catalogue`; the
text's ``{placeholders}`` are its fields. A field is rendered by kind: an
:class:`~archon.words.message.Action` by the shell (:meth:`Renderer.action`),
a nested message by rendering it, a list as "a, b and c", a number of VPs as
"1.5". A shell may have a text of its own for a message (the console says
"confirm" where the command line says "add --force"): the catalogue keys it
by the shell's name.

Format specs a text may use on a field:

* ``{n:count:table|tables}``: "1 table", "3 tables";
* ``{items:join:; }``: the items joined by "; " (the default is "a, b and c");
* ``{text:plural:it|them}`` on a list or a number: the first word for one,
  the second for several.
"""

from __future__ import annotations

import string
from typing import Any, Mapping, Optional, Sequence

from archon.words.catalogue import text_of
from archon.words.message import Action, Message, Option

__all__ = ["Renderer", "PLAIN", "and_list"]


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _how_many(value: Any) -> int:
    if isinstance(value, (list, tuple)):
        return len(value)
    return int(value)


class _Fields(string.Formatter):
    def __init__(self, renderer: "Renderer") -> None:
        self.renderer = renderer

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, rest = format_spec.partition(":")
        if kind == "count":
            one, _, many = rest.partition("|")
            return f"{value} {one if _how_many(value) == 1 else many}"
        if kind == "plural":
            one, _, many = rest.partition("|")
            return one if _how_many(value) == 1 else many
        if kind == "join":
            return rest.join(self.renderer.field(v) for v in value)
        if format_spec:
            return format(value, format_spec)
        return self.renderer.field(value)


class Renderer:
    """Renders messages for one shell (``shell``: ``""`` for plain English,
    ``"cli"``, ``"console"``). Subclasses say how an action reads."""

    shell = ""

    def render(self, message: Message) -> str:
        text = text_of(message.id, self.shell)
        if text is None:  # a message the catalogue lacks (a test says none is): its id and fields
            return message.id + " " + ", ".join(f"{k}={self.field(v)}" for k, v in message.fields.items())
        return _Fields(self).vformat(text, (), _Missing(message.fields))

    def field(self, value: Any) -> str:
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Action):
            return self.action(value)
        if isinstance(value, Option):
            return self.option(value)
        if isinstance(value, (list, tuple)):
            return and_list([self.field(v) for v in value])
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def action(self, action: Action) -> str:
        """The action as a Python call of its twin: ``seat(round=1, force=True)``."""
        args = ", ".join(f"{k}={v!r}" for k, v in action.args.items() if v is not False)
        return f"{action.name}({args})"



    def option(self, option: Option) -> str:
        """The option by its keyword argument's name: ``force``."""
        return option.name


class _Missing(dict):
    def __init__(self, fields: Mapping[str, Any]) -> None:
        super().__init__(fields)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


#: Plain English, for Python users (the text of an exception).
PLAIN = Renderer()
