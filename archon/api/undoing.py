"""Twin of ``archon undo``: the workbook as it was before the last archon
command that changed it."""

from __future__ import annotations

from archon.api.contracts import twin_of
from archon.formats.workbook.undo import undo as undo_last

__all__ = ["undo"]


@twin_of("undo")
def undo(path, *, force: bool = False, dry_run: bool = False):
    """Twin of ``archon undo FILE [--force] [--dry-run]``: restore the workbook
    as it was before the last archon command that changed it (and not undone
    yet), from its backup; undo again to walk further back.

    Returns the :class:`archon.formats.workbook.undo.UndoResult` (which command, when,
    from which backup; ``describe()`` says it). Raises
    :class:`archon.formats.workbook.undo.UndoError` (exit status 1) when nothing is
    left to undo, its backup was deleted, or the workbook was changed since
    archon wrote it (typed in a spreadsheet: that change would be lost),
    unless ``force``. A workbook archon cannot read (damaged) is put back as
    the last change left it (``.damaged`` says why). The undo holds the
    workbook and keeps a backup of the version it replaces, like every
    change. See :mod:`archon.formats.workbook.undo`.
    """
    return undo_last(path, force=force, dry_run=dry_run)
