"""The error of a file archon cannot read as a workbook."""

from __future__ import annotations

from ..exits import ExitStatus

__all__ = ["WorkbookError"]


class WorkbookError(ValueError):
    """A file archon cannot read as a workbook (missing, damaged, wrong kind).

    The message names the file and says what was expected.
    """

    exit_status = ExitStatus.UNREADABLE
