"""The reader's common ground: the book, the problems found so far, and cells read as inputs.

:class:`CellReader` is what every part of the reader
(:mod:`.read_info`, :mod:`.read_players`, :mod:`.read_rounds`) builds on: a
problem is said at its sheet and cell (:meth:`CellReader.problem`), never
raised; a cell that shows an error, or a formula the file saved no value
for, is a problem and no value.
"""

from __future__ import annotations

from typing import Optional

from archon.formats.workbook.book import Book, Cell
from archon.formats.workbook.cellvalues import as_number, clean, show
from archon.formats.workbook.read_result import EventCells, ReadProblem
from archon.words.message import Message, say

__all__ = ["CellReader"]


class CellReader:
    """Reads inputs from ``book``, gathering :attr:`problems` and the cells
    of what it read (:attr:`cells`)."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.name = book.path.name
        self.problems: list[ReadProblem] = []
        self.cells = EventCells()

    def problem(self, sheet: str, cell: str, message: Message) -> None:
        """Say ``message`` about ``sheet``!``cell``."""
        self.problems.append(ReadProblem(sheet, cell, message))

    def _sheet_present(self, sheet: str, why: Message) -> bool:
        """Whether the book has ``sheet``; if not, a problem saying ``why`` it matters."""
        if self.book.has_sheet(sheet):
            return True
        self.problem(sheet, "A1", say("read.sheet_missing", sheet=sheet, why=why))
        return False

    def _input_text(self, sheet: str, address: str, c: Cell) -> Optional[str]:
        """The text typed in ``c``, cleaned; None (and a problem) for an error or no saved value."""
        if c.error:
            self.problem(sheet, address, say("read.cell_error", value=c.value))
            return None
        if c.formula and c.value is None:
            self._no_saved_value(sheet, address)
            return None
        return clean(c.value)

    def _no_saved_value(self, sheet: str, address: str) -> None:
        self.problem(sheet, address, say("read.no_saved_value"))

    def _whole(self, c: Cell, sheet: str, address: str, what: Message) -> Optional[int]:
        """A whole number >= 1 (``what``: a player number, a coin ranking, a
        table), or a problem and None."""
        if c.error:
            self.problem(sheet, address, say("read.whole_error", what=what, value=c.value))
            return None
        x, ok = as_number(c.value)
        if ok and x is not None and x >= 1 and float(x).is_integer():
            return int(x)
        self.problem(sheet, address, say("read.not_whole", what=what, value=show(c.value)))
        return None
