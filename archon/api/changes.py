"""A change of the event day: read the workbook, apply a rule of
:mod:`archon.eventday`, write the new event back, within one hold of the
workbook (:func:`event_day`); what it did is an :class:`EventDayReport`."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Iterable, Optional

from archon.api.errors import InputError
from archon.api.problems import problem_message
from archon.formats import layout
from archon.formats.workbook import write_event
from archon.formats.workbook.grid import refuse_special_file
from archon.formats.workbook.readcache import read_event_cached
from archon.formats.workbook.safety import hold
from archon.words.message import Message, act, say
from archon.words.render import PLAIN, Renderer

__all__ = ["EventDayReport", "event_day", "read_for_event_day", "input_sheets"]


class EventDayReport:
    """What an event-day command did (or, with ``dry_run``, would do).

    ``lines``: what changed, one message each (a plain text while the core
    still says some that way); ``changed``: False when there was nothing to
    do; ``written``: the :class:`archon.formats.workbook.WriteReport` (None
    for a dry run or no change); ``event``: the event after the change;
    ``seed``: the draw's seed (``toss``, ``seat``).
    """

    def __init__(self, path, lines, *, changed, dry_run, written=None, event=None, seed=None, player=None) -> None:
        self.path = path
        self.lines = list(lines)
        self.changed = changed
        self.dry_run = dry_run
        self.written = written
        self.event = event
        self.seed = seed
        self.player = player
        #: The seat list written by ``seat(..., print_to=...)``, if any.
        self.printed: Optional[Path] = None
        #: The round's :class:`archon.api.seating.RoundSeating` (``seat``), else None.
        self.seating: Any = None  # Any: archon.api.seating imports this module

    @property
    def backups_removed(self) -> list:
        """Older backups the retention removed after the write (``archon --keep-backups N``)."""
        return self.written.backups_removed if self.written is not None else []

    #: The first line of a dry run's report: what follows is a preview.
    DRY_RUN_HEAD = say("api.dry_run_head")

    def said(self) -> list:
        """Every line :meth:`describe` gives, as messages (or texts)."""
        out = list(self.lines)
        if not self.changed:
            out.append(say("api.nothing_to_write_back"))
        elif self.dry_run:
            out.insert(0, self.DRY_RUN_HEAD)
        elif self.written is not None:
            out.extend(self.written.lines)
        return out

    def describe(self, renderer: Renderer = PLAIN) -> str:
        """What the command did, a line each, rendered by ``renderer``."""
        return "\n".join(renderer.render(x) if isinstance(x, Message) else str(x) for x in self.said())

    def __repr__(self) -> str:
        return f"EventDayReport(changed={self.changed}, dry_run={self.dry_run}, lines={self.lines!r})"


def input_sheets() -> set[str]:
    """Sheets archon writes an event's inputs to: a cell it could not read there
    would be overwritten, so event-day commands refuse to write over it."""
    L = layout
    return {L.INFO.sheet, L.METHUSELAHS.sheet, L.FINAL.sheet, L.OVERRIDE.sheet, *L.ROUND_SHEETS.values()}


def read_for_event_day(path, fp=None):
    """The workbook read to change it (``fp``: the fingerprint of the bytes
    the hold will check the write against); the same bytes are read once
    per process (:mod:`archon.formats.workbook.readcache`: the event console).
    Raises :class:`InputError` when a cell it would write over cannot be read."""
    read = read_event_cached(path, fp)
    sheets = input_sheets()
    blocking = [p for p in read.problems if p.sheet in sheets]
    if blocking:
        more = len(blocking) - 3
        raise InputError(say(
            "api.unreadable_cells", file=read.path.name, problems=[problem_message(p) for p in blocking[:3]],
            more=say("api.unreadable_cells_more", more=more) if more > 0 else "",
            check=act("check", file=read.path.name)))
    return read


def event_day(path, change_of, *, dry_run: bool, typed_rounds: Iterable[int] = ()) -> EventDayReport:
    """Read ``path``, apply ``change_of(event, proposed, locate)``, write the result back.

    Rounds The Archon only proposes (its chart formulas, nothing typed) keep
    their formulas, except ``typed_rounds``, which the change seated.

    The workbook is read and written within one
    :func:`archon.formats.workbook.safety.hold`: another archon command waits, then
    applies its change to the new workbook. A ``dry_run`` goes the same way
    to the end: the new workbook is made and every check of the write runs
    (:func:`archon.formats.workbook.safety.safe_write` with ``dry_run``), so that
    it is refused as the command would be; nothing is written.
    """
    refuse_special_file(Path(path))  # a FIFO or a device is refused before anything waits on it
    with hold(path) as held:
        return _event_day_held(path, change_of, dry_run=dry_run, typed_rounds=typed_rounds, fp=held.fingerprint)


def _event_day_held(path, change_of, *, dry_run: bool, typed_rounds: Iterable[int], fp=None) -> EventDayReport:
    read = read_for_event_day(path, fp)
    proposed = read.chart_rounds  # The Archon's chart formulas, nothing typed: left in place

    def locate(where):
        cell = read.cells.locate(where)
        return str(cell) if cell is not None else None

    change = change_of(read.event, proposed, locate)
    written = None
    if change.changed:
        ev = copy.copy(change.event)
        ev.rounds = [
            r for r in ev.rounds
            if r.number in typed_rounds
            or not (r.number in proposed and not r.has_results())
        ]
        written = write_event(read.path, ev, chart_rounds=proposed, dry_run=dry_run)
        if dry_run:
            written = None  # a rehearsal: refused as the write would be, nothing written
    return EventDayReport(read.path, change.lines, changed=change.changed, dry_run=dry_run, written=written,
                          event=change.event, seed=change.seed, player=change.player)
