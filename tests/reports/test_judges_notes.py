"""What a report posts and what only the judges' copy holds (issue 22).

``archon report --html/--xlsx`` makes a report to post: the judges' warnings
(who was warned, and why) and the reason a judge gave for accepting a table
are left out; an overridden table still says a judge accepted it.
``--judges-notes`` makes the judges' own copy, with both.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.rules.model import JudgeWarning
from test_eventday import book, winter_cup
from test_event_e2e import OVERRIDDEN, OVERRIDE_REASON

#: The warning a judge gave: a reason the room must not read on the wall.
CHEATING = "ejected for cheating"
#: The warned player (#5) and the round of the warning.
WARNED, WARNED_ROUND = 5, 2


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def cup(tmp_path) -> Path:
    """The Winter Cup after 3 rounds: round 3, table 5 accepted by a judge
    (OVERRIDE_REASON), and #5 warned in round 2 for cheating."""
    event = winter_cup(3)
    event.warnings.append(JudgeWarning(WARNED, CHEATING, WARNED_ROUND))
    return book(tmp_path, event)


def warned_name(cup: Path) -> str:
    p = next(p for p in api.standings(cup)["players"] if p["number"] == WARNED)
    return f"{p['first_name']} {p['last_name']}"


def cells(path: Path) -> dict[str, list[list]]:
    """Every sheet's values as openpyxl reads them: ``{title: rows}``."""
    wb = openpyxl.load_workbook(path)
    return {ws.title: [list(row) for row in ws.iter_rows(values_only=True)] for ws in wb.worksheets}


def texts(sheets: dict[str, list[list]]) -> str:
    return "\n".join(str(v) for rows in sheets.values() for row in rows for v in row if v is not None)


def notes_of(sheets: dict[str, list[list]], rnd: int, table: int) -> set:
    """The notes of one table's rows on its round sheet (the "Note" column, its blanks left out)."""
    header, *rows = sheets[f"Round {rnd}"]
    return {row[header.index("Note")] for row in rows if row[header.index("Table")] == table} - {None, ""}


def page_text(path: Path) -> str:
    """The HTML page's text as a browser shows it (tags dropped)."""
    return re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))


def test_the_report_to_post_leaves_out_the_warnings_and_the_override_reason(cup, tmp_path):
    html, xlsx = tmp_path / "report.html", tmp_path / "report.xlsx"
    r = run("report", cup, "--html", html, "--xlsx", xlsx)
    assert r.exit_code == 0, r.output
    page = page_text(html)
    assert CHEATING not in page and OVERRIDE_REASON not in page
    assert "Judges' warnings" not in page and 'id="warnings"' not in html.read_text(encoding="utf-8")
    assert "judges' copy" not in page
    # the players may know a judge decided the table, not why
    assert "Accepted by a judge." in page
    sheets = cells(xlsx)
    assert "Warnings" not in sheets
    assert CHEATING not in texts(sheets) and OVERRIDE_REASON not in texts(sheets)
    assert notes_of(sheets, *OVERRIDDEN) == {"accepted by a judge"}


def test_the_judges_copy_holds_the_warnings_and_the_override_reason(cup, tmp_path):
    html, xlsx = tmp_path / "judges.html", tmp_path / "judges.xlsx"
    r = run("report", cup, "--html", html, "--xlsx", xlsx, "--judges-notes")
    assert r.exit_code == 0, r.output
    page = page_text(html)
    assert f"#{WARNED} {warned_name(cup)}, round {WARNED_ROUND}: {CHEATING}" in " ".join(page.split())
    assert f"Accepted by a judge: {OVERRIDE_REASON}" in page
    assert "The judges' copy" in page and "Not to post." in page
    sheets = cells(xlsx)
    header, *rows = sheets["Warnings"]
    assert rows == [[WARNED, warned_name(cup), WARNED_ROUND, CHEATING]]
    assert notes_of(sheets, *OVERRIDDEN) == {f"accepted by a judge: {OVERRIDE_REASON}"}


def test_the_twin_makes_the_report_to_post_unless_asked_for_the_judges_notes(cup, tmp_path):
    api.report(cup, html=tmp_path / "a.html")
    api.report(cup, html=tmp_path / "b.html", judges_notes=True)
    assert CHEATING not in page_text(tmp_path / "a.html")
    assert CHEATING in page_text(tmp_path / "b.html")


def test_judges_notes_without_a_report_file_is_refused_and_writes_nothing(cup, tmp_path):
    before = cup.read_bytes()
    r = run("report", cup, "--judges-notes", "--csv", tmp_path / "csv")
    assert r.exit_code == 2
    assert "--judges-notes goes with --xlsx or --html" in r.output
    assert not (tmp_path / "csv").exists() and cup.read_bytes() == before
    # the VEKN report carries what the VEKN asks for, with or without the option's files
    assert CHEATING not in run("report", cup).output
