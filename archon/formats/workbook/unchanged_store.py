"""Sheet patches found to change nothing, kept between commands, in the
user's cache folder.

A write writes every cell of the event, and a command changes one or two
sheets of an official Archon's seven: the others' patches find every cell
as it would write it (:func:`archon.formats.workbook.xlsxpatch._patch_sheets`
keeps that in memory for the event console). Each command is a new process
and patched them all again: 0.8 MB of XML a sheet, some 40 to 60 ms of CPU
a write. This file keeps the fact: ``unchanged.sqlite3`` in the user's
cache folder (:class:`archon.formats.cache_file.CacheFile`), safe to delete
at any time, off with ``ARCHON_CACHE=off``.

* the key is the SHA-256 of the patch (:func:`archon.formats.workbook.xlsxpatch._unchanged_key`:
  the sheet part's very bytes, or its compressed bytes with the method,
  CRC-32 and size, and every cell written with its value) and of the code
  that patches (:func:`archon.formats.workbook.scan_store.workbook_code`);
* nothing else is kept: a key found says the patch changes nothing;
* at most :data:`KEPT` keys, the newest.

A patch found here is one that, made again, changes nothing: the file
changes how long a write takes, never what it writes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Optional

from archon.formats.cache_file import CacheFile, in_cache_folder
from archon.formats.workbook.scan_store import workbook_code

__all__ = ["UNCHANGED_FILE", "KEPT", "UnchangedStore", "open_unchanged_store"]

#: The file's name in the user's cache folder.
UNCHANGED_FILE = "unchanged.sqlite3"
#: The table; a new layout of the key gets a new table name.
_TABLE = "unchanged_1"
#: The keys kept (the newest): seven a write at most.
KEPT = 500
#: Seconds to wait for another command writing the file.
WAIT = 0.2


class UnchangedStore:
    """The file of ``folder``. It never raises: a file that fails in any way
    finds nothing (the sheet is patched as without it) and is given up for
    the rest of the write."""

    def __init__(self, folder: Path):
        self.file = CacheFile(folder, UNCHANGED_FILE, _TABLE, wait=WAIT)

    @staticmethod
    def _key(key: bytes) -> str:
        return hashlib.sha256(workbook_code().encode() + b"|" + key).hexdigest()

    def known(self, key: bytes) -> bool:
        """Whether the patch named ``key`` was found to change nothing."""
        full = self._key(key)
        return full in self.file.lookup([full])

    def note(self, key: bytes) -> None:
        """Keep that the patch named ``key`` changes nothing (written by :meth:`close`)."""
        self.file.remember(self._key(key), b"")

    def close(self) -> None:
        """Write the keys noted, keep the newest :data:`KEPT`, close the file."""
        self.file.close(keep=KEPT)


def open_unchanged_store(cache: Optional[bool] = None) -> Optional[UnchangedStore]:
    """The user's file, or None when caches are off or there is no folder for it
    (:func:`archon.formats.cache_file.in_cache_folder`)."""
    return in_cache_folder(UnchangedStore, cache)
