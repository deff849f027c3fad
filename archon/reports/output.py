"""Writing report files: never over an event workbook or a file open in a
spreadsheet, and never half written (temporary file, then rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, Optional

from .data import ReportError

__all__ = ["check_target", "write_atomically", "lock_file"]


def lock_file(path: Path) -> Path:
    """The lock file Excel keeps beside a workbook it has open."""
    return path.with_name("~$" + path.name)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _is_event_workbook(path: Path) -> bool:
    """Whether ``path`` is an Archon event workbook (it has a Methuselahs sheet)."""
    from ..layout import METHUSELAHS
    from ..workbook.grid import WorkbookError, open_book

    try:
        with open_book(path) as book:
            return METHUSELAHS.sheet in book.sheet_names
    except (WorkbookError, OSError, ValueError):
        return False


def check_target(path: "str | os.PathLike[str]", suffix: Optional[str] = None) -> Path:
    """Raise ReportError unless a report can be written to ``path``: its folder
    exists, it is not open in Excel or LibreOffice, it is not an Archon event
    workbook (a report never replaces the event it reports on) and, when
    ``suffix`` is given, its name ends with it."""
    target = Path(path)
    if suffix is not None and target.suffix.lower() != suffix:
        raise ReportError(f"{target.name}: this report is a {suffix} file: give a name ending in {suffix}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ReportError(f"cannot write {target}: folder {folder} does not exist")
    if lock_file(target).exists():
        raise ReportError(
            f"{target} is open in Excel (lock file {lock_file(target).name} beside it): close it and try again"
        )
    lo_lock = target.with_name(f".~lock.{target.name}#")
    if lo_lock.exists():
        raise ReportError(
            f"{target} is open in LibreOffice (lock file {lo_lock.name} beside it): close it and try again"
        )
    if target.is_file() and _is_event_workbook(target):
        raise ReportError(
            f"{target} is an Archon event workbook: a report is never written over it; give another name"
        )
    return target


def write_atomically(path: "str | os.PathLike[str]", write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temp file beside ``path``, then move it into place.

    The old file (if any) is replaced only once the new one is complete.
    Raises ReportError naming the file when the folder is missing, the file
    is open in Excel or LibreOffice, or it is an Archon event workbook
    (:func:`check_target`).
    """
    target = check_target(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix + ".tmp", dir=folder)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        # mkstemp makes the file private: give it the mode a new file gets
        # (or the mode of the file it replaces).
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask())
        os.replace(tmp, target)
    except PermissionError:
        raise ReportError(f"cannot write {target}: permission denied (is it open in another program?)") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    return target
