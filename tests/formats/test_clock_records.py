"""The round's clock in a workbook (issue 25): the ``archon:clock`` document
property, and the round sheet's "Round Start Time:" / "Round End Time:"
inputs (I2/I3) written as an organizer types a time, read back by archon,
by openpyxl and by LibreOffice; ``archon clock`` on the command line."""

from __future__ import annotations

import datetime as dt
import json

import openpyxl
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from archon import api
from archon.api.schemas import schema_of
from archon.cli import main
from archon.formats.workbook import read_event
from archon.formats.workbook.clock_records import clock_value, read_clock
from archon.formats.workbook.packageparts import read_custom_properties
from archon.rules.model import RoundClock
from conftest import REPO, recalculated

UTC = dt.timezone.utc
T0 = dt.datetime(2026, 11, 27, 14, 0, 0, tzinfo=UTC)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def seated(tmp_path, official_xlsx):
    """An official workbook: 25 players, round 1 seated (7 tables... as archon seats them)."""
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--name", "Clock Cup", "--template", official_xlsx, "--players",
            REPO / "samples" / "players.csv")
    assert r.exit_code == 0, r.output
    r = run("seat", path, "--round", 1, "--seed", 1)
    assert r.exit_code == 0, r.output
    return path


def test_the_clock_property_reads_back_as_written():
    c = RoundClock(round="F", minutes=150, started="2026-11-27T14:00:00Z", paused_at="2026-11-27T14:30:00Z",
                   paused_seconds=65, added=-5, tables={1: 10})
    value = clock_value(c)
    assert read_clock({"archon:clock": value}) == (c, None)
    assert read_clock({}) == (None, None)
    clock, bad = read_clock({"archon:clock": "r=2;m=lots"})
    assert clock is None and bad.id == "read.clock_unreadable"


def test_start_writes_the_round_sheet_times_and_the_property(seated, tmp_path, soffice):
    rep = api.clock(seated, "start", now=T0, tz=UTC)
    assert rep.changed and rep.written is not None
    api.clock(seated, "add", 10, table=2, now=T0 + dt.timedelta(minutes=3), tz=UTC)
    # archon reads them back
    ev = read_event(seated).event
    assert ev.round_times[1] == ("14:00", "16:00")
    assert ev.clock.round == 1 and ev.clock.tables == {2: 10}
    assert "archon:clock" in read_custom_properties(str(seated))
    # the cells an organizer sees, beside The Archon's labels
    ws = openpyxl.load_workbook(seated)["Round 1"]
    assert (ws["H2"].value, ws["I2"].value) == ("Round Start Time:", "14:00")
    assert (ws["H3"].value, ws["I3"].value) == ("Round End Time:", "16:00")
    # LibreOffice opens it and keeps them (and the clock: a document property)
    again = recalculated(soffice, seated, tmp_path)
    ws = openpyxl.load_workbook(again)["Round 1"]
    assert (ws["I2"].value, ws["I3"].value) == ("14:00", "16:00")
    assert read_event(again).event.clock == ev.clock


def test_undo_takes_a_clock_change_back(seated):
    api.clock(seated, "start", now=T0, tz=UTC)
    api.clock(seated, "pause", now=T0 + dt.timedelta(minutes=20), tz=UTC)
    assert read_event(seated).event.clock.paused_at is not None
    api.undo(seated)
    assert read_event(seated).event.clock.paused_at is None  # running again, as before the pause


def test_the_command_line_clock(seated):
    validator = Draft202012Validator(schema_of("clock"))
    r = run("clock", seated, "show")
    assert r.exit_code == 0 and "No round's clock is started" in r.output
    r = run("clock", seated, "start", 100, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    validator.validate(data)
    assert data["clock"]["round"] == 1 and data["clock"]["minutes"] == 100 and data["clock"]["state"] == "running"
    r = run("clock", seated, "add", 5, "--table", 3)
    assert r.exit_code == 0 and "table 3: 5 minutes added" in r.output
    r = run("clock", seated, "pause")
    assert r.exit_code == 0, r.output
    r = run("clock", seated, "pause")
    assert r.exit_code == 1 and "already paused" in r.output and "clock" in r.output and "resume" in r.output
    r = run("clock", seated, "show", "--json")
    data = json.loads(r.output)
    validator.validate(data)
    assert data["clock"]["state"] == "paused" and data["clock"]["tables"][0]["table"] == 3
    assert data["clock"]["remaining"] <= 100 * 60 and data["clock"]["times"][0]["round"] == 1
    r = run("clock", seated, "add", 5, "--table", 99)
    assert r.exit_code == 2 and "no table 99" in r.output
    r = run("clock", seated, "resume", "--table", 2)
    assert r.exit_code == 2
    r = run("clock", seated, "add", "--json")
    assert r.exit_code == 2
    validator.validate(json.loads(r.stdout))
