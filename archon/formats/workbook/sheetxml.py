"""A sheet part of an ``.xlsx`` package read as a string, for patching it:
where its ``<sheetData>``, its rows and the cells archon writes are, found
with regular expressions (never parsed whole: The Archon's sheets hold 10 MB
of XML). :mod:`archon.formats.workbook.sheetpatch` rewrites what it finds.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Iterator, Optional

from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.cellxml import PatchError, attrs, column_letter
from archon.words import say

__all__ = ["Sheet", "cell_formula"]

#: a row's number as Excel, LibreOffice and openpyxl write it (other spellings go through attrs)
_ROW_NUMBER = re.compile(r'\sr="(\d+)"')
_R_ATTR = re.compile(r'(?:^|\s)r\s*=\s*["\']\$?([A-Za-z]{1,3})\$?(\d+)["\']')


class _Patterns:
    """The patterns of a sheet part whose elements carry the prefix ``p``
    (``""`` or ``"x:"``), compiled once per prefix (:func:`_patterns`)."""

    def __init__(self, p: str) -> None:
        e = re.escape(p)
        self.row = re.compile(rf"<{e}row\b[^>]*?(?:/>|>.*?</{e}row\s*>)", re.S)
        self.row_start = re.compile(rf"<{e}row\b[^>]*?(/?)>")
        self.row_end = re.compile(rf"</{e}row\s*>")
        self.cell = re.compile(rf"<{e}c\b([^>]*?)(?:/>|>.*?</{e}c\s*>)", re.S)
        self.cell_end = re.compile(rf"</{e}c\s*>")
        self.formula = re.compile(rf"<{e}f\b([^>]*?)(/>|>(.*?)</{e}f\s*>)", re.S)
        self.empty_cell = re.compile(rf"<{e}c\b[^>]*?(?:/>|>\s*</{e}c\s*>)")
        #: an empty cell as :func:`cell_xml` writes one (its address and style)
        self.empty_styled_cell = re.compile(rf'<{e}c r="[^"]*" s="[^"<&]*"/>')
        self.sheet_data_end = re.compile(rf"</{e}sheetData\s*>")
        self.cols = re.compile(rf"<{e}cols\b.*?</{e}cols\s*>", re.S)
        self.col = re.compile(rf"<{e}col\b[^>]*>")
        self.formula_start = f"<{p}f"


@functools.lru_cache(maxsize=8)
def _patterns(p: str) -> _Patterns:
    return _Patterns(p)


class Sheet:
    """One sheet part, read as a string: where its data, rows and cells are.

    ``xml``: the part's text; ``p``: the prefix of its elements (``""`` or
    ``"x:"``); ``data_start``, ``data_inner_start``, ``data_end``: where
    ``<sheetData>`` starts, its content starts and ends (``empty_data``: it
    is ``<sheetData/>``); ``patterns``: the part's regular expressions.
    """

    def __init__(self, xml: str, date1904: bool):
        self.xml = xml
        self.date1904 = date1904
        m = re.search(r"<(\w+:)?sheetData\b[^>]*?(/?)>", xml)
        if not m:
            raise PatchError(say("writing.no_sheet_data"))
        self.p = m.group(1) or ""
        self.patterns = pat = _patterns(self.p)
        if m.group(2):  # <sheetData/>
            self.data_start = m.start()
            self.data_inner_start = self.data_end = m.end()
            self.empty_data = True
        else:
            close = pat.sheet_data_end.search(xml, m.end())
            if not close:
                raise PatchError(say("writing.unterminated_sheet_data"))
            self.data_start = m.start()
            self.data_inner_start = m.end()
            self.data_end = close.start()
            self.empty_data = False
        self._row_re = pat.row
        self._row_start_re = pat.row_start
        self._row_end_re = pat.row_end
        self._cell_re = pat.cell
        self._cell_end_re = pat.cell_end
        self._col_styles = self._read_col_styles()
        self._cell_starts: dict[str, list[int]] = {}  # by index_cells
        self._empty_cells: set[int] = set()

    def index_cells(self, columns: Iterable[int]) -> None:
        """Note where each cell of ``columns`` starts ``<c r="REF"`` (as
        Excel, LibreOffice and openpyxl write cells), and which are empty
        with their style (``<c r="A7" s="3"/>``), in one pass over the sheet
        (the other columns' cells are passed by by the regular expression):
        :meth:`find_cell` then looks them up instead of searching their row
        twice for each, and :meth:`cleared_already` says which rows a write
        leaves as they are without looking at them."""
        letters = sorted({column_letter(c) for c in columns}, key=len, reverse=True)
        column = f"(?:{'|'.join(letters)})[0-9]+" if len(letters) <= 16 else "[A-Z]{1,3}[0-9]+"
        starts: dict[str, list[int]] = {}
        empty: set[int] = set()
        pattern = re.compile(f'<{re.escape(self.p)}c r="({column})"( s="[^"<&>]*"/>)?')
        for m in pattern.finditer(self.xml, self.data_inner_start, self.data_end):
            starts.setdefault(m.group(1), []).append(m.start())
            if m.group(2):
                empty.add(m.start())
        self._cell_starts = starts
        self._empty_cells = empty

    def cleared_already(self, cols, row_start: int, row_end: int) -> bool:
        """Whether the edits ``cols`` (``{column: (ref, value)}``) of the row
        at ``row_start:row_end`` all clear a cell that is there once, already
        empty with its style: what a patch leaves as it is
        (:mod:`archon.formats.workbook.sheetpatch`)."""
        starts, empty = self._cell_starts, self._empty_cells
        for ref, value in cols.values():
            if value is not None:
                return False
            inside = [at for at in starts.get(ref, ()) if row_start <= at < row_end]
            if len(inside) != 1 or inside[0] not in empty:
                return False
        return True

    # -- reading ---------------------------------------------------------
    def _read_col_styles(self) -> list[tuple[int, int, str]]:
        out = []
        cols = self.patterns.cols.search(self.xml, 0, self.data_start)
        if cols:
            for tag in self.patterns.col.findall(cols.group(0)):
                a = attrs(tag)
                if "style" in a and "min" in a and "max" in a:
                    out.append((int(a["min"]), int(a["max"]), a["style"]))
        return out

    def col_style(self, col: int) -> Optional[str]:
        for lo, hi, style in self._col_styles:
            if lo <= col <= hi:
                return style
        return None

    def rows(self) -> list[tuple[int, int, int, str]]:
        """(row number, start, end, text) of every row element, in order."""
        out = []
        last = 0
        inner = self.xml[self.data_inner_start : self.data_end]
        for m in self._row_re.finditer(inner):
            start_tag = m.group(0)[: m.group(0).index(">") + 1]
            r = attrs(start_tag).get("r")
            n = int(r) if r else last + 1
            last = n
            out.append((n, self.data_inner_start + m.start(), self.data_inner_start + m.end(), m.group(0)))
        return out

    def row_spans(self) -> Optional[dict[int, tuple[int, int]]]:
        """``{row number: (start, end)}`` of every row element (the last one
        should a number repeat), found by the rows' tags alone: the cells in
        between are not looked at. The same rows as :meth:`rows`; None when
        a row element is not closed (then :meth:`rows` says what it makes of it).
        """
        out: dict[int, tuple[int, int]] = {}
        for row in self.row_elements():
            if row is None:
                return None
            out[row[0]] = row[1:]
        return out

    def row_elements(self) -> Iterator[Optional[tuple[int, int, int]]]:
        """``(row number, start, end)`` of each row element in turn (see
        :meth:`row_spans`), and None after the last if one is not closed."""
        last = 0
        pos, stop = self.data_inner_start, self.data_end
        while True:
            m = self._row_start_re.search(self.xml, pos, stop)
            if m is None:
                return
            found = _ROW_NUMBER.search(m.group(0))
            r = found.group(1) if found else attrs(m.group(0)).get("r")
            n = int(r) if r else last + 1
            last = n
            if m.group(1):  # <row .../>
                end = m.end()
            else:
                close = self._row_end_re.search(self.xml, m.end(), stop)
                if close is None:
                    yield None
                    return
                end = close.end()
            yield n, m.start(), end
            pos = end

    def find_cell(self, row_xml: str, ref: str, row_start: int) -> Optional[tuple[int, int]]:
        """``(start, end)`` of the one cell of ``row_xml`` whose start tag
        begins ``<c r="REF"`` (as Excel, LibreOffice and openpyxl write
        cells), found without going through the others; None when there is
        no such cell or more than one (then :meth:`cells_of_row` decides).
        ``row_start``: where the row starts in the sheet, for a cell of the
        columns :meth:`index_cells` noted."""
        needle = f'<{self.p}c r="{ref}"'
        row_end = row_start + len(row_xml)
        inside = [at - row_start for at in self._cell_starts.get(ref, ()) if row_start <= at < row_end]
        if len(inside) != 1:
            return None
        start = inside[0]
        tag_end = row_xml.find(">", start + len(needle))
        if tag_end < 0:
            return None
        if row_xml[tag_end - 1] == "/":
            return start, tag_end + 1
        close = self._cell_end_re.search(row_xml, tag_end + 1)
        return (start, close.end()) if close else None

    def edited_cells(self, row_xml: str, row: int, cols, row_start: int) -> list[tuple[int, str, str]]:
        """``(column, ref, xml)`` of the cells of ``row_xml`` in the edits
        ``cols`` (``{column: (ref, value)}``), by address when every one is
        found so, else of every cell of the row (:meth:`cells_of_row`).
        ``row_start``: see :meth:`find_cell`."""
        out = []
        for col in sorted(cols):
            ref = cols[col][0]
            span = self.find_cell(row_xml, ref, row_start)
            if span is None:
                return self.cells_of_row(row_xml, row)
            out.append((col, ref, row_xml[span[0]:span[1]]))
        return out

    def cells_of_row(self, row_xml: str, row: int) -> list[tuple[int, str, str]]:
        """(column, ref, xml) of every cell in a row element, in order."""
        out = []
        last = 0
        self.last_cell_end = None
        for m in self._cell_re.finditer(row_xml):
            self.last_cell_end = m.end()
            cell = m.group(0)
            rm = _R_ATTR.search(m.group(1))
            r = rm.group(1) + rm.group(2) if rm else None
            if rm:
                col = column_index(rm.group(1))
            else:
                col = last + 1
            last = col
            out.append((col, r or f"{column_letter(col)}{row}", cell))
        return out


def cell_formula(cell_xml: str, p: str) -> Optional[tuple[str, str]]:
    """(start tag, text) of the ``<f>`` child of a cell, or None."""
    pat = _patterns(p)
    if pat.formula_start not in cell_xml:
        return None
    m = pat.formula.search(cell_xml)
    if not m:
        return None
    start = m.group(0)[: m.group(0).index(">") + 1]
    return start, (m.group(3) or "")
