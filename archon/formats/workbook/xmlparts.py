"""XML parts of a workbook read whole or not at all.

A workbook is a zip of XML parts. A part cut short (an interrupted copy, a
full disk, a crash while saving) or garbled is found by parsing it to its
last byte with expat (the standard library's XML parser, at C speed): a part
that is not well-formed XML is an error naming the file, the part and what is
wrong, so that no command ever reads a workbook in part. A sheet read the
short way (:func:`archon.formats.workbook.sheetcells.scan`) is checked where it is
read: its head, the rows read and its end (a sheet cut short fails there).
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path
from typing import Optional
from xml.parsers import expat

from archon.formats.workbook.errors import WorkbookError

__all__ = ["xml_problem", "read_part", "unpack_part", "check_part", "check_copied_parts", "unescape"]


def xml_problem(*pieces: bytes) -> Optional[str]:
    """What makes ``pieces``, one after the other, not a complete XML document
    ("no element found at line 1, column 0", "mismatched tag at line 7,
    column 3"), or None when they are one. A sheet read the short way is
    checked in pieces: its head, the rows read and its end."""
    parser = expat.ParserCreate()
    try:
        for piece in pieces:
            parser.Parse(piece, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        return f"{expat.ErrorString(exc.code)} at line {exc.lineno}, column {exc.offset}"
    return None


def _is(what: str) -> str:
    return "are" if what.endswith("s") and not what.endswith("'") else "is"


def read_part(zf: zipfile.ZipFile, part: str, path: Path, what: str) -> bytes:
    """The bytes of the zip member ``part``, checked to be complete XML.

    ``what`` names the part for the organizer ("sheet 'Round 1'", "the shared
    strings"). Raises :class:`WorkbookError` naming the
    file, the part and what is wrong when it is missing, unreadable or not
    complete XML.
    """
    data = unpack_part(zf, part, path, what)
    check_part(data, part, path, what)
    return data


_FIX = "use a backup, or open it in Excel/LibreOffice and save it again"


def unpack_part(zf: zipfile.ZipFile, part: str, path: Path, what: str) -> bytes:
    """The bytes of the zip member ``part`` as :func:`read_part` gives them,
    not yet checked to be XML (the caller checks what it reads: see
    :func:`archon.formats.workbook.sheetcells.scan`)."""
    try:
        return zf.read(part)
    except KeyError:
        raise WorkbookError.of_damage(path.name, f"{what} ({part}) {_is(what)} missing; {_FIX}") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError) as exc:
        raise WorkbookError.of_damage(path.name, f"{what} ({part}) cannot be unpacked ({exc}); {_FIX}") from None


def check_part(data: bytes, part: str, path: Path, what: str) -> None:
    """:class:`WorkbookError` naming the file, the part and what is wrong when
    ``data`` is not complete XML (see :func:`read_part`)."""
    problem = xml_problem(data)
    if problem is not None:
        raise WorkbookError.of_damage(
            path.name, f"{what} ({part}) {_is(what)} cut short or garbled ({problem}); {_FIX}"
        )


#: What the organizer is told a part is, by the start of its name.
_PART_NAMES = (("xl/styles.xml", "the styles"), ("xl/theme/", "the theme"), ("xl/comments", "the cell comments"),
               ("xl/drawings/", "a drawing"), ("docProps/", "the document properties"))


def check_copied_parts(package: bytes, path: Path) -> None:
    """:class:`WorkbookError` naming the file and the part when an XML part
    of the xlsx ``package`` (the workbook at ``path``) that a write copies
    without reading it is cut short or garbled: the styles, the theme, the
    comments, the drawings, the relationships... (about 3 ms for The
    Archon's 200 kB of them). The worksheets are left out (megabytes: the
    sheets archon reads are checked as they are read, the others are copied
    as they are), and so is the calculation chain (a cache Excel rebuilds)."""
    import io

    try:
        zf = zipfile.ZipFile(io.BytesIO(package))
    except zipfile.BadZipFile:
        return  # not an xlsx: the writer says so
    with zf:
        for info in zf.infolist():
            name = info.filename
            if not name.endswith((".xml", ".rels")) or name.startswith("xl/worksheets/") \
                    or name.endswith("calcChain.xml"):
                continue
            what = next((w for start, w in _PART_NAMES if name.startswith(start)), "a part")
            read_part(zf, name, path, what)


def unescape(text: str) -> str:
    """``html.unescape(text)``: character and entity references replaced.
    The ``html`` module (and its table of 2,000 entities) is loaded only for
    a text that holds one: most never do, and every command pays for the
    modules it loads."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)
