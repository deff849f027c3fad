"""Never lose a workbook: open workbooks refused, backups, failed writes leave it untouched."""

from __future__ import annotations

import datetime as dt
import errno
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from archon.rules.model import Event, Player
from archon.formats.workbook import load_event, safety
from archon.formats.workbook.safety import WorkbookInUseError, WriteError, backup_path, safe_write
from archon.formats.workbook.writer import new_event, write_event
from conftest import official_file


def tiny_event(name: str = "Night Event", players: int = 5) -> Event:
    return Event(name=name, preliminary_rounds=2,
                 players=[Player(number=i + 1, first_name=f"P{i + 1}") for i in range(players)])


@pytest.fixture
def workbook(tmp_path) -> Path:
    path = tmp_path / "event.xlsx"
    shutil.copyfile(official_file("xlsx"), path)
    return path


def folder_listing(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize("lock_name, app", [("~$event.xlsx", "Excel"), (".~lock.event.xlsx#", "LibreOffice")])
def test_a_workbook_open_elsewhere_is_refused(workbook, lock_name, app):
    (workbook.parent / lock_name).write_bytes(b"someone")
    before = workbook.read_bytes()
    with pytest.raises(WorkbookInUseError) as err:
        write_event(workbook, tiny_event())
    message = str(err.value)
    assert app in message and "close it" in message and lock_name in message
    assert workbook.read_bytes() == before
    assert folder_listing(workbook) == sorted(["event.xlsx", lock_name])


def test_a_lock_file_that_appears_during_the_write_stops_the_replacement(workbook):
    before = workbook.read_bytes()

    def write(f):
        f.write(b"new content")
        (workbook.parent / "~$event.xlsx").write_bytes(b"")  # Excel opened it meanwhile

    with pytest.raises(WorkbookInUseError):
        safe_write(workbook, write)
    assert workbook.read_bytes() == before
    assert not [n for n in folder_listing(workbook) if n.startswith(safety.TEMP_PREFIX)]


def test_a_write_that_fails_halfway_leaves_the_original_untouched(workbook, monkeypatch):
    before = workbook.read_bytes()
    calls = {"n": 0}
    real = zipfile.ZipFile.writestr

    def failing_writestr(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 10:  # of the 17 parts this write changes (the others are copied as they are)
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)

    seen_temp = []
    real_write = safety.safe_write

    def watching_safe_write(path, write, **kwargs):
        def spy(f):
            seen_temp.extend(p for p in workbook.parent.iterdir() if p.name.startswith(safety.TEMP_PREFIX))
            write(f)
        return real_write(path, spy, **kwargs)

    monkeypatch.setattr(zipfile.ZipFile, "writestr", failing_writestr)
    monkeypatch.setattr("archon.formats.workbook.writer.safe_write", watching_safe_write)
    with pytest.raises(WriteError, match="No space left.*nothing was changed"):
        write_event(workbook, tiny_event())
    assert calls["n"] == 10  # it did fail halfway through the package...
    assert seen_temp and seen_temp[0].parent == workbook.parent  # ...being written beside the workbook
    assert not seen_temp[0].exists()
    assert workbook.read_bytes() == before
    assert folder_listing(workbook) == ["event.xlsx"]  # no temporary file, no backup


def test_a_full_disk_is_one_clear_message_on_the_command_line(workbook, monkeypatch):
    from click.testing import CliRunner

    from archon.cli import main

    before = workbook.read_bytes()

    def no_space(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(zipfile.ZipFile, "writestr", no_space)
    r = CliRunner().invoke(main, ["update", str(workbook), "--edition", "2004"])
    assert r.exit_code == 3 and "Traceback" not in r.output and not isinstance(r.exception, OSError)
    assert "event.xlsx" in r.output and "No space left" in r.output and "nothing was changed" in r.output
    assert workbook.read_bytes() == before
    assert folder_listing(workbook) == ["event.xlsx"]


def test_a_failed_replacement_leaves_the_original_and_its_backup(workbook, monkeypatch):
    before = workbook.read_bytes()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(WorkbookInUseError, match="locked or read-only"):
        write_event(workbook, tiny_event())
    assert workbook.read_bytes() == before
    assert folder_listing(workbook) == ["event-backups", "event.xlsx"]  # no temporary file, no lock file
    backups = sorted((workbook.parent / "event-backups").iterdir())
    assert len(backups) == 1 and backups[0].read_bytes() == before  # not the version never put in place


def test_every_change_keeps_the_version_it_replaces_and_never_overwrites_a_backup(workbook):
    original = workbook.read_bytes()
    first = write_event(workbook, tiny_event())
    assert first.changed and first.backup is not None
    assert first.backup.read_bytes() == original
    assert first.backup.name.startswith("event.backup-") and first.backup.suffix == ".xlsx"
    after_first = workbook.read_bytes()

    second = write_event(workbook, tiny_event(players=7))
    assert second.backup is not None and second.backup != first.backup
    assert second.backup.read_bytes() == after_first
    assert first.backup.read_bytes() == original  # the first backup is untouched

    again = write_event(workbook, tiny_event(players=7))
    assert not again.changed and again.backup is None
    assert folder_listing(workbook) == ["event-backups", "event.xlsx"]  # the backups are in their folder
    # and a copy of the version written last (the backup of the next change)
    kept = sorted((workbook.parent / "event-backups").glob("*.xlsx"))
    assert len(kept) == 3 and {first.backup, second.backup} < set(kept)
    assert [k.read_bytes() for k in kept if k not in (first.backup, second.backup)] == [workbook.read_bytes()]


def test_backup_names_never_collide(tmp_path):
    path = tmp_path / "event.xlsx"
    path.write_bytes(b"x")
    when = dt.datetime(2024, 5, 18, 14, 30, 12)
    first = backup_path(path, when)
    assert first == tmp_path / "event-backups" / "event.backup-20240518-143012.xlsx"
    first.parent.mkdir()
    first.write_bytes(b"older backup")
    second = backup_path(path, when)
    assert second.name == "event.backup-20240518-143012-2.xlsx"
    made = safety.make_backup(path, when)
    assert made == second and first.read_bytes() == b"older backup"


def test_new_workbooks_never_replace_a_file(tmp_path):
    path = tmp_path / "event.xlsx"
    path.write_bytes(b"someone's file")
    with pytest.raises(WriteError, match="already exists"):
        new_event(path, tiny_event())
    with pytest.raises(WriteError, match="already exists"):
        safe_write(path, lambda f: f.write(b"new"), must_exist=False)
    assert path.read_bytes() == b"someone's file"


def test_a_new_workbook_gets_the_usual_file_mode(tmp_path):
    mask = os.umask(0o022)
    try:
        report = new_event(tmp_path / "event.xlsx", tiny_event())
    finally:
        os.umask(mask)
    assert (report.path.stat().st_mode & 0o777) == 0o644


def test_only_xlsx_files_are_written(tmp_path):
    with pytest.raises(WriteError, match=r"\.xlsx"):
        new_event(tmp_path / "event.ods", tiny_event())


# A dry run goes through safe_write's own checks (safe_write(dry_run=True)):
# refused where the write would be, and nothing written either way.


@pytest.mark.parametrize("lock_name", ["~$event.xlsx", ".~lock.event.xlsx#"])
def test_a_dry_run_of_a_workbook_open_elsewhere_is_refused_on_the_command_line(workbook, lock_name):
    from click.testing import CliRunner

    from archon.cli import main

    write_event(workbook, tiny_event())
    (workbook.parent / lock_name).write_bytes(b"someone")
    listing, before = folder_listing(workbook), workbook.read_bytes()
    r = CliRunner().invoke(main, ["update", str(workbook), "--edition", "2004", "--dry-run"])
    assert r.exit_code == 3, r.output
    assert lock_name in r.output and "close it" in r.output and "Traceback" not in r.output
    assert workbook.read_bytes() == before and folder_listing(workbook) == listing


def test_a_dry_run_of_a_read_only_workbook_is_refused(workbook):
    write_event(workbook, tiny_event())
    workbook.chmod(0o444)
    try:
        with pytest.raises(safety.WorkbookReadOnlyError, match="read-only"):
            write_event(workbook, tiny_event("Another Name"), dry_run=True)
    finally:
        workbook.chmod(0o644)


def test_a_dry_run_says_whether_the_workbook_would_change_and_writes_nothing(workbook):
    write_event(workbook, tiny_event())
    listing, before = folder_listing(workbook), workbook.read_bytes()
    same = write_event(workbook, tiny_event(), dry_run=True)
    assert not same.changed and "already up to date" in same.describe()
    other = write_event(workbook, tiny_event("Another Name"), dry_run=True)
    assert other.changed and other.backup is None and "dry run: nothing written" in other.describe()
    assert workbook.read_bytes() == before and folder_listing(workbook) == listing  # no backup, no lock file


def test_a_dry_run_notices_a_save_from_a_spreadsheet_meanwhile(workbook):
    def write(f):
        f.write(b"archon's new workbook")
        workbook.write_bytes(b"saved from a spreadsheet")  # while archon made its version

    with pytest.raises(safety.WorkbookChangedError, match="changed nothing"):
        safe_write(workbook, write, dry_run=True)
    assert workbook.read_bytes() == b"saved from a spreadsheet"
    assert folder_listing(workbook) == ["event.xlsx"]


def test_a_dry_run_of_a_new_workbook_waits_for_the_command_that_holds_its_name(tmp_path):
    import threading

    path = tmp_path / "event.xlsx"
    held, done = threading.Event(), threading.Event()

    def other_command():
        with safety.hold(path):
            held.set()
            done.wait(30)

    t = threading.Thread(target=other_command)
    t.start()
    try:
        held.wait(30)
        with safety.settings(lock_wait=0.2), pytest.raises(safety.WorkbookHeldError, match="nothing was changed"):
            new_event(path, tiny_event(), dry_run=True)
    finally:
        done.set()
        t.join()
    report = new_event(path, tiny_event(), dry_run=True)
    assert report.changed and report.dry_run and list(tmp_path.iterdir()) == []


# Every command's dry run is refused where the command itself would be
# (findings item 8: `drop --dry-run` and `warn --dry-run` promised writes the
# real command refuses): the same message and exit status, saying it is a
# dry run; the workbook, its folder and its backups untouched.


def dry_run_and_real(*args):
    """The command given --dry-run, then without it: (dry run, real) results."""
    from click.testing import CliRunner

    from archon.cli import main

    words = [str(a) for a in args]
    return CliRunner().invoke(main, words + ["--dry-run"]), CliRunner().invoke(main, words)


def refused_alike(dry, real, status: int, words: str) -> None:
    assert (dry.exit_code, real.exit_code) == (status, status), (dry.output, real.output)
    assert words in dry.output and words in real.output
    assert dry.output.strip() == real.output.strip() + " " + "(dry run: the command itself would stop here the " \
        "same way; nothing was written)"
    assert "dry run" not in real.output and "Traceback" not in dry.output + real.output


@pytest.mark.parametrize("command", [
    ["drop", "{book}", "3"],
    ["warn", "{book}", "3", "slow play"],
    ["register", "{book}", "Anna Kowalski"],
    ["unregister", "{book}", "5"],
    ["result", "{book}", "--round", "1", "--table", "1", "5", "0", "0", "0", "0"],
    ["update", "{book}", "--edition", "2004"],
    ["undo", "{book}"],
])
def test_every_dry_run_of_a_workbook_open_in_libreoffice_is_refused_like_the_command(tmp_path, workbook, command):
    from archon import api

    write_event(workbook, tiny_event())
    api.seat(workbook, 1, seed=1)  # something to undo, a round to record
    (workbook.parent / ".~lock.event.xlsx#").write_bytes(b"someone")
    listing, before = sorted(p.name for p in tmp_path.rglob("*")), workbook.read_bytes()
    dry, real = dry_run_and_real(*[w.format(book=workbook) for w in command])
    refused_alike(dry, real, 3, "is open in LibreOffice (its lock file .~lock.event.xlsx# is beside it)")
    assert workbook.read_bytes() == before and sorted(p.name for p in tmp_path.rglob("*")) == listing


def test_a_dry_run_on_a_workbook_archon_cannot_write_is_refused_like_the_command(tmp_path):
    book = tmp_path / "event.ods"
    shutil.copyfile(official_file("ods"), book)
    before = book.read_bytes()
    dry, real = dry_run_and_real("register", book, "Anna Kowalski")
    refused_alike(dry, real, 3, "event.ods: archon writes Excel workbooks (.xlsx) only")
    assert book.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["event.ods"]


def test_a_dry_run_on_a_read_only_workbook_is_refused_like_the_command(workbook):
    write_event(workbook, tiny_event())
    workbook.chmod(0o444)
    try:
        dry, real = dry_run_and_real("drop", workbook, "2", "--reason", "DQ")
    finally:
        workbook.chmod(0o644)
    refused_alike(dry, real, 3, "event.xlsx is read-only")


def test_a_dry_run_of_a_conversion_into_a_name_open_in_libreoffice_is_refused_like_the_conversion(tmp_path, workbook):
    write_event(workbook, tiny_event())
    (tmp_path / ".~lock.new.xlsx#").write_bytes(b"someone")
    dry, real = dry_run_and_real("convert", workbook, tmp_path / "new.xlsx")
    assert "new.xlsx is open in LibreOffice" in dry.output and dry.exit_code == real.exit_code == 3
    assert "dry run: the command itself would stop here the same way" in dry.output
    assert not (tmp_path / "new.xlsx").exists()


def test_a_dry_run_that_the_rules_refuse_says_it_is_a_dry_run(workbook):
    write_event(workbook, tiny_event())
    dry, real = dry_run_and_real("drop", workbook, "9")
    assert dry.exit_code == real.exit_code == 2 and "(dry run: " in dry.output and "(dry run" not in real.output


def _replace_refused(workbook: Path, monkeypatch, errors: list) -> list:
    """``os.replace`` onto ``workbook`` raising each of ``errors`` in turn (then
    working); every try's target is recorded in the list returned."""
    real, tries = os.replace, []

    def replace(src, dst, *args, **kwargs):
        if Path(dst) == workbook:
            tries.append(dst)
            if len(tries) <= len(errors):
                raise errors[len(tries) - 1]
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    return tries


def test_a_workbook_busy_for_a_moment_is_replaced_once_it_is_free(workbook, monkeypatch):
    """An antivirus or a synced folder (OneDrive) holding the workbook for a
    moment refuses the final rename: archon tries again instead of saying
    "is it open in Excel?"."""
    tries = _replace_refused(workbook, monkeypatch, [PermissionError(errno.EACCES, "Permission denied")] * 2)
    report = write_event(workbook, tiny_event())
    assert len(tries) == 3 and report.changed and report.backup is not None
    assert [p.first_name for p in load_event(workbook).players] == ["P1", "P2", "P3", "P4", "P5"]
    assert folder_listing(workbook) == ["event-backups", "event.xlsx"]  # no temporary file left


def test_a_workbook_that_stays_busy_is_refused_after_a_few_tries(workbook, monkeypatch):
    monkeypatch.setattr(safety, "RENAME_WAITS", (0.0, 0.0, 0.0))
    before = workbook.read_bytes()
    tries = _replace_refused(workbook, monkeypatch, [PermissionError(errno.EACCES, "Permission denied")] * 10)
    with pytest.raises(WorkbookInUseError, match="cannot replace event.xlsx: it is locked or read-only"):
        write_event(workbook, tiny_event())
    assert len(tries) == 4  # the first try and one after each wait
    assert workbook.read_bytes() == before
    assert folder_listing(workbook) == ["event-backups", "event.xlsx"]


@pytest.mark.parametrize("winerror", [32, 33])
def test_a_windows_sharing_or_lock_violation_is_tried_again(workbook, monkeypatch, winerror):
    busy = OSError(0, "The process cannot access the file because it is being used by another process")
    busy.winerror = winerror  # what Windows says of a file another program has open
    tries = _replace_refused(workbook, monkeypatch, [busy])
    assert write_event(workbook, tiny_event()).changed and len(tries) == 2


def test_a_replacement_refused_for_another_reason_is_not_tried_again(workbook, monkeypatch):
    before = workbook.read_bytes()
    tries = _replace_refused(workbook, monkeypatch, [PermissionError(errno.EPERM, "Operation not permitted")] * 2)
    with pytest.raises(WorkbookInUseError):
        write_event(workbook, tiny_event())
    assert len(tries) == 1 and workbook.read_bytes() == before
