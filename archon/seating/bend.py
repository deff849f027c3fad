"""The next round to seat when the event bends: :func:`seat_next`.

Seating round k of an event is a choice between a few candidate rounds,
each judged by the best *whole remaining event* found after it (that round
and the rounds after it as planned), rule by rule, and among equally good
ones by how even the event is after round k:

* the round of the *joint plan*: rounds k to the last searched together
  (:func:`.planner.plan`, or the library's plan the event follows), judged
  with the plan's own later rounds and with :func:`later`'s;
* the round *already planned*: the round k of the joint plan made when
  round k - 1 was seated (made again: the same players and rounds played
  give the same plan), when round k - 1 is that plan's;
* the round *on its own*: the best round k found for the rounds played
  alone, as a round-by-round seating would seat it, judged with
  :func:`later`'s rounds;
* at the last round (no rounds after it: a search of one round given the
  rounds played), the joint plan's round with each table in its best seat
  order, exactly (:mod:`.orders`), and for small events the same round
  searched again from a few fresh draws (:data:`RESTARTS`), each in its
  best seat orders: the round-by-round search of that round is one of
  them, so the last round is never worse than it. When its players can
  sit in few enough ways (:mod:`.exact`: up to 10 players), the best of
  them all is a candidate too; when nobody arrived late, that round is
  the best there is, and the only one (the round of the plan kept in
  advance that the event follows, when it is as good: the event keeps
  to its plan). Up to 13 players, nobody late, the ways to split them
  best on R2 to R4 (:mod:`.pairings`) are candidates too, each in its
  best seat orders: the round is then the best there is on R1 to R4
  when one of them has no R1.

After a round played, :func:`.planner.plan` depends on the players and
the rounds played alone (never the organizer's seed, nor the clock). So
every event a candidate was judged by is found again when the next round
is seated: a joint plan as the "round already planned", the rounds of
:func:`later` as the next joint plan, and seating each round on its own or
from a new joint plan as the rounds on their own and the joint plan's
round. With the same players, the event never ends worse than either way
of seating it round by round, nor than the plan it was judged by.

A candidate that reaches the lower bound of every criterion
(:func:`.bounds.lower_bounds`) cannot be beaten: the others are not
judged then.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence

from archon.seating import library
from archon.seating.bounds import lower_bounds
from archon.seating.criteria import RULES, Plan, Score, score_plan
from archon.seating.exact import best_last_round, orders_exact
from archon.seating.orders import best_orders
from archon.seating.pairings import best_pairings
from archon.seating.planner import DEFAULT_EFFORT, next_round, plan, played_seed, searched
from archon.seating.search import Clock
from archon.seating.tables import needs_sit_out, player_list

__all__ = ["NextRound", "later", "seat_next"]

#: The last round of an event of at most :data:`RESTARTS_UP_TO` players is
#: searched again from this many fresh draws (seeded by the rounds played) while no candidate reaches
#: every lower bound (about 0.06 to 0.09 s each at 16 to 25 players; larger
#: events reach their bounds at once, or would not fit in seat's 0.5 s).
RESTARTS = 2
RESTARTS_UP_TO = 40


@dataclass
class NextRound:
    """The round :func:`seat_next` chose, and why.

    ``tables``: the round to seat. ``whole``: the rounds played, this round
    and the rounds after it as planned (what the choice was judged by), and
    ``score`` its score. ``now``: the score of the rounds up to this one.
    ``alone``: the score of the rounds played and the best round found for
    this round on its own; ``alone_whole``: the score of that round
    followed by the rounds after it as planned (when the round kept
    reaches every lower bound and is not worse than that round up to now,
    those rounds are not planned: ``score``, which they cannot beat). ``kept``: which candidate
    won (``"joint"``, ``"alone"``, ``"planned"`` or ``"exact"``: the best
    last round of all, :mod:`.exact`).
    """

    tables: list[list[int]]
    whole: Plan
    score: Score
    now: Score
    alone: Score
    alone_whole: Score
    kept: str

    @property
    def for_later(self) -> bool:
        """Whether this round, judged on the rounds up to it, is worse than
        the round on its own: it was chosen for the rounds after it."""
        return self.now > self.alone


def seat_next(players: "int | Sequence[int]", rounds: int, seed, fixed_rounds: Sequence = (), *,
              time_budget: Optional[float] = None, progress=None, effort: float = DEFAULT_EFFORT) -> NextRound:
    """The round that follows ``fixed_rounds`` in an event of ``rounds``
    rounds, the best of the candidates (see the module). Raises
    :class:`.tables.SeatingError` as :func:`.planner.plan` does.

    Round 1 (players still anonymous) and staggered events (some sit out)
    are seated as :func:`.planner.next_round` seats them.
    """
    present = player_list(players)
    fixed = [[list(t) for t in rnd] for rnd in fixed_rounds]
    k = len(fixed) + 1
    options = {"time_budget": time_budget, "progress": progress, "effort": effort}
    if not fixed or needs_sit_out(len(present)) or k > rounds:
        tables = next_round(present, rounds, seed, fixed, **options)
        score = score_plan(fixed + [tables])
        return NextRound(tables, fixed + [tables], score, score, score, score, "joint")
    if k == rounds and orders_exact(fixed, present):
        exact = best_last_round(fixed, present)
        if exact is not None:  # the best last round of all: nothing to judge against it
            tables, score, _ = exact
            kept = library.lookup(present, rounds, None, fixed, None)
            if kept is not None and score_plan(kept) == score:  # as good: the plan the event follows
                tables = kept[k - 1]
            return NextRound(tables, fixed + [tables], score, score, score, score, "exact")
    judged = _Judged(present, rounds, fixed, effort)
    judged.candidates(seed, options)
    best = judged.best()
    alone = judged.alone
    assert alone is not None
    now = best.now(fixed)
    if now > alone.now(fixed) and alone.score is None:  # the message says both figures
        judged.complete(alone)
    assert best.whole is not None and best.score is not None
    return NextRound(best.tables, best.whole, best.score, now, alone.now(fixed), alone.score or best.score,
                     best.name)


class _Candidate:
    """A round k, and the best whole event found after it (None until its
    later rounds are planned) with its score."""

    def __init__(self, name: str, order: int, tables: list):
        self.name, self.order, self.tables = name, order, tables
        self.whole: Optional[Plan] = None
        self.score: Optional[Score] = None
        self._now: Optional[Score] = None

    def offer(self, whole: Plan) -> None:
        """Keep ``whole`` when it is a better event than the one kept."""
        score = score_plan(whole)
        if self.score is None or score < self.score:
            self.whole, self.score = whole, score

    def now(self, fixed: list) -> Score:
        """The score of the rounds up to this one."""
        if self._now is None:
            self._now = score_plan(fixed + [self.tables])
        return self._now


class _Judged:
    """The candidates for round k, each judged by the whole event it leads
    to (the same round found twice is one candidate, under its first name)."""

    def __init__(self, present: list[int], rounds: int, fixed: list, effort: float):
        self.present, self.rounds, self.fixed, self.effort = present, rounds, fixed, effort
        self.k = len(fixed) + 1
        self.by_shape: dict[tuple, _Candidate] = {}
        self.alone: Optional[_Candidate] = None
        self.floor: Optional[tuple] = None

    def add(self, name: str, tables: list, whole: Optional[Plan] = None) -> _Candidate:
        shape = _shape(tables)
        if shape not in self.by_shape:
            self.by_shape[shape] = _Candidate(name, len(self.by_shape), tables)
        found = self.by_shape[shape]
        if whole is not None:
            found.offer(self.fixed + [list(t) for t in whole[self.k - 1:]])
        return found

    def complete(self, candidate: _Candidate) -> None:
        """Judge ``candidate`` with the rounds after it as :func:`later` plans them."""
        candidate.offer(later(self.present, self.rounds, self.fixed + [candidate.tables], self.effort))

    def reached(self) -> bool:
        """Whether a candidate judged reaches the lower bound of every
        criterion: no other can be better."""
        judged = [c for c in self.by_shape.values() if c.score is not None]
        if not judged:
            return False
        if self.floor is None:
            bounds = lower_bounds(judged[0].whole or [], fixed=self.k - 1)
            self.floor = tuple(bounds.exact(rule) for rule in RULES)
        return min(c.score.key for c in judged if c.score is not None) <= self.floor

    def candidates(self, seed, options: dict) -> None:
        """Judge the joint plan's round (with its own later rounds and with
        :func:`later`'s), the round planned when round k - 1 was seated,
        and the round on its own."""
        k, last = self.k, self.k == self.rounds
        joint = plan(self.present, self.rounds, seed, self.fixed, **options)
        first = self.add("joint", joint[k - 1], joint)
        played = {p for t in self.fixed[-1] for p in t}
        if len(self.fixed) >= 2 and played == set(self.present):  # the joint plan made when round k - 1 was seated
            before = later(self.present, self.rounds, self.fixed[:-1], self.effort)
            if _shape(before[k - 2]) == _shape(self.fixed[-1]):
                self.add("planned", before[k - 1], before)
        if not last and not self.reached():
            self.complete(first)  # as seating each round from a new joint plan would end
        if last:
            self.last_round(first)
        alone = joint if last else plan(self.present, k, seed, self.fixed, effort=self.effort)
        self.alone = self.add("alone", alone[k - 1], alone if last else None)
        if self.alone.score is None and not self.reached():
            self.complete(self.alone)  # as seating each round on its own would end

    def last_round(self, first: _Candidate) -> None:
        """The last round (nothing after it to plan): the joint plan's
        round with every table in its best seat order (:mod:`.orders`),
        then, while no candidate reaches every lower bound, up to
        :data:`RESTARTS` searches of that round from fresh draws (seeded
        by the rounds played: the same event gives the same round), each
        in its best seat orders."""
        assert first.whole is not None
        self._offer_orders(first.tables)
        exact = best_last_round(self.fixed, self.present)
        if exact is not None:  # a late arrival: the best of all ways, each in the best orders found
            self.add("exact", exact[0], self.fixed + [exact[0]])
        pairings = None if self.reached() else best_pairings(self.fixed, self.present)  # None after a late arrival
        for tables in pairings[1] if pairings else ():  # the ways best on R2 to R4, each in its best orders
            self._offer_orders(tables)
        if len(self.present) > RESTARTS_UP_TO:
            return
        seed = played_seed(self.present, self.fixed)
        for attempt in range(RESTARTS):
            if self.reached():
                return
            rng = random.Random(f"archon-seating-last:{seed}:{attempt}")
            found = searched(sorted(self.present), self.rounds, self.fixed, None, rng, self.effort, Clock(None, None))
            self._offer_orders(found[-1])

    def _offer_orders(self, tables: list) -> None:
        ordered = best_orders(self.fixed, tables)
        self.add("joint", ordered, self.fixed + [ordered])

    def best(self) -> _Candidate:
        """The best candidate judged; among equally good ones, the most even
        after round k, then the first found."""
        judged = [c for c in self.by_shape.values() if c.score is not None]
        top = min(c.score.key for c in judged if c.score is not None)
        tied = [c for c in judged if c.score is not None and c.score.key == top]
        return min(tied, key=lambda c: (c.now(self.fixed).key, c.order))


def _shape(tables: list) -> tuple:
    """A round as a value, whatever the order of its tables."""
    return tuple(sorted(tuple(t) for t in tables))


def later(players: Sequence[int], rounds: int, fixed: Sequence, effort: float = DEFAULT_EFFORT) -> Plan:
    """``fixed`` and the rounds after it as planned: :func:`.planner.plan`
    after rounds played depends on the players and those rounds only, so
    the same rounds played and players give the same plan at the next
    round, whatever its seed."""
    return plan(players, rounds, None, fixed, effort=effort)
