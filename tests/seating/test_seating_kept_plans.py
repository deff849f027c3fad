"""Plans kept between processes (:func:`archon.seating.planner.keeping_plans`):
each ``archon seat`` is a new process, and the plans the round before
searched are found in a store instead of searched again. A plan found
there must be the plan a search gives, and a store's plan that does not
fit the request is never used."""

from __future__ import annotations

import pytest

from archon.seating import plan, score_plan
from archon.seating.planner import forget_plans, keeping_plans

PLAYED = [plan(13, 3, seed=2)[0]]
PRESENT = [p for p in range(1, 14) if p != 4] + [14]  # a drop and a late arrival: searched, not from the library


class Store:
    """A store in memory, as the cache file is one on disk."""

    def __init__(self):
        self.plans: dict = {}
        self.looked_up = 0

    def lookup(self, key):
        self.looked_up += 1
        return self.plans.get(key)

    def remember(self, key, plan_):
        self.plans[key] = plan_


def _searched() -> list:
    forget_plans()
    return plan(PRESENT, 3, fixed_rounds=PLAYED)


def test_a_plan_searched_is_kept_and_a_new_process_finds_it_without_searching(monkeypatch):
    store = Store()
    forget_plans()
    with keeping_plans(store):
        first = plan(PRESENT, 3, seed=1, fixed_rounds=PLAYED)
    assert len(store.plans) == 1
    [kept] = store.plans.values()
    assert kept == first

    import archon.seating.planner as planner

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")

    forget_plans()  # a new process: nothing in memory
    monkeypatch.setattr(planner, "searched", no_search)
    with keeping_plans(store):
        again = plan(PRESENT, 3, seed=99, fixed_rounds=PLAYED)
    assert again == first
    monkeypatch.undo()
    assert again == _searched()  # the plan a search gives


def test_plans_are_kept_only_within_the_block():
    store = Store()
    forget_plans()
    with keeping_plans(store):
        plan(PRESENT, 3, fixed_rounds=PLAYED)
    assert (len(store.plans), store.looked_up) == (1, 1)
    forget_plans()
    other = [p for p in PRESENT if p != 6]  # another request, after the block
    plan(other, 3, fixed_rounds=PLAYED)
    assert (len(store.plans), store.looked_up) == (1, 1)


@pytest.mark.parametrize("damage", [
    "another player", "the rounds played changed", "a player twice", "a table of three", "text", "not a plan",
    "a round short", "a number with a decimal point", "a table of four first",
])
def test_a_kept_plan_that_does_not_fit_its_request_is_searched_again(damage):
    store = Store()
    forget_plans()
    with keeping_plans(store):
        good = plan(PRESENT, 3, fixed_rounds=PLAYED)
    [key] = store.plans
    bad = [[list(t) for t in rnd] for rnd in good]
    if damage == "another player":
        bad[1][0][0] = 99
    elif damage == "the rounds played changed":
        bad[0][0][0], bad[0][1][0] = bad[0][1][0], bad[0][0][0]
    elif damage == "a player twice":
        bad[2][0][0] = bad[2][1][0]
    elif damage == "a table of three":
        bad[1][0].pop()
        bad[1][-1].append(bad[1][0].pop())
    elif damage == "text":
        bad[2][0][0] = str(bad[2][0][0])
    elif damage == "not a plan":
        bad = {"plan": bad}
    elif damage == "a number with a decimal point":  # 3.0 == 3: only its type tells
        bad[1][0][0] = float(bad[1][0][0])
    elif damage == "a table of four first":  # a seating, but not the search's: it puts tables of five first
        assert [len(t) for t in bad[2]] == [5, 4, 4]
        bad[2] = bad[2][1:] + bad[2][:1]
    else:
        bad = bad[:2]
    store.plans[key] = bad
    forget_plans()
    with keeping_plans(store):
        found = plan(PRESENT, 3, seed=4, fixed_rounds=PLAYED)
    assert found == good
    assert all(type(p) is int for rnd in found for t in rnd for p in t)  # 3.0 == 3, yet a number typed as 3.0
    assert score_plan(found) == score_plan(good)
