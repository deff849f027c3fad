"""What an organizer gets from ``archon report`` (and ``rating``/``league``
outputs) when something is off: a workbook read only in part, a round that
does not exist, an output name that is not a report's, players sitting out.

Every workbook here is written by archon (``test_eventday.book``) and then
changed the way a person or another program would change it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from archon.cli import main
from test_eventday import book, winter_cup


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def with_sheet_renamed(path: Path, old: str, new: str) -> Path:
    """``path`` with the tab ``old`` renamed ``new`` (as a spreadsheet saves a
    renamed tab: only xl/workbook.xml changes)."""
    src = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/workbook.xml":
                assert f'name="{old}"'.encode() in data
                data = data.replace(f'name="{old}"'.encode(), f'name="{new}"'.encode())
            z.writestr(item, data)
    path.write_bytes(out.getvalue())
    return path


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------------------
# A workbook archon could read only in part (trial finding 4)


def test_a_report_of_a_workbook_with_a_round_sheet_renamed_is_refused_and_writes_nothing(tmp_path):
    path = with_sheet_renamed(book(tmp_path, winter_cup(3)), "Round 2", "Runde 2")
    before = files_in(tmp_path)
    for outputs in ([], ["--html", tmp_path / "r.html"], ["--xlsx", tmp_path / "r.xlsx"],
                    ["--csv", tmp_path / "csv"], ["--round", "1", "--xlsx", tmp_path / "r1.xlsx"],
                    ["--html", tmp_path / "r.html", "--dry-run"], ["--twd"]):
        r = run("report", path, *outputs)
        assert r.exit_code == 1, (outputs, r.output)  # as 'archon standings' on the same file
        assert "cup.xlsx could not be read whole" in r.output, outputs
        assert "Round 2!A1: the sheet 'Round 2' is missing" in r.output, outputs
        assert f"'archon check {path}'" in r.output and "nothing was written" in r.output, outputs
        assert "VEKN report" not in r.output and "Traceback" not in r.output, outputs
        assert files_in(tmp_path) == before, outputs
    assert run("standings", path).exit_code == 1


def test_a_report_of_a_workbook_with_a_formula_and_no_saved_value_is_refused(tmp_path):
    path = book(tmp_path, winter_cup(3))
    wb = openpyxl.load_workbook(path)
    wb["Methuselahs"]["B7"] = '=UPPER("Anna")'  # written by a program: no value saved with it
    wb.save(path)
    before = files_in(tmp_path)
    for outputs in ([], ["--csv", tmp_path / "csv"], ["--xlsx", tmp_path / "r.xlsx"]):
        r = run("report", path, *outputs)
        assert r.exit_code == 1, (outputs, r.output)
        assert "Methuselahs!B7: a formula with no saved value" in r.output, outputs
        assert files_in(tmp_path) == before, outputs


# ---------------------------------------------------------------------------
# Trial finding 14


def test_the_vekn_report_of_an_event_with_no_name_is_titled_once(tmp_path):
    event = winter_cup(3)
    event.name = ""
    r = run("report", book(tmp_path, event))
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "VEKN report (incomplete: the final has no result yet)"
    named = run("report", book(tmp_path, winter_cup(3), "named.xlsx"))
    assert named.output.splitlines()[0] == "Winter Cup — VEKN report (incomplete: the final has no result yet)"


def test_a_round_the_event_does_not_have_is_wrong_usage(tmp_path):
    path = book(tmp_path, winter_cup(2))  # 3R+F, rounds 1 and 2 seated
    out = tmp_path / "r5.xlsx"
    r = run("report", path, "--round", "5", "--xlsx", out)
    assert r.exit_code == 2, r.output  # archon.exits: no such round
    assert "there is no round 5: the event has 3 preliminary rounds (--round 1 to 3" in r.output
    assert not out.exists()
    r = run("report", path, "--round", "3", "--xlsx", out)  # a round of the event, not seated yet
    assert r.exit_code == 1 and "round 3 has no seating (rounds seated: 1, 2)" in r.output
    assert not out.exists()
