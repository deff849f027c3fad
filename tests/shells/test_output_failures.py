"""Outputs that cannot be written: a full disk, a read-only folder, a file
size limit. Every one ends in one line and exit status 3 (nothing could be
written, :mod:`archon.exits`), never in a traceback, a partial file or a
partial CSV set.

A full disk is simulated by the operating system itself where it can be
(``/dev/full``, a file size limit) and otherwise by making the OS write call
fail with ENOSPC; a read-only folder by the OS refusing the new file (the
tests run as root, for whom a folder's mode bits do not count).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.exits import ExitStatus
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event

REPO = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def workbook(tmp_path) -> Path:
    players = [Player(i, f"First{i}", f"Last{i}", vekn=str(1000000 + i)) for i in range(1, 9)]
    ev = Event(name="Full Disk Open", preliminary_rounds=3, players=players)
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4], [2.0, 0.0, 1.0, 1.0]),
                               Table([5, 6, 7, 8], [4.0, 0.0, 0.0, 0.0])]))
    path = tmp_path / "event.xlsx"
    new_event(path, ev)
    return path


def one_error_line(r) -> str:
    lines = [line for line in r.output.splitlines() if line.startswith("Error")]
    assert len(lines) == 1, r.output
    assert "Traceback" not in r.output
    return lines[0]


def fail_os_write(monkeypatch, after: int = 0, code: int = errno.ENOSPC) -> None:
    """Let ``after`` OS writes through, then fail every one with ``code``."""
    real = os.write
    calls = {"n": 0}

    def write(fd, data):
        calls["n"] += 1
        if calls["n"] > after:
            raise OSError(code, os.strerror(code))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def refuse_new_files(monkeypatch) -> None:
    """The folder is read-only: the OS refuses to create a file in it."""
    import tempfile

    def mkstemp(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def files_in(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


# ---------------------------------------------------------------------------
# report --html / --xlsx / --round --xlsx


@pytest.mark.parametrize("option,name", [("--html", "r.html"), ("--xlsx", "r.xlsx")])
def test_report_on_a_full_disk_is_refused_and_leaves_nothing(workbook, tmp_path, monkeypatch, option, name):
    out = tmp_path / "out"
    out.mkdir()
    fail_os_write(monkeypatch)
    r = run("report", workbook, option, out / name)
    assert r.exit_code == ExitStatus.NOT_WRITTEN, r.output
    line = one_error_line(r)
    assert name in line and "No space left on device" in line
    assert files_in(out) == set()


def test_report_on_a_full_disk_keeps_the_older_report(workbook, tmp_path, monkeypatch):
    old = tmp_path / "r.html"
    old.write_text("the report of yesterday")
    fail_os_write(monkeypatch)
    r = run("report", workbook, "--html", old)
    assert r.exit_code == ExitStatus.NOT_WRITTEN
    assert old.read_text() == "the report of yesterday"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("args", [("--html", "r.html"), ("--xlsx", "r.xlsx"), ("--round", "1", "--xlsx", "r1.xlsx")])
def test_report_into_a_read_only_folder_is_refused(workbook, tmp_path, monkeypatch, args):
    out = tmp_path / "readonly"
    out.mkdir()
    *opts, name = args
    refuse_new_files(monkeypatch)
    r = run("report", workbook, *opts, out / name)
    assert r.exit_code == ExitStatus.NOT_WRITTEN, r.output
    line = one_error_line(r)
    assert name in line and "Permission denied" in line
    assert files_in(out) == set()


def test_a_file_size_limit_from_the_os_is_refused_without_traceback(workbook, tmp_path):
    """A real failing write (the OS's file size limit, EFBIG) in a real process."""
    resource = pytest.importorskip("resource")
    out = tmp_path / "big.xlsx"

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    p = subprocess.run(
        [sys.executable, "-m", "archon.cli", "report", str(workbook), "--xlsx", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=120, preexec_fn=limit,
    )
    assert p.returncode == ExitStatus.NOT_WRITTEN, p.stderr
    assert "Traceback" not in p.stderr
    assert "big.xlsx" in p.stderr and "File too large" in p.stderr
    assert files_in(tmp_path) == {"event.xlsx"}


# ---------------------------------------------------------------------------
# report --csv: the whole set or nothing


def test_csv_set_on_a_full_disk_leaves_no_partial_set(workbook, tmp_path, monkeypatch):
    out = tmp_path / "csv"
    out.mkdir()
    (out / "Methuselahs.csv").write_text("an earlier export")
    # Methuselahs.csv and Round-1.csv go through, Report.csv does not
    fail_os_write(monkeypatch, after=2)
    r = run("report", workbook, "--csv", out, "--force")
    assert r.exit_code == ExitStatus.NOT_WRITTEN, r.output
    line = one_error_line(r)
    assert "Report.csv" in line and "No space left on device" in line
    assert files_in(out) == {"Methuselahs.csv"}
    assert (out / "Methuselahs.csv").read_text() == "an earlier export"


def test_csv_set_into_a_new_folder_on_a_full_disk_leaves_no_folder(workbook, tmp_path, monkeypatch):
    out = tmp_path / "csv"
    fail_os_write(monkeypatch, after=1)
    r = run("report", workbook, "--csv", out)
    assert r.exit_code == ExitStatus.NOT_WRITTEN, r.output
    one_error_line(r)
    assert not out.exists()


def test_csv_set_written_whole(workbook, tmp_path):
    out = tmp_path / "csv"
    r = run("report", workbook, "--csv", out)
    assert r.exit_code == 0, r.output
    assert files_in(out) == {"Methuselahs.csv", "Round-1.csv", "Report.csv"}


# ---------------------------------------------------------------------------
# standings printed to a full disk


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("fmt", [["--json"], ["--csv"], []])
def test_standings_to_a_full_disk_exits_3(workbook, fmt):
    with open("/dev/full", "w") as full:
        p = subprocess.run(
            [sys.executable, "-m", "archon.cli", "standings", str(workbook), *fmt],
            cwd=REPO, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
        )
    assert p.returncode == ExitStatus.NOT_WRITTEN, p.stderr
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "No space left on device" in lines[0]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["report", "--help"]])
def test_help_to_a_full_disk_exits_3(args):
    # 'archon --help > /dev/full' was an OSError traceback: the group's own
    # help is printed while the command line is read, before any command runs
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "archon.cli", *args],
                           cwd=REPO, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == ExitStatus.NOT_WRITTEN, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "No space left on device" in lines[0], p.stderr
