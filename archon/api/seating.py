"""Twins of ``archon seat`` (a preliminary round, written to the workbook)
and ``archon plan`` (a seating plan for N players, nothing written)."""

from __future__ import annotations

from typing import Optional

from archon import eventday, seating
from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError, worded
from archon.eventday.seat_edits import SeatEdit, move_player, swap_seats
from archon.formats.layout import ROUND_SHEETS
from archon.formats.plan_cache import plans_kept
from archon.formats.workbook import read_event
from archon.seating.seeds import new_seed
from archon.words.message import act, option, say
from archon.words.wording import figure

__all__ = ["seat", "RoundSeating", "plan", "PlanResult", "check_time_budget", "PLAN_ROUNDS", "MAX_PLAN_PLAYERS"]


def check_time_budget(time_budget: Optional[float]) -> None:
    """InputError unless ``time_budget`` is None or a number of seconds above 0
    (``plan`` and ``seat`` take it)."""
    if time_budget is None:
        return
    if not isinstance(time_budget, (int, float)) or isinstance(time_budget, bool) or not (
        0 < time_budget < float("inf")
    ):
        raise InputError(say("api.bad_time_budget", value=time_budget))


@twin_of("seat")
def seat(
    path,
    round: int,
    *,
    seed: Optional[int] = None,
    force: bool = False,
    dry_run: bool = False,
    time_budget: Optional[float] = None,
    progress=None,
    print_to=None,
    show: bool = False,
    lang: str = "en",
    swap=None,
    move=None,
    absent: Optional[str] = None,
) -> EventDayReport:
    """Twin of ``archon seat FILE --round N [--print OUT.xlsx] [--show] [--swap A B | --move A --table T]``:
    seat a preliminary round, or edit its seats.

    Rounds already played stay as they were and count in the seating
    criteria, players flagged out are left out, players registered since are
    in (see :func:`archon.eventday.seat_round`). The seating is written as
    typed player numbers over The Archon's chart formulas. Without ``seed`` a
    fresh one is drawn (:func:`archon.seating.seeds.new_seed`); it is in the
    report (``.seed``) so the seating can be reproduced. A round that
    already has results, or one before later rounds seated but not played,
    is refused unless ``force`` (which clears them); one before a later
    round played is refused. A round seated without results is not seated
    again unless ``force`` (:class:`archon.eventday.ForceNeeded`, saying how
    to see it).

    ``show``: seat nothing; the report's ``.seating`` is the round as seated
    (and ``print_to`` writes its seat list again). A round not seated is
    refused (:class:`archon.eventday.EventDayError`).

    ``print_to``: also write the round's seat list, to print and post
    (:func:`archon.reports.write_posting_sheet`; not on a dry run; it replaces
    a seat list archon printed before under that name, never another file);
    its path is the report's ``.printed``. It is checked before anything is seated:
    :class:`archon.reports.ReportError` when it cannot be written. ``lang``:
    the seat list's language (``--lang``).

    The report's ``.seating`` is the round's :class:`RoundSeating`: its
    tables, the score of the rounds seated so far on the nine criteria and,
    per criterion, the lower bound no seating can beat, given the rounds
    already played ("optimal" or the gap); ``.seating.as_dict()`` is what
    ``archon seat --json`` prints.

    ``swap=(A, B)``: seat nothing new; players A and B (a number, a VEKN
    number, a part of a name) swap their seats in the round.
    ``move=(A, T)``: player A moves to table T of the round, in its last
    seat (tables stay of 4 or 5 players). Only at tables without results
    (:func:`archon.eventday.seat_edits.swap_seats`,
    :func:`~archon.eventday.seat_edits.move_player`); ``.seating.edit`` is
    the :class:`archon.eventday.seat_edits.SeatEdit`: the score before and
    after, and its change per criterion (a ``dry_run`` shows them and
    writes nothing). Neither goes with ``seed``, ``force``, ``show``,
    ``time_budget`` or the other (:class:`InputError`).

    Plans searched after rounds played are kept in the user's cache folder
    (:mod:`archon.formats.plan_cache`): seating the next round finds again
    those it is judged by instead of searching them (the same plans: the
    cache changes the time, never the seating).

    ``absent``: round 1 once check-in has begun seats the checked-in players
    only and refuses to go on while some are not checked in, naming them,
    unless ``absent`` is ``"drop"`` (dropped as no-shows) or
    ``"unregister"``, done in the same write (:func:`archon.eventday.checkin.settle_absent`).
    """
    if swap is not None or move is not None:
        _check_edit_alone(swap, move, seed=seed, force=force, show=show, time_budget=time_budget)
        return _edit_seating(path, int(round), swap, move, dry_run=dry_run, print_to=print_to, lang=lang)
    check_time_budget(time_budget)
    if print_to is not None:
        from archon.api.seat_lists import check_seat_list  # the reports (xlsxwriter) for a seat list only

        check_seat_list(print_to, lang)  # before anything is seated
    if show:
        if seed is not None or force or dry_run or time_budget is not None:
            raise InputError(say("api.show_alone", show=option("show"), others=[
                option("seed"), option("force"), option("dry_run"), option("time_budget")]))
        return _show_seating(path, int(round), print_to, lang)
    if seed is None:
        seed = new_seed()
    with plans_kept():  # the plans seating the round before searched, found again
        rep = event_day(
            path,
            lambda ev, proposed, locate: eventday.seat_round(
                ev, int(round), seed=seed, force=force, time_budget=time_budget,
                progress=progress, proposed=proposed, absent=absent),
            dry_run=dry_run,
            typed_rounds={r for r in ROUND_SHEETS if r >= int(round)},  # this round and the later ones
        )
    if print_to is not None and not dry_run:
        from archon.api.seat_lists import print_seat_list

        rep.printed = print_seat_list(rep.event, int(round), print_to, lang)
    rep.seating = RoundSeating.of(rep.event, int(round), rep.seed)
    return rep


def _check_edit_alone(swap, move, **others) -> None:
    """InputError when a swap or a move comes with the other, or with an
    option of a new seating (``seed``, ``force``, ``show``, ``time_budget``)."""
    edit = "swap" if swap is not None else "move"
    given = [option(name) for name, value in others.items() if value not in (None, False)]
    if swap is not None and move is not None:
        given.insert(0, option("move"))
    if given:
        raise InputError(say("api.edit_alone", edit=option(edit), others=given))
    pair = swap if swap is not None else move
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        raise InputError(say("api.edit_pair", edit=option(edit)))


def _edit_seating(path, round: int, swap, move, *, dry_run: bool, print_to, lang: str) -> EventDayReport:
    """``seat(..., swap=(A, B))`` or ``seat(..., move=(A, T))``: the round's
    seats edited, written as ``seat`` writes a seating (lock, backup, journal)."""
    if print_to is not None:
        from archon.api.seat_lists import check_seat_list  # the reports (xlsxwriter) for a seat list only

        check_seat_list(print_to, lang)
    done: list[SeatEdit] = []

    def change_of(ev, proposed, locate):
        if swap is not None:
            change = swap_seats(ev, round, swap[0], swap[1], locate, proposed)
        else:
            change = move_player(ev, round, move[0], _table_number(move[1]), locate, proposed)
        if change.edit is not None:
            done.append(change.edit)
        return change

    rep = event_day(path, change_of, dry_run=dry_run, typed_rounds={round})
    if print_to is not None and not dry_run:
        from archon.api.seat_lists import print_seat_list

        rep.printed = print_seat_list(rep.event, round, print_to, lang)
    rep.seating = RoundSeating.of(rep.event, round)
    rep.seating.edit = done[0]
    return rep


def _table_number(typed):
    """A table typed as a whole number (``"3"``) as that number; anything else
    as typed, which the move refuses naming the round's tables."""
    text = str(typed).strip()
    return int(text) if text.isdigit() else typed


def _show_seating(path, round: int, print_to, lang: str = "en") -> EventDayReport:
    """``seat(..., show=True)``: the round as seated, nothing written but
    the seat list asked for."""
    read = read_event(path)
    ev = read.event
    eventday.check_preliminary_round(ev, round)
    tables = [t for r in ev.rounds if r.number == round for t in r.tables]
    if not tables:
        raise worded(eventday.EventDayError, say("api.round_not_seated", file=read.path.name, round=round,
                                                 seat=act("seat", round=round)))
    players = sum(len(t.players) for t in tables)
    lines = [say("api.round_as_seated", round=round, players=players, tables=len(tables))]
    if round in read.chart_rounds:
        lines.append(say("api.round_chart_only", round=round, seat=act("seat", round=round)))
    rep = EventDayReport(read.path, lines, changed=False, dry_run=False, event=ev)
    if print_to is not None:
        from archon.api.seat_lists import print_seat_list  # the reports (xlsxwriter) for a seat list only

        rep.printed = print_seat_list(ev, round, print_to, lang)
    rep.seating = RoundSeating.of(ev, round)
    return rep


class RoundSeating:
    """One preliminary round as :func:`seat` seated it (the report's ``.seating``).

    ``round``; ``seed``: the seed that gives this seating again; ``tables``:
    per table, ``(player number, name)`` in seat order (seat 1 plays first);
    ``score``: the :class:`archon.seating.Score` of the rounds seated up to
    this one; ``proof``: per criterion an :class:`archon.seating.bounds.RuleProof`,
    the figure against the lower bound no seating of this round can beat
    with the rounds before it as played.
    """

    def __init__(self, round: int, seed, tables, score, proof):
        #: The :class:`archon.eventday.seat_edits.SeatEdit` of a swap or a move, else None.
        self.edit: Optional[SeatEdit] = None
        self.round = round
        self.seed = seed
        self.tables = tables
        self.score = score
        self.proof = proof

    @classmethod
    def of(cls, event, round: int, seed=None) -> "RoundSeating":
        names = {p.number: p.name for p in event.players}
        rounds = seated_rounds(event, round)
        score = seating.score_plan(rounds)
        tables = [[(p, names.get(p, "")) for p in table] for table in rounds[-1]] if rounds else []
        return cls(round, seed, tables, score, seating.proof(rounds, fixed=len(rounds) - 1, score=score))

    def as_dict(self) -> dict:
        """What ``archon seat --json`` prints: ``{"round": N, "seed": S,
        "tables": [[{"number": 17, "name": "Ada Lovelace"}, ...], ...],
        "score": {"R1": ..., ..., "R9": ...}, "bounds": {"R1": ..., ...},
        "optimal": {"R1": true, ...}, "gaps": {"R1": 0, ...}}``: the tables
        in seat order, the score of the rounds seated so far, and per
        criterion the lower bound, whether it is reached and the gap (the
        keys of ``archon plan --json``, :func:`archon.seating.proof_as_dict`);
        ``"seed"`` is null for a round shown, swapped or moved (nothing
        drawn there); then ``"edit"``: null, or after a swap or a move
        :meth:`archon.eventday.seat_edits.SeatEdit.as_dict` (the score
        before and the change per criterion)."""
        return {
            "round": self.round, "seed": self.seed,
            "tables": [[{"number": p, "name": name} for p, name in table] for table in self.tables],
            "score": self.score.as_dict(), **seating.proof_as_dict(self.proof),
            "edit": self.edit.as_dict() if self.edit is not None else None,
        }

    def score_line(self) -> str:
        """The score as ``archon seat`` prints it under the tables and the
        console shows it: ``score: R1 0  R2 0  R3 0.12 ...``."""
        return "score: " + "  ".join(f"{rule} {figure(value)}" for rule, value in self.score.as_dict().items())


def seated_rounds(event, up_to: Optional[int] = None) -> list:
    """The preliminary rounds seated in ``event`` (up to round ``up_to``) as a plan."""
    return [[list(t.players) for t in r.tables] for r in sorted(event.rounds, key=lambda r: r.number)
            if (up_to is None or r.number <= up_to) and r.tables]


#: Rounds ``archon plan`` plans (rules: 2 or 3 preliminary rounds; up to 5
#: for longer events).
PLAN_ROUNDS = range(1, 6)
#: Most players ``archon plan`` plans for. The largest VTES events have had a
#: few hundred players and The Archon holds 300; 2000 leaves room for any real
#: event while a mistyped N (100000) is refused at once instead of filling
#: the memory (a plan of 2000 players takes seconds).
MAX_PLAN_PLAYERS = 2000


class PlanResult:
    """A seating plan from :func:`plan`.

    ``rounds``: rounds of tables of player numbers in seat order (5-player
    tables first); ``score``: the :class:`archon.seating.Score` of the plan;
    ``seed``: the seed that gives this plan again; ``sitting_out``: per
    round, the players who sit it out (empty lists unless staggered).
    """

    def __init__(self, players: int, rounds, score, seed: int, sitting_out, proof=None):
        self.players = players
        self.rounds = rounds
        self.score = score
        self.seed = seed
        self.sitting_out = sitting_out
        self.proof = proof or {}

    @property
    def staggered(self) -> bool:
        return any(self.sitting_out)

    @property
    def proven(self) -> list[str]:
        """The criteria on which no plan can do better (the plan reaches
        their lower bound, :func:`archon.seating.lower_bounds`)."""
        return [rule for rule, p in self.proof.items() if p.optimal]

    def as_dict(self) -> dict:
        """``{"players": N, "rounds": [...], "score": {"R1": ..., ..., "R9": ...},
        "bounds": {"R1": ..., ...}, "optimal": {"R1": true, ...}, "gaps": {"R1": 0, ...}}``:
        per criterion the plan's figure, the lower bound no plan can beat,
        whether the plan reaches it and the gap to it
        (:func:`archon.seating.proof_as_dict`)."""
        return {"players": self.players, "rounds": self.rounds, "score": self.score.as_dict(),
                **seating.proof_as_dict(self.proof)}


def _check_plan_request(players, rounds: int, effort: Optional[float]) -> None:
    """:class:`InputError` for a plan that cannot be asked for."""
    if isinstance(players, bool) or not isinstance(players, int) or players < seating.MIN_TABLE:
        raise InputError(say("api.plan_too_few", players=players, least=seating.MIN_TABLE))
    if players > MAX_PLAN_PLAYERS:
        raise InputError(say("api.plan_too_many", players=players, most=MAX_PLAN_PLAYERS))
    if rounds not in PLAN_ROUNDS:
        raise InputError(say("api.plan_rounds", rounds=rounds, first=PLAN_ROUNDS.start, last=PLAN_ROUNDS.stop - 1))
    if effort is not None and not 0 < effort <= 100:
        raise InputError(say("api.bad_effort", value=effort, default=seating.DEFAULT_EFFORT))


@twin_of("plan")
def plan(
    players: int,
    rounds: int = 3,
    *,
    seed: Optional[int] = None,
    time_budget: Optional[float] = None,
    sit_out: Optional[bool] = None,
    games: Optional[int] = None,
    progress=None,
    effort: Optional[float] = None,
) -> PlanResult:
    """Twin of ``archon plan N --rounds R [--seed S] [--time-budget T] [--effort E] [--sit-out] [--games G]``.

    A seating plan for players 1..N over R rounds and its score on the nine
    criteria (:func:`archon.seating.plan` and :func:`archon.seating.score_plan`).
    Without ``seed`` a fresh one is drawn (:func:`archon.seating.seeds.new_seed`;
    it is returned in the result).
    6, 7 and 11 players get a staggered plan (everyone plays ``games``
    rounds, by default one less than R; over 2 rounds, 3 rounds of which
    each plays 2, as The Archon's 2R+F chart); ``sit_out=True`` asks for one with
    any N. ``effort`` (default :data:`archon.seating.DEFAULT_EFFORT`)
    scales the search: more finds better plans for unusual requests,
    slowly. The result carries, per criterion, the lower bound no plan can
    beat (``proof``, ``proven``). Raises :class:`InputError` for N < 4 or R outside 1..5, and
    :class:`archon.seating.SeatingError` when the plan cannot be made.
    """
    _check_plan_request(players, rounds, effort)
    check_time_budget(time_budget)
    if seed is None:
        seed = new_seed()
    if sit_out is None and games is None and seating.rounds_to_play(players, rounds) > rounds:
        # 6, 7 or 11 players over 2 rounds: 3 rounds of which each plays 2,
        # as The Archon's 2R+F chart seats them
        rounds, games = seating.rounds_to_play(players, rounds), rounds
    rounds_plan = seating.plan(
        players, rounds, seed=seed, time_budget=time_budget, progress=progress,
        sit_out=sit_out, games=games, effort=seating.DEFAULT_EFFORT if effort is None else effort,
    )
    everyone = set(range(1, players + 1))
    out = [sorted(everyone - {p for t in rnd for p in t}) for rnd in rounds_plan]
    score = seating.score_plan(rounds_plan)
    return PlanResult(players, rounds_plan, score, seed, out, seating.proof(rounds_plan, score=score))
