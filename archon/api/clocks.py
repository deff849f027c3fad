"""The round's clock (issue 25): twins of ``archon clock FILE start|pause|resume|add|show``.

The time is read here (the core is given it): now, in UTC, and the
organizer's time zone (this computer's) for the round sheets' start and end
times. Every change is an event-day write (:func:`archon.api.changes.event_day`):
the lock, the version check, the backup, the journal and ``archon undo``.
"""

from __future__ import annotations

import datetime as _dt
from typing import Optional

from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.eventday import clock as core
from archon.formats.workbook.readcache import read_event_cached
from archon.words.message import say

__all__ = ["ACTIONS", "clock", "clock_figures", "clock_now"]

#: What ``archon clock FILE ACTION`` does: the changes, and ``show``.
ACTIONS = ("start", "pause", "resume", "add", "show")


def clock_now() -> _dt.datetime:
    """Now, in UTC (the time every clock change is given)."""
    return _dt.datetime.now(_dt.timezone.utc)


def _local_zone() -> Optional[_dt.tzinfo]:
    """This computer's time zone: the round sheets' times are the room's."""
    return _dt.datetime.now().astimezone().tzinfo


@twin_of("clock")
def clock(path, action: str, minutes=None, *, table=None, round=None, dry_run: bool = False,
          now: Optional[_dt.datetime] = None, tz: Optional[_dt.tzinfo] = None) -> EventDayReport:
    """Twin of ``archon clock FILE start|pause|resume|add [MINUTES] [--table T]
    [--round R]``: change the round's clock (:mod:`archon.eventday.clock`).

    ``start``: ``minutes`` is the round's time limit (2 hours when None),
    ``round`` the round (the round under way when None); ``add``: ``minutes``
    added to the round, or to ``table`` only. ``now`` and ``tz``: the time
    and the time zone (now, this computer's, when None). The report's
    ``event.clock`` is the clock after the change (:func:`clock_figures`).
    """
    when = now or clock_now()
    zone = tz if tz is not None else (None if now is not None else _local_zone())
    act = (action or "").strip().lower()
    if act not in ACTIONS or act == "show":
        raise InputError(say("clock.no_such_action", action=action, actions=list(ACTIONS)))
    if act == "add" and minutes is None:
        raise InputError(say("clock.minutes_needed"))

    def change(ev, proposed, locate):
        if act == "start":
            return core.start(ev, when, round=round, minutes=minutes, tz=zone)
        if act == "pause":
            return core.pause(ev, when)
        if act == "resume":
            return core.resume(ev, when, tz=zone)
        return core.add(ev, minutes, when, table=table, tz=zone)

    return event_day(path, change, dry_run=dry_run)


def clock_figures(path, *, now: Optional[_dt.datetime] = None) -> dict:
    """Twin of ``archon clock FILE show``: the clock's figures at ``now``
    (:func:`archon.eventday.clock.clock_figures`: the round, ``state``
    ``not_started``, ``running`` or ``paused``, the seconds ``remaining``,
    each table's extra time), and the rounds' start and end times."""
    event = read_event_cached(path).event
    figures = core.clock_figures(event.clock, now or clock_now())
    figures["times"] = [{"round": k, "start": s, "end": e} for k, (s, e) in
                        sorted(event.round_times.items(), key=lambda kv: (isinstance(kv[0], str), str(kv[0])))]
    return figures
