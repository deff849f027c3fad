"""The workbook commands end to end: new, standings, check, update."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.model import Event, Final, Override, Player, Round, Table
from archon.serialize import standings_to_dict
from archon.standings import compute
from archon.workbook import write_event
from conftest import REPO, official_file
from test_standings import nine_player_event, with_final

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_new_from_players_csv_numbers_players_in_file_order(tmp_path):
    out = tmp_path / "cup.xlsx"
    r = run("new", out, "--name", "Winter Cup", "--date", "2026-12-05", "--city", "Lyon",
            "--level", "national championship", "--players", PLAYERS_CSV)
    assert r.exit_code == 0, r.output
    data = json.loads(run("standings", out, "--json").output)
    assert data["event"]["name"] == "Winter Cup" and data["event"]["date"] == "2026-12-05"
    assert data["event"]["level"] == "National Championship" and data["event"]["format"] == "3R+F"
    players = sorted(data["players"], key=lambda p: p["number"])
    with open(PLAYERS_CSV, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(players) == len(rows) == 25
    for p, row in zip(players, rows):
        assert (p["first_name"], p["last_name"], p["city"], p["vekn"]) == (
            row["First Name"], row["Last Name"], row["City"], row["VEKN Number"])
    # A fresh event has nothing to fix yet.
    assert run("check", out).exit_code == 0


def test_new_refuses_bad_input_and_writes_nothing(tmp_path):
    out = tmp_path / "x.xlsx"
    for args in (["--format", "4R+F"], ["--date", "5/12/2026"], ["--level", "Worlds"]):
        r = run("new", out, *args)
        assert r.exit_code == 2 and "Traceback" not in r.output
        assert not out.exists()
    bad = tmp_path / "p.csv"
    bad.write_text("Nick,Deck\nx,y\n", encoding="utf-8")
    r = run("new", out, "--players", bad)
    assert r.exit_code == 2 and "line 1" in r.output and not out.exists()


def test_new_refuses_to_overwrite(tmp_path):
    out = tmp_path / "cup.xlsx"
    assert run("new", out).exit_code == 0
    before = out.read_bytes()
    r = run("new", out)
    assert r.exit_code == 2 and "already exists" in r.output
    assert out.read_bytes() == before


@pytest.mark.parametrize("template", ["official", "builtin"])
def test_standings_read_back_what_was_written(tmp_path, template):
    ev = with_final(nine_player_event(name="Round trip"))
    ev.players[0].vekn = "1000001"
    path = tmp_path / "ev.xlsx"
    if template == "official":
        shutil.copy2(official_file(), path)
    else:
        assert run("new", path).exit_code == 0
    write_event(path, ev)
    r = run("standings", path, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    want = standings_to_dict(compute(ev))
    assert got["players"] == want["players"]
    assert got["rounds"] == want["rounds"]
    assert got["final"] == want["final"]
    # the table view and CSV carry the same numbers
    text = run("standings", path).output
    assert "winner: First6 Last6 (#6)" in text
    rows = list(csv.DictReader(io.StringIO(run("standings", path, "--csv").output)))
    assert [int(r["number"]) for r in rows] == [p["number"] for p in want["players"]]
    assert float(rows[0]["rating_points"]) == pytest.approx(want["players"][0]["rating_points"])


def test_check_names_sheet_and_cell_and_exits_1(tmp_path):
    ev = nine_player_event()
    ev.rounds[0].tables[1].vps = [2, 0, 0, 1.5]  # impossible: round 1, table 2 (rows 12-16)
    ev.rounds[1].tables[0].players[4] = 6  # player 6 twice in round 2 (row 11)
    ev.player(3).vekn = "12345"
    path = tmp_path / "ev.xlsx"
    shutil.copy2(official_file(), path)
    write_event(path, ev)
    r = run("check", path)
    assert r.exit_code == 1
    assert "Round 1!E12" in r.output and "seats 1 and 4" in r.output
    assert "Round 2!A11" in r.output and "seated twice" in r.output
    assert "Methuselahs!E9" in r.output and "7 digits" in r.output
    data = json.loads(run("check", path, "--json").output)
    wheres = {p["where"] for p in data}
    assert "Round 1!E12:E16" in wheres  # the table's VP cells
    assert {"Round 2!A11", "Methuselahs!E9"} <= wheres


def test_unreadable_files_exit_2_without_traceback(tmp_path):
    for cmd in ("standings", "check", "update"):
        r = run(cmd, tmp_path / "missing.xlsx")
        assert r.exit_code == 2 and "Traceback" not in r.output and "missing.xlsx" in r.output
    notes = tmp_path / "notes.xlsx"
    notes.write_text("not a workbook")
    r = run("check", notes)
    assert r.exit_code == 2 and "notes.xlsx" in r.output


def test_update_refreshes_results_in_the_builtin_template(tmp_path):
    import openpyxl

    from archon import layout as L

    path = tmp_path / "ev.xlsx"
    assert run("new", path).exit_code == 0
    write_event(path, with_final(nine_player_event()))
    r = run("update", path)
    assert r.exit_code == 0 and "ev.xlsx" in r.output
    wb = openpyxl.load_workbook(path, data_only=True)
    ws = wb[L.METHUSELAHS.sheet]
    # player 6 (row 12) won the final: rating points as archon computes them
    want = {p["number"]: p for p in standings_to_dict(compute(with_final(nine_player_event())))["players"]}
    row = L.METHUSELAHS.first_row + 5
    assert ws[f"{L.METHUSELAHS.number}{row}"].value == 6
    assert ws[f"{L.METHUSELAHS.rating_points}{row}"].value == pytest.approx(want[6]["rating_points"])
