"""What a command that cannot read a workbook says: that ``archon undo``
(the action ``undo``) puts back the last version archon wrote (the copy
every change keeps of the version it writes,
:mod:`archon.formats.workbook.safety`). Below :mod:`.reader`, :mod:`.writer`
and :mod:`.undo`, which all say it: it reads only the backups folder's
journal and copies."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Optional

from archon.formats.workbook import backups
from archon.formats.workbook.backups import Fingerprint, fingerprint
from archon.words import PLAIN_TEXT, Message, WordedError, act, message_of, say
from archon.words.render import PLAIN

__all__ = ["newest_good", "repair_hint", "when", "with_repair_hint", "damage_of", "error_of"]


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


def repair_hint(path) -> Optional[Message]:
    """What an error about the unreadable workbook at ``path`` adds: that
    ``undo`` puts back the last version archon wrote, and which (None when
    there is none to put back)."""
    target = Path(path)
    try:
        good = newest_good(target, backups.journal_entries(target)) if target.is_file() else None
    except OSError:
        good = None
    if good is None:
        return None
    newest = good[0]
    return say("undo.repair_hint", undo=act("undo", file=target.name), command=str(newest.get("command", "?")),
               time=when(str(newest.get("time", "?"))))


def with_repair_hint(exc, path):
    """``exc`` (a :class:`~archon.formats.workbook.errors.WorkbookError` about the
    workbook at ``path``) with :func:`repair_hint` added when it is damage
    (``exc.damaged``: cut short or garbled); ``exc`` itself otherwise (a file
    that is not an Archon workbook is no damage: undo would lose it)."""
    hint = repair_hint(path) if exc.damaged else None
    if hint is None:
        return exc
    return error_of(type(exc), say("undo.damaged_repairable", problem=message_of(exc), hint=hint), damaged=True)


def damage_of(exc) -> Message:
    """What is damaged, as the error ``exc`` of a damaged workbook says it:
    its message without :func:`with_repair_hint`'s hint (of a text, its
    first clause)."""
    said = message_of(exc)
    if said.id == "undo.damaged_repairable":
        return said.fields["problem"]
    if said.id == PLAIN_TEXT:
        return say(PLAIN_TEXT, text=str(said.fields.get("text", "")).split(";")[0])
    return said


def error_of(kind: type, message: Message, **kwargs) -> Exception:
    """An error of class ``kind`` saying ``message``: the message itself when
    ``kind`` carries messages (:class:`~archon.words.errors.WordedError`),
    its plain text when it takes a text only."""
    return kind(message if issubclass(kind, WordedError) else PLAIN.render(message), **kwargs)
