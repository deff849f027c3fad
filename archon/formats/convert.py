"""``archon convert``: bring old and foreign event files into a current Archon workbook.

:func:`convert` reads one of

* an **Archon workbook** in any published form (``.xlsx`` from Excel or
  LibreOffice, the Google Sheets export, ``.ods``, or the same layout saved as
  ``.xls``): v1.5 (any letter) is read with :func:`archon.formats.workbook.read_event`;
  an older edition is recognised from ``Instructions!A1`` (``The Archon
  (v1.2)``) and its sheet names, and each input part of it (event details,
  players, each round, the final, the overrides...) is taken only where the
  label beside it is the one v1.5l prints there
  (:data:`archon.formats.layout.INPUT_LABELS`); what is not is listed;
* the **CSV set** of the archon Discord bot (a folder or a ``.zip``; see
  :mod:`archon.formats.csvset`);
* archon's own **standings JSON** (``archon standings FILE --json``; see
  :mod:`archon.formats.serialize`);

and writes a new current workbook (archon's built-in template, or a copy of
an official Archon given as ``template``) recording the rule edition, then
runs ``archon check`` on it.

Nothing is silently dropped. A value the current layout has no place for (a
4th preliminary round, more than 300 players, a CSV column or a JSON field
that does not map, a cell of the workbook archon could not read, a part of
an older edition whose label differs, a sheet The Archon does not have that
holds values) is *unmapped*: the conversion stops
(:class:`ConversionStopped`, nothing written) unless ``force`` is given, in
which case the rest is converted and the unmapped values are left out.
Inputs of a workbook that the event model does not carry (the judges, new
members, warnings on Tournament Info, round times, the Notes sheet) are
copied cell for cell into the new workbook. A control character in a text
(:mod:`archon.rules.celltext`: invisible, stored as ``_x0001_``) is dropped, and
each text changed is a warning naming where it was read.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Union

from archon.exits import ExitStatus
from archon.rules.typed import LARGEST_EXACT_WHOLE
from archon.words.wording import count
from archon.formats import layout as L
from archon.rules.editions import get_edition
from archon.rules.model import FINAL, Event, Final
from archon.formats.serialize import event_from_dict, standings_to_dict
from archon.rules.standings import compute
from archon.rules.celltext import CONTROL_CHARACTER, dropped, without_control_characters
from archon.rules.validation import Where, event_texts

__all__ = [
    "WORKBOOK",
    "CSV_SET",
    "STANDINGS_JSON",
    "Finding",
    "SourceRead",
    "ConversionResult",
    "ConvertError",
    "ConversionStopped",
    "read_source",
    "layout_findings",
    "convert",
]

WORKBOOK = "workbook"
CSV_SET = "csv-set"
STANDINGS_JSON = "standings-json"

_WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods", ".xls")
_FORMAT_NAMES = {
    "xlsx": "Excel workbook (.xlsx)",
    "google-xlsx": "Google Sheets export (.xlsx)",
    "ods": "LibreOffice workbook (.ods)",
    "xls": "Excel 97-2003 workbook (.xls)",
}


class ConvertError(ValueError):
    """An input archon cannot read, or arguments it cannot follow; the
    message names the file (and sheet, line or field) and what was expected."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class Finding:
    """One thing about the input: ``where`` (``Round-4.csv``,
    ``Methuselahs!M5``, ``standings.json: players[3].deck``) and ``message``."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass
class SourceRead:
    """An input read into an event.

    ``kind``: :data:`WORKBOOK`, :data:`CSV_SET` or :data:`STANDINGS_JSON`;
    ``description``: what was found, in words (``The Archon v1.5l, Excel
    workbook (.xlsx)``); ``version``: The Archon's version for a workbook;
    ``edition``: the rule edition the input records (None: it does not say);
    ``unmapped``: values with no place in the current layout (the conversion
    stops on them unless forced); ``warnings``: what the conversion changed
    (control characters dropped from a text, :mod:`archon.rules.celltext`);
    ``notes``: the rest worth telling (values that differ from what archon
    computes, how things were read); ``carried``: cells copied as they are
    into the new workbook (``{sheet: {cell: value}}``); ``locate``: where in
    the input a :class:`~archon.rules.validation.Where` of the event was read, in
    words (``old.xls: Methuselahs!B7``).
    """

    path: Path
    kind: str
    description: str
    event: Event
    version: Optional[str] = None
    edition: Optional[str] = None
    unmapped: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)
    locate: Optional[Callable[[Where], str]] = field(default=None, repr=False)

    def place(self, where: Where) -> str:
        """Where ``where`` was read, in words (the file and the event's place when it is not known)."""
        return self.locate(where) if self.locate else f"{self.path.name}: {where.describe()}"


@dataclass
class ConversionResult:
    """What :func:`convert` did.

    ``source``: the :class:`SourceRead`; ``output``: the workbook path;
    ``edition`` and ``edition_from`` (``"--edition"``, ``"the input"`` or
    ``"default"``); ``left_out``: unmapped values left out because the
    conversion was forced (empty otherwise); ``written``: the
    :class:`~archon.formats.workbook.WriteReport` (None when stopped); ``problems``:
    what ``archon check`` finds in the new workbook
    (:class:`archon.formats.workbook.problems.CheckedProblem`).
    """

    source: SourceRead
    output: Path
    edition: str
    edition_from: str
    left_out: list[Finding] = field(default_factory=list)
    written: Any = None
    problems: list = field(default_factory=list)
    carried_cells: int = 0
    #: A rehearsal (``--dry-run``): converted and checked, nothing written.
    dry_run: bool = False

    @property
    def unmapped(self) -> list[Finding]:
        return self.source.unmapped

    def lines(self) -> list[str]:
        """What happened, one line each, for the command line."""
        src = self.source
        ev = src.event
        out = [f"read {src.path.name}: {src.description}"]
        rounds = sorted(r.number for r in ev.rounds if r.tables)
        summary = f"{len(ev.players)} players, {ev.format}"
        summary += f", rounds {', '.join(map(str, rounds))} seated" if rounds else ", no round seated"
        summary += ", final seated" if ev.final.seated else ""
        out.append(f"  event: {summary}")
        out.append(f"  rule edition: {self.edition} ({self.edition_from})")
        if src.unmapped:
            head = "left out (--force)" if self.written is not None else "no place in the current layout"
            out.append(f"{head}: {len(src.unmapped)}")
            out.extend(f"  {f}" for f in src.unmapped)
        if src.warnings:
            out.append(f"warnings: {len(src.warnings)}")
            out.extend(f"  {f}" for f in src.warnings)
        if src.notes:
            out.append(f"notes: {len(src.notes)}")
            out.extend(f"  {f}" for f in src.notes)
        if self.written is None:
            return out
        w = self.written
        out.append(f"{'would write' if self.dry_run else 'wrote'} {self.output} ({w.kind} template, {w.edition} rules)")
        if self.carried_cells:
            out.append(f"  copied {count(self.carried_cells, 'other input cell')} as they are (judges, round times, notes)")
        if not self.problems:
            out.append(f"archon check {self.output.name}: no problems found")
        else:
            errors = sum(1 for p in self.problems if p.severity == "error")
            out.append(f"archon check {self.output.name}: {count(len(self.problems), 'problem')}, {count(errors, 'error')}")
            out.extend(f"  {p.severity}: {p}" for p in self.problems)
        if self.dry_run:
            out.append("dry run: nothing written")
        return out


class ConversionStopped(ValueError):
    """The input holds values the current layout has no place for; nothing was
    written. ``result`` is the :class:`ConversionResult` (its ``unmapped``)."""

    exit_status = ExitStatus.PROBLEMS

    def __init__(self, result: ConversionResult) -> None:
        self.result = result
        n = len(result.unmapped)
        super().__init__(
            f"{result.source.path.name}: {count(n, 'value')} {'has' if n == 1 else 'have'} no place in the current Archon layout; "
            f"nothing was written (convert with --force to leave them out)"
        )


# ---------------------------------------------------------------------------
# What the input is


def input_kind(path: Path) -> str:
    """:data:`WORKBOOK`, :data:`CSV_SET` or :data:`STANDINGS_JSON`, from the name and first bytes."""
    if path.is_dir():
        return CSV_SET
    suffix = path.suffix.lower()
    if suffix in _WORKBOOK_SUFFIXES:
        return WORKBOOK
    if suffix in (".zip", ".csv"):
        return CSV_SET
    if suffix == ".json":
        return STANDINGS_JSON
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError as exc:
        raise ConvertError(f"{path.name} cannot be opened: {exc.strerror or exc}") from None
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return STANDINGS_JSON
    if head.startswith(b"PK"):
        import zipfile

        try:
            with zipfile.ZipFile(path) as zf:
                names = set(zf.namelist())
        except (zipfile.BadZipFile, OSError):
            names = set()
        if "[Content_Types].xml" in names or "content.xml" in names:
            return WORKBOOK
        return CSV_SET
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return WORKBOOK
    raise ConvertError(
        f"{path.name}: archon cannot tell what this is: expected an Archon workbook (.xlsx, .ods, .xls), "
        f"a CSV set (a folder or a .zip of Methuselahs.csv, Round-N.csv...) or archon's standings JSON (.json)"
    )


def read_source(path: Union[str, Path], *, edition: Optional[str] = None, notes: bool = True) -> SourceRead:
    """Read any accepted input into a :class:`SourceRead`.

    ``edition`` is the rule edition to read it under (a CSV set's Report is
    compared with standings under it). ``notes=False`` skips what only a
    conversion reports about a standings JSON (fields the contract does not
    name, computed values that differ): reading a whole archive needs the
    event alone. Raises :class:`ConvertError` for an input that cannot be read.
    """
    p = Path(path)
    if not p.exists():
        raise ConvertError(
            f"{p} does not exist: give an Archon workbook, a CSV set (folder or .zip) or a standings JSON file"
        )
    from archon.formats.special_files import special_kind

    special = special_kind(p)  # a FIFO or a device would be waited on forever
    if special is not None:
        raise ConvertError(
            f"{p.name} is {special}, not an event file: give an Archon workbook, a CSV set (folder or .zip) "
            f"or a standings JSON file"
        )
    kind = input_kind(p)
    if kind == WORKBOOK:
        return _read_workbook(p)
    if kind == CSV_SET:
        return _read_csv_set(p, edition)
    return _read_json(p, notes)


# ---------------------------------------------------------------------------
# Workbooks


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
        Finding(reasons[0].split(" holds")[0], f"{part}: not read, the layout differs from v1.5l ("
                + "; ".join(reasons) + ")")
        for part, reasons in bad.items()
    ]
    notes = [
        Finding(sheet, f"{part}: this edition has no sheet '{sheet}', so there is nothing to read")
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


def _read_workbook(p: Path) -> SourceRead:
    from archon.formats.workbook import WorkbookError, detect_kind, read_event
    from archon.formats.workbook.grid import column_letters, open_book

    try:
        read = read_event(p)
    except WorkbookError as exc:
        raise ConvertError(str(exc)) from None
    version = read.version
    fmt = _FORMAT_NAMES.get(read.format, read.format)
    if read.format == "xlsx":
        try:
            if detect_kind(p) == "builtin":
                fmt = "archon's built-in template (.xlsx)"
        except Exception:  # noqa: BLE001 - only the description depends on it
            pass
    app = f", saved by {read.application}" if read.application and read.format != "google-xlsx" else ""
    recognised = version.startswith("1.5")
    description = f"The Archon v{version}, {fmt}{app}"
    sheet_v, cell_v = L.VERSION_CELL
    src = SourceRead(p, WORKBOOK, description, read.event, version=version,
                     locate=lambda where: f"{p.name}: {read.cells.locate(where) or where.describe()}")

    with open_book(p) as book:
        if (book.properties.get(L.ARCHON_MARKS.edition_property) or "").strip():
            src.edition = read.event.edition
        parts: set[str] = set()
        if not recognised:
            parts, unmapped, notes = survey_labels(book)
            src.unmapped.extend(unmapped)
            src.notes.append(Finding(
                f"{sheet_v}!{cell_v}",
                f"The Archon v{version} is older than v1.5: each part is read only where its labels are those "
                f"of v1.5l",
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
                    f"sheet {sheet!r} ({count(len(filled), 'filled cell')}) has no counterpart in The Archon v1.5l: "
                    f"it is not converted",
                ))
            else:
                src.notes.append(Finding(sheet, f"empty sheet {sheet!r}, not in The Archon v1.5l: not converted"))
        src.carried = _carried_cells(book, parts)

    missing_sheets = {n.where for n in src.notes} & set(L.SHEETS)
    for problem in read.problems:
        if (problem.sheet, problem.cell) == (sheet_v, cell_v) and not recognised:
            continue  # the version: said above
        if problem.sheet in missing_sheets and problem.message.id == "read.sheet_missing":
            continue
        src.unmapped.append(Finding(problem.where, problem.text))
    return src


# ---------------------------------------------------------------------------
# CSV sets


def _read_csv_set(p: Path, edition: Optional[str]) -> SourceRead:
    from archon.formats.csvset import CHANGED, DROPPED, CsvSetError, load_csv_set

    try:
        read = load_csv_set(p, edition=edition)
    except CsvSetError as exc:
        raise ConvertError(str(exc)) from None
    what = "a zip" if read.source.is_file() else "a folder"
    src = SourceRead(
        p, CSV_SET, f"the Archon CSV set of the archon Discord bot, in {what} ({', '.join(read.files)})",
        read.event,
    )
    for n in read.notes:
        kept = {DROPPED: src.unmapped, CHANGED: src.warnings}.get(n.kind, src.notes)
        kept.append(Finding(n.where, n.message))
    _date_and_name_from_file_name(src)
    return src


_DATE_IN_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _date_and_name_from_file_name(src: SourceRead) -> None:
    """A CSV set holds neither the event's date nor its name: both are taken
    from its folder's or zip's name when that holds a date
    (``2026-03-14 Lyon Cup.zip``: Lyon Cup, on 2026-03-14), and said so."""
    ev, p = src.event, src.path
    stem = p.name[: -len(p.suffix)] if p.suffix.lower() == ".zip" else p.name
    m = _DATE_IN_NAME.search(stem)
    if ev.date is None and m:
        try:
            ev.date = _dt.date(int(m[1]), int(m[2]), int(m[3]))
            src.notes.append(Finding("", f"the event's date, {ev.date.isoformat()}, is taken from the name {p.name}"))
        except ValueError:
            pass
    # the rest of a name like '2026-03-14 Lyon Cup' names the event; a name
    # without a date ('bot-export') is the download's, not the event's
    name = " ".join(_DATE_IN_NAME.sub(" ", stem).replace("_", " ").split()).strip(" -") if m else ""
    if not ev.name and name:
        ev.name = name
        src.notes.append(Finding("", f"the event's name, {name}, is taken from the name {p.name}"))


# ---------------------------------------------------------------------------
# standings JSON


def _contract_keys() -> dict[str, set[str]]:
    """The keys of the standings contract, taken from :func:`standings_to_dict` itself."""
    from archon.rules.model import Override, Player, Round, Table

    ev = Event(players=[Player(n, "A", "B") for n in range(1, 6)])
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4, 5], [1, 1, 1, 1, 1])]))
    ev.overrides.append(Override(1, 1, "x"))
    ev.final = Final([1, 2, 3, 4, 5], [1, 1, 1, 1, 1])
    d = standings_to_dict(compute(ev), extras=True)  # deck_format is read back when present
    table = d["rounds"][0]["tables"][0]
    return {
        "": set(d),
        "event": set(d["event"]),
        "players[]": set(d["players"][0]),
        "rounds[]": set(d["rounds"][0]),
        "rounds[].tables[]": set(table),
        "rounds[].tables[].seats[]": set(table["seats"][0]),
        "final": set(d["final"]),
        "final.seats[]": set(d["final"]["seats"][0]),
    }


#: what a field of the standings JSON holds, besides null: (JSON types, as said to the organizer)
_TEXT = ((str,), "text")
_NUMBER = ((int, float), "a number")
_EVENT_FIELDS = {
    "name": _TEXT, "city": _TEXT, "level": _TEXT, "format": _TEXT, "edition": _TEXT,
    "archon_version": _TEXT, "deck_format": _TEXT, "date": _TEXT,
}
_PLAYER_FIELDS = {
    "first_name": _TEXT, "last_name": _TEXT, "city": _TEXT, "status": _TEXT,
    "vekn": ((str, int), "a VEKN number"), "coin": _NUMBER,
}


def _json_fields(obj: dict, path: str, fields: dict, fail) -> None:
    """``fail`` on the first of ``fields`` that holds neither null nor its type."""
    for key, (types, said) in fields.items():
        v = obj.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, types)):
            shown = json.dumps(v)
            fail(f"{path}.{key}", f"{said} or null, not {shown if len(shown) < 40 else shown[:37] + '...'}")


def _json_shape(doc: Any, name: str) -> None:
    """Raise :class:`ConvertError` naming the first field that is not the contract's shape."""

    def fail(path: str, expected: str) -> None:
        raise ConvertError(f"{name}: {path}: expected {expected} (archon standings --json)")

    if not isinstance(doc, dict):
        fail("the document", "a JSON object with 'event' and 'players'")
    if not isinstance(doc.get("event"), dict):
        fail("event", "an object with the event's name, date, format...")
    if not isinstance(doc.get("players"), list):
        fail("players", "a list of players")
    _json_fields(doc["event"], "event", _EVENT_FIELDS, fail)
    for i, p in enumerate(doc["players"]):
        if not isinstance(p, dict):
            fail(f"players[{i}]", "an object")
        n = p.get("number")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            fail(f"players[{i}].number", f"a whole player number from 1, not {json.dumps(n)}")
        _json_fields(p, f"players[{i}]", _PLAYER_FIELDS, fail)
    for i, r in enumerate(doc.get("rounds") or []):
        if not isinstance(r, dict) or not isinstance(r.get("round"), int) or not isinstance(r.get("tables"), list):
            fail(f"rounds[{i}]", "an object with a 'round' number and its 'tables'")
        for j, t in enumerate(r["tables"]):
            if not isinstance(t, dict) or not isinstance(t.get("seats"), list):
                fail(f"rounds[{i}].tables[{j}]", "an object with its 'seats'")
            for k, s in enumerate(t["seats"]):
                if not isinstance(s, dict) or not isinstance(s.get("player"), int) or not isinstance(s.get("seat"), int):
                    fail(f"rounds[{i}].tables[{j}].seats[{k}]", "an object with 'seat' and 'player' numbers")
                vp = s.get("vp")
                if vp is not None and (isinstance(vp, bool) or not isinstance(vp, (int, float))):
                    fail(f"rounds[{i}].tables[{j}].seats[{k}].vp", f"a number of VPs or null, not {json.dumps(vp)}")
    f = doc.get("final")
    if f is not None:
        if not isinstance(f, dict) or not isinstance(f.get("seats"), list):
            fail("final", "null or an object with its 'seats'")
        for k, s in enumerate(f["seats"]):
            if not isinstance(s, dict) or not isinstance(s.get("player"), int) or not isinstance(s.get("seat"), int):
                fail(f"final.seats[{k}]", "an object with 'seat' and 'player' numbers")
    date = doc["event"].get("date")
    if date is not None:
        import datetime as dt

        try:
            dt.date.fromisoformat(str(date))
        except ValueError:
            fail("event.date", f"a date written YYYY-MM-DD or null, not {json.dumps(date)}")
    edition = doc["event"].get("edition")
    if edition is not None:
        try:
            get_edition(edition)
        except ValueError as exc:
            fail("event.edition", str(exc).replace("unknown rule edition", "a rule edition, not"))


def _unknown_fields(doc: dict, name: str) -> list[Finding]:
    keys = _contract_keys()
    out: list[Finding] = []

    def visit(obj: Any, shape: str, path: str) -> None:
        if not isinstance(obj, dict) or shape not in keys:
            return
        for k in obj:
            if k not in keys[shape]:
                out.append(Finding(
                    f"{name}: {path + '.' if path else ''}{k}",
                    "not a field of archon's standings JSON: The Archon has no place for it",
                ))
        for k, v in obj.items():
            child = f"{shape + '.' if shape else ''}{k}"
            if isinstance(v, list):
                for i, item in enumerate(v):
                    visit(item, child + "[]", f"{path + '.' if path else ''}{k}[{i}]")
            elif isinstance(v, dict):
                visit(v, child, f"{path + '.' if path else ''}{k}")

    visit(doc, "", "")
    return out


#: Player fields of the contract that archon computes (compared, not read).
_COMPUTED_PLAYER_FIELDS = (
    "rounds_played", "gw", "vp", "tp", "rank", "finalist", "seed", "final_vp", "final_rank", "rating_points",
)


def _json_differences(doc: dict, event: Event, name: str) -> list[Finding]:
    computed = standings_to_dict(compute(event))
    mine = {p["number"]: p for p in computed["players"]}
    out: list[Finding] = []
    for i, p in enumerate(doc["players"]):
        c = mine.get(p["number"])
        if c is None:
            continue
        for k in _COMPUTED_PLAYER_FIELDS:
            if k not in p:
                continue
            a, b = p[k], c[k]
            same = a == b or (
                isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(float(a) - float(b)) < 1e-6
            )
            if not same:
                out.append(Finding(
                    f"{name}: players[{i}].{k}",
                    f"#{p['number']} has {json.dumps(a)} in the file; archon computes {json.dumps(b)}",
                ))
    f = doc.get("final")
    if f and "winner" in f and computed["final"] and f["winner"] != computed["final"]["winner"]:
        out.append(Finding(
            f"{name}: final.winner",
            f"the file says #{f['winner']}; archon computes #{computed['final']['winner']}",
        ))
    return out


class _NotFinite(ValueError):
    """A JSON number no cell can hold: NaN, Infinity (Python's json reads
    them), a float too large for a double (1e400) or a whole number a double
    does not hold exactly (above 2**53)."""


def _not_a_json_number(text: str):
    raise _NotFinite(text)


def _exact_number(text: str) -> int:
    value = int(text) if len(text) < 20 else 2**64  # int() refuses over 4300 digits
    if abs(value) > LARGEST_EXACT_WHOLE:
        raise _NotFinite(text if len(text) < 30 else text[:27] + "...")
    return value


def _finite_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _read_json(p: Path, notes: bool = True) -> SourceRead:
    try:
        text = p.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise ConvertError(f"{p.name} cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ConvertError(f"{p.name} is not UTF-8 text: expected archon's standings JSON") from None
    try:
        doc = json.loads(text, parse_constant=_not_a_json_number, parse_float=_finite_number,
                         parse_int=_exact_number)
    except _NotFinite as exc:
        raise ConvertError(
            f"{p.name}: {exc.args[0]} is not a number a workbook can hold: "
            f"expected the output of 'archon standings FILE --json'"
        ) from None
    except RecursionError:
        raise ConvertError(
            f"{p.name}: its lists and objects are nested too deep to be archon's standings JSON: "
            f"expected the output of 'archon standings FILE --json'"
        ) from None
    except json.JSONDecodeError as exc:
        raise ConvertError(
            f"{p.name}, line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg}): "
            f"expected the output of 'archon standings FILE --json'"
        ) from None
    _json_shape(doc, p.name)
    try:
        event = event_from_dict(doc)
    except ValueError as exc:
        raise ConvertError(f"{p.name}: {exc}") from None
    e = doc["event"]
    src = SourceRead(
        p, STANDINGS_JSON,
        f"archon standings JSON ({e.get('name') or 'unnamed event'}"
        + (f", The Archon v{e['archon_version']}" if e.get("archon_version") else "") + ")",
        event, version=e.get("archon_version"), edition=e.get("edition"),
        locate=lambda where: _json_place(where, doc, p.name),
    )
    if notes:
        src.unmapped.extend(_unknown_fields(doc, p.name))
    fmt = str(e.get("format") or "")
    if fmt and fmt.upper() not in ("2R+F", "3R+F"):
        src.unmapped.append(Finding(
            f"{p.name}: event.format",
            f"{fmt!r}: The Archon runs 2R+F or 3R+F (read as {event.format})",
        ))
    if event.preliminary_rounds not in (2, 3):
        event.preliminary_rounds = 3
    if notes:
        src.notes.extend(_json_differences(doc, event, p.name))
    return src


def _json_place(where: Where, doc: dict, name: str) -> str:
    """``standings.json: players[3].first_name`` for a player's field or an
    event's detail; else the file and the event's place in words."""
    if where.kind == "event" and where.field:
        return f"{name}: event.{where.field}"
    if where.kind == "player" and where.field:
        for i, p in enumerate(doc["players"]):
            if p.get("number") == where.player:
                return f"{name}: players[{i}].{where.field}"
    return f"{name}: {where.describe()}"


# ---------------------------------------------------------------------------
# Control characters


def _drop_control_characters(src: SourceRead) -> None:
    """Drop the control characters from every text of ``src``'s event and of
    its carried cells (:mod:`archon.rules.celltext`), each said in ``src.warnings``
    naming where it was read: a workbook would store them as ``_x0001_``."""
    for t in event_texts(src.event):
        if CONTROL_CHARACTER.search(t.text):
            src.warnings.append(Finding(src.place(t.where), dropped(t.what, t.text)))
            setattr(t.holder, t.attribute, without_control_characters(t.text))
    for sheet, cells in src.carried.items():
        for ref, value in cells.items():
            if isinstance(value, str) and CONTROL_CHARACTER.search(value):
                src.warnings.append(Finding(f"{src.path.name}: {sheet}!{ref}", dropped("the text", value)))
                cells[ref] = without_control_characters(value)


# ---------------------------------------------------------------------------
# What the layout can hold


def layout_findings(event: Event, *, trim: bool = False) -> list[Finding]:
    """What of ``event`` has no place in an Archon workbook; with ``trim`` it
    is also taken out of ``event`` (players past 300, rounds past 3, tables
    past 60, seats past 5, final seats past 5, overrides past 120)."""
    out: list[Finding] = []
    max_players = L.METHUSELAHS.last_row - L.METHUSELAHS.first_row + 1
    if len(event.players) > max_players:
        extra = event.players[max_players:]
        out.append(Finding(
            L.METHUSELAHS.sheet,
            f"{len(event.players)} players: the sheet holds {max_players} (rows {L.METHUSELAHS.first_row} to "
            f"{L.METHUSELAHS.last_row}); players {', '.join('#' + str(p.number) for p in extra[:10])}"
            f"{'...' if len(extra) > 10 else ''} have no row",
        ))
        if trim:
            event.players = event.players[:max_players]
    kept = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        if rnd.number not in L.ROUND_SHEETS:
            seats = sum(t.size for t in rnd.tables)
            out.append(Finding(
                f"round {rnd.number}",
                f"The Archon has sheets for preliminary rounds {min(L.ROUND_SHEETS)} to {max(L.ROUND_SHEETS)} "
                f"only: round {rnd.number} ({len(rnd.tables)} tables, {seats} seats) has no place",
            ))
            if trim:
                event.overrides = [o for o in event.overrides if str(o.round) != str(rnd.number)]
                continue
        sheet = L.ROUND_SHEETS.get(rnd.number, f"round {rnd.number}")
        if len(rnd.tables) > L.ROUND.max_tables:
            out.append(Finding(
                sheet, f"{len(rnd.tables)} tables: the sheet holds {L.ROUND.max_tables}; tables "
                       f"{L.ROUND.max_tables + 1} to {len(rnd.tables)} have no rows",
            ))
            if trim:
                rnd.tables = rnd.tables[: L.ROUND.max_tables]
        for k, t in enumerate(rnd.tables, start=1):
            if t.size > L.ROUND.rows_per_table:
                out.append(Finding(
                    sheet, f"table {k} has {t.size} players: a table has {L.ROUND.rows_per_table} rows; "
                           f"players {', '.join('#' + str(n) for n in t.players[L.ROUND.rows_per_table:])} have no seat",
                ))
                if trim:
                    t.players = t.players[: L.ROUND.rows_per_table]
                    t.vps = t.vps[: L.ROUND.rows_per_table]
        kept.append(rnd)
    if trim:
        event.rounds = kept
    if event.preliminary_rounds not in (2, 3):
        out.append(Finding(
            L.INFO.sheet, f"{event.format}: The Archon runs 2R+F or 3R+F",
        ))
        if trim:
            event.preliminary_rounds = 3
    seats = L.FINAL.last_row - L.FINAL.first_row + 1
    if len(event.final.seating) > seats:
        out.append(Finding(
            L.FINAL.sheet, f"the final has {len(event.final.seating)} seats: the sheet holds {seats}",
        ))
        if trim:
            event.final = Final(event.final.seating[:seats], event.final.vps[:seats])
    max_overrides = L.OVERRIDE.last_row - L.OVERRIDE.first_row + 1
    if len(event.overrides) > max_overrides:
        out.append(Finding(
            L.OVERRIDE.sheet, f"{len(event.overrides)} overrides: the sheet holds {max_overrides}",
        ))
        if trim:
            event.overrides = event.overrides[:max_overrides]
    return out


# ---------------------------------------------------------------------------
# convert


def convert(
    source: Union[str, Path],
    output: Union[str, Path],
    *,
    edition: Optional[str] = None,
    template: Union[str, Path, None] = None,
    force: bool = False,
    progress: Optional[Callable[[str], None]] = None,
    dry_run: bool = False,
) -> ConversionResult:
    """Convert ``source`` (a workbook, a CSV set or a standings JSON) into a new
    current Archon workbook at ``output`` (``.xlsx``, must not exist).

    ``edition`` (``current``, ``2004``, ``2001``) is the rule edition the
    event ran under; default: the one the input records, else ``current``. It
    is recorded in the new workbook and used by every command on it.
    ``template``: an official Archon workbook to copy instead of archon's
    built-in template. ``progress`` is called with a short sentence before
    each step (reading, writing, checking). Returns a
    :class:`ConversionResult` (with what ``archon check`` finds in the new
    workbook).

    ``dry_run``: the conversion is made and checked in a temporary folder
    and thrown away: nothing is written.

    Raises :class:`ConvertError` (unreadable input, ``output`` not
    ``.xlsx``, unknown edition: exit status 2); :class:`ConversionStopped`
    when values have no place in the current layout and ``force`` is not
    given (nothing is written: 1); :class:`archon.formats.workbook.WriteError` when
    the workbook cannot be written (``output`` exists, its folder does not: 3).
    """
    from archon.formats.workbook import WriteError

    out = Path(output)
    if out.suffix.lower() not in (".xlsx", ".xlsm"):
        raise ConvertError(f"{out.name}: archon writes Excel workbooks: give an output name ending in .xlsx")
    if out.exists():
        raise WriteError(f"{out} already exists: choose another name (convert never replaces a file)")
    if not (out.parent if str(out.parent) else Path(".")).is_dir():
        raise WriteError(f"folder {out.parent} does not exist")
    if template is not None and not Path(template).is_file():
        raise ConvertError(f"template {template} does not exist: give an official Archon .xlsx")
    if edition is not None:
        try:
            edition = get_edition(edition).name
        except ValueError as exc:
            raise ConvertError(str(exc)) from None
    say = progress or (lambda _msg: None)
    say(f"reading {Path(source).name}...")
    src = read_source(source, edition=edition)
    _drop_control_characters(src)
    if edition is not None:
        ed, ed_from = edition, "--edition"
        if src.edition and src.edition != edition:
            src.notes.append(Finding("", f"the input records the rule edition {src.edition!r}; --edition gives {edition!r}"))
    elif src.edition:
        ed, ed_from = get_edition(src.edition).name, "recorded in the input"
    else:
        ed, ed_from = get_edition(None).name, "default; the input does not say, give --edition otherwise"
    event = src.event
    event.edition = ed
    src.unmapped.extend(layout_findings(event, trim=False))
    result = ConversionResult(source=src, output=out, edition=ed, edition_from=ed_from)
    if src.unmapped and not force:
        raise ConversionStopped(result)
    if src.unmapped:
        layout_findings(event, trim=True)
        result.left_out = list(src.unmapped)
    if not dry_run:
        _write_and_check(out, event, template, src.carried, result, say)
        return result
    from archon.formats.workbook.safety import safe_write

    safe_write(out, lambda f: None, must_exist=False, dry_run=True)  # refused where the write would be
    with tempfile.TemporaryDirectory(prefix="archon-dry-run-") as tmp:
        _write_and_check(Path(tmp) / out.name, event, template, src.carried, result, say)
    result.dry_run = True
    return result


def _write_and_check(out: Path, event: Event, template, carried, result: ConversionResult, say) -> None:
    """Write the new workbook at ``out`` and record what ``archon check`` finds in it."""
    say(f"writing {out.name}...")
    result.written, result.carried_cells = _write(out, event, template, carried)
    from archon.formats.workbook.problems import check_workbook

    say(f"checking {out.name}...")
    # seating notes (criteria R2-R7, R1 in rounds played) describe history, not problems
    result.problems = [p for p in check_workbook(out) if p.severity != "note"]


def _write(out: Path, event: Event, template, carried: dict[str, dict[str, Any]]):
    """Write the new workbook; copy the carried cells in the same write."""
    from archon.formats.workbook import new_event
    from archon.formats.workbook.safety import safe_write
    from archon.formats.workbook.xlsxpatch import PatchError, patch_package

    if not carried:
        return new_event(out, event, template=template), 0
    folder = out.parent if str(out.parent) else Path(".")
    with tempfile.TemporaryDirectory(prefix=".archon-convert-", dir=folder) as tmp:
        first = Path(tmp) / out.name
        report = new_event(first, event, template=template)
        data = first.read_bytes()

        def write(f) -> None:
            try:
                patch_package(data, f, carried)
            except PatchError as exc:
                from archon.formats.workbook import WriteError

                raise WriteError(f"{out.name}: {exc}") from None

        safe_write(out, write, must_exist=False)
    report.path = out
    return report, sum(len(cells) for cells in carried.values())
