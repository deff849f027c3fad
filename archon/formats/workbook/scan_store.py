"""Scans of sheet parts kept between commands, in the user's cache folder.

Every archon command is a new process and reads the workbook afresh: it
unpacks and scans an official Archon's sheets (0.8 to 4 MB of XML each),
some 60 to 70 ms of CPU a command. Each archon write copies the sheets it
leaves alone byte for byte (:mod:`archon.formats.workbook.zipcopy`), so the
next command reads most of them exactly as the last one did. This file
keeps what each scan found: ``scans.sqlite3`` in the user's cache folder
(:class:`archon.formats.cache_file.CacheFile`), safe to delete at any time,
off with ``ARCHON_CACHE=off``.

* the key (:func:`scan_key`) is the SHA-256 of the zip member's very
  compressed bytes, with the method, CRC-32 and size the zip's directory
  declares for it, of the cells asked for, and of the code that reads
  (:func:`workbook_code`: archon's and Python's versions, the workbook
  modules' source). A sheet a spreadsheet saved again has other bytes: it is
  scanned again, never guessed by name or date;
* the value is the cells found (:func:`pack`) behind a CRC-32 and its key;
  a value that fails either, or whose cells are not of the shape a scan
  gives, is a miss;
* only a scan that succeeded is kept: a damaged part raises before;
* at most :data:`KEPT` scans, the newest.

A scan found here is the one scanning the part gives (the scan depends on
the part's bytes and the cells asked for alone): the file changes how long
a read takes, never what it reads.
"""

from __future__ import annotations

import hashlib
import marshal
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Optional

from archon.formats.cache_file import CacheFile, code_digest, in_cache_folder
from archon.formats.workbook.inflated import compressed_bytes
from archon.formats.workbook.sheetcells import RawCell

__all__ = ["SCANS_FILE", "KEPT", "ScanStore", "open_scan_store", "scan_key", "workbook_code", "pack", "unpack"]

#: The file's name in the user's cache folder.
SCANS_FILE = "scans.sqlite3"
#: The table; a new layout of the value gets a new table name.
_TABLE = "scans_1"
#: The scans kept (the newest): one a set of cells read, at most some 65 KB
#: each (measured: an official Archon of 300 players), some 13 MB in all.
KEPT = 200
#: Seconds to wait for another command writing the file: a scan missed is
#: only scanned again, and each wait would add to the read's time.
WAIT = 0.2
#: The fields of :class:`RawCell`, in the order a value keeps them.
_FIELDS = ("ref", "type", "value", "inline", "formula", "shared_index")


@lru_cache(maxsize=1)
def workbook_code() -> str:
    """What a scan, or a patch found to change nothing
    (:mod:`archon.formats.workbook.unchanged_store`), depends on besides the
    part and the cells: archon's and Python's versions (marshal's format
    too), every source file of :mod:`archon.formats.workbook` and
    :mod:`archon.rules.model` (the longest text a cell may hold)."""
    try:
        folder = Path(__file__).parent
    except TypeError:  # no source file (a frozen build): the versions alone
        return code_digest([])
    return code_digest([*folder.glob("*.py"), folder.parent.parent / "rules" / "model.py"])


def scan_key(zf: zipfile.ZipFile, info: zipfile.ZipInfo, how: str, rows: tuple, columns: tuple) -> Optional[str]:
    """The key of the scan of member ``info`` for ``rows`` x ``columns`` by the
    rule ``how``; None when its compressed bytes cannot be read plainly
    (:func:`archon.formats.workbook.inflated.compressed_bytes`): not kept then."""
    raw = compressed_bytes(zf, info)
    if raw is None:
        return None
    h = hashlib.sha256()
    head = f"{workbook_code()}|{how}|{rows!r}|{columns!r}|{info.compress_type}|{info.CRC}|{info.file_size}|"
    h.update(head.encode())
    h.update(raw)
    return h.hexdigest()


def pack(key: str, found: dict[tuple[int, int], RawCell]) -> bytes:
    """The value kept for a scan: its cells, behind a CRC-32, with its key."""
    cells = [(r, c, *(getattr(cell, f) for f in _FIELDS)) for (r, c), cell in found.items()]
    data = marshal.dumps((key, cells))
    return zlib.crc32(data).to_bytes(4, "big") + data


def unpack(key: str, value: bytes) -> Optional[dict[tuple[int, int], RawCell]]:
    """The cells of a value kept under ``key``; None when it fails its CRC,
    was kept under another key, or is not a list of cells."""
    if len(value) < 5 or zlib.crc32(value[4:]) != int.from_bytes(value[:4], "big"):
        return None
    try:
        kept_as, cells = marshal.loads(value[4:])
    except (ValueError, EOFError, TypeError):
        return None
    if kept_as != key or not isinstance(cells, list):
        return None
    try:  # the CRC and the key vouch for the values; the shape is checked as they are unpacked
        return {(r, c): RawCell(*fields) for r, c, *fields in cells}
    except (TypeError, ValueError):
        return None


class ScanStore:
    """The scans file of ``folder``. It never raises (:class:`CacheFile`
    gives up a file that fails in any way; :func:`unpack` misses a value it
    cannot read): a miss is a sheet scanned as without it."""

    def __init__(self, folder: Path):
        self.file = CacheFile(folder, SCANS_FILE, _TABLE, wait=WAIT)

    def find(self, key: str) -> Optional[dict[tuple[int, int], RawCell]]:
        """The scan kept under ``key``, or None."""
        value = self.file.lookup([key]).get(key)
        return unpack(key, value) if value is not None else None

    def keep(self, key: str, found: dict[tuple[int, int], RawCell]) -> None:
        """Keep ``found`` under ``key`` (written by :meth:`close`)."""
        self.file.remember(key, pack(key, found))

    def close(self) -> None:
        """Write the scans made, keep the newest :data:`KEPT`, close the file."""
        self.file.close(keep=KEPT)


def open_scan_store(cache: Optional[bool] = None) -> Optional[ScanStore]:
    """The user's scans file, or None when caches are off or there is no folder for it
    (:func:`archon.formats.cache_file.in_cache_folder`)."""
    return in_cache_folder(ScanStore, cache)
