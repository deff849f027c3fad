"""The exit statuses of archon.exits, as a user sees them from the command line."""

from __future__ import annotations

import shutil

import click
from click.testing import CliRunner

from archon import cli
from archon.exits import ExitStatus

from conftest import REPO

SAMPLE = REPO / "samples" / "sample-event.xlsx"


def test_the_four_statuses_are_distinct_and_documented():
    assert [int(s) for s in ExitStatus] == [0, 1, 2, 3, 4]
    doc = cli.__doc__ or ""
    import archon.exits as exits

    for s in ExitStatus:
        assert f"\n{int(s)}  " in exits.__doc__, f"status {int(s)} is not described in archon.exits"


def test_a_bug_is_one_line_and_status_4_never_a_traceback(monkeypatch):
    def broken(*a, **k):
        raise KeyError("boom")

    monkeypatch.setattr("archon.cli.workbooks.compute", broken)  # where archon standings computes
    out = CliRunner().invoke(cli.main, ["standings", str(SAMPLE)])
    assert out.exit_code == ExitStatus.INTERNAL
    assert "Traceback" not in out.output
    assert "archon failed (KeyError" in out.output
    assert "Nothing was written" in out.output


def test_a_workbook_open_in_a_spreadsheet_is_status_3_and_unchanged(tmp_path):
    book = tmp_path / "cup.xlsx"
    shutil.copy(SAMPLE, book)
    (tmp_path / ".~lock.cup.xlsx#").write_text("someone,host,2026")
    before = book.read_bytes()
    # a warning: a write the finished sample event still takes (a drop no longer: the final is played)
    out = CliRunner().invoke(cli.main, ["warn", str(book), "1", "slow play"])
    assert out.exit_code == ExitStatus.NOT_WRITTEN, out.output
    assert book.read_bytes() == before


# ---------------------------------------------------------------------------
# Every command's statuses, one parametrised test per command.
#
# Arguments name workbooks made for each case: {cup0} the Winter Cup just
# registered, {cup2} after two rounds, {cup3} after three (#11 and #15 tied
# for the last place in the final), {tossed} the same after the toss (#15
# won), {done} finished (final played, won by #2); "!locked" adds a lock
# file as LibreOffice leaves beside a workbook it has open; {missing} a
# workbook that does not exist, {notarchon} a file that is not a workbook,
# {unreadable} the Winter Cup with "five" typed as a VP, {tmp} the folder.
# A refused command (any status but 0) must leave every workbook unchanged.

import copy as _copy
import datetime as _dt
import json as _json
import re as _re

import openpyxl as _openpyxl
import pytest

from archon.rules.model import Final
from archon.formats.workbook import new_event
from test_eventday import tossed, winter_cup

OK, PROBLEMS, UNREADABLE, NOT_WRITTEN = (ExitStatus.OK, ExitStatus.PROBLEMS, ExitStatus.UNREADABLE,
                                         ExitStatus.NOT_WRITTEN)


def _done_event():
    ev = tossed(winter_cup(3), winner=15)
    ev.date = _dt.date(2026, 12, 5)
    ev.final = Final([6, 15, 1, 4, 2], [2, 0, 1, 0, 2])
    return ev


_EVENTS = {
    "cup0": lambda: winter_cup(0),
    "cup2": lambda: winter_cup(2),
    "cup3": lambda: winter_cup(3),
    "tossed": lambda: tossed(winter_cup(3), winner=15),
    "done": _done_event,
}


def _make(tmp_path, key: str):
    name, _, flag = key.partition("!")
    path = tmp_path / f"{name}.xlsx"
    if name == "missing":
        return path
    if name == "notarchon":
        path.write_text("not a workbook")
        return path
    if name == "tmp":
        return tmp_path
    if not path.exists():
        new_event(path, _EVENTS.get(name, lambda: winter_cup(1))())
        if name == "unreadable":
            wb = _openpyxl.load_workbook(path)
            wb["Round 1"]["E7"] = "five"
            wb.save(path)
    if flag == "locked":
        (tmp_path / f".~lock.{path.name}#").write_text("someone,host,2026")
    return path


def _status(tmp_path, args, expected) -> str:
    """Run ``archon ARGS`` with its workbooks made; check the status and that a
    refusal changed no workbook. Returns what it printed."""
    words = []
    for a in args:
        words.append(_re.sub(r"\{([a-z0-9!]+)\}", lambda m: str(_make(tmp_path, m.group(1))), str(a)))
    before = {p: p.read_bytes() for p in tmp_path.glob("*.xlsx")}
    out = CliRunner().invoke(cli.main, words)
    assert "Traceback" not in out.output, out.output
    assert out.exit_code == expected, f"archon {' '.join(map(str, args))}: {out.exit_code}, expected {expected}\n{out.output}"
    if expected != OK:
        assert {p: p.read_bytes() for p in before} == before, "a refused command changed a workbook"
    return out.output


def _cases(*cases):
    return pytest.mark.parametrize("args, expected", [c[:2] for c in cases], ids=[c[2] for c in cases])


@_cases(
    (["5", "0", "0", "0", "0"], OK, "legal"),
    (["1", "1", "1", "1"], PROBLEMS, "impossible"),
    (["2", "x", "0", "0"], UNREADABLE, "not-a-number"),
    (["7", "0", "0", "0"], UNREADABLE, "more-VPs-than-a-table-has"),
)
def test_score_statuses(tmp_path, args, expected):
    _status(tmp_path, ["score", *args], expected)


def test_editions_status(tmp_path):
    _status(tmp_path, ["editions"], OK)


@_cases(
    (["{cup2}"], OK, "readable"),
    (["{unreadable}"], PROBLEMS, "a-cell-read-as-0"),
    (["{missing}"], UNREADABLE, "missing"),
    (["{notarchon}"], UNREADABLE, "not-a-workbook"),
)
def test_standings_statuses(tmp_path, args, expected):
    _status(tmp_path, ["standings", *args], expected)


@_cases(
    (["{done}"], OK, "clean"),
    (["{unreadable}"], PROBLEMS, "problems"),
    (["{missing}"], UNREADABLE, "missing"),
)
def test_check_statuses(tmp_path, args, expected):
    _status(tmp_path, ["check", *args], expected)


@_cases(
    (["{tmp}/new.xlsx", "--deck-format", "Limited"], OK, "created"),
    (["{tmp}/new.xlsx", "--dry-run"], OK, "dry-run"),
    (["{tmp}/new.xlsx", "--date", "5/12/2026"], UNREADABLE, "bad-date"),
    (["{tmp}/new.xlsx", "--players", "{tmp}/nobody.csv"], UNREADABLE, "no-players-csv"),
    (["{cup0}"], NOT_WRITTEN, "exists"),
    (["{tmp}/nodir/new.xlsx"], NOT_WRITTEN, "no-folder"),
)
def test_new_statuses(tmp_path, args, expected):
    _status(tmp_path, ["new", *args], expected)


@_cases(
    (["{cup2}"], OK, "written"),
    (["{cup2}", "--dry-run"], OK, "dry-run"),
    (["{missing}"], UNREADABLE, "missing"),
    (["{unreadable}"], UNREADABLE, "a-cell-it-cannot-read"),
    (["{cup2!locked}"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_update_statuses(tmp_path, args, expected):
    _status(tmp_path, ["update", *args], expected)


@_cases(
    (["{cup0}", "Zoe Adler", "--vekn", "3000999"], OK, "registered"),
    (["{cup0}", "Anna Kowalski", "--vekn", "3000101"], PROBLEMS, "already-registered"),
    (["{done}", "Zoe Adler"], PROBLEMS, "event-over"),
    (["{cup0}", "Zoe Adler", "--vekn", "12345"], UNREADABLE, "vekn-not-7-digits"),
    (["{cup0}", "--from", "{tmp}/nobody.csv"], UNREADABLE, "no-players-csv"),
    (["{missing}", "Zoe Adler"], UNREADABLE, "missing"),
    (["{cup0!locked}", "Zoe Adler"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_register_statuses(tmp_path, args, expected):
    _status(tmp_path, ["register", *args], expected)


@_cases(
    (["{cup2}", "7"], OK, "dropped"),
    (["{cup2}", "Dubois"], PROBLEMS, "already-out"),
    (["{cup2}", "Zorro"], UNREADABLE, "no-such-player"),
    (["{cup2}", "99"], UNREADABLE, "no-such-number"),
    (["{cup2}", "ma"], UNREADABLE, "several-players-fit"),
    (["{cup2}", "7", "--reason", "XX"], UNREADABLE, "unknown-reason"),
    (["{cup2!locked}", "7"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_drop_statuses(tmp_path, args, expected):
    _status(tmp_path, ["drop", *args], expected)


@_cases(
    (["{cup0}", "7"], OK, "unregistered"),
    (["{cup2}", "7"], PROBLEMS, "has-played"),
    (["{cup0}", "Zorro"], UNREADABLE, "no-such-player"),
    (["{missing}", "7"], UNREADABLE, "missing"),
    (["{cup0!locked}", "7"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_unregister_statuses(tmp_path, args, expected):
    _status(tmp_path, ["unregister", *args], expected)


@_cases(
    (["{cup2}", "7", "slow play", "--round", "2"], OK, "recorded"),
    (["{cup2}", "--list"], OK, "listed"),
    (["{cup2}", "Zorro", "slow play"], UNREADABLE, "no-such-player"),
    (["{cup2}", "7", "slow play", "--round", "5"], UNREADABLE, "no-such-round"),
    (["{cup2}", "7", "slow play", "--round", "3"], PROBLEMS, "round-not-seated"),
    (["{cup2}", "7", "slow play", "--round", "F"], PROBLEMS, "final-not-seated"),
    (["{cup2}", "7", " "], UNREADABLE, "no-reason"),
    (["{cup2}", "7"], UNREADABLE, "reason-missing"),
    (["{cup2!locked}", "7", "slow play"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_warn_statuses(tmp_path, args, expected):
    _status(tmp_path, ["warn", *args], expected)


@_cases(
    (["{cup2}"], OK, "listed"),
    (["{missing}"], UNREADABLE, "missing"),
)
def test_warnings_statuses(tmp_path, args, expected):
    _status(tmp_path, ["warnings", *args], expected)


_R2T4 = ["--round", "2", "--table", "4"]  # 4 seats; its result is 4 0 0 0 (a sweep)


@_cases(
    (["{cup2}", *_R2T4, "0", "4", "0", "0", "--replace"], OK, "replaced"),
    (["{cup2}", *_R2T4, "0", "4", "0", "0"], PROBLEMS, "finished-table-without-replace"),
    (["{cup2}", *_R2T4, "1", "1", "1", "1", "--replace"], PROBLEMS, "impossible-table"),
    (["{cup2}", "--round", "3", "--table", "1", "5", "0", "0", "0", "0"], PROBLEMS, "round-not-seated"),
    (["{cup2}", "--final", "2", "0", "1", "0", "2"], PROBLEMS, "final-not-seated"),
    (["{cup2}", "--round", "5", "--table", "1", "5", "0", "0", "0", "0"], UNREADABLE, "no-such-round"),
    (["{cup2}", "--round", "2", "--table", "9", "5", "0", "0", "0", "0"], UNREADABLE, "no-such-table"),
    (["{cup2}", *_R2T4, "4", "0", "0", "0", "0"], UNREADABLE, "one-VP-too-many"),
    (["{cup2}", *_R2T4, "x", "0", "0", "0"], UNREADABLE, "not-a-number"),
    (["{cup2}", "--round", "2", "4", "0", "0", "0"], UNREADABLE, "no-table-given"),
    (["{cup2!locked}", *_R2T4, "0", "4", "0", "0", "--replace"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_result_statuses(tmp_path, args, expected):
    _status(tmp_path, ["result", *args], expected)


@_cases(
    (["{cup3}", "--seed", "1"], OK, "tossed"),
    (["{tossed}"], OK, "no-tie-left"),
    (["{cup2}"], PROBLEMS, "rounds-not-over"),
    (["{missing}"], UNREADABLE, "missing"),
    (["{cup3!locked}", "--seed", "1"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_toss_statuses(tmp_path, args, expected):
    _status(tmp_path, ["toss", *args], expected)


@_cases(
    (["{cup2}", "--round", "3", "--seed", "1"], OK, "seated"),
    (["{cup2}", "--round", "2"], PROBLEMS, "round-has-results"),
    (["{cup0}", "--round", "2"], PROBLEMS, "round-1-not-seated"),
    (["{cup2}", "--round", "5"], UNREADABLE, "no-such-round"),
    (["{cup2!locked}", "--round", "3"], NOT_WRITTEN, "open-in-a-spreadsheet"),
    (["{cup2}", "--round", "3", "--print", "{tmp}/nodir/r3.xlsx"], NOT_WRITTEN, "seat-list-folder-missing"),
)
def test_seat_statuses(tmp_path, args, expected):
    _status(tmp_path, ["seat", *args], expected)


@_cases(
    (["{tossed}"], OK, "finalists"),
    (["{cup2}"], OK, "leaders-mid-event"),
    (["{tossed}", "--seating", "6,15,1,4,2"], OK, "final-seated"),
    (["{cup3}"], PROBLEMS, "tie-at-the-cut"),
    (["{tossed}", "--seating", "6,11,1,4,2"], PROBLEMS, "not-a-finalist"),
    (["{cup3}", "--none"], PROBLEMS, "too-many-players-for-no-final"),
    (["{tossed}", "--seating", "6,15,x"], UNREADABLE, "not-a-player-number"),
    (["{tossed}", "--seating", "6,15,1,4,99"], UNREADABLE, "no-such-player"),
    (["{tossed}", "--seating", "6,15,1,4,2", "--none"], UNREADABLE, "options-that-do-not-go-together"),
    (["{tossed!locked}", "--seating", "6,15,1,4,2"], NOT_WRITTEN, "open-in-a-spreadsheet"),
)
def test_finals_statuses(tmp_path, args, expected):
    _status(tmp_path, ["finals", *args], expected)


@_cases(
    (["{done}"], OK, "vekn-report"),
    (["{done}", "--archondata"], OK, "archondata"),
    (["{done}", "--html", "{tmp}/r.html", "--xlsx", "{tmp}/r.xlsx"], OK, "files"),
    (["{cup2}", "--archondata"], PROBLEMS, "archondata-unfinished-event"),
    (["{cup3}", "--twd"], PROBLEMS, "twd-before-the-final"),
    (["{cup2}", "--round", "3", "--xlsx", "{tmp}/r3.xlsx"], PROBLEMS, "round-not-seated"),
    (["{missing}"], UNREADABLE, "missing"),
    (["{done}", "--url", "https://www.vekn.net"], UNREADABLE, "url-without-twd"),
    (["{done}", "--html", "{tmp}/nodir/r.html"], NOT_WRITTEN, "folder-missing"),
    (["{done}", "--xlsx", "{cup0}"], NOT_WRITTEN, "output-exists"),
)
def test_report_statuses(tmp_path, args, expected):
    _status(tmp_path, ["report", *args], expected)


def _with_a_deck(tmp_path):
    """archon's standings JSON of the finished Winter Cup, with a field The Archon has no place for."""
    from archon import api

    doc = api.standings(_make(tmp_path, "done"))
    doc["players"][0]["deck"] = "Tremere stealth bleed"
    path = tmp_path / "deck.json"
    path.write_text(_json.dumps(doc), encoding="utf-8")
    return path


@_cases(
    (["{done}", "{tmp}/c.xlsx"], OK, "converted"),
    (["{done}", "{tmp}/c.xlsx", "--dry-run"], OK, "dry-run"),
    (["DECK", "{tmp}/c.xlsx"], PROBLEMS, "a-value-with-no-place"),
    (["{missing}", "{tmp}/c.xlsx"], UNREADABLE, "missing"),
    (["{done}", "{tmp}/c.ods"], UNREADABLE, "not-xlsx"),
    (["{done}", "{cup0}"], NOT_WRITTEN, "output-exists"),
    (["{done}", "{tmp}/nodir/c.xlsx"], NOT_WRITTEN, "folder-missing"),
)
def test_convert_statuses(tmp_path, args, expected):
    args = [str(_with_a_deck(tmp_path)) if a == "DECK" else a for a in args]
    _status(tmp_path, ["convert", *args], expected)
    if expected != OK or "--dry-run" in args:
        assert not (tmp_path / "c.xlsx").exists()


@_cases(
    (["12"], OK, "planned"),
    (["3"], UNREADABLE, "too-few-players"),
    (["12", "--rounds", "9"], UNREADABLE, "too-many-rounds"),
    (["11", "--rounds", "2", "--games", "2"], UNREADABLE, "cannot-be-planned"),
    (["12", "--json", "--archon"], UNREADABLE, "options-that-do-not-go-together"),
)
def test_plan_statuses(tmp_path, args, expected):
    _status(tmp_path, ["plan", *args], expected)


def _events_folder(tmp_path):
    folder = tmp_path / "events"
    folder.mkdir(exist_ok=True)
    shutil.copy(_make(tmp_path, "done"), folder / "done.xlsx")
    return folder


@_cases(
    (["EVENTS"], OK, "ranking"),
    (["{tmp}/nothere"], UNREADABLE, "no-event-read"),
)
def test_rating_statuses(tmp_path, args, expected):
    args = [str(_events_folder(tmp_path)) if a == "EVENTS" else a for a in args]
    _status(tmp_path, ["rating", *args], expected)


@_cases(
    (["EVENTS", "--best", "1"], OK, "standings"),
    (["{tmp}/nothere", "--best", "1"], UNREADABLE, "no-event-read"),
    (["EVENTS", "--best", "1", "--xlsx", "{tmp}/nodir/league.xlsx"], NOT_WRITTEN, "folder-missing"),
)
def test_league_statuses(tmp_path, args, expected):
    args = [str(_events_folder(tmp_path)) if a == "EVENTS" else a for a in args]
    _status(tmp_path, ["league", *args], expected)


@_cases(
    (["{cup2}"], OK, "restored"),
    (["{cup0}"], PROBLEMS, "nothing-to-undo"),
    (["{missing}"], UNREADABLE, "missing"),
)
def test_undo_statuses(tmp_path, args, expected):
    if expected == OK:  # a change to take back
        _status(tmp_path, ["drop", str(_make(tmp_path, "cup2")), "7"], OK)
    _status(tmp_path, ["undo", *args], expected)


def test_every_command_documents_its_exit_status():
    ctx = click.Context(cli.main)
    for name in cli.main.list_commands(ctx):
        command = cli.main.get_command(ctx, name)
        assert "Exit status:" in (command.help or ""), f"archon {name} --help does not give its exit status"
