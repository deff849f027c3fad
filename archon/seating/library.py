"""Plans computed in advance for the common event sizes.

Before anyone has played, players are anonymous: the best plan for N
players and R rounds is the same for every event up to who gets which
number. So, like The Archon's own seating chart, archon keeps a plan for
each common size (searched at :data:`EFFORT`, longer than a plain
:func:`archon.seating.plan` call can afford) and hands it out with the
players drawn at random from the seed. An event seated round by round
from such a plan, with the same players, keeps to it: the rounds already
played are recognised and the plan's next rounds follow. Where it costs
the whole event nothing (48 of the 58 sizes that play every round), the
plan of 3 rounds begins with the plan of 2: an event that bends after
round 2 has had the rounds it would have had seated round by round.

``python -m archon.seating.library_build`` searches them again and
rewrites :mod:`._library_data` (a few minutes); the seating benchmark compares them
with The Archon's charts.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Optional, Sequence

#: The search effort the plans in the library were computed with.
EFFORT = 1.0

#: The sizes kept: (rounds, largest N). Above them the default search
#: reaches plans as good in a fraction of a second.
SIZES = ((3, 64), (2, 64))

Key = tuple[int, int, Optional[int]]  # rounds, players, games each (staggered) or None


@lru_cache(maxsize=1)
def entries() -> dict[Key, list]:
    """Every plan of the library, players numbered 1..N by first seat."""
    from archon.seating._library_data import PLANS

    out = {}
    for line in PLANS.split():
        head, body = line.split("=")
        rounds, players, games = head.split(":")
        out[(int(rounds), int(players), int(games) if games else None)] = [
            [[int(p) for p in table.split(".")] for table in rnd.split(",")] for rnd in body.split("/")
        ]
    return out


def covers(rounds: int, players: int) -> bool:
    """Whether the library keeps plans of ``rounds`` rounds for ``players``
    (read without loading the plans)."""
    return any(rounds == r and players <= top for r, top in SIZES)


def lookup(present: Sequence[int], rounds: int, games: Optional[int], fixed: list, rng) -> Optional[list]:
    """The library's plan for ``present`` over ``rounds`` rounds (the
    first ones ``fixed``), with ``games`` each when staggered, or None
    when the library has none. Without a round played, the players are
    drawn with ``rng``; after rounds played they must be those of the
    library's plan (archon seated them from it, with the same players)."""
    if not covers(rounds, len(present)):
        return None
    entry = entries().get((rounds, len(present), games))
    if entry is None:
        return None
    if not fixed:
        order = list(present)
        rng.shuffle(order)
        return _relabel(entry, {i + 1: p for i, p in enumerate(order)})
    return _continued(entry, present, fixed)


def _relabel(rounds: list, number: dict[int, int]) -> list:
    return [[[number[p] for p in table] for table in rnd] for rnd in rounds]


def _continued(entry: list, present: Sequence[int], fixed: list) -> Optional[list]:
    """``fixed`` followed by the library's next rounds, when ``fixed`` are
    the library's first rounds for some numbering of ``present``."""
    played = {p for rnd in fixed for table in rnd for p in table}
    if not played <= set(present):
        return None  # someone played and left: another event now
    first = entry[0]
    if [len(t) for t in first] != [len(t) for t in fixed[0]]:
        return None
    number = {p: q for t, table in zip(first, fixed[0]) for p, q in zip(t, table)}
    waiting = [p for p in range(1, len(present) + 1) if p not in number]  # sat out round 1
    others = [p for p in present if p not in set(number.values())]
    if len(waiting) != len(others) or len(waiting) > 4:
        return None
    for choice in itertools.permutations(others):
        full = dict(number)
        full.update(zip(waiting, choice))
        plan = _relabel(entry, full)
        if plan[: len(fixed)] == fixed:
            return plan
    return None


def canonical(plan: list) -> list:
    """``plan`` with players renumbered 1..N in the order they first sit."""
    number: dict[int, int] = {}
    for rnd in plan:
        for table in rnd:
            for p in table:
                number.setdefault(p, len(number) + 1)
    return _relabel(plan, number)
