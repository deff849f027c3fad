"""Damaged workbooks are refused whole, saying what is damaged (issue 11)."""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon import cli
from archon.exits import ExitStatus
from archon.formats.workbook import read_event
from archon.formats.workbook import WorkbookError

from conftest import REPO, official_file
from hostile_files import METHUSELAHS_PART, SHARED_STRINGS_PART, cut_after_row, rezip, with_part

SAMPLE = REPO / "samples" / "sample-event.xlsx"


def _run(*args):
    return CliRunner().invoke(cli.main, [str(a) for a in args])


def test_a_methuselahs_sheet_cut_after_row_20_is_not_read_as_fewer_players(tmp_path):
    # the case: XML ending at row 20 was read as 13 of 25 players, exit 0
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(METHUSELAHS_PART, lambda xml: cut_after_row(xml, 20)))
    with pytest.raises(WorkbookError) as err:
        read_event(book)
    assert "cup.xlsx is damaged" in str(err.value)
    assert "'Methuselahs'" in str(err.value)
    for command in (["standings", book], ["report", book], ["convert", book, tmp_path / "out.xlsx"]):
        out = _run(*command)
        assert out.exit_code == ExitStatus.UNREADABLE, out.output
        assert "sheet 'Methuselahs'" in out.output and "cut short" in out.output
    assert not (tmp_path / "out.xlsx").exists()


def test_damaged_shared_strings_say_so(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(SHARED_STRINGS_PART, lambda xml: xml[: len(xml) // 2]))
    out = _run("standings", book)
    assert out.exit_code == ExitStatus.UNREADABLE
    assert "cup.xlsx is damaged: the shared strings" in out.output
    assert "not an Archon workbook" not in out.output


def test_a_cell_pointing_past_the_shared_strings_is_damage(tmp_path):
    # well-formed, but the shared strings lost their entries (the version cell's text among them)
    def drop_last(xml: bytes) -> bytes:
        return xml[: xml.index(b"<si>")] + b"</sst>"

    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part(SHARED_STRINGS_PART, drop_last))
    with pytest.raises(WorkbookError, match=r"cup.xlsx is damaged: sheet '.*' cell [A-Z]+\d+ refers to shared string"):
        read_event(book)


def test_a_missing_workbook_part_is_named(tmp_path):
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part("xl/workbook.xml", lambda xml: None))
    with pytest.raises(WorkbookError, match=r"cup.xlsx is damaged: the workbook part .*xl/workbook.xml.* is missing"):
        read_event(book)


def test_an_ods_with_broken_content_is_refused(tmp_path):
    ods = rezip(official_file("ods"), tmp_path / "cup.ods", with_part("content.xml", lambda xml: xml[: len(xml) // 3]))
    out = _run("standings", ods)
    assert out.exit_code == ExitStatus.UNREADABLE
    assert "cup.ods is damaged: its sheets (content.xml) are cut short" in out.output


def _strict(source: Path, target: Path) -> Path:
    """``source`` rewritten in the namespaces of Strict Open XML (ISO/IEC 29500 Strict)."""
    names = [
        (b"http://schemas.openxmlformats.org/spreadsheetml/2006/main", b"http://purl.oclc.org/ooxml/spreadsheetml/main"),
        (b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
         b"http://purl.oclc.org/ooxml/officeDocument/relationships"),
    ]

    def change(name: str, data: bytes) -> bytes:
        if name.endswith((".xml", ".rels")):
            for a, b in names:
                data = data.replace(a, b)
        return data

    return rezip(source, target, change)


def test_a_strict_open_xml_workbook_is_read_and_its_writes_refused_saying_why(tmp_path):
    book = _strict(SAMPLE, tmp_path / "cup.xlsx")
    assert len(read_event(book).event.players) == 25
    before = book.read_bytes()
    out = _run("warn", book, "3", "slow play")  # a write the finished sample still takes
    assert out.exit_code == ExitStatus.UNREADABLE, out.output
    assert "cup.xlsx: a Strict Open XML workbook" in out.output
    assert book.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_as_template_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "template.xlsx"
    os.mkfifo(fifo)
    out = _run("new", tmp_path / "cup.xlsx", "--template", fifo)  # would wait forever reading it
    assert out.exit_code == ExitStatus.UNREADABLE
    assert "template.xlsx is a named pipe (FIFO)" in out.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("args, name, what", [
    (["report", SAMPLE, "--twd", "--deck", "IN"], "deck.txt", "not a deck list"),
    (["league", "IN"], "league.toml", "not a league file"),
    (["register", SAMPLE, "--from", "IN"], "players.csv", "not a players CSV file"),
    (["new", "OUT", "--players", "IN"], "players.csv", "not a players CSV file"),
    (["serve", "IN", "--no-browser"], "event.xlsx", "not a workbook"),  # was "no such workbook"
    (["convert", "IN", "OUT"], "event.json", "not an event file"),  # was "not a workbook: give ... .xlsx"
])
def test_every_input_that_is_a_fifo_is_refused_without_waiting_for_it(tmp_path, args, name, what):
    # 'report --twd --deck FIFO' and 'league FIFO.toml' waited forever (and
    # --deck /dev/zero read until memory ran out)
    from hostile_files import Watchdog

    fifo = tmp_path / name
    os.mkfifo(fifo)
    book = tmp_path / "cup.xlsx"
    shutil.copyfile(SAMPLE, book)
    argv = [fifo if a == "IN" else tmp_path / "new.xlsx" if a == "OUT" else book if a == SAMPLE else a for a in args]
    watchdog = Watchdog(fifo, seconds=30)
    try:
        out = _run(*argv)
    finally:
        watchdog.stop()
    assert not watchdog.fired, f"archon {' '.join(map(str, args))} waited for the named pipe"
    assert out.exit_code == ExitStatus.UNREADABLE, out.output
    assert f"{name} is a named pipe (FIFO), {what}" in out.output and "Traceback" not in out.output
    assert book.read_bytes() == SAMPLE.read_bytes() and not (tmp_path / "new.xlsx").exists()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_as_deck_list_is_refused(tmp_path):
    out = _run("report", SAMPLE, "--twd", "--deck", "/dev/null")  # /dev/zero would never end
    assert out.exit_code == ExitStatus.UNREADABLE, out.output
    assert "null is a device, not a deck list" in out.output


def test_a_write_refuses_a_workbook_whose_styles_are_cut_short_naming_the_part(tmp_path):
    """The styles are a part archon does not read: a write used to copy them
    on, cut short, without a word (README: refused whole)."""
    book = rezip(SAMPLE, tmp_path / "cup.xlsx", with_part("xl/styles.xml", lambda xml: xml[: len(xml) // 2]))
    before = book.read_bytes()
    # writes the finished sample still takes (a drop no longer: its final is played)
    for command in (["warn", book, "3", "slow play"], ["update", book], ["info", book, "--organizer", "Ada", "--dry-run"]):
        out = _run(*command)
        assert out.exit_code == ExitStatus.UNREADABLE, out.output
        assert "cup.xlsx is damaged: the styles (xl/styles.xml) are cut short or garbled" in out.output
    assert book.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]
