"""Check-ins and codes in a workbook: custom document properties (issue 25).

As the judges' warnings (:mod:`archon.formats.workbook.judge_records`), they
go where The Archon's formulas never look and Excel and LibreOffice keep
them when they save (``docProps/custom.xml``; File > Properties > Custom)::

    archon:checkin:7 = 2026-11-27T09:05:00Z|phone
    archon:checkin:8 = 2026-11-27T09:06:12Z|organizer
    archon:code:7 = K7M2QX9A
    archon:checkin-code = 4HQ7ZC
    archon:alert:1 = 7|2026-11-27T09:07:00Z

A property is never taken out of a workbook, only emptied: an empty
``archon:checkin:N`` is a player not checked in (a check-in undone), an
empty ``archon:code:N`` a player without a code (the player unregistered), an
empty ``archon:alert:N`` an alert dismissed (the alerts are numbered anew
from 1, oldest first, at each write).
"""

from __future__ import annotations

import re
from typing import Mapping, Optional

from archon.eventday.codes import CHECKIN_CODE_LENGTH, CODE_LENGTH, is_code
from archon.eventday.checkin import ORGANIZER, PHONE
from archon.formats import layout as L
from archon.rules.model import CheckIn, ClaimAlert, Event
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["event_properties", "read_event_records"]

_MARKS = L.ARCHON_MARKS
_CHECKIN = _MARKS.checkin_property_prefix
_CODE = _MARKS.code_property_prefix
_ALERT = _MARKS.alert_property_prefix
_WHEN = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def event_properties(event: Event, current: Optional[Mapping[str, str]] = None) -> dict[str, str]:
    """The document properties that hold ``event``'s check-ins and codes;
    those ``current`` (the workbook's properties) holds for no one any more
    are emptied (a check-in undone, a player unregistered)."""
    props: dict[str, str] = {}
    for name in current or {}:
        if name.startswith((_CHECKIN, _CODE, _ALERT)):
            props[name] = ""
    for number, c in event.checked_in.items():
        props[f"{_CHECKIN}{number}"] = f"{c.when}|{c.by}"
    for number, code in event.codes.items():
        props[f"{_CODE}{number}"] = code
    for i, a in enumerate(event.claim_alerts, start=1):
        props[f"{_ALERT}{i}"] = f"{a.player}|{a.when}"
    if event.checkin_code:
        props[_MARKS.checkin_code_property] = event.checkin_code
    elif current and _MARKS.checkin_code_property in current:
        props[_MARKS.checkin_code_property] = ""
    return props


def _number(name: str, prefix: str) -> Optional[int]:
    index = name[len(prefix):]
    return int(index) if is_whole_number_text(index) and int(index) > 0 else None


def _checkin(value: str) -> Optional[CheckIn]:
    when, bar, by = value.strip().partition("|")
    if not bar or not _WHEN.match(when.strip()) or by.strip() not in (ORGANIZER, PHONE):
        return None
    return CheckIn(when.strip(), by.strip())


def read_event_records(properties: Mapping[str, str], event: Event) -> list[tuple[str, Message]]:
    """Put the check-ins and codes of a workbook's ``properties`` into
    ``event``; returns what could not be read as ``(property name, message)``
    (the property is then ignored: that player is not checked in, or has no
    code, until it is made again)."""
    bad: list[tuple[str, Message]] = []
    for name, raw in properties.items():
        value = (raw or "").strip()
        if not value or not name.startswith((_CHECKIN, _CODE)):
            continue
        checkin = name.startswith(_CHECKIN)
        number = _number(name, _CHECKIN if checkin else _CODE)
        if checkin:
            c = _checkin(value)
            if number is None or c is None:
                bad.append((name, say("read.checkin_unreadable", value=value)))
            else:
                event.checked_in[number] = c
        elif number is None or not is_code(value, CODE_LENGTH):
            bad.append((name, say("read.code_unreadable")))  # never quoted: a code is private
        else:
            event.codes[number] = value
    bad.extend(_read_alerts(properties, event))
    code = (properties.get(_MARKS.checkin_code_property) or "").strip()
    if code and is_code(code, CHECKIN_CODE_LENGTH):
        event.checkin_code = code
    elif code:
        bad.append((_MARKS.checkin_code_property, say("read.checkin_code_unreadable")))
    return bad


def _read_alerts(properties: Mapping[str, str], event: Event) -> list[tuple[str, Message]]:
    """The claimed-twice alerts of ``properties`` put into ``event``, oldest first."""
    found: list[tuple[int, ClaimAlert]] = []
    bad: list[tuple[str, Message]] = []
    for name, raw in properties.items():
        value = (raw or "").strip()
        if not value or not name.startswith(_ALERT):
            continue
        index = _number(name, _ALERT)
        player, bar, when = value.partition("|")
        if index is None or not bar or not is_whole_number_text(player.strip()) or not _WHEN.match(when.strip()):
            bad.append((name, say("read.alert_unreadable", value=value[:100])))
            continue
        found.append((index, ClaimAlert(int(player.strip()), when.strip())))
    event.claim_alerts = [a for _, a in sorted(found, key=lambda x: x[0])]
    return bad
