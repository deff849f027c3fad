"""The best ways to split the players of a last round on R2, R3 and R4:
:func:`best_pairings`.

Who sits with whom decides R2, R3 and R4, whatever the seat orders
(:class:`.criteria.TableRules`). Each table adds to them on its own: its
pairs that met in every round before (R2), its pairs that met once (R4),
and its players' VPs available (R3: with every player having played as
many rounds, the spread grows with the sum of the squares of each player's
VPs, the total being the same for every split). So a branch and bound finds
the least (R2, R3, R4) of all splits, rule by rule, without scoring each:
tables are opened one at a time by the first player left (each split is
met once), and a branch stops as soon as what it has added, with the least
the players left can add, is worse than the best split found.

Nothing after the last round: the least it finds is what no last round can
beat on R2 to R4, whatever its seat orders (:mod:`.bounds` uses it so), and
the splits reaching it are the ones to put in their best seat orders.
"""

from __future__ import annotations

import copy
import itertools
from functools import lru_cache
from typing import Optional, Sequence

from archon.seating.criteria import TableRules
from archon.seating.exact import orders_exact, ways
from archon.seating.tables import MAX_TABLE, MIN_TABLE, needs_sit_out, table_sizes

__all__ = ["AFTER_ONE_ROUND_UP_TO", "PAIRINGS_UP_TO", "best_pairings"]

#: The most ways to split the players :func:`best_pairings` looks through:
#: up to 13 players (45,045 ways; it looks at far fewer, the bound cuts
#: most branches: 0.01 to 0.1 s). 14 and 15 players have 126,126 ways,
#: which took up to 0.7 s.
PAIRINGS_UP_TO = 45_045

#: The same after a single round played, where R2 and R4 count the same
#: pairs (those who shared a table in round 1) and splits tie by the
#: thousand: up to 12 players (5,775 ways; 13 players took 0.2 to 0.3 s).
AFTER_ONE_ROUND_UP_TO = 5_775

#: The most splits reaching the least figures that :func:`best_pairings` returns.
KEPT = 8


class _Costs:
    """What each player and pair adds to R2, R3 (its sum of squares) and R4
    when they share a table of the last round, from the rounds played."""

    def __init__(self, fixed: Sequence[Sequence[Sequence[int]]], present: Sequence[int]):
        rules = TableRules(fixed)
        self.players = sorted(present)
        self.vps = {p: rules.vps.get(p, 0) for p in self.players}
        self.r2 = {pair: int(c + 1 >= rules.every) for pair, c in rules.met.items()}
        self.r4 = {pair: int(c == 1) for pair, c in rules.met.items()}
        self._tables: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def table(self, table: tuple[int, ...]) -> tuple[int, int, int]:
        """(R2, R3's sum of squares, R4) a table adds (players in order)."""
        found = self._tables.get(table)
        if found is None:
            z = len(table)
            pairs = list(itertools.combinations(table, 2))
            found = (sum(self.r2.get(pair, 0) for pair in pairs),
                     sum((self.vps[p] + z) ** 2 for p in table),
                     sum(self.r4.get(pair, 0) for pair in pairs))
            self._tables[table] = found
        return found

    def least_squares(self, left: Sequence[int], big_seats: int) -> int:
        """The least R3's sum of squares the players ``left`` can add, with
        ``big_seats`` seats at tables of 5 among them."""
        small = sum((self.vps[p] + MIN_TABLE) ** 2 for p in left)
        more = sorted(2 * (self.vps[p] + MIN_TABLE) + 1 for p in left)[:big_seats]
        return small + sum(more)


def best_pairings(fixed: Sequence[Sequence[Sequence[int]]], present: Sequence[int]
                  ) -> Optional[tuple[tuple[int, int, int], list[list[list[int]]]]]:
    """The least (R2, R3's sum of squares, R4) the tables of a last round
    for ``present`` after the rounds ``fixed`` can add, and up to
    :data:`KEPT` splits reaching it (tables of players in increasing
    order); None when some must sit out, when not every player has played
    as many rounds (R3 would weigh them otherwise), or when there are more
    than :data:`PAIRINGS_UP_TO` ways to split them
    (:data:`AFTER_ONE_ROUND_UP_TO` after one round). Kept for the last few
    requests of the process: seating a round and proving it ask for the
    same one."""
    most = PAIRINGS_UP_TO if len(fixed) > 1 else AFTER_ONE_ROUND_UP_TO
    if needs_sit_out(len(present)) or ways(len(present)) > most:
        return None
    if not orders_exact([[list(t) for t in rnd] for rnd in fixed], present):
        return None
    key = (tuple(tuple(tuple(t) for t in rnd) for rnd in fixed), tuple(sorted(present)))
    return copy.deepcopy(_best(*key))


@lru_cache(maxsize=8)
def _best(fixed: tuple, present: tuple) -> tuple[tuple[int, int, int], list[list[list[int]]]]:
    costs = _Costs(fixed, present)
    best: list = [None, []]  # the least key found, the splits reaching it

    def walk(left: list[int], sizes: list[int], r2: int, sq: int, r4: int, tables: list) -> None:
        if not left:
            key = (r2, sq, r4)
            if best[0] is None or key < best[0]:
                best[0], best[1] = key, [list(tables)]
            elif key == best[0] and len(best[1]) < KEPT:
                best[1].append(list(tables))
            return
        if best[0] is not None:
            least = (r2, sq + costs.least_squares(left, MAX_TABLE * sizes.count(MAX_TABLE)), r4)
            if least > best[0] or (least == best[0] and len(best[1]) >= KEPT):
                return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes), reverse=True):
            others = list(sizes)
            others.remove(size)
            for mates in itertools.combinations(rest, size - 1):
                table = (first, *mates)
                a, b, c = costs.table(table)
                chosen = set(mates)
                tables.append(list(table))
                walk([p for p in rest if p not in chosen], others, r2 + a, sq + b, r4 + c, tables)
                tables.pop()

    walk(costs.players, table_sizes(len(present)), 0, 0, 0, [])
    return best[0], best[1]
