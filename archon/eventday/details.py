"""The event's details (The Archon's Tournament Info): its name, date, city,
organizer and head judge (with their VEKN numbers), level and format, set as
typed (:func:`set_details`) and shown (:func:`details_of`)."""

from __future__ import annotations

import datetime as _dt
from typing import Any, Iterable, Mapping

from archon.eventday.change import Change, copied
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import checked_vekn, typed_text
from archon.rules.editions import LEVELS
from archon.rules.model import Event
from archon.words.message import Message, act, say

__all__ = ["DETAILS", "FORMATS", "set_details", "details_of", "details_lines"]

#: The details, in Tournament Info's order: (key, what is typed: "text",
#: "name" (a person's), "vekn", "date", "level", "format").
DETAILS: tuple[tuple[str, str], ...] = (
    ("name", "text"), ("date", "date"), ("organizer", "name"), ("organizer_vekn", "vekn"), ("city", "text"),
    ("level", "level"), ("format", "format"), ("head_judge", "name"), ("head_judge_vekn", "vekn"),
)

#: Each detail in words, by its key.
_WORDS = {
    "name": "info.detail.name", "date": "info.detail.date", "organizer": "info.detail.organizer",
    "organizer_vekn": "info.detail.organizer_vekn", "city": "info.detail.city", "level": "info.detail.level",
    "format": "info.detail.format", "head_judge": "info.detail.head_judge",
    "head_judge_vekn": "info.detail.head_judge_vekn",
}

#: The formats The Archon runs: preliminary rounds and a final.
FORMATS = {"2R+F": 2, "3R+F": 3}


def details_of(event: Event) -> dict[str, Any]:
    """The event's details as plain data (the date as ``YYYY-MM-DD``), and
    ``warnings``: how many judges' warnings are recorded."""
    out: dict[str, Any] = {}
    for key, _ in DETAILS:
        value = getattr(event, key, None)
        out[key] = value.isoformat() if isinstance(value, _dt.date) else value
    out["warnings"] = len(event.warnings)
    return out


def details_lines(event: Event) -> list[Message]:
    """The event's details, a line each ("head judge: Bruno Da Silva"), and
    how many judges' warnings are recorded: what ``archon info`` shows."""
    shown = details_of(event)
    lines = [say("info.shown", detail=say(_WORDS[key]), value=_said(shown[key])) for key, _ in DETAILS]
    return lines + [say("info.warnings_recorded", count=shown["warnings"])]


def set_details(event: Event, values: Mapping[str, Any], proposed: Iterable[int] = ()) -> Change:
    """The event with the details ``values`` (keys of :data:`DETAILS`; a
    blank text clears a detail, the format excepted), each checked as the
    workbook's reader checks it: a person's name as a player's, a VEKN
    number of 7 digits, a level The Archon lists, a format 2R+F or 3R+F
    (:class:`WrongInput`). A format the rounds seated no longer fit (round 3
    of a 3R+F event seated, the final seated) is refused
    (:class:`EventDayError`; ``proposed``: rounds The Archon's chart
    proposes, nothing typed: they follow the format). Nothing changed:
    ``changed`` False."""
    kinds = dict(DETAILS)
    new: dict[str, Any] = {}
    for key, value in values.items():
        if value is None:
            continue
        if key not in kinds:
            raise WrongInput(say("info.no_such_detail", key=key, details=[k for k, _ in DETAILS]))
        new[key] = _checked(event, key, kinds[key], value, set(proposed))
    ev = copied(event)
    lines: list[Message] = []
    for key, value in new.items():
        before = details_of(event)[key]
        shown = value.isoformat() if isinstance(value, _dt.date) else value
        if shown == before:
            continue
        if key == "format":
            ev.preliminary_rounds = FORMATS[value]
        else:
            setattr(ev, key, value)
        lines.append(say("info.set", detail=say(_WORDS[key]), value=_said(shown),
                         before=_said(before)))
    if not lines:
        return Change(event, [say("info.unchanged")], changed=False)
    return Change(ev, lines)


def _said(value: Any) -> "Message | str":
    return say("info.blank") if value in (None, "") else str(value)


def _checked(event: Event, key: str, kind: str, value: Any, proposed: set) -> Any:
    """``value`` as the detail ``key`` holds it, or refused."""
    if kind == "date":
        if not isinstance(value, _dt.date) and str(value).strip():
            raise WrongInput(say("info.date_not_a_date", value=str(value)))
        return value if isinstance(value, _dt.date) else None
    if kind == "vekn":
        return checked_vekn(value) or None
    text = typed_text(value, say(_WORDS[key]), name=kind == "name")
    if kind == "level" and text:
        found = [level for level in LEVELS if level.casefold() == text.casefold()]
        if not found:
            raise WrongInput(say("info.no_such_level", level=text, levels=list(LEVELS)))
        return found[0]
    if kind == "format":
        wanted = text.upper().replace(" ", "")
        if wanted not in FORMATS:
            raise WrongInput(say("info.no_such_format", format=text, formats=list(FORMATS)))
        _refuse_a_format_the_rounds_do_not_fit(event, wanted, proposed)
        return wanted
    return text or None


def _refuse_a_format_the_rounds_do_not_fit(event: Event, wanted: str, proposed: set) -> None:
    rounds = FORMATS[wanted]
    if wanted == event.format:
        return
    if event.final.seated:
        raise EventDayError(say("info.format_final_seated", format=event.format, wanted=wanted,
                                undo=act("undo")))
    beyond = sorted(r.number for r in event.rounds if r.number > rounds and (r.has_results() or (r.tables and r.number not in proposed)))
    if beyond:
        raise EventDayError(say("info.format_rounds_seated", format=event.format, wanted=wanted, rounds=beyond))
