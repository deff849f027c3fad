"""Search the plans of :mod:`.library` again: ``python -m
archon.seating.library_build [--jobs J]`` rewrites :mod:`._library_data`
(four minutes of CPU: two with ``--jobs 2``).

Each plan is the best of a few candidates, compared on the whole event (the
nine criteria, rule by rule). Among the best plans of 3 rounds, one that
begins with a best plan of 2 rounds is chosen, and that plan of 2 rounds
kept as the 2-round plan: an event that bends after round 2 has then had
the rounds it would have had seated round by round, and its round 3 is
searched from there. Where none does (the best 3 rounds make rounds 1 and
2 uneven, to even them out in round 3), the most even after each round
before the last (:func:`even_after`). The first found among equals: a
plan kept stays. The candidates of a plan of 3 rounds:

* the plan kept so far (a new build is never worse than the last);
* the search of all its rounds together, from :data:`SEEDS` seeds (the
  first is the seed the library was first built with);
* for everyone playing every round, plans seated round by round, from
  :data:`SEEDS` seeds each: from the 2-round plan kept, and from rounds 1
  and 2 searched together, round 3 searched given them, each of its tables
  in its best seat order.

A plan of 2 rounds is the plan kept, the search of its rounds together when
the library has none, or the first two rounds of a candidate of 3.
"""

from __future__ import annotations

import random
from typing import Optional

from archon.seating.criteria import Plan, score_plan
from archon.seating.library import EFFORT, SIZES, Key, canonical, entries
from archon.seating.orders import best_orders
from archon.seating.planner import searched
from archon.seating.search import Clock
from archon.seating.tables import needs_sit_out

#: Seeds of each way of searching a plan of 3 rounds or more.
SEEDS = 4


def even_after(plan: Plan) -> tuple:
    """How even ``plan`` is after each round before its last: the
    comparison key of its first two rounds, then of its first three..."""
    return tuple(score_plan(plan[:r]).key for r in range(2, len(plan)))


def _joint(n: int, rounds: int, games: Optional[int], seed: int) -> Plan:
    name = f"archon-seating:{n}" if seed == 0 else f"archon-seating:{n}:{seed}"
    return searched(list(range(1, n + 1)), rounds, [], games, random.Random(name), EFFORT, Clock(None, None))


def _round_by_round(n: int, rounds: int, seed: int, first: Optional[Plan] = None) -> Plan:
    """A plan seated round by round: ``first`` (its first rounds) or rounds
    1 and 2 searched together (round 1 is anonymous), then each next round
    searched given the ones before, the last in its best seat orders."""
    players = list(range(1, n + 1))
    found: Plan = [list(map(list, rnd)) for rnd in first] if first else []
    for r in range(len(found) + 1 if found else 2, rounds + 1):
        rng = random.Random(f"archon-seating:{n}:rounds:{seed}:{r}")
        found = searched(players, r, found, None, rng, EFFORT, Clock(None, None))
    return found[:-1] + [best_orders(found[:-1], found[-1])]


def candidates(key: Key, kept: Optional[Plan], shorter: Optional[Plan] = None) -> list[Plan]:
    """Every candidate for the library's plan ``key`` of 3 rounds or more
    (see the module); ``shorter``: the library's plan of one round less for
    as many players."""
    rounds, n, games = key
    out = [kept] if kept is not None else []
    out += [_joint(n, rounds, games, seed) for seed in range(SEEDS)]
    if games is None:
        out += [_round_by_round(n, rounds, seed) for seed in range(SEEDS)]
        if shorter is not None:
            out += [_round_by_round(n, rounds, seed, shorter) for seed in range(SEEDS)]
    return out


def _key(plan: Plan) -> tuple:
    return score_plan(plan).key


def best_pair(n: int, kept: dict) -> dict[Key, Plan]:
    """The library's plans of 3 rounds for ``n`` players and, when it
    keeps one, of 2 (see the module): the best on the whole event, then
    the most even after each round; the 3-round plan beginning with the
    2-round plan when some best 3-round plan begins with a best 2-round
    plan; the first found among equals (the plan kept, when it is one)."""
    games = 2 if needs_sit_out(n) else None
    three, two = (3, n, games), (2, n, None)
    if games is not None:
        return {three: canonical(min(candidates(three, kept.get(three)), key=lambda p: (_key(p), even_after(p))))}
    shorter = kept.get(two) or _joint(n, 2, None, 0)
    found3 = candidates(three, kept.get(three), shorter)
    found2 = [shorter] + [p[:2] for p in found3]
    best3, best2 = min(map(_key, found3)), min(map(_key, found2))
    aligned = [p for p in found3 if _key(p) == best3 and _key(p[:2]) == best2]
    if aligned:
        chosen = canonical(min(aligned, key=even_after))
        return {three: chosen, two: chosen[:2]}
    chosen = canonical(min(found3, key=lambda p: (_key(p), even_after(p))))
    return {three: chosen, two: canonical(min(found2, key=_key))}


def keys() -> list[Key]:
    """The library's plans, in the order of its data module."""
    out = []
    for rounds, largest in SIZES:
        for n in range(4, largest + 1):
            games = rounds - 1 if needs_sit_out(n) else None
            if games is not None and rounds < 3:
                continue  # 2 rounds of which each plays 1: not an event
            out.append((rounds, n, games))
    return out


def build(progress=print, jobs: int = 1) -> str:
    """Search every plan of the library again; returns the data module's text."""
    import concurrent.futures
    import contextlib

    try:
        kept = entries()
    except ImportError:  # no library yet: the searches alone
        kept = {}
    sizes = sorted({n for _, n, _ in keys()})
    kept_by_size = [{k: p for k, p in kept.items() if k[1] == n} for n in sizes]
    plans: dict[Key, Plan] = {}
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(concurrent.futures.ProcessPoolExecutor(jobs)) if jobs > 1 else None
        for found in (pool.map if pool else map)(best_pair, sizes, kept_by_size):
            plans.update(found)
            progress(f"{max(found)[1]} players")
    lines = []
    for key in keys():
        rounds, n, games = key
        body = "/".join(",".join(".".join(map(str, t)) for t in rnd) for rnd in plans[key])
        lines.append(f"{rounds}:{n}:{games or ''}={body}")
    return (
        '"""Plans of :mod:`archon.seating.library`, generated by\n'
        "``python -m archon.seating.library_build``: do not edit.\"\"\"\n\n"
        "PLANS = \"\"\"\n" + "\n".join(lines) + "\n\"\"\"\n"
    )


if __name__ == "__main__":  # pragma: no cover
    import argparse
    from pathlib import Path

    ap = argparse.ArgumentParser(description="Search the plans of archon's seating library again.")
    ap.add_argument("--jobs", type=int, default=1, help="processes searching at once")
    text = build(jobs=ap.parse_args().jobs)
    Path(__file__).with_name("_library_data.py").write_text(text)
