"""A workbook's backups, their journal, and archon's temporary files.

Every change archon makes to a workbook keeps the version it replaced, in
one folder beside the workbook named after it::

    cup.xlsx
    cup-backups/
        cup.backup-20261205-143012.xlsx    the workbook before a change (local time;
        cup.backup-20261205-143012-2.xlsx  -2, -3... when that second is taken)
        journal.jsonl                      one line per change archon made

A change also keeps a copy of the version it wrote (the journal's
``written``): the next change finds the workbook still that version and
takes that copy as its backup (no second copy is made), and when the
workbook is damaged meanwhile (an interrupted copy), ``archon undo`` puts
that copy back: the state after the last command is never only in the
workbook (:func:`kept_copy`).

A backup is written the way the workbook is: into a temporary file in that
folder, flushed to disk, then given its name, so a backup that has its name
is complete. The journal records, for each change, the command line, the
time, the backup and the fingerprint (size, modification time, SHA-256) of
the file before and after: ``archon undo`` reads it (:mod:`archon.formats.workbook.undo`).

**Retention.** After each change only the newest :data:`DEFAULT_KEEP`
backups of the workbook are kept (``archon --keep-backups N``, environment
``ARCHON_KEEP_BACKUPS``), and the copy of the version it wrote besides;
the backups of the last N changes ``archon undo`` can take back are never
deleted (a backup named again, after an undo, is as new as its last use).
Backups of the old form, beside the workbook (``cup.backup-*.xlsx`` from
earlier versions of archon), are left alone.

**Temporary files** are named ``.~archon-<workbook>.<random>.tmp`` beside the
workbook and in its backups folder. A command that is killed leaves its own
behind; the next command that writes the same workbook removes them (it
holds the workbook, so they are nobody's: :func:`clear_leftovers`).

This module only handles files; :mod:`archon.formats.workbook.safety` decides when.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Iterable, Optional

__all__ = [
    "BACKUPS_SUFFIX",
    "DEFAULT_KEEP",
    "KEEP_ENV",
    "JOURNAL_NAME",
    "Fingerprint",
    "fingerprint",
    "backup_folder",
    "backup_path",
    "is_backup",
    "make_backup",
    "copy_for_backup",
    "name_backup",
    "kept_copy",
    "workbook_backups",
    "prune",
    "temp_file",
    "put_in_place",
    "clear_leftovers",
    "discard",
    "journal_path",
    "record",
    "record_change",
    "journal_entries",
    "of_workbook",
    "undo_stack",
]

TEMP_PREFIX = ".~archon-"
TEMP_SUFFIX = ".tmp"
#: ``cup.xlsx`` -> ``cup-backups/``.
BACKUPS_SUFFIX = "-backups"
JOURNAL_NAME = "journal.jsonl"
DEFAULT_KEEP = 20
KEEP_ENV = "ARCHON_KEEP_BACKUPS"

# earlier versions of archon named their temporary files .~archon-<8 random>.xlsx.tmp
_OLD_TEMP = re.compile(r"^\.~archon-[a-z0-9_]{8}\.xlsx\.tmp$")


# ---------------------------------------------------------------------------
# Fingerprints


@dataclass(frozen=True)
class Fingerprint:
    """What a workbook file was: size, modification time (ns) and SHA-256."""

    size: int
    mtime_ns: int
    sha256: str

    def same_content(self, other: Optional["Fingerprint"]) -> bool:
        """The same bytes (the modification time alone may differ: a copy, a touch)."""
        return other is not None and (self.size, self.sha256) == (other.size, other.sha256)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data) -> Optional["Fingerprint"]:
        try:
            return cls(int(data["size"]), int(data["mtime_ns"]), str(data["sha256"]))
        except (TypeError, KeyError, ValueError):
            return None


def fingerprint(path: "str | os.PathLike[str]") -> Optional[Fingerprint]:
    """The :class:`Fingerprint` of the file at ``path`` (None when there is none)."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            digest = hashlib.sha256()
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    return Fingerprint(st.st_size, st.st_mtime_ns, digest.hexdigest())


# ---------------------------------------------------------------------------
# Temporary files


def temp_file(folder: Path, workbook_name: str) -> tuple[IO[bytes], Path]:
    """A new temporary file in ``folder`` for ``workbook_name``: (binary file, path)."""
    fd, name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{workbook_name}.", suffix=TEMP_SUFFIX, dir=folder)
    return os.fdopen(fd, "wb"), Path(name)


def _is_leftover(name: str, workbook_name: str) -> bool:
    if name.startswith(f"{TEMP_PREFIX}{workbook_name}.") and name.endswith(TEMP_SUFFIX):
        return True
    return bool(_OLD_TEMP.match(name))


def clear_leftovers(workbook: Path, before: float) -> list[Path]:
    """Remove ``workbook``'s temporary files (beside it and in its backups
    folder) last modified before ``before`` (a ``time.time()``): what killed
    commands left. Call it only while holding the workbook. Returns what went."""
    gone = []
    for folder in (workbook.parent, backup_folder(workbook)):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if not _is_leftover(name, workbook.name):
                continue
            p = folder / name
            try:
                if p.is_file() and p.stat().st_mtime < before:
                    p.unlink()
                    gone.append(p)
            except OSError:
                continue  # someone else's file, or already gone
    return gone


def discard(p: Path) -> None:
    """Remove the file ``p`` if it is there."""
    try:
        p.unlink()
    except FileNotFoundError:
        pass


# ---------------------------------------------------------------------------
# Backups


def backup_folder(path: "str | os.PathLike[str]") -> Path:
    """The folder holding ``path``'s backups: ``cup.xlsx`` -> ``cup-backups``, beside it."""
    p = Path(path)
    return p.parent / f"{p.stem}{BACKUPS_SUFFIX}"


_STAMP = re.compile(r"\.backup-(\d{8}-\d{6})(?:-(\d+))?$")


def _backup_key(p: Path) -> Optional[tuple[str, int]]:
    m = _STAMP.search(p.stem)
    return (m.group(1), int(m.group(2) or 1)) if m else None


def is_backup(path: "str | os.PathLike[str]") -> bool:
    """Whether ``path`` is one of archon's backups (``cup.backup-YYYYmmdd-HHMMSS[-N].xlsx``)
    or the journal of a backups folder: not an event of its own when a folder
    of events is read."""
    p = Path(path)
    if p.name == JOURNAL_NAME and p.parent.name.endswith(BACKUPS_SUFFIX):
        return True
    return _backup_key(p) is not None


def backup_path(path: "str | os.PathLike[str]", when: Optional[_dt.datetime] = None) -> Path:
    """A free backup name for ``path``: ``cup-backups/cup.backup-YYYYmmdd-HHMMSS.xlsx``."""
    p = Path(path)
    folder = backup_folder(p)
    stamp = (when or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    taken = [k[1] for b in workbook_backups(p) if (k := _backup_key(b)) and k[0] == stamp]
    n = max(taken, default=0) + 1  # after the last one of this second, even if older ones were deleted
    while True:
        candidate = folder / f"{p.stem}.backup-{stamp}{'' if n == 1 else f'-{n}'}{p.suffix}"
        if not candidate.exists():
            return candidate
        n += 1


def put_in_place(tmp: Path, dst: Path) -> bool:
    """Give the finished file ``tmp`` the name ``dst`` unless a file has it
    (never replacing one); True when done."""
    try:
        os.link(tmp, dst)
    except FileExistsError:
        return False
    except OSError:  # no hard links here (FAT, some shares)
        if dst.exists():
            return False
        os.replace(tmp, dst)
        return True
    tmp.unlink()
    return True


def make_backup(path: "str | os.PathLike[str]", when: Optional[_dt.datetime] = None) -> Path:
    """Copy ``path`` to a new backup in its backups folder (never over one); returns its path.

    The copy is written to a temporary file first and named only once
    complete: a backup killed halfway is a temporary file, never a backup.
    """
    book = Path(path)
    return name_backup(copy_for_backup(book, book), book, when)


def copy_for_backup(path: "str | os.PathLike[str]", book: "str | os.PathLike[str]") -> Path:
    """A complete copy of ``path``, flushed to disk, in a temporary file of
    the backups folder of the workbook ``book``: a backup once
    :func:`name_backup` names it (a command killed before is a temporary file)."""
    src, book = Path(path), Path(book)
    folder = backup_folder(book)
    folder.mkdir(exist_ok=True)
    f, tmp = temp_file(folder, book.name)
    try:
        with f, open(src, "rb") as fin:
            shutil.copyfileobj(fin, f, 1 << 20)
            f.flush()
            os.fsync(f.fileno())
        shutil.copystat(src, tmp)
    except BaseException:
        discard(tmp)
        raise
    return tmp


def name_backup(tmp: Path, book: "str | os.PathLike[str]", when: Optional[_dt.datetime] = None) -> Path:
    """Give the copy ``tmp`` (:func:`copy_for_backup`) a free backup name of ``book``; returns it."""
    try:
        while True:
            dst = backup_path(book, when)
            if put_in_place(tmp, dst):
                return dst
    except BaseException:
        discard(tmp)
        raise


def kept_copy(path: "str | os.PathLike[str]", fp: Optional[Fingerprint],
              entries: Optional[list[dict]] = None) -> Optional[Path]:
    """A file in ``path``'s backups folder that holds the bytes ``fp`` says,
    as the journal ``entries`` of this workbook record them (the version a
    change wrote, or the one it replaced), checked against the file; None
    when none is kept. A change made on a workbook archon wrote last finds
    its backup here (no second copy); ``archon undo`` finds the last version
    archon wrote here when the workbook is damaged."""
    if fp is None:
        return None
    folder = backup_folder(path)
    for e in reversed(entries if entries is not None else journal_entries(path)):
        for name, kept in ((e.get("written"), e.get("after")), (e.get("backup"), e.get("before"))):
            if not name or not fp.same_content(Fingerprint.from_dict(kept)):
                continue
            copy = folder / str(name)
            if fp.same_content(fingerprint(copy)):
                return copy
    return None


def workbook_backups(path: "str | os.PathLike[str]") -> list[Path]:
    """``path``'s backups in its backups folder, oldest first."""
    p = Path(path)
    folder = backup_folder(p)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        b = folder / name
        if name.startswith(f"{p.stem}.backup-") and b.suffix == p.suffix and _backup_key(b):
            found.append(b)
    return sorted(found, key=_backup_key)  # type: ignore[arg-type]  # every one found has a key (tested above)


def prune(path: "str | os.PathLike[str]", keep: int, entries: list[dict], protect: Iterable[Optional[Path]] = ()) -> list[Path]:
    """Delete ``path``'s oldest backups so that ``keep`` remain (never one in
    ``protect``: those ``undo`` needs). Age is the order of the journal
    ``entries`` of this workbook, by the newest entry naming a backup
    (backups they do not name, left by a killed command, are the oldest),
    as two backups of one second may not sort by name. Returns the deleted
    backups."""
    protected = {Path(p).name for p in protect if p is not None}
    made_by: dict = {}
    for e in entries:  # one file may be named again: a version a change wrote is the backup of the
        for name in (e.get("written"), e.get("backup")):  # next change, or of one after an undo
            made_by[name] = e["id"]
    backups = sorted(workbook_backups(path), key=lambda b: made_by.get(b.name, 0))
    extra = len(backups) - max(keep, 0)
    gone = []
    for b in backups:
        if extra <= 0:
            break
        if b.name in protected:
            continue
        try:
            b.unlink()
        except OSError:
            continue
        gone.append(b)
        extra -= 1
    return gone


# ---------------------------------------------------------------------------
# The journal


def journal_path(path: "str | os.PathLike[str]") -> Path:
    return backup_folder(path) / JOURNAL_NAME


def record(path: "str | os.PathLike[str]", entry: dict, *, journal: Optional[list[dict]] = None) -> dict:
    """Append a change of the workbook at ``path`` to its journal (one JSON line).

    ``entry`` gets ``workbook`` (the file name) and ``id`` (one more than the
    last, of every workbook the journal records). ``journal``: the entries
    of every workbook when the caller has read them (:func:`journal_entries`
    with ``every_workbook``), else it is read here. Call it only while
    holding the workbook.
    """
    p = Path(path)
    entries = journal_entries(p, every_workbook=True) if journal is None else journal
    full = {"id": max((e.get("id", 0) for e in entries), default=0) + 1, "workbook": p.name, **entry}
    line = json.dumps(full, ensure_ascii=False) + "\n"
    folder = backup_folder(p)
    folder.mkdir(exist_ok=True)
    with open(journal_path(p), "a", encoding="utf-8") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())
    return full


def journal_entries(path: "str | os.PathLike[str]", *, every_workbook: bool = False) -> list[dict]:
    """The journal's entries for ``path``, oldest first (a line cut short by a kill is skipped)."""
    p = Path(path)
    try:
        text = journal_path(p).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    out = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("id"), int):
            out.append(entry)
    return out if every_workbook else of_workbook(out, p)


def of_workbook(entries: list[dict], path: "str | os.PathLike[str]") -> list[dict]:
    """The entries of the workbook at ``path`` among a journal's ``entries``
    (a backups folder is shared by ``cup.xlsx`` and ``cup.xlsm``)."""
    name = Path(path).name
    return [e for e in entries if e.get("workbook") == name]


def record_change(path: "str | os.PathLike[str]", entry: dict, made: Path, keep: int,
                  written: Optional[Path] = None) -> list[Path]:
    """Record a change that kept the backup ``made`` and the copy ``written``
    of the version it wrote (:func:`record`), then keep the last ``keep``
    backups (:func:`prune`), never ``made``, ``written`` nor the backups of
    the last ``keep`` changes undo can take back (at least the next one).
    The journal is read once. Call it only while holding the workbook;
    returns the backups removed."""
    journal = journal_entries(path, every_workbook=True)
    full = record(path, entry, journal=journal)
    mine = of_workbook(journal, path) + [full]
    needed = [backup_folder(path) / e["backup"] for e in undo_stack(mine)[-max(keep, 1):] if e.get("backup")]
    # the copy of the version written is one more: the backups kept are those of the versions replaced
    extra = 1 if written is not None and Path(written).name not in {e.get("backup") for e in mine} else 0
    return prune(path, keep + extra, mine, protect=[made, written, *needed])


def undo_stack(entries: list[dict]) -> list[dict]:
    """The changes an ``undo`` can still take back, the last one last: every
    change, less each undo and the change it took back, and less each
    repair (a damaged workbook put back as archon last wrote it: undo then
    takes back the change before it)."""
    stack: list[dict] = []
    for e in entries:
        undone = e.get("undoes")
        if e.get("repairs") is not None:
            continue
        if undone is None:
            stack.append(e)
        else:
            stack = [s for s in stack if s["id"] != undone]
    return stack
