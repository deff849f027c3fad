"""The exit status of every ``archon`` command, defined once.

========  =====================================================================
status    meaning
========  =====================================================================
0         all is well: the command did what it said
1         the event has problems, or a change was refused by the rules: an
          illegal table, a check that found errors or warnings (seating
          notes alone are no problem), an impossible result, a
          finished table without ``--replace``, a tie at the cut not yet
          tossed, a value a conversion cannot hold, nothing to undo or an
          undo that would lose a change made in a spreadsheet. The input
          was read.
2         the input cannot be read, or the command was used wrongly: a file
          that is missing, damaged or not an Archon workbook, an unreadable
          number, a player who does not exist, options that do not go together
3         nothing could be written: the workbook is open in a spreadsheet or
          held by another archon command, it changed while archon worked, an
          output's file exists already (``new`` and ``convert`` never
          replace a file; a report, rating or league output replaces only
          an earlier one of its own kind, with ``--force``: never another
          file, never an event workbook or a backups folder), the folder is
          read-only or missing, the disk is full. Nothing changed:
          close the file or free the space and run the command again
4         archon itself failed (a bug): nothing was written; the message says
          how to report it
========  =====================================================================

Errors carry their status in the class attribute ``exit_status``; the
command line reads it from there (see :func:`status_of`).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitStatus", "status_of"]


class ExitStatus(IntEnum):
    OK = 0
    PROBLEMS = 1
    UNREADABLE = 2
    NOT_WRITTEN = 3
    INTERNAL = 4


def status_of(exc: BaseException, default: ExitStatus = ExitStatus.UNREADABLE) -> ExitStatus:
    """The exit status an error asks for: its ``exit_status``, else ``default``."""
    return ExitStatus(getattr(exc, "exit_status", default))
