"""What every workbook format gives the reader: cells, and a book that reads them.

:class:`Book` is an open workbook (:mod:`.xlsx_grid`, :mod:`.ods_grid`,
:mod:`.xls_grid` read each format; :func:`archon.formats.workbook.grid.open_book`
recognises it). A book reads *only the cells asked for*:

* :meth:`Book.read_columns` some columns over a range of rows (the inputs of
  a sheet: ``Round 1`` columns A and E, rows 7..306);
* :meth:`Book.read_rows` a few whole rows (a block of an optimal seating
  chart).

Each cell comes back as a :class:`Cell`: its value (``None``, ``str``,
``float``, ``bool``, ``datetime.datetime`` or an error code), its formula text
when the format keeps one, and whether the value is an error. A text longer
than a cell holds (:data:`archon.rules.model.MAX_CELL_TEXT`: a file no
spreadsheet saved) is refused, naming its sheet and cell: every later write
would fail on it.
"""

from __future__ import annotations

import datetime as _dt
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union

from archon.formats.workbook.cellref import column_index, column_letters, split_address
from archon.formats.workbook.errors import WorkbookError
from archon.rules.model import MAX_CELL_TEXT
from archon.words.message import say

__all__ = ["Cell", "EMPTY", "Cells", "Book", "excel_serial_to_datetime", "nfc", "clip"]


@dataclass(frozen=True)
class Cell:
    """One cell as stored in the file.

    ``value`` is the typed value or, for a formula, the value the application
    saved with it (``None`` when the file holds none, as in a file written by
    a program). ``formula`` is the formula text (Excel syntax for ``.xlsx``,
    OpenFormula ``of:=...`` for ``.ods``, always ``None`` for ``.xls``).
    ``error`` is True when ``value`` is an error code such as ``#N/A``.
    """

    value: object = None
    formula: Optional[str] = None
    error: bool = False

    @property
    def is_blank(self) -> bool:
        """No value and no formula, or only whitespace text."""
        if self.formula:
            return False
        v = self.value
        return v is None or (isinstance(v, str) and not v.strip())


EMPTY = Cell()


class Cells(dict):
    """Cells read from one sheet: ``{(row, column_index): Cell}`` (1-based)."""

    def __init__(self, sheet: str) -> None:
        super().__init__()
        self.sheet = sheet

    def at(self, row: int, column: Union[str, int]) -> Cell:
        """The cell at ``row`` and ``column`` (letters or 1-based index); :data:`EMPTY` if absent."""
        col = column if isinstance(column, int) else column_index(column)
        return self.get((row, col), EMPTY)


def excel_serial_to_datetime(serial: float, date1904: bool = False) -> _dt.datetime:
    """An Excel date serial number as a datetime (1900 or 1904 date system).

    The 1900 system counts the phantom 29 February 1900, so serials from 61 on
    are days since 1899-12-30 and serials below 60 days since 1899-12-31.
    """
    if date1904:
        base = _dt.datetime(1904, 1, 1)
    elif serial >= 61:
        base = _dt.datetime(1899, 12, 30)
    else:
        base = _dt.datetime(1899, 12, 31)
    return base + _dt.timedelta(days=float(serial))


def nfc(s: str) -> str:
    """Unicode NFC, so that accented names typed on any system compare equal."""
    return unicodedata.normalize("NFC", s)


def clip(text: str, most: int = 24) -> str:
    """``text`` as a message quotes a value a file holds: its first
    characters and "..." when it is longer than ``most`` (a count of 5,000
    digits)."""
    return text if len(text) <= most else text[: most - 4] + "..."


class Book:
    """An open workbook. Use :func:`archon.formats.workbook.grid.open_book`;
    close it (or use ``with``). A format implements :meth:`_read_columns`
    and :meth:`_read_rows`; the public methods check what they read."""

    #: ``"xlsx"``, ``"google-xlsx"`` (set by the reader), ``"ods"`` or ``"xls"``.
    format: str = ""
    #: True when date serial numbers count from 1904 (old Mac Excel files).
    date1904: bool = False
    #: The application that saved the file, as the file says it (``"Microsoft
    #: Excel"``, ``"LibreOffice/7.4..."``), or None.
    application: Optional[str] = None

    #: Custom document properties (name -> text): ``docProps/custom.xml`` of an
    #: .xlsx, ``meta:user-defined`` of an .ods, the user-defined section of the
    #: ``DocumentSummaryInformation`` stream of an .xls.
    properties: dict[str, str] = {}

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sheet_names: list[str] = []

    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        """Cells of ``columns`` (letters) in rows ``first_row..last_row`` of ``sheet``."""
        return self._checked(self._read_columns(sheet, columns, first_row, last_row))

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        """Cells of ``rows`` between columns ``first_col..last_col`` (1-based indexes)."""
        return self._checked(self._read_rows(sheet, rows, first_col, last_col))

    # -- to implement
    def _read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        raise NotImplementedError

    def _read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        raise NotImplementedError

    def formula_text_contains(self, sheet: str, text: str) -> bool:
        """Whether any formula of ``sheet`` contains ``text`` (format detection); False if unknown."""
        return False

    def close(self) -> None:
        pass

    def __enter__(self) -> "Book":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def has_sheet(self, name: str) -> bool:
        return name in self.sheet_names

    def read_cell(self, sheet: str, address: str) -> Cell:
        row, col = split_address(address)
        return self.read_columns(sheet, [column_letters(col)], row, row).at(row, col)

    def _checked(self, cells: Cells) -> Cells:
        """``cells``, or :class:`WorkbookError` naming the first cell whose
        text is longer than a cell holds."""
        for (row, col), cell in cells.items():
            text = cell.value
            if isinstance(text, str) and len(text) > MAX_CELL_TEXT:
                raise WorkbookError(say(
                    "workbook.text_too_long", file=self.path.name, sheet=cells.sheet,
                    cell=f"{column_letters(col)}{row}", length=len(text), limit=MAX_CELL_TEXT,
                ))
        return cells
