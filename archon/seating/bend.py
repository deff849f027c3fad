"""The next round to seat when the event bends: :func:`seat_next`.

Seating round k of an event is a choice between a few candidate rounds,
each judged by the *whole remaining event* it leads to (that round and the
rounds after it as planned), rule by rule, and among equally good ones by
how even the event is after round k:

* the round of the *joint plan*: rounds k to the last searched together
  (:func:`.planner.plan`, or the library's plan the event follows);
* the round *on its own*: the best round k found for the rounds played
  alone, as a round-by-round seating would seat it;
* the round *already planned*: the round k of the plan chosen when round
  k - 1 was seated, when the players are still those.

The rounds after a candidate are planned by :func:`later`, a search whose
seed comes from the rounds played and the players alone (never the
organizer's seed, nor the clock): seating round k + 1 finds the same plan
again, so the round planned then is a candidate then, and the event never
ends worse than the plan it was seated by, nor than seating each round on
its own, as far as those plans go.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from archon.seating import library  # noqa: the module, for library.lookup
from archon.seating.criteria import Plan, Score, score_plan
from archon.seating.planner import DEFAULT_EFFORT, next_round, plan
from archon.seating.tables import needs_sit_out, player_list

__all__ = ["NextRound", "later", "seat_next"]


@dataclass
class NextRound:
    """The round :func:`seat_next` chose, and why.

    ``tables``: the round to seat. ``whole``: the rounds played, this round
    and the rounds after it as planned (what the choice was judged by), and
    ``score`` its score. ``now``: the score of the rounds up to this one.
    ``alone``: the score of the rounds played and the best round found for
    this round on its own; ``alone_whole``: the score of that round
    followed by the rounds after it as planned. ``kept``: which candidate
    won (``"joint"``, ``"alone"`` or ``"planned"``).
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
    judged, alone = _judged(present, rounds, seed, fixed, options)
    best = min(judged, key=lambda c: c.key)
    tied = [c for c in judged if c.key == best.key]
    if len(tied) > 1:  # as good over the event: the most even after this round
        best = min(tied, key=lambda c: (c.now(fixed).key, c.order))
    now = best.now(fixed)
    return NextRound(best.tables, best.whole, best.score, now, alone.now(fixed), alone.score, best.name)


class _Candidate:
    """A round k judged: the whole event it leads to and its score."""

    def __init__(self, name: str, order: int, tables: list, whole: Plan):
        self.name, self.order, self.tables, self.whole = name, order, tables, whole
        self.score = score_plan(whole)
        self.key = self.score.key
        self._now: Optional[Score] = None

    def now(self, fixed: list) -> Score:
        """The score of the rounds up to this one."""
        if self._now is None:
            k = len(fixed) + 1
            self._now = self.score if k == len(self.whole) else score_plan(self.whole[:k])
        return self._now


def _judged(present: list[int], rounds: int, seed, fixed: list, options: dict) -> tuple[list, _Candidate]:
    """The candidates for round k (the same round found twice is judged
    once, under its first name), and the one of the round on its own."""
    k = len(fixed) + 1
    effort = options["effort"]
    joint = plan(present, rounds, seed, fixed, **options)
    alone = joint if k == rounds else plan(present, k, seed, fixed, effort=effort)
    candidates: list[tuple[str, Any, Optional[list]]] = []  # (name, round k, the rounds after it, None for later()'s)
    kept = library.lookup(present, rounds, None, fixed, random.Random(0))  # the library's plan, when followed
    if kept is not None:
        candidates.append(("joint", kept[k - 1], kept[k:]))  # found again at the next round
    candidates += [("joint", joint[k - 1], None), ("alone", alone[k - 1], None)]
    if len(fixed) >= 2:  # round k - 1 was chosen with later(): its plan is found again
        candidates.append(("planned", later(present, rounds, fixed, effort)[k - 1], None))
    judged: dict[tuple, _Candidate] = {}
    for order, (name, tables, after) in enumerate(candidates):
        shape = _shape(tables)
        if shape in judged:
            continue
        if after is None:
            after = later(present, rounds, fixed + [tables], effort)[k:] if k < rounds else []
        judged[shape] = _Candidate(name, order, tables, fixed + [tables] + after)
    return list(judged.values()), judged[_shape(alone[k - 1])]


def _shape(tables: list) -> tuple:
    """A round as a value, whatever the order of its tables."""
    return tuple(sorted(tuple(t) for t in tables))


def later(players: Sequence[int], rounds: int, fixed: Sequence, effort: float = DEFAULT_EFFORT) -> Plan:
    """``fixed`` and the rounds after it as planned: a plan whose seed
    comes from the rounds played and the players only, so that the same
    rounds played and players give the same plan at the next round."""
    present = sorted(players)
    return plan(present, rounds, _content_seed(present, fixed), fixed, effort=effort)


def _content_seed(present: list[int], fixed: Sequence) -> int:
    """A seed drawn from the players and the rounds played alone."""
    text = repr((present, [[list(t) for t in rnd] for rnd in fixed]))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
