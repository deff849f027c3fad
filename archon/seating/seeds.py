"""Fresh seeds: the one function and the one range every random draw of
archon takes its seed from when none is given (a round's seating, a seating
plan, a toss for the final's cut).

The seed is printed with the draw, so that the same draw can be made again
(``archon seat ... --seed S``): nine digits at most keep it easy to read out
and type back.
"""

from __future__ import annotations

import random

__all__ = ["SEEDS", "new_seed"]

#: Every fresh seed is one of these: 1 to 999,999,999.
SEEDS = range(1, 10**9)


def new_seed() -> int:
    """A fresh seed in :data:`SEEDS`, from the system's randomness (never the
    same sequence twice, whatever seeded :mod:`random` before)."""
    return random.SystemRandom().randrange(SEEDS.start, SEEDS.stop)
