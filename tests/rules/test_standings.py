"""Standings, finalists, the final and rating points, worked by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from archon.rules.model import Event, Final, Override, Player, Round, Table
from archon.rules.scoring import legal_results
from archon.rules.standings import compute
from archon.words.render import PLAIN


def nine_player_event(**kw) -> Event:
    """9 players, 2R+F, every result taken from the rules' examples.

    Round 1: table 1 = players 1-5, player 1 sweeps (5 VP, GW);
             table 2 = players 6-9, [2, 0, 1.5, 0] (player 6 GW).
    Round 2: table 1 = 6, 1, 9, 2, 7 with the five-player example [1.5, 0, 1.5, 0, 0.5];
             table 2 = 3, 8, 4, 5 with the four-player example [1.5, 0, 0.5, 0.5].

    Totals (GW, VP, TP):
      1: 1, 5,   60+18 = 78      6: 1, 3.5, 60+54 = 114
      2: 0, 0,   30+18 = 48      7: 0, 0.5, 18+36 = 54
      3: 0, 1.5, 30+60 = 90      8: 0, 1.5, 48+12 = 60
      4: 0, 0.5, 30+36 = 66      9: 0, 1.5, 18+54 = 72
      5: 0, 0.5, 30+36 = 66
    Ranking: 1, 6, 3, 9, 8, then 4 and 5 tied for 6th, 7 8th, 2 9th.
    """
    ev = Event(
        name="Hand-worked",
        level="Standard Constructed",
        preliminary_rounds=2,
        players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, 10)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9], [2, 0, 1.5, 0])]),
            Round(2, [Table([6, 1, 9, 2, 7], [1.5, 0, 1.5, 0, 0.5]), Table([3, 8, 4, 5], [1.5, 0, 0.5, 0.5])]),
        ],
    )
    for k, v in kw.items():
        setattr(ev, k, v)
    return ev


def with_final(ev: Event) -> Event:
    # Seeds: 1 -> player 1, 2 -> 6, 3 -> 3, 4 -> 9, 5 -> 8.
    # Players 9 and 6 tie on 1.5 final VP: player 6, the better seed, wins.
    ev.final = Final([9, 1, 6, 3, 8], [1.5, 0, 1.5, 0, 0.5])
    return ev


def by_number(standings):
    return {s.number: s for s in standings.players}


def test_preliminary_totals_and_competition_ranking():
    s = by_number(compute(nine_player_event()))
    expected = {
        1: (1, 5, 78, 1), 6: (1, 3.5, 114, 2), 3: (0, 1.5, 90, 3), 9: (0, 1.5, 72, 4),
        8: (0, 1.5, 60, 5), 4: (0, 0.5, 66, 6), 5: (0, 0.5, 66, 6), 7: (0, 0.5, 54, 8),
        2: (0, 0, 48, 9),
    }
    for n, (gw, vp, tp, rank) in expected.items():
        assert (s[n].gw, s[n].vp, s[n].tp, s[n].rank) == (gw, vp, tp, rank), n
        assert s[n].rounds_played == 2


def test_finalists_are_seeded_by_rank():
    st_ = compute(nine_player_event())
    assert st_.finalists == [1, 6, 3, 9, 8]
    s = by_number(st_)
    assert [s[n].seed for n in (1, 6, 3, 9, 8)] == [1, 2, 3, 4, 5]
    assert not s[4].finalist and s[4].seed is None
    # The tie for 6th does not decide anything: it is not reported.
    assert st_.ties == []


def test_final_winner_by_final_vp_then_better_seed():
    st_ = compute(with_final(nine_player_event()))
    assert st_.winner == 6
    s = by_number(st_)
    assert s[6].final_rank == 1
    assert [s[n].final_rank for n in (1, 9, 3, 8)] == [2, 2, 2, 2]
    # non-finalists keep their preliminary rank
    assert [s[n].final_rank for n in (4, 5, 7, 2)] == [6, 6, 8, 9]
    assert s[9].final_vp == 1.5 and s[8].final_vp == 0.5 and s[4].final_vp is None
    # a seat at the final table is a round played
    assert s[6].rounds_played == 3 and s[4].rounds_played == 2


@pytest.mark.parametrize("edition", ["2004", "2001"])
def test_older_editions_place_every_finalist(edition):
    st_ = compute(with_final(nine_player_event(edition=edition)))
    s = by_number(st_)
    # final VP: 6 and 9 on 1.5 (seed 2 before seed 4), 8 on 0.5, 1 and 3 on 0 (seed 1 before 3)
    assert [s[n].final_rank for n in (6, 9, 8, 1, 3)] == [1, 2, 3, 4, 5]


def test_display_order_is_final_rank_then_player_number():
    st_ = compute(with_final(nine_player_event()))
    assert [p.number for p in st_.players] == [6, 1, 3, 8, 9, 4, 5, 7, 2]


def test_rating_points_follow_appendix_a():
    st_ = compute(with_final(nine_player_event()))
    s = by_number(st_)
    c = math.log(9 * 9, 15) - 1  # 9 players entered, no level bonus
    assert s[6].rating_points == pytest.approx(5 + 4 * (3.5 + 1.5) + 8 * (1 + 1) + 90 * c, abs=1e-9)
    assert s[9].rating_points == pytest.approx(5 + 4 * (1.5 + 1.5) + 30 * c, abs=1e-9)
    assert s[1].rating_points == pytest.approx(5 + 4 * 5 + 8 * 1 + 30 * c, abs=1e-9)
    assert s[8].rating_points == pytest.approx(5 + 4 * (1.5 + 0.5) + 30 * c, abs=1e-9)
    assert s[2].rating_points == 5
    assert s[7].rating_points == 7


def test_level_coefficient_and_the_appendix_example():
    # Appendix A: "in a qualifier with 50 players, the coefficient is
    # log15(2500) - 1 + 0.25 = 2.139, so the winner gets 2.139 x 90 = 193".
    from archon.rules.editions import get_edition

    ed = get_edition("current")
    coef = ed.bonus_coefficient(50, "Continental Qualifier")
    assert coef == pytest.approx(2.139, abs=5e-4)
    assert round(coef * 90) == 193
    assert ed.bonus_coefficient(50, "National Championship") == pytest.approx(coef)
    assert ed.bonus_coefficient(50, "Continental Championship") == pytest.approx(coef + 0.75)
    assert ed.bonus_coefficient(50, "Standard Constructed") == pytest.approx(coef - 0.25)


def test_national_championship_raises_finalist_bonus():
    base = by_number(compute(with_final(nine_player_event())))
    nc = by_number(compute(with_final(nine_player_event(level="National Championship"))))
    assert nc[6].rating_points - base[6].rating_points == pytest.approx(90 * 0.25)
    assert nc[9].rating_points - base[9].rating_points == pytest.approx(30 * 0.25)
    assert nc[2].rating_points == base[2].rating_points


def test_players_flagged_out_are_ranked_after_everyone_without_rank():
    ev = nine_player_event()
    ev.player(5).out = "WD"
    s = by_number(compute(ev))
    assert s[5].rank is None and s[5].final_rank is None
    assert s[4].rank == 6 and s[7].rank == 7 and s[2].rank == 8
    assert s[5].vp == 0.5 and s[5].rounds_played == 2  # their results stay
    st_ = compute(ev)
    assert st_.players[-1].number == 5


def test_a_flagged_out_player_cannot_be_a_finalist():
    ev = nine_player_event()
    ev.player(1).out = "DQ"
    st_ = compute(ev)
    assert 1 not in st_.finalists
    # 4 and 5 are tied (0, 0.5, 66) for 5th: a coin toss must decide
    tie = st_.cut_tie
    assert tie is not None and tie.players == (4, 5) and (tie.first, tie.last) == (5, 6)
    assert st_.finalists == [6, 3, 9, 8]
    assert "4" in PLAIN.render(tie.describe(ev)) and "5" in PLAIN.render(tie.describe(ev))


def test_coin_ranking_breaks_the_tie_at_the_cut():
    ev = nine_player_event()
    ev.player(1).out = "DQ"
    ev.player(5).coin = 1
    ev.player(4).coin = 2
    st_ = compute(ev)
    assert st_.cut_tie is None
    assert st_.finalists == [6, 3, 9, 8, 5]
    s = by_number(st_)
    assert (s[5].rank, s[4].rank) == (5, 6)


def test_tie_inside_the_top_five_leaves_seeds_to_a_coin_toss():
    # Everyone times out in both rounds: all ten players tie.
    ev = Event(
        preliminary_rounds=2,
        players=[Player(n) for n in range(1, 11)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4, 5], [0.5] * 5), Table([6, 7, 8, 9, 10], [0.5] * 5)]),
            Round(2, [Table([1, 6, 2, 7, 3], [0.5] * 5), Table([8, 4, 9, 5, 10], [0.5] * 5)]),
        ],
    )
    st_ = compute(ev)
    assert st_.cut_tie is not None and st_.cut_tie.players == tuple(range(1, 11))
    assert st_.finalists == []
    for rank, n in enumerate([3, 1, 4, 2, 5, 6, 7, 8, 9, 10], start=1):
        ev.player(n).coin = rank
    st_ = compute(ev)
    assert st_.ties == [] and st_.finalists == [3, 1, 4, 2, 5]
    assert [by_number(st_)[n].seed for n in (3, 1, 4, 2, 5)] == [1, 2, 3, 4, 5]


def test_fewer_than_five_eligible_players_play_a_final_of_four():
    ev = Event(
        preliminary_rounds=2,
        players=[Player(n) for n in range(1, 6)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0])]),
            Round(2, [Table([2, 3, 4, 5, 1], [5, 0, 0, 0, 0])]),
        ],
    )
    ev.player(5).out = "DQ"
    st_ = compute(ev)
    # Players 1 and 2 tie (1 GW, 5 VP, 90 TP), so do 3 and 4 (0, 0, 60):
    # with four eligible players all four are finalists, the seeds need a toss.
    assert st_.finalists == [1, 2, 3, 4]
    assert all(by_number(st_)[n].seed is None for n in (1, 2, 3, 4))
    assert [(t.players, t.at_cut) for t in st_.ties] == [((1, 2), False), ((3, 4), False)]


def test_event_without_final_ranks_by_preliminary_standings():
    ev = nine_player_event(has_final=False)
    st_ = compute(ev)
    s = by_number(st_)
    assert st_.final is None and st_.winner == 1
    assert s[1].final_rank == 1 and s[2].final_rank == 9
    # no finalist bonus without a final
    assert s[1].rating_points == 5 + 4 * 5 + 8 * 1


def test_pending_table_counts_vp_but_not_gw_tp_or_round():
    ev = nine_player_event()
    ev.rounds[1].tables[1].vps = [1.5, 0, None, None]  # VPs still being typed
    s = by_number(compute(ev))
    # typed VPs count, as in The Archon; TP and the round do not
    assert s[3].vp == 1.5 and s[3].tp == 30 and s[3].rounds_played == 1
    assert s[4].tp == 30 and s[4].rounds_played == 1


def test_overridden_table_is_scored_and_counts_as_a_round():
    ev = nine_player_event()
    ev.rounds[1].tables[1].vps = [2, 0, 0.5, None]  # player 5 ejected mid-game
    ev.overrides.append(Override(2, 2, "player 5 ejected"))
    st_ = compute(ev)
    t = st_.rounds[1].tables[1]
    assert t.status == "overridden" and t.reason == "player 5 ejected"
    s = by_number(st_)
    assert s[3].gw == 1 and s[3].tp == 30 + 60 and s[5].rounds_played == 2


# --- Property: relabelling players changes no result.


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_relabelling_players_changes_no_result(data):
    n = data.draw(st.sampled_from([8, 9, 10, 12, 13]))
    order1 = data.draw(st.permutations(range(1, n + 1)))
    order2 = data.draw(st.permutations(range(1, n + 1)))
    sizes = {8: [4, 4], 9: [5, 4], 10: [5, 5], 12: [4, 4, 4], 13: [5, 4, 4]}[n]

    def tables(order):
        out, i = [], 0
        for size in sizes:
            res = data.draw(st.sampled_from(sorted(legal_results(size))))
            out.append(Table(list(order[i : i + size]), list(res)))
            i += size
        return out

    rounds = [Round(1, tables(order1)), Round(2, tables(order2))]
    ev = Event(preliminary_rounds=2, players=[Player(k) for k in range(1, n + 1)], rounds=rounds)
    relabel = dict(zip(range(1, n + 1), data.draw(st.permutations(range(101, 101 + n)))))
    ev2 = Event(
        preliminary_rounds=2,
        players=[Player(relabel[k]) for k in range(1, n + 1)],
        rounds=[
            Round(r.number, [Table([relabel[p] for p in t.players], list(t.vps)) for t in r.tables])
            for r in rounds
        ],
    )
    a, b = by_number(compute(ev)), by_number(compute(ev2))
    for k in range(1, n + 1):
        x, y = a[k], b[relabel[k]]
        assert (x.gw, x.vp, x.tp, x.rank, x.rounds_played) == (y.gw, y.vp, y.tp, y.rank, y.rounds_played)
        assert x.rating_points == pytest.approx(y.rating_points)


def test_an_absurd_vp_typed_is_reported_on_its_table_not_a_crash():
    ev = nine_player_event()
    ev.rounds[0].tables[1].vps = [2, 1e308, 1.5, 0]  # a slip of the keyboard
    st = compute(ev)
    table = st.rounds[0].tables[1]
    assert table.result is None and "seat 2" in table.error
    assert by_number(st)[7].vp == 1e308  # counted as typed, as The Archon sums the VPs


@pytest.mark.parametrize("edition,top", [("current", [1, 3, 6]), ("2004", [3, 6, 1]), ("2001", [3, 6, 1])])
def test_the_editions_rank_by_their_own_keys(edition, top):
    # Player 1 wins a game (2 VP, GW) and scores 0 next round; player 3 scores 1.5 twice
    # (no GW): GW first under the current rules, VP then TP under the 2004 and 2001 rules.
    # TP: player 6 36 + 54 = 90, player 1 60 + 18 = 78.
    ev = Event(
        level="Standard Constructed",
        preliminary_rounds=2,
        edition=edition,
        players=[Player(n, f"F{n}", f"L{n}") for n in range(1, 9)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4], [2, 0, 1.5, 0]), Table([5, 6, 7, 8], [0.5] * 4)]),
            Round(2, [Table([3, 5, 6, 1], [1.5, 0, 1.5, 0]), Table([2, 7, 4, 8], [0.5] * 4)]),
        ],
    )
    st_ = compute(ev)
    assert [s.number for s in st_.players[:3]] == top
    assert [s.rank for s in st_.players[:3]] == [1, 2, 3]
    s = by_number(st_)
    assert (s[1].gw, s[1].vp, s[1].tp) == ((0 if edition == "2001" else 1), 2, 78)
    assert (s[6].vp, s[6].tp) == (2, 90)
