"""Writing report files: never over an event workbook or a file open in a
spreadsheet, and never half written (temporary file, then rename)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Optional

from .data import ReportError

__all__ = ["check_target", "write_atomically", "xlsx_bytes", "lock_file"]


def lock_file(path: Path) -> Path:
    """The lock file Excel keeps beside a workbook it has open."""
    return path.with_name("~$" + path.name)


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


def write_atomically(path: "str | os.PathLike[str]", data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all (:func:`archon.outfiles.write_file`).

    The old file (if any) is replaced only once the new one is complete.
    Raises ReportError (exit status 3) naming the file when the folder is
    missing or read-only, the disk is full, the file is open in Excel or
    LibreOffice, or it is an Archon event workbook (:func:`check_target`).
    """
    from ..outfiles import OutputError, write_file

    target = check_target(path)
    try:
        return write_file(target, data)
    except OutputError as exc:
        raise ReportError(str(exc)) from None


def xlsx_bytes(build: Callable[[Any], None]) -> bytes:
    """The ``.xlsx`` file ``build(workbook)`` makes with a new xlsxwriter workbook.

    Text never becomes a formula or a link, whatever method writes it (a
    player named ``=HYPERLINK(...)`` is text); write text with
    ``write_string`` all the same.
    """
    import io

    import xlsxwriter

    buf = io.BytesIO()
    wb = xlsxwriter.Workbook(
        buf, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False}
    )
    try:
        build(wb)
    finally:
        wb.close()
    return buf.getvalue()
