"""What a command that cannot read a workbook says: that ``archon undo``
puts back the last version archon wrote (the copy every change keeps of the
version it writes, :mod:`archon.formats.workbook.safety`). Below :mod:`.reader`,
:mod:`.writer` and :mod:`.undo`, which all say it: it reads only the
backups folder's journal and copies."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from archon.formats.workbook import backups
from archon.formats.workbook.backups import Fingerprint, fingerprint

__all__ = ["newest_good", "repair_hint", "when", "with_repair_hint"]


def when(stamp: str) -> str:
    """A journal time stamp as people read it (the stamp itself when it is not one)."""
    try:
        return _dt.datetime.fromisoformat(stamp).strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError):
        return str(stamp)


def newest_good(target: Path, entries: list[dict]):
    """(the journal entry of the last version archon wrote, the copy that
    keeps it) when the workbook is no longer that version; None otherwise,
    or when no copy of it is kept (archon before 2026-11: backups only)."""
    newest = next((e for e in reversed(entries) if e.get("after")), None)
    after = Fingerprint.from_dict(newest.get("after")) if newest else None
    if after is None or after.same_content(fingerprint(target)):
        return None
    copy = backups.kept_copy(target, after, entries)
    return (newest, copy) if copy is not None else None


def repair_hint(path) -> str:
    """What an error about the unreadable workbook at ``path`` adds: that
    ``archon undo`` puts back the last version archon wrote, and which
    ("" when there is none to put back)."""
    from archon.words.wording import shell_word

    target = Path(path)
    try:
        good = newest_good(target, backups.journal_entries(target)) if target.is_file() else None
    except OSError:
        good = None
    if good is None:
        return ""
    newest = good[0]
    return (f'; "archon undo {shell_word(target.name)}" puts back the last version archon wrote (after '
            f'"{newest.get("command", "?")}", {when(str(newest.get("time", "?")))})')


def with_repair_hint(exc, path):
    """``exc`` (a :class:`~archon.formats.workbook.errors.WorkbookError` about the
    workbook at ``path``) with :func:`repair_hint` added when it is damage
    (``exc.damaged``: cut short or garbled); ``exc`` itself otherwise (a file
    that is not an Archon workbook is no damage: undo would lose it)."""
    hint = repair_hint(path) if exc.damaged else ""
    return type(exc)(f"{exc}{hint}", damaged=True) if hint else exc
