"""Cells of an ``.xls`` workbook (Excel 97-2003), read by ``xlrd`` (the
only pure-Python reader of that format), which gives the values the file
saved but no formulas."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterable

from archon.formats.workbook.book import EMPTY, Book, Cell, Cells, nfc
from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.xls_properties import xls_custom_properties
from archon.words.message import say

__all__ = ["XlsBook"]


class XlsBook(Book):
    """An .xls workbook, read by xlrd."""

    format = "xls"

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        try:
            import xlrd  # the only pure-Python reader of Excel 97-2003 files
        except ImportError:  # pragma: no cover - xlrd is a dependency
            raise WorkbookError(say("workbook.xls_needs_xlrd", file=path.name)) from None
        self._xlrd = xlrd
        try:
            self._book = xlrd.open_workbook(str(path), on_demand=True, logfile=io.StringIO())
        except Exception as exc:  # xlrd raises many kinds on damaged files
            raise WorkbookError(say("workbook.xls_unreadable", file=path.name, reason=str(exc))) from None
        self.date1904 = bool(self._book.datemode)
        self.sheet_names = list(self._book.sheet_names())
        self.properties = xls_custom_properties(path)

    def close(self) -> None:
        self._book.release_resources()

    def _cell(self, sh, r: int, c: int) -> Cell:
        xlrd = self._xlrd
        if r - 1 >= sh.nrows or c - 1 >= sh.ncols:
            return EMPTY
        ctype = sh.cell_type(r - 1, c - 1)
        v = sh.cell_value(r - 1, c - 1)
        if ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
            return EMPTY
        if ctype == xlrd.XL_CELL_TEXT:
            return Cell(nfc(v))
        if ctype == xlrd.XL_CELL_NUMBER:
            return Cell(float(v))
        if ctype == xlrd.XL_CELL_DATE:
            try:
                return Cell(xlrd.xldate_as_datetime(v, self._book.datemode))
            except Exception:
                return Cell(float(v))
        if ctype == xlrd.XL_CELL_BOOLEAN:
            return Cell(bool(v))
        if ctype == xlrd.XL_CELL_ERROR:
            return Cell(xlrd.error_text_from_code.get(v, "#ERR"), error=True)
        return Cell(v)

    def _sheet(self, sheet: str):
        try:
            return self._book.sheet_by_name(sheet)
        except Exception as exc:  # xlrd parses a sheet on first use
            raise WorkbookError.of_damage(
                self.path.name, say("workbook.xls_sheet_unreadable", sheet=sheet, reason=str(exc))
            ) from None

    def _read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        sh = self._sheet(sheet)
        out = Cells(sheet)
        cols = [column_index(c) for c in columns]
        for r in range(first_row, min(last_row, sh.nrows) + 1):
            for c in cols:
                cell = self._cell(sh, r, c)
                if cell is not EMPTY:
                    out[(r, c)] = cell
        return out

    def _read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        sh = self._sheet(sheet)
        out = Cells(sheet)
        for r in rows:
            for c in range(first_col, min(last_col, sh.ncols) + 1):
                cell = self._cell(sh, r, c)
                if cell is not EMPTY:
                    out[(r, c)] = cell
        return out
