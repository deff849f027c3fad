"""Input that used to be accepted when it should not: players with no name or
the same name passing 'archon check', a VP of 1e308 giving an infinite
rating, 'plan 100000' filling the memory, a negative time budget.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon.formats import layout as L
from archon.api import MAX_PLAN_PLAYERS
from archon.cli import main
from archon.exits import ExitStatus
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event, write_event
from conftest import REPO, official_file, without_folders


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in r.output, r.output
    return r


def book(tmp_path: Path, ev: Event, official: bool = True) -> Path:
    path = tmp_path / "event.xlsx"
    if official:
        shutil.copyfile(official_file(), path)  # a writable copy (the official file is read-only)
        write_event(path, ev)
    else:
        new_event(path, ev)
    return path


def players(*names: tuple[str, str]) -> list[Player]:
    return [Player(i, first, last, vekn=str(3000000 + i)) for i, (first, last) in enumerate(names, start=1)]


# ---------------------------------------------------------------------------
# archon check: the names 'archon register' refuses


@pytest.mark.parametrize("official", [True, False])
def test_check_flags_a_player_with_no_name(tmp_path, official):
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(("Anna", "Kowalski"), ("", ""), ("Bruno", "Da Silva"), ("Chloé", "Martin")))
    path = book(tmp_path, ev, official)
    r = run("check", path, "--json")
    assert r.exit_code == ExitStatus.PROBLEMS, r.output
    found = [p for p in json.loads(r.output)["problems"] if "no name" in p["message"]]
    assert len(found) == 1
    # player #2 is on Methuselahs row 8 (row 7 is #1); the name is column B
    assert "Methuselahs!B8" in json.dumps(found[0])
    assert found[0]["severity"] == "error"


def test_check_flags_two_players_with_the_same_full_name(tmp_path):
    # the same name as 'archon register' compares it: case and spaces ignored
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(("Anna", "Kowalski"), ("Bruno", "Da Silva"), ("anna ", "KOWALSKI"), ("Chloé", "Martin")))
    ev.players[2].vekn = None  # two VEKN numbers would tell two people apart (test_same_names)
    path = book(tmp_path, ev)
    r = run("check", path)
    lines = [line for line in r.output.splitlines() if "same name" in line]
    assert len(lines) == 1
    assert lines[0].startswith("warning: Methuselahs!B9:")  # the second of the two, #3: The Archon accepts it
    assert "#1 Anna Kowalski" in lines[0] and "#3 anna KOWALSKI" in lines[0]


def test_register_refuses_what_check_flags(tmp_path):
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(("Anna", "Kowalski"), ("Bruno", "Da Silva"), ("Chloé", "Martin"), ("Dmitri", "Ivanov")))
    ev.players[0].vekn = None  # a name typed again with no VEKN number on either
    path = book(tmp_path, ev)
    assert "same name" not in without_folders(run("check", path).output, path)
    r = run("register", path, "ANNA  kowalski")
    assert r.exit_code != 0 and "already registered" in r.output


def test_a_clean_event_has_no_name_problem(tmp_path):
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(("Anna", "Kowalski"), ("Anna", "Kowalska"), ("Bruno", "Da Silva"), ("Chloé", "Martin")))
    path = book(tmp_path, ev)
    said = without_folders(run("check", path).output, path)
    assert "same name" not in said and "no name" not in said, said


# ---------------------------------------------------------------------------
# A VP no table can score


def huge_vp_event() -> Event:
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(*[(f"First{i}", f"Last{i}") for i in range(1, 9)]))
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4], [1e308, 0.0, 0.0, 0.0]),
                               Table([5, 6, 7, 8], [None] * 4)]))
    return ev


def test_a_vp_of_1e308_is_refused_at_its_cell(tmp_path):
    path = book(tmp_path, huge_vp_event())
    vp_cell = f"{L.ROUND_SHEETS[1]}!{L.ROUND.vp}{L.ROUND.first_row}"  # round 1, table 1, seat 1
    r = run("check", path)
    assert r.exit_code == ExitStatus.PROBLEMS
    assert any(line.startswith(f"error: {vp_cell}") and "1e+308" in line for line in r.output.splitlines()), r.output
    r = run("standings", path, "--json")
    assert r.exit_code == ExitStatus.PROBLEMS  # printed, with the cell named on standard error
    data = json.loads(r.stdout)
    assert all(math.isfinite(p["rating_points"]) for p in data["players"])
    first = next(p for p in data["players"] if p["number"] == 1)
    assert first["vp"] == 0  # counts as 0, as the message says
    assert vp_cell in r.stderr


def test_a_write_after_a_vp_of_1e308_names_the_cell(tmp_path):
    path = book(tmp_path, huge_vp_event())
    before = path.read_bytes()
    vp_cell = f"{L.ROUND_SHEETS[1]}!{L.ROUND.vp}{L.ROUND.first_row}"
    r = run("result", path, "--round", "1", "--table", "2", "4", "0", "0", "0")
    assert r.exit_code != 0
    assert vp_cell in r.output and "1e+308" in r.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("field, number", [
    ("vp", "NaN"), ("vp", "Infinity"), ("vp", "1e400"), ("vp", "1" + "0" * 30), ("coin", "-Infinity"),
    ("number", "1" + "0" * 30), ("coin", "9" * 5000),
])
def test_a_standings_json_number_no_cell_can_hold_is_refused_naming_it(tmp_path, field, number):
    # NaN in a VP was 'nan cannot be written to a cell' (exit 3, no file named);
    # a VP of 10**30 was a bug (exit 4); a player number of 10**30 lost a player
    doc = json.loads(run("standings", REPO / "samples" / "sample-event.xlsx", "--json").stdout)
    where = doc["rounds"][0]["tables"][0]["seats"][0] if field == "vp" else doc["players"][0]
    where[field] = "PUT HERE"
    source = tmp_path / "cup.json"
    source.write_text(json.dumps(doc).replace('"PUT HERE"', number))
    r = run("convert", source, tmp_path / "cup.xlsx")
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    lines = r.output.strip().splitlines()
    assert lines[-1].startswith(f"Error: cup.json: {number[:20]}") and "is not a number a workbook can hold" in lines[-1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.json"]


# ---------------------------------------------------------------------------
# plan and seat bounds


def test_plan_100000_is_refused_at_once():
    r = run("plan", "100000")
    assert r.exit_code == ExitStatus.UNREADABLE
    assert r.output.strip() == (
        f"Error: 100000 players: archon plans at most {MAX_PLAN_PLAYERS} (the largest events have a few "
        f"hundred); check the number"
    )


def test_plan_at_the_bound_still_plans():
    r = run("plan", str(MAX_PLAN_PLAYERS), "--rounds", "1", "--seed", "1", "--json")
    assert r.exit_code == 0
    rnd = json.loads(r.output)["rounds"][0]
    assert sorted(p for t in rnd for p in t) == list(range(1, MAX_PLAN_PLAYERS + 1))


@pytest.mark.parametrize("budget", ["-1", "0", "nan", "inf"])
def test_a_time_budget_that_is_not_a_number_of_seconds_is_refused(tmp_path, budget):
    r = run("plan", "8", "--time-budget", budget)
    assert r.exit_code == ExitStatus.UNREADABLE
    assert "give a number of seconds above 0" in r.output
    ev = Event(name="Cup", level="Standard Constructed",
               players=players(*[(f"First{i}", f"Last{i}") for i in range(1, 9)]))
    path = book(tmp_path, ev, official=False)
    before = path.read_bytes()
    r = run("seat", path, "--round", "1", "--time-budget", budget)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert "give a number of seconds above 0" in r.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("args", [
    ["drop", "FILE", "²"], ["drop", "FILE", "#²"], ["unregister", "FILE", "²"],
    ["drop", "FILE", "9" * 5000], ["warn", "FILE", "1", "slow play", "--round", "²"],
])
def test_digits_that_are_not_0_to_9_or_too_many_are_refused_not_a_bug(tmp_path, args):
    # '²'.isdigit() is True and int('²') fails; int() refuses over 4300 digits:
    # each was 'archon failed (ValueError ...)', exit 4
    path = book(tmp_path, Event(name="Cup", level="Standard Constructed",
                                players=players(("Anna", "Kowalski"), ("Bruno", "Da Silva"), ("Chloé", "Martin"),
                                                ("Dmitri", "Ivanov"))))
    before = path.read_bytes()
    r = run(*[path if a == "FILE" else a for a in args])
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert "archon failed" not in r.output
    assert r.output.startswith(("Error: no player's name contains", "Error: round '²'")), r.output
    assert path.read_bytes() == before
