"""``archon undo``: put a workbook back as it was before archon's last change.

The journal in the workbook's backups folder (:mod:`archon.formats.workbook.backups`)
lists every change archon made: command line, time, the backup of the
version it replaced, and the fingerprint of the file it wrote. Undo takes
the last change not yet undone, checks that the workbook is still the file
that change wrote (not saved from a spreadsheet since: that would be lost,
so it is refused unless ``force``), and writes the backup back in place,
like any change: in the hold, with a backup of the version it replaces (so
an undo can itself be reverted by hand from ``cup-backups/``) and a journal
entry saying which change it took back. Undo again walks further back.

**A damaged workbook** (cut short by an interrupted copy, garbled: archon
cannot read it) is not an edit to keep: undo puts back the last version
archon wrote, the state after its last command, from the copy every change
keeps of the version it writes (:mod:`archon.formats.workbook.safety`), and
records it as a repair (undo again then takes back that last command).
Every command that cannot read such a workbook says so
(:func:`archon.formats.workbook.repair.repair_hint`).
"""

from __future__ import annotations

import datetime as _dt
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from archon.exits import ExitStatus
from archon.formats.workbook import backups
from archon.formats.workbook.backups import Fingerprint, fingerprint
from archon.formats.workbook.repair import damage_of, newest_good, when
from archon.formats.workbook.safety import current_command, hold, safe_write
from archon.words import Message, WordedError, act, option, say
from archon.words.message import message_from_dict
from archon.words.render import PLAIN

__all__ = ["UndoError", "UndoResult", "undo"]


class UndoError(WordedError, ValueError):
    """There is nothing archon can undo, or undo would lose an edit (exit status 1)."""

    exit_status = ExitStatus.PROBLEMS

    def __init__(self, message: "Message | str", exit_status: ExitStatus = ExitStatus.PROBLEMS) -> None:
        super().__init__(message)
        self.exit_status = exit_status


@dataclass
class UndoResult:
    """What :func:`undo` did (or, with ``dry_run``, would do).

    ``command`` and ``time``: the change taken back, as the journal has
    them; ``restored_from``: its backup; ``backup``: where the version undo
    replaced is kept (None on a dry run); ``forced``: the workbook had been
    changed since and ``force`` restored it anyway.
    """

    path: Path
    command: str
    time: str
    restored_from: Path
    backup: Optional[Path]
    dry_run: bool
    forced: bool = False
    #: Why the workbook could not be read, when undo put back the last
    #: version archon wrote (a repair), else None.
    damaged: Optional[Message] = None
    #: Older backups the retention removed after the undo (``archon --keep-backups N``).
    backups_removed: list[Path] = field(default_factory=list)
    #: The change taken back in words, when the journal keeps them (a write
    #: of the event console: "organizer: result of round 3, table 8: ..."),
    #: else None (its ``command`` is said).
    in_words: Optional[Message] = None

    @property
    def lines(self) -> list[Message]:
        """What the undo did (or would do), one message a line."""
        out = [say("undo.damaged", problem=self.damaged), self._repaired()] if self.damaged is not None \
            else [self._restored()]
        if self.dry_run:
            out.append(say("undo.dry_run"))
        elif self.backup is not None:
            out.append(say("undo.replaced_kept", backup=f"{self.backup.parent.name}/{self.backup.name}"))
        return out

    def said(self) -> list[Message]:
        """:attr:`lines`: what a shell renders in its language."""
        return self.lines

    def describe(self) -> str:
        """:attr:`lines` in plain English, one a line."""
        return "\n".join(PLAIN.render(line) for line in self.lines)

    def _repaired(self) -> Message:
        """The line of an undo that put back the last version archon wrote (or would)."""
        command, stamp, backup = self.in_words or self.command, when(self.time), self.restored_from.name
        if self.dry_run:
            return say("undo.would_repair", command=command, time=stamp, backup=backup)
        return say("undo.repaired", command=command, time=stamp, backup=backup)

    def _restored(self) -> Message:
        """The line of an undo that restored the workbook (or would), losing
        the changes made since (``forced``) or not."""
        file, stamp, backup = self.path.name, when(self.time), self.restored_from.name
        command = self.in_words or self.command
        if self.dry_run and self.forced:
            return say("undo.would_restore_forced", file=file, command=command, time=stamp, backup=backup)
        if self.dry_run:
            return say("undo.would_restore", file=file, command=command, time=stamp, backup=backup)
        if self.forced:
            return say("undo.restored_forced", file=file, command=command, time=stamp, backup=backup)
        return say("undo.restored", file=file, command=command, time=stamp, backup=backup)


def undo(path, *, force: bool = False, dry_run: bool = False) -> UndoResult:
    """Restore the workbook at ``path`` as it was before archon's last change to it.

    Raises :class:`UndoError` (exit status 1) when no change is left to
    undo, when that change's backup was deleted, or when the workbook was
    changed since archon wrote it (a spreadsheet save: refused unless
    ``force``); exit status 2 when the workbook does not exist; the
    :mod:`archon.formats.workbook.safety` errors (exit status 3) when it cannot be
    written. A dry run makes every check and writes nothing.
    """
    target = Path(path)
    if not target.is_file():
        raise UndoError(say("undo.no_such_file", file=target.name, path=str(target)), ExitStatus.UNREADABLE)
    with hold(target):
        entries = backups.journal_entries(target)
        damage = functools.cache(lambda: _damaged(target))  # a whole read: at most once
        planned, data, mark = (_repair(target, entries, damage, dry_run)
                               or _plan(target, entries, damage, force, dry_run=dry_run))
        # a dry run rehearses the write: refused as the undo would be (lock files, permissions...)
        done = safe_write(target, lambda f: f.write(data), journal=mark, dry_run=dry_run)
        if dry_run:
            return planned
        if not done.changed:  # the workbook already is that version: only the journal moves back
            now = fingerprint(target)
            backups.record(target, {
                "time": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
                "command": current_command(), "backup": None, **mark,
                "before": now.as_dict() if now else None, "after": now.as_dict() if now else None,
            })
        planned.backup, planned.backups_removed = done.backup, done.removed
        return planned


def _damaged(target: Path) -> Optional[Message]:
    """Why the workbook at ``target`` is damaged (cut short or garbled: the
    reader's message, without the repair hint), or None when it is not: readable,
    or readable but not an Archon workbook (a sheet renamed, another file
    saved over it: no damage, but a change outside archon, see _plan)."""
    from archon.formats.workbook.errors import WorkbookError
    from archon.formats.workbook.reader import read_event

    try:
        read_event(target)
    except WorkbookError as exc:
        return damage_of(exc) if exc.damaged else None
    return None


def _repair(target: Path, entries: list[dict], damage: Callable[[], Optional[Message]], dry_run: bool):
    """Undo of a workbook archon cannot read: (the :class:`UndoResult`, the
    bytes of the last version archon wrote, the journal mark) or None.
    ``damage``: :func:`_damaged` of the workbook."""
    good = newest_good(target, entries)
    if good is None:
        return None
    problem = damage()
    if problem is None:
        return None  # not damaged: changed in a spreadsheet (see _plan)
    newest, copy = good
    result = UndoResult(target, str(newest.get("command", "?")), str(newest.get("time", "?")), copy, None,
                        dry_run, damaged=problem,
                        in_words=message_from_dict(newest.get("said")))
    return result, copy.read_bytes(), {"repairs": newest["id"]}


def _plan(target: Path, entries: list[dict], damage: Callable[[], Optional[Message]], force: bool, *,
          dry_run: bool):
    """(the :class:`UndoResult`, the bytes to restore, the journal mark of
    the undo). ``damage``: :func:`_damaged` of the workbook."""
    stack = backups.undo_stack(entries)
    folder = backups.backup_folder(target)
    if not stack:
        raise UndoError(say("undo.nothing", journal=f"{folder.name}/{backups.JOURNAL_NAME}", file=target.name))
    last = stack[-1]
    stamp, typed = str(last.get("time", "?")), str(last.get("command", "?"))
    said = message_from_dict(last.get("said"))
    command = said or typed  # a journal written before words were kept: its command
    source = folder / str(last.get("backup"))
    kept = Fingerprint.from_dict(last.get("before"))  # the backup is the file that change replaced
    if not last.get("backup") or kept is None or not kept.same_content(fingerprint(source)):
        raise UndoError(say("undo.backup_gone", command=command, time=when(stamp), backup=source.name,
                            folder=folder.name, keep_backups=option("keep_backups")))
    expected = Fingerprint.from_dict(last.get("after"))
    changed = expected is None or not expected.same_content(fingerprint(target))
    problem = damage() if changed else None
    anyway = act("undo", file=target.name, force=True)
    if problem is not None and not force:
        raise UndoError(say("undo.damaged_no_copy", problem=problem, command=command, time=when(stamp), undo=anyway))
    if changed and not force:
        raise UndoError(say("undo.changed_in_spreadsheet", file=target.name, command=command, time=when(stamp),
                            undo=anyway))
    result = UndoResult(target, typed, stamp, source, None, dry_run, forced=changed, in_words=said)
    return result, source.read_bytes(), {"undoes": last["id"]}
