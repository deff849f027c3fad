"""The round's clock in a workbook (issue 25): a custom document property,
and the round sheets' start and end times.

The clock is one property (:attr:`archon.formats.layout.ARCHON_MARKS.clock_property`),
``key=value`` pairs between semicolons::

    archon:clock = r=2;m=120;s=2026-11-27T14:05:00Z;p=;ps=300;a=5;t=3:10,4:5

``r`` the round (1, 2, 3 or F), ``m`` its time limit in minutes, ``s`` when
it was started (UTC; empty: not yet), ``p`` when it was paused (empty:
running), ``ps`` the seconds it stood paused before, ``a`` the minutes added
to the round, ``t`` each table's extra minutes (``table:minutes``). Being a
property, every change goes through the write's lock, backup, journal and
undo, and survives a restart of the console.

The round sheets' "Round Start Time:" / "Round End Time:" inputs (I2/I3; the
final's K2/K3) are General cells in the official workbook: archon writes the
time as the organizer would type it (``14:05``), and reads a time typed
there (text, or a time Excel or LibreOffice stores as a day's fraction).
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Iterable, Mapping, Optional, Union

from archon.formats import layout as L
from archon.rules.model import FINAL, RoundClock
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["clock_value", "read_clock", "time_cells", "time_text", "read_round_times"]

_ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
_TABLES = re.compile(r"^(\d{1,3}:-?\d{1,4})(,\d{1,3}:-?\d{1,4})*$")
#: The pairs every clock's value holds.
_KEYS = ("r", "m", "s", "p", "ps", "a", "t")


def clock_value(clock: Optional[RoundClock]) -> str:
    """The property's value for ``clock`` (empty: no clock)."""
    if clock is None:
        return ""
    tables = ",".join(f"{t}:{m}" for t, m in sorted(clock.tables.items()))
    return (f"r={clock.round};m={clock.minutes};s={clock.started or ''};p={clock.paused_at or ''};"
            f"ps={clock.paused_seconds};a={clock.added};t={tables}")


def _parsed(value: str) -> Optional[RoundClock]:
    """The clock ``value`` holds, or None when it cannot be read."""
    pairs = dict(part.split("=", 1) for part in value.split(";") if "=" in part)
    if set(pairs) != set(_KEYS):
        return None
    r, m, s, p, ps, a, t = (pairs[k].strip() for k in _KEYS)
    key: Union[int, str]
    if r.upper() == FINAL:
        key = FINAL
    elif is_whole_number_text(r) and 1 <= int(r) <= 3:
        key = int(r)
    else:
        return None
    whole = [is_whole_number_text(m), is_whole_number_text(ps), is_whole_number_text(a.lstrip("-"))]
    if not all(whole) or any(x and not _ISO.match(x) for x in (s, p)) or (t and not _TABLES.match(t)):
        return None
    if p and not s:
        return None
    tables = {int(x.split(":")[0]): int(x.split(":")[1]) for x in t.split(",")} if t else {}
    return RoundClock(round=key, minutes=int(m), started=s or None, paused_at=p or None,
                      paused_seconds=int(ps), added=int(a), tables=tables)


def read_clock(properties: Mapping[str, str]) -> tuple[Optional[RoundClock], Optional[Message]]:
    """The clock the properties hold (None: none), and why it could not be read (else None)."""
    value = (properties.get(L.ARCHON_MARKS.clock_property) or "").strip()
    if not value:
        return None, None
    clock = _parsed(value)
    if clock is None:
        return None, say("read.clock_unreadable", value=value[:200])
    return clock, None


def time_cells() -> dict[Union[int, str], tuple[str, str, str]]:
    """Each round's sheet and its start and end time cells: round -> (sheet, start, end)."""
    out: dict[Union[int, str], tuple[str, str, str]] = {
        k: (sheet, L.ROUND.start_time, L.ROUND.end_time) for k, sheet in L.ROUND_SHEETS.items()}
    out[FINAL] = (L.FINAL.sheet, L.FINAL.start_time, L.FINAL.end_time)
    return out


def time_text(value: object) -> Optional[str]:
    """A time cell's value as a text: ``14:05`` for a time (or a day's
    fraction, as a time typed in a General cell is stored), the text as typed
    otherwise; None for a blank."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, (_dt.datetime, _dt.time)):
        return value.strftime("%H:%M")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1:
        minutes = round(value * 24 * 60)
        return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"
    return str(value).strip()


def read_round_times(book, rounds: Iterable[Union[int, str]]) -> dict[Union[int, str],
                                                                      tuple[Optional[str], Optional[str]]]:
    """The start and end times the sheets of ``rounds`` (1, 2, 3, F) hold in
    ``book`` (a round with neither left out)."""
    out: dict[Union[int, str], tuple[Optional[str], Optional[str]]] = {}
    cells = time_cells()
    for key in rounds:
        sheet, start, end = cells[key]
        if not book.has_sheet(sheet):
            continue
        times = (time_text(book.read_cell(sheet, start).value), time_text(book.read_cell(sheet, end).value))
        if times != (None, None):
            out[key] = times
    return out
