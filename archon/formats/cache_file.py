"""A file of values kept by key in the user's cache folder: what archon
derives and may derive again (the archive's results, seating plans, the
cells read from a workbook's sheets, the sheets a write found unchanged).

One SQLite file a kind of value, in the user's cache folder
(:func:`cache_folder`), safe to delete at any time. Written without
waiting for the disk (a value a crash damaged must fail its own check:
each kind of value carries one); a damaged file is ignored, then replaced
by a new one; a file that cannot be opened or written (a read-only folder,
a full disk, another process holding it) is ignored: never an error.
``ARCHON_CACHE=off`` in the environment turns every such file off
(:func:`cache_wanted`).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterable, Optional, TypeVar

from archon import __version__
from archon.formats.user_folders import CACHE, user_folder

__all__ = ["CacheFile", "cache_folder", "cache_wanted", "code_digest", "in_cache_folder"]

T = TypeVar("T")

#: Keys looked up in one query (SQLite's oldest limit on parameters is 999).
_LOOKUP_BATCH = 900
#: Values written in one transaction: a run stopped half-way keeps most of its work.
_WRITE_BATCH = 500


def cache_folder() -> Optional[Path]:
    """Where the cache files live (:data:`archon.formats.user_folders.CACHE`:
    ``ARCHON_CACHE_DIR`` when set). None when there is no home folder to
    put them in."""
    return user_folder(CACHE)


def cache_wanted(cache: Optional[bool] = None) -> bool:
    """``cache`` when given; else on unless ``ARCHON_CACHE`` says off
    (``off``, ``0``, ``no``, ``false``)."""
    if cache is not None:
        return cache
    return os.environ.get("ARCHON_CACHE", "").strip().casefold() not in ("off", "0", "no", "false")


#: Seconds a process leaves alone a cache file it gave up (locked by another
#: process, read-only, full): each try may wait for the lock, and a process
#: such as the event console opens its caches again for every request.
GIVE_UP_FOR = 30.0
_given_up: dict[str, float] = {}
_given_up_lock = threading.Lock()


def in_cache_folder(make: Callable[[Path], T], cache: Optional[bool] = None) -> Optional[T]:
    """``make(folder)`` for the user's cache folder, or None when caches are
    off (``cache=False``, ``ARCHON_CACHE=off``) or there is no folder for them."""
    if not cache_wanted(cache):
        return None
    folder = cache_folder()
    return make(folder) if folder is not None else None


def code_digest(files: Iterable[Path]) -> str:
    """The SHA-256 of archon's version, Python's and the source ``files``
    (by name): what a kept value depends on besides its key, so that a value
    another archon derived is never found. The versions alone where the
    sources cannot be read (as in a frozen build)."""
    versions = f"archon {__version__}; python {sys.version_info[0]}.{sys.version_info[1]}"
    h = hashlib.sha256(versions.encode())
    try:
        for path in sorted(files, key=lambda p: p.name):
            data = path.read_bytes()
            h.update(path.name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    except (OSError, TypeError, AttributeError):
        return versions
    return h.hexdigest()


def _damaged(exc: sqlite3.Error) -> bool:
    """Not a database, or a damaged one ("file is not a database", "database
    disk image is malformed": SQLite's plain database error; not: locked,
    read-only, disk full, nor a misuse, which are errors of their own kinds)."""
    return type(exc) is sqlite3.DatabaseError


class CacheFile:
    """The cache file ``name`` of ``folder``, its values in ``table`` (a new
    layout of the values gets a new table name): :meth:`lookup` values,
    :meth:`remember` new ones, :meth:`close` (writes what is left). Every
    failure turns the file off for the rest of the run, silently.
    ``wait``: how long to wait for another process writing the file
    before giving up on it. What the values depend on besides their key
    is the caller's to put in its keys."""

    def __init__(self, folder: Path, name: str, table: str, wait: float = 2.0):
        self.path = folder / name
        self.table = table
        self.wait = wait  # seconds to wait for another process writing the file
        self._db: Optional[sqlite3.Connection] = None
        self._off = False
        self._damaged = False
        self._new = False  # no cache file when first looked at: nothing to look up this read
        self._pending: list[tuple[str, bytes]] = []

    def _connect(self, create: bool) -> Optional[sqlite3.Connection]:
        if self._db is not None or self._off:
            return self._db
        with _given_up_lock:
            if time.monotonic() < _given_up.get(str(self.path), 0.0):
                self._off = True
                return None
        if not create and (self._damaged or self._new or not os.path.isfile(self.path)):  # never raises
            # nothing kept yet (a damaged file reads as empty until replaced; a file this read
            # made holds what it read, and a miss is never wrong: not looked up)
            self._new = True
            return None
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if self._damaged:  # a damaged file: start a new one, without its old journal
                    self.path.unlink(missing_ok=True)
                    self.path.with_name(self.path.name + "-journal").unlink(missing_ok=True)
            db = sqlite3.connect(str(self.path), timeout=self.wait, isolation_level=None)
            # no wait for the disk at each commit: a file a crash damaged is
            # replaced, a value damaged fails its CRC (a miss), never a wrong result
            db.execute("PRAGMA synchronous=OFF")
            # a new file in pages of 32 KiB: a value (about 9 KB an event) spans no chain of small pages
            db.execute("PRAGMA page_size=32768")
            db.execute(f"CREATE TABLE IF NOT EXISTS {self.table} (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        except (sqlite3.Error, OSError) as exc:
            self._give_up(exc)
            return None
        self._db = db
        return db

    def _close_db(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None

    def _give_up(self, exc: BaseException) -> None:
        self._close_db()
        if isinstance(exc, sqlite3.Error) and _damaged(exc) and not self._damaged:
            self._damaged = True  # read as empty; replaced when written
            return
        self._off = True  # locked, read-only, full, unreadable: not tried again this run (each try may wait)
        with _given_up_lock:  # nor by the next runs of this process for a while (the console's next request)
            _given_up[str(self.path)] = time.monotonic() + GIVE_UP_FOR

    def lookup(self, keys: Iterable[str]) -> dict[str, bytes]:
        """The values kept for ``keys`` (the keys not kept are left out)."""
        wanted = list(dict.fromkeys(keys))
        db = self._connect(create=False) if not self._new else None
        if db is None or not wanted:
            return {}
        out: dict[str, bytes] = {}
        try:
            for i in range(0, len(wanted), _LOOKUP_BATCH):
                batch = wanted[i:i + _LOOKUP_BATCH]
                marks = ",".join("?" * len(batch))
                for key, value in db.execute(f"SELECT key, value FROM {self.table} WHERE key IN ({marks})", batch):
                    if isinstance(key, str) and isinstance(value, bytes):
                        out[key] = value
        except sqlite3.Error as exc:
            self._give_up(exc)
            return {}
        return out

    def remember(self, key: str, value: bytes) -> None:
        """Keep ``value`` under ``key`` (written in batches, and by :meth:`close`)."""
        if self._off:
            return
        self._pending.append((key, value))
        if len(self._pending) >= _WRITE_BATCH:
            self._write()

    def _write(self) -> None:
        pending, self._pending = self._pending, []
        db = self._connect(create=True)
        if db is None or not pending:
            return
        try:
            db.execute("BEGIN")
            db.executemany(f"INSERT OR REPLACE INTO {self.table} (key, value) VALUES (?, ?)", pending)
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._give_up(exc)

    def close(self, keep: Optional[int] = None) -> None:
        """Write what is left and close the file; with ``keep``, only the
        newest ``keep`` values written stay once something was written."""
        if self._pending and not self._off:
            self._write()
            if keep is not None:
                self._keep_newest(keep)
        self._close_db()

    def _keep_newest(self, keep: int) -> None:
        db = self._db
        if db is None:
            return
        try:  # a value written again is a new row: the newest rows are the last written
            db.execute(f"DELETE FROM {self.table} WHERE rowid <= (SELECT max(rowid) FROM {self.table}) - ?", (keep,))
        except sqlite3.Error as exc:
            self._give_up(exc)
