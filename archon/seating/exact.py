"""The last round of a small event, exactly: :func:`best_last_round`.

In the last round nothing comes after: the best round is the best way to
split the players into tables, each table in its best seat order
(:mod:`.orders`). For a small event every way can be counted: 35 for 8
players, 126 for 9 or 10 (:data:`EXACT_UP_TO`). Who sits with whom fixes R2, R3 and
R4 (:class:`.criteria.TableRules`); only the ways best on those three are
put in seat order, and the ways after them only while none of those
reaches R1 = 0 (a way worse on R2 to R4 cannot beat one that is better on
them and has no R1). So the round found is the best of all on R1 to R4,
and on R5 to R9 the best of the ways as good on R1 to R4, each table in
the best order :mod:`.orders` finds (exactly when nobody arrived late).
"""

from __future__ import annotations

import copy
import itertools
import math
from functools import lru_cache
from typing import Iterator, Optional, Sequence

from archon.seating.criteria import Plan, Score, TableRules, score_plan
from archon.seating.orders import best_orders
from archon.seating.tables import needs_sit_out, table_sizes

__all__ = ["EXACT_UP_TO", "best_last_round", "orders_exact", "ways"]

#: The most ways to split the players that :func:`best_last_round` counts:
#: up to 10 players (1, 35 or 126 ways, at most 0.1 s). 12 players have 5,775,
#: which took 0.2 to 0.9 s (many ways tie on R2 to R4 after one round).
EXACT_UP_TO = 126


def ways(players: int) -> int:
    """How many ways ``players`` split into tables of 4 and 5 (the sizes
    :func:`.tables.table_sizes` gives), tables not numbered."""
    sizes = table_sizes(players)
    count = math.factorial(players)
    for size in set(sizes):
        count //= math.factorial(size) ** sizes.count(size) * math.factorial(sizes.count(size))
    return count


def _splits(players: Sequence[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``players`` into tables of ``sizes`` (each way
    once: the first player left always opens the next table)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            chosen = set(mates)
            for tail in _splits([p for p in rest if p not in chosen], left):
                yield [[first, *mates], *tail]


def orders_exact(fixed: Plan, present: Sequence[int]) -> bool:
    """Whether every player of the round has played as many rounds before
    it (nobody arrived late): :mod:`.orders` then finds each table's best
    order exactly, and :func:`best_last_round` the best round of all."""
    played: dict[int, int] = {}
    for rnd in fixed:
        for table in rnd:
            for p in table:
                played[p] = played.get(p, 0) + 1
    return len({played.get(p, 0) for p in present}) == 1


def best_last_round(fixed: Plan, present: Sequence[int]) -> Optional[tuple[list[list[int]], Score, int]]:
    """The best last round for ``present`` after the rounds ``fixed`` (see
    the module): (tables, the whole plan's score, ways compared), or None
    when there are more than :data:`EXACT_UP_TO` ways. Kept for the last
    few requests of the process: seating a round and proving it ask for
    the same one."""
    if needs_sit_out(len(present)) or ways(len(present)) > EXACT_UP_TO:
        return None
    key = (tuple(tuple(tuple(t) for t in rnd) for rnd in fixed), tuple(sorted(present)))
    return copy.deepcopy(_best(*key))


@lru_cache(maxsize=8)
def _best(fixed: tuple, present: tuple) -> tuple[list[list[int]], Score, int]:
    played = [[list(t) for t in rnd] for rnd in fixed]
    rules = TableRules(played)
    by_key: dict[tuple, list[list[list[int]]]] = {}
    for tables in _splits(present, table_sizes(len(present))):
        by_key.setdefault(rules.with_round(tables), []).append(tables)
    best: Optional[tuple[list[list[int]], Score]] = None
    for key in sorted(by_key):
        for tables in by_key[key]:
            ordered = best_orders(played, tables)
            score = score_plan([*played, ordered])
            if best is None or score < best[1]:
                best = (ordered, score)
        assert best is not None
        if best[1].R1 == 0:
            break
    assert best is not None
    return best[0], best[1], ways(len(present))
