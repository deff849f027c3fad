"""The rating across events (Appendix A of the current rules; A.1 of 2001),
worked by hand."""

from __future__ import annotations

import datetime as dt
import math

import pandas as pd
import pytest

from archon.rules.model import Event, Player, Round, Table
from archon.across.rating import elo2001, games_frame, ranking, ratings, results_frame, unrated, window
from archon.across.results import RESULT_COLUMNS, EventResults, event_results
from archon.rules.standings import compute

ANNA, BORIS = "1000001", "1000002"


def result(event_id, date, points, vekn=ANNA, category="constructed", games=3, name="Anna Aal", city="Lyon",
           gw=1, vp=2.0, tp=100.0):
    row = dict(
        event_id=event_id, event=event_id, date=date, level="Standard Constructed", category=category,
        edition="current", entrants=20, sanctioned=True, source=event_id, number=1, vekn=vekn, name=name,
        city=city, rated=vekn is not None, games=games, gw=gw, vp=vp, tp=tp, rank=1, finalist=False,
        winner=False, rating_points=float(points),
    )
    return EventResults(event_id, results=[tuple(row[c] for c in RESULT_COLUMNS)])


def anna_ten_events():
    """Anna's 10 events (points = rating points):

    E1 2024-06-01 40, E2 2024-09-01 10, E3 2024-11-01 20, E4 2024-12-01 30,
    E5 2025-01-01 50, E6 2025-02-01 60, E7 2025-03-01 70, E8 2025-03-15 80,
    E9 2025-04-01 90 (all Constructed), E10 2025-05-01 100 (Limited).
    Boris plays E9 only (55 points); a guest without a VEKN number plays E9.
    """
    dates = ["2024-06-01", "2024-09-01", "2024-11-01", "2024-12-01", "2025-01-01", "2025-02-01",
             "2025-03-01", "2025-03-15", "2025-04-01"]
    points = [40, 10, 20, 30, 50, 60, 70, 80, 90]
    events = [result(f"E{k}", d, p) for k, (d, p) in enumerate(zip(dates, points), start=1)]
    events.append(result("E10", "2025-05-01", 100, category="limited"))
    events.append(result("E9", "2025-04-01", 55, vekn=BORIS, name="Boris Bel", city="Paris"))
    events.append(result("E9", "2025-04-01", 33, vekn=None, name="Guest"))
    return results_frame(events)


def rating_of(frame, as_of, category="constructed", vekn=ANNA):
    return ratings(frame, as_of, category).loc[vekn]


def test_best_8_of_the_9_constructed_events_in_the_window():
    # 2025-11-30: the window (2024-05-30, 2025-11-30] holds E1..E9; E2 (10) is the 9th best: dropped.
    r = rating_of(anna_ten_events(), "2025-11-30")
    assert r["rating"] == 40 + 20 + 30 + 50 + 60 + 70 + 80 + 90  # 440, not 450
    assert (r["counted"], r["played"]) == (8, 9)


def test_the_18_month_window_drops_e1_the_next_day():
    # 2025-12-01: the window starts after 2024-06-01: E1 is out, E2 counts again.
    r = rating_of(anna_ten_events(), "2025-12-01")
    assert r["rating"] == 10 + 20 + 30 + 50 + 60 + 70 + 80 + 90  # 410
    assert (r["counted"], r["played"]) == (8, 8)


def test_constructed_and_limited_are_rated_apart():
    frame = anna_ten_events()
    # Together the best 8 would be 100 + 90 + 80 + 70 + 60 + 50 + 40 + 30 = 520.
    assert rating_of(frame, "2025-11-30")["rating"] == 440
    assert rating_of(frame, "2025-11-30", "limited")["rating"] == 100


def test_twelve_months_without_a_rated_round_leaves_the_ranking_not_the_figures():
    frame = anna_ten_events()
    # 2026-04-15: last Constructed round 2025-04-01 (over 12 months), but a rated
    # (Limited) round on 2025-05-01: still ranked. Window (2024-10-15, ...]: E3..E9.
    r = rating_of(frame, "2026-04-15")
    assert (r["rating"], bool(r["active"])) == (20 + 30 + 50 + 60 + 70 + 80 + 90, True)
    assert ANNA in set(ranking(ratings(frame, "2026-04-15"))["vekn"])
    # 2026-05-15: no rated round since 2025-05-15: out of the ranking, figures kept (E4..E9).
    r = rating_of(frame, "2026-05-15")
    assert (r["rating"], bool(r["active"])) == (30 + 50 + 60 + 70 + 80 + 90, False)
    assert ANNA not in set(ranking(ratings(frame, "2026-05-15"))["vekn"])


def test_ranking_columns_country_filter_and_unrated_rows():
    frame = anna_ten_events()
    table = ranking(ratings(frame, "2025-11-30"))
    assert list(table["vekn"]) == [ANNA, BORIS]
    assert list(table["rank"]) == [1, 2]
    assert list(table.columns) == ["rank", "vekn", "name", "city", "rating", "counted", "played", "games", "gw", "vp"]
    assert list(ranking(ratings(frame, "2025-11-30"), country="paris")["vekn"]) == [BORIS]
    guest = unrated(frame)
    assert list(guest["name"]) == ["Guest"]
    assert "VEKN" in guest["reason"].iloc[0]


def test_a_player_is_matched_by_vekn_number_never_by_name():
    frame = results_frame([result("A", "2025-01-01", 50, name="Anna Aal"),
                           result("B", "2025-02-01", 60, name="Anna Aal", vekn="1000009")])
    r = ratings(frame, "2025-06-01")
    assert sorted(r.index) == [ANNA, "1000009"] and list(r["rating"].sort_index()) == [50, 60]


def test_the_rules_example_50_player_qualifier_counted_as_national():
    # Appendix A.2.1: log15(2500) - 1 + 0.25 = 2.889 - 0.75 = 2.139; the winner's bonus 2.139 x 90 = 193.
    players = [Player(n, f"F{n}", f"L{n}", vekn=f"{2000000 + n}") for n in range(1, 51)]
    tables = [Table(list(range(k, k + 5)), [5, 0, 0, 0, 0]) for k in range(1, 51, 5)]
    ev = Event(name="Qualifier", date=dt.date(2026, 3, 1), level="National Championship",
               players=players, rounds=[Round(1, tables)])
    from archon.rules.model import Final

    ev.final = Final([1, 6, 11, 16, 21], [3, 0, 0, 0, 2])
    st = compute(ev)
    coefficient = st.edition.bonus_coefficient(50, ev.level)
    assert round(coefficient, 3) == 2.139
    winner = st.by_number()[st.winner]
    bonus = winner.rating_points - (5 + 4 * (winner.vp + winner.final_vp) + 8 * (winner.gw + 1))
    assert round(bonus) == 193
    rows = results_frame([event_results(st, "Q")])
    assert rows.loc[rows["vekn"] == "2000001", "rating_points"].iloc[0] == pytest.approx(
        5 + 4 * (5 + 3) + 8 * (1 + 1) + 90 * (math.log(2500, 15) - 1 + 0.25))


def test_elo_2001_worked_by_hand_on_a_5_and_a_4_player_table_with_ties():
    """Appendix A.1 of the 2001-2002 rules, by hand.

    Event 1 (2001-03-01), one table of 5 at 3000 each, VP A 2, B 2, C 1, D 0, E 0.
    Every expectation is 1/2. A: vs B 1/2-1/2, vs C, D, E 1-1/2 each: +32 x 1.5 = +48 -> 3048;
    B the same; C: -1/2 -1/2 +1/2 +1/2 = 0 -> 3000; D: -1/2 x 3 + 0 = -48 -> 2952; E the same.

    Event 2 (2001-04-01), one table of 4: A (3048), D (2952), F, G (new, 3000); VP A 1, D 1, F 2, G 0.
    e(x, y) = 1 / (10^((y - x)/400) + 1):
    A: (1/2 - e(3048, 2952)) + (0 - e(3048, 3000)) + (1 - e(3048, 3000))
    D: (1/2 - e(2952, 3048)) + (0 - e(2952, 3000)) + (1 - e(2952, 3000))
    F: (1 - e(3000, 3048)) + (1 - e(3000, 2952)) + (1 - 1/2) = 1.5 exactly -> 3048
    G: (0 - e(3000, 3048)) + (0 - e(3000, 2952)) + (0 - 1/2) = -1.5 -> 2952
    """
    def e(x, y):
        return 1 / (10 ** ((y - x) / 400) + 1)

    vekn = {c: f"300000{i}" for i, c in enumerate("ABCDEFG", start=1)}

    def event(day, names, vps):
        players = [Player(n, c, "X", vekn=vekn[c]) for n, c in enumerate(names, start=1)]
        return Event(name=day, date=dt.date.fromisoformat(day), edition="2001", level="Standard Constructed",
                     players=players, rounds=[Round(1, [Table(list(range(1, len(names) + 1)), vps)])])

    events = [event_results(compute(event("2001-03-01", "ABCDE", [2, 2, 1, 0, 0])), "one"),
              event_results(compute(event("2001-04-01", "ADFG", [1, 1, 2, 0])), "two")]
    elo = elo2001(games_frame(events), results_frame(events), "2001-12-31")["rating"]
    a = 3048 + 32 * ((0.5 - e(3048, 2952)) + (0 - e(3048, 3000)) + (1 - e(3048, 3000)))
    d = 2952 + 32 * ((0.5 - e(2952, 3048)) + (0 - e(2952, 3000)) + (1 - e(2952, 3000)))
    assert elo[vekn["A"]] == pytest.approx(a) and round(a, 2) == 3039.3
    assert elo[vekn["D"]] == pytest.approx(d) and round(d, 2) == 2960.7
    assert elo[vekn["B"]] == pytest.approx(3048)
    assert elo[vekn["C"]] == pytest.approx(3000)
    assert elo[vekn["E"]] == pytest.approx(2952)
    assert elo[vekn["F"]] == pytest.approx(3048)
    assert elo[vekn["G"]] == pytest.approx(2952)
    # Before event 2 only event 1 counts.
    assert elo2001(games_frame(events), results_frame(events), "2001-03-31")["rating"][vekn["A"]] == pytest.approx(3048)
    # Before every event (an archive of events still to come, 'archon rating --system elo2001'
    # on today's date): nobody is rated yet, and that is an empty ranking, not an IndexError.
    assert elo2001(games_frame(events), results_frame(events), "2001-01-31").empty


def test_league_best_2_ties_share_a_rank_and_gw_vp_orders_by_gw_then_vp_then_tp():
    from archon.across.league import LeagueDefinition, league_standings

    frame = results_frame([
        result("L1", "2026-01-10", 50, gw=1, vp=3, tp=100), result("L2", "2026-01-17", 40, gw=0, vp=2, tp=80),
        result("L3", "2026-01-24", 30, gw=2, vp=1, tp=50),
        result("L1", "2026-01-10", 90, vekn=BORIS, name="Boris Bel", gw=3, vp=0, tp=10),
        result("L2", "2026-01-17", 20, vekn="1000003", name="Cleo", gw=0, vp=0.5, tp=12),
        result("L0", "2025-12-20", 10, vekn="1000003", name="Cleo", gw=5, vp=5, tp=60),  # before the league
    ])
    by_rating = league_standings(frame, LeagueDefinition(best=2, start=dt.date(2026, 1, 1)))
    # Anna 50 + 40 = 90 (30 dropped), Boris 90: tied first; Cleo 20 (her December event is outside).
    assert by_rating[["vekn", "rank", "tied", "points"]].values.tolist() == [
        [ANNA, 1, True, 90.0], [BORIS, 1, True, 90.0], ["1000003", 3, False, 20.0]]
    by_games = league_standings(frame, LeagueDefinition(best=2, points="gw-vp", start=dt.date(2026, 1, 1)))
    # Anna's best 2 by GW then VP: (2 GW, 1 VP, 50 TP) and (1, 3, 100): 3 GW, 4 VP, 150 TP; Boris 3 GW, 0 VP.
    assert by_games[["vekn", "rank", "gw", "vp", "tp"]].values.tolist() == [
        [ANNA, 1, 3, 4.0, 150.0], [BORIS, 2, 3, 0.0, 10.0], ["1000003", 3, 0, 0.5, 12.0]]
