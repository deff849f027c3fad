"""The cells of an ``.xlsx`` sheet part, read by an XML parser.

:func:`scan` runs expat over a sheet part (``xl/worksheets/sheetN.xml``) and
keeps the cells a caller wants, as :class:`RawCell` (the text the file holds:
type, value, formula). Types and shared strings are the caller's business
(:mod:`archon.formats.workbook.xlsx_grid`).

Speed: The Archon's sheets hold 0.8 to 4 MB of XML, mostly formulas, and
its seating chart is read three rows at a time. When every cell says its
address first (as Excel, LibreOffice and openpyxl write them), the wanted
cells are found by it and only they are read: each by one regular
expression when it is written plainly (no markup or entity inside that needs
a parser), else they all go through expat; the part is checked with expat
where it is read (its head, the rows read, its end: a part cut short fails
there; :func:`archon.formats.workbook.xmlparts.xml_problem`). Otherwise the part is checked whole
(:func:`archon.formats.workbook.xmlparts.check_part`) and a scan may start at the
first wanted row and stop after the last: the bytes before the first wanted
row go through expat with no Python handler (C speed), and the parse stops
once a row past the last wanted one begins.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable, Optional
from xml.parsers import expat

from archon.formats.workbook.book import clip
from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.xmlparts import xml_problem
from archon.words.message import Message, say

__all__ = ["RawCell", "scan", "shared_formula_masters", "SheetDamage", "MAX_ROW"]

#: The last row a sheet may have: 1,048,576 in Excel, 16,777,216 in
#: LibreOffice's largest sheets. A row numbered past it is damage.
MAX_ROW = 2**24


class SheetDamage(Exception):
    """A sheet part that is well-formed XML but no sheet a spreadsheet
    writes (a row numbered past :data:`MAX_ROW`): ``message`` says what;
    the caller names the file and the part."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


_DIGITS = re.compile("[0-9]{1,9}")


def _row_number(text: "str | bytes") -> int:
    """The row number ``text`` says, or :class:`SheetDamage` when it is not
    one (not digits, or past :data:`MAX_ROW`)."""
    if _DIGITS.fullmatch(text if isinstance(text, str) else text.decode("ascii", "replace")):
        n = int(text)
        if n <= MAX_ROW:
            return n
    shown = text if isinstance(text, str) else text.decode("ascii", "replace")
    raise SheetDamage(say("workbook.row_past_sheet", row=clip(shown), limit=MAX_ROW))

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
        r = _row_number(m.group(1))
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
    check_whole: Callable[[], object] = lambda: None,
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
_ENCODING = re.compile(rb"""\sencoding\s*=\s*["']([^"']*)["']""")


def _scan_by_address(
    data: bytes, wanted: dict[str, tuple[int, int]], first_row: int, last_row: int
) -> Optional[dict[tuple[int, int], RawCell]]:
    """:func:`scan`, when every cell between its first and last wanted rows
    starts ``<c r="..."`` and every row says its number (as Excel,
    LibreOffice and openpyxl write them): the wanted cells are found by
    their address, and only they are read, once the sheet's head, those
    rows and its end are found to be well-formed XML. None otherwise
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
    # every "<c" (a cell; rich text's <charset>, <color>, <condense> too) is
    # "<c r=" with no cell of another prefix, or this is not the case for it
    tags = data.count(b"<" + p + b"c", start, end)
    if tags != data.count(b'c r="', start, end) or tags != data.count(b"<" + p + b'c r="', start, end):
        return None
    cells = _wanted_cells(data, p, start, end, wanted)
    if cells is None or xml_problem(data[:head.end()], data[start:end], data[data_end:]) is not None:
        return None
    found = _plain_cells(data, p, cells, wanted) if _in_utf8(data) else None
    return found if found is not None else _parsed_cells(data, cells, wanted)


def _wanted_cells(data: bytes, p: bytes, start: int, end: int, wanted) -> Optional[list[tuple[str, int, int]]]:
    """``(address, start, end)`` of each wanted cell in ``data[start:end]``, in
    the order of the part, found by its address (None: a cell not closed)."""
    keys = {ref.encode(): ref for ref in wanted}
    letters = sorted({ref.rstrip("0123456789").encode() for ref in wanted}, key=len, reverse=True)
    # only the wanted columns' cells are looked at one by one (the regular
    # expression passes the others by); many columns: every cell
    column = b"(?:" + b"|".join(re.escape(a) for a in letters) + b")[0-9]+" if len(letters) <= 16 else b'[^"]*'
    close = re.compile(b"</" + re.escape(p) + rb"c\s*>")
    cells = []
    for m in re.compile(b"<" + re.escape(p) + b'c r="(' + column + b')"').finditer(data, start, end):
        ref = keys.get(m.group(1))
        if ref is None:
            continue
        tag_end = data.find(b">", m.end(), end)
        if tag_end < 0:
            return None
        if data[tag_end - 1:tag_end] == b"/":
            cells.append((ref, m.start(), tag_end + 1))
            continue
        c = close.search(data, tag_end, end)
        if c is None:
            return None
        cells.append((ref, m.start(), c.end()))
    return cells


def _parsed_cells(data: bytes, cells, wanted) -> Optional[dict[tuple[int, int], RawCell]]:
    """The ``cells`` (:func:`_wanted_cells`) read by expat (None: they are not
    XML on their own)."""
    declaration = _DECLARATION.match(data)
    snippet = b"".join(data[s:e] for _ref, s, e in cells)
    snippet = (declaration.group(0) if declaration else b"") + b"<cells>" + snippet + b"</cells>"
    out: dict[tuple[int, int], RawCell] = {}
    parser = expat.ParserCreate()
    parser.buffer_text = True
    _ScanState(parser, out, wanted, lambda r, c: False, 0, 0)
    try:
        parser.Parse(snippet, True)
    except expat.ExpatError:
        return None
    return out


def _in_utf8(data: bytes) -> bool:
    """Whether the part says it is in UTF-8 (or says nothing, which means UTF-8)."""
    declaration = _DECLARATION.match(data)
    encoding = _ENCODING.search(declaration.group(0)) if declaration else None
    return encoding is None or encoding.group(1).lower() in (b"utf-8", b"utf8")


#: character data without markup, a carriage return (XML reads it as a line
#: feed) or an entity other than the five XML predefines
_TEXT = rb"[^<&\r]*(?:&(?:lt|gt|amp|quot|apos);[^<&\r]*)*"
#: attributes as spreadsheets write them: no entity, one space before each
_PLAIN_ATTRS = rb'(?: [\w:]+="[^"<&]*")*'


@functools.lru_cache(maxsize=8)
def _plain_cell(p: bytes) -> "re.Pattern[bytes]":
    """A cell as spreadsheets write the cells archon reads: its address, style
    and type, then a formula (its text, or none: a shared formula's other
    cells), a value or an inline text, with no markup or entity inside that
    needs a parser. Groups: type; the formula's attributes and text, or the
    attributes of a formula without text; the value's text, or an empty
    value; the inline text."""
    e = re.escape(p)
    formula = (rb"(?:<" + e + rb"f(" + _PLAIN_ATTRS + rb")>(" + _TEXT + rb")</" + e + rb"f>"
               rb"|<" + e + rb"f(" + _PLAIN_ATTRS + rb")/>)?")
    value = rb"(?:<" + e + rb"v>(" + _TEXT + rb")</" + e + rb"v>|(<" + e + rb"v/>))?"
    inline = rb"<" + e + rb"is><" + e + rb't(?: xml:space="preserve")?>(' + _TEXT + rb")</" + e + rb"t></" + e + rb"is>"
    return re.compile(
        rb"<" + e + rb'c r="[^"]*"(?: s="[0-9]*")?(?: t="(\w*)")?'
        rb"(?:/>|>(?:" + formula + value + rb"|" + inline + rb")</" + e + rb"c>)"
    )


_SHARED = re.compile(rb' (t|si)="([^"]*)"')


def _text(raw: bytes) -> str:
    """Character data matched by :data:`_TEXT`, as expat reads it."""
    text = raw.decode("utf-8")
    if "&" in text:
        text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'")
        text = text.replace("&amp;", "&")
    return text


def _plain_cells(data: bytes, p: bytes, cells, wanted) -> Optional[dict[tuple[int, int], RawCell]]:
    """The ``cells`` (:func:`_wanted_cells`) as expat reads them, when each is
    written plainly (:func:`_plain_cell`): no parser goes through them. None
    when one is not (then expat reads them all)."""
    pattern = _plain_cell(p)
    out: dict[tuple[int, int], RawCell] = {}
    for ref, start, end in cells:
        m = pattern.fullmatch(data, start, end)
        if m is None:
            return None
        t, f_attrs, f_text, bare_f_attrs, v_text, empty_v, inline = m.groups()
        cell = RawCell(ref, t.decode() if t else "n")
        if f_attrs is not None or bare_f_attrs is not None:
            cell.formula = _text(f_text) if f_text else ""
            attrs = dict(_SHARED.findall(f_attrs if f_attrs is not None else bare_f_attrs))
            if attrs.get(b"t") == b"shared":
                cell.shared_index = attrs[b"si"].decode() if b"si" in attrs else None
        if v_text is not None:
            cell.value = _text(v_text)
        elif empty_v is not None:
            cell.value = ""
        if inline is not None:
            cell.inline = _text(inline)
        out[wanted[ref]] = cell
    return out


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
        n = _row_number(number.group(1))
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
            self.row = _row_number(r) if r else self.row + 1
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
        assert cell is not None  # a handler of the cell's inside, set once it is made (start)
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
