"""Cells of an ``.xlsx`` workbook (saved by Excel, LibreOffice, Google
Sheets, or written by a program).

Why not openpyxl: The Archon's sheets hold 0.8 to 4 MB of XML each, mostly
formulas archon recomputes itself; a full openpyxl load takes seconds. Here
a sheet part is unpacked and only its wanted cells go through expat
(:mod:`archon.formats.workbook.sheetcells`). Every part read is checked to
be complete XML (:mod:`archon.formats.workbook.xmlparts`; a sheet read the
short way, where it is read).
"""

from __future__ import annotations

import datetime as _dt
import posixpath
import re
import zipfile
from pathlib import Path
from typing import Iterable, Optional
from xml.etree import ElementTree as ET

from archon.formats.workbook.book import EMPTY, Book, Cell, Cells, clip, nfc
from archon.formats.workbook.cellref import column_index, column_letters
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.lru import LRU
from archon.formats.workbook.scan_store import ScanStore, open_scan_store, scan_key
from archon.formats.workbook.sheetcells import RawCell, SheetDamage, scan, shared_formula_masters
from archon.formats.workbook.xmlparts import app_name, check_part, part_name, read_part, unpack_part
from archon.words.message import Message, say

__all__ = ["XlsxBook", "SCANS"]

_XESC = re.compile(r"_x([0-9A-Fa-f]{4})_")

_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class XlsxBook(Book):
    """An .xlsx workbook. Every part read is checked to be complete XML
    (:mod:`archon.formats.workbook.xmlparts`; a sheet read the short way, where it is
    read); cells are read by expat (:mod:`archon.formats.workbook.sheetcells`)."""

    format = "xlsx"

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        super().__init__(path)
        self._zf = zf
        self._data: dict[str, bytes] = {}
        self._whole: set[str] = set()  # sheets checked whole
        self._sst: Optional[list[str]] = None
        self._shared_masters: dict[str, dict[str, str]] = {}
        self._store: Optional[ScanStore] = None  # the scans file, opened at the first scan missed here
        self._store_opened = False
        wb_part = self._office_document()
        rels = self._rels(wb_part)
        root = self._xml_root(wb_part, part_name("workbook.part.workbook"))
        self._parts: dict[str, str] = {}
        for el in root.iter():
            tag = _local(el.tag)
            if tag == "workbookPr":
                self.date1904 = el.get("date1904", "").lower() in ("1", "true")
            elif tag == "sheet":
                self._add_sheet(el, rels, wb_part)
        self._sst_part = next((t for ty, t in rels.values() if ty.endswith("/sharedStrings")), None)
        self.application = app_name(zf, "docProps/app.xml", r"<(?:\w+:)?Application>(.*?)</(?:\w+:)?Application>",
                                    path)
        self.properties = self._custom_properties()

    def _add_sheet(self, el, rels: dict[str, tuple[str, str]], wb_part: str) -> None:
        rid = el.get(f"{{{_REL_NS}}}id") or next((v for k, v in el.attrib.items() if _local(k) == "id"), None)
        name = el.get("name")
        if name is None:
            return
        if rid not in rels:
            raise WorkbookError.of_damage(self.path.name, say(
                "workbook.sheet_not_stored", part=wb_part, sheet=name, fix=say("workbook.fix_damage"),
            ))
        self.sheet_names.append(name)
        self._parts[name] = rels[rid][1]

    def _custom_properties(self) -> dict[str, str]:
        """docProps/custom.xml (archon's marks: the rule edition...); {} when absent."""
        if "docProps/custom.xml" not in self._zf.namelist():
            return {}
        out = {}
        for prop in self._xml_root("docProps/custom.xml", part_name("workbook.part.properties")):
            if _local(prop.tag) == "property" and (name := prop.get("name")):
                out[name] = "".join(child.text or "" for child in prop)
        return out

    def _xml_root(self, part: str, what: Message) -> ET.Element:
        return ET.fromstring(read_part(self._zf, part, self.path, what))

    def _office_document(self) -> str:
        if "_rels/.rels" not in self._zf.namelist():
            return "xl/workbook.xml"
        for el in self._xml_root("_rels/.rels", part_name("workbook.part.package_relationships")):
            if el.get("Type", "").endswith("/officeDocument"):
                return el.get("Target", "").lstrip("/")
        return "xl/workbook.xml"

    def _rels(self, part: str) -> dict[str, tuple[str, str]]:
        folder, base = posixpath.split(part)
        rels_part = posixpath.join(folder, "_rels", base + ".rels")
        out: dict[str, tuple[str, str]] = {}
        if rels_part not in self._zf.namelist():
            return out
        for el in self._xml_root(rels_part, part_name("workbook.part.workbook_relationships")):
            target = el.get("Target", "")
            if target.startswith("/"):
                target = target.lstrip("/")
            else:
                target = posixpath.normpath(posixpath.join(folder, target))
            out[el.get("Id", "")] = (el.get("Type", ""), target)
        return out

    def close(self) -> None:
        self._zf.close()
        if self._store is not None:
            self._store.close()

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
            data = unpack_part(self._zf, part, self.path, part_name("workbook.part.sheet", sheet=sheet))
            self._data[sheet] = data
        if checked and sheet not in self._whole:
            check_part(data, part, self.path, part_name("workbook.part.sheet", sheet=sheet))
            self._whole.add(sheet)
        return data

    def _shared_strings(self) -> list[str]:
        if self._sst is None:
            sst: list[str] = []
            if self._sst_part:
                root = self._xml_root(self._sst_part, part_name("workbook.part.shared_strings"))
                for el in root:
                    if _local(el.tag) == "si":
                        sst.append(nfc(_unescape_x(_si_text(el))))
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
            return Cell(nfc(_unescape_x(raw.inline)), formula)
        value = raw.value
        if not value:
            if formula is None:
                return EMPTY  # most cells read: equal to a new Cell(), and never changed
            return Cell("" if t == "str" else None, formula)
        if t == "s":
            return Cell(self._shared_string(sheet, raw), formula)
        if t in ("str", "inlineStr"):
            return Cell(nfc(_unescape_x(value)), formula)
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
            return Cell(nfc(_unescape_x(value)), formula)

    def _shared_string(self, sheet: str, raw: RawCell) -> str:
        sst = self._shared_strings()
        assert raw.value is not None  # _cell reads a shared string for a <v> with text only
        try:
            return sst[int(raw.value)]
        except (ValueError, IndexError):
            raise WorkbookError.of_damage(self.path.name, say(
                "workbook.shared_string_missing", sheet=sheet, cell=raw.ref, index=clip(raw.value.strip()),
                strings=len(sst), fix=say("workbook.fix_damage"),
            )) from None

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
        :data:`SCANS`)."""
        rows = sorted(set(rows))
        columns = sorted(set(columns))
        out = Cells(sheet)
        if not rows or not columns:
            return out
        raw = self._scanned(sheet, tuple(rows), tuple(columns), want, how)
        for place, cell in raw.items():
            out[place] = self._cell(sheet, cell)
        return out

    def _scanned(self, sheet: str, rows: tuple, columns: tuple, want, how: str) -> dict:
        """The raw cells of ``sheet`` in ``rows`` x ``columns``: kept in this
        process (:data:`SCANS`), else kept between commands
        (:mod:`archon.formats.workbook.scan_store`), else scanned (and kept)."""
        part = self._parts.get(sheet)
        if part is None:
            raise KeyError(sheet)
        try:
            stored = scan_key(self._zf, self._zf.getinfo(part), how, rows, columns)
        except KeyError:  # no such member: unpacking it says so, naming the part
            stored = None
        key = (how, rows, columns, stored if stored is not None else self._sheet_data(sheet, checked=False))
        raw = SCANS.get(key)
        if raw is not None:
            return raw
        store = self._scan_store() if stored is not None else None
        raw = store.find(stored) if store is not None and stored is not None else None
        if raw is None:
            raw = self._scan_part(sheet, rows, columns, want)
            if store is not None and stored is not None:
                store.keep(stored, raw)
        return SCANS.put(key, raw)

    def _scan_store(self) -> Optional[ScanStore]:
        if not self._store_opened:
            self._store_opened = True
            self._store = open_scan_store()
        return self._store

    def _scan_part(self, sheet: str, rows: tuple, columns: tuple, want) -> dict:
        """:func:`~archon.formats.workbook.sheetcells.scan` of the sheet's part
        (a part cut short or damaged raises, naming it: never kept)."""
        data = self._sheet_data(sheet, checked=False)
        letters = [(c, column_letters(c)) for c in columns]
        wanted = {f"{a}{r}": (r, c) for r in rows for c, a in letters}
        try:
            return scan(data, wanted, want, rows[0], rows[-1], check_whole=lambda: self._sheet_data(sheet))
        except SheetDamage as exc:
            what = part_name("workbook.part.sheet", sheet=sheet)
            raise WorkbookError.of_damage(self.path.name, say(
                "workbook.part_garbled", what=what, part=self._parts[sheet], parts=1, problem=exc.message,
                fix=say("workbook.fix_damage"),
            )) from None

    def _read_columns(self, sheet: str, columns: Iterable[str], first_row: int, last_row: int) -> Cells:
        wanted = {column_index(c) for c in columns}
        return self._scan(sheet, range(first_row, last_row + 1), wanted, lambda r, c: c in wanted, "columns")

    def _read_rows(self, sheet: str, rows: Iterable[int], first_col: int, last_col: int) -> Cells:
        rows = set(rows)
        return self._scan(sheet, rows, range(first_col, last_col + 1),
                          lambda r, c: r in rows and first_col <= c <= last_col, "rows")


#: The raw cells last scanned from sheet parts, keyed by the part's very
#: bytes (and the cells asked for): a workbook read again after archon
#: changed one sheet of it (the event console re-reads after every write)
#: parses only that sheet again. Exact: equal bytes scan to equal cells
#: (the shared strings they point to are looked up afresh on every read).
SCANS: "LRU[dict]" = LRU(16)


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


def _unescape_x(s: str) -> str:
    return _XESC.sub(lambda m: chr(int(m.group(1), 16)), s) if "_x" in s else s


