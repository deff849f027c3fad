"""The exit statuses of archon.exits, as a user sees them from the command line."""

from __future__ import annotations

import shutil

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

    monkeypatch.setattr("archon.standings.compute", broken)
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
    out = CliRunner().invoke(cli.main, ["drop", str(book), "1"])
    assert out.exit_code == ExitStatus.NOT_WRITTEN, out.output
    assert book.read_bytes() == before
