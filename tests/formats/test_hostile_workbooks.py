"""Hostile workbooks: each is built here, byte by byte where it must be, and
archon answers with exit status 2 naming the file and the part (a damaged
file), in bounded memory and without walking what a file says it repeats;
never a traceback, never exit 4 (a bug).

* an .ods whose rows or cells say they repeat 10**18 times, or "1e3" times;
* zip bombs: a part that inflates to a gigabyte, a zip whose directory
  says less than its part inflates to, too many entries, parts too large
  in all (:mod:`archon.formats.workbook.zipparts`);
* a document type declaration (its entities) or an undefined entity in a part;
* a cell text longer than a cell holds;
* a VP that is not a whole or half point (4.9e-324, 0.3): a problem check names.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon import cli
from archon.exits import ExitStatus
from archon.formats.workbook import WorkbookError, read_event
from archon.formats.workbook import zipparts
from archon.rules.model import MAX_CELL_TEXT

from hostile_files import (
    METHUSELAHS_PART, SAMPLE, SHARED_STRINGS_PART, Member, members_of, raw_zip, rezip, with_part,
    zeros_deflated,
)

ROUND_1_PART = "xl/worksheets/sheet5.xml"  # in the sample


def run(*args):
    r = CliRunner().invoke(cli.main, [str(a) for a in args])
    assert "Traceback" not in r.output and "archon failed" not in r.output, r.output
    return r


def refused_as_damage(path: Path, *said: str) -> str:
    """``archon check path``: exit 2, one line naming the file as damaged and saying ``said``."""
    r = run("check", path)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert f"{path.name} is damaged" in r.output, r.output
    for text in said:
        assert text in r.output, r.output
    return r.output


def in_a_child(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess, int]:
    """``python -m archon args`` in a process of its own, and its peak memory
    in bytes (``RUSAGE_CHILDREN``, measured in a fresh parent that has no
    other child); ``timeout`` only guards the test run from a command that
    never ends."""
    probe = (
        "import resource, subprocess, sys, json\n"
        "r = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(json.dumps([r.returncode, r.stdout, r.stderr, peak]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "archon", *args],
                          capture_output=True, text=True, timeout=timeout)
    code, out, err, peak = json.loads(done.stdout)
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, kilobytes elsewhere
    return subprocess.CompletedProcess(args, code, out, err), peak * scale


#: What ``archon check`` may take at most on a hostile file (it takes about
#: 30 MB on the sample, 85 MB on the official .ods; a bomb inflated would take
#: a gigabyte).
MEMORY_BOUND = 300 * 1024 * 1024


# ---------------------------------------------------------------- .ods repeat counts

OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
PLAYERS = [(1, "Anna", "Kowalski"), (2, "Bruno", "Ferreira"), (3, "Chloé", "Martin"), (4, "Dmitri", "Ivanov")]


def _cell(value) -> str:
    if isinstance(value, int):
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>' \
               "</table:table-cell>"
    return f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'


def _row(*values, repeat: str = "") -> str:
    attr = f' table:number-rows-repeated="{repeat}"' if repeat else ""
    return f"<table:table-row{attr}>" + "".join(_cell(v) for v in values) + "</table:table-row>"


def small_ods(path: Path, after_players: str) -> Path:
    """An .ods holding what the reader needs of an Archon (its version, the
    number of rounds, four players on Methuselahs rows 7-10), then
    ``after_players`` (rows of XML) on the Methuselahs sheet."""
    info = _row("Event") * 10 + _row("Rounds", 4)  # B11 = 4
    players = "".join(_row(n, first, last) for n, first, last in PLAYERS)
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="{OFFICE}" '
        f'xmlns:table="{TABLE}" xmlns:text="{TEXT}" office:version="1.2"><office:body><office:spreadsheet>'
        f'<table:table table:name="Instructions">{_row("The Archon (v1.5l)")}</table:table>'
        f'<table:table table:name="Tournament Info">{info}</table:table>'
        f'<table:table table:name="Methuselahs"><table:table-row table:number-rows-repeated="6">'
        f"<table:table-cell/></table:table-row>{players}{after_players}</table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", content)
    return path


def test_the_small_ods_is_read_as_an_archon(tmp_path):
    # the hostile .ods files below are this one with a row added
    read = read_event(small_ods(tmp_path / "cup.ods", ""))
    assert [(p.number, p.first_name) for p in read.event.players] == [(n, f) for n, f, _ in PLAYERS]


@pytest.mark.parametrize("rows, columns", [("1" + "0" * 17, "1"), ("1", "1" + "0" * 17), ("9" * 18, "9" * 18)])
def test_rows_and_cells_repeated_10_to_the_18_are_counted_not_walked(tmp_path, rows, columns):
    # a row repeated 10**8 times took 4 s, row by row; 10**18 would never end
    huge = (f'<table:table-row table:number-rows-repeated="{rows}">'
            f'<table:table-cell table:number-columns-repeated="{columns}"/></table:table-row>')
    book = small_ods(tmp_path / "cup.ods", huge + _row(99, "After", "Huge"))
    done, _ = in_a_child("standings", str(book), "--json", timeout=120)
    data = json.loads(done.stdout)
    numbers = sorted(p["number"] for p in data["players"])
    # player 99 follows the repeated row: on row 12 after one row, past every row read after 10**18
    assert numbers == ([1, 2, 3, 4, 99] if rows == "1" else [1, 2, 3, 4])


@pytest.mark.parametrize("attribute, count", [
    ("number-rows-repeated", "1e3"), ("number-rows-repeated", "9" * 5000), ("number-rows-repeated", "0"),
    ("number-rows-repeated", "-3"), ("number-columns-repeated", "1e3"), ("number-columns-repeated", "9" * 5000),
])
def test_a_repeat_count_that_is_no_count_is_damage(tmp_path, attribute, count):
    row = (f'<table:table-row table:{attribute}="{count}"><table:table-cell/></table:table-row>'
           if attribute.startswith("number-rows") else
           f'<table:table-row><table:table-cell table:{attribute}="{count}"/></table:table-row>')
    book = small_ods(tmp_path / "cup.ods", row)
    said = refused_as_damage(book, "its sheets (content.xml)", f"table:{attribute}=", "sheet 'Methuselahs'")
    assert len(said) < 600  # 5,000 digits are not repeated back


def test_a_run_of_10_to_the_12_spaces_is_a_text_too_long_not_a_memory_error(tmp_path):
    # <text:s text:c="N"/> stands for N spaces: " " * 10**12 filled the memory
    name = '<table:table-cell office:value-type="string"><text:p>A<text:s text:c="1000000000000"/>B</text:p>' \
           "</table:table-cell>"
    book = small_ods(tmp_path / "cup.ods", f"<table:table-row>{_cell(5)}{name}</table:table-row>")
    r = run("check", book)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert f"cup.ods: cell Methuselahs!B11 holds {MAX_CELL_TEXT + 3:,} characters" in r.output


# ---------------------------------------------------------------- zip bombs

GIGABYTE_OF_ZEROS = 1 + 258 * 4_200_000  # 1.08 GB, 6.8 MB deflated


def _sample_with_member(tmp_path: Path, member: Member) -> Path:
    members = [member if m.name == member.name else m for m in members_of(SAMPLE)]
    return raw_zip(tmp_path / "cup.xlsx", members)


def test_a_part_that_says_it_inflates_to_a_gigabyte_is_refused_before_it_is_inflated(tmp_path):
    bomb = Member(SHARED_STRINGS_PART, zeros_deflated(GIGABYTE_OF_ZEROS), GIGABYTE_OF_ZEROS, 0)
    book = _sample_with_member(tmp_path, bomb)
    refused_as_damage(book, f"its part {SHARED_STRINGS_PART} would inflate to {GIGABYTE_OF_ZEROS:,} bytes",
                      f"at most {zipparts.MAX_PART_BYTES:,}")
    done, peak = in_a_child("check", str(book))
    assert done.returncode == ExitStatus.UNREADABLE, done.stderr
    assert peak < MEMORY_BOUND, f"check took {peak / 2**20:.0f} MB"


def test_a_part_whose_zip_directory_says_less_than_it_inflates_to_is_damage_in_bounded_memory(tmp_path):
    # the directory says 64 kB (and the CRC of 64 kB of zeros): the stream
    # inflates to a gigabyte, which an unbounded read (zipfile's read()) inflates whole first
    said = 64 * 1024
    bomb = Member(METHUSELAHS_PART, zeros_deflated(GIGABYTE_OF_ZEROS), said, zlib.crc32(bytes(said)))
    book = _sample_with_member(tmp_path, bomb)
    done, peak = in_a_child("check", str(book))
    assert done.returncode == ExitStatus.UNREADABLE, done.stderr
    assert "cup.xlsx is damaged: sheet 'Methuselahs' (xl/worksheets/sheet3.xml)" in done.stderr
    assert "Traceback" not in done.stderr
    assert peak < MEMORY_BOUND, f"check took {peak / 2**20:.0f} MB"


def test_a_zip_of_too_many_entries_is_refused_before_its_directory_is_read(tmp_path):
    extra = [Member(f"junk/{i}.xml", b"", 0, 0, zipfile.ZIP_STORED) for i in range(zipparts.MAX_ENTRIES)]
    book = raw_zip(tmp_path / "cup.xlsx", members_of(SAMPLE) + extra)
    entries = zipparts.MAX_ENTRIES + len(members_of(SAMPLE))
    refused_as_damage(book, f"its zip holds {entries:,} entries", f"at most {zipparts.MAX_ENTRIES:,}")


def test_a_zip_directory_larger_than_any_workbook_s_is_refused_before_it_is_read(tmp_path):
    # 300 entries named with 60,000 characters each: an 18 MB directory
    extra = [Member(f"junk/{i:03}" + "x" * 60_000, b"", 0, 0, zipfile.ZIP_STORED) for i in range(300)]
    book = raw_zip(tmp_path / "cup.xlsx", members_of(SAMPLE) + extra)
    refused_as_damage(book, "its zip's directory takes", f"at most {zipparts.MAX_DIRECTORY_BYTES:,}")


def test_an_end_record_that_says_a_million_entries_is_refused(tmp_path):
    book = raw_zip(tmp_path / "cup.xlsx", members_of(SAMPLE), entries=0xFFFF)
    refused_as_damage(book, "its zip holds 65,535 entries")


def test_parts_too_large_in_all_are_refused_before_they_are_inflated(tmp_path):
    # each part says it inflates to just under the limit for one: together they are far past the whole's
    size = zipparts.MAX_PART_BYTES - 1
    members = [m._replace(size=size) if m.name.startswith("xl/worksheets/") else m for m in members_of(SAMPLE)]
    book = raw_zip(tmp_path / "cup.xlsx", members)
    total = sum(m.size for m in members)
    refused_as_damage(book, f"its parts would inflate to {total:,} bytes in all",
                      f"at most {zipparts.MAX_TOTAL_BYTES:,}")


def test_the_limits_are_far_above_the_official_workbooks():
    # the largest part of an Archon (the .ods's content.xml) is 29 MB; the most parts 69
    assert zipparts.MAX_PART_BYTES >= 4 * 29_000_000 and zipparts.MAX_ENTRIES >= 100 * 69


def test_a_part_read_past_its_limit_stops_while_inflating(tmp_path, monkeypatch):
    # read_member's own bound, should a zip's directory not be checked first
    # (a write reads the package it holds in memory)
    monkeypatch.setattr(zipparts, "MAX_PART_BYTES", 1000)
    path = tmp_path / "big.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("part.xml", bytes(5000))
    with zipfile.ZipFile(path) as zf, pytest.raises(WorkbookError) as err:
        zipparts.read_member(zf, "part.xml", path)
    assert err.value.damaged and err.value.message.id == "workbook.damaged"
    assert str(err.value) == ("big.zip is damaged: its part part.xml inflates to more than 1,000 bytes, the "
                              "most archon reads of a workbook's part; use a backup, or open it in Excel/LibreOffice "
                              "and save it again")


# ---------------------------------------------------------------- XML entities

def _external_entity(xml: bytes) -> bytes:
    declared = xml.replace(b"?>", b'?><!DOCTYPE sst [<!ENTITY e SYSTEM "file:///etc/passwd">]>', 1)
    return declared.replace(b"<si><t>", b"<si><t>&e;", 1)


def _laughs(xml: bytes) -> bytes:
    entities = '<!ENTITY a "ha">' + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                                            for i in range(8))
    declared = xml.replace(b"?>", f"?><!DOCTYPE sst [{entities}]>".encode(), 1)
    return declared.replace(b"<si><t>", b"<si><t>&i;", 1)


@pytest.mark.parametrize("change, said", [
    (lambda xml: xml.replace(b"<si><t>", b"<si><t>&nbsp;", 1), "undefined entity at line"),
    (_external_entity, "a document type declaration (<!DOCTYPE) at line"),  # was ParseError, exit 4
    (_laughs, "a document type declaration (<!DOCTYPE) at line"),
])
def test_an_entity_in_the_shared_strings_is_damage_naming_the_part(tmp_path, change, said):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(SHARED_STRINGS_PART, change))
    refused_as_damage(book, "the shared strings (xl/sharedStrings.xml) are cut short or garbled", said)


def test_an_undefined_entity_in_a_row_read_is_damage_naming_the_sheet(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(
        METHUSELAHS_PART, lambda xml: xml.replace(b"<t>Anna</t>", b"<t>&anna;</t>", 1)))
    refused_as_damage(book, "sheet 'Methuselahs' (xl/worksheets/sheet3.xml) is cut short or garbled",
                      "undefined entity")


def test_a_document_type_in_a_sheet_is_damage(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(
        METHUSELAHS_PART, lambda xml: xml.replace(b"?>", b'?><!DOCTYPE worksheet [<!ENTITY x "y">]>', 1)))
    refused_as_damage(book, "sheet 'Methuselahs' (xl/worksheets/sheet3.xml)", "<!DOCTYPE")


def test_a_row_numbered_past_any_sheet_is_damage_not_a_bug(tmp_path):
    # int() refuses more than 4,300 digits: it was 'archon failed (ValueError)', exit 4
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(
        METHUSELAHS_PART, lambda xml: xml.replace(b'<row r="20"', b'<row r="' + b"9" * 5000 + b'"', 1)))
    refused_as_damage(book, "sheet 'Methuselahs'", "a row numbered '9999999999")


# ---------------------------------------------------------------- a text longer than a cell holds

def _name_of_length(n: int):
    return with_part(METHUSELAHS_PART, lambda xml: xml.replace(b"<t>Anna</t>", b"<t>" + b"A" * n + b"</t>", 1))


def test_a_name_longer_than_a_cell_holds_is_refused_naming_its_cell(tmp_path):
    # a 10 MB name passed check and broke every later write
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", _name_of_length(10 * 1024 * 1024))
    r = run("check", book)
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert f"cup.xlsx: cell Methuselahs!B7 holds {10 * 1024 * 1024:,} characters" in r.output
    assert f"more than a cell holds ({MAX_CELL_TEXT:,})" in r.output
    assert len(r.output) < 1000


def test_a_name_as_long_as_a_cell_holds_is_read(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", _name_of_length(MAX_CELL_TEXT))
    read = read_event(book)
    assert read.event.players[0].first_name == "A" * MAX_CELL_TEXT


# ---------------------------------------------------------------- a VP no table scores

def _vp_of_round_1_e7(text: str):
    def change(xml: bytes) -> bytes:
        new, n = re.subn(rb'(<c r="E7"[^>]*><v>)[^<]*(</v>)', rb"\g<1>" + text.encode() + rb"\g<2>", xml, count=1)
        assert n == 1
        return new
    return with_part(ROUND_1_PART, change)


@pytest.mark.parametrize("vp", ["4.9e-324", "0.3", "2.5000001"])
def test_a_vp_that_is_no_whole_or_half_point_is_a_problem_check_names(tmp_path, vp):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", _vp_of_round_1_e7(vp))
    r = run("check", book)
    assert r.exit_code == ExitStatus.PROBLEMS, r.output
    shown = repr(float(vp))  # 5e-324, 0.3, 2.5000001: not rounded to a half point
    lines = [line for line in r.output.splitlines() if line.startswith("error: Round 1!E7:")]
    assert lines and f"VP {shown} is not a whole or half point: it counts as 0" in lines[0], r.output
    problem = next(p for p in read_event(book).problems if p.where == "Round 1!E7")
    assert problem.message.id == "read.vp_not_half" and problem.message.fields["vp"] == shown


def test_a_half_point_vp_is_no_problem(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", _vp_of_round_1_e7("0.5"))
    assert not [p for p in read_event(book).problems if p.where == "Round 1!E7"]
