"""The best seat order of every table of the last round, exactly.

When only one round is left to seat and its tables are chosen (who sits
with whom: R2, R3 and R4 are then fixed), what is left is each table's seat
order: 120 orders of a 5-player table, 24 of a 4-player one. In the last
round a violation is new only when the same relation, seat or group
happened exactly once before (twice already counted), and every such
violation belongs to one table: R1, R5, R6, R7 and R9 are sums of what each
table adds, so the best sum is each table's best, rule by rule.

R8 (the spread of first-turn transfers per round played) couples the
tables through the mean: its variance is the least, over a centre ``c``, of
the mean of ``(x - c)²``; for a given ``c`` that sum also splits by table.
:func:`best_orders` takes ``c`` as the mean of the plan it has, seats every
table in its best order for that ``c`` (the variance can only fall), and
again from the new mean until nothing changes. When every player of the
round has played as many rounds (no late arrival), the total of the
transfers per round played is the same whatever the orders, the mean is
fixed and the first pass is exact.
"""

from __future__ import annotations

import itertools
import math
from typing import Sequence

from archon.seating.criteria import ADJACENT, RELATIONS, TRANSFERS, score_plan

__all__ = ["best_orders"]


class _History:
    """What the rounds played already used: per player rounds played and
    transfers, per (player, seat), (pair, relation) and (pair, group) how
    many times."""

    def __init__(self, fixed: Sequence):
        self.played: dict[int, int] = {}
        self.transfers: dict[int, int] = {}
        self.seats: dict[tuple, int] = {}
        self.relations: dict[tuple, int] = {}
        self.groups: dict[tuple, int] = {}
        for rnd in fixed:
            for table in rnd:
                for i, p in enumerate(table):
                    self.played[p] = self.played.get(p, 0) + 1
                    self.transfers[p] = self.transfers.get(p, 0) + TRANSFERS[i]
                    self.seats[(p, i + 1)] = self.seats.get((p, i + 1), 0) + 1
                for (p, q), name in _relations(table):
                    self.relations[(p, q, name)] = self.relations.get((p, q, name), 0) + 1
                    group = "adjacent" if name in ADJACENT else "non-adjacent"
                    self.groups[(p, q, group)] = self.groups.get((p, q, group), 0) + 1


def _relations(table: Sequence[int]):
    """((p, q), relation of q to p) for every pair p < q of a table in seat order."""
    names = RELATIONS[len(table)]
    for i, p in enumerate(table):
        for k in range(1, len(table)):
            q = table[(i + k) % len(table)]
            if p < q:
                yield (p, q), names[k]


def _new_violations(order: Sequence[int], seen: _History) -> tuple[int, int, int, int, int]:
    """(R1, R5, R6, R7, R9) added by a table seated in ``order`` in the last round."""
    r1 = r5 = r6 = r7 = r9 = 0
    for i, p in enumerate(order):
        if seen.seats.get((p, i + 1), 0) == 1:
            r7 += 1
            r5 += i == 4
    for (p, q), name in _relations(order):
        if seen.relations.get((p, q, name), 0) == 1:
            r6 += 1
            r1 += name in ADJACENT
        group = "adjacent" if name in ADJACENT else "non-adjacent"
        r9 += seen.groups.get((p, q, group), 0) == 1
    return r1, r5, r6, r7, r9


def _value(p: int, seat: int, seen: _History, unit: int) -> int:
    """Player p's transfers per round played after sitting in ``seat``
    (0-based) last, times ``unit`` (a multiple of every player's rounds)."""
    return (seen.transfers.get(p, 0) + TRANSFERS[seat]) * (unit // (seen.played.get(p, 0) + 1))


def _table_orders(table: Sequence[int], seen: _History, unit: int) -> list[tuple]:
    """Every order of a table with what it adds: ((r1, r5, r6, r7), r9, values, order)."""
    out = []
    first, rest = table[0], list(table[1:])
    for tail in itertools.permutations(rest):
        for start in range(len(table)):  # every rotation: seats matter for R5, R7, R8
            ring = [first, *tail]
            order = ring[start:] + ring[:start]
            r1, r5, r6, r7, r9 = _new_violations(order, seen)
            values = [_value(p, i, seen, unit) for i, p in enumerate(order)]
            out.append(((r1, r5, r6, r7), r9, values, order))
    return out


def best_orders(fixed: Sequence, tables: Sequence[Sequence[int]], passes: int = 4) -> list[list[int]]:
    """The tables of the last round (``fixed`` the rounds before it) each
    in its best seat order (see the module): never worse than ``tables``
    as given, on the whole plan's score."""
    seen = _History(fixed)
    seated = {p for t in tables for p in t}
    unit = 1
    for p in seated | set(seen.played):
        rounds = seen.played.get(p, 0) + (p in seated)
        unit = unit * rounds // math.gcd(unit, rounds)
    options = [_table_orders(t, seen, unit) for t in tables]
    others = [seen.transfers[p] * (unit // seen.played[p]) for p in seen.played if p not in seated]
    best = [list(t) for t in tables]
    best_score = score_plan([*fixed, best])
    current = best
    for _ in range(passes):
        values = others + [_value(p, i, seen, unit) for t in current for i, p in enumerate(t)]
        total, count = sum(values), len(values)  # the centre is total / count: squares times count²
        chosen = [min(opts, key=lambda o: (o[0], sum((v * count - total) ** 2 for v in o[2]), o[1]))[3]
                  for opts in options]
        score = score_plan([*fixed, chosen])
        if not score < best_score:
            break
        best, best_score, current = chosen, score, chosen
    return best

