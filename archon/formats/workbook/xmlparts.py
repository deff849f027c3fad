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

import hashlib
import re
import zipfile
from pathlib import Path
from typing import Optional
from xml.parsers import expat

from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.lru import LRU
from archon.formats.workbook.zipparts import UNPACK_ERRORS, read_member
from archon.words.message import Message, say

__all__ = ["xml_problem", "read_part", "unpack_part", "check_part", "check_copied_parts", "unescape", "app_name",
           "part_name"]


class _Doctype(Exception):
    """Raised by expat's handler: the part declares a document type."""


def _refuse_doctype(*_args) -> None:
    raise _Doctype


def xml_problem(*pieces: bytes) -> Optional[Message]:
    """What makes ``pieces``, one after the other, not a complete XML document
    ("no element found at line 1, column 0", "mismatched tag at line 7,
    column 3"), or None when they are one. A sheet read the short way is
    checked in pieces: its head, the rows read and its end.

    A document type declaration (``<!DOCTYPE``, where entities are declared:
    an external one, or one that expands a billion times) is a problem too:
    no spreadsheet writes one in a workbook's parts."""
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_doctype
    try:
        for piece in pieces:
            parser.Parse(piece, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        return say("workbook.xml_error", error=expat.ErrorString(exc.code), line=exc.lineno, column=exc.offset)
    except _Doctype:
        return say("workbook.xml_doctype", line=parser.CurrentLineNumber, column=parser.CurrentColumnNumber)
    return None


#: The parts whose names say several things ("the styles are missing").
_PLURAL = frozenset({
    "workbook.part.shared_strings", "workbook.part.properties", "workbook.part.package_relationships",
    "workbook.part.workbook_relationships", "workbook.part.ods_sheets", "workbook.part.styles",
    "workbook.part.comments",
})


def part_name(id: str, /, **fields) -> Message:
    """What the organizer is told a part is: ``part_name("workbook.part.sheet",
    sheet="Round 1")`` ("sheet 'Round 1'"), ``part_name("workbook.part.styles")``."""
    return say(id, **fields)


def _parts(what: Message) -> int:
    """How many things ``what`` names, for the verb after it ("is", "are")."""
    return 2 if what.id in _PLURAL else 1


_FIX = say("workbook.fix_damage")


def read_part(zf: zipfile.ZipFile, part: str, path: Path, what: Message) -> bytes:
    """The bytes of the zip member ``part``, checked to be complete XML.

    ``what`` names the part for the organizer (:func:`part_name`: "sheet
    'Round 1'", "the shared strings"). Raises :class:`WorkbookError` naming
    the file, the part and what is wrong when it is missing, unreadable,
    larger than a workbook's part (:mod:`archon.formats.workbook.zipparts`)
    or not complete XML.
    """
    data = unpack_part(zf, part, path, what)
    check_part(data, part, path, what)
    return data


def unpack_part(zf: zipfile.ZipFile, part: str, path: Path, what: Message) -> bytes:
    """The bytes of the zip member ``part`` as :func:`read_part` gives them,
    not yet checked to be XML (the caller checks what it reads: see
    :func:`archon.formats.workbook.sheetcells.scan`)."""
    try:
        return read_member(zf, part, path)
    except WorkbookError:
        raise
    except KeyError:
        raise WorkbookError.of_damage(
            path.name, say("workbook.part_missing", what=what, part=part, parts=_parts(what), fix=_FIX)
        ) from None
    except UNPACK_ERRORS as exc:
        raise WorkbookError.of_damage(
            path.name, say("workbook.part_unpack", what=what, part=part, reason=str(exc), fix=_FIX)
        ) from None


def check_part(data: bytes, part: str, path: Path, what: Message) -> None:
    """:class:`WorkbookError` naming the file, the part and what is wrong when
    ``data`` is not complete XML (see :func:`read_part`). Bytes found
    complete once are not parsed again (:data:`WELL_FORMED`)."""
    key = hashlib.sha256(data).digest()
    if WELL_FORMED.get(key) is not None:
        return
    problem = xml_problem(data)
    if problem is not None:
        raise WorkbookError.of_damage(
            path.name, say("workbook.part_garbled", what=what, part=part, parts=_parts(what), problem=problem,
                           fix=_FIX)
        )
    WELL_FORMED.put(key, True)


#: Parts' bytes found to be complete XML, by their SHA-256 (hashing costs a
#: twentieth to a third of parsing): every write checks the parts it copies
#: (:func:`check_copied_parts`) and every read the sheets it reads whole,
#: and the console writes and reads after each result a workbook whose
#: parts but one are the bytes it checked the time before.
WELL_FORMED: "LRU[bool]" = LRU(256)


#: What the organizer is told a part is, by the start of its name.
_PART_NAMES = (("xl/styles.xml", "workbook.part.styles"), ("xl/theme/", "workbook.part.theme"),
               ("xl/comments", "workbook.part.comments"), ("xl/drawings/", "workbook.part.drawing"),
               ("docProps/", "workbook.part.properties"))


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
            what = next((w for start, w in _PART_NAMES if name.startswith(start)), "workbook.part.other")
            read_part(zf, name, path, part_name(what))


def app_name(zf: zipfile.ZipFile, part: str, pattern: str, path: Path) -> Optional[str]:
    """The producing application named in the metadata part ``part`` of
    the workbook at ``path`` (``pattern``'s group 1), or None when the part
    is absent or unreadable: it only says who saved the file."""
    try:
        data = read_member(zf, part, path).decode("utf-8", errors="replace")
    except (KeyError, WorkbookError) + UNPACK_ERRORS:  # noqa: B014 (WorkbookError is a ValueError)
        return None
    m = re.search(pattern, data, re.S)
    return unescape(m.group(1)).strip() or None if m else None


def unescape(text: str) -> str:
    """``html.unescape(text)``: character and entity references replaced.
    The ``html`` module (and its table of 2,000 entities) is loaded only for
    a text that holds one: most never do, and every command pays for the
    modules it loads."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)
