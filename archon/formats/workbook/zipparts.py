"""The zip of a workbook, opened and unpacked within bounds.

An .xlsx or .ods file is a zip of parts. A hostile or broken one may say
it holds more than any workbook does (a "zip bomb": a few kilobytes that
inflate to gigabytes, a million entries), or say one size in its directory
and inflate to another. Archon refuses such a file before it inflates it,
naming the file, the part and the limit:

* :func:`open_zip` reads the zip's end record first (the count of entries
  and the size of the directory, before :mod:`zipfile` builds an object per
  entry), then the sizes the directory declares, part by part and in all;
* :func:`read_member` inflates a part in chunks: never more than its
  directory says (:mod:`zipfile` stops there, and a stream that goes on is
  a CRC error: the directory can lie), never more than the limit, and never
  a gigabyte in one call (``zipfile.ZipFile.read`` inflates a part whole,
  however far past its declared size the stream goes, before cutting it).

The limits are far above any Archon workbook: the official v1.5l files
hold 15 to 69 parts, 0.5 to 29 MB once inflated (the .ods's content.xml is
the largest part: 29 MB).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from typing import Optional

from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.inflated import inflate
from archon.words.message import say

__all__ = [
    "MAX_PART_BYTES", "MAX_TOTAL_BYTES", "MAX_ENTRIES", "MAX_DIRECTORY_BYTES",
    "open_zip", "read_member", "UNPACK_ERRORS",
]

#: The most one part may inflate to (the largest in an Archon: 29 MB).
MAX_PART_BYTES = 128 * 1024 * 1024
#: The most all parts together may inflate to.
MAX_TOTAL_BYTES = 256 * 1024 * 1024
#: The most entries a workbook's zip may hold (an Archon: 15 to 69).
MAX_ENTRIES = 10_000
#: The most bytes the zip's directory may take (about 100 per entry).
MAX_DIRECTORY_BYTES = 16 * 1024 * 1024

try:
    from lzma import LZMAError as _LZMAError
except ImportError:  # a Python built without lzma: zipfile cannot inflate such parts at all
    _LZMAError = zlib.error  # type: ignore[misc,assignment]  # an exception zipfile never raises there

#: What a part that cannot be unpacked raises (a bad CRC, a stream cut
#: short, a compression zipfile does not know, a password): a
#: :class:`WorkbookError` is a ValueError too, so catch it first.
UNPACK_ERRORS = (zipfile.BadZipFile, zlib.error, _LZMAError, EOFError, OSError, NotImplementedError, RuntimeError,
                 ValueError, struct.error)

_CHUNK = 1 << 20
_END = b"PK\x05\x06"
_END64_LOCATOR = b"PK\x06\x07"
_END64 = b"PK\x06\x06"
_FIX = say("workbook.fix_damage")


def _end_record(path: Path) -> Optional[tuple[int, int]]:
    """(entries, directory size) as the zip's end record says them, or None
    when there is none to read (:mod:`zipfile` then says what is wrong)."""
    size = path.stat().st_size
    with open(path, "rb") as fh:
        start = max(0, size - (22 + 65535))
        fh.seek(start)
        tail = fh.read()
        at = tail.rfind(_END)
        if at < 0 or len(tail) - at < 22:
            return None
        entries, directory = struct.unpack_from("<xxxxxxxxxxHI", tail, at)
        locator = at - 20
        if locator >= 0 and tail[locator:locator + 4] == _END64_LOCATOR:
            (offset,) = struct.unpack_from("<xxxxxxxxQ", tail, locator)
            if 0 <= offset <= size - 56:
                fh.seek(offset)
                record = fh.read(56)
                if record[:4] == _END64:
                    entries, directory = struct.unpack_from("<32xQQ", record)
        return entries, directory


def _refuse(path: Path, id: str, **fields) -> WorkbookError:
    """The damage of the zip at ``path`` that says too much (message ``id``)."""
    return WorkbookError.of_damage(path.name, say(id, **fields, fix=_FIX))


def _check_end_record(path: Path) -> None:
    found = _end_record(path)
    if found is None:
        return
    entries, directory = found
    if entries > MAX_ENTRIES:
        raise _refuse(path, "workbook.too_many_entries", entries=entries, limit=MAX_ENTRIES)
    if directory > MAX_DIRECTORY_BYTES:
        raise _refuse(path, "workbook.directory_too_big", size=directory, limit=MAX_DIRECTORY_BYTES)


def _check_declared_sizes(zf: zipfile.ZipFile, path: Path) -> None:
    infos = zf.infolist()
    if len(infos) > MAX_ENTRIES:
        raise _refuse(path, "workbook.too_many_entries", entries=len(infos), limit=MAX_ENTRIES)
    total = 0
    for info in infos:
        if info.file_size > MAX_PART_BYTES:
            raise _refuse(path, "workbook.part_too_big", part=info.filename, size=info.file_size,
                          limit=MAX_PART_BYTES)
        total += info.file_size
    if total > MAX_TOTAL_BYTES:
        raise _refuse(path, "workbook.parts_too_big", size=total, limit=MAX_TOTAL_BYTES)


def open_zip(path: Path) -> zipfile.ZipFile:
    """The zip of the workbook at ``path``, once its end record and its
    directory say nothing past the limits. Raises :class:`WorkbookError`
    (damage, naming the file and the limit) for one that does, and
    :class:`zipfile.BadZipFile` (or OSError) for one :mod:`zipfile`
    cannot open."""
    _check_end_record(path)
    zf = zipfile.ZipFile(path)
    try:
        _check_declared_sizes(zf, path)
    except WorkbookError:
        zf.close()
        raise
    return zf


def read_member(zf: zipfile.ZipFile, part: str, path: Path) -> bytes:
    """The bytes of the zip member ``part`` of the workbook at ``path``,
    inflated a chunk at a time: :class:`WorkbookError` (damage) as soon as
    they grow past :data:`MAX_PART_BYTES` (a zip whose directory was not
    checked: a write reads the package it holds). Raises KeyError for a part
    that is not there, and :data:`UNPACK_ERRORS` for one that cannot be
    unpacked. A member inflated before with the same compressed bytes is
    not inflated again (:mod:`archon.formats.workbook.inflated`)."""
    info = zf.getinfo(part)
    return inflate(zf, info, lambda: _inflated_in_chunks(zf, info, part, path))


def _inflated_in_chunks(zf: zipfile.ZipFile, info: zipfile.ZipInfo, part: str, path: Path) -> bytes:
    chunks = []
    got = 0
    with zf.open(info) as fh:
        while True:
            chunk = fh.read(_CHUNK)
            if not chunk:
                break
            got += len(chunk)
            if got > MAX_PART_BYTES:
                raise _refuse(path, "workbook.part_past_limit", part=part, limit=MAX_PART_BYTES)
            chunks.append(chunk)
    return b"".join(chunks)
