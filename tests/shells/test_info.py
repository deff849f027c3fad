"""``archon info``: the event's details in Tournament Info (organizer, head
judge, their VEKN numbers, name, date, city, level, format), set on an
official The Archon and read back by openpyxl at the cells FORMAT.md names;
every other cell stays as it was. The warnings count (B14) follows the
judges' warnings recorded, and ``undo`` puts it back."""

from __future__ import annotations

import datetime
import json
import shutil

import openpyxl
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from archon import api
from archon.api.schemas import schema_of
from archon.cli import main
from archon.exits import ExitStatus
from archon.formats import layout as L
from conftest import official_file
from test_eventday import book, winter_cup

I = L.INFO
#: The cells info writes, by the option that sets them (FORMAT.md's Tournament Info).
CELLS = {"--name": "B3", "--date": "B4", "--organizer": "B6", "--organizer-vekn": "C6", "--city": "B7",
         "--level": "B9", "--format": "B11", "--head-judge": "B17", "--head-judge-vekn": "C17"}


def run(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in r.output, r.output
    return r


def values(path) -> dict:
    """Every cell's value (formulas as typed), by (sheet, address)."""
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.value is not None}


@pytest.fixture
def official(tmp_path):
    path = tmp_path / "cup.xlsx"
    shutil.copyfile(official_file(), path)
    return path


def test_info_sets_the_details_in_their_cells_and_nothing_else(official):
    before = values(official)
    r = run("info", official, "--organizer", "Anna Kowalski", "--organizer-vekn", "3000101",
            "--head-judge", "Bruno Da Silva", "--head-judge-vekn", "3000102", "--name", "Winter Cup",
            "--date", "2026-12-05", "--city", "Lyon", "--level", "grand prix", "--format", "2R+F")
    assert r.exit_code == 0, r.output
    assert "head judge: Bruno Da Silva (was blank)" in r.output and "format: 2R+F (was 3R+F)" in r.output
    ws = openpyxl.load_workbook(official)[I.sheet]
    assert {option: ws[cell].value for option, cell in CELLS.items()} == {
        "--name": "Winter Cup", "--date": datetime.datetime(2026, 12, 5), "--organizer": "Anna Kowalski",
        "--organizer-vekn": 3000101, "--city": "Lyon", "--level": "Grand Prix", "--format": 3,
        "--head-judge": "Bruno Da Silva", "--head-judge-vekn": 3000102}
    after = values(official)
    changed = {key for key in set(before) | set(after) if before.get(key) != after.get(key)}
    assert changed == {(I.sheet, cell) for cell in CELLS.values()}
    printed = json.loads(run("info", official, "--json").output)
    Draft202012Validator(schema_of("info")).validate(printed)
    assert printed["schema"] == "archon.info/1" and printed["changed"] is False
    assert printed["details"] == {"name": "Winter Cup", "date": "2026-12-05", "organizer": "Anna Kowalski",
                     "organizer_vekn": "3000101", "city": "Lyon", "level": "Grand Prix", "format": "2R+F",
                     "head_judge": "Bruno Da Silva", "head_judge_vekn": "3000102", "warnings": 0}
    assert api.standings(official)["event"]["format"] == "2R+F"  # the reader reads what info wrote


@pytest.mark.parametrize("option, value, said", [
    ("--level", "Big One", "'Big One' is not a level The Archon lists: Standard Constructed"),
    ("--organizer-vekn", "123", "VEKN number '123' is not 7 digits"),
    ("--head-judge-vekn", "30001O2", "VEKN number '30001O2' is not 7 digits"),
    ("--date", "31/31/2026", "'31/31/2026' is not a date"),
    ("--format", "4R+F", "'4R+F' is not a format The Archon runs: 2R+F or 3R+F"),
    ("--head-judge", "Bruno\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
])
def test_a_value_the_reader_would_not_take_is_refused_and_nothing_written(official, option, value, said):
    before = official.read_bytes()
    r = run("info", official, "--organizer", "Anna Kowalski", option, value)
    assert r.exit_code == ExitStatus.UNREADABLE and said in r.output, r.output
    assert official.read_bytes() == before


def test_the_format_is_refused_once_the_rounds_seated_no_longer_fit_it(tmp_path):
    path = book(tmp_path, winter_cup(3))
    before = path.read_bytes()
    r = run("info", path, "--format", "2R+F")
    assert r.exit_code == ExitStatus.PROBLEMS, r.output
    assert "round 3 is seated: 2R+F has fewer rounds than 3R+F" in r.output
    assert path.read_bytes() == before
    assert "head judge: Chloé Martin (was blank)" in run("info", path, "--head-judge", "Chloé Martin",
                                                         "--format", "3R+F").output


def test_the_warnings_count_follows_the_warnings_recorded_and_undo(tmp_path):
    path = book(tmp_path, winter_cup(1))

    def count():
        return openpyxl.load_workbook(path)[I.sheet][I.warnings].value

    assert run("warn", path, "6", "marked cards", "--round", 1).exit_code == 0
    assert run("warn", path, "Kowalski", "slow play").exit_code == 0
    assert count() == 2 and json.loads(run("info", path, "--json").output)["details"]["warnings"] == 2
    assert run("undo", path).exit_code == 0
    assert count() == 1 and api.info(path).event.warnings[0].reason == "marked cards"


def test_the_twin_sets_and_shows_the_same_details(official):
    rep = api.info(official, organizer="Anna Kowalski", date=datetime.date(2026, 12, 5), dry_run=True)
    assert rep.dry_run and rep.changed and api.details_of(rep.event)["organizer"] == "Anna Kowalski"
    assert api.details_of(api.info(official).event)["organizer"] is None  # a dry run wrote nothing
    api.info(official, organizer="Anna Kowalski", head_judge="Bruno Da Silva")
    api.info(official, organizer="")  # a blank value clears a detail
    shown = api.details_of(api.info(official).event)
    assert (shown["organizer"], shown["head_judge"]) == (None, "Bruno Da Silva")
    assert "Exit status" in run("info", "--help").output and "head judge" in api.info.__doc__
