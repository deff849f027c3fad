"""Twins of the event-day commands: register, unregister, drop, warn,
result, toss, finals.

The rules live in :mod:`archon.eventday` (pure functions over the event);
these twins read the workbook, call them, and write the new event back
(:func:`event_day`), within one hold of the workbook.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Iterable, Optional, Sequence

from archon import eventday
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.api.problems import problem_message
from archon.api.scoring import parse_vps
from archon.eventday import judging
from archon.formats import layout
from archon.formats.players_csv import PlayersCSVError, read_players_csv, split_lines, split_name, split_said
from archon.formats.workbook import read_event, write_event
from archon.formats.workbook.grid import refuse_special_file
from archon.formats.workbook.readcache import read_event_cached
from archon.formats.workbook.safety import hold
from archon.rules.model import FINAL
from archon.seating.seeds import new_seed
from archon.words.message import Message, act, message_of, option, say
from archon.words.render import PLAIN, Renderer

__all__ = [
    "EventDayReport", "event_day", "read_for_event_day", "register", "unregister", "drop", "warn", "warnings",
    "result", "toss", "finals", "seat_final", "close_without_final",
]


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
        self.printed = None
        #: The round's :class:`archon.api.seating.RoundSeating` (``seat``), else None.
        self.seating = None

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
            out.append(self.written.describe())
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


def _players_of(players) -> list:
    try:
        return read_players_csv(players)
    except PlayersCSVError as exc:
        raise InputError(message_of(exc)) from None


@twin_of("register")
def register(
    path,
    name: Optional[str] = None,
    *,
    vekn: Optional[str] = None,
    city: Optional[str] = None,
    players=None,
    dry_run: bool = False,
) -> EventDayReport:
    """Twin of ``archon register FILE "First Last" [--vekn N] [--city C]`` and
    ``archon register FILE --from players.csv``.

    Players get the next numbers (1..N); a player registered once a round has
    results is a late arrival and joins from the next round (rules 3.3.1). A
    name or VEKN number already registered is refused naming its row
    (:class:`archon.eventday.EventDayError`); ``players`` is a players CSV
    (columns found by their header, :mod:`archon.formats.players_csv`), registered
    all or none. ``name`` is "First Last" (the last word is the last name)
    or "Last, First" (a last name of several words: "de la Cruz, Carl"); a
    name of three or more words without a comma gets a line saying how it
    was split (:func:`archon.formats.players_csv.split_said`). See
    :func:`archon.eventday.register_many`.
    """
    if (name is None) == (players is None):
        raise InputError(say("api.name_or_players", players=option("from")))
    if players is not None:
        if vekn is not None or city is not None:
            raise InputError(say("api.one_player_options", vekn=option("vekn"), city=option("city")))
        rows = _players_of(players)
        source = Path(str(players)).name

        def change(ev, proposed, locate):
            done = eventday.register_many(ev, rows, source=source, proposed=proposed, locate=locate)
            done.lines[len(rows):len(rows)] = split_lines(rows, source)
            return done
    else:
        typed = eventday.typed_text(name, "player's name")
        first, last = split_name(typed)
        said = split_said(typed)

        def change(ev, proposed, locate):
            done = eventday.register(ev, first, last, vekn=vekn, city=city, proposed=proposed, locate=locate)
            done.lines[1:1] = [said] if said else []
            return done

    return event_day(path, change, dry_run=dry_run)


@twin_of("unregister")
def unregister(path, player, *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon unregister FILE PLAYER``: remove a player registered by
    mistake, or a no-show who has played no game.

    The players after them move up one number everywhere (The Archon's
    seating chart seats players 1 to N: a number left free would seat a
    player who does not exist). Refused with the reason for a player who has
    played (:class:`archon.eventday.EventDayError`: drop them instead). See
    :func:`archon.eventday.unregister`.
    """
    return event_day(
        path,
        lambda ev, proposed, locate: eventday.unregister(ev, player, proposed=proposed, locate=locate),
        dry_run=dry_run,
    )


@twin_of("drop")
def drop(path, player, *, reason: str = "WD", undo: bool = False, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon drop FILE PLAYER [--reason WD|DQ|...] [--undo]``.

    ``player``: a player number, a VEKN number or a unique part of a name
    (:class:`archon.eventday.AmbiguousPlayer` lists the candidates). Sets the
    player's DQ flag (Methuselahs column G) to ``reason``, or clears it with
    ``undo``. See :func:`archon.eventday.drop` and :func:`archon.eventday.undo_drop`.
    """
    if undo:
        return event_day(path, lambda ev, proposed, locate: eventday.undo_drop(ev, player, locate=locate),
                         dry_run=dry_run)
    return event_day(
        path,
        lambda ev, proposed, locate: eventday.drop(ev, player, reason, proposed=proposed, locate=locate),
        dry_run=dry_run,
    )


@twin_of("warn")
def warn(path, player, reason: str, *, round=None, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon warn FILE PLAYER "reason" [--round N]``: record a
    judge's warning (:func:`archon.eventday.judging.warn`).

    ``player``: a player number, a VEKN number or a unique part of a name;
    ``round``: 1, 2, 3, ``"F"`` (the final) or None. The workbook keeps the
    warnings in its custom document properties
    (:mod:`archon.formats.workbook.judge_records`), which Excel and LibreOffice keep
    and The Archon's formulas ignore; ``archon convert`` carries them over
    from a workbook (.xlsx, .ods, .xls) or the standings JSON (each checked
    as here; the CSV set does not hold them) and the reports show them. Raises
    :class:`archon.eventday.WrongInput` (exit status 2) for an unknown
    player, a round the event does not have or a reason that is blank or
    longer than 200 characters; :class:`archon.eventday.EventDayError` (1)
    for a round not seated yet, the final before it is seated, or the same
    warning (player, reason, round) already recorded.
    """
    return event_day(
        path, lambda ev, proposed, locate: judging.warn(ev, player, reason, round=round, locate=locate,
                                                          proposed=proposed),
        dry_run=dry_run,
    )


@twin_of("warnings")
def warnings(path) -> list[dict]:
    """Twin of ``archon warnings FILE`` (``archon warn FILE --list``): the
    judges' warnings recorded in the workbook, in the order given, as
    :func:`archon.eventday.judging.warning_rows` gives them (player number, name,
    round, reason)."""
    return judging.warning_rows(read_event(path).event)


@twin_of("result")
def result(
    path,
    vps: Sequence,
    *,
    round: Optional[int] = None,
    table: Optional[int] = None,
    final: bool = False,
    override: Optional[str] = None,
    replace: bool = False,
    dry_run: bool = False,
) -> EventDayReport:
    """Twin of ``archon result FILE --round N --table T VP...`` and
    ``archon result FILE --final VP...``: record a table's VPs in seat order.

    ``vps`` may be numbers or text (``"2,5"``, ``"1/2"``). An impossible
    result is refused with the reason unless ``override`` gives a judge's
    reason (recorded on the Override sheet). A table that already has a
    complete, different result is refused (showing it) unless ``replace``.
    Refusals raise :class:`archon.eventday.EventDayError` (exit status 1);
    no such round or table, or VPs that cannot be VPs,
    :class:`archon.eventday.WrongInput` (2). See :func:`archon.eventday.record_result`.
    """
    if final and (round is not None or table is not None):
        raise InputError(say("api.final_alone", final=option("final"), round=option("round"), table=option("table")))
    if not final and (round is None or table is None):
        raise InputError(say("api.which_table", round=option("round"), table=option("table"), final=option("final")))
    values = [v if isinstance(v, (int, float)) and not isinstance(v, bool) else None for v in vps]
    if any(v is None for v in values):
        values = parse_vps([str(v) for v in vps])
    key = FINAL if final else round
    return event_day(
        path,
        lambda ev, proposed, locate: eventday.record_result(
            ev, key, 1 if final else int(table), values, override=override, replace=replace, locate=locate),
        dry_run=dry_run,
    )


@twin_of("toss")
def toss(path, *, seed: Optional[int] = None, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon toss FILE [--seed S]``: a fair draw for every tie that
    decides the final cut or the seeds, written as coin rankings (Methuselahs
    column M, 1 = won the toss). Without ``seed`` a fresh one is drawn
    (:func:`archon.seating.seeds.new_seed`); the report's ``seed`` (and
    first line) gives it, so the draw can be checked and repeated. See
    :func:`archon.eventday.toss`.
    """
    if seed is None:
        seed = new_seed()
    return event_day(path, lambda ev, proposed, locate: eventday.toss(ev, int(seed)), dry_run=dry_run)


@twin_of("finals")
def finals(path):
    """Twin of ``archon finals FILE``: the :class:`archon.eventday.FinalsView`
    (finalists and seeds, the order they choose their seats, ties, the final table)."""
    return eventday.finals_view(read_event(path).event)


def seat_final(path, seating: Sequence[int], *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon finals FILE --seating 17,4,9,1,12``: the final table,
    player numbers in seat order (seat 1 plays first). See :func:`archon.eventday.seat_final`."""
    numbers = [int(n) for n in seating]
    return event_day(path, lambda ev, proposed, locate: eventday.seat_final(ev, numbers, locate=locate),
                     dry_run=dry_run)


def close_without_final(path, *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon finals FILE --none``: the event closes without a final
    (rules 3.1.6), recorded in the workbook's custom document property
    ``archon:final``. See :func:`archon.eventday.close_without_final`."""
    return event_day(path, lambda ev, proposed, locate: eventday.close_without_final(ev), dry_run=dry_run)
