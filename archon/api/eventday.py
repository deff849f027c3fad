"""Twins of the event-day commands: register, unregister, drop, warn,
result, toss, finals.

The rules live in :mod:`archon.eventday` (pure functions over the event);
these twins read the workbook, call them, and write the new event back
(:func:`archon.api.changes.event_day`), within one hold of the workbook.
"""

from __future__ import annotations

from typing import Optional, Sequence

from archon import eventday
from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.api.scoring import parse_vps
from archon.eventday import judging
from archon.api.players_input import players_source, read_players
from archon.formats.players_csv import PlayersCSVError, split_lines, split_name, split_said
from archon.formats.workbook import read_event
from archon.rules.model import FINAL
from archon.seating.seeds import new_seed
from archon.words.message import message_of, option, say

__all__ = ["EventDayReport", "register", "unregister", "drop", "warn", "sanction", "warnings", "result", "toss",
           "finals", "seat_final", "close_without_final"]


def _players_of(players) -> list:
    try:
        return read_players(players)
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
    ``archon register FILE --from players.csv`` (``players``: a path, or an
    open file read to its end: ``--from -`` is standard input).

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
        source = players_source(players)

        def change(ev, proposed, locate):
            done = eventday.register_many(ev, rows, source=source, proposed=proposed, locate=locate)
            done.lines[len(rows):len(rows)] = split_lines(rows, source)
            return done
    else:
        typed = eventday.typed_text(name, say("field.player_name"), name=True)
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


@twin_of("sanction")
def sanction(path, player, reason: str, *, level=None, category=None, round=None, table=None, judge=None,
             dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon sanction FILE PLAYER "reason" [--level L] [--category C]
    [--round N] [--table T] [--judge NAME]``: record a sanction on the Judges'
    Guide's levels (:func:`archon.eventday.judging.sanction`; the levels,
    infractions and baselines: :mod:`archon.rules.sanctions`), kept with the
    warnings. ``level``: ``"caution"``, ``"warning"``,
    ``"standings_adjustment"`` (``"sa"``), ``"disqualification"`` (``"dq"``) or
    None for the guide's suggestion for ``category``.
    """
    return event_day(
        path, lambda ev, proposed, locate: judging.sanction(ev, player, reason, level=level, category=category,
                                                              round=round, table=table, judge=judge,
                                                              locate=locate, proposed=proposed),
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
    values: Sequence[Optional[float]] = [v if isinstance(v, (int, float)) and not isinstance(v, bool) else None for v in vps]
    if any(v is None for v in values):
        values = parse_vps([str(v) for v in vps])
    key = FINAL if final else round
    assert key is not None  # a round unless final (checked above)
    return event_day(
        path,
        lambda ev, proposed, locate: eventday.record_result(
            ev, key, 1 if final else int(table), values, override=override, replace=replace, locate=locate),  # type: ignore[arg-type]  # a table unless final (checked above)
        dry_run=dry_run,
    )


@twin_of("toss")
def toss(path, *, seed: Optional[int] = None, order: Optional[Sequence] = None,
         dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon toss FILE [--seed S]``: a fair draw for every tie that
    decides the final cut or the seeds, written as coin rankings (Methuselahs
    column M, 1 = won the toss). Without ``seed`` a fresh one is drawn
    (:func:`archon.seating.seeds.new_seed`); the report's ``seed`` (and
    first line) gives it, so the draw can be checked and repeated. See
    :func:`archon.eventday.toss`.

    ``order``: one tie's toss as tossed at the table instead, the tied
    players' numbers in the order the coin ranked them (the first won:
    ``[12, 7]`` or ``"12,7"``, ``#12`` too); it must name exactly the
    players of one tie (:func:`archon.eventday.toss_as_tossed`).
    """
    if order is not None:
        if seed is not None:
            raise InputError(say("api.order_or_seed", order=option("order"), seed=option("seed")))
        numbers = _numbers_of(order)
        return event_day(path, lambda ev, proposed, locate: eventday.toss_as_tossed(ev, numbers),
                         dry_run=dry_run)
    if seed is None:
        seed = new_seed()
    return event_day(path, lambda ev, proposed, locate: eventday.toss(ev, int(seed)), dry_run=dry_run)


def _numbers_of(order) -> list[int]:
    """Player numbers typed in order: ``"12,7"``, ``"#12 #7"``, ``[12, 7]``."""
    items = order.replace(",", " ").split() if isinstance(order, str) else list(order)
    numbers = []
    for item in items:
        text = str(item).strip().lstrip("#")
        if not text.isdecimal():
            raise InputError(say("api.order_not_numbers", typed=str(item)))
        numbers.append(int(text))
    if not numbers:
        raise InputError(say("api.order_not_numbers", typed=str(order)))
    return numbers


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
