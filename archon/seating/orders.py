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
table in its best order for that ``c`` (the fewest new violations first,
then the least sum of squares around ``c``, then R9), and again from the
new mean while the whole plan's score improves (at most ``passes`` times;
a pass with the same centre would choose the same orders). When every player of the
round has played as many rounds (no late arrival), the total of the
transfers per round played is the same whatever the orders, the mean is
fixed and the first pass is exact.
"""

from __future__ import annotations

import itertools
import math
import operator
from typing import Optional, Sequence

from archon.seating.criteria import ADJACENT, RELATIONS, TRANSFERS, r9_group, score_plan

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
                    group = r9_group(name)
                    self.groups[(p, q, group)] = self.groups.get((p, q, group), 0) + 1


class _Orders:
    """Every seat order of a table of ``z``, in the order :func:`best_orders`
    tries them (the first of equally good orders is kept): for every order
    of the players after the first, each rotation. ``seats[k][x]`` is the
    seat (0-based) of the table's x-th player in order k; ``picks[k]``
    takes, from a flat list of z values per player (one per seat), order
    k's value of each player; ``gaps[(x, y)][k]`` how many seats after
    player x player y sits in order k."""

    def __init__(self, z: int):
        patterns: list[tuple[int, ...]] = []
        for tail in itertools.permutations(range(1, z)):
            ring = [0, *tail]
            patterns.extend(tuple(ring[start:] + ring[:start]) for start in range(z))
        self.patterns = patterns
        self.seats = [tuple(pattern.index(x) for x in range(z)) for pattern in patterns]
        self.picks = [operator.itemgetter(*[x * z + seat[x] for x in range(z)]) for seat in self.seats]
        self.gaps = {(x, y): [(seat[y] - seat[x]) % z for seat in self.seats]
                     for x in range(z) for y in range(x + 1, z)}


_ORDERS = {z: _Orders(z) for z in RELATIONS}


class _Table:
    """What each seat order of one table adds to R1, R5, R6, R7 and R9 in
    the last round, and each player's transfers per round played (times
    ``unit``) in each seat."""

    def __init__(self, table: Sequence[int], seen: _History, unit: int):
        z = len(table)
        self.table, self.orders = list(table), _ORDERS[z]
        seat7 = [int(seen.seats.get((p, i + 1), 0) == 1) for p in table for i in range(z)]
        seat5 = [seat7[x * z + i] if i == 4 else 0 for x in range(z) for i in range(z)]
        self.values = [_value(p, i, seen, unit) for p in table for i in range(z)]
        by_order = [[0, sum(pick(seat5)), 0, sum(pick(seat7)), 0] for pick in self.orders.picks]
        for (x, y), gaps in self.orders.gaps.items():
            added = _pair_costs(table[x], table[y], z, seen)
            if added is None:
                continue
            for k, gap in enumerate(gaps):
                r1, r6, r9 = added[gap]
                order = by_order[k]
                order[0] += r1
                order[2] += r6
                order[4] += r9
        #: (R1, R5, R6, R7) of each order, and its R9
        self.violations = [tuple(o[:4]) for o in by_order]
        self.r9 = [o[4] for o in by_order]

    def best(self, total: int, count: int) -> list[int]:
        """The best order for a centre of R8 at total / count: the fewest
        violations (R1, R5, R6, R7), then the least R8 (squares times
        count²), then R9, then the first tried."""
        least = min(self.violations)
        squares = [(v * count - total) ** 2 for v in self.values]
        picks = self.orders.picks
        k = min((k for k, v in enumerate(self.violations) if v == least),
                key=lambda k: (sum(picks[k](squares)), self.r9[k]))
        return [self.table[x] for x in self.orders.patterns[k]]


def _pair_costs(a: int, b: int, z: int, seen: _History) -> Optional[list[tuple[int, int, int]]]:
    """What players ``a`` and ``b`` add to (R1, R6, R9) when b sits d seats
    after a, by d (0 unused); None when nothing in any order."""
    names = RELATIONS[z]
    p, q = (a, b) if a < b else (b, a)
    out = [(0, 0, 0)]
    for d in range(1, z):
        name = names[d if a < b else (z - d) % z]  # the relation of q to p
        r6 = int(seen.relations.get((p, q, name), 0) == 1)
        group = r9_group(name)
        out.append((r6 if name in ADJACENT else 0, r6, int(seen.groups.get((p, q, group), 0) == 1)))
    return out if any(any(c) for c in out) else None


def _relations(table: Sequence[int]):
    """((p, q), relation of q to p) for every pair p < q of a table in seat order."""
    names = RELATIONS[len(table)]
    for i, p in enumerate(table):
        for k in range(1, len(table)):
            q = table[(i + k) % len(table)]
            if p < q:
                yield (p, q), names[k]


def _value(p: int, seat: int, seen: _History, unit: int) -> int:
    """Player p's transfers per round played after sitting in ``seat``
    (0-based) last, times ``unit`` (a multiple of every player's rounds)."""
    return (seen.transfers.get(p, 0) + TRANSFERS[seat]) * (unit // (seen.played.get(p, 0) + 1))


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
    options = [_Table(t, seen, unit) for t in tables]
    others = [seen.transfers[p] * (unit // seen.played[p]) for p in seen.played if p not in seated]
    best = [list(t) for t in tables]
    best_score = score_plan([*fixed, best])
    current, centre = best, None
    for _ in range(passes):
        values = others + [_value(p, i, seen, unit) for t in current for i, p in enumerate(t)]
        total, count = sum(values), len(values)  # the centre is total / count: squares times count²
        if (total, count) == centre:  # the same centre chooses the same orders again
            break
        centre = total, count
        chosen = [table.best(total, count) for table in options]
        score = score_plan([*fixed, chosen])
        if not score < best_score:
            break
        best, best_score, current = chosen, score, chosen
    return best

