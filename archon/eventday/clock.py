"""The round's clock (issue 25): start, pause, resume, add time for the
round or for one table (a judge's extra time), and what is left.

The clock is plain data (:class:`archon.rules.model.RoundClock`, kept with
the event); every function here is pure: the time is given (``now``, an
aware :class:`datetime.datetime`), never read. ``tz`` is the time zone the
round sheets' "Round Start Time:" / "Round End Time:" are written in (the
organizer's; UTC when not given).

The round sheet's start time is written when the clock starts; its end time
is when the round's time runs out as the clock stands after each change
(start, resume, time added to the round): a paused clock leaves it as it
was, since nobody knows yet when the round will end. A table's extra time
does not move it (the round ends for the other tables).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import replace
from typing import Optional, Union

from archon.eventday.change import Change, copied
from archon.eventday.errors import EventDayError, WrongInput
from archon.rules.model import FINAL, Event, RoundClock
from archon.rules.standings import planned_rounds
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, act, say

__all__ = ["DEFAULT_MINUTES", "MAX_MINUTES", "start", "pause", "resume", "add", "remaining", "finished",
           "clock_state", "clock_figures", "clock_said", "clock_round", "round_named", "as_time", "iso",
           "left_text", "end_time"]

#: A round's time limit when none is given: rules 3.1.1 (every edition that
#: says one): "The minimum time limit used in VTES rounds is two hours."
DEFAULT_MINUTES = 120
#: The most minutes a round's time limit, or time added at once, may hold (a day).
MAX_MINUTES = 24 * 60

Key = Union[int, str]


def iso(t: _dt.datetime) -> str:
    """``t`` as the clock keeps it: UTC, to the second (``2026-11-27T14:05:00Z``)."""
    return t.astimezone(_dt.timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def as_time(text: str) -> _dt.datetime:
    """The time ``text`` (as :func:`iso` writes it) as an aware datetime."""
    t = _dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return t if t.tzinfo is not None else t.replace(tzinfo=_dt.timezone.utc)


def _seconds(a: str, b: _dt.datetime) -> int:
    """Whole seconds from the time ``a`` to ``b`` (never below 0)."""
    return max(0, int((b - as_time(a)).total_seconds()))


def clock_state(clock: Optional[RoundClock]) -> str:
    """``"not_started"``, ``"running"`` or ``"paused"``."""
    if clock is None or clock.started is None:
        return "not_started"
    return "paused" if clock.paused_at is not None else "running"


def _elapsed(clock: RoundClock, now: _dt.datetime) -> int:
    """Seconds the clock has run (its pauses left out)."""
    if clock.started is None:
        return 0
    until = as_time(clock.paused_at) if clock.paused_at is not None else now
    return max(0, _seconds(clock.started, until) - clock.paused_seconds)


def remaining(clock: RoundClock, now: _dt.datetime, table: Optional[int] = None) -> int:
    """Seconds left at ``now`` for the round, or for ``table`` (its extra
    time counted); negative once the time is over."""
    minutes = clock.minutes + clock.added + (clock.tables.get(table, 0) if table is not None else 0)
    return minutes * 60 - _elapsed(clock, now)


def finished(clock: RoundClock, now: _dt.datetime, table: Optional[int] = None) -> bool:
    """Whether the round's time (``table``'s, with its extra time) is over at ``now``."""
    return clock.started is not None and remaining(clock, now, table) <= 0


def left_text(seconds: int) -> str:
    """Seconds left as a clock shows them: ``1:59:30``, ``4:05``; ``0:00`` once over."""
    s = max(0, seconds)
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def end_time(clock: RoundClock, now: _dt.datetime) -> _dt.datetime:
    """When the round's time runs out if the clock runs on from ``now``."""
    return now + _dt.timedelta(seconds=remaining(clock, now))


def clock_figures(clock: Optional[RoundClock], now: _dt.datetime) -> dict:
    """What the pages and ``--json`` show: the round, the state, the seconds
    left (round and each table with extra time), and the clock's settings."""
    if clock is None:
        return {"round": None, "state": "not_started", "minutes": None, "added": 0, "remaining": None,
                "finished": False, "started": None, "paused_at": None, "tables": []}
    return {
        "round": clock.round, "state": clock_state(clock), "minutes": clock.minutes, "added": clock.added,
        "remaining": remaining(clock, now) if clock.started is not None else (clock.minutes + clock.added) * 60,
        "finished": finished(clock, now), "started": clock.started, "paused_at": clock.paused_at,
        "tables": [{"table": t, "extra": m, "remaining": remaining(clock, now, t),
                    "finished": finished(clock, now, t)} for t, m in sorted(clock.tables.items())],
    }


# ---------------------------------------------------------------------------
# Which round


def _round_key(event: Event, typed: Optional[Key]) -> Key:
    """The round typed (1, 2, 3 up to the rounds planned, or F), else the
    round under way: the final once seated, else the first seated round
    that has a result to come, else the last seated."""
    if typed is not None and str(typed).strip() != "":
        t = str(typed).strip().upper()
        if t in (FINAL, "FINAL"):
            return FINAL
        if is_whole_number_text(t) and 1 <= int(t) <= planned_rounds(event):
            return int(t)
        raise WrongInput(say("clock.no_such_round", round=typed, rounds=planned_rounds(event)))
    if event.final.seated:
        return FINAL
    seated = sorted((r for r in event.rounds if r.tables), key=lambda r: r.number)
    for r in seated:
        if any(v is None for t in r.tables for v in t.vps):
            return r.number
    if seated:
        return seated[-1].number
    raise EventDayError(say("clock.nothing_seated", first=act("seat", round=1)))


def round_named(key: Key) -> Message:
    """The round ``key`` as a clock line names it: "Round 2", "The final"."""
    return say("clock.final_name") if str(key).upper() == FINAL else say("clock.round_name", number=key)


def clock_round(event: Event, typed: Optional[Key] = None) -> Key:
    """The round a clock command is about (see :func:`_round_key`)."""
    return _round_key(event, typed)


def _tables_of(event: Event, key: Key) -> int:
    """How many tables the round has (the final: 1; a round not seated: 0)."""
    if key == FINAL:
        return 1 if event.final.seated else 0
    return next((len(r.tables) for r in event.rounds if r.number == key), 0)


def _minutes(value, refusal: str, *, allow_negative: bool = False) -> int:
    """Whole minutes typed, from 1 (or -MAX) to :data:`MAX_MINUTES`."""
    text = str(value).strip()
    negative = allow_negative and text.startswith("-")
    digits = text[1:].strip() if negative or text.startswith("+") else text
    if not is_whole_number_text(digits) or int(digits) == 0 or int(digits) > MAX_MINUTES:
        raise WrongInput(say(refusal, value=value, most=MAX_MINUTES))
    return -int(digits) if negative else int(digits)


# ---------------------------------------------------------------------------
# Changes


def _local(t: _dt.datetime, tz: Optional[_dt.tzinfo]) -> str:
    """``t`` as the round sheet holds it: ``14:05`` in the organizer's time zone."""
    return t.astimezone(tz or _dt.timezone.utc).strftime("%H:%M")


def _with_times(ev: Event, clock: RoundClock, now: _dt.datetime, tz: Optional[_dt.tzinfo]) -> None:
    """The round sheet's start and end times, as the clock stands at ``now``."""
    assert clock.started is not None
    ev.round_times[clock.round] = (_local(as_time(clock.started), tz), _local(end_time(clock, now), tz))


def start(event: Event, now: _dt.datetime, *, round: Optional[Key] = None, minutes=None,
          tz: Optional[_dt.tzinfo] = None) -> Change:
    """Start the clock of ``round`` (the round under way when None) for
    ``minutes`` (:data:`DEFAULT_MINUTES` when None). A clock of another round
    is replaced; the same round's clock, once started, is refused (pause,
    resume or add time instead)."""
    key = _round_key(event, round)
    length = DEFAULT_MINUTES if minutes is None else _minutes(minutes, "clock.bad_length")
    old = event.clock
    if old is not None and old.round == key and old.started is not None:
        raise EventDayError(say("clock.already_started", which=round_named(key), left=left_text(remaining(old, now)),
                                pause=act("clock", action="pause"), add=act("clock", action="add")))
    ev = copied(event)
    ev.clock = RoundClock(round=key, minutes=length, started=iso(now))
    _with_times(ev, ev.clock, now, tz)
    start_at, end_at = ev.round_times[key]
    return Change(ev, [say("clock.started", which=round_named(key), minutes=length, start=start_at, end=end_at)])


def _running(event: Event) -> RoundClock:
    """The event's clock, started; else the refusal says to start it."""
    clock = event.clock
    if clock is None or clock.started is None:
        raise EventDayError(say("clock.not_started", start=act("clock", action="start")))
    return clock


def pause(event: Event, now: _dt.datetime) -> Change:
    """Pause the clock (a paused clock is refused: nothing to pause)."""
    clock = _running(event)
    if clock.paused_at is not None:
        raise EventDayError(say("clock.already_paused", which=round_named(clock.round),
                                left=left_text(remaining(clock, now)),
                                resume=act("clock", action="resume")))
    ev = copied(event)
    ev.clock = replace(clock, paused_at=iso(now))
    return Change(ev, [say("clock.paused", which=round_named(clock.round),
                           left=left_text(remaining(ev.clock, now)))])


def resume(event: Event, now: _dt.datetime, *, tz: Optional[_dt.tzinfo] = None) -> Change:
    """Resume a paused clock: the time it stood paused is not counted."""
    clock = _running(event)
    if clock.paused_at is None:
        raise EventDayError(say("clock.not_paused", which=round_named(clock.round),
                                left=left_text(remaining(clock, now))))
    ev = copied(event)
    ev.clock = replace(clock, paused_at=None, paused_seconds=clock.paused_seconds + _seconds(clock.paused_at, now))
    _with_times(ev, ev.clock, now, tz)
    return Change(ev, [say("clock.resumed", which=round_named(clock.round), left=left_text(remaining(ev.clock, now)),
                           end=ev.round_times[clock.round][1])])


def add(event: Event, minutes, now: _dt.datetime, *, table=None, tz: Optional[_dt.tzinfo] = None) -> Change:
    """Add ``minutes`` (negative: take back time added by mistake) to the
    round, or to ``table`` only (a judge's extra time for that table)."""
    clock = _running(event)
    n = _minutes(minutes, "clock.bad_added", allow_negative=True)
    ev = copied(event)
    if table is None or str(table).strip() == "":
        if clock.added + n < -clock.minutes:
            raise WrongInput(say("clock.too_much_taken", minutes=-n, added=clock.added,
                                 which=round_named(clock.round)))
        ev.clock = replace(clock, added=clock.added + n)
        if ev.clock.paused_at is None:
            _with_times(ev, ev.clock, now, tz)
        return Change(ev, [say("clock.added", minutes=n, which=round_named(clock.round),
                               left=left_text(remaining(ev.clock, now)))])
    tables = _tables_of(event, clock.round)
    t = str(table).strip()
    if not is_whole_number_text(t) or not 1 <= int(t) <= tables:
        raise WrongInput(say("clock.no_such_table", table=table, which=round_named(clock.round), tables=tables))
    number = int(t)
    extra = clock.tables.get(number, 0) + n
    if extra < 0:
        raise WrongInput(say("clock.too_much_taken_table", minutes=-n, added=clock.tables.get(number, 0),
                             table=number))
    kept = {k: v for k, v in clock.tables.items() if k != number}
    if extra:
        kept[number] = extra
    ev.clock = replace(clock, tables=kept)
    return Change(ev, [say("clock.table_added", minutes=n, table=number, extra=extra,
                           which=round_named(clock.round),
                           left=left_text(remaining(ev.clock, now, number)))])


def clock_said(figures: dict) -> list:
    """The clock's figures (:func:`clock_figures`, with the rounds' ``times``
    if given) as lines to show: the round's state and time left, each
    table's extra time, each round's start and end times."""
    lines: list = []
    if figures.get("round") is None:
        lines.append(say("clock.show_none", start=act("clock", action="start")))
    else:
        state = "finished" if figures["finished"] else figures["state"]
        lines.append(say("clock.show", which=round_named(figures["round"]), state=say(f"clock.state.{state}"),
                         left=left_text(figures["remaining"]), minutes=figures["minutes"], added=figures["added"]))
        for t in figures["tables"]:
            lines.append(say("clock.show_table", table=t["table"], extra=t["extra"], left=left_text(t["remaining"])))
    for t in figures.get("times") or []:
        lines.append(say("clock.show_times", which=round_named(t["round"]), start=t["start"] or "-",
                         end=t["end"] or "-"))
    return lines
