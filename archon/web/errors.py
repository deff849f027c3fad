"""The event console's own refusals: each says what happened as a message
(:class:`~archon.words.errors.WordedError`), with its exit status
(:mod:`archon.exits`) and, for a request, its HTTP status."""

from __future__ import annotations

from archon.exits import ExitStatus
from archon.words.errors import WordedError
from archon.words.message import Message

__all__ = ["ConsoleError", "BadRequest", "WorkbookOpen"]


class ConsoleError(WordedError, ValueError):
    """The console cannot start or serve as asked: no such workbook, a port
    that cannot be used (exit status 2: wrong usage, as on the command line)."""

    exit_status = ExitStatus.UNREADABLE


class BadRequest(ConsoleError):
    """A request the console cannot use (HTTP 4xx, ``status``): wrong usage,
    exit status 2 in the answer, as on the command line."""

    def __init__(self, message: "Message | str", status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class WorkbookOpen(ConsoleError):
    """The workbook is open in a spreadsheet: the console writes nothing
    until it is closed (exit status 3, HTTP 423)."""

    exit_status = ExitStatus.NOT_WRITTEN
