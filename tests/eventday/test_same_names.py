"""Players of the same name: two people with two VEKN numbers (or one
without) are registered, by a players CSV and by command, as The Archon
accepts them; wherever a player is typed, their name alone is answered with
both candidates and their numbers, and a player number (``#12``) or a VEKN
number picks one. A name typed again with no VEKN number on either is the
same player registered twice, most likely: refused at registration, a
warning of ``check`` when typed in the workbook."""

from __future__ import annotations

import json

from archon import api
from archon.exits import ExitStatus
from archon.formats.workbook import read_event
from test_eventday import dry, ok, refused, run

SILVAS = "name,vekn,city\nJoão Silva,3000123,Porto\nAnna Kowalski,3000101,Lyon\nJoão Silva,3000456,Lisboa\n"


def _cup(tmp_path, csv=SILVAS):
    players = tmp_path / "players.csv"
    players.write_text(csv, encoding="utf-8")
    path = tmp_path / "cup.xlsx"
    out = ok("new", path, "--players", players, "--name", "Porto Open")
    return path, out


def _players(path):
    return [(p.number, p.name, p.vekn) for p in read_event(path).event.players]


def test_two_players_of_one_name_and_two_vekn_numbers_are_registered_from_a_players_csv(tmp_path):
    path, out = _cup(tmp_path)
    assert _players(path) == [(1, "João Silva", "3000123"), (2, "Anna Kowalski", "3000101"),
                              (3, "João Silva", "3000456")]
    assert "#3 João Silva (VEKN 3000456) has the same name as #1 João Silva (VEKN 3000123)" in out
    assert not [p for p in api.check(path) if p.said.id == "check.same_name"]  # two people, two numbers


def test_a_second_player_of_the_same_name_is_registered_by_command_and_by_csv(tmp_path):
    path, _ = _cup(tmp_path, "name,vekn\nJoão Silva,3000123\nAnna Kowalski,3000101\n")
    out = ok("register", path, "João Silva", "--vekn", "3000456")
    assert "registered #3 João Silva" in out
    assert "name either by player number ('#3') or VEKN number" in out
    late = tmp_path / "late.csv"
    late.write_text("name,vekn\nJoão Silva,\n", encoding="utf-8")  # a third one, without a VEKN number
    out = ok("register", path, "--from", late)
    assert "#4 João Silva has the same name as #1 João Silva (VEKN 3000123), #3 João Silva (VEKN 3000456)" in out
    assert [n for n, name, _ in _players(path) if name == "João Silva"] == [1, 3, 4]
    # one without a number may be one player registered twice: check says so, as a warning, not an error
    same = [p for p in api.check(path) if p.said.id == "check.same_name"]
    assert [(p.severity, p.where) for p in same] == [("warning", "Methuselahs!B9"), ("warning", "Methuselahs!B10")]


def test_a_name_registered_without_a_vekn_number_typed_again_without_one_is_refused(tmp_path):
    path, _ = _cup(tmp_path, "name\nJoão Silva\nAnna Kowalski\n")
    out = refused(path, "register", path, "joão  SILVA")
    assert "joão SILVA is already registered: Methuselahs!B7, #1 João Silva, and neither has a VEKN number" in out
    assert "--vekn" in out
    late = tmp_path / "late.csv"
    late.write_text("name,vekn\nAda Lovelace,\nAda Lovelace,\n", encoding="utf-8")
    out = refused(path, "register", path, "--from", late)
    assert "late.csv, line 3: Ada Lovelace is listed twice (line 2)" in out
    assert "registered #3 João Silva" in dry(path, "register", path, "João Silva", "--vekn", "3000456")


def test_a_player_of_a_shared_name_is_picked_by_number_or_vekn_number(tmp_path):
    path, _ = _cup(tmp_path)
    out = refused(path, "drop", path, "joao silva", status=ExitStatus.UNREADABLE)
    assert ("'joao silva' is the name of 2 players: #1 João Silva (VEKN 3000123) (Methuselahs!A7); "
            "#3 João Silva (VEKN 3000456) (Methuselahs!A9); give the player number ('#1') or the VEKN number") in out
    assert "#3 João Silva is out (WD" in ok("drop", path, "#3")
    assert "#1 João Silva is out (WD" in ok("drop", path, "3000123")
    status = {p["number"]: p["status"] for p in json.loads(ok("standings", path, "--json"))["players"]}
    assert status == {1: "out (WD)", 2: "playing", 3: "out (WD)"}


def test_the_twins_answer_a_shared_name_with_the_candidates(tmp_path):
    path, _ = _cup(tmp_path)
    r = run("warn", path, "Silva", "slow play")
    assert r.exit_code == ExitStatus.UNREADABLE and "#1 João Silva (VEKN 3000123)" in r.output
    api.warn(path, "3000456", "slow play")
    assert [(w["player"], w["name"]) for w in api.warnings(path)] == [(3, "João Silva")]
