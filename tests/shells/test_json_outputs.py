"""What every command prints with ``--json`` is one JSON object that names
its schema ("schema": "archon.<command>/1") and is valid against the JSON
Schema archon ships for it (archon/api/schemas), on real events: the shipped
sample (a finished event) and events made here with the commands themselves,
in success and failure alike (issue 23)."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator, FormatChecker

from archon.api.schemas import schema_of
from archon.cli import main
from archon.exits import ExitStatus
from conftest import REPO

SAMPLE = REPO / "samples" / "sample-event.xlsx"
PLAYERS = REPO / "samples" / "players.csv"


def printed(command: str, *args, status: int = 0, stdin=None, failed=None) -> dict:
    """What ``archon COMMAND ARGS --json`` printed: exactly one JSON object on
    standard output, valid against the command's schema; the exit status
    ``status``; the error object when ``failed`` (default: a status not 0)."""
    r = CliRunner().invoke(main, [command, *(str(a) for a in args), "--json"], input=stdin)
    assert r.exit_code == status, (r.stdout, r.stderr)
    obj = json.loads(r.stdout)
    Draft202012Validator(schema_of(command), format_checker=FormatChecker()).validate(obj)
    assert obj["schema"] == f"archon.{command}/1"
    if status != 0 if failed is None else failed:
        assert obj["ok"] is False and obj["exit_status"] == status
        assert "Error: " + obj["error"]["text"] in r.stderr  # said on standard error too
    else:
        assert "ok" not in obj
    return obj


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def seated(tmp_path_factory):
    """A new event of the 25 sample players, round 1 seated."""
    path = tmp_path_factory.mktemp("seated") / "cup.xlsx"
    made = printed("new", path, "--name", "Winter Cup", "--date", "2026-12-05", "--players", PLAYERS)
    assert made["players"] == 25 and made["written"] and path.exists()
    seat = printed("seat", path, "--round", 1, "--seed", 1)
    assert seat["round"] == 1 and sorted(p["number"] for t in seat["tables"] for p in t) == list(range(1, 26))
    return path, seat


@pytest.fixture
def cup(seated, tmp_path):
    path = tmp_path / "cup.xlsx"
    shutil.copyfile(seated[0], path)
    return path


@pytest.fixture
def finished(tmp_path):
    path = tmp_path / "sample.xlsx"
    shutil.copyfile(SAMPLE, path)
    return path


def test_score_and_editions():
    legal = printed("score", 2, 0, 1.5, 0)
    assert legal["legal"] is True and [s["vp"] for s in legal["seats"]] == [2, 0, 1.5, 0]
    illegal = printed("score", 1, 1, 1, 1, 1, status=1, failed=False)
    assert illegal["status"] == "invalid" and illegal["reason"]
    bad = printed("score", "x", 1, 1, 1, status=ExitStatus.UNREADABLE)
    assert bad["error"]["id"] == "api.not_vps" and bad["error"]["fields"] == {"value": "x"}
    usage = printed("score", "--bogus", status=ExitStatus.UNREADABLE)
    assert usage["error"]["id"] == "cli.usage" and "--bogus" in usage["error"]["text"]
    editions = printed("editions")
    assert {"current", "2004", "2001"} <= {e["name"] for e in editions["editions"]}
    assert editions["current"] in {e["name"] for e in editions["editions"]}


def test_standings_check_and_finals_of_the_finished_sample(finished):
    standings = printed("standings", finished)
    check = printed("check", finished)
    assert check["problems"] == [] and check["errors"] == 0
    finals = printed("finals", finished)
    assert finals["preliminaries_over"] and finals["ties"] == [] and not finals["waiting_for_toss"]
    assert finals["final"]["winner"] == standings["final"]["winner"]
    by_number = {p["number"]: p for p in standings["players"]}
    assert [f["number"] for f in finals["finalists"]] == sorted(
        (p["number"] for p in standings["players"] if p["finalist"]), key=lambda n: by_number[n]["seed"])
    assert finals["choosing_order"] == [f["number"] for f in reversed(finals["finalists"])]
    toss = printed("toss", finished, "--seed", 5)  # no tie in the sample: nothing to draw
    assert toss["changed"] is False and toss["written"] is False and toss["seed"] == 5
    assert [m["id"] for m in toss["messages"]][-1] == "api.nothing_to_write_back"


def test_report_prints_its_texts_and_the_files_it_writes(finished, cup, tmp_path):
    text = CliRunner().invoke(main, ["report", str(finished)]).stdout
    assert printed("report", finished) == {"schema": "archon.report/1", "dry_run": False, "vekn_report": text.rstrip("\n"),
                                            "archondata": None, "twd": None, "files": [], "notes": []}
    html = tmp_path / "report.html"
    rehearsal = printed("report", finished, "--html", html, "--archondata", "--dry-run")
    assert rehearsal["dry_run"] and [f["path"] for f in rehearsal["files"]] == [str(html)] and not html.exists()
    upload = CliRunner().invoke(main, ["report", str(finished), "--archondata"]).stdout
    assert rehearsal["archondata"] == upload.rstrip("\n") and rehearsal["twd"] is None
    made = printed("report", finished, "--csv", tmp_path / "csv")
    assert sorted(f["path"] for f in made["files"]) == sorted(str(p) for p in (tmp_path / "csv").iterdir())
    assert made["notes"] and all(n["text"] for n in made["notes"])  # what the CSV set cannot hold
    early = printed("report", cup, "--archondata", status=1)  # round 1 is not played: no upload yet
    assert early["error"]["text"]


def test_a_workbook_that_cannot_be_read_prints_the_error_object_of_each_command(tmp_path):
    missing = tmp_path / "no-such-cup.xlsx"
    for command, extra in (("standings", ()), ("check", ()), ("finals", ()), ("warnings", ()), ("toss", ()),
                           ("update", ()), ("undo", ()), ("drop", (3,)), ("unregister", (3,)),
                           ("register", ("Anna Kowalski",)), ("warn", (3, "slow play")),
                           ("result", ("--round", 1, "--table", 1, 5, 0, 0, 0, 0)), ("seat", ("--round", 1)),
                           ("report", ())):
        said = printed(command, missing, *extra, status=ExitStatus.UNREADABLE)
        assert "no-such-cup.xlsx" in said["error"]["text"], command
    assert not missing.exists()


def test_register_unregister_and_their_refusals(cup):
    one = printed("register", cup, "Zoe Latecomer", "--vekn", "1234567", "--city", "Lyon")
    assert one["changed"] and one["written"] and one["backup"]
    assert one["player"] == {"number": 26, "first_name": "Zoe", "last_name": "Latecomer", "vekn": "1234567",
                             "city": "Lyon"}
    assert any("Zoe Latecomer" in m["text"] for m in one["messages"])
    before = _sha(cup)
    twice = printed("register", cup, "Other Person", "--vekn", "1234567", status=1)
    assert "1234567" in twice["error"]["text"] and _sha(cup) == before
    gone = printed("unregister", cup, 26)
    assert gone["changed"] and gone["player"]["number"] == 26
    unknown = printed("unregister", cup, "Nobody-At-All", status=ExitStatus.UNREADABLE)
    assert "Nobody-At-All" in unknown["error"]["text"]


def test_drop_a_dry_run_writes_nothing_then_undo(cup):
    before = _sha(cup)
    rehearsal = printed("drop", cup, 3, "--dry-run")
    assert rehearsal["dry_run"] and rehearsal["changed"] and not rehearsal["written"] and rehearsal["backup"] is None
    assert rehearsal["messages"][0]["id"] == "api.dry_run_head" and _sha(cup) == before
    dropped = printed("drop", cup, 3, "--reason", "DQ")
    assert dropped["written"] and dropped["player"]["number"] == 3
    assert next(p for p in printed("standings", cup)["players"] if p["number"] == 3)["dq"] is True
    undone = printed("undo", cup)
    assert undone["written"] and "drop" in undone["undone"]["command"] and undone["damaged"] is None
    assert _sha(cup) == before  # the workbook as it was before the drop
    nothing = printed("undo", cup, status=1)  # the seating was written by another copy: nothing left here
    assert nothing["error"]["id"].startswith("undo.")


def test_result_warn_and_warnings(cup, seated):
    table = [p["number"] for p in seated[1]["tables"][0]]
    refused = printed("result", cup, "--round", 1, "--table", 1, *([1] * len(table)), status=1)
    assert refused["error"]["text"]
    done = printed("result", cup, "--round", 1, "--table", 1, *([len(table)] + [0] * (len(table) - 1)))
    assert done["written"] and done["changed"]
    seats = printed("standings", cup)["rounds"][0]["tables"][0]["seats"]
    assert [s["player"] for s in seats] == table and seats[0]["gw"] == 1
    warned = printed("warn", cup, table[1], "slow play", "--round", 1)
    assert warned["player"]["number"] == table[1] and warned["written"]
    listed = printed("warnings", cup)
    assert listed["warnings"] == [{"player": table[1], "name": listed["warnings"][0]["name"], "round": 1,
                                   "reason": "slow play", "level": "warning", "category": None, "table": None,
                                   "judge": None}]  # warn: the Judges' Guide's warning level
    assert printed("warn", cup, "--list")["warnings"] == listed["warnings"]
    again = printed("warn", cup, table[1], "slow play", "--round", 1, status=1)  # the same warning twice
    assert again["error"]["text"]


def test_finals_seated_once_the_preliminaries_are_over(tmp_path):
    """The sample's final table cleared: the finalists are known, their table is recorded."""
    from archon.formats.workbook import load_event, new_event
    from archon.rules.model import Final

    event = load_event(SAMPLE)
    event.final = Final([], [])
    path = tmp_path / "no-final-yet.xlsx"
    new_event(path, event)
    view = printed("finals", path)
    assert view["ready"] and view["final"] is None and len(view["finalists"]) == 5
    seating = view["choosing_order"]
    done = printed("finals", path, "--seating", ",".join(map(str, seating)))
    assert done["changed"] and done["written"] and done["seed"] is None
    after = printed("finals", path)["final"]
    assert after["seating"] == seating and after["seeds"] == [5, 4, 3, 2, 1] and after["winner"] is None


def test_finals_before_the_preliminaries_are_over_and_its_refusals(cup):
    view = printed("finals", cup)
    assert view["preliminaries_over"] is False and view["ready"] is False and view["final"] is None
    assert view["unfinished"] and all(m["id"] and m["text"] for m in view["unfinished"])
    refused = printed("finals", cup, "--seating", "1,2,3,4,5", status=1)
    assert refused["error"]["text"]
    usage = printed("finals", cup, "--seating", "1,2", "--none", status=ExitStatus.UNREADABLE)
    assert "--none" in usage["error"]["text"]


def test_seat_again_is_refused_and_update_new_report_what_they_write(cup, tmp_path):
    refused = printed("seat", cup, "--round", 1, status=1)
    assert refused["error"]["id"] == "seat.already_seated"
    updated = printed("update", cup, "--edition", "2004")
    assert updated["edition"] == "2004" and updated["edition_was"] == "current" and updated["written"]
    assert printed("standings", cup)["event"]["edition"] == "2004"
    fresh = tmp_path / "fresh.xlsx"
    rehearsal = printed("new", fresh, "--format", "2R+F", "--dry-run")
    assert rehearsal["dry_run"] and not rehearsal["written"] and not fresh.exists()
    bad = printed("new", fresh, "--date", "5 December", status=ExitStatus.UNREADABLE)
    assert "5 December" in bad["error"]["text"] and not fresh.exists()


def test_plan_and_its_refusal():
    plan = printed("plan", 9, "--rounds", 2, "--seed", 1)
    assert plan["players"] == 9 and len(plan["rounds"]) == 2
    assert printed("plan", 3, status=ExitStatus.UNREADABLE)["error"]["id"] == "api.plan_too_few"


def test_rating_league_and_convert_of_a_folder(tmp_path):
    events = tmp_path / "events"
    events.mkdir()
    shutil.copyfile(SAMPLE, events / "sample.xlsx")
    rating = printed("rating", events, "--as-of", "2027-01-01")
    assert rating["files"]["events"] == 1 and rating["ranking"]
    league = printed("league", events, "--best", 2)
    assert league["best"] == 2 and league["standings"][0]["rank"] == 1
    no_best = printed("league", events, status=ExitStatus.UNREADABLE)
    assert no_best["error"]["id"] == "league.best_missing"
    converted = printed("convert", events, tmp_path / "converted")
    assert [c["path"] for c in converted["converted"]] == [str(events / "sample.xlsx")]
    one_file = printed("convert", events / "sample.xlsx", tmp_path / "one.xlsx", status=ExitStatus.UNREADABLE)
    assert "sample.xlsx" in one_file["error"]["text"]


def test_an_unknown_command_prints_the_error_object_of_its_own_schema():
    r = CliRunner().invoke(main, ["no-such-command", "--json"])
    assert r.exit_code == ExitStatus.UNREADABLE
    obj = json.loads(r.stdout)
    Draft202012Validator(schema_of("error")).validate(obj)
    assert obj["schema"] == "archon.error/1" and "no-such-command" in obj["error"]["text"]


def test_a_standings_json_with_its_schema_converts_back(finished, tmp_path):
    """'archon convert standings.json' reads what 'standings --json' prints, schema key and all."""
    source = tmp_path / "standings.json"
    source.write_text(CliRunner().invoke(main, ["standings", str(finished), "--json"]).stdout, encoding="utf-8")
    out = tmp_path / "back.xlsx"
    r = CliRunner().invoke(main, ["convert", str(source), str(out)])
    assert r.exit_code == 0, r.output
    again = printed("standings", out)
    original = json.loads(source.read_text(encoding="utf-8"))
    assert [p["tp"] for p in again["players"]] == [p["tp"] for p in original["players"]]


def test_keys_and_ids_stay_english_in_every_language(finished):
    """A script reads the same keys and message ids whatever --lang the organizer runs with."""
    english = printed("toss", finished, "--seed", 5, "--dry-run")
    for lang in ("fr", "pl"):
        r = CliRunner().invoke(main, ["--lang", lang, "toss", str(finished), "--seed", "5", "--dry-run", "--json"])
        assert r.exit_code == 0, r.output
        said = json.loads(r.stdout)
        Draft202012Validator(schema_of("toss")).validate(said)
        assert list(said) == list(english) and said["schema"] == "archon.toss/1"
        assert [(m["id"], m["fields"]) for m in said["messages"]] == [
            (m["id"], m["fields"]) for m in english["messages"]]
