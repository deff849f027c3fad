"""Format-specific cell access: the few cells archon reads from a workbook.

:func:`open_book` opens an ``.xlsx`` (saved by Excel, LibreOffice, Google
Sheets or written by a program), an ``.ods`` or a legacy ``.xls`` file and
returns a :class:`Book`. A book reads *only the cells asked for*:

* :meth:`Book.read_columns` some columns over a range of rows (the inputs of
  a sheet: ``Round 1`` columns A and E, rows 7..306);
* :meth:`Book.read_rows` a few whole rows (a block of an optimal seating
  chart).

Each cell comes back as a :class:`Cell`: its value (``None``, ``str``,
``float``, ``bool``, ``datetime.datetime`` or an error code), its formula text
when the format keeps one, and whether the value is an error.

Why not openpyxl: The Archon's sheets hold 0.8 to 4 MB of XML each, mostly
formulas archon recomputes itself; a full openpyxl load takes seconds. Here an
``.xlsx`` sheet part is decompressed and only its wanted cells go through
expat (:mod:`archon.formats.workbook.sheetcells`); ``content.xml`` of an ``.ods`` is cut per sheet and
scanned row by row (``number-rows-repeated``/``number-columns-repeated``
honoured); ``.xls`` goes through ``xlrd`` (the only pure-Python reader of
that format), which gives cached values but no formulas.

This module knows file formats, not The Archon's layout (that is
:mod:`archon.formats.layout`).
"""

from __future__ import annotations

import datetime as _dt
import io
import posixpath
import re
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union
from xml.etree import ElementTree as ET
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.cellref import column_index, column_letters, split_address  # noqa: F401 (re-exported)
from archon.formats.workbook.lru import LRU
from archon.formats.workbook.sheetcells import RawCell, scan, shared_formula_masters
from archon.formats.workbook.xmlparts import check_part, read_part, unescape, unpack_part

__all__ = [
    "WorkbookError",
    "Cell",
    "EMPTY",
    "Cells",
    "Book",
    "open_book",
    "refuse_special_file",
    "column_index",
    "column_letters",
    "split_address",
    "excel_serial_to_datetime",
]

PathLike = Union[str, "Path"]


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


# ---------------------------------------------------------------- addresses

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


def _text(s: str) -> str:
    """Unicode NFC, so that accented names typed on any system compare equal."""
    return unicodedata.normalize("NFC", s)


# ---------------------------------------------------------------- the book

class Book:
    """An open workbook. Use :func:`open_book`; close it (or use ``with``)."""

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

    # -- to implement
    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        """Cells of ``columns`` (letters) in rows ``first_row..last_row`` of ``sheet``."""
        raise NotImplementedError

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        """Cells of ``rows`` between columns ``first_col..last_col`` (1-based indexes)."""
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


def refuse_special_file(path: Path) -> None:
    """A :class:`WorkbookError` for a path that is not a plain file (a FIFO, a
    device, a socket): reading one could wait forever or never end."""
    from archon.formats.special_files import special_kind

    kind = special_kind(path)
    if kind is not None:
        raise WorkbookError(f"{path.name} is {kind}, not a workbook: give the path of an .xlsx, .ods or .xls file")


def open_book(path: PathLike) -> Book:
    """Open a workbook, recognising its format from its content (not its name).

    Raises :class:`WorkbookError` naming the file when it is missing, not a
    spreadsheet, or damaged.
    """
    p = Path(path)
    name = p.name
    if not p.exists():
        raise WorkbookError(f"{name}: no such file ({p})")
    if p.is_dir():
        raise WorkbookError(f"{name} is a folder, not a workbook: give the path of an .xlsx, .ods or .xls file")
    refuse_special_file(p)
    try:
        with open(p, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise WorkbookError(f"{name} cannot be opened: {exc.strerror or exc}") from None
    if not head:
        raise WorkbookError.of_damage(
            name, "it is empty (an interrupted copy or save?); use a backup or save it again from Excel/LibreOffice"
        )
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        try:
            zf = zipfile.ZipFile(p)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError):
            raise WorkbookError.of_damage(
                name, "it is not a complete .xlsx/.ods archive "
                "(an interrupted copy or download?); use a backup or save it again from Excel/LibreOffice"
            ) from None
        names = set(zf.namelist())
        try:
            if "content.xml" in names and (
                "mimetype" not in names or b"opendocument.spreadsheet" in zf.read("mimetype")
            ):
                return _OdsBook(p, zf)
            if "[Content_Types].xml" in names:
                return _XlsxBook(p, zf)
        except WorkbookError:
            zf.close()
            raise
        except (zipfile.BadZipFile, zlib.error, KeyError, ET.ParseError, EOFError, OSError, UnicodeDecodeError):
            zf.close()
            raise WorkbookError.of_damage(
                name, "its workbook parts cannot be read; use a backup or save it again"
            ) from None
        zf.close()
        raise WorkbookError(
            f"{name} is a zip archive but not a spreadsheet: expected an .xlsx, .ods or .xls workbook"
        )
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return _XlsBook(p)
    raise WorkbookError(
        f"{name} is not a spreadsheet archon can read: expected an Excel (.xlsx, .xls) "
        f"or LibreOffice (.ods) workbook"
    )


# ---------------------------------------------------------------- .xlsx

_XESC = re.compile(r"_x([0-9A-Fa-f]{4})_")
_ATTR = re.compile(r'([\w.:-]+)\s*=\s*"([^"]*)"')

_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _XlsxBook(Book):
    """An .xlsx workbook. Every part read is checked to be complete XML
    (:mod:`archon.formats.workbook.xmlparts`; a sheet read the short way, where it is
    read); cells are read by expat (:mod:`archon.formats.workbook.sheetcells`)."""

    format = "xlsx"

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        super().__init__(path)
        self._zf = zf
        self._data: dict[str, bytes] = {}
        self._checked: set[str] = set()  # sheets checked whole
        self._sst: Optional[list[str]] = None
        self._shared_masters: dict[str, dict[str, str]] = {}
        wb_part = self._office_document()
        rels = self._rels(wb_part)
        root = self._xml_root(wb_part, "the workbook part (its list of sheets)")
        self._parts: dict[str, str] = {}
        for el in root.iter():
            tag = _local(el.tag)
            if tag == "workbookPr":
                self.date1904 = el.get("date1904", "").lower() in ("1", "true")
            elif tag == "sheet":
                self._add_sheet(el, rels, wb_part)
        self._sst_part = next((t for ty, t in rels.values() if ty.endswith("/sharedStrings")), None)
        self.application = _app_name(zf, "docProps/app.xml", r"<(?:\w+:)?Application>(.*?)</(?:\w+:)?Application>")
        self.properties = self._custom_properties()

    def _add_sheet(self, el, rels: dict[str, tuple[str, str]], wb_part: str) -> None:
        rid = el.get(f"{{{_REL_NS}}}id") or next((v for k, v in el.attrib.items() if _local(k) == "id"), None)
        name = el.get("name")
        if name is None:
            return
        if rid not in rels:
            raise WorkbookError.of_damage(
                self.path.name, f"its workbook part ({wb_part}) lists sheet {name!r} but does not say "
                "where it is stored; use a backup, or open it in Excel/LibreOffice and save it again"
            )
        self.sheet_names.append(name)
        self._parts[name] = rels[rid][1]

    def _custom_properties(self) -> dict[str, str]:
        """docProps/custom.xml (archon's marks: the rule edition...); {} when absent."""
        if "docProps/custom.xml" not in self._zf.namelist():
            return {}
        out = {}
        for prop in self._xml_root("docProps/custom.xml", "the document properties"):
            if _local(prop.tag) == "property" and prop.get("name"):
                out[prop.get("name")] = "".join(child.text or "" for child in prop)
        return out

    def _xml_root(self, part: str, what: str) -> ET.Element:
        return ET.fromstring(read_part(self._zf, part, self.path, what))

    def _office_document(self) -> str:
        if "_rels/.rels" not in self._zf.namelist():
            return "xl/workbook.xml"
        for el in self._xml_root("_rels/.rels", "the package relationships"):
            if el.get("Type", "").endswith("/officeDocument"):
                return el.get("Target", "").lstrip("/")
        return "xl/workbook.xml"

    def _rels(self, part: str) -> dict[str, tuple[str, str]]:
        folder, base = posixpath.split(part)
        rels_part = posixpath.join(folder, "_rels", base + ".rels")
        out: dict[str, tuple[str, str]] = {}
        if rels_part not in self._zf.namelist():
            return out
        for el in self._xml_root(rels_part, "the workbook relationships"):
            target = el.get("Target", "")
            if target.startswith("/"):
                target = target.lstrip("/")
            else:
                target = posixpath.normpath(posixpath.join(folder, target))
            out[el.get("Id", "")] = (el.get("Type", ""), target)
        return out

    def close(self) -> None:
        self._zf.close()

    # -- parts
    def _sheet_data(self, sheet: str, *, checked: bool = True) -> bytes:
        """The sheet's XML, checked whole (a part cut short is an error naming
        it) unless not ``checked``: then the caller checks what it reads
        (:func:`~archon.formats.workbook.sheetcells.scan`)."""
        data = self._data.get(sheet)
        part = self._parts.get(sheet)
        if part is None:
            raise KeyError(sheet)
        if data is None:
            data = unpack_part(self._zf, part, self.path, f"sheet {sheet!r}")
            self._data[sheet] = data
        if checked and sheet not in self._checked:
            check_part(data, part, self.path, f"sheet {sheet!r}")
            self._checked.add(sheet)
        return data

    def _shared_strings(self) -> list[str]:
        if self._sst is None:
            sst: list[str] = []
            if self._sst_part:
                root = self._xml_root(self._sst_part, "the shared strings")
                for el in root:
                    if _local(el.tag) == "si":
                        sst.append(_text(_unescape_x(_si_text(el))))
            self._sst = sst
        return self._sst

    def formula_text_contains(self, sheet: str, text: str) -> bool:
        try:
            data = self._sheet_data(sheet)
        except KeyError:
            return False
        return text.encode("utf-8") in data

    # -- cells
    def _cell(self, sheet: str, raw: RawCell) -> Cell:
        formula = raw.formula
        if formula == "" and raw.shared_index is not None:
            formula = self._shared_formula(sheet, raw.shared_index)
        t = raw.type
        if t == "inlineStr" and raw.inline is not None:
            return Cell(_text(_unescape_x(raw.inline)), formula)
        value = raw.value
        if not value:
            if formula is None:
                return EMPTY  # most cells read: equal to a new Cell(), and never changed
            return Cell("" if t == "str" else None, formula)
        if t == "s":
            return Cell(self._shared_string(sheet, raw), formula)
        if t in ("str", "inlineStr"):
            return Cell(_text(_unescape_x(value)), formula)
        if t == "b":
            return Cell(value.strip() in ("1", "true"), formula)
        if t == "e":
            return Cell(value, formula, error=True)
        if t == "d":
            try:
                return Cell(_dt.datetime.fromisoformat(value.strip().rstrip("Z")), formula)
            except ValueError:
                return Cell(value, formula)
        try:
            return Cell(float(value), formula)
        except ValueError:
            return Cell(_text(_unescape_x(value)), formula)

    def _shared_string(self, sheet: str, raw: RawCell) -> str:
        sst = self._shared_strings()
        try:
            return sst[int(raw.value)]
        except (ValueError, IndexError):
            raise WorkbookError.of_damage(
                self.path.name, f"sheet {sheet!r} cell {raw.ref} refers to shared string "
                f"{raw.value.strip()!r} but the shared strings hold {len(sst)}; use a backup, or open it "
                "in Excel/LibreOffice and save it again"
            ) from None

    def _shared_formula(self, sheet: str, si: str) -> str:
        masters = self._shared_masters.get(sheet)
        if masters is None:
            masters = self._shared_masters[sheet] = shared_formula_masters(self._sheet_data(sheet))
        # The master's text, untranslated: enough to recognise a formula that
        # only uses ROW() and absolute references, and to know a formula is there.
        return masters.get(si, "")

    def _scan(self, sheet: str, rows: Iterable[int], columns: Iterable[int], want, how: str) -> Cells:
        """Cells of ``sheet`` in ``rows`` x ``columns`` (``want(row, column)`` says
        the same of a cell without an address; ``how`` names that rule, for
        :data:`_SCANS`)."""
        rows = sorted(set(rows))
        columns = sorted(set(columns))
        out = Cells(sheet)
        if not rows or not columns:
            return out
        data = self._sheet_data(sheet, checked=False)
        key = (how, tuple(rows), tuple(columns), data)
        raw = _SCANS.get(key)
        if raw is None:  # the scan checks the part where it reads it: a part cut short is never kept
            letters = [(c, column_letters(c)) for c in columns]
            wanted = {f"{a}{r}": (r, c) for r in rows for c, a in letters}
            raw = _SCANS.put(key, scan(data, wanted, want, rows[0], rows[-1],
                                       check_whole=lambda: self._sheet_data(sheet)))
        for place, cell in raw.items():
            out[place] = self._cell(sheet, cell)
        return out

    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        wanted = {column_index(c) for c in columns}
        return self._scan(sheet, range(first_row, last_row + 1), wanted, lambda r, c: c in wanted, "columns")

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        rows = set(rows)
        return self._scan(sheet, rows, range(first_col, last_col + 1),
                          lambda r, c: r in rows and first_col <= c <= last_col, "rows")


#: The raw cells last scanned from sheet parts, keyed by the part's very
#: bytes (and the cells asked for): a workbook read again after archon
#: changed one sheet of it (the event console re-reads after every write)
#: parses only that sheet again. Exact: equal bytes scan to equal cells
#: (the shared strings they point to are looked up afresh on every read).
_SCANS: "LRU[dict]" = LRU(16)


def _si_text(si: ET.Element) -> str:
    """A shared string's text: a ``<t>``, or rich-text runs ``<r><t>``;
    phonetic readings (``<rPh>``) are not part of the text."""
    parts = []
    for child in si:
        tag = _local(child.tag)
        if tag == "t":
            parts.append(child.text or "")
        elif tag == "r":
            parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
    return "".join(parts)


def _app_name(zf: zipfile.ZipFile, part: str, pattern: str) -> Optional[str]:
    """The producing application named in a metadata part (None if absent or unreadable)."""
    try:
        data = zf.read(part).decode("utf-8", errors="replace")
    except (KeyError, zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError):
        return None
    m = re.search(pattern, data, re.S)
    return unescape(m.group(1)).strip() or None if m else None


def _unescape_x(s: str) -> str:
    return _XESC.sub(lambda m: chr(int(m.group(1), 16)), s) if "_x" in s else s


# ---------------------------------------------------------------- .ods

_NS_DECL = re.compile(rb'xmlns:([\w.-]+)="([^"]+)"')
_TABLE_NS = b"urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE_NS = b"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TEXT_NS = b"urn:oasis:names:tc:opendocument:xmlns:text:1.0"


class _OdsBook(Book):
    format = "ods"

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        super().__init__(path)
        try:
            self._content = read_part(zf, "content.xml", path, "its sheets")
            self.application = _app_name(zf, "meta.xml", r"<(?:\w+:)?generator>(.*?)</(?:\w+:)?generator>")
            self.properties = {}
            meta = ""
            if "meta.xml" in zf.namelist():
                meta = read_part(zf, "meta.xml", path, "the document properties").decode("utf-8", errors="replace")
            for m in re.finditer(r'<(?:\w+:)?user-defined\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?user-defined>)', meta, re.S):
                name = re.search(r'(?:\w+:)?name="([^"]*)"', m.group(1))
                if name:
                    self.properties[unescape(name.group(1))] = unescape(m.group(2) or "")
        finally:
            zf.close()
        data = self._content
        root_at = data.find(b"<office:document-content")
        if root_at < 0:
            root_at = data.find(b"document-content")
        head = data[max(root_at, 0): data.find(b">", max(root_at, 0)) + 1]
        prefixes = {uri: pfx for pfx, uri in _NS_DECL.findall(head)}
        tp = (prefixes.get(_TABLE_NS) or b"table").decode()
        op = (prefixes.get(_OFFICE_NS) or b"office").decode()
        xp = (prefixes.get(_TEXT_NS) or b"text").decode()
        self._tp, self._op, self._xp = tp, op, xp
        self._sheet_re = re.compile(rf'<{tp}:table\s[^>]*?{tp}:name="([^"]*)"'.encode())
        self._row_re = re.compile(rf"<{tp}:table-row(?=[\s/>])([^>]*?)(/?)>".encode())
        self._row_end = f"</{tp}:table-row>".encode()
        self._cell_re = re.compile(rf"<{tp}:(table-cell|covered-table-cell)(?=[\s/>])([^>]*?)(/?)>")
        self._annot_re = re.compile(rf"<{op}:annotation\b.*?</{op}:annotation>", re.S)
        self._para_re = re.compile(rf"<{xp}:(?:p|h)\b[^>]*?(?:/>|>(.*?)</{xp}:(?:p|h)>)", re.S)
        self._space_re = re.compile(rf'<{xp}:s(?:\s+{xp}:c="(\d+)")?\s*/>')
        self._tag_re = re.compile(r"<[^>]+>")
        self._bounds: dict[str, tuple[int, int]] = {}
        starts = [(m.start(), unescape(m.group(1).decode("utf-8"))) for m in self._sheet_re.finditer(data)]
        end_all = data.rfind(f"</{op}:spreadsheet>".encode())
        for i, (pos, name) in enumerate(starts):
            end = starts[i + 1][0] if i + 1 < len(starts) else (end_all if end_all > pos else len(data))
            self.sheet_names.append(name)
            self._bounds[name] = (pos, end)
        self._slices: dict[str, bytes] = {}

    def _slice(self, sheet: str) -> bytes:
        s = self._slices.get(sheet)
        if s is None:
            start, end = self._bounds[sheet]
            s = self._content[start:end]
            self._slices[sheet] = s
        return s

    def formula_text_contains(self, sheet: str, text: str) -> bool:
        return text.encode() in self._slice(sheet) if sheet in self._bounds else False

    def _rows(self, sheet: str, wanted_rows: set[int], last_row: int, first_col: int, last_col: int, want_col) -> Cells:
        data = self._slice(sheet)
        out = Cells(sheet)
        row = 0
        pos = 0
        tp = self._tp
        while row < last_row:
            m = self._row_re.search(data, pos)
            if m is None:
                break
            attrs = dict(_ATTR.findall(m.group(1).decode("utf-8")))
            repeat = int(attrs.get(f"{tp}:number-rows-repeated", "1") or 1)
            if m.group(2):
                pos = m.end()
                row += repeat
                continue
            end = data.find(self._row_end, m.end())
            if end < 0:
                end = len(data)
            rows_here = [r for r in range(row + 1, row + repeat + 1) if r in wanted_rows] if (
                row + 1 <= last_row
            ) else []
            if rows_here:
                cells = self._row_cells(data[m.end(): end].decode("utf-8"), first_col, last_col, want_col)
                for r in rows_here:
                    for c, cell in cells.items():
                        out[(r, c)] = cell
            row += repeat
            pos = end + len(self._row_end)
        return out

    def _row_cells(self, body: str, first_col: int, last_col: int, want_col) -> dict[int, Cell]:
        tp = self._tp
        out: dict[int, Cell] = {}
        col = 0
        pos = 0
        while col < last_col:
            m = self._cell_re.search(body, pos)
            if m is None:
                break
            kind, attr_text, closed = m.group(1), m.group(2), m.group(3)
            attrs = dict(_ATTR.findall(attr_text))
            repeat = int(attrs.get(f"{tp}:number-columns-repeated", "1") or 1)
            if closed:
                content = ""
                pos = m.end()
            else:
                close = f"</{tp}:{kind}>"
                end = body.find(close, m.end())
                if end < 0:
                    end = len(body)
                content = body[m.end(): end]
                pos = end + len(close)
            cols = [c for c in range(col + 1, min(col + repeat, last_col) + 1) if c >= first_col and want_col(c)]
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
            return Cell(_text(text), formula)
        # no value type: an empty cell (or a formula without a saved value)
        text = self._para_text(content) if content else ""
        return Cell(_text(text) if text else None, formula)

    def _para_text(self, content: str) -> str:
        if not content:
            return ""
        body = self._annot_re.sub("", content)
        paras = []
        for m in self._para_re.finditer(body):
            inner = m.group(1) or ""
            inner = self._space_re.sub(lambda s: " " * int(s.group(1) or 1), inner)
            inner = re.sub(rf"<{self._xp}:tab\s*/>", "\t", inner)
            inner = re.sub(rf"<{self._xp}:line-break\s*/>", "\n", inner)
            paras.append(unescape(self._tag_re.sub("", inner)))
        return _text("\n".join(paras))

    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        wanted = {column_index(c) for c in columns}
        return self._rows(
            sheet, set(range(first_row, last_row + 1)), last_row, min(wanted), max(wanted), wanted.__contains__
        )

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        wanted_rows = set(rows)
        if not wanted_rows:
            return Cells(sheet)
        return self._rows(sheet, wanted_rows, max(wanted_rows), first_col, last_col, lambda c: True)


# ---------------------------------------------------------------- .xls

#: FMTID of the user-defined (custom) properties section of the
#: ``\x05DocumentSummaryInformation`` stream ([MS-OLEPS] 2.21, 3.1.3).
_USER_DEFINED_FMTID = bytes.fromhex("05d5cdd59c2e1b10939708002b2cf9ae")


def _xls_custom_properties(path: Path) -> dict[str, str]:
    """Custom document properties of an .xls file (name -> text); {} when it has none
    or they cannot be read (they only carry archon's marks, never event data)."""
    import struct

    from xlrd import compdoc

    try:
        doc = compdoc.CompDoc(path.read_bytes(), logfile=io.StringIO())
        data = doc.get_named_stream("\x05DocumentSummaryInformation")
    except Exception:  # noqa: BLE001 - no properties is the answer for a file without them
        return {}
    if not data or len(data) < 28:
        return {}
    try:
        (sets,) = struct.unpack_from("<I", data, 24)
        section = next(
            (struct.unpack_from("<I", data, 44 + 20 * k)[0] for k in range(min(sets, 2))
             if data[28 + 20 * k : 44 + 20 * k] == _USER_DEFINED_FMTID),
            None,
        )
        if section is None:
            return {}
        _size, count = struct.unpack_from("<II", data, section)
        offsets = dict(struct.unpack_from("<II", data, section + 8 + 8 * i) for i in range(count))
        codepage = 1252
        if 1 in offsets:
            vtype, value = struct.unpack_from("<H2xH", data, section + offsets[1])
            codepage = value if vtype == 2 else codepage
        unicode = codepage == 1200
        encoding = "utf-8" if codepage == 65001 else f"cp{codepage}"
        try:
            "".encode(encoding)
        except LookupError:
            encoding = "cp1252"
        names: dict[int, str] = {}
        if 0 in offsets:
            pos = section + offsets[0]
            (entries,) = struct.unpack_from("<I", data, pos)
            pos += 4
            for _ in range(entries):
                pid, length = struct.unpack_from("<II", data, pos)
                pos += 8
                if unicode:
                    raw = data[pos : pos + 2 * length].decode("utf-16-le")
                    pos += 2 * length + (-2 * length) % 4
                else:
                    raw = data[pos : pos + length].decode(encoding, errors="replace")
                    pos += length
                names[pid] = raw.split("\x00", 1)[0]
        out: dict[str, str] = {}
        for pid, name in names.items():
            if pid not in offsets:
                continue
            pos = section + offsets[pid]
            (vtype,) = struct.unpack_from("<H", data, pos)
            pos += 4
            if vtype == 0x1E:  # VT_LPSTR, in the section's code page
                (size,) = struct.unpack_from("<I", data, pos)
                text = data[pos + 4 : pos + 4 + size].decode("utf-16-le" if unicode else encoding, errors="replace")
            elif vtype == 0x1F:  # VT_LPWSTR
                (length,) = struct.unpack_from("<I", data, pos)
                text = data[pos + 4 : pos + 4 + 2 * length].decode("utf-16-le", errors="replace")
            elif vtype == 0x03:  # VT_I4
                text = str(struct.unpack_from("<i", data, pos)[0])
            elif vtype == 0x05:  # VT_R8
                text = f"{struct.unpack_from('<d', data, pos)[0]:g}"
            elif vtype == 0x0B:  # VT_BOOL
                text = "true" if struct.unpack_from("<H", data, pos)[0] else "false"
            else:
                continue
            out[name] = text.split("\x00", 1)[0]
        return out
    except (struct.error, UnicodeDecodeError):
        return {}


class _XlsBook(Book):
    format = "xls"

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        try:
            import xlrd  # the only pure-Python reader of Excel 97-2003 files
        except ImportError:  # pragma: no cover - xlrd is a dependency
            raise WorkbookError(
                f"{path.name} is an Excel 97-2003 .xls file: reading it needs the xlrd package "
                f"(pip install xlrd), or save it as .xlsx"
            ) from None
        self._xlrd = xlrd
        try:
            self._book = xlrd.open_workbook(str(path), on_demand=True, logfile=io.StringIO())
        except Exception as exc:  # xlrd raises many kinds on damaged files
            raise WorkbookError(
                f"{path.name} cannot be read as an Excel 97-2003 .xls workbook ({exc}); "
                f"a password-protected file must be saved without a password first"
            ) from None
        self.date1904 = bool(self._book.datemode)
        self.sheet_names = list(self._book.sheet_names())
        self.properties = _xls_custom_properties(path)

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
            return Cell(_text(v))
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
            raise WorkbookError.of_damage(self.path.name, f"sheet {sheet!r} cannot be read ({exc})") from None

    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        sh = self._sheet(sheet)
        out = Cells(sheet)
        cols = [column_index(c) for c in columns]
        for r in range(first_row, min(last_row, sh.nrows) + 1):
            for c in cols:
                cell = self._cell(sh, r, c)
                if cell is not EMPTY:
                    out[(r, c)] = cell
        return out

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        sh = self._sheet(sheet)
        out = Cells(sheet)
        for r in rows:
            for c in range(first_col, min(last_col, sh.ncols) + 1):
                cell = self._cell(sh, r, c)
                if cell is not EMPTY:
                    out[(r, c)] = cell
        return out
