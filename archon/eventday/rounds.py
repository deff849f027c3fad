"""Seating a preliminary round with archon's seating engine
(:func:`seat_round`), and the refusals that guard it."""

from __future__ import annotations

import itertools
import math
import random
from typing import Iterable, Optional

from archon import seating
from archon.eventday.change import Change, copied, seat_again, who
from archon.eventday.checkin import settle_absent
from archon.eventday.errors import EventDayError, ForceNeeded, WrongInput
from archon.eventday.refusals import final_guard
from archon.rules.editions import TABLE_SIZES
from archon.rules.model import Event, Round, Table
from archon.rules.standings import compute, planned_rounds, tables_without_result
from archon.words.message import Message, act, message_of, option, say

__all__ = ["seat_round", "check_preliminary_round", "already_seated"]

#: Beyond this many ways to pick who plays a round that cannot seat
#: everyone, the players are taken in their seeded order.
_MOST_CHOICES = 5000


def seat_round(
    event: Event,
    round_number: int,
    *,
    seed: int,
    force: bool = False,
    time_budget: Optional[float] = None,
    progress=None,
    proposed: Iterable[int] = (),
    absent: Optional[str] = None,
) -> Change:
    """Seat preliminary round ``round_number`` with archon's seating engine.

    The rounds before it stay as they were and count in the criteria;
    players flagged out are left out, players registered since are in. The
    remaining rounds of the event are planned together (so a staggered
    event of 6, 7 or 11 players stays fair) and round ``round_number`` of
    that plan is kept. Players are shuffled with ``seed`` first: groups are
    random (rules 3.1.2), not by registration order. From round 2 on, the
    round kept is the best of the joint plan's, the round seated on its own
    and the round planned when the round before was seated, judged over the
    whole event (:func:`archon.seating.bend.seat_next`); a round chosen for
    the sake of the rounds after it says so. The same event and seed give
    the same seating. When the players left cannot all end with the
    same number of games (a drop leaving 6, 7 or 11 players mid-event), the
    round seats as many as tables of 4 and 5 hold and the players who have
    played most sit out.

    Refused: a round outside the event's format, an earlier round not seated
    yet, a later round with results, and unless ``force`` a round that
    already has results or a later round seated (``force`` clears a later
    round's seating, which has no result). ``proposed``: rounds only shown
    by The Archon's chart formulas (no seat typed): they do not count as
    seated.

    Round 1 once check-in has begun (:mod:`archon.eventday.checkin`) seats
    the checked-in players only: the absent ones are refused by name unless
    ``absent`` says what becomes of them, in the same change: ``"drop"``
    (no-shows) or ``"unregister"`` (:func:`archon.eventday.checkin.settle_absent`).
    """
    proposed = set(proposed)
    absent_lines: list = []
    if round_number == 1 and not any(r.number == 1 and r.has_results() for r in event.rounds):
        event, absent_lines = settle_absent(event, absent, proposed=proposed)
    seated = _seated_rounds_before(event, round_number, proposed, force)
    present = [p.number for p in sorted(event.players, key=lambda p: p.number) if not p.is_out]
    if not event.players:
        raise EventDayError(say("seat.no_player", round=round_number))
    if len(present) < min(TABLE_SIZES):
        raise EventDayError(say("seat.too_few", playing=len(present), smallest=min(TABLE_SIZES)))
    random.Random(f"archon-seat:{seed}:{round_number}").shuffle(present)
    fixed = [[list(t.players) for t in seated[k].tables] for k in range(1, round_number)]
    rounds = planned_rounds(event)  # the declared rounds stay as declared (Tournament Info)
    tables, note = _plan_the_round(round_number, rounds, present, fixed, seed=seed,
                                     time_budget=time_budget, progress=progress)
    ev = copied(event)
    # Later rounds (The Archon's chart, made for the chart's own earlier
    # rounds, or with force a seating not played yet) no longer fit: cleared.
    cleared = sorted(k for k in seated if k > round_number)
    ev.rounds = [r for r in ev.rounds if r.number < round_number]
    ev.rounds.append(Round(round_number, tables))
    ev.rounds.extend(Round(k, []) for k in cleared)
    # a judge's overrides of the old seating no longer apply
    ev.overrides = [o for o in ev.overrides if str(o.round) not in {str(k) for k in [round_number, *cleared]}]
    replaced = round_number in seated and round_number not in proposed
    out = sorted(set(present) - {p for t in tables for p in t.players})
    lines = [*absent_lines, _seated_line(round_number, tables, len(present) - len(out), seed)]
    lines += _replaced_lines(event, round_number, replaced, cleared, proposed)
    if replaced:
        lines.append(_tables_changed(event.round(round_number), tables))
    if out:
        lines.append(say("seat.sitting_out", players=[who(event, n) for n in out]))
    if note:  # players who cannot all end with as many games, or a round chosen for the later ones
        lines.append(note)
    lines += _staggered_lines(event, ev, round_number, len(present))
    lines += _results_missing_before(event, round_number)
    return Change(event=ev, lines=lines, seed=seed)


def _seated_line(round_number: int, tables: list[Table], players: int, seed: int) -> Message:
    """"round 1 seated: 20 players at 4 tables (4 of 5), seed 7"."""
    sizes = [say("seat.tables_of", count=sum(1 for t in tables if t.size == size), size=size)
             for size in sorted(TABLE_SIZES, reverse=True) if any(t.size == size for t in tables)]
    return say("seat.seated", round=round_number, players=players, tables=len(tables), sizes=sizes, seed=seed)


def _tables_changed(had: Optional[Round], tables: list[Table]) -> Message:
    """Which tables of a round seated again differ from the seating they
    replace (other players, or the same in other seats), by table number."""
    before = [list(t.players) for t in had.tables] if had is not None else []
    changed = [n for n, t in enumerate(tables, start=1) if n > len(before) or before[n - 1] != list(t.players)]
    if not changed and len(before) == len(tables):
        return say("seat.tables_same")
    return say("seat.tables_changed", changed=len(changed), total=len(tables), tables=changed)


def _replaced_lines(event: Event, round_number: int, replaced: bool, cleared: list[int],
                    proposed: set[int]) -> list[Message]:
    """The seating replaced (its results cleared) and the later rounds
    cleared (those only The Archon's chart seated are in ``proposed``)."""
    lines = []
    if replaced:
        had = event.round(round_number)
        if had is not None and had.has_results():
            lines.append(say("seat.replaced_results_cleared", round=round_number, undo=act("undo")))
        else:
            lines.append(say("seat.replaced", round=round_number))
    typed = [k for k in cleared if k not in proposed]
    chart = [k for k in cleared if k in proposed]
    if typed:
        lines.append(say("seat.later_cleared", rounds=typed, again=seat_again(typed)))
    if chart:
        lines.append(say("seat.chart_cleared", rounds=chart))
    return lines


def _staggered_lines(event: Event, ev: Event, round_number: int, present: int) -> list[Message]:
    """Round 1 of a staggered event (6, 7 or 11 players): more rounds, some sit out each."""
    rounds = planned_rounds(ev)
    if round_number != 1 or rounds == event.preliminary_rounds:
        return []
    return [say("seat.staggered", players=present, format=event.format, rounds=rounds,
                each=event.preliminary_rounds)]


def _results_missing_before(event: Event, round_number: int) -> list[Message]:
    """A warning for each round before ``round_number`` with a table that has
    no result: seating goes ahead, but the result must not be forgotten."""
    lines = []
    for k, tables in sorted(tables_without_result(compute(event)).items()):
        if k >= round_number or not tables:
            continue
        record = act("result", round=k, table=tables[0], vps=["VP", "VP", "..."])
        whole = len(tables) == len(event.round(k).tables)
        lines.append(say("seat.round_without_result" if whole else "seat.tables_without_result",
                         round=k, tables=list(tables), record=record))
    return lines


def check_preliminary_round(event: Event, round_number: int) -> None:
    """Refuse (:class:`WrongInput`) a round number outside the event's preliminary rounds."""
    rounds = planned_rounds(event)
    if not 1 <= round_number <= rounds:
        raise WrongInput(say("seat.no_such_round", round=round_number, format=event.format, rounds=rounds))


def _seated_rounds_before(event: Event, round_number: int, proposed: set[int], force: bool) -> dict[int, Round]:
    """The rounds seated (by number), once the round may be seated: refused
    outside the format, before an earlier round is seated, once a later one
    has results, and unless ``force`` over results or a later round seated
    (the round's own results are named first: the real reason)."""
    check_preliminary_round(event, round_number)
    seated = {r.number: r for r in event.rounds if r.tables}
    for k in range(1, round_number):
        if k not in seated:
            raise EventDayError(say("seat.earlier_not_seated", earlier=k, seat=act("seat", round=k)))
        if k in proposed:
            raise EventDayError(say("seat.earlier_chart_only", earlier=k, seat=act("seat", round=k)))
    later = sorted(k for k in seated if k > round_number and k not in proposed)
    played_later = [k for k in later if seated[k].has_results()]
    if played_later:
        raise EventDayError(say("seat.later_played", round=round_number, later=played_later))
    if event.has_final and event.final.seated:  # only then can it change who reaches it: copy the event
        final_guard(event, _results_cleared(event, round_number), say("guard.seating_again", round=round_number))
    if not force:
        _refuse_unforced(round_number, seated.get(round_number), later, proposed)
    return seated


def _refuse_unforced(round_number: int, current: Optional[Round], later: list[int], proposed: set[int]) -> None:
    """Without ``force``, a round with results, a later round seated, or the
    round itself seated are refused (:class:`ForceNeeded`), the first first."""
    again = act("seat", round=round_number, force=True)
    if current is not None and current.has_results():
        raise ForceNeeded(say("seat.has_results_and_later" if later else "seat.has_results", round=round_number,
                              later=later, force=option("force"), again=again))
    if later:
        raise ForceNeeded(say("seat.later_seated", round=round_number, later=later, force=option("force"),
                              again=again, seat_later=seat_again(later)))
    if current is not None and round_number not in proposed:
        raise ForceNeeded(already_seated(round_number))


def already_seated(round_number: int) -> Message:
    """Why seating a round seated without results (again, or to reprint its
    list) draws no new seating, and what to do: show it, or seat it again
    with ``force`` (id ``seat.already_seated``)."""
    return say("seat.already_seated", round=round_number, show=act("seat", round=round_number, show=True),
               again=act("seat", round=round_number, force=True), print=option("print"), force=option("force"))


def _results_cleared(event: Event, round_number: int) -> Event:
    """``event`` as seating round ``round_number`` again leaves it, as far as
    the standings go: that round and the later ones without results."""
    ev = copied(event)
    ev.rounds = [r if r.number < round_number else Round(r.number, [Table(list(t.players)) for t in r.tables])
                 for r in ev.rounds]
    ev.overrides = [o for o in ev.overrides if not (str(o.round).isdigit() and int(o.round) >= round_number)]
    return ev


def _plan_the_round(round_number: int, rounds: int, present: list[int], fixed: list, *,
                    seed: int, time_budget: Optional[float], progress) -> tuple[list[Table], Optional[Message]]:
    """The round's tables (:func:`archon.seating.bend.seat_next`: the best
    of the joint plan's, the round on its own and the round already planned,
    judged over the whole event), and a message when the players left cannot
    all end with the same number of games, or when the round was chosen for
    the sake of the rounds after it (None else)."""
    try:
        seating.check_plan(fixed)
    except seating.SeatingError as exc:
        raise EventDayError(say("seat.check_failed", round=round_number, problem=message_of(exc),
                                check=act("check"))) from None
    try:
        chosen = seating.seat_next(present, rounds, seed, fixed, time_budget=time_budget, progress=progress)
        return [Table(list(t)) for t in chosen.tables], _for_later(round_number, rounds, chosen)
    except seating.SeatingError as exc:
        if not fixed:
            raise EventDayError(say("seat.cannot", round=round_number, problem=message_of(exc))) from None
        failed = exc
    # Players left (a drop, a late arrival) such that nobody can make
    # everyone end with the same number of games: this round seats as
    # many as tables of 4 and 5 can, those who have played most sit out.
    try:
        tables = seating.next_round(_fewest_games_play(present, fixed), round_number, seed=seed, fixed_rounds=fixed,
                                    sit_out=False, time_budget=time_budget, progress=progress)
    except seating.SeatingError:
        raise EventDayError(say("seat.cannot", round=round_number, problem=message_of(failed))) from None
    return [Table(list(t)) for t in tables], say("seat.uneven", players=len(present), round=round_number)


def _for_later(round_number: int, rounds: int, chosen: "seating.NextRound") -> Optional[Message]:
    """Why the round is worse, on the rounds up to it, than the round seated
    on its own would be (it was chosen for the rounds after it), with both
    figures: this round's and the whole event's; None when it is not."""
    if not chosen.for_later:
        return None
    rule, event_rule = chosen.now.first_difference(chosen.alone), chosen.score.first_difference(chosen.alone_whole)
    if rule is None or event_rule is None:
        return None
    return say("seat.for_later_rounds", round=round_number, rounds=rounds, rule=rule,
               now=_figure(chosen.now, rule), alone=_figure(chosen.alone, rule), event_rule=event_rule,
               event=_figure(chosen.score, event_rule), event_alone=_figure(chosen.alone_whole, event_rule))


def _figure(score, rule: str) -> str:
    """A criterion's figure as printed: a count, or a deviation to 4 decimals."""
    value = getattr(score, rule)
    return f"{value:.4f}" if isinstance(value, float) else str(value)


def _fewest_games_play(present: list[int], fixed: list[list[list[int]]]) -> list[int]:
    """Who plays a round that cannot seat everyone: as many players as tables
    of 4 and 5 hold, those with the fewest games first; among players with
    as many games, those who have not shared tables (every round first,
    then any) so the round repeats as few pairs as it can. ``present`` is in
    a seeded random order, which breaks the remaining ties."""
    games = {n: sum(n in t for rnd in fixed for t in rnd) for n in present}
    seats = max(k for k in range(len(present) + 1) if seating.can_seat(k))
    order = sorted(present, key=lambda n: games[n])  # stable: keeps the seeded order among equals
    last = games[order[seats - 1]]
    surely = [n for n in order if games[n] < last]
    boundary = [n for n in order if games[n] == last]
    need = seats - len(surely)
    if math.comb(len(boundary), need) > _MOST_CHOICES:
        return surely + boundary[:need]
    met: dict[frozenset, int] = {}
    for rnd in fixed:
        for t in rnd:
            for pair in itertools.combinations(t, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1

    def repeats(group) -> tuple[int, int]:
        counts = [met.get(frozenset(pair), 0) for pair in itertools.combinations(group, 2)]
        return sum(1 for c in counts if c >= len(fixed)), sum(counts)

    best = min(itertools.combinations(boundary, need), key=lambda c: repeats(surely + list(c)))
    return surely + list(best)
