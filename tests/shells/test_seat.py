"""`archon seat FILE --round N`: seating an event's rounds in its workbook."""

from __future__ import annotations

import json

import re
import shutil
from collections import Counter

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.rules.model import Event, Player
from archon.seating import score_plan
from archon.formats.workbook import load_event, new_event, write_event
from conftest import REPO, official_file

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def cup(tmp_path):
    """A 25-player 3R+F event in a copy of the official Archon (chart formulas in place)."""
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--players", PLAYERS_CSV, "--template", official_file())
    assert r.exit_code == 0, r.output
    return path


def seated(path):
    ev = load_event(path)
    return {r.number: [list(t.players) for t in r.tables] for r in ev.rounds if r.tables}


def test_three_rounds_seat_everyone_once_with_no_repeated_predator_prey(cup):
    for k in (1, 2, 3):
        r = run("seat", cup, "--round", k, "--seed", 11)
        assert r.exit_code == 0, r.output
        assert f"round {k} seated: 25 players at 5 tables" in r.output
    rounds = seated(cup)
    assert sorted(rounds) == [1, 2, 3]
    for tables in rounds.values():
        players = [p for t in tables for p in t]
        assert sorted(players) == list(range(1, 26))
        assert all(len(t) == 5 for t in tables)
    assert score_plan([rounds[1], rounds[2], rounds[3]]).R1 == 0
    assert run("check", cup).exit_code == 0


def test_first_round_is_random_not_registration_order(cup):
    assert run("seat", cup, "--round", 1, "--seed", 5).exit_code == 0
    first = seated(cup)[1][0]
    assert first != [1, 2, 3, 4, 5]
    assert sorted(first) != list(range(min(first), min(first) + 5))


def test_same_seed_same_seating(cup, tmp_path):
    other = tmp_path / "other.xlsx"
    shutil.copy2(cup, other)
    assert run("seat", cup, "--round", 1, "--seed", 42).exit_code == 0
    assert run("seat", other, "--round", 1, "--seed", 42).exit_code == 0
    assert seated(cup) == seated(other)
    r = run("seat", cup, "--round", 2)  # no seed: one is drawn and printed
    assert "to repeat this seating" in r.output and "--seed" in r.output


def test_seating_one_round_clears_the_charts_later_rounds(cup):
    before = load_event(cup)
    assert {r.number for r in before.rounds if r.tables} == {1, 2, 3}  # the chart's proposal
    r = run("seat", cup, "--round", 1, "--seed", 3)
    assert "chart seating of rounds 2 and 3 is cleared" in r.output
    assert sorted(seated(cup)) == [1]


def test_dropped_players_sit_out_and_late_arrivals_play(cup):
    assert run("seat", cup, "--round", 1, "--seed", 1).exit_code == 0
    ev = load_event(cup)
    ev.player(7).out = "WD"
    ev.players.append(Player(26, "Late", "Arrival"))
    ev.players.append(Player(27, "Later", "Still"))
    write_event(cup, ev)
    r = run("seat", cup, "--round", 2, "--seed", 1)
    assert r.exit_code == 0, r.output
    players = [p for t in seated(cup)[2] for p in t]
    assert 7 not in players and 26 in players and 27 in players
    assert len(players) == len(set(players)) == 26
    assert Counter(len(t) for t in seated(cup)[2]) == Counter({5: 2, 4: 4})


def test_refusals_leave_the_file_unchanged(cup):
    assert run("seat", cup, "--round", 1, "--seed", 2).exit_code == 0
    assert run("result", cup, "--round", 1, "--table", 1, "5", "0", "0", "0", "0").exit_code == 0
    before = cup.read_bytes()
    cases = [  # archon.exits: 1 refused by the event, 2 a round the event does not have
        (["--round", 1], "already has results", 1),
        (["--round", 3], "round 2 is not seated", 1),
        (["--round", 4], "rounds 1 to 3", 2),
    ]
    for args, message, status in cases:
        r = run("seat", cup, *args)
        assert r.exit_code == status and message in r.output and "Traceback" not in r.output
        assert cup.read_bytes() == before
    r = run("seat", cup, "--round", 2, "--dry-run")
    assert r.exit_code == 0 and "dry run: nothing written" in r.output
    assert cup.read_bytes() == before
    r = run("seat", cup, "--round", 1, "--force", "--seed", 9)
    assert r.exit_code == 0, r.output
    # the organizer is told the table 1 result typed above is gone, and how to get it back
    assert f"the previous seating of round 1 is replaced and its results are cleared (archon undo {cup} " \
           "puts them back)" in r.output
    assert all(v is None for t in load_event(cup).round(1).tables for v in t.vps)
    assert run("undo", cup).exit_code == 0
    assert load_event(cup).round(1).tables[0].vps[0] == 5


def test_a_late_player_is_seated_in_round_1_by_the_command_register_names(cup):
    # Rounds 1 and 2 seated ahead, nothing played: "Late Guy" arrives.
    for k in (1, 2):
        assert run("seat", cup, "--round", k, "--seed", 7).exit_code == 0
    r = run("register", cup, "Late Guy")
    assert r.exit_code == 0, r.output
    advice = re.search(r"if round 1 has not started, seat it again \(archon (seat \S+ [^:]*):", r.output)
    assert advice is not None, r.output
    assert advice.group(1) == f"seat {cup} --round 1 --force" and "clears the seating of round 2" in r.output
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 1)  # without --force: refused, saying what --force does
    assert r.exit_code == 1 and cup.read_bytes() == before
    assert "round 2 is already seated (no result yet): add --force to seat round 1 again" in r.output
    r = run(*advice.group(1).split(), "--seed", 8)
    assert r.exit_code == 0, r.output
    assert "the seating of round 2 (no result yet) is cleared: seat it again" in r.output
    assert sorted(seated(cup)) == [1]
    assert sorted(p for t in seated(cup)[1] for p in t) == list(range(1, 27))  # #26 Late Guy plays
    assert run("seat", cup, "--round", 2, "--seed", 8).exit_code == 0
    assert sorted(p for t in seated(cup)[2] for p in t) == list(range(1, 27))


def test_reseating_a_played_round_first_says_it_has_results(cup):
    for k in (1, 2, 3):
        assert run("seat", cup, "--round", k, "--seed", 4).exit_code == 0
    assert run("result", cup, "--round", 1, "--table", 1, "5", "0", "0", "0", "0").exit_code == 0
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 1)
    assert r.exit_code == 1 and cup.read_bytes() == before
    assert r.output.startswith("Error: round 1 already has results: archon will not reseat it (use --force"), r.output
    assert "clear the seating of rounds 2 and 3, not played yet" in r.output
    assert run("result", cup, "--round", 2, "--table", 1, "5", "0", "0", "0", "0").exit_code == 0
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 1, "--force")  # a later round played: --force does not help
    assert r.exit_code == 1 and cup.read_bytes() == before
    assert "round 1 cannot be seated again: round 2 after it already has results" in r.output


def test_a_dry_run_says_how_to_write_the_seating_it_showed(cup):
    assert run("seat", cup, "--round", 1, "--seed", 3).exit_code == 0
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 2, "--dry-run")
    assert r.exit_code == 0 and cup.read_bytes() == before
    assert r.output.startswith("dry run: nothing written; this is what it would do:\nround 2 seated"), r.output
    shown = [[int(n) for n in re.findall(r"(?::|,) (\d+) ", line)]
             for line in r.output.splitlines() if line.startswith("table ")]
    assert len(shown) == 5 and sorted(p for t in shown for p in t) == list(range(1, 26))
    command = re.search(r"^to write this seating: archon (seat .*)$", r.output, re.M)
    assert command is not None, r.output
    args = command.group(1).split()
    assert args[:4] == ["seat", str(cup), "--round", "2"] and args[4] == "--seed"
    assert run(*args).exit_code == 0
    assert seated(cup)[2] == shown


def record(path, round_number, tables):
    """Type a sweep (5 VP to seat 1) at each of ``tables`` of the round."""
    ev = load_event(path)
    for k in tables:
        t = ev.round(round_number).tables[k - 1]
        t.vps = [5] + [0] * (t.size - 1)
    write_event(path, ev)


def test_a_result_missing_in_an_earlier_round_is_warned_by_seat_and_check(cup):
    assert run("seat", cup, "--round", 1, "--seed", 6).exit_code == 0
    record(cup, 1, [1, 2, 3, 4, 5])
    assert run("seat", cup, "--round", 2, "--seed", 6).exit_code == 0
    record(cup, 2, [1, 2, 4, 5])  # table 3's result is forgotten
    r = run("check", cup)  # round 2 is the last seated: table 3 may still be playing
    assert "has no result" not in r.output, r.output
    r = run("seat", cup, "--round", 3, "--seed", 6)
    assert r.exit_code == 0 and sorted(seated(cup)) == [1, 2, 3]  # a warning, not a refusal
    assert f"warning: round 2, table 3 has no result yet: record it (archon result {cup} --round 2 --table 3" in r.output
    r = run("check", cup)
    assert r.exit_code == 1
    missing = [line for line in r.output.splitlines() if "has no result" in line]
    assert missing == [line for line in missing if line.startswith("warning: Round 2!")] and len(missing) == 1, r.output
    assert "round 2, table 3 has no result, and round 3 is already seated" in missing[0]
    data = json.loads(run("check", cup, "--json").output)["problems"]  # a script gets the command to type too
    advice = [p["advice"] for p in data if "has no result" in p["message"]]
    assert advice and advice[0].startswith(f"record it (archon result {cup} --round 2 --table 3"), advice


def test_staggered_event_every_player_plays_two_of_three_rounds(tmp_path):
    path = tmp_path / "small.xlsx"
    new_event(path, Event(name="Seven", preliminary_rounds=3, level="Standard Constructed",
                          players=[Player(n, f"P{n}") for n in range(1, 8)]))
    for k in (1, 2, 3):
        r = run("seat", path, "--round", k, "--seed", 4)
        assert r.exit_code == 0, r.output
        assert "sitting out this round" in r.output
        assert "players at 1 table (1 of" in r.output
    rounds = seated(path)
    games = Counter(p for tables in rounds.values() for t in tables for p in t)
    assert set(games.values()) == {2} and len(games) == 7
    assert all(len(t) in (4, 5) for tables in rounds.values() for t in tables)


def test_print_writes_the_round_seat_list(cup, tmp_path):
    out = tmp_path / "round1.xlsx"
    r = run("seat", cup, "--round", 1, "--seed", 6, "--print", out)
    assert r.exit_code == 0 and out.is_file()
    import openpyxl

    text = " ".join(str(c.value) for row in openpyxl.load_workbook(out).active.iter_rows() for c in row if c.value)
    assert "Kowalski" in text and "Costa" in text


def test_print_target_is_checked_before_the_round_is_seated(cup, tmp_path):
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 1, "--print", tmp_path / "nowhere" / "round1.xlsx")
    assert r.exit_code == 3 and "folder" in r.output and "does not exist" in r.output  # nothing could be written
    assert "Traceback" not in r.output
    r = run("seat", cup, "--round", 1, "--print", cup)  # the seat list never replaces the event
    assert r.exit_code == 3 and "is an Archon event workbook" in r.output
    assert cup.read_bytes() == before  # nothing seated


def test_api_seat_prints_the_seat_list_of_the_round_it_seated(cup, tmp_path):
    import openpyxl

    from archon import api

    rep = api.seat(cup, 1, seed=8, print_to=tmp_path / "round1.xlsx")
    assert rep.printed == tmp_path / "round1.xlsx"
    ev = load_event(cup)
    where = {p: (k, i) for k, t in enumerate(ev.rounds[0].tables, start=1) for i, p in enumerate(t.players, start=1)}
    names = {f"{p.last_name}, {p.first_name}": p.number for p in ev.players}
    ws = openpyxl.load_workbook(rep.printed).active
    rows = [r for r in ws.iter_rows(min_row=3, max_col=3, values_only=True) if r[0]]
    assert sorted(names[n] for n, _, _ in rows) == list(range(1, 26))
    assert all(where[names[n]] == (table, seat) for n, table, seat in rows)
    assert api.seat(cup, 2, seed=8, dry_run=True, print_to=tmp_path / "round2.xlsx").printed is None
    assert not (tmp_path / "round2.xlsx").exists()


def test_the_seating_is_typed_over_the_chart_formulas_and_printed_with_its_score(cup):
    import openpyxl

    r = run("seat", cup, "--round", 1, "--seed", 12)
    assert r.exit_code == 0, r.output
    tables = seated(cup)[1]
    ws = openpyxl.load_workbook(cup)["Round 1"]  # formulas, not cached values
    typed = [ws.cell(row, 1).value for row in range(7, 7 + 25)]  # 5 tables of 5, rows 7 to 31
    assert typed == [p for t in tables for p in t]  # player numbers typed, seat order kept
    assert str(ws["B7"].value).startswith("=")  # the names stay The Archon's formulas
    for k, table in enumerate(tables, start=1):
        assert f"table {k}: {table[0]} " in r.output
    score = re.search(r"^score: (.*)$", r.output, re.M).group(1).split()
    assert score[0::2] == [f"R{k}" for k in range(1, 10)] and score[1] == "0"


def test_the_rounds_played_stay_as_they_were(cup):
    assert run("seat", cup, "--round", 1, "--seed", 13).exit_code == 0
    for t, vps in enumerate([[5, 0, 0, 0, 0], [0, 5, 0, 0, 0], [0, 0, 5, 0, 0], [0, 0, 0, 5, 0], [3, 0, 0, 0, 2]], 1):
        assert run("result", cup, "--round", 1, "--table", t, *vps).exit_code == 0
    before = load_event(cup).round(1)
    assert run("seat", cup, "--round", 2, "--seed", 13).exit_code == 0
    after = load_event(cup)
    assert [(t.players, t.vps) for t in after.round(1).tables] == [(t.players, t.vps) for t in before.tables]
    assert score_plan([seated(cup)[1], seated(cup)[2]]).R1 == 0


def test_after_a_round_played_from_the_archons_chart_a_late_arrival_plays_and_a_dropped_player_sits_out(cup):
    # Round 1 is played as The Archon's chart seats it (its formulas, nothing typed).
    chart = seated(cup)[1]
    for t in range(1, 6):
        assert run("result", cup, "--round", 1, "--table", t, 5, 0, 0, 0, 0).exit_code == 0
    r = run("register", cup, "Late Comer", "--vekn", "1111111")
    assert r.exit_code == 0 and "registered #26 Late Comer" in r.output and "joins from round 2" in r.output
    assert run("drop", cup, "Kowalski").exit_code == 0  # #1
    r = run("seat", cup, "--round", 2, "--seed", 3)
    assert r.exit_code == 0, r.output
    rounds = seated(cup)
    assert rounds[1] == chart  # the round played stays as it was
    players = [p for t in rounds[2] for p in t]
    assert sorted(players) == list(range(2, 27))
    assert score_plan([rounds[1], rounds[2]]).R1 == 0
    assert run("check", cup).exit_code == 0


def test_a_drop_that_leaves_seven_players_seats_five_and_keeps_games_within_one(tmp_path):
    # 8 players, 3R+F; one withdraws after round 1: 7 cannot all end with the
    # same number of games, so each round seats 5 and those who played most sit out.
    path = tmp_path / "eight.xlsx"
    new_event(path, Event(name="Eight", preliminary_rounds=3, level="Standard Constructed",
                          players=[Player(n, f"P{n}", f"L{n}") for n in range(1, 9)]))
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    for t in (1, 2):
        assert run("result", path, "--round", 1, "--table", t, 4, 0, 0, 0).exit_code == 0
    assert run("drop", path, 2).exit_code == 0
    for k in (2, 3):
        r = run("seat", path, "--round", k, "--seed", 1)
        assert r.exit_code == 0, r.output
        assert "players at 1 table (1 of 5)" in r.output and "cannot all end with the same number of games" in r.output
        assert run("result", path, "--round", k, "--table", 1, 5, 0, 0, 0, 0).exit_code == 0
    rounds = seated(path)
    games = Counter(p for k in (2, 3) for t in rounds[k] for p in t) + Counter(p for t in rounds[1] for p in t)
    assert 2 not in [p for k in (2, 3) for t in rounds[k] for p in t]
    assert max(games[p] for p in range(1, 9) if p != 2) - min(games[p] for p in range(1, 9) if p != 2) == 1
    assert score_plan([rounds[1], rounds[2], rounds[3]]).R1 == 0


def _sha(path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_seated_round_is_kept_when_seat_runs_again_and_show_prints_it(cup, tmp_path):
    """Trial finding 1: 'archon seat --round 1' run twice (or again to reprint the
    posted list) drew a new seating and wrote it."""
    import openpyxl

    from archon import api, eventday

    assert run("seat", cup, "--round", 1, "--seed", 4).exit_code == 0
    posted = seated(cup)[1]
    before = _sha(cup)
    refusal = (f"Error: round 1 is already seated (no result yet): archon keeps its seating; 'archon seat {cup} "
               f"--round 1 --show' prints it (add --print OUT.xlsx for its seat list); add --force to draw a new "
               f"seating")
    sheet = tmp_path / "r1.xlsx"
    for extra in ([], ["--json"], ["--print", sheet], ["--seed", 5]):
        r = run("seat", cup, "--round", 1, *extra)
        assert r.exit_code == 1 and r.stderr.strip() == refusal, r.output
        # with --json, standard output has the refusal as one JSON object; else nothing
        said = json.loads(r.stdout) if extra == ["--json"] else None
        assert r.stdout == "" if said is None else said["error"]["text"] == refusal[len("Error: "):]
        assert _sha(cup) == before and not sheet.exists()
    with pytest.raises(eventday.ForceNeeded, match=r"round 1 is already seated \(no result yet\)"):
        api.seat(cup, 1, seed=5)  # the console's seat action: it asks, then sends force
    assert _sha(cup) == before

    # --show prints the seating as it is (from the workbook), and reprints its list
    r = run("seat", cup, "--round", 1, "--show", "--print", sheet)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("round 1 as seated: 25 players at 5 tables\n"), r.output
    names = {p.number: p.name for p in load_event(cup).players}
    for k, table in enumerate(posted, start=1):
        assert f"table {k}: " + ", ".join(f"{p} {names[p]}" for p in table) + "\n" in r.output
    assert f"wrote {sheet} (round 1 seat list)" in r.output and _sha(cup) == before
    listed = [row[0] for row in openpyxl.load_workbook(sheet).active.iter_rows(min_row=3, max_col=1, values_only=True)
              if row[0]]
    assert len(listed) == 25
    data = json.loads(run("seat", cup, "--round", 1, "--show", "--json").output)
    assert [[p["number"] for p in t] for t in data["tables"]] == posted and data["seed"] is None
    # nothing to show, or --show with what draws a seating
    r = run("seat", cup, "--round", 2, "--show")
    assert r.exit_code == 1 and f"round 2 is not seated yet: seat it (archon seat {cup} --round 2)" in r.output
    r = run("seat", cup, "--round", 1, "--show", "--force")
    assert r.exit_code == 2 and "--show prints the round as seated: leave out --seed, --force" in r.output
    assert _sha(cup) == before

    r = run("seat", cup, "--round", 1, "--force", "--seed", 5)
    assert r.exit_code == 0 and "the previous seating of round 1 is replaced" in r.output
    assert seated(cup)[1] != posted


def test_the_advice_after_a_late_arrival_or_a_drop_is_a_command_that_works(cup):
    """Trial finding 5: 'seat it again (archon seat FILE --round 1)' after a late
    registration; seat now keeps a seated round unless --force."""
    assert run("seat", cup, "--round", 1, "--seed", 7).exit_code == 0
    r = run("register", cup, "Late Guy")
    assert r.exit_code == 0, r.output
    advice = re.search(r"if round 1 has not started, seat it again \(archon (seat [^)]*)\)", r.output)
    assert advice is not None and advice.group(1) == f"seat {cup} --round 1 --force", r.output
    assert run(*advice.group(1).split(), "--seed", 8).exit_code == 0
    assert 26 in [p for t in seated(cup)[1] for p in t]
    r = run("drop", cup, "Kowalski")
    assert r.exit_code == 0, r.output
    advice = re.search(r"else seat the round again without them \(archon (seat [^)]*)\)", r.output)
    assert advice is not None and advice.group(1) == f"seat {cup} --round 1 --force", r.output
    assert run(*advice.group(1).split(), "--seed", 8).exit_code == 0
    assert 1 not in [p for t in seated(cup)[1] for p in t]
