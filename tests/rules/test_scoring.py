"""Table results: legality, status, GW and TP, for every rule edition."""

from __future__ import annotations

from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from archon.rules.editions import EDITIONS
from archon.rules.scoring import COMPLETE, INVALID, OVERRIDDEN, PENDING, VPError, is_legal, legal_results, score_table, table_points

ALL_EDITIONS = sorted(EDITIONS)


# --- The seeds' scoring examples (section 3.7.4 of the current rules; 3.8.4 of
# the 2004 Spanish text and of the 2001 Italian text: the same two examples).


@pytest.mark.parametrize("edition", ALL_EDITIONS)
def test_five_player_example_from_the_rules(edition):
    # A and C oust one prey each (B and D), A, C and E survive to the time limit.
    # Seat order A, B, C, D, E: A's prey is B, C's prey is D.
    r = score_table([1.5, 0, 1.5, 0, 0.5], edition)
    assert r.status == COMPLETE
    assert [s.tp for s in r.seats] == [54, 18, 54, 18, 36]
    assert [s.gw for s in r.seats] == [0, 0, 0, 0, 0]  # tie for first, and under 2 VP


@pytest.mark.parametrize("edition", ALL_EDITIONS)
def test_four_player_example_from_the_rules(edition):
    # A ousts B and survives; C and D survive: third place is the empty seat.
    r = score_table([1.5, 0, 0.5, 0.5], edition)
    assert r.status == COMPLETE
    assert [s.tp for s in r.seats] == [60, 12, 36, 36]
    assert [s.gw for s in r.seats] == [0, 0, 0, 0]


# --- The examples: what the Discord bot and The Archon get wrong.


@pytest.mark.parametrize(
    "vps",
    [[1, 2.5, 0, 0], [1.5, 0, 2, 0, 0.5], [0.5, 0.5, 1, 0.5, 0.5], [2, 0, 1.5, 0]],
)
def test_results_other_tools_reject_are_legal(vps):
    assert is_legal(vps)
    assert score_table(vps).status == COMPLETE


def test_result_other_tools_accept_is_illegal_and_says_which_seats():
    r = score_table([2, 0, 0, 1.5])
    assert not r.legal
    assert r.status == INVALID
    assert "seats 1 and 4" in r.reason
    # The Archon still scores it (its VPs rounded up add up to 4): so does archon.
    assert r.scored
    assert [s.gw for s in r.seats] == [1, 0, 0, 0]


# --- An exhaustive enumeration of every legal outcome, built independently of
# the checker: instead of exploring game states, list every sequence of
# players leaving the game (each ousted or withdrawing), in any order, and how
# the game ends, and add up the VPs.


def enumerate_outcomes(size: int, withdrawal_vp: float) -> set[tuple[float, ...]]:
    outcomes = set()
    seats = list(range(size))
    for k in range(size):  # k players leave before the game ends
        for leavers in permutations(seats, k):
            for kinds in product(("ousted", "withdrew"), repeat=k):
                vp = [0.0] * size
                table = list(seats)  # players still in the game, in seat order
                for who, kind in zip(leavers, kinds):
                    if kind == "ousted":
                        predator = table[(table.index(who) - 1) % len(table)]
                        vp[predator] += 1
                    else:
                        vp[who] += withdrawal_vp
                    table.remove(who)
                if len(table) == 1:
                    vp[table[0]] += 1  # last survivor
                else:
                    for survivor in table:
                        vp[survivor] += 0.5  # time limit
                outcomes.add(tuple(vp))
    return outcomes


@pytest.mark.parametrize("size", [4, 5])
@pytest.mark.parametrize("edition,withdrawal_vp", [("current", 0.5), ("2004", 1.0), ("2001", 1.0)])
def test_checker_agrees_with_exhaustive_enumeration(size, edition, withdrawal_vp):
    expected = enumerate_outcomes(size, withdrawal_vp)
    assert legal_results(size, edition) == expected
    # ... and every other grid point from 0 to the table size is rejected.
    grid = [x / 2 for x in range(0, 2 * size + 1)]
    for vps in product(grid, repeat=size):
        if sum(-(-2 * v // 2) for v in vps) != size:  # cheap pre-filter: Archon's check
            continue
        assert is_legal(vps, edition) == (vps in expected), vps


def test_withdrawal_is_half_a_vp_only_under_the_current_rules():
    # Seat 1 withdraws; seat 2 ousts seats 3 and 4 and is the last survivor.
    assert is_legal([0.5, 3, 0, 0], "current")
    assert not is_legal([0.5, 3, 0, 0], "2001")
    assert is_legal([1, 3, 0, 0], "2001")
    assert not is_legal([1, 3, 0, 0], "current")


# --- Status


def test_missing_vps_are_pending():
    r = score_table([2, None, None, None, None])
    assert r.status == PENDING
    assert not r.scored
    assert all(s.tp is None for s in r.seats)
    assert all(s.gw == 0 for s in r.seats)


def test_blank_table_is_pending():
    assert score_table([None] * 5).status == PENDING


def test_too_many_vps_is_invalid_with_the_total():
    r = score_table([3, 3, 0, 0, 0])
    assert r.status == INVALID
    assert "6" in r.reason and "5" in r.reason
    assert not r.scored


def test_impossible_single_seat_is_named():
    # Five VP at a four-player table cannot happen.
    with pytest.raises(VPError, match="seat 1"):
        score_table([5, 0, 0, 0])


def test_override_scores_a_table_whose_vps_do_not_add_up():
    r = score_table([2, 0, 0.5, 0, None], override="player 3 ejected")
    assert r.status == OVERRIDDEN
    assert r.reason == "player 3 ejected"
    assert r.scored
    # three players tie for 3rd-5th: (36 + 24 + 12) / 3 = 24
    assert [s.tp for s in r.seats] == [60, 24, 48, 24, 24]
    assert [s.gw for s in r.seats] == [1, 0, 0, 0, 0]


@pytest.mark.parametrize(
    "vps,match",
    [
        ([1, 1, 1], "4 or 5"),
        ([1, 1, 1, 1, 1, 0], "4 or 5"),
        ([2.3, 0, 0, 0, 0], "seat 1"),
        ([0, -1, 0, 0, 0], "seat 2"),
        ([0, 0, 0, 0, 6], "seat 5"),
        ([0, float("inf"), 0, 0], "seat 2"),
        ([0, 0, float("nan"), 0], "seat 3"),
    ],
)
def test_malformed_tables_are_errors_naming_the_problem(vps, match):
    with pytest.raises(VPError, match=match):
        score_table(vps)


# --- GW and TP


def test_gw_needs_two_vp_and_strictly_more_than_anyone():
    assert [s.gw for s in score_table([2, 0, 1.5, 0]).seats] == [1, 0, 0, 0]
    assert [s.gw for s in score_table([1.5, 0, 0.5, 0.5]).seats] == [0, 0, 0, 0]
    assert [s.gw for s in score_table([2, 2, 0, 0, 1]).seats] == [0] * 5
    assert [s.gw for s in score_table([3, 0, 0, 0, 2]).seats] == [1, 0, 0, 0, 0]


def test_no_game_wins_under_the_2001_rules():
    assert [s.gw for s in score_table([5, 0, 0, 0, 0], "2001").seats] == [0] * 5
    assert [s.gw for s in score_table([5, 0, 0, 0, 0], "2004").seats] == [1, 0, 0, 0, 0]


def test_four_player_table_skips_third_place():
    assert table_points([3, 1, 0, 0]) == [60, 48, 18, 18]
    assert table_points([0.5, 0.5, 0.5, 0.5]) == [36, 36, 36, 36]
    assert table_points([2, 1, 1, 0]) == [60, 36, 36, 12]


def test_five_player_ties_share_the_average():
    assert table_points([0.5] * 5) == [36] * 5
    assert table_points([2, 1, 1, 1, 0]) == [60, 36, 36, 36, 12]


# --- Properties


def legal_tables(size):
    return st.sampled_from(sorted(legal_results(size)))


@given(legal_tables(5))
def test_complete_five_table_shares_180_tp(vps):
    r = score_table(vps)
    assert r.status == COMPLETE
    assert sum(s.tp for s in r.seats) == 180


@given(legal_tables(4))
def test_complete_four_table_shares_144_tp(vps):
    r = score_table(vps)
    assert sum(s.tp for s in r.seats) == 144


@given(st.one_of(legal_tables(4), legal_tables(5)), st.sampled_from(ALL_EDITIONS))
def test_at_most_one_gw_per_table(vps, edition):
    assert sum(s.gw for s in score_table(vps, edition).seats) <= 1


@settings(max_examples=200)
@given(st.one_of(legal_tables(4), legal_tables(5)), st.integers(0, 4))
def test_rotating_the_seats_keeps_a_result_legal(vps, k):
    k %= len(vps)
    rotated = vps[k:] + vps[:k]
    assert is_legal(rotated)


@settings(max_examples=200)
@given(st.data())
def test_relabelling_seats_moves_gw_and_tp_with_the_player(data):
    size = data.draw(st.sampled_from([4, 5]))
    vps = data.draw(st.lists(st.sampled_from([0, 0.5, 1, 1.5, 2, 2.5, 3]), min_size=size, max_size=size))
    perm = data.draw(st.permutations(range(size)))
    a = score_table(vps, override="judge")
    b = score_table([vps[i] for i in perm], override="judge")
    for j, i in enumerate(perm):
        assert b.seats[j].tp == a.seats[i].tp
        assert b.seats[j].gw == a.seats[i].gw
