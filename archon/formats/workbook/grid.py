"""Format-specific cell access: the few cells archon reads from a workbook.

:func:`open_book` opens an ``.xlsx`` (saved by Excel, LibreOffice, Google
Sheets or written by a program: :mod:`.xlsx_grid`), an ``.ods``
(:mod:`.ods_grid`) or a legacy ``.xls`` file (:mod:`.xls_grid`), recognised
by its content, and returns a :class:`~archon.formats.workbook.book.Book`,
which reads *only the cells asked for* (:mod:`archon.formats.workbook.book`:
:class:`Cell`, :class:`Cells`). A zip that says it holds more than any
workbook does is refused before it is inflated
(:mod:`archon.formats.workbook.zipparts`).

This module knows file formats, not The Archon's layout (that is
:mod:`archon.formats.layout`).
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path
from typing import Union
from xml.etree import ElementTree as ET

from archon.formats.special_files import special_kind_message
from archon.formats.workbook.book import EMPTY, Book, Cell, Cells, excel_serial_to_datetime
from archon.formats.workbook.cellref import column_index, column_letters, split_address
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.ods_grid import OdsBook
from archon.formats.workbook.xls_grid import XlsBook
from archon.formats.workbook.xlsx_grid import SCANS, XlsxBook
from archon.formats.workbook.zipparts import UNPACK_ERRORS, open_zip, read_member
from archon.words.message import say

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
    "SCANS",
]

PathLike = Union[str, "Path"]

_ZIP = (b"PK\x03\x04", b"PK\x05\x06")
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def refuse_special_file(path: Path) -> None:
    """A :class:`WorkbookError` for a path that is not a plain file (a FIFO, a
    device, a socket): reading one could wait forever or never end."""
    kind = special_kind_message(path)
    if kind is not None:
        raise WorkbookError(say("workbook.special_file", file=path.name, kind=kind))


def open_book(path: PathLike) -> Book:
    """Open a workbook, recognising its format from its content (not its name).

    Raises :class:`WorkbookError` naming the file when it is missing, not a
    spreadsheet, or damaged.
    """
    p = Path(path)
    name = p.name
    if not p.exists():
        raise WorkbookError(say("workbook.no_such_file", file=name, path=str(p)))
    if p.is_dir():
        raise WorkbookError(say("workbook.folder", file=name))
    refuse_special_file(p)
    try:
        with open(p, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise WorkbookError(say("workbook.cannot_open", file=name, reason=exc.strerror or str(exc))) from None
    if not head:
        raise WorkbookError.of_damage(name, say("workbook.empty"))
    if head.startswith(_ZIP):
        return _open_zip_book(p)
    if head.startswith(_OLE):
        return XlsBook(p)
    raise WorkbookError(say("workbook.not_a_spreadsheet", file=name))


def _open_zip_book(p: Path) -> Book:
    """The .ods or .xlsx book in the zip at ``p``."""
    name = p.name
    try:
        zf = open_zip(p)
    except WorkbookError:
        raise
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise WorkbookError.of_damage(name, say("workbook.incomplete_zip")) from None
    names = set(zf.namelist())
    try:
        if "content.xml" in names and (
            "mimetype" not in names or b"opendocument.spreadsheet" in read_member(zf, "mimetype", p)
        ):
            return OdsBook(p, zf)
        if "[Content_Types].xml" in names:
            return XlsxBook(p, zf)
    except WorkbookError:
        zf.close()
        raise
    except (KeyError, ET.ParseError, UnicodeDecodeError, zlib.error) + UNPACK_ERRORS:
        zf.close()
        raise WorkbookError.of_damage(name, say("workbook.parts_unreadable")) from None
    zf.close()
    raise WorkbookError(say("workbook.zip_not_a_spreadsheet", file=name))
