"""Lower bounds of the seating criteria against exhaustive search.

A bound is a promise: no plan with the same players, rounds, table sizes and
rounds already played does better on that criterion. Where every plan can
be enumerated (4 and 5 players: every seat order of every round; 8 to 10
players: every way of grouping them into tables, which is all R2 and R4
depend on), the best figure found must be at or above the bound, and where
it equals the bound, archon says "optimal" rightly.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from archon.cli import main
from archon.seating import RULES, lower_bounds, plan, proof, score_plan
from archon.seating.tables import can_seat, table_sizes


def _exact(score, rule):
    return {"R3": score.r3_variance, "R8": score.r8_variance}.get(rule, getattr(score, rule))


def _best_by_rule(plans) -> dict:
    """The lowest figure of each criterion over ``plans`` (each rule alone)."""
    best: dict = {}
    for p in plans:
        s = score_plan(p)
        for rule in RULES:
            v = _exact(s, rule)
            if rule not in best or v < best[rule]:
                best[rule] = v
    return best


def _single_table_plans(n: int, rounds: int, fixed: list):
    """Every plan of ``rounds`` rounds at one table of ``n`` after ``fixed``."""
    orders = [list(p) for p in itertools.permutations(range(1, n + 1))]
    for rest in itertools.product(orders, repeat=rounds - len(fixed)):
        yield fixed + [[t] for t in rest]


@pytest.mark.parametrize("n, rounds, fixed", [
    (4, 2, 1), (4, 3, 1), (5, 2, 1),   # the first round is anyone's: players are anonymous
    (4, 3, 2), (4, 4, 3),              # after rounds played as given
])
def test_single_table_bounds_hold_against_every_plan(n, rounds, fixed):
    history = [[list(range(1, n + 1))]]
    if fixed >= 2:
        history.append([[2, 1, 4, 3] + list(range(5, n + 1))])
    if fixed >= 3:
        history.append([[1, 3, 2, 4] + list(range(5, n + 1))])
    plans = list(_single_table_plans(n, rounds, history[:fixed]))
    best = _best_by_rule(plans)
    bounds = lower_bounds(plans[0], fixed)
    for rule in RULES:
        assert bounds.exact(rule) <= best[rule], rule


@pytest.mark.parametrize("n, rounds", [(4, 2), (4, 3), (5, 2)])
def test_transfers_bound_without_repeated_seats_holds_against_every_plan(n, rounds):
    from archon.seating.transfers import r8_variance_without_repeated_seats

    plans = [p for p in _single_table_plans(n, rounds, [[list(range(1, n + 1))]]) if score_plan(p).R7 == 0]
    best = min(score_plan(p).r8_variance for p in plans)
    uses = [rounds] * n + [0] * (5 - n)
    assert r8_variance_without_repeated_seats(n, rounds, uses) <= best


def test_single_table_bounds_are_reached_where_counting_decides():
    # 4 players, 2 rounds: every pair meets twice (R2 = R4 = 6); 4 adjacent
    # pairs a round out of 6 pairs, so 2 pairs sit adjacent twice (R9 >= 2);
    # prey relations (4 of 12) and seats (4 of 4 per seat) need not repeat.
    plans = list(_single_table_plans(4, 2, [[[1, 2, 3, 4]]]))
    best = _best_by_rule(plans)
    bounds = lower_bounds(plans[0], 1)
    assert (best["R1"], best["R2"], best["R4"], best["R7"], best["R9"]) == (0, 6, 6, 0, 2)
    for rule in ("R1", "R2", "R3", "R4", "R5", "R7", "R9"):
        assert bounds.exact(rule) == best[rule], rule


def _groupings(n: "int | list[int]", sizes: list[int]):
    """Every way to split players 1..n (or the players listed) into tables
    of ``sizes`` (tables of one size unordered)."""
    def split(players, sizes):
        if not sizes:
            yield []
            return
        z, rest = sizes[0], sizes[1:]
        first, others = players[0], players[1:]
        for mates in itertools.combinations(others, z - 1):
            left = [p for p in others if p not in mates]
            for tail in split(left, rest):
                yield [[first, *mates]] + tail
    players = list(range(1, n + 1)) if isinstance(n, int) else sorted(n)
    yield from split(players, sorted(sizes, reverse=True))


def _repeated_pairs(rounds) -> tuple[int, int]:
    """(R2, R4), counted here by hand: pairs at one table in every round,
    and in two rounds or more."""
    met: dict = {}
    for rnd in rounds:
        for table in rnd:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    every = max(2, len(rounds))
    return sum(1 for c in met.values() if c >= every), sum(1 for c in met.values() if c >= 2)


@pytest.mark.parametrize("n, rounds", [(8, 2), (8, 3), (9, 2), (9, 3), (10, 2), (10, 3)])
def test_meeting_bounds_hold_against_every_grouping(n, rounds):
    sizes = [len(t) for t in plan(n, 1, seed=1)[0]]
    groupings = list(_groupings(n, sizes))
    first = groupings[0]  # the first round: anyone's
    best_r2 = best_r4 = None
    for rest in itertools.product(groupings, repeat=rounds - 1):
        r2, r4 = _repeated_pairs([first, *rest])
        best_r2 = r2 if best_r2 is None else min(best_r2, r2)
        best_r4 = r4 if best_r4 is None else min(best_r4, r4)
    bounds = lower_bounds([first] * rounds, 1)
    assert bounds.R2 <= best_r2 and bounds.R4 <= best_r4
    if rounds == 2:  # two rounds: the pigeonhole count is exact
        assert (bounds.R2, bounds.R4) == (best_r2, best_r4)


@pytest.mark.parametrize("n, met_every_round", [
    # 9 players, a 5 and a 4 a round: rounds 1 and 2 split the players into
    # at most 4 groups (who sat at table i, then table j); round 3's table
    # of 5 takes two of one group: 1 pair at one table in all three rounds
    (9, 1),
    # 10 players, two 5s: the same for each of round 3's two tables: 2 pairs
    (10, 2),
    # 12 players, three 4s: up to 9 groups, a table can take 4 of 4: none
    (12, 0),
])
def test_three_rounds_of_few_tables_must_seat_some_pair_together_every_round(n, met_every_round):
    res = CliRunner().invoke(main, ["plan", str(n), "--rounds", "3", "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    import json

    data = json.loads(res.output)
    assert data["bounds"]["R2"] == met_every_round
    assert data["score"]["R2"] == met_every_round and data["optimal"]["R2"] is True


def test_three_rounds_of_eight_need_four_pairs_to_meet_again():
    # 8 players at 2 tables of 4: any two rounds share at least 4 pairs
    # (each table of one round takes 2 + 2 players from the other's
    # tables); {1234}{5678}, {1256}{3478}, {1278}{3456} reach 4 (1-2, 3-4,
    # 5-6, 7-8 meet three times), so no bound above 4 would hold.
    rounds = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]], [[1, 2, 7, 8], [3, 4, 5, 6]]]
    assert _repeated_pairs(rounds) == (4, 4)
    assert lower_bounds(rounds, 1).R4 == 4


def test_vp_spread_bound_is_the_most_even_share_of_four_player_tables():
    # 9 players, 3 rounds: a 5 and a 4 each round, 12 seats at 4-player
    # tables over 9 players: 3 players sit at two, 6 at one. VPs available
    # per round: (15 - 2) / 3 for 3 players and (15 - 1) / 3 for 6: mean
    # 41 / 9, variance 2 / 81.
    rounds = plan(9, 3, seed=3)
    assert lower_bounds(rounds).r3_variance == Fraction(2, 81)
    fours = [[p for t in rnd if len(t) == 4 for p in t] for rnd in rounds]
    assert lower_bounds(rounds).r3_variance <= score_plan(rounds).r3_variance
    assert sum(len(f) for f in fours) == 12


def test_transfer_spread_bound_is_the_most_even_share_of_transfers():
    # 25 players, 3 rounds, 5 tables of 5: 14 transfers a table, 210 in
    # all: 10 players with 9 and 15 with 8 at best; per round 9/3 and 8/3,
    # variance (10 * 15 / 25^2) / 9 = 6 / 225, standard deviation 0.1633.
    rounds = plan(25, 3, seed=1)
    assert lower_bounds(rounds).r8_variance == Fraction(6, 225)


def _random_plan(rng: random.Random, n: int, rounds: int) -> list:
    sizes = [len(t) for t in plan(n, 1, seed=1)[0]]
    out = []
    for _ in range(rounds):
        players = list(range(1, n + 1))
        rng.shuffle(players)
        rnd, k = [], 0
        for z in sizes:
            rnd.append(players[k : k + z])
            k += z
        out.append(rnd)
    return out


def _random_event(rng: random.Random, n: int, rounds: int) -> list:
    """A plan whose players change: after each round some drop, some
    arrive (numbered after the n first); each round seats as many of those
    present as tables of 4 and 5 hold, the rest sit out."""
    present, newcomer, out = list(range(1, n + 1)), n, []
    for _ in range(rounds):
        rng.shuffle(present)
        seated = len(present) - next(k for k in range(len(present)) if can_seat(len(present) - k))
        sizes = table_sizes(seated)
        rnd, k = [], 0
        for z in sizes:
            rnd.append(present[k : k + z])
            k += z
        out.append(rnd)
        for _ in range(min(rng.randint(0, 2), len(present) - 4)):
            present.pop()
        for _ in range(rng.randint(0, 2)):
            newcomer += 1
            present.append(newcomer)
    return out


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([4, 5, 8, 9, 10, 12, 13, 17, 20]),
       st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=3), st.booleans())
def test_no_plan_beats_its_bounds(seed, n, rounds, fixed, players_change):
    # players_change: some drop and some arrive late between the rounds
    rng = random.Random(seed)
    rounds_plan = _random_event(rng, n, rounds) if players_change else _random_plan(rng, n, rounds)
    fixed = min(fixed, rounds)
    bounds = lower_bounds(rounds_plan, fixed)
    score = score_plan(rounds_plan)
    for rule in RULES:
        assert bounds.exact(rule) <= _exact(score, rule), rule


def test_plan_25_says_which_criteria_are_proven_optimal():
    res = CliRunner().invoke(main, ["plan", "25", "--rounds", "3", "--seed", "1"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    # 25 players, 5 tables of 5 a round: nobody need meet twice nor sit in a
    # seat twice, every table offers 5 VPs: those criteria are at 0, which
    # no plan beats
    for rule in ("R1", "R2", "R4", "R5", "R6", "R7", "R9"):
        assert any(line.strip().startswith(f"{rule}        0") and line.endswith("optimal") for line in lines), rule
    # and R8 too, among the plans that seat nobody twice in a seat (R7 = 0),
    # the only ones that could beat it: see the next test
    assert any(line.strip().startswith("R8   0.2667") and line.endswith("optimal") for line in lines)
    assert "proven optimal on every criterion: no plan is better, rule by rule" in res.output


def test_transfers_bound_when_nobody_sits_in_a_seat_twice():
    # 25 players, 3 rounds at 5 tables of 5: seats 1, 2 and 3 are each taken
    # 15 times; nobody twice in a seat: each player has 3 distinct seats.
    # 210 transfers, mean 8.4: 15 players with 8 and 10 with 9 would need
    # 8 = seats {1, 3, 4 or 5} and 9 = {1, 4, 5} or {2, 3, 4 or 5}; seat 2
    # then goes to 15 of the 9s, who also fill seat 3, leaving no 8s: it
    # cannot be. 5 players on {1, 2, 4} (7), 5 on {1, 3, 4} (8), 5 on
    # {1, 4, 5} (9) and 10 on {2, 3, 4} (9) can: squared deviations
    # 5 * 1.96 + 5 * 0.16 + 15 * 0.36 = 16, variance 16 / 25 of the
    # transfers, 16 / 225 of transfers per round.
    from archon.seating.transfers import r8_variance_without_repeated_seats

    assert r8_variance_without_repeated_seats(25, 3, [15, 15, 15, 15, 15]) == Fraction(16, 225)
    rounds = plan(25, 3, seed=1)
    p = proof(rounds)
    assert p["R8"].optimal and p["R8"].bound == pytest.approx((16 / 225) ** 0.5)
    # the plain bound, for any plan, is lower (see the 25-player test above)
    assert lower_bounds(rounds).r8_variance < Fraction(16, 225)


def test_plan_json_carries_the_bounds():
    import json

    res = CliRunner().invoke(main, ["plan", "25", "--rounds", "3", "--seed", "1", "--json"])
    data = json.loads(res.output)
    assert data["bounds"]["R4"] == 0 and data["optimal"]["R4"] is True
    assert data["bounds"]["R8"] == pytest.approx((16 / 225) ** 0.5) and data["optimal"]["R8"] is True
    assert set(data["optimal"]) == set(RULES)


def test_proof_after_rounds_played_keeps_their_repeats():
    # the same 4-table twice already played: 4 prey relations repeated stay
    played = [[[1, 2, 3, 4]], [[1, 2, 3, 4]]]
    full = plan([1, 2, 3, 4], 3, seed=1, fixed_rounds=played)
    p = proof(full, fixed=2)
    assert p["R1"].bound >= 4 and p["R7"].bound >= 4


def test_seat_says_which_criteria_are_proven_optimal(tmp_path):
    from conftest import REPO

    cup = tmp_path / "cup.xlsx"
    assert CliRunner().invoke(main, ["new", str(cup), "--players", str(REPO / "samples" / "players.csv")]).exit_code == 0
    for k in (1, 2):
        res = CliRunner().invoke(main, ["seat", str(cup), "--round", str(k), "--seed", "3"])
        assert res.exit_code == 0, res.output
    # 25 players, round 2 after round 1: nobody need meet again, nobody sits
    # in a seat twice, every table offers 5 VPs (R8 after a round played: no
    # bound computed beyond the plain one)
    assert "proven optimal on R1, R2, R3, R4, R5, R6, R7, R9" in res.output
    assert any(line.strip().startswith("R4") and line.endswith("optimal") for line in res.output.splitlines())


@pytest.mark.parametrize("n, rounds", [(13, 3), (20, 3), (7, 3), (18, 2)])
def test_an_event_seated_round_by_round_keeps_to_its_plan(n, rounds):
    # the plan for the whole event, then each round seated after the ones
    # before (same players): the rounds are those of the first plan, so the
    # event ends as good as the plan made at the start
    whole = plan(n, rounds, seed=9)
    for k in range(1, rounds):
        again = plan(list(range(1, n + 1)), rounds, seed=k, fixed_rounds=whole[:k])
        assert again == whole


def test_a_drop_after_round_one_is_seated_by_the_search():
    whole = plan(20, 3, seed=9)
    dropped = [p for p in range(1, 21) if p != whole[0][0][0]]
    again = plan(dropped, 3, seed=1, fixed_rounds=whole[:1])
    assert again[0] == whole[0]
    assert sorted(p for t in again[1] for p in t) == sorted(dropped)
    assert score_plan(again).R1 == 0


def _staggered_plans(first: list[int], n: int, sizes: list[int], games: int, orders: bool = True):
    """Every plan of one table a round, of ``sizes`` players, after the
    round ``first``, where every player of 1..n ends with ``games`` games
    (``orders``: every seat order of each table too, else one)."""
    def rest(r, played):
        if r == len(sizes):
            if all(k == games for k in played.values()):
                yield []
            return
        for chosen in itertools.combinations(sorted(played), sizes[r]):
            if any(played[p] >= games for p in chosen):
                continue
            after = {p: k + (p in chosen) for p, k in played.items()}
            tails = list(rest(r + 1, after))
            for order in itertools.permutations(chosen) if orders else [chosen]:
                for tail in tails:
                    yield [[list(order)]] + tail

    played = {p: int(p in first) for p in range(1, n + 1)}
    for tail in rest(1, played):
        yield [[list(first)]] + tail


def test_six_players_bounds_hold_against_every_plan_and_archons_plan_is_the_best():
    # 6 players, 3 rounds of one table of 4, each plays 2 (The Archon's
    # chart): with the first round as planned (players are anonymous until
    # then), 6 ways to share the other two rounds' sit-outs times 24 x 24
    # seat orders: 3456 plans, every one scored
    whole = plan(6, 3, seed=1)
    assert [[len(t) for t in rnd] for rnd in whole] == [[4], [4], [4]]
    plans = list(_staggered_plans(whole[0][0], 6, [4, 4, 4], 2))
    assert len(plans) == 3456
    best = _best_by_rule(plans)
    bounds = lower_bounds(whole, 1)
    for rule in RULES:
        assert bounds.exact(rule) <= best[rule], rule
    # the two who sat out round 1 play both later rounds (they meet twice),
    # and each later round seats two players of round 1, who met there: 3
    # pairs meet twice whatever the plan (R4 = 3, the bound, reached)
    assert best["R4"] == bounds.R4 == 3
    # archon's plan is the best of them all, rule by rule
    assert all(score_plan(whole) <= score_plan(p) for p in plans)


def test_seven_players_meeting_and_vp_bounds_hold_against_every_schedule():
    # 7 players, 3 rounds (tables of 5, 5 and 4), each plays 2: who plays
    # which round decides R2, R3 and R4 (seat orders do not)
    whole = plan(7, 3, seed=1)
    sizes = [len(rnd[0]) for rnd in whole]
    assert sorted(sizes) == [4, 5, 5] and all(len(rnd) == 1 for rnd in whole)
    plans = list(_staggered_plans(whole[0][0], 7, sizes, 2, orders=False))
    best = _best_by_rule(plans)
    bounds = lower_bounds(whole, 1)
    for rule in ("R2", "R3", "R4"):
        assert bounds.exact(rule) <= best[rule], rule
    assert (best["R4"], bounds.R4, score_plan(whole).R4) == (5, 5, 5)
    assert bounds.r3_variance == best["R3"] == score_plan(whole).r3_variance


def test_more_effort_is_the_organizers_choice_and_can_close_a_gap():
    # 16 players over 4 rounds (no plan kept in advance: searched at once):
    # four tables of 4 where nobody meets anyone twice exist (the affine
    # plane of order 4 has five such rounds), so R4's bound is 0. The default
    # search repeats pairs (gap shown); --effort 1.5 searches longer and
    # finds a plan with none, proven optimal on every criterion
    default = CliRunner().invoke(main, ["plan", "16", "--rounds", "4", "--seed", "1"])
    assert default.exit_code == 0, default.output
    r4 = next(line for line in default.output.splitlines() if line.strip().startswith("R4"))
    assert int(r4.split()[1]) > 0 and "lower bound 0, gap" in r4 and "R4 may be improvable" in default.output
    more = CliRunner().invoke(main, ["plan", "16", "--rounds", "4", "--seed", "1", "--effort", "1.5"])
    assert more.exit_code == 0, more.output
    r4 = next(line for line in more.output.splitlines() if line.strip().startswith("R4"))
    assert r4.split()[1] == "0" and "optimal" in r4
    assert "proven optimal on every criterion" in more.output


def _matching_before(scores, mine, rule):
    """The scores that match ``mine`` on every criterion before ``rule``."""
    before = RULES[: RULES.index(rule)]
    return [s for s in scores if all(_exact(s, r) == _exact(mine, r) for r in before)]


@pytest.mark.parametrize("n, rounds, fixed", [(4, 2, 1), (5, 2, 1), (4, 3, 1), (4, 3, 2), (5, 3, 2), (4, 3, 0)])
def test_single_table_proof_bounds_hold_against_every_plan_as_good_before(n, rounds, fixed):
    # one table of everyone: a plan better than another matches it on the
    # criteria where that one is proven optimal; on the next criterion the
    # bound must be at or below every such plan's figure (below every plan's
    # at all once a criterion before it is not proven)
    history = [[list(range(1, n + 1))], [[2, 1, 4, 3] + list(range(5, n + 1))]]
    plans = list(_single_table_plans(n, rounds, history[: max(fixed, 1)]))
    scores = [score_plan(p) for p in plans]
    rng = random.Random(n * 100 + rounds * 10 + fixed)
    best = min(range(len(plans)), key=lambda i: scores[i])
    for i in [best, *rng.sample(range(len(plans)), min(6, len(plans)))]:
        p = proof(plans[i], fixed, score=scores[i])
        proven = True
        for rule in RULES:
            rivals = _matching_before(scores, scores[i], rule) if proven else scores
            lowest = min(_exact(s, rule) for s in rivals)
            bound = p[rule].bound ** 2 if rule in ("R3", "R8") else p[rule].bound
            assert bound <= lowest * (1 + 1e-9) + 1e-12, (i, rule)
            assert p[rule].optimal == (_exact(scores[i], rule) <= lowest) or not proven, (i, rule)
            proven = proven and p[rule].optimal
    # the best plan of them all is proven optimal on every criterion
    assert all(r.optimal for r in proof(plans[best], fixed, score=scores[best]).values())


def test_round_two_of_five_players_is_proven_optimal_on_seats_and_position_groups():
    # 5 players, round 2 after round 1 seated 1..5: no relation may repeat
    # (R6 0), so round 2 seats them as x -> a*x + b (mod 5) with a = 2, 3
    # or 4, which always leaves one player in their seat: R7 is 1 in every
    # such plan (0 only for plans that repeat a relation). The most even
    # transfers (R8) come from the reversals (a = 4), which keep every pair
    # adjacent or non-adjacent as before: R9 is 10. Those are the bounds.
    plans = list(_single_table_plans(5, 2, [[[1, 2, 3, 4, 5]]]))
    best = min(plans, key=score_plan)
    p = proof(best, 1)
    assert (p["R7"].bound, p["R9"].bound) == (1, 10)
    assert all(r.optimal for r in p.values())
    assert lower_bounds(best, 1).R7 == 0  # alone, a plan can keep nobody in their seat


def test_seat_proves_round_two_of_a_five_player_event_optimal(tmp_path):
    cup = tmp_path / "cup.xlsx"
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn Ash\nBob Birch\nCy Cedar\nDi Dogwood\nEd Elm\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["new", str(cup), "--players", str(players)]).exit_code == 0
    for k in (1, 2):
        res = CliRunner().invoke(main, ["seat", str(cup), "--round", str(k)])
        assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    for rule, figure in (("R7", "1"), ("R9", "10")):
        assert any(line.split()[:2] == [rule, figure] and line.endswith(": optimal") for line in lines), rule
    assert "proven optimal on every criterion: no plan is better, rule by rule" in res.output


def _seat_orders(grouping):
    """Every seat order of every table of a round."""
    for orders in itertools.product(*(itertools.permutations(t) for t in grouping)):
        yield [list(t) for t in orders]


@pytest.mark.parametrize("dropped, meet_again, r3_variance", [
    # round 1: {1 2 3 4 5} {6 7 8 9}; round 2: the 8 others at two tables of 4.
    # Player 1 drops: 4 of round 1's 5-table and the 4 of its 4-table play
    # on; each table of 4 takes them from those two groups, 2 + 2 at best:
    # 2 pairs a table meet again, 4 in all. VPs per round: 2 to 5 4.5, 6 to
    # 9 4, player 1 (one game) 5: mean 13/3, variance (4/9 + 4/36 + 4/9)/9 = 1/9.
    (1, 4, Fraction(1, 9)),
    # player 9 drops: 5 and 3 play on. The 5 split 3 + 2 at best (4 + 1
    # makes 6 pairs), the 3 then 1 + 2 (the tables hold 4): 3 pairs at
    # one table, 1 + 1 at the other, 5 in all. VPs: 1 to 5 4.5, 6 to 9 4
    # (9 in one game): mean 77/18, variance (5 (4/18)^2 + 4 (5/18)^2)/9 = 5/81.
    (9, 5, Fraction(5, 81)),
])
def test_bounds_after_a_drop_hold_against_every_plan(dropped, meet_again, r3_variance):
    first = [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    present = [p for p in range(1, 10) if p != dropped]
    plans = [[first, rnd] for g in _groupings(present, [4, 4]) for rnd in _seat_orders(g)]
    assert len(plans) == 35 * 24 * 24
    best = _best_by_rule(plans)
    bounds = lower_bounds(plans[0], 1)
    for rule in RULES:
        assert bounds.exact(rule) <= best[rule], rule
    assert bounds.R2 == bounds.R4 == best["R2"] == best["R4"] == meet_again
    assert bounds.r3_variance == best["R3"] == r3_variance
    assert bounds.r8_variance > 0  # the transfers of round 1 stay: round 2 cannot even them all out


def test_bounds_after_a_late_arrival_hold_against_every_plan():
    # round 1: {1 2 3 4} {5 6 7 8}; player 9 arrives for round 2 (a 5 and a
    # 4). The 4-table takes 2 + 2 of round 1's tables at best (2 pairs meet
    # again), the 5-table the newcomer and 2 + 2 (2 more): 4 in all.
    # VPs per round: with the newcomer at the 4-table, 1 to 8 have 4.5 (5
    # of them) or 4 (3), the newcomer 4: variance 5/81 (as after a drop,
    # above); at the 5-table: 4 at 4.5, 4 at 4, the newcomer 5: 1/9.
    first = [[1, 2, 3, 4], [5, 6, 7, 8]]
    groupings = list(_groupings(9, [5, 4]))
    best = _best_by_rule([[first, g] for g in groupings])  # R2, R3, R4: the seat order does not count
    bounds = lower_bounds([first, groupings[0]], 1)
    for rule in ("R2", "R3", "R4"):
        assert bounds.exact(rule) <= best[rule], rule
    assert bounds.R2 == bounds.R4 == best["R4"] == 4
    assert bounds.r3_variance == best["R3"] == Fraction(5, 81)
    # the other criteria hang on seats: every seat order of a sample of the groupings
    plans = [[first, rnd] for g in groupings[::7] for rnd in _seat_orders(g)]
    best = _best_by_rule(plans)
    for rule in RULES:
        assert bounds.exact(rule) <= best[rule], rule
    assert bounds.r8_variance > 0


def test_bounds_over_three_rounds_with_a_drop_hold_against_every_grouping():
    # 9 players, round 1 played ({1..5} {6..9}), player 9 drops: rounds 2
    # and 3 seat the 8 others at two tables of 4. Every grouping of both
    # rounds: the best R2, R3 and R4 are at or above the bounds.
    first = [[1, 2, 3, 4, 5], [6, 7, 8, 9]]
    groupings = list(_groupings(list(range(1, 9)), [4, 4]))
    plans = [[first, a, b] for a in groupings for b in groupings]
    best = _best_by_rule(plans)
    bounds = lower_bounds(plans[0], 1)
    for rule in ("R2", "R3", "R4"):
        assert bounds.exact(rule) <= best[rule], rule
    # rounds 1 and 2 share 5 pairs (see the drop above), and so do 1 and 3
    assert bounds.R4 >= 5
    assert bounds.r3_variance > 0


def test_seat_after_a_drop_proves_the_pairs_that_must_meet_again(tmp_path):
    # 20 players: round 1 at four tables of 5; one drops; round 2 seats 19
    # at three tables of 5 and one of 4. Each table of 5 draws its players
    # from round 1's four tables: two of them come from the same one, who
    # met there (pigeonhole), so 3 pairs meet again whatever the plan; the
    # 4-table can take one from each. The seating reaching 3 is optimal on
    # R2 (pairs at one table in both rounds) and R4. VPs: the 4 players
    # at the 4-table have 4.5 per round, the others 5: that spread is forced too.
    cup = tmp_path / "cup.xlsx"
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"Player{k} Name{k}\n" for k in range(1, 21)), encoding="utf-8")
    assert CliRunner().invoke(main, ["new", str(cup), "--players", str(players)]).exit_code == 0
    assert CliRunner().invoke(main, ["seat", str(cup), "--round", "1", "--seed", "1"]).exit_code == 0
    assert CliRunner().invoke(main, ["drop", str(cup), "3"]).exit_code == 0
    res = CliRunner().invoke(main, ["seat", str(cup), "--round", "2", "--seed", "1"])
    assert res.exit_code == 0, res.output
    assert "19 players at 4 tables (3 of 5, 1 of 4)" in res.output
    lines = {line.split()[0]: line for line in res.output.splitlines() if line.startswith("  R")}
    for rule in ("R2", "R4"):
        assert lines[rule].split()[1] == "3" and lines[rule].endswith(": optimal"), lines[rule]
    assert lines["R3"].split()[1] == "0.2" and lines["R3"].endswith(": optimal")
    assert "lower bound 0," not in lines["R8"]  # the transfers of round 1 count



@pytest.mark.parametrize("dropped, met_every_round", [
    # rounds 1 and 2 played: {1..5} {6..10}, then {1 2 3 6 7} {4 5 8 9 10}:
    # the groups who shared both tables are {1 2 3} {4 5} {6 7} {8 9 10}.
    # Round 3's two tables of 5 each draw on those four groups: two of a
    # group at each (pigeonhole), 2 pairs at one table in every round.
    (None, 2),
    # player 10 drops before round 3: groups of 3, 2, 2, 2 for a 5 and a 4;
    # the 5 takes two of a group, the 4 one of each: 1 pair.
    (10, 1),
])
def test_last_round_to_seat_draws_on_those_who_shared_every_table(dropped, met_every_round):
    played = [[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], [[1, 2, 3, 6, 7], [4, 5, 8, 9, 10]]]
    present = [p for p in range(1, 11) if p != dropped]
    groupings = list(_groupings(present, table_sizes(len(present))))
    best = _best_by_rule([[*played, g] for g in groupings])  # R2, R3, R4: the seat order does not count
    bounds = lower_bounds([*played, groupings[0]], 2)
    for rule in ("R2", "R3", "R4"):
        assert bounds.exact(rule) <= best[rule], rule
    assert bounds.R2 == best["R2"] == met_every_round


def test_a_round_of_one_table_counts_its_pairs_that_met_before():
    # 11 players, staggered: round 3 is one table of the 5 who played least;
    # they all meet. Rounds 1 and 2 repeat 1-2 and 3-4; round 3 repeats 8-9
    # (round 1): every seating of round 3 repeats 3 pairs, so "optimal", not a gap.
    rounds = [[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[1, 2, 6, 10], [3, 4, 7, 11]], [[5, 8, 9, 10, 11]]]
    assert score_plan(rounds).R4 == 3
    assert lower_bounds(rounds, 2).R4 == 3
    assert proof(rounds, fixed=2)["R4"].optimal
