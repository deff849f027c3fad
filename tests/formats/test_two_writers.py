"""Two writers at once lose nothing (issue 11): one archon command at a time
holds a workbook from reading it to replacing it; a file changed meanwhile, or
read-only, is refused and kept; a killed command leaves nothing that passes
for a good file or blocks the next one."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook import new_event, read_event
from archon.formats.workbook.safety import WorkbookChangedError, hold, lock_path, safe_write

REPO = Path(__file__).resolve().parents[2]


def two_round_event(players: int = 50) -> Event:
    """``players`` (a multiple of 5) seated in rounds 1 and 2, no result yet;
    round 1: table t holds 5t-4..5t; round 2: table t holds t, t+10, t+20..."""
    tables = players // 5
    r1 = [Table(players=list(range(5 * t + 1, 5 * t + 6))) for t in range(tables)]
    r2 = [Table(players=[t + 1 + tables * k for k in range(5)]) for t in range(tables)]
    return Event(name="Lock Cup", preliminary_rounds=3,
                 players=[Player(number=n, first_name=f"P{n}", last_name="Test") for n in range(1, players + 1)],
                 rounds=[Round(1, r1), Round(2, r2)])


def archon(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "archon.cli", *args], cwd=REPO,
                            env={**os.environ, **(env or {})},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen) -> tuple[int, str]:
    out, err = proc.communicate(timeout=300)
    return proc.returncode, out + err


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".~archon-"))


def test_twenty_pairs_of_concurrent_result_and_register_lose_nothing(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event())
    tables = [(1 + i // 10, i % 10 + 1) for i in range(20)]
    wait = {"ARCHON_LOCK_WAIT": "120"}  # a loaded test machine: what matters is that nothing is lost
    for first in range(0, 20, 2):  # two pairs at a time: four writers at once
        started = []
        for i in (first, first + 1):
            rnd, table = tables[i]
            started += [archon("result", str(path), "--round", str(rnd), "--table", str(table),
                               "5", "0", "0", "0", "0", env=wait),
                        archon("register", str(path), f"Late{i} Comer", env=wait)]
        for proc in started:
            status, output = finish(proc)
            assert status == 0, output
    event = read_event(path).event
    by_round = {r.number: r for r in event.rounds}
    for rnd, table in tables:
        assert by_round[rnd].tables[table - 1].vps == [5, 0, 0, 0, 0], (rnd, table)
    late = sorted(p.number for p in event.players if p.last_name == "Comer")
    assert late == list(range(51, 71))
    assert {p.first_name for p in event.players if p.last_name == "Comer"} == {f"Late{i}" for i in range(20)}
    assert leftovers(tmp_path) == []


def test_two_threads_of_one_process_each_keep_their_change(tmp_path, monkeypatch):
    # the event console calls the Python twins from several threads
    monkeypatch.setenv("ARCHON_LOCK_WAIT", "120")  # a loaded test machine: what matters is that nothing is lost
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    errors = []

    def run(call):
        try:
            call()
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(lambda: api.register(path, "Anna Late"),)),
               threading.Thread(target=run, args=(lambda: api.result(path, [5, 0, 0, 0, 0], round=1, table=2),))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    event = read_event(path).event
    assert event.rounds[0].tables[1].vps == [5, 0, 0, 0, 0]
    assert [p.name for p in event.players if p.number == 11] == ["Anna Late"]


def test_a_command_that_waits_too_long_is_refused_naming_the_holder(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    before = path.read_bytes()
    from archon.formats.workbook.safety import settings

    with settings(command="archon result cup.xlsx --round 1 --table 1 5 0 0 0 0"), hold(path):
        status, output = finish(archon("--lock-wait", "0.2", "result", str(path), "--round", "1", "--table", "2",
                                       "5", "0", "0", "0", "0"))
    assert status == 3, output
    assert "held by another archon command" in output and "--round 1 --table 1" in output
    assert "nothing was changed" in output and "Traceback" not in output
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []  # the lock file goes with the lock


def test_a_workbook_saved_elsewhere_between_read_and_replace_is_refused_and_kept(tmp_path, monkeypatch):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    (tmp_path / "elsewhere").mkdir()
    saved = tmp_path / "elsewhere" / "cup.xlsx"
    new_event(saved, two_round_event(10))
    api.result(saved, [0, 5, 0, 0, 0], round=1, table=1)  # the organizer typed table 1 meanwhile
    spreadsheet_version = saved.read_bytes()

    from archon import eventday

    real = eventday.record_result

    def typed_meanwhile(*args, **kwargs):
        os.replace(saved, path)  # a spreadsheet saves while archon works on its change
        return real(*args, **kwargs)

    monkeypatch.setattr(eventday, "record_result", typed_meanwhile)
    r = CliRunner().invoke(main, ["result", str(path), "--round", "1", "--table", "2", "5", "0", "0", "0", "0"])
    assert r.exit_code == 3, r.output
    assert "cup.xlsx was changed by another program" in r.output and "changed nothing" in r.output
    assert path.read_bytes() == spreadsheet_version
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx", "elsewhere"]  # no backup, no temporary file


def test_a_file_changed_inside_a_write_is_refused_by_safe_write(tmp_path):
    path = tmp_path / "notes.xlsx"
    path.write_bytes(b"first version")

    def write(f):
        f.write(b"archon's version")
        path.write_bytes(b"typed elsewhere")  # same moment, another program

    with pytest.raises(WorkbookChangedError):
        safe_write(path, write)
    assert path.read_bytes() == b"typed elsewhere"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.xlsx"]


def test_a_read_only_workbook_is_refused_not_replaced(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        r = CliRunner().invoke(main, ["result", str(path), "--round", "1", "--table", "1", "5", "0", "0", "0", "0"])
        assert r.exit_code == 3, r.output
        assert "cup.xlsx is read-only" in r.output and "Traceback" not in r.output
        assert path.read_bytes() == before
        assert stat.S_IMODE(path.stat().st_mode) == 0o444
        assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]
        r = CliRunner().invoke(main, ["register", str(path), "Anna Late"])
        assert r.exit_code == 3 and "read-only" in r.output
    finally:
        path.chmod(0o644)


# ---------------------------------------------------------------------------
# Leftovers: what a kill leaves, the next command clears


KILL_DURING = {
    # killed once the new workbook is written beside the old one, before it replaces it
    "write": "def replace(*args):\n"
             "    os.kill(os.getpid(), signal.SIGKILL)\n"
             "os.replace = replace\n",
    # killed halfway through copying the backup
    "backup": "import shutil\n"
              "def half(fin, fout, size=0):\n"
              "    fout.write(fin.read(5000)); fout.flush(); os.kill(os.getpid(), signal.SIGKILL)\n"
              "shutil.copyfileobj = half\n",
}


def killed_result(path: Path, when: str) -> int:
    code = ("import os, signal, sys\n" + KILL_DURING[when] +
            "from archon.cli import main\n"
            f"main(['result', {str(path)!r}, '--round', '1', '--table', '1', '5', '0', '0', '0', '0'])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300)
    return proc.returncode


@pytest.mark.parametrize("when", ["write", "backup"])
def test_a_killed_command_leaves_nothing_that_passes_for_a_good_file_or_blocks(tmp_path, when):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    before = path.read_bytes()
    assert killed_result(path, when) == -signal.SIGKILL
    assert path.read_bytes() == before
    backups = tmp_path / "cup-backups"
    left = leftovers(tmp_path) + (leftovers(backups) if backups.is_dir() else [])
    assert any(n.endswith(".tmp") for n in left)  # the killed command's temporary file...
    every_backup = list(tmp_path.rglob("*.backup-*"))
    assert all(b.read_bytes() == before for b in every_backup)  # ...and never a partial backup

    # the next command does not wait for the dead one (no waiting at all here) and clears what it left
    r = CliRunner().invoke(main, ["--lock-wait", "0", "result", str(path), "--round", "1", "--table", "2",
                                  "5", "0", "0", "0", "0"])
    assert r.exit_code == 0, r.output
    assert leftovers(tmp_path) == [] and leftovers(backups) == []
    assert not lock_path(path).exists()
    tables = read_event(path).event.rounds[0].tables
    assert tables[0].vps == [None] * 5 and tables[1].vps == [5, 0, 0, 0, 0]


def test_the_next_command_clears_old_temporary_files_of_its_workbook_only(tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    old = time.time() - 3600
    names = {
        ".~archon-cup.xlsx.k1ll3d_1.tmp": True,  # this workbook's, from a killed command
        ".~archon-x8d_qz0p.xlsx.tmp": True,  # the form archon used before
        ".~archon-other.xlsx.k1ll3d_2.tmp": False,  # another workbook's: its own next command clears it
        "~$notes.xlsx": False,  # not archon's
    }
    for name in names:
        (tmp_path / name).write_bytes(b"partial")
        os.utime(tmp_path / name, (old, old))
    fresh = tmp_path / ".~archon-cup.xlsx.written_after_we_began.tmp"
    fresh.write_bytes(b"newer than this run")
    os.utime(fresh, (time.time() + 3600,) * 2)
    api.register(path, "Anna Late")
    left = {p.name for p in tmp_path.iterdir()}
    assert {n for n, cleared in names.items() if cleared} & left == set()
    assert {n for n, cleared in names.items() if not cleared} <= left
    assert fresh.name in left


def test_archon_s_own_lock_is_not_taken_for_a_spreadsheet_s_and_is_reentrant(tmp_path):
    from archon.formats.workbook.safety import check_not_open, lock_files

    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    with hold(path) as outer:
        assert lock_path(path).exists() and lock_files(path) == []
        check_not_open(path)  # archon's lock does not say "open in Excel or LibreOffice"
        with hold(path) as inner:  # the twins nest: write_event inside the event-day hold
            assert inner is outer
        api.register(path, "Anna Late")  # a change made inside the caller's hold
    assert not lock_path(path).exists()
    assert [p.name for p in read_event(path).event.players][-1] == "Anna Late"
