"""The cells of an ``.xlsx`` sheet part, read by an XML parser.

:func:`scan` runs expat over a sheet part (``xl/worksheets/sheetN.xml``) and
keeps the cells a caller wants, as :class:`RawCell` (the text the file holds:
type, value, formula). Types and shared strings are the caller's business
(:mod:`archon.workbook.grid`).

Speed: The Archon's sheets hold 0.8 to 4 MB of XML, mostly formulas, and
its seating chart is read three rows at a time. When every cell says its
address first (as Excel, LibreOffice and openpyxl write them), the wanted
cells are found by it and only they go through expat; the part is checked
where it is read (its head, the rows read, its end: a part cut short fails
there). Otherwise the part is checked whole
(:func:`archon.workbook.xmlparts.check_part`) and a scan may start at the
first wanted row and stop after the last: the bytes before the first wanted
row go through expat with no Python handler (C speed), and the parse stops
once a row past the last wanted one begins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional
from xml.parsers import expat

from .cellref import column_index

__all__ = ["RawCell", "scan", "shared_formula_masters"]

#: a row element that says which row it is: the place a scan may start
_ROW_START = re.compile(rb'<(?:[\w.-]+:)?row\b[^>]*?\sr="(\d+)"')


@dataclass
class RawCell:
    """One ``<c>`` element as the file holds it."""

    ref: str
    type: str = "n"  #: the ``t`` attribute: n, s, str, inlineStr, b, e, d
    value: Optional[str] = None  #: text of ``<v>``
    inline: Optional[str] = None  #: text of ``<is>`` (phonetic runs left out)
    formula: Optional[str] = None  #: text of ``<f>``; "" for an ``<f>`` without text
    shared_index: Optional[str] = None  #: ``si`` of a shared formula


class _Done(Exception):
    """Raised by a handler: every wanted row has been read."""


def _start_offset(data: bytes, first_row: int) -> tuple[int, int]:
    """Where a scan for rows from ``first_row`` on may begin: the offset of the
    last row element before it that says its number, and that number minus 1
    (the row count before it). ``(0, 0)``: from the start."""
    if first_row <= 2:
        return 0, 0
    best = (0, 0)
    for m in _ROW_START.finditer(data):
        r = int(m.group(1))
        if r >= first_row:
            break
        best = (m.start(), r - 1)
    return best


def _local(name: str) -> str:
    return name[name.find(":") + 1:]


def scan(
    data: bytes,
    wanted: dict[str, tuple[int, int]],
    want: Callable[[int, int], bool],
    first_row: int,
    last_row: int,
    check_whole: Callable[[], None] = lambda: None,
) -> dict[tuple[int, int], RawCell]:
    """Cells ``(row, column) -> RawCell`` of the sheet part ``data`` in rows
    ``first_row..last_row`` (1-based): those whose address is a key of
    ``wanted`` (``{"A7": (7, 1)}``), and those with no address for which
    ``want(row, column)`` holds (rows and cells that do not say where they
    are follow the one before, as the schema allows).

    The part is checked to be well-formed XML where it is read: the short
    way (:func:`_scan_by_address`) parses the sheet's head, the rows it reads
    and the sheet's end; otherwise ``check_whole()`` is called first, which
    raises (naming the part) when the part is not complete XML.
    """
    found = _scan_by_address(data, wanted, first_row, last_row)
    if found is not None:
        return found
    check_whole()
    out: dict[tuple[int, int], RawCell] = {}
    offset, row0 = _start_offset(data, first_row)
    parser = expat.ParserCreate()
    parser.buffer_text = True
    if offset:
        parser.Parse(data[:offset], False)
    _ScanState(parser, out, wanted, want, last_row, row0)
    try:
        parser.Parse(data[offset:], True)
    except _Done:
        pass
    return out


_SHEET_DATA = re.compile(rb"<((?:[\w.-]+:)?)sheetData\b[^>]*?(/?)>")
_ROW_NUMBER = re.compile(rb'\sr="(\d+)"')
_DECLARATION = re.compile(rb"<\?xml\b[^>]*\?>")


def _scan_by_address(
    data: bytes, wanted: dict[str, tuple[int, int]], first_row: int, last_row: int
) -> Optional[dict[tuple[int, int], RawCell]]:
    """:func:`scan`, when every cell between its first and last wanted rows
    starts ``<c r="..."`` and every row says its number (as Excel,
    LibreOffice and openpyxl write them): the wanted cells are found by
    their address, and only they go through expat, once the sheet's head,
    those rows and its end are found to be well-formed XML. None otherwise
    (then :func:`scan` checks the whole part and goes through every element)."""
    head = _SHEET_DATA.search(data)
    if head is None or head.group(2):  # no <sheetData>, or <sheetData/>
        return None
    p = head.group(1)
    data_end = data.rfind(b"</" + p + b"sheetData")
    region = _region(data, p, head.end(), data_end, first_row, last_row) if data_end > 0 else None
    if region is None:
        return None
    start, end = region
    needle = b"<" + p + b'c r="'
    # every "<c" (a cell; rich text's <charset>, <color>, <condense> too) is
    # "<c r=" with no cell of another prefix, or this is not the case for it
    tags = data.count(b"<" + p + b"c", start, end)
    if tags != data.count(b'c r="', start, end):
        return None
    keys = {ref.encode(): ref for ref in wanted}
    close = re.compile(b"</" + re.escape(p) + rb"c\s*>")
    cells = []
    for m in re.compile(re.escape(needle) + rb'([^"]*)"').finditer(data, start, end):
        tags -= 1
        if m.group(1) not in keys:
            continue
        tag_end = data.find(b">", m.end(), end)
        if tag_end < 0:
            return None
        if data[tag_end - 1:tag_end] == b"/":
            cells.append(data[m.start():tag_end + 1])
            continue
        c = close.search(data, tag_end, end)
        if c is None:
            return None
        cells.append(data[m.start():c.end()])
    if tags or not _well_formed(data[:head.end()], data[start:end], data[data_end:]):
        return None
    declaration = _DECLARATION.match(data)
    snippet = (declaration.group(0) if declaration else b"") + b"<cells>" + b"".join(cells) + b"</cells>"
    out: dict[tuple[int, int], RawCell] = {}
    parser = expat.ParserCreate()
    parser.buffer_text = True
    _ScanState(parser, out, wanted, lambda r, c: False, last_row, 0)
    try:
        parser.Parse(snippet, True)
    except expat.ExpatError:
        return None
    return out


def _well_formed(*pieces: bytes) -> bool:
    """Whether ``pieces``, one after the other, are a well-formed XML document."""
    parser = expat.ParserCreate()
    try:
        for piece in pieces:
            parser.Parse(piece, False)
        parser.Parse(b"", True)
    except expat.ExpatError:
        return False
    return True


def _region(data: bytes, p: bytes, start: int, end: int, first_row: int, last_row: int) -> Optional[tuple[int, int]]:
    """Where :func:`scan` looks for rows ``first_row..last_row`` of a sheet
    part whose sheetData holds ``data[start:end]``: from the last row before
    them to the first row after them (None when a row before that does not
    say its number)."""
    row = re.compile(b"<" + re.escape(p) + rb"row\b[^>]*>")
    begin, reached = start, False
    for m in row.finditer(data, start, end):
        number = _ROW_NUMBER.search(m.group(0))
        if number is None:
            return None
        n = int(number.group(1))
        if n > last_row:
            return begin, m.start()
        reached = reached or n >= first_row
        if not reached:
            begin = m.start()
    return begin, end


class _ScanState:
    """The expat handlers of :func:`scan` and what they have seen so far.

    Outside a wanted cell only the start of each element is handled (rows
    and cells); inside one, the handlers that collect its text are set, and
    taken off again at its end: most of a sheet goes by with one call per
    element.
    """

    def __init__(self, parser, out, wanted, want, last_row: int, row: int) -> None:
        self.parser = parser
        self.out = out
        self.wanted = wanted
        self.want = want
        self.last_row = last_row
        self.row = row
        self.col = 0
        self.passed: Optional[str] = None  # address of the last cell passed by
        self.cell: Optional[RawCell] = None
        self.into: Optional[str] = None  # the RawCell field text goes into
        self.phonetic = False
        self.names: dict[str, str] = {}  # element name -> local name
        parser.StartElementHandler = self.start

    def local(self, name: str) -> str:
        tag = self.names.get(name)
        if tag is None:
            tag = self.names[name] = _local(name)
        return tag

    def start(self, name: str, attrs: dict) -> None:
        tag = self.names.get(name) or self.local(name)
        if tag == "c":
            self._cell_start(attrs)
        elif tag == "row":
            r = attrs.get("r")
            self.row = int(r) if r else self.row + 1
            self.col = 0
            self.passed = None
            if self.row > self.last_row:
                raise _Done

    def _cell_start(self, attrs: dict) -> None:
        ref = attrs.get("r")
        if ref:
            place = self.wanted.get(ref)
            if place is None:
                self.passed = ref  # its column, should a cell without an address follow
                return
            self.row, self.col = place
            self.passed = None
        else:
            if self.passed:
                self.col = column_index(self.passed.rstrip("0123456789"))
                self.passed = None
            self.col += 1
            if not self.want(self.row, self.col):
                return
            ref = f"R{self.row}C{self.col}"
        self.cell = RawCell(ref, attrs.get("t") or "n")
        self.out[(self.row, self.col)] = self.cell
        p = self.parser
        p.StartElementHandler = self.inner_start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.text

    def inner_start(self, name: str, attrs: dict) -> None:
        tag = self.names.get(name) or self.local(name)
        cell = self.cell
        if tag == "f":
            cell.formula = ""
            if attrs.get("t") == "shared":
                cell.shared_index = attrs.get("si")
            self.into = "formula"
        elif tag == "v":
            cell.value = ""
            self.into = "value"
        elif tag == "is":
            cell.inline = ""
        elif tag == "t" and cell.inline is not None and not self.phonetic:
            self.into = "inline"
        elif tag == "rPh":
            self.phonetic = True

    def end(self, name: str) -> None:
        tag = self.names.get(name) or self.local(name)
        if tag == "c":
            self.cell = None
            p = self.parser
            p.StartElementHandler = self.start
            p.EndElementHandler = None
            p.CharacterDataHandler = None
        elif tag == "rPh":
            self.phonetic = False
        self.into = None

    def text(self, data: str) -> None:
        if self.into is not None:
            cell = self.cell
            setattr(cell, self.into, getattr(cell, self.into) + data)


def shared_formula_masters(data: bytes) -> dict[str, str]:
    """The text of each shared formula's master cell in the sheet part
    ``data``: ``{si: formula}`` (the first master of each ``si``)."""
    masters: dict[str, str] = {}
    current: list = []  # [si, text] while inside a master <f>

    def start(name, attrs):
        if _local(name) == "f" and attrs.get("t") == "shared" and attrs.get("si") is not None:
            current[:] = [attrs["si"], ""]

    def end(name):
        if current and _local(name) == "f":
            si, text = current
            if text:
                masters.setdefault(si, text)
            current.clear()

    def chars(data):
        if current:
            current[1] += data

    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.Parse(data, True)
    return masters
