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
``.xlsx`` sheet part is decompressed and scanned with regular expressions for
the wanted cells only; ``content.xml`` of an ``.ods`` is cut per sheet and
scanned row by row (``number-rows-repeated``/``number-columns-repeated``
honoured); ``.xls`` goes through ``xlrd`` (the only pure-Python reader of
that format), which gives cached values but no formulas.

This module knows file formats, not The Archon's layout (that is
:mod:`archon.layout`).
"""

from __future__ import annotations

import datetime as _dt
import functools
import html
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
from ..exits import ExitStatus
from .cellref import column_index, column_letters, split_address  # noqa: F401 (re-exported)

__all__ = [
    "WorkbookError",
    "Cell",
    "EMPTY",
    "Cells",
    "Book",
    "open_book",
    "column_index",
    "column_letters",
    "split_address",
    "excel_serial_to_datetime",
]

PathLike = Union[str, "Path"]


class WorkbookError(ValueError):
    """A file archon cannot read as a workbook (missing, damaged, wrong kind).

    The message names the file and says what was expected.
    """

    exit_status = ExitStatus.UNREADABLE


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
    try:
        with open(p, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise WorkbookError(f"{name} cannot be opened: {exc.strerror or exc}") from None
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        try:
            zf = zipfile.ZipFile(p)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError):
            raise WorkbookError(
                f"{name} is damaged: it is not a complete .xlsx/.ods archive "
                f"(an interrupted copy or download?); use a backup or save it again from Excel/LibreOffice"
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
            raise WorkbookError(
                f"{name} is damaged: its workbook parts cannot be read; use a backup or save it again"
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

_P = r"(?:[\w.-]+:)?"  # optional namespace prefix
_ATTR = re.compile(r'([\w.:-]+)\s*=\s*"([^"]*)"')
#: any cell: prefix, attributes before r=, column, row, attributes after r=, "/" if empty;
#: column and row are None for a cell that does not say where it is
_CELL_ANY = re.compile(r"<(" + _P + r')c\s([^>]*?)(?:\br="([A-Z]+)(\d+)"([^>]*?))?(/?)>')
_CELL_WITH_REF = re.compile(r"<" + _P + r'c\s[^>]*?\br="[A-Z]')
_CELL_START_COUNT = re.compile(r"<" + _P + r"c[\s/>]")
_F = re.compile(r"<" + _P + r"f\b([^>]*?)(?:/>|>(.*?)</" + _P + r"f>)", re.S)
_V = re.compile(r"<" + _P + r"v(?:\s[^>]*)?(?:/>|>(.*?)</" + _P + r"v>)", re.S)
_T = re.compile(r"<" + _P + r"t(?:\s[^>]*)?(?:/>|>(.*?)</" + _P + r"t>)", re.S)
_RPH = re.compile(r"<" + _P + r"rPh\b.*?</" + _P + r"rPh>", re.S)
_REF = re.compile(r'\br="([A-Z]+)(\d+)"')
_T_ATTR = re.compile(r'(?:^|\s)t="([^"]*)"')
_XESC = re.compile(r"_x([0-9A-Fa-f]{4})_")
_SHARED_MASTER = re.compile(r"<" + _P + r"f\b([^>]*\bt=\"shared\"[^>]*)>(.*?)</" + _P + r"f>", re.S)

_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


@functools.lru_cache(maxsize=4096)
def _unescape(s: str) -> str:
    if "&" in s:
        s = html.unescape(s)
    if "_x" in s:
        s = _XESC.sub(lambda m: chr(int(m.group(1), 16)), s)
    return s


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _XlsxBook(Book):
    format = "xlsx"

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        super().__init__(path)
        self._zf = zf
        self._xml: dict[str, str] = {}
        self._mode: dict[str, str] = {}
        self._sst: Optional[list[str]] = None
        self._shared_masters: dict[str, dict[str, str]] = {}
        wb_part = self._office_document()
        rels = self._rels(wb_part)
        root = ET.fromstring(zf.read(wb_part))
        self._parts: dict[str, str] = {}
        for el in root.iter():
            tag = _local(el.tag)
            if tag == "workbookPr":
                self.date1904 = el.get("date1904", "").lower() in ("1", "true")
            elif tag == "sheet":
                rid = el.get(f"{{{_REL_NS}}}id") or next(
                    (v for k, v in el.attrib.items() if _local(k) == "id"), None
                )
                name = el.get("name")
                if name is None or rid not in rels:
                    continue
                self.sheet_names.append(name)
                self._parts[name] = rels[rid][1]
        self._sst_part = next((t for ty, t in rels.values() if ty.endswith("/sharedStrings")), None)
        self.application = _app_name(zf, "docProps/app.xml", r"<(?:\w+:)?Application>(.*?)</(?:\w+:)?Application>")
        self.properties = {}
        try:
            root = ET.fromstring(zf.read("docProps/custom.xml"))
        except (KeyError, ET.ParseError, zipfile.BadZipFile, zlib.error, EOFError, OSError):
            root = None
        if root is not None:
            for prop in root:
                if _local(prop.tag) == "property" and prop.get("name"):
                    self.properties[prop.get("name")] = "".join(child.text or "" for child in prop)

    def _office_document(self) -> str:
        try:
            root = ET.fromstring(self._zf.read("_rels/.rels"))
            for el in root:
                if el.get("Type", "").endswith("/officeDocument"):
                    return el.get("Target", "").lstrip("/")
        except KeyError:
            pass
        return "xl/workbook.xml"

    def _rels(self, part: str) -> dict[str, tuple[str, str]]:
        folder, base = posixpath.split(part)
        rels_part = posixpath.join(folder, "_rels", base + ".rels")
        out: dict[str, tuple[str, str]] = {}
        try:
            root = ET.fromstring(self._zf.read(rels_part))
        except KeyError:
            return out
        for el in root:
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
    def _sheet_xml(self, sheet: str) -> str:
        xml = self._xml.get(sheet)
        if xml is None:
            part = self._parts.get(sheet)
            if part is None:
                raise KeyError(sheet)
            xml = _read_part(self._zf, part, self.path).decode("utf-8", errors="replace")
            self._xml[sheet] = xml
        return xml

    def _sheet_mode(self, sheet: str) -> str:
        """How cells of ``sheet`` can be found.

        ``"plain"``: every cell says where it is, first: ``<c r="B3" ...>``
        (Excel, LibreOffice, Google Sheets, openpyxl), so a regular expression
        anchored on that text finds the wanted cells fast. ``"refs"``: other
        writers may prefix the tag or order the attributes differently (a
        slower expression). ``"full"``: the schema lets a writer leave ``r=``
        out, and then only a full parse can place the cells.
        """
        mode = self._mode.get(sheet)
        if mode is None:
            xml = self._sheet_xml(sheet)
            plain = xml.count('<c r="')
            if plain and plain == xml.count("<c ") + xml.count("<c>") + xml.count("<c/>"):
                mode = "plain"
            elif len(_CELL_START_COUNT.findall(xml)) == len(_CELL_WITH_REF.findall(xml)):
                mode = "refs"
            else:
                mode = "full"
            self._mode[sheet] = mode
        return mode

    def _shared_strings(self) -> list[str]:
        if self._sst is None:
            self._sst = []
            if self._sst_part:
                data = _read_part(self._zf, self._sst_part, self.path)
                try:
                    events = list(ET.iterparse(io.BytesIO(data))) if data else []
                except ET.ParseError:
                    raise WorkbookError(f"{self.path.name} is damaged: its shared strings cannot be read") from None
                if events:
                    for _, el in events:
                        tag = _local(el.tag)
                        if tag == "si":
                            # text is a <t>, or rich-text runs <r><t>; phonetic
                            # readings (<rPh>) are not part of the text
                            parts = []
                            for child in el:
                                ct = _local(child.tag)
                                if ct == "t":
                                    parts.append(child.text or "")
                                elif ct == "r":
                                    parts.extend(t.text or "" for t in child if _local(t.tag) == "t")
                            self._sst.append(_text(_unescape_x("".join(parts))))
                            el.clear()
        return self._sst

    def formula_text_contains(self, sheet: str, text: str) -> bool:
        try:
            return text in self._sheet_xml(sheet)
        except KeyError:
            return False

    # -- cells
    def _cell(self, sheet: str, attrs: str, content: str) -> Cell:
        tm = _T_ATTR.search(attrs) if "t=" in attrs else None
        t = tm.group(1) if tm is not None else "n"
        formula = None
        if content and "<" in content:
            fm = _F.search(content) if "f" in content else None
            if fm is not None:
                ftext = fm.group(2)
                if ftext:
                    formula = _unescape(ftext)
                else:
                    fattrs = dict(_ATTR.findall(fm.group(1)))
                    if fattrs.get("t") == "shared" and "si" in fattrs:
                        formula = self._shared_formula(sheet, fattrs["si"])
                    else:
                        formula = ""
            if t == "inlineStr":
                body = _RPH.sub("", content)
                value: object = _text(_unescape("".join(m or "" for m in _T.findall(body))))
                return Cell(value, formula)
            vm = _V.search(content)
            raw = vm.group(1) if vm is not None else None
        else:
            raw = None
        if raw is None or raw == "":
            if t == "str" and formula is not None:
                return Cell("", formula)
            return Cell(None, formula)
        if t == "s":
            try:
                return Cell(self._shared_strings()[int(raw)], formula)
            except (ValueError, IndexError):
                return Cell(None, formula)
        if t in ("str", "inlineStr"):
            return Cell(_text(_unescape(raw)), formula)
        if t == "b":
            return Cell(raw.strip() in ("1", "true"), formula)
        if t == "e":
            return Cell(_unescape(raw), formula, error=True)
        if t == "d":
            try:
                return Cell(_dt.datetime.fromisoformat(raw.strip().rstrip("Z")), formula)
            except ValueError:
                return Cell(raw, formula)
        try:
            return Cell(float(raw), formula)
        except ValueError:
            return Cell(_text(_unescape(raw)), formula)

    def _shared_formula(self, sheet: str, si: str) -> str:
        masters = self._shared_masters.get(sheet)
        if masters is None:
            masters = {}
            for m in _SHARED_MASTER.finditer(self._sheet_xml(sheet)):
                a = dict(_ATTR.findall(m.group(1)))
                if "si" in a and m.group(2):
                    masters.setdefault(a["si"], _unescape(m.group(2)))
            self._shared_masters[sheet] = masters
        # The master's text, untranslated: enough to recognise a formula that
        # only uses ROW() and absolute references, and to know a formula is there.
        return masters.get(si, "")

    def _scan(self, sheet: str, pattern: "re.Pattern[str]", start: int, want, last_row: int) -> Optional[Cells]:
        """Cells matched by ``pattern`` from ``start`` until a row past ``last_row``.

        ``pattern`` groups: tag prefix, attributes before ``r=``, column
        letters, row, attributes after ``r=``, ``/`` for an empty element. None if a cell without
        an address turns up (the caller then parses the whole sheet).
        """
        xml = self._sheet_xml(sheet)
        out = Cells(sheet)
        cols: dict[str, int] = {}
        for m in pattern.finditer(xml, start):
            prefix, a1, letters, row_text, a2, closed = m.groups()
            if letters is None:
                return None
            row = int(row_text)
            if row > last_row:
                break
            col = cols.get(letters)
            if col is None:
                col = cols[letters] = column_index(letters)
            if not want(row, col):
                continue
            if closed:
                content = ""
            else:
                end = xml.find(f"</{prefix}c>", m.end())
                content = xml[m.end(): end if end >= 0 else len(xml)]
            out[(row, col)] = self._cell(sheet, f"{a1} {a2}" if a1 else a2, content)
        return out

    def read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        cols = sorted({c.upper() for c in columns})
        wanted = {column_index(c) for c in cols}
        mode = self._sheet_mode(sheet)
        out = None
        if mode != "full":
            alt = "|".join(cols)
            if mode == "plain":
                pattern = re.compile(r'<()c ()r="(' + alt + r')(\d+)"([^>]*?)(/?)>')
            else:
                pattern = re.compile(
                    r"<(" + _P + r")c\s([^>]*?)\br=\"(" + alt + r")(\d+)\"([^>]*?)(/?)>"
                )
            out = self._scan(sheet, pattern, 0, lambda r, c: r >= first_row, last_row)
        if out is None:
            out = self._full_parse(sheet, lambda r, c: first_row <= r <= last_row and c in wanted, last_row)
        return out

    def read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        wanted_rows = sorted(set(rows))
        if not wanted_rows:
            return Cells(sheet)
        xml = self._sheet_xml(sheet)
        want = lambda r, c: r in wanted_rows and first_col <= c <= last_col  # noqa: E731
        # Find the first cell of the first wanted row that has one, and read
        # on from there: no need to check the whole (large) sheet first.
        alt = "|".join(map(str, wanted_rows))
        m = re.search(r'<c r="[A-Z]{1,3}(?:' + alt + ')"', xml) or re.search(
            r"<" + _P + r'c\s[^>]*?\br="[A-Z]{1,3}(?:' + alt + ')"', xml
        )
        out = None
        if m is not None:
            out = self._scan(sheet, _CELL_ANY, m.start(), want, wanted_rows[-1])
        elif self._sheet_mode(sheet) != "full":
            return Cells(sheet)
        if out is None:
            out = self._full_parse(sheet, want, wanted_rows[-1])
        return out

    def _full_parse(self, sheet: str, want, last_row: int) -> Cells:
        """Slow path for sheets whose cells do not all carry their address."""
        try:
            return self._full_parse_xml(sheet, want, last_row)
        except ET.ParseError as exc:
            raise WorkbookError(f"{self.path.name} is damaged: sheet {sheet!r} cannot be read ({exc})") from None

    def _full_parse_xml(self, sheet: str, want, last_row: int) -> Cells:
        out = Cells(sheet)
        data = self._sheet_xml(sheet).encode("utf-8")
        row = 0
        col = 0
        for event, el in ET.iterparse(io.BytesIO(data), events=("start", "end")):
            tag = _local(el.tag)
            if event == "start":
                if tag == "row":
                    r = el.get("r")
                    row = int(r) if r else row + 1
                    col = 0
                    if row > last_row:
                        break
                continue
            if tag != "c":
                if tag == "row":
                    el.clear()
                continue
            ref = el.get("r")
            if ref:
                row, col = split_address(ref)
            else:
                col += 1
            if want(row, col):
                content = ET.tostring(el, encoding="unicode")
                start = content.find(">")
                body = "" if content[start - 1] == "/" else content[start + 1: content.rfind("</")]
                # ElementTree writes its own ns0: prefixes: strip them for the regexes
                body = re.sub(r"<(/?)ns\d+:", r"<\1", body)
                attrs = " ".join(f'{_local(k)}="{v}"' for k, v in el.attrib.items())
                out[(row, col)] = self._cell(sheet, attrs, body)
        return out


def _read_part(zf: zipfile.ZipFile, part: str, path: Path) -> bytes:
    """A zip member's bytes, or a :class:`WorkbookError` saying the file is damaged."""
    try:
        return zf.read(part)
    except KeyError:
        raise WorkbookError(f"{path.name} is damaged: its part {part} is missing") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
        raise WorkbookError(f"{path.name} is damaged: its part {part} cannot be read ({exc})") from None


def _app_name(zf: zipfile.ZipFile, part: str, pattern: str) -> Optional[str]:
    """The producing application named in a metadata part (None if absent or unreadable)."""
    try:
        data = zf.read(part).decode("utf-8", errors="replace")
    except (KeyError, zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError):
        return None
    m = re.search(pattern, data, re.S)
    return html.unescape(m.group(1)).strip() or None if m else None


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
            self._content = _read_part(zf, "content.xml", path)
            self.application = _app_name(zf, "meta.xml", r"<(?:\w+:)?generator>(.*?)</(?:\w+:)?generator>")
            self.properties = {}
            try:
                meta = zf.read("meta.xml").decode("utf-8", errors="replace")
            except (KeyError, zipfile.BadZipFile, zlib.error, EOFError, OSError):
                meta = ""
            for m in re.finditer(r'<(?:\w+:)?user-defined\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?user-defined>)', meta, re.S):
                name = re.search(r'(?:\w+:)?name="([^"]*)"', m.group(1))
                if name:
                    self.properties[html.unescape(name.group(1))] = html.unescape(m.group(2) or "")
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
        starts = [(m.start(), html.unescape(m.group(1).decode("utf-8"))) for m in self._sheet_re.finditer(data)]
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
            formula = html.unescape(formula)
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
            text = html.unescape(sv) if sv is not None else self._para_text(content)
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
            paras.append(html.unescape(self._tag_re.sub("", inner)))
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
            raise WorkbookError(f"{self.path.name} is damaged: sheet {sheet!r} cannot be read ({exc})") from None

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
