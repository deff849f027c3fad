"""The error of a file archon cannot read as a workbook."""

from __future__ import annotations

from archon.exits import ExitStatus
from archon.words.errors import WordedError
from archon.words.message import Message, say

__all__ = ["WorkbookError"]


class WorkbookError(WordedError, ValueError):
    """A file archon cannot read as a workbook (missing, damaged, wrong kind).

    The message (a :class:`~archon.words.message.Message`, or a plain text)
    names the file and says what was expected. ``damaged`` is True only for
    a workbook cut short or garbled (its zip or an XML part: an interrupted
    copy, a crash while saving), set where the reader finds it
    (:meth:`of_damage`): ``archon undo`` repairs that damage. A readable
    file that is not an Archon workbook (a sheet renamed or missing, another
    file saved over it) is not damage: it may hold the organizer's work.
    """

    exit_status = ExitStatus.UNREADABLE

    def __init__(self, message: "Message | str", *, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged

    @classmethod
    def of_damage(cls, name: str, what: "Message | str") -> "WorkbookError":
        """The error of the workbook file ``name`` cut short or garbled:
        "``name`` is damaged: ``what``" (message ``workbook.damaged``),
        marked ``damaged``."""
        return cls(say("workbook.damaged", file=name, what=what), damaged=True)

    def adding(self, more: "Message | str") -> "WorkbookError":
        """The same error (and kind) with ``more`` said after it (message
        ``workbook.and_more``): what to do about it, a way back."""
        return type(self)(say("workbook.and_more", error=self.message, more=more), damaged=self.damaged)
