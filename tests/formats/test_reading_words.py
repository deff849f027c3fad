"""The reading side's words are data: its errors and problems are messages
(``workbook.*``, ``read.*``) that the command line renders as it printed
them before (the sentences below are the ones archon 0.1 printed, typed
by hand)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from archon.cli.words import CliRenderer
from archon.exits import ExitStatus
from archon.formats.special_files import special_kind, special_kind_message
from archon.formats.workbook import WorkbookError, read_event
from archon.formats.workbook.read_result import ReadProblem
from archon.words import WordedError, act, message_of, say
from archon.words.catalogue import TEXTS
from archon.words.render import PLAIN

from hostile_files import SAMPLE

CLI = CliRenderer("cup.xlsx")
FIX = say("workbook.fix_damage")

SAID_BEFORE = [
    (say("workbook.no_such_file", file="cup.xlsx", path="/tmp/cup.xlsx"), "cup.xlsx: no such file (/tmp/cup.xlsx)"),
    (say("workbook.special_file", file="cup.xlsx", kind=say("special_file.fifo")),
     "cup.xlsx is a named pipe (FIFO), not a workbook: give the path of an .xlsx, .ods or .xls file"),
    (say("workbook.damaged", file="cup.xlsx", what=say("workbook.empty")),
     "cup.xlsx is damaged: it is empty (an interrupted copy or save?); use a backup or save it again from "
     "Excel/LibreOffice"),
    (say("workbook.damaged", file="cup.xlsx", what=say(
        "workbook.part_garbled", what=say("workbook.part.styles"), part="xl/styles.xml", parts=2, fix=FIX,
        problem=say("workbook.xml_error", error="no element found", line=2, column=0))),
     "cup.xlsx is damaged: the styles (xl/styles.xml) are cut short or garbled (no element found at line 2, "
     "column 0); use a backup, or open it in Excel/LibreOffice and save it again"),
    (say("workbook.damaged", file="cup.xlsx", what=say(
        "workbook.part_missing", what=say("workbook.part.sheet", sheet="Methuselahs"),
        part="xl/worksheets/sheet3.xml", parts=1, fix=FIX)),
     "cup.xlsx is damaged: sheet 'Methuselahs' (xl/worksheets/sheet3.xml) is missing; use a backup, or open it "
     "in Excel/LibreOffice and save it again"),
    (say("workbook.not_archon", file="cup.xlsx", sheet="Methuselahs", version_sheet="Instructions",
         version_cell="A1", found=say("workbook.its_sheets_more", sheets=["'Instructions'", "'Players'"])),
     "cup.xlsx is not an Archon workbook: expected a sheet 'Methuselahs' and 'The Archon (v…)' in Instructions!A1 "
     "(its sheets: 'Instructions', 'Players', ...)"),
    (say("read.table_size", round=1, table=2, players=3, sizes=[4, 5]),
     "round 1, table 2 has 3 players: a table has 4 or 5 players"),
    (say("read.number_twice", number=3, rows=2, cells=["A9", "A21"]),
     "player number 3 is used on 2 rows (A9, A21): give every player a different number"),
    (say("read.vp_too_big", vp=1e300, most=5),
     "VP 1e+300 is more than any table can score (at most 5): it counts as 0; type the VP"),
    (say("read.edition_unknown", value="1999", edition="current", editions=["current", "2004", "2001"]),
     "rule edition '1999' is unknown: read as 'current'; choose one of current, 2004, 2001"),
    (say("read.override_round", value=say("read.blank")),
     "override round (blank) is not 1, 2, 3 or F: the override is ignored; type the round"),
    (say("read.vp_without_player", vp="3", where=say("read.where.table", round=1, table=3), cell="A20"),
     "3 VP typed on a row with no player (round 1, table 3): it is ignored; type the player's number in A20 or "
     "clear the VP"),
]


@pytest.mark.parametrize("message, before", SAID_BEFORE, ids=lambda x: getattr(x, "id", ""))
def test_the_command_line_says_what_it_said_before(message, before):
    assert CLI.render(message) == before
    assert PLAIN.render(message) == before  # none of them names an action: the same in every shell


def test_a_damage_with_a_way_back_reads_as_one_sentence():
    err = WorkbookError.of_damage("cup.xlsx", say("workbook.empty"))
    more = say("text", text="; here is how to undo it: ")
    hinted = err.adding(say("workbook.and_more", error=more, more=act("undo", file="cup.xlsx")))
    assert hinted.damaged and isinstance(hinted, WorkbookError)
    assert CLI.render(hinted.message).endswith("here is how to undo it: archon undo cup.xlsx")
    assert str(hinted).endswith("here is how to undo it: undo(file='cup.xlsx')")


def test_a_workbook_error_is_a_worded_error_with_its_exit_status_and_damage():
    err = WorkbookError.of_damage("cup.xlsx", say("workbook.empty"))
    assert isinstance(err, WordedError) and isinstance(err, ValueError)
    assert err.exit_status == ExitStatus.UNREADABLE and err.damaged
    assert message_of(err).id == "workbook.damaged" and message_of(err).fields["file"] == "cup.xlsx"
    assert message_of(err).as_dict()["fields"]["what"] == {"id": "workbook.empty", "fields": {}}
    plain = WorkbookError("cup.xlsx: something")
    assert not plain.damaged and str(plain) == "cup.xlsx: something"


def test_an_unreadable_file_says_its_message(tmp_path):
    with pytest.raises(WorkbookError) as err:
        read_event(tmp_path / "missing.xlsx")
    assert err.value.message.id == "workbook.no_such_file"
    assert err.value.message.fields == {"file": "missing.xlsx", "path": str(tmp_path / "missing.xlsx")}


def test_a_problem_read_is_a_message_at_its_cell(tmp_path):
    problem = ReadProblem("Round 1", "E7", say("read.vp_error", value="#N/A"))
    assert str(problem) == "Round 1!E7: the VP cell shows the error #N/A: it counts as 0; type the VP"
    assert problem.text == PLAIN.render(problem.message)
    assert read_event(SAMPLE).problems == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_special_file_is_named_by_its_kind(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert special_kind_message(fifo).id == "special_file.fifo"
    assert special_kind(fifo) == "a named pipe (FIFO)"
    assert special_kind(SAMPLE) is None and special_kind_message(tmp_path) is None


WORKBOOK_MODULES = Path(__file__).resolve().parents[2] / "archon" / "formats" / "workbook"


def test_every_id_the_reading_side_names_is_in_the_catalogue():
    # ids given other than as say("id", ...): part names, ids chosen by a condition
    found = set()
    for path in WORKBOOK_MODULES.glob("*.py"):
        found |= set(re.findall(r'"((?:workbook|read|special_file)\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert found, "no message id found"
    missing = sorted(i for i in found if i not in TEXTS and not i.endswith("."))
    assert not missing, missing
