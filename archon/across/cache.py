"""A cache of each event file's computed results, keyed by its content.

Reading an archive computes, for every event file, its rows, its
fingerprint and its rule edition (:func:`archon.across.archive.read_event_file`).
The same file read again (same bytes, same name, same archon version) gives
the same results, so :func:`archon.across.archive.read_archive` keeps them
here and reads a file again only when its bytes change:

* the key is the SHA-256 of archon's version, the file's name and its bytes
  (a CSV set folder: the folder's name, then every file under it, by
  relative name, with its bytes); a file copied elsewhere has the same key,
  and its rows name the file's own path (:func:`decode` puts it in);
* the value is the rows, the fingerprint and the edition, as JSON text (a
  file that could not be read is not kept: it is read again next time);
* one SQLite file, ``results.sqlite3``, in the user's cache folder
  (:func:`cache_folder`); safe to delete at any time;
* a damaged cache file is ignored, then replaced by a new one; a cache that
  cannot be opened or written (a read-only folder, a full disk, another
  process holding it) is ignored: never an error, never a wrong result (a
  value that does not decode is read as a miss);
* ``ARCHON_CACHE=off`` in the environment (or ``read_archive(cache=False)``)
  turns it off.

Only the parent process looks up and writes (readers in other processes
never open it).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import Iterable, Optional

from archon import __version__
from archon.across.results import GAME_COLUMNS, RESULT_COLUMNS, EventResults

__all__ = [
    "CACHE_FILE",
    "cache_folder",
    "cache_wanted",
    "file_key",
    "file_stamp",
    "encode",
    "decode",
    "ResultsCache",
    "open_cache",
]

#: The cache's file name in :func:`cache_folder`.
CACHE_FILE = "results.sqlite3"
#: The table; a new layout of the value gets a new table name.
_TABLE = "event_results_1"
#: Keys looked up in one query (SQLite's oldest limit on parameters is 999).
_LOOKUP_BATCH = 900
#: Values written in one transaction: an archive read stopped half-way keeps most of its work.
_WRITE_BATCH = 500
#: Columns of the rows that are the file's path: the current one is put in when decoded.
_PATH_COLUMNS = {"results": (RESULT_COLUMNS.index("event_id"), RESULT_COLUMNS.index("source")),
                 "games": (GAME_COLUMNS.index("event_id"),)}
_WIDTH = {"results": len(RESULT_COLUMNS), "games": len(GAME_COLUMNS)}


def cache_folder() -> Optional[Path]:
    """Where the cache lives: ``ARCHON_CACHE_DIR`` when set; else
    ``$XDG_CACHE_HOME/archon`` or ``~/.cache/archon`` (Linux and the like),
    ``~/Library/Caches/archon`` (macOS), ``%LOCALAPPDATA%\\archon\\Cache``
    (Windows). None when there is no home folder to put it in."""
    given = os.environ.get("ARCHON_CACHE_DIR", "").strip()
    if given:
        return Path(given)
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        return None
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA", "").strip()
        return (Path(local) if local else home / "AppData" / "Local") / "archon" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "archon"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg and os.path.isabs(xdg) else home / ".cache") / "archon"


def cache_wanted(cache: Optional[bool] = None) -> bool:
    """``cache`` when given; else on unless ``ARCHON_CACHE`` says off
    (``off``, ``0``, ``no``, ``false``)."""
    if cache is not None:
        return cache
    return os.environ.get("ARCHON_CACHE", "").strip().casefold() not in ("off", "0", "no", "false")


def _files_of(path: Path) -> list[tuple[str, Path]]:
    """The files a key covers, by name: the file itself, or every file under a folder."""
    if not path.is_dir():
        return [(path.name, path)]
    found = []
    for root, dirs, files in os.walk(path):
        dirs.sort()
        for name in files:
            full = Path(root) / name
            found.append((path.name + "/" + full.relative_to(path).as_posix(), full))
    return sorted(found)


def _stamp(files: list[tuple[str, Path]]) -> tuple:
    """Each file's size and modification time: the file changed since the key was made when it differs."""
    out = []
    for _, f in files:
        st = f.stat()
        out.append((st.st_size, st.st_mtime_ns))
    return tuple(out)


def file_key(path: Path, version: str) -> Optional[tuple[str, tuple]]:
    """The key of an event file (or a CSV set folder) and its stamp (see
    :meth:`ResultsCache.remember`); None when it cannot be read (the reader
    then says why)."""
    try:
        files = _files_of(path)
        stamp = _stamp(files)
        h = hashlib.sha256(version.encode("utf-8") + b"\0")
        for name, f in files:
            data = f.read_bytes()
            raw = name.encode("utf-8", "surrogateescape")
            h.update(len(raw).to_bytes(8, "big") + raw + len(data).to_bytes(8, "big"))
            h.update(data)
    except OSError:
        return None
    return h.hexdigest(), stamp


def file_stamp(path: Path) -> Optional[tuple]:
    """The stamp :func:`file_key` gave, taken again now (None: it cannot be read)."""
    try:
        return _stamp(_files_of(path))
    except OSError:
        return None


# ---------------------------------------------------------------------------
# values


def _columns(rows: list[tuple], width: int, paths: tuple[int, ...]) -> dict:
    """Rows as ``same`` (the columns every row shares: [column, value]) and
    ``rows`` (each row's other values); the path columns are left out."""
    same = [[c, rows[0][c]] for c in range(width)
            if c not in paths and all(r[c] == rows[0][c] and type(r[c]) is type(rows[0][c]) for r in rows)] \
        if rows else []
    shared = {c for c, _ in same} | set(paths)
    kept = [c for c in range(width) if c not in shared]
    return {"same": same, "rows": [[r[c] for c in kept] for r in rows]}


def _rows(part: dict, width: int, paths: tuple[int, ...], where: str) -> list[tuple]:
    """The rows :func:`_columns` encoded, the path columns holding ``where``."""
    fixed = {int(c): v for c, v in part["same"]}
    for c in paths:
        fixed[c] = where
    kept = [c for c in range(width) if c not in fixed]
    out = []
    for values in part["rows"]:
        if len(values) != len(kept):
            raise ValueError("a row of another width")
        row = dict(fixed)
        row.update(zip(kept, values))
        out.append(tuple(row[c] for c in range(width)))
    return out


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def encode(rows: EventResults, fingerprint: tuple, edition: str) -> str:
    """What the cache keeps of an event file read (JSON text)."""
    return json.dumps({
        "results": _columns(rows.results, _WIDTH["results"], _PATH_COLUMNS["results"]),
        "games": _columns(rows.games, _WIDTH["games"], _PATH_COLUMNS["games"]),
        "fingerprint": fingerprint,
        "edition": edition,
    }, separators=(",", ":"))


def decode(text: str, path: Path) -> Optional[tuple[EventResults, tuple, str]]:
    """The rows, fingerprint and edition :func:`encode` kept, for the file at
    ``path`` now; None when ``text`` does not decode (a miss)."""
    where = str(path)
    try:
        value = json.loads(text)
        rows = EventResults(where)
        rows.results = _rows(value["results"], _WIDTH["results"], _PATH_COLUMNS["results"], where)
        rows.games = _rows(value["games"], _WIDTH["games"], _PATH_COLUMNS["games"], where)
        fingerprint = _tuples(value["fingerprint"])
        edition = value["edition"]
        if not isinstance(fingerprint, tuple) or not isinstance(edition, str):
            return None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None
    return rows, fingerprint, edition


# ---------------------------------------------------------------------------
# the SQLite file


def _damaged(exc: sqlite3.Error) -> bool:
    """Not a database, or a damaged one (not: locked, read-only, disk full)."""
    return isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError)


class ResultsCache:
    """The cache file of ``folder``: :meth:`lookup` values, :meth:`remember`
    new ones, :meth:`close` (writes what is left). Every failure turns the
    cache off for the rest of the read, silently."""

    def __init__(self, folder: Path, version: str):
        self.path = folder / CACHE_FILE
        self.version = version
        self._db: Optional[sqlite3.Connection] = None
        self._off = False
        self._damaged = False
        self._pending: list[tuple[str, str]] = []

    def _connect(self, create: bool) -> Optional[sqlite3.Connection]:
        if self._db is not None or self._off:
            return self._db
        if not create and not self.path.is_file():
            return None
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if self._damaged:
                    self.path.unlink(missing_ok=True)  # a damaged file: start a new one
            db = sqlite3.connect(str(self.path), timeout=2.0, isolation_level=None)
            db.execute(f"CREATE TABLE IF NOT EXISTS {_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        except (sqlite3.Error, OSError) as exc:
            self._give_up(exc, create)
            return None
        self._db = db
        return db

    def _give_up(self, exc: BaseException, writing: bool) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        if isinstance(exc, sqlite3.Error) and _damaged(exc) and not self._damaged:
            self._damaged = True  # read as empty; replaced when written
            return
        self._off = writing or not isinstance(exc, sqlite3.Error)

    def lookup(self, keys: Iterable[str]) -> dict[str, str]:
        """The values kept for ``keys`` (the keys not kept are left out)."""
        wanted = list(dict.fromkeys(keys))
        db = self._connect(create=False)
        if db is None or not wanted:
            return {}
        out: dict[str, str] = {}
        try:
            for i in range(0, len(wanted), _LOOKUP_BATCH):
                batch = wanted[i:i + _LOOKUP_BATCH]
                marks = ",".join("?" * len(batch))
                for key, value in db.execute(f"SELECT key, value FROM {_TABLE} WHERE key IN ({marks})", batch):
                    if isinstance(key, str) and isinstance(value, str):
                        out[key] = value
        except sqlite3.Error as exc:
            self._give_up(exc, writing=False)
            return {}
        return out

    def remember(self, key: str, value: str) -> None:
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
            db.executemany(f"INSERT OR REPLACE INTO {_TABLE} (key, value) VALUES (?, ?)", pending)
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._give_up(exc, writing=True)

    def close(self) -> None:
        """Write what is left and close the file."""
        if self._pending and not self._off:
            self._write()
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None


def open_cache(cache: Optional[bool] = None) -> Optional[ResultsCache]:
    """The user's cache (:func:`cache_folder`), or None when it is turned off
    (``cache=False``, ``ARCHON_CACHE=off``) or there is no folder for it."""
    if not cache_wanted(cache):
        return None
    folder = cache_folder()
    return ResultsCache(folder, __version__) if folder is not None else None
