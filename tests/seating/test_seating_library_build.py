"""Searching the kept plans again (``python -m archon.seating.library_build``):
the plans archon hands out for 4 to 64 players come from it, so a new build
must never hand out a worse plan, and an event that bends after round 2
must have had the rounds it would have had seated round by round whenever
that costs the whole event nothing (issue 24)."""

from __future__ import annotations

import itertools

from archon.seating import score_plan
from archon.seating.library import entries
from archon.seating.library_build import best_pair, build


def _pairs_met_twice(rounds: list) -> int:
    met: dict[frozenset, int] = {}
    for tables in rounds:
        for t in tables:
            for pair in itertools.combinations(t, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    return sum(1 for c in met.values() if c >= 2)


def test_searching_the_plans_of_40_players_again_keeps_them_as_good_and_round_2_as_round_by_round():
    shipped = entries()
    found = best_pair(40, {k: v for k, v in shipped.items() if k[1] == 40})
    three, two = found[(3, 40, None)], found[(2, 40, None)]
    assert score_plan(three) <= score_plan(shipped[(3, 40, None)])
    assert score_plan(two) <= score_plan(shipped[(2, 40, None)])
    assert three[:2] == two  # tables of 5: nobody need meet twice, in 2 rounds or 3
    assert _pairs_met_twice(three) == 0
    assert sorted(p for t in three[0] for p in t) == list(range(1, 41))


def test_a_build_from_nothing_writes_a_plan_of_each_kept_size(monkeypatch):
    # the data module written by the build, for two sizes only and no plan
    # kept before (a first build): each size's plans, each player once a round
    import archon.seating.library_build as lb

    monkeypatch.setattr(lb, "keys", lambda: [(3, 8, None), (3, 11, 2), (2, 8, None)])
    monkeypatch.setattr(lb, "entries", lambda: {})
    monkeypatch.setattr(lb, "SEEDS", 1)
    said: list[str] = []
    text = build(progress=said.append, jobs=1)
    scope: dict = {}
    exec(compile(text, "_library_data.py", "exec"), scope)
    lines = dict(line.split("=") for line in scope["PLANS"].split())
    assert sorted(lines) == ["2:8:", "3:11:2", "3:8:"]
    for head, body in lines.items():
        rounds = [[t.split(".") for t in rnd.split(",")] for rnd in body.split("/")]
        assert len(rounds) == int(head[0])
        for rnd in rounds:
            seated = [int(p) for t in rnd for p in t]
            assert len(seated) == len(set(seated))
    assert said == ["8 players", "11 players"]
