"""Seating: the nine criteria on hand-worked plans, the planner's promises,
and ``archon plan``.

Expected figures are worked out by hand in the comments (seat 1 plays first;
each seat's prey is the next seat, the last seat's prey is seat 1; first-turn
transfers 1, 2, 3, 4, 4 by seat).
"""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from archon import seating
from archon.cli import main
from archon.seating import SeatingError, plan, score_plan, table_sizes


# ---------------------------------------------------------------------------
# The criteria, worked by hand


def test_same_four_table_twice_in_the_same_order():
    # 1 2 3 4 twice. Prey twice: 2 of 1, 3 of 2, 4 of 3, 1 of 4 -> R1 = 4.
    # Every pair meets in both rounds -> R2 = R4 = 6. Cross-table twice:
    # (1, 3) and (2, 4) -> R6 = 4 + 2. Everyone in the same seat twice -> R7 = 4.
    # Transfers per round 1, 2, 3, 4: mean 2.5, variance 1.25.
    # Adjacent twice: 1-2, 2-3, 3-4, 4-1; non-adjacent twice: 1-3, 2-4 -> R9 = 6.
    s = score_plan([[[1, 2, 3, 4]], [[1, 2, 3, 4]]])
    assert (s.R1, s.R2, s.R4, s.R5, s.R6, s.R7, s.R9) == (4, 6, 6, 0, 6, 4, 6)
    assert s.R3 == 0
    assert s.R8 == pytest.approx(math.sqrt(1.25))


def test_being_each_others_prey_in_different_rounds_is_allowed():
    # Round 1: 1 2 3 4 (2 is 1's prey, 3 is 2's, 4 is 3's, 1 is 4's).
    # Round 2: 2 1 4 3 (1 is 2's prey, 4 is 1's, 3 is 4's, 2 is 3's):
    # every prey relation is reversed, so R1 = 0; 1-3 and 2-4 sit
    # cross-table twice -> R6 = 2. Seats: 1: 1,2  2: 2,1  3: 3,4  4: 4,3 ->
    # R7 = 0. Transfers per round 1.5, 1.5, 3.5, 3.5: variance 1.
    s = score_plan([[[1, 2, 3, 4]], [[2, 1, 4, 3]]])
    assert (s.R1, s.R2, s.R4, s.R6, s.R7, s.R9) == (0, 6, 6, 2, 0, 6)
    assert s.R8 == pytest.approx(1.0)


def test_five_table_relations_fifth_seat_and_transfers():
    # Round 1: 1 2 3 4 5; round 2: 2 3 4 1 5.
    # Same relation twice: 3 is 2's prey, 4 is 3's prey (R1 = 2) and 4 is
    # 2's grand-prey (R6 = 3). Adjacent twice: 2-3, 3-4, 1-5; non-adjacent
    # twice: 1-3, 2-4, 3-5 -> R9 = 6. Player 5 in seat 5 twice -> R5 = 1,
    # R7 = 1. Transfers: 1+4, 2+1, 3+2, 4+3, 4+4 -> per round 2.5, 1.5, 2.5,
    # 3.5, 4: mean 2.8, variance 3.8 / 5 = 0.76.
    s = score_plan([[[1, 2, 3, 4, 5]], [[2, 3, 4, 1, 5]]])
    assert (s.R1, s.R2, s.R4, s.R5, s.R6, s.R7, s.R9) == (2, 10, 10, 1, 3, 1, 6)
    assert s.R8 == pytest.approx(math.sqrt(0.76))
    r1 = {(i.player, i.other, i.relation) for i in s.issues["R1"]}
    assert r1 == {(2, 3, "prey"), (3, 4, "prey")}
    assert [(i.player, i.seat, i.rounds) for i in s.issues["R5"]] == [(5, 5, (1, 2))]


def test_available_vps_spread():
    # 9 players: player 1 sits at a 5 twice (5 VPs per round), the eight
    # others once at a 5 and once at a 4 (4.5). Mean 41/9; variance
    # (25 + 8 * 20.25) / 9 - (41/9)^2 = 2/81 -> R3 = sqrt(2) / 9.
    s = score_plan([
        [[1, 2, 3, 4, 5], [6, 7, 8, 9]],
        [[6, 7, 8, 9, 1], [2, 3, 4, 5]],
    ])
    assert s.R3 == pytest.approx(math.sqrt(2) / 9)
    assert s.R4 == 0 + 6 + 6  # 2-3-4-5 and 6-7-8-9 meet again: 6 pairs each


def test_available_vps_issues_name_players_far_from_the_mean():
    # Players 1-5 sit at a 5-table in both rounds (5 VPs per round), 6-9 at
    # a 4-table in both (4): mean 41/9 = 4.56. As krcg flags them, players
    # more than 1/2 (1 / rounds) from the mean: 6-9 (0.56 below); 1-5 are
    # 0.44 above.
    s = score_plan([[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[5, 4, 3, 2, 1], [9, 8, 7, 6]]])
    assert [(i.player, i.rounds) for i in s.issues["R3"]] == [(p, (1, 2)) for p in (6, 7, 8, 9)]
    assert str(s.issues["R3"][0]) == (
        "player 6 has 4 VPs available per round played against a mean of 4.56 (4-player tables in rounds 1 and 2)")
    # The spread of test_available_vps_spread: 1 at 5, the others at 4.5,
    # mean 4.56: nobody is 1/2 away.
    assert score_plan([[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[6, 7, 8, 9, 1], [2, 3, 4, 5]]]).issues["R3"] == ()
    # Rounds played count: player 5 plays only round 1, at a 5-table (5 per
    # round); players 1-4 play a 5 and a 4 (4.5): mean 4.6, nobody 1/2 away.
    assert score_plan([[[1, 2, 3, 4, 5]], [[2, 1, 4, 3]]]).issues["R3"] == ()


def test_rounds_played_normalise_the_spreads():
    # Player 5 plays only round 1 (a 5-table, seat 5): 5 VPs and 4 transfers
    # per round played. Players 1-4 play both rounds: 5 + 4 = 4.5 per round.
    # VPs: four at 4.5, one at 5: mean 4.6, variance (4 * 0.01 + 0.16) / 5 = 0.04.
    s = score_plan([[[1, 2, 3, 4, 5]], [[2, 1, 4, 3]]])
    assert s.R3 == pytest.approx(0.2)


def test_opponents_in_every_round():
    # Three rounds; tables {1..5}/{6..9}, {1,2,3,6,7}/{4,5,8,9},
    # {1,2,4,6,8}/{3,5,7,9}: only 1 and 2 share all three (1, 2, 3 share the
    # first two, 4 and 5 the first and last...).
    rounds = [
        [[1, 2, 3, 4, 5], [6, 7, 8, 9]],
        [[2, 1, 6, 7, 3], [4, 5, 8, 9]],
        [[1, 4, 2, 6, 8], [3, 5, 7, 9]],
    ]
    s = score_plan(rounds)
    assert [(i.player, i.other) for i in s.issues["R2"]] == [(1, 2)]
    assert all(len(i.rounds) == 3 for i in s.issues["R2"])
    assert (1, 2) in {(i.player, i.other) for i in s.issues["R4"]}


def test_scores_compare_rule_by_rule():
    worse_r1 = score_plan([[[1, 2, 3, 4]], [[1, 2, 3, 4]]])
    better = score_plan([[[1, 2, 3, 4]], [[2, 1, 4, 3]]])
    assert better < worse_r1
    assert better.first_difference(worse_r1) == "R1"
    assert seating.compare_scores(better, worse_r1) == -1
    assert seating.compare_scores(better, better) == 0


def test_issues_name_players_and_rounds():
    s = score_plan([[[1, 2, 3, 4]], [[1, 2, 3, 4]]])
    assert "player 2 is player 1's prey in rounds 1 and 2" in [str(i) for i in s.issues["R1"]]


@pytest.mark.parametrize(
    "rounds, message",
    [
        ([[[1, 2, 3]]], "round 1, table 1: 3 players"),
        ([[[1, 2, 3, 4, 5, 6]]], "round 1, table 1: 6 players"),
        ([[[1, 2, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 1]]], "round 2: player 1 is seated at tables 1 and 2"),
    ],
)
def test_a_plan_that_cannot_be_scored_says_where(rounds, message):
    with pytest.raises(SeatingError, match=message):
        score_plan(rounds)


# ---------------------------------------------------------------------------
# Table sizes and staggered plans


@pytest.mark.parametrize("n, sizes", [(4, [4]), (5, [5]), (8, [4, 4]), (9, [5, 4]), (13, [5, 4, 4]),
                                      (16, [4, 4, 4, 4]), (17, [5, 4, 4, 4]), (20, [5, 5, 5, 5])])
def test_as_many_fives_as_possible(n, sizes):
    assert table_sizes(n) == sizes


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 11])
def test_no_table_of_three_or_six(n):
    with pytest.raises(SeatingError):
        table_sizes(n)


@pytest.mark.parametrize("n, rounds, games", [(6, 3, 2), (7, 3, 2), (11, 3, 2), (9, 3, 2), (12, 4, 3)])
def test_staggered_plans_give_everyone_the_same_number_of_games(n, rounds, games):
    p = plan(n, rounds, seed=1, sit_out=True, games=games, effort=0.3)
    played = {k: 0 for k in range(1, n + 1)}
    for rnd in p:
        assert sorted(len(t) for t in rnd) == sorted(table_sizes(sum(len(t) for t in rnd)))
        for table in rnd:
            for q in table:
                played[q] += 1
    assert set(played.values()) == {games}
    assert len(p) == rounds


def test_six_seven_and_eleven_are_staggered_without_asking():
    for n in (6, 7, 11):
        p = plan(n, 3, seed=2, effort=0.3)
        assert {sum(len(t) for t in rnd) for rnd in p} != {n}


def test_staggered_round_sizes_and_who_sits_out():
    # 7 players, 2 games each in 3 rounds: 14 seats, as even as possible
    assert seating.staggered_round_sizes(7, 3) == [5, 5, 4]
    schedule = seating.sit_out_schedule(list(range(1, 8)), 3, games=2, seed=1)
    assert [len(r) for r in schedule] == [5, 5, 4]
    assert all(sum(p in r for r in schedule) == 2 for p in range(1, 8))


def test_asking_for_fewer_games_than_rounds_staggers_the_plan():
    p = plan(10, 3, games=2, seed=1, effort=0.3)
    assert [sum(len(t) for t in rnd) for rnd in p] != [10, 10, 10]


def test_an_impossible_staggered_plan_says_what_would_work():
    with pytest.raises(SeatingError, match="3 rounds where each player plays 2 would work"):
        plan(6, 2, seed=1)


# ---------------------------------------------------------------------------
# The planner


def _check_shape(p, players, rounds):
    assert len(p) == rounds
    for rnd in p:
        seated = [q for t in rnd for q in t]
        assert sorted(seated) == sorted(players)
        assert [len(t) for t in rnd] == table_sizes(len(players))


@pytest.mark.parametrize("n", [5, 8, 9, 10, 12, 13, 17, 21, 26, 33, 57])
def test_no_repeated_predator_prey_three_rounds(n):
    p = plan(n, 3, seed=n, effort=0.3)
    _check_shape(p, list(range(1, n + 1)), 3)
    assert score_plan(p).R1 == 0


@pytest.mark.parametrize("n", [4, 9, 14, 23, 40])
def test_no_repeated_predator_prey_two_rounds(n):
    p = plan(n, 2, seed=n, effort=0.3)
    _check_shape(p, list(range(1, n + 1)), 2)
    assert score_plan(p).R1 == 0


def test_larger_events_meet_each_opponent_once():
    s = score_plan(plan(100, 3, seed=3, effort=0.5))
    assert (s.R1, s.R2, s.R4, s.R5, s.R6, s.R7, s.R9) == (0, 0, 0, 0, 0, 0, 0)
    assert s.R3 == 0  # 100 players: 20 tables of 5 every round


def test_same_seed_same_plan():
    assert plan(23, 3, seed=42, effort=0.3) == plan(23, 3, seed=42, effort=0.3)
    assert plan(23, 3, seed=42, effort=0.3) != plan(23, 3, seed=43, effort=0.3)


def test_first_round_is_a_random_draw():
    p = plan(20, 1, seed=5)
    assert [q for t in p[0] for q in t] != list(range(1, 21))


def test_one_more_round_keeps_the_rounds_played():
    played = plan(18, 2, seed=9, effort=0.3)
    full = plan(18, 3, seed=1, fixed_rounds=played, effort=0.3)
    assert full[:2] == played
    _check_shape(full, list(range(1, 19)), 3)
    s = score_plan(full)
    assert s.R1 == 0 and s.R2 == 0  # nobody shares a table in all three rounds


def test_dropped_players_and_late_arrivals():
    played = plan(17, 2, seed=4, effort=0.3)
    present = [p for p in range(1, 18) if p not in (3, 11)] + [31, 32, 33, 34]  # 2 drop, 4 arrive
    full = plan(present, 3, seed=4, fixed_rounds=played, effort=0.3)
    assert full[:2] == played
    assert sorted(q for t in full[2] for q in t) == sorted(present)
    assert [len(t) for t in full[2]] == table_sizes(19)
    assert score_plan(full).R1 == 0


def test_a_plan_found_again_in_the_same_process_is_the_one_a_new_process_searches():
    # the console seats round after round in one process and finds again
    # the plans it searched; what it hands out must be what the command
    # (a new process) gives, even when a caller changed an earlier copy
    from archon.seating.planner import forget_plans

    played = [plan(13, 3, seed=2)[0]]
    present = [p for p in range(1, 14) if p != 4] + [14]  # a drop and a late arrival: searched
    first = plan(present, 3, fixed_rounds=played)
    first[1][0][0] = 999
    again = plan(present, 3, seed=5, fixed_rounds=played)
    forget_plans()
    fresh = plan(present, 3, seed=6, fixed_rounds=played)
    assert again == fresh
    assert 999 not in {p for rnd in again for t in rnd for p in t}
    assert sorted(p for t in again[1] for p in t) == sorted(present)


def test_the_next_round_is_the_plans_round_after_those_played():
    played = plan(17, 1, seed=4)
    present = [p for p in range(1, 18) if p != 3] + [31]  # a drop and a late arrival
    assert seating.next_round(present, 3, seed=8, fixed_rounds=played) == plan(
        present, 3, seed=8, fixed_rounds=played)[1]


@pytest.mark.parametrize("n", [70, 97, 300])
def test_a_first_round_drawn_alone_still_leads_to_the_best_plan(n):
    # sizes the library does not keep: the first round is drawn without
    # planning the later ones, and the rounds seated after it lose nothing
    first = seating.next_round(n, 3, seed=n)
    assert sorted(q for t in first for q in t) == list(range(1, n + 1))
    assert [len(t) for t in first] == table_sizes(n)
    second = seating.next_round(n, 3, seed=1, fixed_rounds=[first])
    third = seating.next_round(n, 3, seed=2, fixed_rounds=[first, second])
    s = score_plan([first, second, third])
    assert (s.R1, s.R2, s.R4, s.R5, s.R6, s.R7, s.R9) == (0,) * 7  # nobody meets twice, no seat twice


def test_a_first_round_of_a_staggered_event_is_part_of_its_plan():
    # 6 players over 3 rounds: who sits out round 1 decides the rest
    first = seating.next_round(6, 3, seed=3)
    assert len([q for t in first for q in t]) == 4


def test_player_numbers_need_not_start_at_one():
    players = [101, 205, 306, 407, 512, 613, 714, 815, 916]
    p = plan(players, 3, seed=1, effort=0.3)
    _check_shape(p, players, 3)


def test_progress_reaches_the_end():
    seen = []
    plan(30, 3, seed=1, effort=0.3, progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert seen == sorted(seen)


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 3, "rounds": 3}, "3 players"),
    ({"players": [1, 2, 3, 4, 4], "rounds": 3}, "player 4 is listed twice"),
    ({"players": 8, "rounds": 0}, "0 rounds"),
])
def test_impossible_requests(kwargs, message):
    with pytest.raises(SeatingError, match=message):
        plan(**kwargs, seed=1)


# ---------------------------------------------------------------------------
# archon plan


def test_cli_json_shape():
    res = CliRunner().invoke(main, ["plan", "9", "--rounds", "2", "--seed", "3", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert list(data) == ["schema", "players", "rounds", "score", "bounds", "optimal", "gaps"]
    assert data["players"] == 9
    assert [sorted(q for t in rnd for q in t) for rnd in data["rounds"]] == [list(range(1, 10))] * 2
    assert list(data["score"]) == [f"R{k}" for k in range(1, 10)]
    assert data["score"]["R1"] == 0
    assert data["score"] == score_plan(data["rounds"]).as_dict()


def test_cli_same_seed_same_output():
    a = CliRunner().invoke(main, ["plan", "14", "--seed", "8", "--json"])
    b = CliRunner().invoke(main, ["plan", "14", "--seed", "8", "--json"])
    assert a.exit_code == 0 and a.stdout == b.stdout


def test_cli_archon_layout_ready_to_paste():
    res = CliRunner().invoke(main, ["plan", "13", "--rounds", "2", "--seed", "1", "--archon"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        cells = line.split("\t")
        assert len(cells) == 15  # one 5-table then two 4-tables, 5 slots each
        assert cells[9] == "" and cells[14] == ""  # the empty 5th slots
        assert sorted(int(c) for c in cells if c) == list(range(1, 14))


def test_cli_text_names_the_sit_outs_and_the_seed():
    res = CliRunner().invoke(main, ["plan", "7", "--seed", "2"])
    assert res.exit_code == 0, res.output
    assert "sitting out:" in res.stdout
    assert "--seed 2 gives this plan again" in res.stdout
    assert "R1" in res.stdout and "R9" in res.stdout


@pytest.mark.parametrize("args", [["3"], ["8", "--rounds", "0"], ["8", "--rounds", "6"],
                                  ["6", "--rounds", "1"], ["8", "--json", "--archon"]])
def test_cli_bad_input_exit_2_with_one_line(args):
    res = CliRunner().invoke(main, ["plan", *args])
    assert res.exit_code == 2
    assert res.stderr.count("\n") == 1 and res.stderr.startswith("Error:")
    if "--json" in args:  # a script asked for JSON: the refusal as one object too
        said = json.loads(res.stdout)
        assert said["ok"] is False and said["exit_status"] == 2
        assert "Error: " + said["error"]["text"] == res.stderr.strip()
    else:
        assert res.stdout == ""


def test_a_time_budget_still_gives_a_whole_plan():
    # A budget far below what the search takes for 18 players cuts it short:
    # the plan is still complete and legal (tables of 4 and 5, everyone once).
    p = plan(18, 3, seed=2, time_budget=0.01)
    _check_shape(p, list(range(1, 19)), 3)
    res = CliRunner().invoke(main, ["plan", "18", "--seed", "2", "--time-budget", "0.01", "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["players"] == 18
    res = CliRunner().invoke(main, ["plan", "18", "--time-budget", "0"])
    assert res.exit_code == 2 and "time budget" in res.output


def test_same_seed_same_plan_in_another_process_whatever_its_hash_seed():
    # "The same inputs and seed give the same plan on any machine": nothing
    # may depend on Python's per-process string hashing.
    import os
    import subprocess
    import sys

    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        proc = subprocess.run([sys.executable, "-m", "archon.cli", "plan", "14", "--seed", "8", "--json"],
                              capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]
    in_process = CliRunner().invoke(main, ["plan", "14", "--seed", "8", "--json"])
    assert in_process.stdout == outs[0]


def test_cli_archon_lines_pasted_into_the_chart_sheet_give_the_plan(tmp_path):
    # "Ready to paste": each line pasted at column F of its round's line in
    # The Archon's 3R+F chart block for N makes that block the plan (11
    # players: staggered, with 4-player tables and their empty 5th slots).
    n = 11
    import shutil

    import openpyxl

    from archon.formats import charts
    from archon.formats import layout
    from conftest import official_file

    path = tmp_path / "archon.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    lines = CliRunner().invoke(main, ["plan", str(n), "--seed", "4", "--archon"]).stdout.splitlines()
    plan_json = json.loads(CliRunner().invoke(main, ["plan", str(n), "--seed", "4", "--json"]).stdout)
    chart = layout.CHARTS[3]
    wb = openpyxl.load_workbook(path)
    ws = wb[chart.sheet]
    first = charts.column_number(chart.first_seat_col)
    for k, line in enumerate(lines, start=1):
        row = layout.chart_block_row(chart, n) + k
        for col in range(first, first + 30):
            ws.cell(row, col).value = None
        for col, cell in enumerate(line.split("\t"), start=first):
            ws.cell(row, col).value = int(cell) if cell else None
    wb.save(path)
    assert charts.chart_plan(path, 3, n) == plan_json["rounds"]


@pytest.mark.parametrize("n", [6, 7, 11])
def test_two_round_plan_of_6_7_or_11_players_is_the_charts_three_rounds_of_two_games(n):
    # no round seats 6, 7 or 11 at tables of 4 and 5, nor can each play 1 of
    # 2 rounds (3, 3.5, 5.5 players a round): The Archon's 2R+F chart seats
    # them in 3 rounds of which each plays 2
    res = CliRunner().invoke(main, ["plan", str(n), "--rounds", "2", "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    rounds = json.loads(res.stdout)["rounds"]
    assert len(rounds) == 3
    games = {p: sum(p in t for rnd in rounds for t in rnd) for p in range(1, n + 1)}
    assert set(games.values()) == {2}
    text = CliRunner().invoke(main, ["plan", str(n), "--rounds", "2", "--seed", "1"]).output
    assert f"{n} players cannot all sit in each of 2 rounds: 3 rounds of which each plays 2" in text


def test_one_round_of_6_players_says_what_would_work():
    res = CliRunner().invoke(main, ["plan", "6", "--rounds", "1"])
    assert res.exit_code == 2
    assert "6 players cannot sit at tables of 4 and 5 in one round: plan 3 rounds where each plays 2" in res.output
