"""Read an Archon workbook into the event model.

:func:`read_event` reads the *inputs* of an Archon workbook (what an
organizer types: ``../shared/archon/FORMAT.md``, "Inputs"; every address
from :mod:`archon.formats.layout`) into an :class:`~archon.rules.model.Event`, and returns
it in a :class:`ReadResult` with

* ``problems``: :class:`ReadProblem` objects (sheet, cell, message) for what
  the file holds but the model cannot, or holds oddly: a table of 3 players,
  an empty row inside a table, a player number that is not a whole number, a
  VP that is not a number (it counts as 0, as in The Archon), a formula
  without a saved value...; reading never stops on them;
* ``cells``: an :class:`EventCells` map from players, seats, tables and
  overrides back to their cells, so a check can say ``Round 2!E14``.

Nothing The Archon computes is read: GW, TP, ranks, finalists and rating
points are :mod:`archon.rules.standings`' job. The one formula the reader
evaluates is the template's own seating formula in the Round sheets' player
column (:mod:`archon.formats.workbook.seating_formula`).

The reader is in parts, one a sheet or two: :mod:`.read_info` (the edition,
Tournament Info, archon's marks), :mod:`.read_players` (Methuselahs),
:mod:`.read_tables` (the Round sheets, the final, the overrides), on
:mod:`.cellreading` (cells read as inputs) and :mod:`.cellvalues` (numbers,
texts and dates as organizers type them); the results in
:mod:`.read_result`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Union

from archon.formats import layout as L
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.grid import open_book
from archon.formats.workbook.read_info import InfoReading
from archon.formats.workbook.read_players import PlayerReading
from archon.formats.workbook.read_result import CellRef, EventCells, ReadProblem, ReadResult
from archon.formats.workbook.read_tables import TableReading
from archon.formats.workbook.repair import with_repair_hint
from archon.rules.model import Event

__all__ = [
    "CellRef",
    "ReadProblem",
    "EventCells",
    "ReadResult",
    "read_event",
    "load_event",
    "WorkbookError",
]


def read_event(path: Union[str, Path]) -> ReadResult:
    """Read the Archon workbook at ``path`` (.xlsx, .ods or .xls) into an event.

    Raises :class:`WorkbookError` (a ``ValueError``) naming the file when it
    is missing, damaged, not a spreadsheet, or not an Archon workbook.
    Everything odd *inside* an Archon workbook is reported in
    ``ReadResult.problems`` instead.
    """
    p = Path(path)
    try:
        with open_book(p) as book:
            return _Reader(book).read()
    except WorkbookError as exc:  # damaged? say how to put back the last version archon wrote
        raise with_repair_hint(exc, p) from None


def load_event(path: Union[str, Path]) -> Event:
    """Just the :class:`~archon.rules.model.Event` of :func:`read_event` (problems are dropped)."""
    return read_event(path).event


class _Reader(InfoReading, PlayerReading, TableReading):
    """Reads a whole workbook, sheet by sheet, in the order the sheets depend
    on each other (the seating formula needs Tournament Info and the
    players)."""

    def read(self) -> ReadResult:
        version = self._check_archon()
        event = Event(archon_version=version)
        self._read_edition(event)
        self._read_final_mode(event)
        self._read_info(event)
        self._read_players(event)
        self._blank_rounds_setting(event)
        self._read_rounds(event)
        self._read_final(event)
        self._read_overrides(event)
        self._read_warnings(event)
        self._read_clock(event)
        return ReadResult(event, self.problems, self.cells, self._format(), version, self.book.path,
                          self.book.application, frozenset(self._typed_rounds))

    def _format(self) -> str:
        """The book's format; ``"google-xlsx"`` for the Google Sheets edition,
        which writes FALSE() where Excel writes FALSE (LibreOffice does too,
        but says who saved the file)."""
        fmt = self.book.format
        app = (self.book.application or "").lower()
        if (
            fmt == "xlsx"
            and "libreoffice" not in app
            and "openoffice" not in app
            and self.book.formula_text_contains(L.FINAL.sheet, "FALSE()")
        ):
            return "google-xlsx"
        return fmt
