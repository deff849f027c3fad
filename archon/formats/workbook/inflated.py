"""Zip members inflated once, kept by their compressed bytes.

The event console writes the workbook it serves after every result and
reads it again to show it: a result changes one sheet of an official
Archon's seven, and each write copies the others' compressed bytes as they
are (:mod:`archon.formats.workbook.zipcopy`). Inflating every sheet again,
in the write (to patch it) and in the read after it, cost some 25 ms of CPU
per result at 300 players. :func:`inflate` keeps what a member inflated to,
keyed by the member's very compressed bytes together with the method, the
CRC-32 and the size the zip's directory declares for it: the same key
inflates to the same bytes, checked the same way, so a member found here
is the one zipfile would give (exact, not a guess by name or date; a
member a spreadsheet saved again has other bytes and is inflated afresh).

Kept: the most recent members up to :data:`KEPT_BYTES` inflated bytes in
all; a member larger than a quarter of that is never kept.
"""

from __future__ import annotations

import threading
import zipfile
from collections import OrderedDict
from typing import Callable, Optional

__all__ = ["inflate", "compressed_bytes", "KEPT_BYTES", "forget_all"]

#: The most inflated bytes kept (an official Archon's sheets at 300 players: about 12 MB).
KEPT_BYTES = 48 * 1024 * 1024
#: Members stored as they are need no inflating; one with a flag this says (encrypted) is never kept.
_ENCRYPTED = 0x1
_LOCAL_HEADER = 30  # bytes before a member's name in its local header
_NO_ZIP64 = 0xFFFF_FFFF
#: Flags of a member zipfile will not read (compressed patched data, strong encryption).
_UNREADABLE = 0x20 | 0x40
#: The flag saying a local header's name is UTF-8.
_UTF8_NAME = 0x800

_kept: "OrderedDict[tuple, bytes]" = OrderedDict()
_kept_bytes = 0
_lock = threading.Lock()


def compressed_bytes(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Optional[bytes]:
    """The member's compressed bytes as the zip stores them, or None when
    they cannot be read plainly (encrypted, zip64, a local header that is
    not one or names another member): then the caller inflates it the
    ordinary way, and zipfile says what is wrong with it."""
    if info.flag_bits & _ENCRYPTED or max(info.file_size, info.compress_size, info.header_offset) >= _NO_ZIP64:
        return None
    fp = getattr(zf, "fp", None)
    if fp is None:
        return None
    lock = getattr(zf, "_lock", None)  # zipfile's own: its readers seek the same file
    with lock if lock is not None else threading.Lock():
        fp.seek(info.header_offset)
        header = fp.read(_LOCAL_HEADER)
        if len(header) != _LOCAL_HEADER or header[:4] != b"PK\x03\x04":
            return None
        name_length = int.from_bytes(header[26:28], "little")
        name = fp.read(name_length)
        if not _names_the_member(name, int.from_bytes(header[6:8], "little"), info):
            return None  # zipfile refuses such a member when it reads it: it must, here too
        fp.seek(info.header_offset + _LOCAL_HEADER + name_length + int.from_bytes(header[28:30], "little"))
        raw = fp.read(info.compress_size)
    return raw if len(raw) == info.compress_size else None


def _names_the_member(name: bytes, flags: int, info: zipfile.ZipInfo) -> bool:
    """Whether a local header's ``name`` (and ``flags``) are those of the member
    the directory lists, as :meth:`zipfile.ZipFile.open` checks before it
    reads one (a member it refuses is never read here plainly)."""
    if info.flag_bits & _UNREADABLE:
        return False
    try:
        said = name.decode("utf-8" if flags & _UTF8_NAME else "cp437")
    except UnicodeDecodeError:
        return False
    return said == info.orig_filename


def inflate(zf: zipfile.ZipFile, info: zipfile.ZipInfo, unpack: Callable[[], bytes]) -> bytes:
    """What the member ``info`` of ``zf`` inflates to: kept from an earlier
    member with the same compressed bytes, method, CRC and size, else
    ``unpack()`` (which inflates and checks it, raising on a damaged one:
    nothing is kept then)."""
    raw = compressed_bytes(zf, info) if info.file_size <= KEPT_BYTES // 4 else None
    if raw is None:
        return unpack()
    key = (info.compress_type, info.CRC, info.file_size, raw)
    with _lock:
        data = _kept.get(key)
        if data is not None:
            _kept.move_to_end(key)
            return data
    data = unpack()
    _keep(key, data)
    return data


def _keep(key: tuple, data: bytes) -> None:
    global _kept_bytes
    with _lock:
        if key in _kept:
            return
        _kept[key] = data
        _kept_bytes += len(data)
        while _kept_bytes > KEPT_BYTES and _kept:
            _, gone = _kept.popitem(last=False)
            _kept_bytes -= len(gone)


def forget_all() -> None:
    """Forget every member kept (a benchmark timing first reads)."""
    global _kept_bytes
    with _lock:
        _kept.clear()
        _kept_bytes = 0
