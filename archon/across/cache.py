"""A cache of each event file's computed results, keyed by its content.

Reading an archive computes, for every event file, its rows, its
fingerprint and its rule edition (:func:`archon.across.archive.read_event_file`).
The same file read again (same bytes, same name, same archon version) gives
the same results, so :func:`archon.across.archive.read_archive` keeps them
here and reads a file again only when its bytes change:

* the key is the SHA-256 of archon's version (and Python's, whose
  :mod:`marshal` format the value is in), the file's name and its bytes (a
  CSV set folder: the folder's name, then every file under it, by relative
  name, with its bytes); a file copied elsewhere has the same key, and its
  rows name the file's own path (:func:`decode` puts it in);
* the value is the rows, the fingerprint and the edition (:func:`encode`:
  plain values, behind a CRC-32 that a damaged value fails); a file that
  could not be read is not kept: it is read again next time;
* one SQLite file, ``results.sqlite3``, in the user's cache folder
  (:func:`cache_folder`); safe to delete at any time;
* written without waiting for the disk (a value a crash damaged fails its
  CRC: read again); a damaged cache file is ignored, then replaced by a new one; a cache that
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
import marshal
import os
import stat
import sys
import zlib
from pathlib import Path
from typing import Optional

from archon import __version__
from archon.across.results import GAME_COLUMNS, RESULT_COLUMNS, EventResults
from archon.formats.cache_file import CacheFile, cache_folder, cache_wanted, in_cache_folder

__all__ = [
    "CACHE_FILE",
    "cache_folder",
    "cache_wanted",
    "file_key",
    "file_stamp",
    "plain_file_bytes",
    "content_key",
    "encode",
    "decode",
    "ResultsCache",
    "open_cache",
]

#: The cache's file name in :func:`cache_folder`.
CACHE_FILE = "results.sqlite3"
#: The table; a new layout of the value gets a new table name.
_TABLE = "event_results_4"
#: What the values depend on besides the file: archon's code, and the format of :mod:`marshal`.
_VERSION = f"archon {__version__}; python {sys.version_info[0]}.{sys.version_info[1]}; marshal {marshal.version}"
#: Columns of the rows that are the file's path: the current one is put in when decoded.
_PATH_COLUMNS = {"results": (RESULT_COLUMNS.index("event_id"), RESULT_COLUMNS.index("source")),
                 "games": (GAME_COLUMNS.index("event_id"),)}
_WIDTH = {"results": len(RESULT_COLUMNS), "games": len(GAME_COLUMNS)}


def _plain(path: Path, st: os.stat_result) -> None:
    """Raise :class:`OSError` unless ``st`` (of ``path``) is a plain file's."""
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"not a plain file: {path}")


def _files_of(path: Path) -> list[tuple[str, Path, tuple[int, int]]]:
    """The files a key covers, by name, each with its stamp (size and
    modification time: the file changed since when it differs): the file
    itself, or every file under a folder. :class:`OSError` for anything
    that is not a plain file (a named pipe, a device, a socket): reading it
    to make a key could wait for ever; the reader refuses it and says why."""
    st = os.stat(path)
    if not stat.S_ISDIR(st.st_mode):
        _plain(path, st)
        return [(path.name, path, (st.st_size, st.st_mtime_ns))]
    found = []
    for root, dirs, files in os.walk(path):
        dirs.sort()
        for name in files:
            full = Path(root) / name
            st = full.stat()
            _plain(full, st)
            found.append((path.name + "/" + full.relative_to(path).as_posix(), full, (st.st_size, st.st_mtime_ns)))
    return sorted(found)


def _hashed(h, name: str, data: bytes) -> None:
    """Add a file's name and bytes to the hash ``h``, each behind its length."""
    raw = name.encode("utf-8", "surrogateescape")
    h.update(len(raw).to_bytes(8, "big") + raw + len(data).to_bytes(8, "big"))
    h.update(data)


def file_key(path: Path, version: str) -> Optional[tuple[str, tuple]]:
    """The key of an event file (or a CSV set folder) and its stamp (see
    :func:`file_stamp`); None when it cannot be read (the reader then says
    why)."""
    try:
        files = _files_of(path)
        h = hashlib.sha256(version.encode("utf-8") + b"\0")
        for name, f, _ in files:
            _hashed(h, name, f.read_bytes())
    except OSError:
        return None
    return h.hexdigest(), tuple(stamp for _, _, stamp in files)


def plain_file_bytes(path: Path) -> Optional[bytes]:
    """The bytes of ``path`` when it is a plain file (one read); None for a
    folder, a named pipe, a device... or a file that cannot be read (its
    reader says why). Opened without waiting (a named pipe nobody writes
    to), then looked at: what is read is the file that was looked at."""
    try:
        fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None
        chunks = []
        while chunk := os.read(fd, st.st_size + 1):  # one read, and one more that finds the end
            chunks.append(chunk)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


#: Open flags: without waiting for a writer (a named pipe), in binary (Windows).
_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def content_key(path: Path, data: bytes, version: str) -> str:
    """The key :func:`file_key` gives the plain file ``path`` whose bytes
    are ``data`` (read once, by the caller, who parses these very bytes:
    what is kept under the key is what they hold, whatever happens to the
    file meanwhile)."""
    h = hashlib.sha256(version.encode("utf-8") + b"\0")
    _hashed(h, path.name, data)
    return h.hexdigest()


def file_stamp(path: Path) -> Optional[tuple]:
    """The stamp :func:`file_key` gave, taken again now (None: it cannot be
    read): when it differs, the file changed while it was read, and what
    was read is not kept."""
    try:
        return tuple(stamp for _, _, stamp in _files_of(path))
    except OSError:
        return None


# ---------------------------------------------------------------------------
# values


def _moved(rows: list[tuple], paths: tuple[int, ...], where: str) -> list[tuple]:
    """``rows`` with ``where`` in their path columns (the file read before at another path)."""
    out = []
    for row in rows:
        values = list(row)
        for c in paths:
            values[c] = where
        out.append(tuple(values))
    return out


def _rows_of(value, width: int) -> list[tuple]:
    """``value`` when it is a list of rows of ``width`` values, else ValueError."""
    if type(value) is not list or not set(map(type, value)) <= {tuple} or not set(map(len, value)) <= {width}:
        raise ValueError("not rows")
    return value


def encode(key: str, rows: EventResults, fingerprint: tuple, edition: str) -> bytes:
    """What the cache keeps of an event file read: a CRC-32 of the rest,
    then its key, the path it was read at, its rows, fingerprint and edition, as
    :mod:`marshal` bytes (plain values only, each repeated one written once;
    the cache's key names the Python version, whose format it is)."""
    data = marshal.dumps((key, rows.event_id, rows.results, rows.games, fingerprint, edition))
    return zlib.crc32(data).to_bytes(4, "big") + data


def decode(value: bytes, path: Path, key: str) -> Optional[tuple[EventResults, tuple, str]]:
    """The rows, fingerprint and edition :func:`encode` kept under ``key``,
    for the file at ``path`` now (its rows name it); None when ``value``
    does not decode (a miss): damaged bytes fail the CRC before they are
    read, a value of another shape or kept under another key fails the
    checks."""
    if type(value) is not bytes or len(value) < 5 or zlib.crc32(value[4:]) != int.from_bytes(value[:4], "big"):
        return None
    where = str(path)
    try:
        kept_as, read_at, results, games, fingerprint, edition = marshal.loads(value[4:])
        results = _rows_of(results, _WIDTH["results"])
        games = _rows_of(games, _WIDTH["games"])
    except (ValueError, TypeError, EOFError):
        return None
    if kept_as != key or type(fingerprint) is not tuple or len(fingerprint) != 2 or type(edition) is not str \
            or type(read_at) is not str:
        return None
    if read_at != where:
        results = _moved(results, _PATH_COLUMNS["results"], where)
        games = _moved(games, _PATH_COLUMNS["games"], where)
    return EventResults(where, results, games), fingerprint, edition


# ---------------------------------------------------------------------------
# the SQLite file


class ResultsCache(CacheFile):
    """The archive's cache file (:data:`CACHE_FILE`) of ``folder``
    (:class:`archon.formats.cache_file.CacheFile`)."""

    def __init__(self, folder: Path, version: str):
        super().__init__(folder, CACHE_FILE, _TABLE)
        self.version = version  # what the results depend on besides the file: in its keys


def open_cache(cache: Optional[bool] = None) -> Optional[ResultsCache]:
    """The user's cache, or None when it is turned off (``cache=False``,
    ``ARCHON_CACHE=off``) or there is no folder for it
    (:func:`archon.formats.cache_file.in_cache_folder`)."""
    return in_cache_folder(lambda folder: ResultsCache(folder, _VERSION), cache)
