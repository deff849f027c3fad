"""Writing report files: never over an event workbook or a file open in a
spreadsheet, and never half written (temporary file, then rename)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, NamedTuple

from archon.reports.data import ReportError
from archon.words.message import Message, message_of, option, say

__all__ = [
    "Output", "REPORT_WORKBOOK", "SEAT_LIST", "HTML_REPORT", "RATING_WORKBOOK", "LEAGUE_WORKBOOK", "CSV_SET",
    "CODE_SLIPS", "check_target", "write_atomically", "xlsx_bytes", "lock_file",
]


def lock_file(path: Path) -> Path:
    """The lock file Excel keeps beside a workbook it has open."""
    return path.with_name("~$" + path.name)


def _is_event_workbook(path: Path) -> bool:
    """Whether ``path`` is an Archon event workbook (it has a Methuselahs sheet)."""
    from archon.formats.layout import METHUSELAHS
    from archon.formats.workbook.grid import WorkbookError, open_book

    try:
        with open_book(path) as book:
            return METHUSELAHS.sheet in book.sheet_names
    except (WorkbookError, OSError, ValueError):
        return False


class Output(NamedTuple):
    """A kind of file archon writes as a report: ``what`` it is called in
    messages, the ``suffix`` its name ends with ("" for a folder)."""

    what: str
    suffix: str

    @property
    def a(self) -> str:
        """'a report workbook', 'an HTML report'."""
        return f"{'an' if self.what[:1] in 'aeiouH' else 'a'} {self.what}"

    @property
    def said(self) -> Message:
        """:attr:`what` as the words of a sentence, in the reader's language."""
        return say(_SAID[self.what][0])

    @property
    def a_said(self) -> Message:
        """:attr:`a` as the words of a sentence, in the reader's language."""
        return say(_SAID[self.what][1])


REPORT_WORKBOOK = Output("report workbook", ".xlsx")
SEAT_LIST = Output("round seat list", ".xlsx")
HTML_REPORT = Output("HTML report", ".html")
RATING_WORKBOOK = Output("rating workbook", ".xlsx")
LEAGUE_WORKBOOK = Output("league workbook", ".xlsx")
CSV_SET = Output("CSV set", "")
#: The players' personal codes, one slip each (:mod:`archon.reports.code_slips`).
CODE_SLIPS = Output("code slips", ".xlsx")

#: Each kind's :attr:`Output.what` and :attr:`Output.a` as message ids (what
#: stays English: it is the mark a report workbook carries).
_SAID = {
    "report workbook": ("report.kind.report_workbook", "report.kind.a_report_workbook"),
    "round seat list": ("report.kind.seat_list", "report.kind.a_seat_list"),
    "HTML report": ("report.kind.html_report", "report.kind.an_html_report"),
    "rating workbook": ("report.kind.rating_workbook", "report.kind.a_rating_workbook"),
    "league workbook": ("report.kind.league_workbook", "report.kind.a_league_workbook"),
    "CSV set": ("report.kind.csv_set", "report.kind.a_csv_set"),
    "code slips": ("report.kind.code_slips", "report.kind.a_code_slips"),
}

#: The document property a report workbook carries: its kind (``Output.what``).
#: A file is an earlier output of a kind only if it says so: an .xlsx file
#: without it (another program's, or the organizer's own) is never replaced.
MARK = "archon output"

_HTML_GENERATOR = b'<meta name="generator" content="archon '
#: The report's footer, in any language (and as reports before the languages wrote it).
_HTML_FOOTERS = (b'<footer class="archon-report">', b"<footer>Made with archon ")


def _marked_xlsx(path: Path) -> "str | None":
    """The kind an .xlsx file archon wrote says it is (:data:`MARK`), or None."""
    import re
    import zipfile

    try:
        with zipfile.ZipFile(path) as z:
            xml = z.read("docProps/custom.xml").decode("utf-8", "replace")
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    m = re.search(rf'name="{MARK}"[^>]*>\s*<vt:lpwstr>([^<]*)</vt:lpwstr>', xml)
    return m.group(1) if m else None


def _is_earlier(path: Path, kind: Output) -> bool:
    """Whether the file ``path`` is an earlier output of ``kind``: an .xlsx
    report says so in its document properties, an HTML report by archon's
    generator line and the report's footer (a page of the console carries
    no footer)."""
    if kind.suffix == ".xlsx":
        return _marked_xlsx(path) == kind.what
    if kind == HTML_REPORT:
        try:
            with open(path, "rb") as f:
                text = f.read(64 << 20)
        except OSError:
            return False
        return (text.startswith(b"<!DOCTYPE html>") and _HTML_GENERATOR in text
                and any(m in text for m in _HTML_FOOTERS))
    return False


def _backups_folder_of(target: Path) -> "Path | None":
    """The workbook backups folder (``NAME-backups``, :mod:`archon.formats.workbook.backups`)
    ``target`` is or lies in, or None: archon keeps a workbook's backups and its
    undo journal there, and no report goes in."""
    import glob

    from archon.formats.workbook.backups import BACKUPS_SUFFIX, JOURNAL_NAME

    for folder in (target, *target.resolve().parents):
        name = folder.name
        if not name.endswith(BACKUPS_SUFFIX) or not folder.is_dir():
            continue
        stem = name[: -len(BACKUPS_SUFFIX)]
        if (folder / JOURNAL_NAME).exists() or any(folder.parent.glob(f"{glob.escape(stem)}.*")):
            return folder
    return None


def check_target(path: "str | os.PathLike[str]", kind: Output, *, force: bool = False) -> Path:
    """Raise ReportError (exit status 3) unless the ``kind`` of report can be
    written to ``path``; the one check of every report, rating and league
    output. ``path``'s name ends with the kind's suffix (a CSV set is a
    folder); it is not in a workbook's ``NAME-backups`` folder; its folder
    exists; it is not open in Excel or LibreOffice; it is not an Archon
    event workbook. An existing file is never replaced unless it is an
    earlier output of the same kind (:func:`_is_earlier`) and ``force``
    says to (``--force``); a CSV set's folder likewise when it holds files
    of a set."""
    target = Path(path)
    if kind.suffix and target.suffix.lower() != kind.suffix:
        raise ReportError(say("report.wrong_suffix", file=target.name, what=kind.said, suffix=kind.suffix))
    backups = _backups_folder_of(target)
    if backups is not None:
        where = "is" if target.resolve() == backups.resolve() else "is in"
        raise ReportError(say("report.in_backups" if where == "is in" else "report.is_backups", file=str(target),
                              folder=str(backups), what=kind.said))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ReportError(say("report.no_folder", file=str(target), folder=str(folder)))
    if kind == CSV_SET:
        _check_csv_folder(target, force)
        return target
    if lock_file(target).exists():
        raise ReportError(say("report.open_in", file=str(target), application="Excel", lock=lock_file(target).name))
    lo_lock = target.with_name(f".~lock.{target.name}#")
    if lo_lock.exists():
        raise ReportError(say("report.open_in", file=str(target), application="LibreOffice", lock=lo_lock.name))
    if target.is_file() and _is_event_workbook(target):
        raise ReportError(say("report.event_workbook", file=str(target)))
    if target.exists() or target.is_symlink():
        if not target.is_file() or not _is_earlier(target, kind):
            raise ReportError(say("report.not_ours", file=str(target), what=kind.a_said))
        if not force:
            raise ReportError(say("report.earlier_output", file=str(target), what=kind.said, force=option("force")))
    return target


def _check_csv_folder(target: Path, force: bool) -> None:
    from archon.formats.csvset import set_files_in

    if target.exists() and not target.is_dir():
        raise ReportError(say("csvset.target_is_file", folder=str(target)))
    earlier = set_files_in(target) if target.is_dir() else []
    if earlier and not force:
        files = ", ".join(p.name for p in earlier[:3]) + (", ..." if len(earlier) > 3 else "")
        raise ReportError(say("report.earlier_csv_set", folder=str(target), files=files, force=option("force")))


def write_atomically(path: "str | os.PathLike[str]", data: bytes, kind: Output, *, force: bool = False) -> Path:
    """Write ``data``, a report of ``kind``, to ``path`` whole or not at all
    (:func:`archon.formats.outfiles.write_file`).

    The old file (an earlier report of the same kind, with ``force``) is
    replaced only once the new one is complete. Raises ReportError (exit
    status 3) naming the file when :func:`check_target` refuses it, the
    folder is read-only or the disk is full.
    """
    from archon.formats.outfiles import OutputError, write_file

    target = check_target(path, kind, force=force)
    try:
        return write_file(target, data)
    except OutputError as exc:
        raise ReportError(message_of(exc)) from None


def xlsx_bytes(build: Callable[[Any], None], kind: Output) -> bytes:
    """The ``.xlsx`` file ``build(workbook)`` makes with a new xlsxwriter
    workbook, marked as a report of ``kind`` (:data:`MARK`).

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
        wb.set_custom_property(MARK, kind.what)
        build(wb)
    finally:
        wb.close()
    return buf.getvalue()
