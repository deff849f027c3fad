"""The error of a file archon cannot read as a workbook."""

from __future__ import annotations

from archon.exits import ExitStatus

__all__ = ["WorkbookError"]


class WorkbookError(ValueError):
    """A file archon cannot read as a workbook (missing, damaged, wrong kind).

    The message names the file and says what was expected. ``damaged`` is
    True only for a workbook cut short or garbled (its zip or an XML part:
    an interrupted copy, a crash while saving), set where the reader finds
    it (:meth:`of_damage`): ``archon undo`` repairs that damage. A readable
    file that is not an Archon workbook (a sheet renamed or missing, another
    file saved over it) is not damage: it may hold the organizer's work.
    """

    exit_status = ExitStatus.UNREADABLE

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged

    @classmethod
    def of_damage(cls, name: str, what: str) -> "WorkbookError":
        """The error of the workbook file ``name`` cut short or garbled:
        "``name`` is damaged: ``what``", marked ``damaged``."""
        return cls(f"{name} is damaged: {what}", damaged=True)
