"""R8's bound among plans where nobody sits in the same seat twice (R7 = 0).

Plans compare rule by rule: a plan that reaches the bounds of R1 to R7 and
seats nobody twice in the same seat can only be beaten by a plan that does
the same, so R8 need only be compared with such plans. There, a player's
first-turn transfers come from distinct seats: with ``g`` games, a set of
``g`` seats. Seats 4 and 5 both start with 4 transfers, so a player's seats
are a *type* ``(seat 1?, seat 2?, seat 3?, seats 4 and 5: 0 to 2)``; the
number of players of each type must use seats 1, 2 and 3 exactly as often
as the tables offer them. The transfers' spread is fixed by how many players
have each type, through a linear function of those counts: its least value,
counts allowed to be fractions, is at a corner of the region they may take.
Counting seats 4 and 5 together and allowing fractions only widen the
choice, so the result is a lower bound.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Optional

from archon.seating.criteria import TRANSFERS


def r8_variance_without_repeated_seats(players: int, games: int, seat_uses: list[int]) -> Optional[Fraction]:
    """The smallest variance of (transfers / games) over ``players`` players
    playing ``games`` games each in distinct seats, seat ``s`` taken
    ``seat_uses[s]`` times in all (seats 1 to 5); None when no plan can
    seat nobody twice in a seat, or for more than 3 games (not computed)."""
    if games > 3 or len(seat_uses) < 3:
        return None
    uses = list(seat_uses[:3])
    types = [t for t in itertools.product((0, 1), (0, 1), (0, 1), (0, 1, 2)) if sum(t) == games]
    value = [sum(TRANSFERS[s] * k for s, k in enumerate(t[:3])) + max(TRANSFERS) * t[3] for t in types]
    best = _least_square_sum(types, value, uses, players)
    if best is None:
        return None
    total = sum(TRANSFERS[s] * k for s, k in enumerate(seat_uses))
    mean = Fraction(total, players)
    return (Fraction(best, players) - mean * mean) / (games * games)


def _least_square_sum(types: list, value: list[int], uses: list[int], players: int) -> Optional[Fraction]:
    """The smallest sum over players of (transfers)^2, counts ``x`` of the
    types allowed to be fractions (so a lower bound of the whole-number
    one): ``sum(x) == players`` and, for seats 1 to 3, the counts of the
    types holding the seat add up to its ``uses``. The sum is linear in
    ``x``, so its least value is at a corner of that region: a choice of
    types counted 0 whose complement the four equations fix."""
    rows = [[t[s] for t in types] for s in range(3)] + [[1] * len(types)]
    rhs = [Fraction(v) for v in uses + [players]]
    best = None
    for chosen in itertools.combinations(range(len(types)), len(rows)):
        inverse = _inverse([[Fraction(rows[i][j]) for j in chosen] for i in range(len(rows))])
        if inverse is None:
            continue
        x = [sum((inverse[d][i] * rhs[i] for i in range(len(rows))), Fraction(0)) for d in range(len(chosen))]
        if any(v < 0 for v in x):
            continue
        square = sum((v * value[j] ** 2 for v, j in zip(x, chosen)), Fraction(0))
        best = square if best is None else min(best, square)
    return best


def _inverse(m: list[list[Fraction]]) -> Optional[list[list[Fraction]]]:
    """Gauss-Jordan inverse of a small square matrix of fractions, or None."""
    n = len(m)
    a = [row[:] + [Fraction(int(i == j)) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col])]
    return [row[n:] for row in a]
