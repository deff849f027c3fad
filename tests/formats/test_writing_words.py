"""The writing side's words are data (a message id and its fields, what to do
as an action or option), and the command line still prints the sentence the
organizer read before: each expected sentence below is typed by hand as
archon printed it before its words became messages."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from archon.cli.words import CliRenderer
from archon.exits import ExitStatus
from archon.formats import layout as L
from archon.formats.workbook import read_event, write_event
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.repair import repair_hint
from archon.formats.workbook.safety import (
    WorkbookHeldError,
    WorkbookInUseError,
    WorkbookReadOnlyError,
    check_not_open,
    check_writable,
    hold,
    settings,
)
from archon.formats.workbook.undo import UndoError, undo
from archon.formats.workbook.writer import EventTooBigError, WriteReport, new_event, validate_event
from archon.formats.workbook.xlsxpatch import PatchError, patch_package
from archon.rules.model import Event, Player, Round
from archon.words import WordedError, act, option
from archon.words.render import PLAIN
from test_two_writers import two_round_event

CLI = CliRenderer("cup.xlsx")
#: A journal time as undo prints it.
TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
REGISTERED = "archon register cup.xlsx Anna"


@pytest.fixture
def cup(tmp_path) -> Path:
    path = tmp_path / "cup.xlsx"
    new_event(path, two_round_event(10))
    return path


def register(path: Path) -> None:
    """A change archon makes, recorded in the journal as ``REGISTERED``."""
    event = read_event(path).event
    event.players[0].first_name = "Anna"
    with settings(command=REGISTERED):
        assert write_event(path, event).changed


def saved_in_a_spreadsheet(path: Path) -> None:
    """The workbook changed outside archon: a note typed and saved."""
    typed = path.with_name("typed.xlsx")
    with open(typed, "wb") as f:
        patch_package(path, f, {L.NOTES.sheet: {"A5": "typed in Excel"}})
    typed.replace(path)


def test_a_workbook_open_in_libreoffice_is_refused_as_before(cup):
    lock = cup.parent / ".~lock.cup.xlsx#"
    lock.write_bytes(b"")
    with pytest.raises(WorkbookInUseError) as err:
        check_not_open(cup)
    said = err.value.message
    assert said.id == "writing.open_elsewhere" and said.fields["app"] == "LibreOffice"
    assert CLI.render(said) == (
        "cup.xlsx is open in LibreOffice (its lock file .~lock.cup.xlsx# is beside it): close it in LibreOffice "
        "first, then run the command again. If LibreOffice is not running, the lock file was left behind by a "
        f"crash: delete {lock} and try again.")
    assert isinstance(err.value, WordedError) and err.value.exit_status == ExitStatus.NOT_WRITTEN


def test_a_read_only_workbook_is_refused_as_before(tmp_path):
    path = tmp_path / "my cup.xlsx"
    new_event(path, two_round_event(10))
    path.chmod(0o444)
    with pytest.raises(WorkbookReadOnlyError) as err:
        check_writable(path)
    assert CliRenderer("my cup.xlsx").render(err.value.message) == (
        "my cup.xlsx is read-only (its file permissions do not allow writing it), so archon leaves it as it is "
        'and changed nothing. If it should change, make it writable (chmod u+w "my cup.xlsx"; in Windows: '
        "Properties, untick Read-only) and run the command again.")


def test_a_workbook_another_command_holds_names_that_command_and_the_option_to_wait_longer(cup):
    holding, release = threading.Event(), threading.Event()

    def other_command():
        with settings(command="archon result cup.xlsx --round 1 --table 1 5 0 0 0 0"), hold(cup):
            holding.set()
            release.wait(60)

    other = threading.Thread(target=other_command)
    other.start()
    try:
        assert holding.wait(60)
        with pytest.raises(WorkbookHeldError) as err:
            with hold(cup, wait=0):
                pass
    finally:
        release.set()
        other.join()
    said = err.value.message
    holder = said.fields["holder"]
    assert said.fields["lock_wait"] == option("lock_wait") and holder.fields["pid"] == os.getpid()
    assert CLI.render(said) == (
        "cup.xlsx is held by another archon command ('archon result cup.xlsx --round 1 --table 1 5 0 0 0 0', "
        f"process {os.getpid()}, since {holder.fields['since']}), which is changing it and did not finish within "
        "0 s: nothing was changed. Run the command again once it has finished (archon --lock-wait SECONDS or "
        "ARCHON_LOCK_WAIT sets how long to wait).")
    assert "(lock_wait or ARCHON_LOCK_WAIT sets how long to wait)" in str(err.value)  # Python's own words


def test_undo_refused_after_a_spreadsheet_save_says_the_forced_undo_to_type(cup):
    register(cup)
    saved_in_a_spreadsheet(cup)
    with pytest.raises(UndoError) as err:
        undo(cup)
    said = err.value.message
    assert said.id == "undo.changed_in_spreadsheet" and err.value.exit_status == ExitStatus.PROBLEMS
    assert said.fields["undo"] == act("undo", file="cup.xlsx", force=True)
    assert said.as_dict()["fields"]["undo"] == {"action": "undo", "args": {"file": "cup.xlsx", "force": True}}
    assert TIME.fullmatch(said.fields["time"])
    assert CLI.render(said) == (
        f'cup.xlsx was changed after "{REGISTERED}" ({said.fields["time"]}) wrote it, outside archon (saved from '
        "a spreadsheet?): undo would lose that change, so nothing was done. Check the workbook; to restore it "
        "anyway as it was before that command, run: archon undo cup.xlsx --force")
    assert "archon undo" not in str(err.value)  # plain English names the Python call


def test_what_undo_did_reads_as_before(cup):
    register(cup)
    done = undo(cup)
    assert [line.id for line in done.lines] == ["undo.restored", "undo.replaced_kept"]
    said = [CLI.render(line) for line in done.lines]
    assert said == [
        f'restored cup.xlsx as it was before "{REGISTERED}" ({done.lines[0].fields["time"]}), '
        f"from {done.restored_from.name}",
        f"the version it replaced is kept as cup-backups/{done.backup.name}",
    ]
    assert done.describe() == "\n".join(said)


def test_undo_whose_backup_is_gone_names_the_option_that_keeps_more(cup):
    register(cup)
    entry_backup = undo(cup, dry_run=True).restored_from
    entry_backup.unlink()
    with pytest.raises(UndoError) as err:
        undo(cup)
    said = err.value.message
    assert said.fields["keep_backups"] == option("keep_backups")
    assert CLI.render(said) == (
        f'cannot undo "{REGISTERED}" ({said.fields["time"]}): its backup {entry_backup.name} is no longer in '
        "cup-backups (only the last backups are kept: archon --keep-backups N)")


def test_a_damaged_workbook_says_the_undo_that_puts_back_what_archon_wrote(cup):
    register(cup)
    cup.write_bytes(b"")  # an interrupted copy left nothing
    hint = repair_hint(cup)
    assert hint.id == "undo.repair_hint" and hint.fields["undo"] == act("undo", file="cup.xlsx")
    assert CLI.render(hint) == (
        f'"archon undo cup.xlsx" puts back the last version archon wrote (after "{REGISTERED}", '
        f'{hint.fields["time"]})')
    with pytest.raises(WorkbookError) as err:
        read_event(cup)
    assert err.value.damaged and str(err.value).endswith("; " + PLAIN.render(hint))


def test_a_write_says_what_it_wrote_as_before(cup):
    event = read_event(cup).event
    event.name = "Winter Cup"
    written = write_event(cup, event)
    assert [line.id for line in written.lines] == ["writing.wrote_kept"]
    assert CLI.render(written.lines[0]) == (  # the event's name: one cell of Tournament Info
        f"cup.xlsx: wrote 1 cell (builtin workbook); previous version kept as cup-backups/{written.backup.name}")
    assert written.describe() == CLI.render(written.lines[0])
    assert write_event(cup, event).describe() == "cup.xlsx: already up to date, nothing written"


@pytest.mark.parametrize("cells, dry_run, sentence", [
    (1, True, "cup.xlsx: would write 1 cell (official workbook); dry run: nothing written"),
    (0, False, "cup.xlsx: wrote archon's document properties (rule edition 'vekn-2024', the event's records: "
               "warnings, check-ins, decks, clock...; official workbook)"),
])
def test_the_other_lines_of_a_write_read_as_before(cells, dry_run, sentence):
    report = WriteReport(path=Path("cup.xlsx"), kind="official", changed=True, backup=None, cells_changed=cells,
                         edition="vekn-2024", seconds=0.1, dry_run=dry_run)
    assert CLI.render(report.lines[0]) == sentence


def test_an_event_that_does_not_fit_names_every_problem_as_before():
    event = Event(name="Huge", players=[Player(number=n) for n in range(301)], rounds=[Round(4, [])])
    with pytest.raises(EventTooBigError) as err:
        validate_event(event)
    said = err.value.message
    assert said.id == "writing.too_big"
    assert [p.id for p in said.fields["problems"]] == [
        "writing.too_many_players", "writing.bad_player_number", "writing.no_round_sheet"]
    assert CLI.render(said) == (
        "cannot write this event to an Archon workbook: 301 players: the Methuselahs sheet holds at most 300 "
        "(rows 7 to 306); player 0 (no name): a player number is a whole number from 1; round 4: The Archon has "
        "sheets for rounds 1, 2, 3 only")
    assert err.value.exit_status == ExitStatus.NOT_WRITTEN


def test_a_package_archon_cannot_patch_says_why_with_its_exit_status(tmp_path):
    with open(tmp_path / "out.xlsx", "wb") as out, pytest.raises(PatchError) as err:
        patch_package(b"not a zip at all", out, {})
    assert err.value.message.id == "writing.not_a_zip" and err.value.exit_status == ExitStatus.UNREADABLE
    assert CLI.render(err.value.message) == (
        "not an Excel .xlsx workbook (an old .xls file, or damaged?): open it in LibreOffice or Excel and save "
        "it as an Excel 2007-365 workbook (.xlsx) first")
