"""Reading a workbook to convert: The Archon v1.5 as it is, an older edition
part by part where its labels are v1.5l's (:func:`survey_labels`), and the
input cells the event model does not carry, copied as they are."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from archon.formats import layout as L
from archon.rules.model import FINAL, Event, Final
from archon.words.message import message_of, say
from archon.formats.convert_types import (
    WORKBOOK, ConvertError, Finding, SourceRead,
)

_FORMAT_NAMES = {
    "xlsx": "Excel workbook (.xlsx)",
    "google-xlsx": "Google Sheets export (.xlsx)",
    "ods": "LibreOffice workbook (.ods)",
    "xls": "Excel 97-2003 workbook (.xls)",
}



def _normal_label(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _label_key(text: str) -> str:
    """The part of a label that identifies it: ``Event Date (DD-MON-YY):`` -> ``eventdate``."""
    return _normal_label(text.split("(")[0].split(":")[0])


def label_matches(found: Any, expected: str) -> bool:
    """Whether a label read from a workbook is v1.5l's ``expected`` label (the
    words before any ``(`` or ``:``; case, spaces and punctuation ignored)."""
    if not isinstance(found, str):
        return False
    key = _label_key(expected)
    if not key:  # "#"
        return found.strip() == expected.strip()
    return _normal_label(found).startswith(key)


def survey_labels(book) -> tuple[set[str], list[Finding], list[Finding]]:
    """``(parts not mapped, unmapped findings, notes)`` for an open workbook:
    each part of :data:`archon.formats.layout.INPUT_LABELS` is mapped when every one of
    its labels is where v1.5l has it; a part whose sheet is missing has
    nothing to map (a note)."""
    by_sheet: dict[str, list[L.InputLabel]] = {}
    for lab in L.INPUT_LABELS:
        by_sheet.setdefault(lab.sheet, []).append(lab)
    bad: dict[str, list[str]] = {}
    missing: dict[str, str] = {}
    from archon.formats.workbook.grid import column_letters, split_address

    for sheet, labels in by_sheet.items():
        if not book.has_sheet(sheet):
            for lab in labels:
                missing.setdefault(lab.part, sheet)
            continue
        places = [split_address(lab.cell) for lab in labels]
        cols = sorted({column_letters(c) for _, c in places})
        cells = book.read_columns(sheet, cols, min(r for r, _ in places), max(r for r, _ in places))
        for lab, (r, c) in zip(labels, places):
            value = cells.at(r, c).value
            if not label_matches(value, lab.text):
                shown = repr(value) if value not in (None, "") else "nothing"
                bad.setdefault(lab.part, []).append(
                    f"{sheet}!{lab.cell} holds {shown} where v1.5l has {lab.text!r}"
                )
    unmapped = [
        Finding(reasons[0].split(" holds")[0], say("convert.part_differs", part=part, reasons=reasons))
        for part, reasons in bad.items()
    ]
    notes = [
        Finding(sheet, say("convert.part_missing", part=part, sheet=sheet))
        for part, sheet in missing.items() if part not in bad
    ]
    return set(bad) | set(missing), unmapped, notes


def _drop_parts(event: Event, parts: set[str]) -> None:
    """Leave out of ``event`` what was read from parts whose layout is not v1.5l's."""
    default = Event()
    if "event name" in parts:
        event.name = ""
    if "event date" in parts:
        event.date = None
    if "organizer" in parts:
        event.organizer = None
        event.organizer_vekn = None
    if "city" in parts:
        event.city = None
    if "deck format" in parts:
        event.deck_format = None
    if "level" in parts:
        event.level = None
    if "number of rounds" in parts:
        seated = max((r.number for r in event.rounds if r.tables), default=0)
        event.preliminary_rounds = seated if seated in (2, 3) else default.preliminary_rounds
    if "players" in parts:
        event.players = []
    for p in event.players:
        if "player cities" in parts:
            p.city = None
        if "VEKN numbers" in parts:
            p.vekn = None
        if "DQ flags" in parts:
            p.out = None
        if "coin rankings" in parts:
            p.coin = None
    for k in L.ROUND_SHEETS:
        if f"round {k}" in parts:
            event.rounds = [r for r in event.rounds if r.number != k]
            event.overrides = [o for o in event.overrides if str(o.round) != str(k)]
    if "final" in parts:
        event.final = Final()
        event.overrides = [o for o in event.overrides if str(o.round).upper() != FINAL]
    if "overrides" in parts:
        event.overrides = []


def _carried_cells(book, parts: set[str]) -> dict[str, dict[str, Any]]:
    """Inputs the event model does not hold, to copy cell for cell: Tournament
    Info's report details and judges, round times, the Notes sheet."""
    from archon.formats.workbook.grid import column_letters

    out: dict[str, dict[str, Any]] = {}

    def keep(sheet: str, ref: str, cell) -> None:
        v = cell.value
        if cell.formula or cell.error or v is None or (isinstance(v, str) and not v.strip()):
            return
        if isinstance(v, str) and v.strip() == L.VEKN_PLACEHOLDER:
            return  # The Archon's own placeholder, saved as a value in an .xls
        out.setdefault(sheet, {})[ref] = v

    info = L.INFO
    if book.has_sheet(info.sheet) and "judges and report details" not in parts:
        first = int(info.new_members[1:])
        last = info.assistant_judges_rows[1]
        cols = [info.new_members[0], info.head_judge_vekn[0]]
        cells = book.read_columns(info.sheet, cols, first, last)
        for r in range(first, last + 1):
            for col in cols:
                keep(info.sheet, f"{col}{r}", cells.at(r, col))
    times = [(sheet, L.ROUND.start_time, L.ROUND.end_time, f"round {k}") for k, sheet in L.ROUND_SHEETS.items()]
    times.append((L.FINAL.sheet, L.FINAL.start_time, L.FINAL.end_time, "final"))
    for sheet, start, end, part in times:
        if part in parts or not book.has_sheet(sheet):
            continue
        for ref in (start, end):
            keep(sheet, ref, book.read_cell(sheet, ref))
    notes = L.NOTES
    if book.has_sheet(notes.sheet) and "notes" not in parts:
        first_row = int(notes.first_cell[1:])
        label = next(lab for lab in L.INPUT_LABELS if lab.part == "notes")
        cells = book.read_rows(notes.sheet, range(first_row, first_row + _NOTES_ROWS), 1, _NOTES_COLUMNS)
        for (r, c), cell in sorted(cells.items()):
            ref = f"{column_letters(c)}{r}"
            if ref == label.cell and label_matches(cell.value, label.text):
                continue
            keep(notes.sheet, ref, cell)
    return out


#: How much of the Notes sheet is copied: rows from its first cell, columns A..
_NOTES_ROWS = 500
_NOTES_COLUMNS = 12
#: How much of a sheet The Archon does not have is looked at for values.
_EXTRA_SHEET_ROWS = 1000
_EXTRA_SHEET_COLUMNS = 52


def read_workbook(p: Path) -> SourceRead:
    from archon.formats.workbook import WorkbookError, detect_kind, read_event
    from archon.formats.workbook.grid import column_letters, open_book

    try:
        read = read_event(p)
    except WorkbookError as exc:
        raise ConvertError(message_of(exc)) from None
    version = read.version
    fmt = _FORMAT_NAMES.get(read.format, read.format)
    if read.format == "xlsx":
        try:
            if detect_kind(p) == "builtin":
                fmt = "archon's built-in template (.xlsx)"
        except Exception:  # noqa: BLE001 - only the description depends on it
            pass
    app = (say("convert.workbook.saved_by", application=read.application)
           if read.application and read.format != "google-xlsx" else say("text", text=""))
    recognised = version.startswith("1.5")
    description = say("convert.workbook", version=version, format=fmt, saved=app)
    sheet_v, cell_v = L.VERSION_CELL
    src = SourceRead(p, WORKBOOK, description, read.event, version=version,
                     locate=lambda where: f"{p.name}: {read.cells.locate(where) or where.describe()}")

    with open_book(p) as book:
        src.records = {k: v for k, v in book.properties.items() if L.ARCHON_MARKS.is_record(k) and v}
        if (book.properties.get(L.ARCHON_MARKS.edition_property) or "").strip():
            src.edition = read.event.edition
        parts: set[str] = set()
        if not recognised:
            parts, unmapped, notes = survey_labels(book)
            src.unmapped.extend(unmapped)
            src.notes.append(Finding(
                f"{sheet_v}!{cell_v}",
                say("convert.older_edition", version=version),
            ))
            src.notes.extend(notes)
            _drop_parts(read.event, parts)
        # Sheets the organizer added (or an older edition had): nowhere to put them.
        for sheet in (s for s in book.sheet_names if s not in L.SHEETS):
            cells = book.read_rows(sheet, range(1, _EXTRA_SHEET_ROWS + 1), 1, _EXTRA_SHEET_COLUMNS)
            filled = sorted((r, c) for (r, c), cell in cells.items() if not cell.is_blank)
            if filled:
                r, c = filled[0]
                src.unmapped.append(Finding(
                    f"{sheet}!{column_letters(c)}{r}",
                    say("convert.extra_sheet", sheet=repr(sheet), cells=len(filled)),
                ))
            else:
                src.notes.append(Finding(sheet, say("convert.empty_sheet", sheet=repr(sheet))))
        src.carried = _carried_cells(book, parts)

    missing_sheets = {n.where for n in src.notes} & set(L.SHEETS)
    for problem in read.problems:
        if (problem.sheet, problem.cell) == (sheet_v, cell_v) and not recognised:
            continue  # the version: said above
        if problem.sheet in missing_sheets and problem.message.id == "read.sheet_missing":
            continue
        src.unmapped.append(Finding(problem.where, problem.message))
    return src


