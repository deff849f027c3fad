"""archon checkin and archon codes (issue 25) on a real workbook: the
organizer checks players in and out, lists the personal codes (made once,
kept in the workbook), reissues one, prints slips; --json follows its
schema; round 1 then names the absent players and seats the others."""

from __future__ import annotations

import json

import openpyxl
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from archon.api.schemas import schema_of
from archon.cli import main
from archon.eventday.codes import player_of_code
from archon.formats.workbook import new_event, read_event
from test_checkin import club as club_night



@pytest.fixture
def club(tmp_path):
    path = tmp_path / "club.xlsx"
    new_event(path, club_night())  # 10 players, "Ada Test" to "Jo Test"
    return path


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in r.output
    return r


def valid(command: str, text: str) -> dict:
    data = json.loads(text)
    Draft202012Validator(schema_of(command)).validate(data)
    return data


def test_checkin_one_all_and_undo_are_kept_in_the_workbook(club):
    r = run("checkin", club, "Cleo")
    assert r.exit_code == 0, r.output
    assert "#3 Cleo Test checked in: 1 of 10 registered players" in r.output
    r = run("checkin", club, "--all", "--json")
    data = valid("checkin", r.output)
    assert data["checkin"]["checked_in"] == 10 and data["written"]
    assert "code" not in json.dumps(data["checkin"])  # the check-in list shows no code
    r = run("checkin", club, "Dan", "--undo")
    assert "#4 Dan Test is no longer checked in: 9 of 10" in r.output
    ev = read_event(club).event
    assert sorted(ev.checked_in) == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    assert ev.checked_in[3].by == "organizer"


def test_checkin_needs_a_player_or_all(club):
    r = run("checkin", club)
    assert r.exit_code == 2 and "--all" in r.output
    r = run("checkin", club, "Zed")
    assert r.exit_code == 2 and "Zed" in r.output


def test_codes_are_made_once_listed_and_reissued(club):
    r = run("codes", club, "--json")
    assert r.exit_code == 0, r.output
    first = valid("codes", r.output)
    codes = {row["player"]: row["code"] for row in first["codes"]}
    assert len(set(codes.values())) == 10 and first["checkin_code"]
    again = valid("codes", run("codes", club, "--json").output)
    assert not again["written"] and {row["player"]: row["code"] for row in again["codes"]} == codes
    plain = run("codes", club).output
    assert f"#7   {codes[7]}  Gus Test" in plain and first["checkin_code"] in plain
    r = run("codes", club, "--reissue", "Gus")
    assert "#7 Gus Test has a new personal code: the old one no longer works" in r.output
    ev = read_event(club).event
    assert player_of_code(ev, codes[7]) is None and ev.codes[7] != codes[7]
    assert player_of_code(ev, codes[8]) == 8


def test_codes_print_one_slip_per_player_as_text(club, tmp_path):
    from archon.formats.workbook import write_event

    ev = read_event(club).event
    ev.players[0].first_name = "=HYPERLINK(\"x\")"
    write_event(club, ev)
    out = tmp_path / "slips.xlsx"
    r = run("codes", club, "--print", out, "--address", "http://192.0.2.7:8000/players")
    assert r.exit_code == 0, r.output
    assert "wrote 10 slips" in r.output
    codes = read_event(club).event.codes
    ws = openpyxl.load_workbook(out).active
    texts = [c for row in ws.iter_rows(values_only=True) for c in row if isinstance(c, str)]
    for n, code in codes.items():
        assert f"{code[:4]} {code[4:]}" in texts
    assert "#1 =HYPERLINK(\"x\") Test" in texts  # a name is text, never a formula
    assert sum("http://192.0.2.7:8000/players" in t for t in texts) == 10
    again = run("codes", club, "--print", out)
    assert again.exit_code == 3 and "--force" in again.output
    assert run("codes", club, "--print", out, "--force").exit_code == 0


def test_round_one_after_check_in_names_the_absent_then_seats_the_others(club):
    run("checkin", club, "--all")
    run("checkin", club, "Ivo", "--undo")
    r = run("seat", club, "--round", "1")
    assert r.exit_code == 1
    assert "#9 Ivo Test" in r.output and "--absent drop" in r.output and "--absent unregister" in r.output
    assert not read_event(club).event.rounds or not read_event(club).event.round(1).has_results()
    r = run("seat", club, "--round", "1", "--absent", "unregister")
    assert r.exit_code == 0, r.output
    assert "not checked in, unregistered: #9 Ivo Test; 9 players remain" in r.output
    ev = read_event(club).event
    assert [p.first_name for p in ev.players][-1] == "Jo" and len(ev.players) == 9
    assert sorted(ev.round(1).players()) == list(range(1, 10))


def test_claimed_twice_alerts_are_listed_and_dismissed_from_the_command_line(club):
    from archon.api import checkins

    run("codes", club)
    checkins.claim_alert(club, 3)  # a second phone claimed Cleo Test, then Eve Test
    checkins.claim_alert(club, 5)
    listed = run("codes", club).output
    assert "alert: a second phone tried to check in as Cleo Test (#3) at " in listed
    assert f"check who it was, then dismiss the alert: archon codes {club} --dismiss 3" in listed
    assert "Eve Test (#5)" in listed
    shown = valid("codes", run("codes", club, "--json").output)
    assert [(a["player"], a["name"]) for a in shown["alerts"]] == [(5, "Eve Test"), (3, "Cleo Test")]  # newest first
    # a player named as every command names one; the other alert stays
    r = run("codes", club, "--dismiss", "cleo", "--json")
    assert r.exit_code == 0, r.output
    done = valid("codes", r.output)
    assert done["written"] and [m["text"] for m in done["messages"]][0] == "1 alert dismissed"
    assert [a["player"] for a in done["alerts"]] == [5]
    assert [a.player for a in read_event(club).event.claim_alerts] == [5]
    # refused with another option: nothing written
    before = club.read_bytes()
    r = run("codes", club, "--dismiss", "all", "--reissue", "4")
    assert r.exit_code == 2 and "--dismiss goes alone: not with --reissue nor --print" in r.output
    assert club.read_bytes() == before
    r = run("codes", club, "--dismiss", "all")
    assert r.exit_code == 0 and "1 alert dismissed" in r.output and "alert:" not in r.output
    assert read_event(club).event.claim_alerts == []
    r = run("codes", club, "--dismiss", "all")
    assert r.exit_code == 0 and "no alert to dismiss" in r.output
