"""Whole archives: every event file under some folders, read or listed.

:func:`find_event_files` walks the paths given (folders recursively) and
finds the event files archon reads: Archon workbooks (``.xlsx``, ``.xlsm``,
``.ods``, ``.xls``), the bot's CSV sets (a ``.zip``, or a folder holding
``Methuselahs.csv``) and standings JSON (``.json``). :func:`read_archive`
reads each one (with :func:`archon.formats.convert.read_source`, the reader of
``archon convert``; several processes for a large archive), computes its
standings and its rows (:func:`archon.across.results.event_results`), and never
stops at a bad file: each one is listed with the reason; the same event
found twice (an ``.xls`` and its ``.xlsx``) is counted once and listed.
A file read before with the same bytes is not read again: its results come
from the user's cache (:mod:`archon.across.cache`; ``ARCHON_CACHE=off``
turns it off).
:func:`convert_folder` is ``archon convert OLD/ NEW/``.

A CSV set does not hold the event's date nor its name: the reader takes
them from the folder's or zip's name (``2026-03-14 Lyon Cup.zip``: Lyon
Cup, on 2026-03-14), for ``convert`` and ``rating`` alike.
"""

from __future__ import annotations

import gc
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence, Union

from archon.across.cache import (
    ResultsCache, content_key, decode, encode, file_key, file_stamp, open_cache, plain_file_bytes,
)
from archon.across.results import EventResults, results_and_fingerprint
from archon.formats.special_files import special_kind
from archon.formats.workbook.backups import is_backup
from archon.words.message import Message, as_message, message_of, say
from archon.words.render import PLAIN

__all__ = [
    "EVENT_SUFFIXES",
    "Listed",
    "ArchiveRead",
    "find_event_files",
    "read_event_file",
    "read_archive",
    "FolderConversion",
    "convert_folder",
]

#: File names archon reads as events.
EVENT_SUFFIXES = (".xlsx", ".xlsm", ".ods", ".xls", ".json", ".zip")
#: Files beside events that are not events and not worth a line: lock files,
#: hidden files (and archon's own backups: workbook.backups.is_backup).
_IGNORED = re.compile(r"^(~\$|\.~lock\.|\.)")
#: Files to read before reading them in several processes pays.
_PARALLEL_FROM = 200

Progress = Callable[[int, int, Path], None]


@dataclass(frozen=True)
class Listed:
    """A file not counted, and why (``said``: a message, or a plain text;
    ``reason``: its plain English; ``same_as``: the file counted instead)."""

    path: Path
    said: Message
    same_as: Optional[Path] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "said", as_message(self.said))

    @property
    def reason(self) -> str:
        return PLAIN.render(self.said)

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"

    def as_dict(self) -> dict:
        """``path``, ``reason`` (its text), the reason's ``id`` and ``fields``, and ``same_as``."""
        out = {"path": str(self.path), "reason": self.reason, **self.said.as_dict()}
        if self.same_as is not None:
            out["same_as"] = str(self.same_as)
        return out


@dataclass
class ArchiveRead:
    """What :func:`read_archive` found: ``events`` (one
    :class:`~archon.across.results.EventResults` per distinct event, in path
    order), ``failed`` (files that could not be read), ``duplicates`` and
    ``skipped`` (files that are not event files)."""

    events: list[EventResults] = field(default_factory=list)
    editions: list[str] = field(default_factory=list)
    failed: list[Listed] = field(default_factory=list)
    duplicates: list[Listed] = field(default_factory=list)
    skipped: list[Listed] = field(default_factory=list)

    def summary(self) -> Message:
        return say("archive.summary", events=len(self.events), failed=len(self.failed),
                   duplicates=len(self.duplicates), skipped=len(self.skipped))

    def lines(self) -> list[Message]:
        """Every file not counted, one message each, then the summary."""
        out = [say("archive.failed", path=str(f.path), reason=f.said) for f in self.failed]
        out += [say("archive.duplicate", path=str(d.path), same_as=str(d.same_as)) for d in self.duplicates]
        out += [say("archive.skipped", path=str(s.path), reason=s.said) for s in self.skipped]
        return out + [self.summary()]

    def as_dict(self) -> dict:
        return {
            "events": len(self.events),
            "failed": [f.as_dict() for f in self.failed],
            "duplicates": [d.as_dict() for d in self.duplicates],
            "skipped": [s.as_dict() for s in self.skipped],
        }


def is_csv_folder(path: Path) -> bool:
    try:
        return any(p.name.casefold() == "methuselahs.csv" for p in path.iterdir())
    except OSError:
        return False


def find_event_files(paths: Iterable[Union[str, Path]]) -> tuple[list[Path], list[Listed]]:
    """The event files under ``paths`` (sorted), and the paths skipped with why."""
    found: list[Path] = []
    skipped: list[Listed] = []
    for given in paths:
        p = Path(given)
        if not p.exists():
            skipped.append(Listed(p, say("archive.does_not_exist")))
        elif p.is_file() or is_csv_folder(p):
            found.append(p)
        elif not p.is_dir():
            skipped.append(Listed(p, say("archive.special", kind=special_kind(p) or "not a regular file")))
        else:
            before = len(found) + len(skipped)
            _walk_folder(p, found, skipped)
            if len(found) + len(skipped) == before:
                skipped.append(Listed(p, say("archive.no_event_file")))
    return sorted(set(found)), skipped


def _walk_folder(p: Path, found: list[Path], skipped: list[Listed]) -> None:
    """The event files under the folder ``p`` into ``found``, other files into ``skipped``."""
    for root, dirs, files in os.walk(p):
        dirs.sort()
        folder = Path(root)
        for d in list(dirs):
            if is_csv_folder(folder / d):
                found.append(folder / d)
                dirs.remove(d)
        for name in sorted(files):
            f = folder / name
            if _IGNORED.search(name) or is_backup(f):
                continue
            if f.suffix.lower() in EVENT_SUFFIXES:
                found.append(f)
            else:
                skipped.append(Listed(f, say("archive.not_an_event_file", suffix=f.suffix)
                                      if f.suffix else say("archive.not_an_event_file.no_extension")))


def read_event_file(path: Union[str, Path], data: Optional[bytes] = None):
    """Read one event file: ``(EventResults, fingerprint, edition, None)``, or
    ``(None, None, None, reason)`` when it cannot be read (never raises for a
    bad file). ``data``: the bytes of a standings JSON, read already (for
    its cache key)."""
    from archon.formats.convert import ConvertError, read_source
    from archon.formats.convert_json import read_json
    from archon.rules.standings import compute

    p = Path(path)
    try:
        src = read_source(p, notes=False) if data is None else read_json(p, notes=False, data=data)
        ev = src.event
        st = compute(ev)
    except (ConvertError, ValueError, OSError) as exc:
        return None, None, None, message_of(exc) if str(exc) else say("text", text=type(exc).__name__)
    except Exception as exc:  # noqa: BLE001 - one odd file must not stop an archive of thousands
        return None, None, None, say("archive.bug", error=type(exc).__name__, text=str(exc))
    rows, fingerprint = results_and_fingerprint(st, str(p), str(p))
    return rows, fingerprint, st.edition.name, None


def _in_one_process(files: int, processes: Optional[int]) -> bool:
    """Whether ``files`` files are read in this process (``processes``: as :func:`read_archive`)."""
    workers = processes if processes is not None else (os.cpu_count() or 1)
    return workers <= 1 or files < (_PARALLEL_FROM if processes is None else 2)


def _read_all(files: Sequence[Path], processes: Optional[int]):
    if not _in_one_process(len(files), processes):
        from concurrent.futures import ProcessPoolExecutor

        workers = processes or os.cpu_count() or 1
        with ProcessPoolExecutor(max_workers=workers) as pool:
            chunk = max(1, min(64, len(files) // (workers * 8)))
            yield from zip(files, pool.map(read_event_file, files, chunksize=chunk))
    else:
        for f in files:
            yield f, read_event_file(f)


def read_archive(paths: Iterable[Union[str, Path]], *, processes: Optional[int] = None,
                 progress: Optional[Progress] = None, cache: Optional[bool] = None) -> ArchiveRead:
    """Read every event file under ``paths`` (see the module docstring).

    ``processes``: how many processes read (default: one per CPU once there
    are enough files for it to pay; 1 reads in this process). ``progress`` is
    called with (files done, files in all, the file) after each file.
    ``cache``: keep each file's results in the user's cache and take them
    from there while its bytes are the same (:mod:`archon.across.cache`;
    default: on unless ``ARCHON_CACHE=off``).
    """
    files, skipped = find_event_files(paths)
    out = ArchiveRead(skipped=skipped)
    # Standings JSON read into plain models makes no cycle: the collector's
    # passes over every row read so far are spared. A workbook's reader
    # (openpyxl) makes cycles, so an archive with one is read as usual.
    collecting = gc.isenabled() and all(f.suffix.lower() == ".json" for f in files)
    if collecting:
        gc.disable()
    try:
        _read_into(out, files, processes, progress, cache)
    finally:
        if collecting:
            gc.enable()
    return out


def _read_into(out: ArchiveRead, files: list[Path], processes: Optional[int], progress: Optional[Progress],
               cache: Optional[bool]) -> None:
    """Read ``files`` into ``out``: each event once, the others listed."""
    seen: dict[tuple, Path] = {}
    for done, (f, (rows, fingerprint, edition, error)) in enumerate(_read_cached(files, processes, cache), 1):
        if error is not None:
            out.failed.append(Listed(f, error))
        elif fingerprint in seen:
            out.duplicates.append(Listed(f, say("archive.same_event"), same_as=seen[fingerprint]))
        else:
            seen[fingerprint] = f
            out.events.append(rows)
            out.editions.append(edition)
        if progress is not None:
            progress(done, len(files), f)


def _read_cached(files: Sequence[Path], processes: Optional[int], cache: Optional[bool]):
    """Each file and what :func:`read_event_file` gives for it, in order:
    from the cache when its bytes are those read before, else read (and
    kept)."""
    store = open_cache(cache)
    if store is None:
        yield from _read_all(files, processes)
        return
    try:
        if _in_one_process(len(files), processes):
            yield from _read_here(files, store)
        else:
            yield from _read_keyed(files, processes, store)
    finally:
        store.close()


#: Files read in this process at a time (at most so many, and so many bytes held): their
#: bytes held until parsed, their keys looked up at once.
_CHUNK = 256
_CHUNK_BYTES = 32 << 20


def _read_here(files: Sequence[Path], store: ResultsCache):
    """:func:`_read_cached` in this process, a few files at a time
    (:data:`_CHUNK`): a standings JSON's bytes are read once, for its key
    and, when the cache does not know it, its event (what is kept is what
    these very bytes hold); any other file as :func:`_read_keyed` reads it."""
    start = 0
    while start < len(files):
        keys: dict[Path, tuple[str, Optional[bytes], Optional[tuple]]] = {}
        held = 0
        end = start
        while end < len(files) and end - start < _CHUNK and held < _CHUNK_BYTES:
            f = files[end]
            end += 1
            data = plain_file_bytes(f) if f.suffix.lower() == ".json" else None
            if data is not None:
                keys[f] = (content_key(f, data, store.version), data, None)
                held += len(data)
            elif (k := file_key(f, store.version)) is not None:
                keys[f] = (k[0], None, k[1])
        yield from _read_chunk(files[start:end], keys, store)
        start = end


def _read_chunk(files: Sequence[Path], keys: dict[Path, tuple[str, Optional[bytes], Optional[tuple]]],
                store: ResultsCache):
    """:func:`_read_here` for ``files``, whose ``keys`` are (key, bytes, stamp)."""
    kept = store.lookup(k[0] for k in keys.values())
    for f in files:
        key, data, stamp = keys.get(f, (None, None, None))
        value = decode(kept[key], f, key) if key in kept else None
        if value is not None:
            yield f, (*value, None)
            continue
        read = read_event_file(f) if data is None else read_event_file(f, data)
        rows, fingerprint, edition, error = read
        if error is None and key is not None and (data is not None or file_stamp(f) == stamp):
            store.remember(key, encode(key, rows, fingerprint, edition))
        yield f, read


def _read_keyed(files: Sequence[Path], processes: Optional[int], store: ResultsCache):
    """:func:`_read_cached` in several processes: every file's key first
    (its bytes read here), then the files the cache does not know read by
    the processes (again), each kept unless it changed while read."""
    keys = {f: file_key(f, store.version) for f in files}
    kept = store.lookup(k[0] for k in keys.values() if k is not None)
    known = {}
    for f, k in keys.items():
        value = decode(kept[k[0]], f, k[0]) if k is not None and k[0] in kept else None
        if value is not None:
            known[f] = value
    fresh = _read_all([f for f in files if f not in known], processes)
    for f in files:
        if f in known:
            yield f, (*known[f], None)
            continue
        f, read = next(fresh)
        rows, fingerprint, edition, error = read
        k = keys[f]
        if error is None and k is not None and file_stamp(f) == k[1]:  # not changed while read
            store.remember(k[0], encode(k[0], rows, fingerprint, edition))
        yield f, read


# ---------------------------------------------------------------------------
# archon convert OLD/ NEW/


@dataclass
class FolderConversion:
    """What :func:`convert_folder` did: ``converted`` [(input, output)],
    ``failed``, ``duplicates``, ``skipped`` (:class:`Listed`)."""

    converted: list[tuple[Path, Path]] = field(default_factory=list)
    failed: list[Listed] = field(default_factory=list)
    duplicates: list[Listed] = field(default_factory=list)
    skipped: list[Listed] = field(default_factory=list)

    def lines(self) -> list[Message]:
        """What became of each file, one message each, then the summary."""
        out = [say("archive.converted", path=str(a), output=str(b)) for a, b in self.converted]
        out += [say("archive.not_converted", path=str(f.path), reason=f.said) for f in self.failed]
        out += [say("archive.converted_once", path=str(d.path), same_as=str(d.same_as)) for d in self.duplicates]
        out += [say("archive.skipped", path=str(s.path), reason=s.said) for s in self.skipped]
        out.append(self.summary())
        return out

    def summary(self) -> Message:
        return say("archive.conversion_summary", converted=len(self.converted), failed=len(self.failed),
                   duplicates=len(self.duplicates), skipped=len(self.skipped))

    def as_dict(self) -> dict:
        """What ``archon convert OLD/ NEW/ --json`` prints."""
        return {
            "converted": [{"path": str(a), "output": str(b)} for a, b in self.converted],
            "failed": [f.as_dict() for f in self.failed],
            "duplicates": [d.as_dict() for d in self.duplicates],
            "skipped": [s.as_dict() for s in self.skipped],
        }

    #: Columns of :meth:`rows` (``archon convert OLD/ NEW/ --csv``).
    COLUMNS = ("path", "outcome", "output", "reason", "same_as")

    def rows(self) -> list[tuple]:
        """A row per file: converted, failed, duplicate or skipped."""
        out = [(str(a), "converted", str(b), "", "") for a, b in self.converted]
        for outcome, listed in (("failed", self.failed), ("duplicate", self.duplicates), ("skipped", self.skipped)):
            out += [(str(x.path), outcome, "", x.reason, str(x.same_as or "")) for x in listed]
        return out


def _output_for(source: Path, root: Path, out_dir: Path) -> Path:
    try:
        rel = source.relative_to(root)
    except ValueError:
        rel = Path(source.name)
    return out_dir / rel.with_suffix(".xlsx") if source.is_file() else out_dir / rel.parent / (rel.name + ".xlsx")


def convert_folder(source: Union[str, Path], out_dir: Union[str, Path], *, edition: Optional[str] = None,
                   template=None, force: bool = False, progress: Optional[Progress] = None) -> FolderConversion:
    """Convert every event file under the folder ``source`` into a current
    workbook under ``out_dir`` (same sub-folders, ``.xlsx``), never stopping
    at a bad file; the same event twice is converted once. A file whose
    values have no place in the current layout is listed (converted with
    ``force``). An output that exists is never replaced: listed instead."""
    from archon.formats.convert import ConversionStopped, ConvertError, convert
    from archon.formats.workbook import WriteError

    root, out = Path(source), Path(out_dir)
    files, skipped = find_event_files([root])
    if not files:
        raise ConvertError(say("archive.nothing_to_convert", folder=root.name,
                               skipped=[say("archive.listed", path=str(s.path), reason=s.said) for s in skipped[:3]]
                               + ([say("text", text="...")] if len(skipped) > 3 else [])))
    result = FolderConversion(skipped=skipped)
    seen: dict[tuple, Path] = {}
    for done, f in enumerate(files, 1):
        _, fingerprint, _, error = read_event_file(f)
        if error is None and fingerprint in seen:
            result.duplicates.append(Listed(f, say("archive.same_event"), same_as=seen[fingerprint]))
        elif error is not None:
            result.failed.append(Listed(f, error))
        else:
            target = _output_for(f, root, out)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                convert(f, target, edition=edition, template=template, force=force)
                seen[fingerprint] = f
                result.converted.append((f, target))
            except ConversionStopped as exc:
                result.failed.append(Listed(f, say("archive.stopped", stop=message_of(exc),
                                                   values=[u.as_message() for u in exc.result.unmapped[:3]])))
            except (ConvertError, WriteError, ValueError, OSError) as exc:
                result.failed.append(Listed(f, message_of(exc)))
        if progress is not None:
            progress(done, len(files), f)
    return result
