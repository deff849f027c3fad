"""Cells of an ``.ods`` workbook (LibreOffice, OpenOffice).

``content.xml`` (every sheet) is read whole and checked to be complete XML,
then cut per sheet and scanned row by row with regular expressions:
``table:number-rows-repeated`` and ``table:number-columns-repeated`` are
honoured by arithmetic, never by walking the rows or cells they repeat (a
file may say a row repeats 10**12 times), and a repeat count that is not a
whole number of digits is damage.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re
import zipfile
from pathlib import Path
from typing import Iterable

from archon.formats.workbook.book import Book, Cell, Cells, clip, nfc
from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.xmlparts import app_name, part_name, read_part, unescape
from archon.rules.model import MAX_CELL_TEXT
from archon.words.message import say

__all__ = ["OdsBook"]

_ATTR = re.compile(r'([\w.:-]+)\s*=\s*"([^"]*)"')
_NS_DECL = re.compile(rb'xmlns:([\w.-]+)="([^"]+)"')
_TABLE_NS = b"urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE_NS = b"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TEXT_NS = b"urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_USER_DEFINED = re.compile(r'<(?:\w+:)?user-defined\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?user-defined>)', re.S)
_USER_DEFINED_NAME = re.compile(r'(?:\w+:)?name="([^"]*)"')

#: A repeat count as a spreadsheet writes it: digits, a few of them (a
#: sheet has at most 1,048,576 rows; a file may still say 10**12).
_REPEAT = re.compile(r"[0-9]{1,18}")
#: Where a text's run of spaces (``<text:s text:c="N"/>``) stops counting:
#: past the longest text a cell holds, which the book refuses.
_MOST_SPACES = MAX_CELL_TEXT + 1


def _spaces(count: "str | None") -> str:
    """The spaces ``<text:s text:c="count"/>`` stands for (one when no count)."""
    if not count:
        return " "
    return " " * (_MOST_SPACES if len(count) > 9 else min(int(count), _MOST_SPACES))


class OdsBook(Book):
    """An .ods workbook: ``content.xml`` read whole, each sheet scanned for
    the rows and cells asked for."""

    format = "ods"

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        super().__init__(path)
        try:
            self._content = read_part(zf, "content.xml", path, part_name("workbook.part.ods_sheets"))
            self.application = app_name(zf, "meta.xml", r"<(?:\w+:)?generator>(.*?)</(?:\w+:)?generator>", path)
            self.properties = self._user_defined(zf, path)
        finally:
            zf.close()
        self._set_prefixes(self._content)
        self._bounds: dict[str, tuple[int, int]] = {}
        self._find_sheets(self._content)
        self._slices: dict[str, bytes] = {}

    @staticmethod
    def _user_defined(zf: zipfile.ZipFile, path: Path) -> dict[str, str]:
        """The custom document properties (``meta:user-defined`` of meta.xml)."""
        if "meta.xml" not in zf.namelist():
            return {}
        meta = read_part(zf, "meta.xml", path, part_name("workbook.part.properties")).decode("utf-8", "replace")
        properties = {}
        for m in _USER_DEFINED.finditer(meta):
            name = _USER_DEFINED_NAME.search(m.group(1))
            if name:
                properties[unescape(name.group(1))] = unescape(m.group(2) or "")
        return properties

    def _set_prefixes(self, data: bytes) -> None:
        """The prefixes ``data`` gives the table, office and text namespaces,
        and the regular expressions that read its rows, cells and texts."""
        root_at = data.find(b"<office:document-content")
        if root_at < 0:
            root_at = data.find(b"document-content")
        head = data[max(root_at, 0): data.find(b">", max(root_at, 0)) + 1]
        prefixes = {uri: pfx for pfx, uri in _NS_DECL.findall(head)}
        tp = (prefixes.get(_TABLE_NS) or b"table").decode("utf-8", "replace")
        op = (prefixes.get(_OFFICE_NS) or b"office").decode("utf-8", "replace")
        xp = (prefixes.get(_TEXT_NS) or b"text").decode("utf-8", "replace")
        self._tp, self._op, self._xp = tp, op, xp
        self._row_end = f"</{tp}:table-row>".encode()
        tp, op, xp = (re.escape(p) for p in (tp, op, xp))  # in the regular expressions
        self._sheet_re = re.compile(rf'<{tp}:table\s[^>]*?{tp}:name="([^"]*)"'.encode())
        self._row_re = re.compile(rf"<{tp}:table-row(?=[\s/>])([^>]*?)(/?)>".encode())
        self._cell_re = re.compile(rf"<{tp}:(table-cell|covered-table-cell)(?=[\s/>])([^>]*?)(/?)>")
        self._annot_re = re.compile(rf"<{op}:annotation\b.*?</{op}:annotation>", re.S)
        self._para_re = re.compile(rf"<{xp}:(?:p|h)\b[^>]*?(?:/>|>(.*?)</{xp}:(?:p|h)>)", re.S)
        self._space_re = re.compile(rf'<{xp}:s(?:\s+{xp}:c="(\d+)")?\s*/>')
        self._tab_re = re.compile(rf"<{xp}:tab\s*/>")
        self._break_re = re.compile(rf"<{xp}:line-break\s*/>")
        self._tag_re = re.compile(r"<[^>]+>")

    def _find_sheets(self, data: bytes) -> None:
        starts = [(m.start(), unescape(m.group(1).decode("utf-8", "replace"))) for m in self._sheet_re.finditer(data)]
        end_all = data.rfind(f"</{self._op}:spreadsheet>".encode())
        for i, (pos, name) in enumerate(starts):
            end = starts[i + 1][0] if i + 1 < len(starts) else (end_all if end_all > pos else len(data))
            self.sheet_names.append(name)
            self._bounds[name] = (pos, end)

    def _slice(self, sheet: str) -> bytes:
        s = self._slices.get(sheet)
        if s is None:
            start, end = self._bounds[sheet]
            s = self._content[start:end]
            self._slices[sheet] = s
        return s

    def formula_text_contains(self, sheet: str, text: str) -> bool:
        return text.encode() in self._slice(sheet) if sheet in self._bounds else False

    def _repeat(self, attrs: dict[str, str], what: str, sheet: str) -> int:
        """How many rows or columns (``what``: ``"rows"``, ``"columns"``) an
        element stands for: its ``number-<what>-repeated``, 1 when it says
        none; damage when that is not a whole number from 1 ("1e3", 5,000
        digits)."""
        name = f"{self._tp}:number-{what}-repeated"
        text = attrs.get(name)
        if not text:
            return 1
        if _REPEAT.fullmatch(text) and int(text) >= 1:
            return int(text)
        raise WorkbookError.of_damage(self.path.name, say(
            "workbook.ods_repeat", what=part_name("workbook.part.ods_sheets"), part="content.xml", sheet=sheet,
            attribute=name, value=clip(text), fix=say("workbook.fix_damage"),
        ))

    def _rows(self, sheet: str, wanted_rows: set[int], last_row: int, first_col: int, last_col: int, want_col) -> Cells:
        data = self._slice(sheet)
        wanted = sorted(wanted_rows)
        out = Cells(sheet)
        row = 0
        pos = 0
        while row < last_row:
            m = self._row_re.search(data, pos)
            if m is None:
                break
            attrs = dict(_ATTR.findall(m.group(1).decode("utf-8", "replace")))
            repeat = self._repeat(attrs, "rows", sheet)
            if m.group(2):
                pos = m.end()
                row += repeat
                continue
            end = data.find(self._row_end, m.end())
            if end < 0:
                end = len(data)
            # the wanted rows among row + 1 .. row + repeat, found by bisection (never one by one)
            rows_here = wanted[bisect.bisect_left(wanted, row + 1): bisect.bisect_right(wanted, row + repeat)]
            if rows_here:
                body = data[m.end(): end].decode("utf-8", "replace")
                cells = self._row_cells(body, first_col, last_col, want_col, sheet)
                for r in rows_here:
                    for c, cell in cells.items():
                        out[(r, c)] = cell
            row += repeat
            pos = end + len(self._row_end)
        return out

    def _row_cells(self, body: str, first_col: int, last_col: int, want_col, sheet: str) -> dict[int, Cell]:
        out: dict[int, Cell] = {}
        col = 0
        pos = 0
        while col < last_col:
            m = self._cell_re.search(body, pos)
            if m is None:
                break
            kind, attr_text, closed = m.group(1), m.group(2), m.group(3)
            attrs = dict(_ATTR.findall(attr_text))
            repeat = self._repeat(attrs, "columns", sheet)
            if closed:
                content = ""
                pos = m.end()
            else:
                close = f"</{self._tp}:{kind}>"
                end = body.find(close, m.end())
                if end < 0:
                    end = len(body)
                content = body[m.end(): end]
                pos = end + len(close)
            cols = [c for c in range(max(col + 1, first_col), min(col + repeat, last_col) + 1) if want_col(c)]
            if cols and (attrs or content):
                cell = self._cell(attrs, content)
                if cell.value is not None or cell.formula:
                    for c in cols:
                        out[c] = cell
            col += repeat
        return out

    def _cell(self, attrs: dict[str, str], content: str) -> Cell:
        op, tp = self._op, self._tp
        formula = attrs.get(f"{tp}:formula")
        if formula is not None:
            formula = unescape(formula)
        vtype = attrs.get(f"{op}:value-type")
        ext_type = next((v for k, v in attrs.items() if k.endswith(":value-type") and not k.startswith(op)), None)
        if ext_type == "error":
            return Cell(self._para_text(content) or "#ERR", formula, error=True)
        if vtype in ("float", "percentage", "currency"):
            try:
                return Cell(float(attrs.get(f"{op}:value", "")), formula)
            except ValueError:
                return Cell(self._para_text(content), formula)
        if vtype == "date":
            raw = attrs.get(f"{op}:date-value", "")
            try:
                return Cell(_dt.datetime.fromisoformat(raw), formula)
            except ValueError:
                return Cell(raw, formula)
        if vtype == "time":
            return Cell(attrs.get(f"{op}:time-value"), formula)
        if vtype == "boolean":
            return Cell(attrs.get(f"{op}:boolean-value", "").lower() == "true", formula)
        if vtype == "string":
            sv = attrs.get(f"{op}:string-value")
            text = unescape(sv) if sv is not None else self._para_text(content)
            return Cell(nfc(text), formula)
        # no value type: an empty cell (or a formula without a saved value)
        text = self._para_text(content) if content else ""
        return Cell(nfc(text) if text else None, formula)

    def _para_text(self, content: str) -> str:
        if not content:
            return ""
        body = self._annot_re.sub("", content)
        paras = []
        for m in self._para_re.finditer(body):
            inner = m.group(1) or ""
            inner = self._space_re.sub(lambda s: _spaces(s.group(1)), inner)
            inner = self._tab_re.sub("\t", inner)
            inner = self._break_re.sub("\n", inner)
            paras.append(unescape(self._tag_re.sub("", inner)))
        return nfc("\n".join(paras))

    def _read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        wanted = {column_index(c) for c in columns}
        return self._rows(
            sheet, set(range(first_row, last_row + 1)), last_row, min(wanted), max(wanted), wanted.__contains__
        )

    def _read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        wanted_rows = set(rows)
        if not wanted_rows:
            return Cells(sheet)
        return self._rows(sheet, wanted_rows, max(wanted_rows), first_col, last_col, lambda c: True)


