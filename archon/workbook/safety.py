"""Never lose a workbook: lock files, backups and atomic replacement.

Every write archon makes to a workbook goes through :func:`safe_write`:

1. **Open elsewhere?** A workbook open in Excel has a lock file ``~$name.xlsx``
   beside it; one open in LibreOffice has ``.~lock.name.xlsx#``. archon
   refuses to write it (:class:`WorkbookInUseError`) and says to close it
   first: the spreadsheet would otherwise overwrite archon's changes, or
   archon the organizer's, when it saves.
2. **New file beside the old one.** The new workbook is written to a
   temporary file in the same folder (``.~archon-<random>.xlsx.tmp``) and
   flushed to disk.
3. **Nothing changed?** If the new file is byte for byte the workbook already
   there, it is discarded: no backup, no replacement.
4. **Backup.** Otherwise the current workbook is copied to
   ``<name>.backup-YYYYmmdd-HHMMSS.xlsx`` beside it (local time; ``-2``,
   ``-3``... is added when that name exists). archon never overwrites or
   deletes a backup: every write that changes a workbook leaves the version
   it replaced, the first one being the original. Delete old backups by hand
   once the event is over.
5. **Replace.** The temporary file is moved over the workbook with
   :func:`os.replace`, which is atomic on the same file system: the workbook
   is either the old one or the new one, never half written.

If anything fails before the replacement, the temporary file is removed and
the workbook is untouched.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO, Callable, Optional

from ..exits import ExitStatus

__all__ = [
    "WriteError",
    "WorkbookInUseError",
    "lock_files",
    "check_not_open",
    "backup_path",
    "make_backup",
    "safe_write",
    "SafeWriteResult",
]

TEMP_PREFIX = ".~archon-"
TEMP_SUFFIX = ".xlsx.tmp"


class WriteError(ValueError):
    """A workbook archon must not or cannot write; the message says what to do."""

    exit_status = ExitStatus.NOT_WRITTEN


class WorkbookInUseError(WriteError):
    """The workbook is open in Excel or LibreOffice (its lock file is beside it)."""


def lock_files(path: "str | os.PathLike[str]") -> list[tuple[Path, str]]:
    """Lock files beside ``path`` that say it is open: ``(lock file, application)``.

    Excel: ``~$name.xlsx`` (Excel may drop the name's first characters for
    long names: ``~$me.xlsx`` for ``name.xlsx`` is recognised too).
    LibreOffice: ``.~lock.name.xlsx#``.
    """
    p = Path(path)
    folder, name = p.parent, p.name
    candidates = [
        (folder / f"~${name}", "Excel"),
        (folder / f".~lock.{name}#", "LibreOffice"),
    ]
    if len(name) > 2:
        candidates.insert(1, (folder / f"~${name[2:]}", "Excel"))
    found = []
    for lock, app in candidates:
        if lock.exists():
            found.append((lock, app))
    return found


def check_not_open(path: "str | os.PathLike[str]") -> None:
    """Raise :class:`WorkbookInUseError` when ``path`` is open in Excel or LibreOffice."""
    found = lock_files(path)
    if found:
        lock, app = found[0]
        raise WorkbookInUseError(
            f"{Path(path).name} is open in {app} (its lock file {lock.name} is beside it): "
            f"close it in {app} first, then run the command again. If {app} is not running, "
            f"the lock file was left behind by a crash: delete {lock} and try again."
        )


def backup_path(path: "str | os.PathLike[str]", when: Optional[_dt.datetime] = None) -> Path:
    """A free backup name beside ``path``: ``name.backup-YYYYmmdd-HHMMSS.xlsx``."""
    p = Path(path)
    stamp = (when or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = p.parent / f"{p.stem}.backup-{stamp}{p.suffix}"
    candidate = base
    n = 2
    while candidate.exists():
        candidate = p.parent / f"{p.stem}.backup-{stamp}-{n}{p.suffix}"
        n += 1
    return candidate


def make_backup(path: "str | os.PathLike[str]", when: Optional[_dt.datetime] = None) -> Path:
    """Copy ``path`` to a new backup beside it (never overwriting one); returns its path."""
    src = Path(path)
    while True:
        dst = backup_path(src, when)
        try:
            # "x": fail rather than overwrite a backup made meanwhile
            with open(src, "rb") as fin, open(dst, "xb") as fout:
                shutil.copyfileobj(fin, fout, 1 << 20)
                fout.flush()
                os.fsync(fout.fileno())
        except FileExistsError:
            continue
        except BaseException:
            # a partial backup must not pass for a good one
            try:
                if dst.exists():
                    dst.unlink()
            finally:
                raise
        shutil.copystat(src, dst)
        return dst


class SafeWriteResult:
    """What :func:`safe_write` did."""

    def __init__(self, path: Path, changed: bool, backup: Optional[Path]):
        self.path = path
        self.changed = changed
        self.backup = backup

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"SafeWriteResult(path={self.path!r}, changed={self.changed}, backup={self.backup!r})"


def _same_bytes(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x = fa.read(1 << 20)
            y = fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def safe_write(
    path: "str | os.PathLike[str]",
    write: Callable[[IO[bytes]], None],
    *,
    backup: bool = True,
    must_exist: bool = True,
) -> SafeWriteResult:
    """Write a workbook with ``write(file)`` and put it in place at ``path`` safely.

    ``write`` receives a binary file opened in ``path``'s folder and writes the
    whole new workbook into it. ``path`` must exist unless ``must_exist`` is
    False (a new workbook: nothing to back up, and an existing file is
    refused rather than replaced). See the module documentation for the steps.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if must_exist:
        if not target.is_file():
            raise WriteError(f"{target} does not exist (or is not a file)")
    elif target.exists():
        raise WriteError(f"{target} already exists: choose another name, or update the existing workbook")
    if not folder.is_dir():
        raise WriteError(f"folder {folder} does not exist")
    check_not_open(target)

    try:
        fd, tmp_name = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise WriteError(f"cannot write in {folder}: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        try:
            with os.fdopen(fd, "wb") as f:
                write(f)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:  # disk full, drive removed...: the temporary file goes, the workbook stays
            raise WriteError(
                f"cannot write {target.name} ({exc.strerror or exc}): nothing was changed; "
                f"free some space or write to another folder, then run the command again"
            ) from None
        if must_exist and _same_bytes(tmp, target):
            tmp.unlink()
            return SafeWriteResult(target, changed=False, backup=None)
        made = None
        if not must_exist:
            # mkstemp makes the file private; a new workbook gets the usual mode
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        if must_exist:
            shutil.copymode(target, tmp)
            if backup:
                try:
                    made = make_backup(target)
                except OSError as exc:
                    raise WriteError(
                        f"cannot back up {target.name} before writing it ({exc.strerror or exc}); "
                        "nothing was changed"
                    ) from None
        # A lock file that appeared while we worked: do not replace under it.
        check_not_open(target)
        try:
            if must_exist:
                os.replace(tmp, target)
            else:
                # never replace a file that appeared meanwhile
                try:
                    os.link(tmp, target)
                except FileExistsError:
                    raise
                except OSError:  # no hard links here (FAT, some shares)
                    if target.exists():
                        raise FileExistsError(str(target)) from None
                    os.replace(tmp, target)
                else:
                    tmp.unlink()
        except FileExistsError:
            raise WriteError(f"{target} already exists: choose another name") from None
        except PermissionError:
            raise WorkbookInUseError(
                f"cannot replace {target.name}: it is locked or read-only (is it open in Excel?). "
                "Close it and run the command again."
            ) from None
        return SafeWriteResult(target, changed=True, backup=made)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
