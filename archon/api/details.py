"""Twin of ``archon info``: the event's details (Tournament Info), shown or set."""

from __future__ import annotations

import datetime as _dt
from typing import Optional

from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.eventday.details import details_of, set_details
from archon.formats.workbook import read_event
from archon.formats.workbook.cellvalues import parse_date_text
from archon.words.message import say

__all__ = ["info", "details_of"]


@twin_of("info")
def info(
    path,
    *,
    name: Optional[str] = None,
    date=None,
    city: Optional[str] = None,
    organizer: Optional[str] = None,
    organizer_vekn: Optional[str] = None,
    head_judge: Optional[str] = None,
    head_judge_vekn: Optional[str] = None,
    level: Optional[str] = None,
    format: Optional[str] = None,
    dry_run: bool = False,
) -> EventDayReport:
    """Twin of ``archon info FILE [--organizer NAME] [--head-judge NAME] ...``:
    set the event's details given (``None``: left as they are; ``""``
    clears one, the format excepted), each checked as the workbook's reader
    checks it (:func:`archon.eventday.details.set_details`), and written to
    Tournament Info's cells only. ``date``: a date or its text
    (``2026-12-05``). With no detail given, nothing is written: the report's
    ``event`` is the event read; :func:`details_of` gives its details as
    data (what ``--json`` prints).
    """
    values = {"name": name, "date": _date(date), "city": city, "organizer": organizer,
              "organizer_vekn": organizer_vekn, "head_judge": head_judge, "head_judge_vekn": head_judge_vekn,
              "level": level, "format": format}
    if all(v is None for v in values.values()):
        event = read_event(path).event
        return EventDayReport(path, [], changed=False, dry_run=dry_run, event=event)
    return event_day(path, lambda ev, proposed, locate: set_details(ev, values, proposed), dry_run=dry_run)


def _date(value):
    """A date typed (``2026-12-05``, ``05/12/2026``...), read as the workbook's reader reads one."""
    if value is None or isinstance(value, _dt.date) or not str(value).strip():
        return value.date() if isinstance(value, _dt.datetime) else value
    found, note = parse_date_text(str(value))
    if found is None:
        raise InputError(note or say("info.date_not_a_date", value=str(value)))
    return found
