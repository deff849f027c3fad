"""Backups in one folder, the last 20 kept, and ``archon undo`` (issue 12)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.workbook import new_event, read_event
from archon.formats.workbook.safety import hold, safe_write, settings
from archon.formats.workbook.undo import UndoError
from test_two_writers import REPO, two_round_event


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def backups_of(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.backup-*"))


def versions_written(path: Path, count: int, first: int = 1) -> None:
    for i in range(first, first + count):
        assert safe_write(path, lambda f, i=i: f.write(b"version %d" % i)).changed


@pytest.fixture
def cup(tmp_path) -> Path:
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    return path


def test_backups_go_into_one_folder_and_the_last_20_are_kept(tmp_path):
    path = tmp_path / "notes.xlsx"
    path.write_bytes(b"version 0")
    versions_written(path, 22)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes-backups", "notes.xlsx"]
    kept = [p.read_bytes() for p in backups_of(tmp_path / "notes-backups")]
    # 22 changes replaced versions 0 to 21: the two oldest are gone, the one undo needs (21) is kept,
    # and so is a copy of the version the last change wrote (22: undo puts it back if the workbook is damaged)
    assert sorted(kept) == sorted(b"version %d" % i for i in range(2, 23))
    assert path.read_bytes() == b"version 22"


def test_how_many_backups_are_kept_comes_from_the_environment_or_the_command_line(tmp_path, monkeypatch):
    path = tmp_path / "notes.xlsx"
    path.write_bytes(b"version 0")
    monkeypatch.setenv("ARCHON_KEEP_BACKUPS", "2")
    versions_written(path, 4)
    kept = sorted(p.read_bytes() for p in backups_of(tmp_path / "notes-backups"))
    assert kept == [b"version 2", b"version 3", b"version 4"]  # and the copy of the version written last
    with settings(keep_backups=0):  # never the backup undo needs, nor the copy of the version written
        versions_written(path, 1, first=5)
    assert sorted(p.read_bytes() for p in backups_of(tmp_path / "notes-backups")) == [b"version 4", b"version 5"]


def test_keep_backups_on_the_command_line(cup):
    for name in ("Anna Late", "Bruno Late", "Carla Late"):
        assert run("--keep-backups", "1", "register", str(cup), name).exit_code == 0
    kept = backups_of(cup.parent / "cup-backups")
    # the version before Carla came, and a copy of the one written (the last version archon wrote)
    assert sorted([p.name for p in read_event(k).event.players][-1] for k in kept) == ["Bruno Late", "Carla Late"]
    r = run("--keep-backups", "-1", "register", str(cup), "Dora Late")
    assert r.exit_code == 2 and "--keep-backups" in r.output


@pytest.mark.parametrize("variable, option, bad", [
    ("ARCHON_KEEP_BACKUPS", "--keep-backups", "abc"),
    ("ARCHON_KEEP_BACKUPS", "--keep-backups", "-1"),
    ("ARCHON_LOCK_WAIT", "--lock-wait", "soon"),
])
def test_a_bad_setting_in_the_environment_is_named_as_the_environment_variable(cup, variable, option, bad):
    """The organizer never typed --keep-backups: the error names the variable
    they set, and nothing is written."""
    before = cup.read_bytes()
    r = CliRunner().invoke(main, ["register", str(cup), "Dora Late"], env={variable: bad})
    assert r.exit_code == 2
    error = r.output.strip().splitlines()[-1]
    assert variable in error and repr(bad) in error and option not in error, error
    assert cup.read_bytes() == before
    r = CliRunner().invoke(main, [option, bad, "register", str(cup), "Dora Late"])
    assert r.exit_code == 2 and option in r.output and variable not in r.output.strip().splitlines()[-1]


def test_a_command_names_its_backup_where_it_is_in_the_backups_folder(cup):
    r = run("register", str(cup), "Anna Late")
    assert r.exit_code == 0, r.output
    said = r.output.split("previous version kept as ")[1].split()[0]
    assert said.startswith("cup-backups/")  # an organizer looking beside cup.xlsx finds no backup there
    assert (cup.parent / said).is_file()


def test_undo_restores_the_version_before_the_last_command_and_walks_back(cup):
    original = cup.read_bytes()
    assert run("register", str(cup), "Anna Late").exit_code == 0
    registered = cup.read_bytes()
    assert run("result", str(cup), "--round", "1", "--table", "2", "5", "0", "0", "0", "0").exit_code == 0
    resulted = cup.read_bytes()

    journal = [json.loads(line) for line in (cup.parent / "cup-backups" / "journal.jsonl").read_text().splitlines()]
    assert [e["command"] for e in journal] == [
        f"archon register {cup} 'Anna Late'",
        f"archon result {cup} --round 1 --table 2 5 0 0 0 0"]
    assert journal[1]["after"]["sha256"] == hashlib.sha256(resulted).hexdigest()
    assert journal[1]["after"]["size"] == len(resulted)

    dry = run("undo", str(cup), "--dry-run")
    assert dry.exit_code == 0 and "would restore" in dry.output and cup.read_bytes() == resulted

    r = run("undo", str(cup))
    assert r.exit_code == 0, r.output
    assert f"as it was before \"archon result {cup} --round 1 --table 2 5 0 0 0 0\"" in r.output
    assert journal[1]["time"][:10] in r.output  # when
    assert cup.read_bytes() == registered
    # the undo keeps what it replaced, like any change: it can be undone by hand
    assert resulted in [p.read_bytes() for p in backups_of(cup.parent / "cup-backups")]

    r = run("undo", str(cup))
    assert r.exit_code == 0 and "archon register" in r.output
    assert cup.read_bytes() == original

    r = run("undo", str(cup))
    assert r.exit_code == 1 and "nothing to undo" in r.output
    assert cup.read_bytes() == original


def test_undo_refuses_a_workbook_changed_since_unless_forced(cup, tmp_path):
    original = cup.read_bytes()
    assert run("register", str(cup), "Anna Late").exit_code == 0
    (tmp_path / "elsewhere").mkdir()
    typed = tmp_path / "elsewhere" / "cup.xlsx"
    typed.write_bytes(cup.read_bytes())
    api.result(typed, [5, 0, 0, 0, 0], round=1, table=1)
    os.replace(typed, cup)  # the organizer typed a result in a spreadsheet and saved
    spreadsheet = cup.read_bytes()

    r = run("undo", str(cup))
    assert r.exit_code == 1, r.output
    assert "cup.xlsx was changed after" in r.output and "--force" in r.output
    assert cup.read_bytes() == spreadsheet

    r = run("undo", str(cup), "--force")
    assert r.exit_code == 0 and "lost" in r.output
    assert cup.read_bytes() == original
    assert spreadsheet in [p.read_bytes() for p in backups_of(cup.parent / "cup-backups")]


def test_undo_from_python(cup):
    before = cup.read_bytes()
    with settings(command="console: result round 1 table 1"):
        api.result(cup, [5, 0, 0, 0, 0], round=1, table=1)
    done = api.undo(cup)
    assert done.command == "console: result round 1 table 1" and not done.dry_run
    assert done.backup is not None and done.backup.parent.name == "cup-backups"
    assert cup.read_bytes() == before
    with pytest.raises(UndoError, match="nothing to undo") as err:
        api.undo(cup)
    assert err.value.exit_status == 1


def test_undo_of_a_missing_workbook_or_one_archon_never_changed(tmp_path, cup):
    r = run("undo", str(tmp_path / "nope.xlsx"))
    assert r.exit_code == 2 and "nope.xlsx: no such file" in r.output
    r = run("undo", str(cup))
    assert r.exit_code == 1 and "nothing to undo" in r.output and "Traceback" not in r.output


def test_undo_holds_the_workbook_like_every_change(cup):
    api.register(cup, "Anna Late")
    before = cup.read_bytes()
    with hold(cup):
        proc = subprocess.run([sys.executable, "-m", "archon.cli", "--lock-wait", "0.2", "undo", str(cup)],
                              cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 3 and "held by another archon command" in proc.stderr
    assert cup.read_bytes() == before


def test_undo_stops_where_the_kept_backups_end(tmp_path):
    path = tmp_path / "notes.xlsx"
    path.write_bytes(b"version 0")
    with settings(keep_backups=1):
        versions_written(path, 3)
        api.undo(path)
        assert path.read_bytes() == b"version 2"
        with pytest.raises(UndoError, match="no longer in notes-backups") as err:
            api.undo(path)
    assert err.value.exit_status == 1 and path.read_bytes() == b"version 2"
    with settings(keep_backups=2):  # after an undo, the backup the next undo restores stays, not the older
        versions_written(path, 2, first=3)
        api.undo(path)
        assert path.read_bytes() == b"version 3"
        api.undo(path)
        assert path.read_bytes() == b"version 2"


def test_two_workbooks_sharing_one_backups_folder_each_undo_their_own_changes(tmp_path):
    """cup.xlsx and cup.xlsm keep their backups in cup-backups/ and share its
    journal: each write reads the journal once for both its record and its
    retention, and the retention of one never follows the other's changes."""
    x, m = tmp_path / "cup.xlsx", tmp_path / "cup.xlsm"
    x.write_bytes(b"x version 0")
    m.write_bytes(b"m version 0")
    with settings(keep_backups=2):  # an undo leaves 3 of cup.xlsx: the one the next undo needs stays
        assert safe_write(x, lambda f: f.write(b"x version 1")).changed
        assert safe_write(m, lambda f: f.write(b"m version 1")).changed
        assert safe_write(x, lambda f: f.write(b"x version 2")).changed
        api.undo(x)
        assert x.read_bytes() == b"x version 1"
        api.undo(x)  # its backup stayed although cup.xlsm changed after it
        assert x.read_bytes() == b"x version 0"
        api.undo(m)
        assert m.read_bytes() == b"m version 0"
    journal = [json.loads(line) for line in (tmp_path / "cup-backups" / "journal.jsonl").read_text().splitlines()]
    assert [e["id"] for e in journal] == [1, 2, 3, 4, 5, 6]  # one numbering for the folder
    assert [(e["workbook"], e.get("undoes")) for e in journal[3:]] == [("cup.xlsx", 3), ("cup.xlsx", 1),
                                                                     ("cup.xlsm", 2)]


# A damaged workbook (findings item 9): recognised as damaged, not as "changed
# outside archon"; undo puts back the state after the last command, so the
# last recorded result is never lost.


def truncated(path: Path) -> bytes:
    """Cut the workbook at ``path`` in half (an interrupted copy); its bytes now."""
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path.read_bytes()


def table_vps(path: Path, round_number: int, table: int) -> list:
    r = next(r for r in read_event(path).event.rounds if r.number == round_number)
    return list(r.tables[table - 1].vps)


def test_undo_of_a_damaged_workbook_puts_back_the_last_recorded_result(cup):
    assert run("result", str(cup), "--round", "1", "--table", "1", "3", "0", "0", "0", "2").exit_code == 0
    assert run("result", str(cup), "--round", "1", "--table", "2", "5", "0", "0", "0", "0").exit_code == 0
    damaged = truncated(cup)

    # every command says it is damaged and how to put it back; nothing written
    for command in (["result", str(cup), "--round", "1", "--table", "3", "5", "0", "0", "0", "0"],
                    ["drop", str(cup), "3"], ["standings", str(cup)]):
        r = run(*command)
        assert r.exit_code == 2, r.output
        assert "cup.xlsx is damaged" in r.output and '"archon undo cup.xlsx" puts back the last version' in r.output
        assert "--table 2 5 0 0 0 0" in r.output and "saved from a spreadsheet" not in r.output
    assert cup.read_bytes() == damaged

    preview = run("undo", str(cup), "--dry-run")
    assert preview.exit_code == 0 and cup.read_bytes() == damaged
    r = run("undo", str(cup))
    assert r.exit_code == 0, r.output
    assert r.output.startswith("cup.xlsx is damaged") and "outside archon" not in r.output
    assert 'restored it as "archon result' in r.output and "--table 2 5 0 0 0 0" in r.output
    assert table_vps(cup, 1, 2) == [5, 0, 0, 0, 0]  # the last result recorded is there
    assert table_vps(cup, 1, 1) == [3, 0, 0, 0, 2]
    kept = r.output.split("the version it replaced is kept as ")[1].strip()
    assert (cup.parent / kept).read_bytes() == damaged  # the damaged file is kept too

    # undo again takes back the last command, not the repair
    r = run("undo", str(cup))
    assert r.exit_code == 0 and "--table 2 5 0 0 0 0" in r.output, r.output
    assert table_vps(cup, 1, 2) == [None] * 5 and table_vps(cup, 1, 1) == [3, 0, 0, 0, 2]


def test_a_damaged_workbook_changed_last_by_an_undo_is_put_back_as_the_undo_left_it(cup):
    assert run("result", str(cup), "--round", "1", "--table", "1", "3", "0", "0", "0", "2").exit_code == 0
    assert run("result", str(cup), "--round", "1", "--table", "2", "5", "0", "0", "0", "0").exit_code == 0
    assert run("undo", str(cup)).exit_code == 0
    truncated(cup)
    r = run("undo", str(cup))
    assert r.exit_code == 0 and "is damaged" in r.output, r.output
    assert table_vps(cup, 1, 1) == [3, 0, 0, 0, 2] and table_vps(cup, 1, 2) == [None] * 5


def test_a_damaged_workbook_without_a_copy_of_what_archon_wrote_is_called_damaged(cup):
    """A journal of an earlier archon kept only the versions replaced: undo
    says the workbook is damaged (not "changed outside archon"), and --force
    restores the version before the last command."""
    assert run("register", str(cup), "Anna Late").exit_code == 0
    folder = cup.parent / "cup-backups"
    entry = json.loads((folder / "journal.jsonl").read_text())
    (folder / entry["written"]).unlink()
    truncated(cup)
    r = run("undo", str(cup))
    assert r.exit_code == 1 and "cup.xlsx is damaged" in r.output and "saved from a spreadsheet" not in r.output
    assert "archon undo cup.xlsx --force" in r.output
    assert run("undo", str(cup), "--force").exit_code == 0
    assert "Anna Late" not in [p.name for p in read_event(cup).event.players]


# Not damage (review finding 1): a readable file that is not an Archon
# workbook any more (a tab renamed, another workbook saved over it) may hold
# what the organizer typed since: undo refuses it like any change made in a
# spreadsheet, and no command points at undo.


def typed_in_a_spreadsheet(path: Path, sheet: str, cell: str, value: str) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(path)
    wb[sheet][cell] = value
    wb.save(path)


@pytest.mark.parametrize("change", ["Methuselahs tab renamed", "another workbook saved over it"])
def test_undo_refuses_a_readable_workbook_that_is_not_an_archon_workbook_any_more(cup, change):
    from test_report_outputs import organizers_workbook, with_sheet_renamed

    assert run("register", str(cup), "Anna Late").exit_code == 0
    if change == "Methuselahs tab renamed":
        typed_in_a_spreadsheet(cup, "Tournament Info", "B3", "Lyon, salle des fêtes")
        with_sheet_renamed(cup, "Methuselahs", "Players")
    else:
        organizers_workbook(cup)
    changed = cup.read_bytes()

    r = run("standings", str(cup))
    assert r.exit_code == 2 and "cup.xlsx is not an Archon workbook" in r.output, r.output
    assert "archon undo" not in r.output and "damaged" not in r.output
    r = run("register", str(cup), "Bruno Late")
    assert r.exit_code == 2 and "archon undo" not in r.output, r.output

    for args in (["undo", str(cup)], ["undo", str(cup), "--dry-run"]):
        r = run(*args)
        assert r.exit_code == 1, r.output
        assert "cup.xlsx was changed after" in r.output and "archon undo cup.xlsx --force" in r.output
        assert "damaged" not in r.output
        assert cup.read_bytes() == changed

    r = run("undo", str(cup), "--force")  # the organizer's choice: back to before "register", the file kept
    assert r.exit_code == 0 and "lost" in r.output, r.output
    assert "Anna Late" not in [p.name for p in read_event(cup).event.players]
    assert changed in [p.read_bytes() for p in backups_of(cup.parent / "cup-backups")]


def test_an_empty_workbook_is_damage_that_undo_repairs(cup):
    assert run("register", str(cup), "Anna Late").exit_code == 0
    cup.write_bytes(b"")  # an interrupted copy left nothing
    r = run("standings", str(cup))
    assert r.exit_code == 2 and "cup.xlsx is damaged: it is empty" in r.output, r.output
    assert '"archon undo cup.xlsx" puts back the last version archon wrote' in r.output
    r = run("undo", str(cup))
    assert r.exit_code == 0 and r.output.startswith("cup.xlsx is damaged"), r.output
    assert "Anna Late" in [p.name for p in read_event(cup).event.players]


def test_retention_keeps_the_backups_undo_needs_after_an_undo(cup, monkeypatch):
    """Review finding 2: after an undo a kept copy is the backup of a later
    change again; retention aged it by its first use and deleted it."""
    monkeypatch.setenv("ARCHON_KEEP_BACKUPS", "2")
    assert run("warn", str(cup), "1", "a").exit_code == 0
    after_a = cup.read_bytes()
    assert run("warn", str(cup), "2", "b").exit_code == 0
    assert run("undo", str(cup)).exit_code == 0
    assert run("warn", str(cup), "3", "c").exit_code == 0
    after_c = cup.read_bytes()
    assert run("warn", str(cup), "4", "d").exit_code == 0
    r = run("undo", str(cup))
    assert r.exit_code == 0 and f'"archon warn {cup} 4 d"' in r.output, r.output
    assert cup.read_bytes() == after_c
    r = run("undo", str(cup))
    assert r.exit_code == 0 and f'"archon warn {cup} 3 c"' in r.output, r.output
    assert cup.read_bytes() == after_a
    assert [w["reason"] for w in api.warnings(cup)] == ["a"]


def test_a_change_says_which_older_backups_it_removed(cup):
    """Review finding 6: the write's result names the backups retention removed (the shell prints them)."""
    with settings(keep_backups=1):
        first = api.register(cup, "Anna Late")
        second = api.register(cup, "Bruno Late")
        undone = api.undo(cup)
    journal = [json.loads(line) for line in (cup.parent / "cup-backups" / "journal.jsonl").read_text().splitlines()]
    assert first.backups_removed == [] and undone.backups_removed == []
    # kept: the backup of the last change (the copy the first wrote) and the copy of the version the second wrote
    assert second.backups_removed == [cup.parent / "cup-backups" / journal[0]["backup"]]
    assert not second.backups_removed[0].exists()
