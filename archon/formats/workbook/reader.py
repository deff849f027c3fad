"""Read an Archon workbook into the event model.

:func:`read_event` reads the *inputs* of an Archon workbook (what an
organizer types: ``../shared/archon/FORMAT.md``, "Inputs"; every address
from :mod:`archon.formats.layout`) into an :class:`~archon.rules.model.Event`, and returns
it in a :class:`ReadResult` with

* ``problems``: :class:`ReadProblem` objects (sheet, cell, message) for what
  the file holds but the model cannot, or holds oddly: a table of 3 players,
  an empty row inside a table, a player number that is not a whole number, a
  VP that is not a number (it counts as 0, as in The Archon), a formula
  without a saved value...; reading never stops on them;
* ``cells``: an :class:`EventCells` map from players, seats, tables and
  overrides back to their cells, so a check can say ``Round 2!E14``.

Nothing The Archon computes is read: GW, TP, ranks, finalists and rating
points are :mod:`archon.rules.standings`' job. The one formula the reader
evaluates is the template's own seating formula in the Round sheets' player
column, when the organizer has not typed over it::

    =IF(ISBLANK('Tournament Info'!$B$11),"",
        INDIRECT(ADDRESS(ROW(),1,1,1,"Optimal Seating "&'Tournament Info'!$B$11-1&"R+F")))

It is resolved exactly as the template does it, from the chart sheet the
file itself holds (see :meth:`_Reader._chart_seat`), whether or not the file
saved a value for it: the formula is volatile, Excel recomputes it on every
open, so a saved value can be stale.

What real files contain, and how it is read: blank, ``None`` or ``""`` cells
are empty; a blank VP is 0; numbers typed as text (``"2.5"``, ``"2,5"``,
``"2½"``) are numbers; player rows come in any order; text is stripped of
stray spaces and Unicode-normalised (NFC); a DQ flag is any text; VEKN
numbers typed as numbers or text give a string of digits (``1234567.0`` ->
``"1234567"``); dates may be real dates, Excel serial numbers or text.
"""

from __future__ import annotations

import datetime as _dt
import functools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from archon.formats import layout as L
from archon.rules.editions import EDITIONS, TABLE_SIZES
from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.formats.workbook.grid import Book, Cell, Cells, WorkbookError, column_index, column_letters, excel_serial_to_datetime, open_book, split_address
from archon.rules.typed import number_from_text

__all__ = [
    "CellRef",
    "ReadProblem",
    "EventCells",
    "ReadResult",
    "read_event",
    "load_event",
    "WorkbookError",
]

RoundKey = Union[int, str]  # 1, 2, 3 or model.FINAL


# ---------------------------------------------------------------- results

@dataclass(frozen=True)
class CellRef:
    """A cell (``"E14"``) or a range (``"A7:A11"``) of a sheet; prints as ``Round 2!E14``."""

    sheet: str
    cell: str

    def __str__(self) -> str:
        return f"{self.sheet}!{self.cell}"


@dataclass(frozen=True)
class ReadProblem:
    """Something in the file the model cannot hold as it is, with where it is.

    ``sheet`` and ``cell`` (a cell ``"E14"`` or a range ``"A7:A11"``) say
    where; ``message`` says what is wrong, what archon did with it and what to
    do. ``str(problem)`` is ``"Round 2!E14: ..."``.
    """

    sheet: str
    cell: str
    message: str

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.cell}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


_PLAYER_FIELDS = {
    "number": L.METHUSELAHS.number,
    "player": L.METHUSELAHS.number,
    "first_name": L.METHUSELAHS.first_name,
    "name": L.METHUSELAHS.first_name,
    "last_name": L.METHUSELAHS.last_name,
    "city": L.METHUSELAHS.city,
    "vekn": L.METHUSELAHS.vekn,
    "out": L.METHUSELAHS.out,
    "coin": L.METHUSELAHS.coin,
}


@dataclass
class EventCells:
    """Where each part of the event read sits in the workbook.

    ``player_rows``: player number -> its Methuselahs row(s) (more than one
    when a number is used twice); ``seat_rows``: ``(round, table, seat)`` ->
    the row of that seat on the round's sheet (``round`` is 1..3, or
    :data:`archon.rules.model.FINAL` with table 1 for the final); ``override_rows``:
    the Override row of each ``event.overrides[i]``.
    """

    player_rows: dict[int, list[int]] = field(default_factory=dict)
    seat_rows: dict[tuple[RoundKey, int, int], int] = field(default_factory=dict)
    override_rows: list[int] = field(default_factory=list)

    @staticmethod
    def info(name: str) -> CellRef:
        """A Tournament Info field by its :data:`archon.formats.layout.INFO` name (``"date"`` -> B4)."""
        return CellRef(L.INFO.sheet, getattr(L.INFO, name))

    def player(self, number: int, field: str = "number") -> Optional[CellRef]:
        """A player's cell: ``field`` is ``number``, ``first_name``, ``last_name``, ``city``,
        ``vekn``, ``out`` or ``coin`` (or a column letter)."""
        rows = self.player_rows.get(number)
        if not rows:
            return None
        col = _PLAYER_FIELDS.get(field, field if field.isalpha() and field.isupper() else L.METHUSELAHS.number)
        return CellRef(L.METHUSELAHS.sheet, f"{col}{rows[0]}")

    def seat(self, round: RoundKey, table: int, seat: int, field: str = "player") -> Optional[CellRef]:
        """The player cell of a seat (``field="vp"``: its VP cell); table is 1 for the final."""
        key = (FINAL if _is_final(round) else int(round), 1 if _is_final(round) else table, seat)
        row = self.seat_rows.get(key)
        if row is None:
            return None
        return CellRef(_sheet_of(key[0]), f"{_column_of(key[0], field)}{row}")

    def vp(self, round: RoundKey, table: int, seat: int) -> Optional[CellRef]:
        """The VP cell of a seat."""
        return self.seat(round, table, seat, field="vp")

    @staticmethod
    def table(round: RoundKey, table: int = 1, field: str = "player") -> CellRef:
        """A table's five rows (``Round 1!A7:A11``; ``field="vp"``: ``E7:E11``; the final: ``A14:A18``)."""
        if _is_final(round):
            first, last = L.FINAL.first_row, L.FINAL.last_row
            key: RoundKey = FINAL
        else:
            rows = L.round_table_rows(table)
            first, last = rows[0], rows[-1]
            key = int(round)
        col = _column_of(key, field)
        return CellRef(_sheet_of(key), f"{col}{first}:{col}{last}")

    def override(self, index: int) -> Optional[CellRef]:
        """The Override row of ``event.overrides[index]`` (its round cell)."""
        if 0 <= index < len(self.override_rows):
            return CellRef(L.OVERRIDE.sheet, f"{L.OVERRIDE.round}{self.override_rows[index]}")
        return None

    def locate(self, where) -> Optional[CellRef]:
        """The cell for a :class:`archon.rules.validation.Where` (any object with its attributes)."""
        kind = getattr(where, "kind", None)
        fld = getattr(where, "field", None) or ""
        if kind == "player" and where.player is not None:
            return self.player(where.player, fld or "number")
        if kind == "seat" and where.seat is not None:
            return self.seat(where.round, where.table or 1, where.seat, "vp" if fld == "vp" else "player")
        if kind == "table" and where.round is not None:
            return self.table(where.round, where.table or 1, "vp" if fld == "vp" else "player")
        if kind == "override" and where.index is not None:
            return self.override(where.index)
        if kind == "final":
            return self.table(FINAL)
        if kind == "event" and fld and isinstance(getattr(L.INFO, fld, None), str):
            return self.info(fld)
        return None


def _is_final(round: RoundKey) -> bool:
    return isinstance(round, str) and round.strip().upper() == FINAL


def _sheet_of(round: RoundKey) -> str:
    return L.FINAL.sheet if _is_final(round) else L.ROUND_SHEETS[int(round)]


def _column_of(round: RoundKey, field: str) -> str:
    if _is_final(round):
        return L.FINAL.vp if field == "vp" else L.FINAL.player
    return L.ROUND.vp if field == "vp" else L.ROUND.player


@dataclass
class ReadResult:
    """What :func:`read_event` returns.

    ``event``: the :class:`~archon.rules.model.Event`; ``problems``: list of
    :class:`ReadProblem`; ``cells``: the :class:`EventCells` address map;
    ``format``: ``"xlsx"``, ``"google-xlsx"``, ``"ods"`` or ``"xls"``;
    ``version``: The Archon's version from ``Instructions!A1`` (``"1.5l"``);
    ``path``: the file read; ``application``: the program that saved it, as
    the file says (``"Microsoft Excel"``, ``"LibreOffice/7.4..."``), or None;
    ``typed_rounds``: the preliminary rounds with a value typed (not a
    formula) in a player cell of their sheet: the others show no seat or The
    Archon's seating chart.
    """

    event: Event
    problems: list[ReadProblem]
    cells: EventCells
    format: str
    version: str
    path: Path
    application: Optional[str] = None
    typed_rounds: frozenset[int] = frozenset()

    @property
    def chart_rounds(self) -> set[int]:
        """Rounds shown from The Archon's optimal seating chart (its formulas),
        with no seat typed over them and no VP typed: not seated by anyone
        yet; they follow the number of players."""
        return {
            r.number for r in self.event.rounds
            if r.tables and r.number in L.ROUND_SHEETS and r.number not in self.typed_rounds
            and not r.has_results()
        }


# ---------------------------------------------------------------- entry points

def read_event(path: Union[str, Path]) -> ReadResult:
    """Read the Archon workbook at ``path`` (.xlsx, .ods or .xls) into an event.

    Raises :class:`WorkbookError` (a ``ValueError``) naming the file when it
    is missing, damaged, not a spreadsheet, or not an Archon workbook.
    Everything odd *inside* an Archon workbook is reported in
    ``ReadResult.problems`` instead.
    """
    p = Path(path)
    try:
        with open_book(p) as book:
            return _Reader(book).read()
    except WorkbookError as exc:  # damaged? say how to put back the last version archon wrote
        from archon.formats.workbook.repair import with_repair_hint

        raise with_repair_hint(exc, p) from None


def load_event(path: Union[str, Path]) -> Event:
    """Just the :class:`~archon.rules.model.Event` of :func:`read_event` (problems are dropped)."""
    return read_event(path).event


# ---------------------------------------------------------------- values

#: Editions whose layout is the one :mod:`archon.formats.layout` describes.
_KNOWN_VERSION_PREFIX = "1.5"

#: "The Archon (v1.5l)"; older editions may spell it "The Archon v1.2" or
#: "The Archon - v1.1g" (group 2).
_VERSION = re.compile(
    r"The\s+Archon\s*(?:\(\s*v?\s*([^)]*?)\s*\)|[-\u2013:,]?\s*v\.?\s*(\d+(?:\.[0-9A-Za-z]+)*))", re.I
)


def _is_blank_value(v: object) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


_number_text = number_from_text


def _as_number(v: object) -> tuple[Optional[float], bool]:
    """``(number, ok)``: ``(None, True)`` for blank, ``(None, False)`` for not a number."""
    if _is_blank_value(v):
        return None, True
    if isinstance(v, bool) or isinstance(v, (_dt.date, _dt.datetime)):
        return None, False
    if isinstance(v, (int, float)):
        return (float(v), True) if math.isfinite(v) else (None, False)
    x = _number_text(str(v))
    return (x, x is not None)


def _fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _show(v: object) -> str:
    """A value as the organizer sees it, for messages."""
    if isinstance(v, float):
        return _fmt_num(v)
    if isinstance(v, _dt.datetime):
        return v.date().isoformat() if v.time() == _dt.time() else v.isoformat(sep=" ")
    return repr(v) if isinstance(v, str) else str(v)


def _clean(v: object) -> Optional[str]:
    """Text of a cell, stray spaces removed (inner runs of spaces become one); None if blank."""
    if v is None:
        return None
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float):
        return _fmt_num(v)
    if isinstance(v, _dt.datetime):
        return _show(v)
    s = " ".join(str(v).split())
    return s or None


_DIGITS = re.compile(r"^\d+(?:[.,]0+)?$")


def _vekn(v: object) -> Optional[str]:
    """A VEKN number as a string of digits: ``1234567.0`` or ``" 1234567 "`` -> ``"1234567"``."""
    if isinstance(v, float) and not isinstance(v, bool):
        return str(int(v)) if v.is_integer() and v >= 0 else _fmt_num(v)
    s = _clean(v)
    if s is None:
        return None
    compact = s.replace(" ", "")
    if _DIGITS.match(compact):
        return re.split(r"[.,]", compact)[0]
    return s


_DATE_FORMATS_UNAMBIGUOUS = (
    "%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y", "%d.%m.%y", "%d-%m-%Y",
    "%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%b %d %Y",
    "%d %B, %Y", "%A %d %B %Y", "%A, %B %d, %Y",
)


def _parse_date_text(s: str) -> tuple[Optional[_dt.date], Optional[str]]:
    """``(date, note)``: note says how an ambiguous day/month was read, or why it failed."""
    t = " ".join(s.split())
    try:
        return _dt.datetime.fromisoformat(t).date(), None
    except ValueError:
        pass
    for f in _DATE_FORMATS_UNAMBIGUOUS:
        try:
            return _dt.datetime.strptime(t, f).date(), None
        except ValueError:
            continue
    m = re.match(r"^(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})$", t)
    if m:
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        y = y + 2000 if y < 100 else y
        day_first = month_first = None
        try:
            day_first = _dt.date(y, b, a)
        except ValueError:
            pass
        try:
            month_first = _dt.date(y, a, b)
        except ValueError:
            pass
        if day_first and month_first and day_first != month_first:
            return day_first, (
                f"date {s!r} can be read day/month or month/day: read as {day_first.isoformat()} "
                f"(day first); type the date as a real date or YYYY-MM-DD to be sure"
            )
        if day_first or month_first:
            return day_first or month_first, None
    return None, f"{s!r} is not a date: type the event's date (for example {_dt.date.today().isoformat()})"


# ---------------------------------------------------------------- the reader

class _Reader:
    def __init__(self, book: Book) -> None:
        self.book = book
        self.name = book.path.name
        self.problems: list[ReadProblem] = []
        self.cells = EventCells()
        self._b11: Cell = Cell()
        self._player_count = 0  # Methuselahs!A4 = COUNT(A7:A306)
        self._chart_cache: dict[str, Cells] = {}
        self._chart_context: dict[tuple[int, Optional[int]], Optional[tuple[Cells, int, int]]] = {}
        self._typed_rounds: set[int] = set()

    def problem(self, sheet: str, cell: str, message: str) -> None:
        self.problems.append(ReadProblem(sheet, cell, message))

    # -- the whole workbook
    def read(self) -> ReadResult:
        version = self._check_archon()
        fmt = self.book.format
        app = (self.book.application or "").lower()
        if (
            fmt == "xlsx"
            and "libreoffice" not in app
            and "openoffice" not in app
            and self.book.formula_text_contains(L.FINAL.sheet, "FALSE()")
        ):
            # The Google Sheets edition writes FALSE() where Excel writes FALSE
            # (LibreOffice does too, but says who saved the file).
            fmt = "google-xlsx"
        event = Event(archon_version=version)
        self._read_edition(event)
        self._read_final_mode(event)
        self._read_info(event)
        self._read_players(event)
        if event.players and self._b11.is_blank and self.book.has_sheet(L.INFO.sheet):
            self.problem(
                L.INFO.sheet, L.INFO.rounds_with_final,
                f"the number of rounds is blank: read as {event.preliminary_rounds}R+F; "
                f"type 3 (2R+F) or 4 (3R+F)",
            )
        self._read_rounds(event)
        self._read_final(event)
        self._read_overrides(event)
        self._read_warnings(event)
        return ReadResult(event, self.problems, self.cells, fmt, version, self.book.path, self.book.application,
                          frozenset(self._typed_rounds))

    def _read_edition(self, event: Event) -> None:
        """The rule edition archon recorded in the file's document properties, if any."""
        prop = L.ARCHON_MARKS.edition_property
        value = (self.book.properties.get(prop) or "").strip()
        if not value:
            return
        if value.lower() in EDITIONS:
            event.edition = value.lower()
        else:
            self.problem(
                "Document properties", prop,
                f"rule edition {value!r} is unknown: read as {event.edition!r}; "
                f"choose one of {', '.join(EDITIONS)}",
            )

    def _read_warnings(self, event: Event) -> None:
        """The judges' warnings archon recorded in the document properties."""
        from archon.formats.workbook.judge_records import read_warnings

        event.warnings, bad = read_warnings(self.book.properties)
        for name, message in bad:
            self.problem("Document properties", name, message)

    def _read_final_mode(self, event: Event) -> None:
        """``archon:final = none``: the event closes without a final (rules 3.1.6)."""
        marks = L.ARCHON_MARKS
        if (self.book.properties.get(marks.final_property) or "").strip().lower() == marks.no_final_value:
            event.has_final = False

    def _check_archon(self) -> str:
        sheet, address = L.VERSION_CELL
        expected = (
            f"{self.name} is not an Archon workbook: expected a sheet '{L.METHUSELAHS.sheet}' "
            f"and 'The Archon (v…)' in {sheet}!{address}"
        )
        if not (self.book.has_sheet(L.METHUSELAHS.sheet) and self.book.has_sheet(sheet)):
            shown = ", ".join(repr(s) for s in self.book.sheet_names[:6])
            more = ", ..." if len(self.book.sheet_names) > 6 else ""
            raise WorkbookError(f"{expected} (its sheets: {shown}{more})")
        a1 = self.book.read_cell(sheet, address).value
        m = _VERSION.search(a1) if isinstance(a1, str) else None
        if m is None:
            raise WorkbookError(f"{expected} (found {_show(a1) if a1 is not None else 'nothing'} there)")
        version = m.group(1) if m.group(1) is not None else m.group(2)
        if not version.startswith(_KNOWN_VERSION_PREFIX):
            self.problem(
                sheet, address,
                f"this is The Archon v{version}: archon reads the layout of v1.5 (cells of older "
                f"editions may sit elsewhere); check the event read, or copy it into a v1.5l workbook",
            )
        return version

    def _sheet_present(self, sheet: str, why: str) -> bool:
        if self.book.has_sheet(sheet):
            return True
        self.problem(sheet, "A1", f"the sheet '{sheet}' is missing: {why}")
        return False

    # -- Tournament Info
    def _read_info(self, event: Event) -> None:
        I = L.INFO
        if not self._sheet_present(I.sheet, "the event's name, date and format are unknown"):
            return
        addresses = [I.name, I.date, I.organizer, I.organizer_vekn, I.city, I.deck_format, I.level,
                     I.rounds_with_final]
        places = [split_address(a) for a in addresses]
        cols = sorted({column_letters(c) for _, c in places})
        cells = self.book.read_columns(I.sheet, cols, min(r for r, _ in places), max(r for r, _ in places))

        def at(address: str) -> Cell:
            return cells.at(*split_address(address))

        def text(address: str) -> Optional[str]:
            c = at(address)
            return self._input_text(I.sheet, address, c)

        event.name = text(I.name) or ""
        event.organizer = text(I.organizer)
        c6 = at(I.organizer_vekn)
        # C6 holds a placeholder formula ("VEKN id") until the organizer types over it
        event.organizer_vekn = None if c6.formula else _vekn(c6.value)
        event.city = text(I.city)
        event.deck_format = text(I.deck_format)
        event.level = text(I.level)
        event.date = self._date(at(I.date), I.sheet, I.date)
        self._b11 = at(I.rounds_with_final)
        event.preliminary_rounds = self._rounds_setting(self._b11)

    def _input_text(self, sheet: str, address: str, c: Cell) -> Optional[str]:
        if c.error:
            self.problem(sheet, address, f"the cell shows the error {c.value}: type the value")
            return None
        if c.formula and c.value is None:
            self._no_saved_value(sheet, address)
            return None
        return _clean(c.value)

    def _no_saved_value(self, sheet: str, address: str) -> None:
        self.problem(
            sheet, address,
            "a formula with no saved value (the file was written by a program): archon does not "
            "evaluate formulas; type the value, or open and save the file in Excel or LibreOffice",
        )

    def _date(self, c: Cell, sheet: str, address: str) -> Optional[_dt.date]:
        v = c.value
        if c.error:
            self.problem(sheet, address, f"the event date shows the error {v}: type the date")
            return None
        if c.formula and v is None:
            self._no_saved_value(sheet, address)
            return None
        if _is_blank_value(v):
            return None
        if isinstance(v, _dt.datetime):
            return v.date()
        if isinstance(v, _dt.date):
            return v
        if isinstance(v, float) and not isinstance(v, bool):
            if 1 <= v < 2958466:  # Excel's serial range (up to 9999-12-31)
                return excel_serial_to_datetime(v, self.book.date1904).date()
            self.problem(sheet, address, f"{_fmt_num(v)} is not a date: type the event's date")
            return None
        d, note = _parse_date_text(str(v))
        if note:
            self.problem(sheet, address, note)
        return d

    def _rounds_setting(self, c: Cell) -> int:
        """Tournament Info B11 (rounds including the final) -> preliminary rounds."""
        I = L.INFO
        v = c.value
        x, ok = _as_number(v)
        if ok and x is not None and x in (3.0, 4.0):
            return int(x) - 1
        if isinstance(v, str) and v.strip():
            t = v.strip().upper().replace(" ", "")
            if t in ("2R+F", "3R+F"):
                return int(t[0])
        default = Event().preliminary_rounds
        if _is_blank_value(v) and not c.formula:
            return default  # reported by read() if the event has players
        self.problem(
            I.sheet, I.rounds_with_final,
            f"number of rounds {_show(v)} is not 3 (2R+F) or 4 (3R+F): read as {default}R+F; "
            f"type 3 or 4",
        )
        return default

    # -- Methuselahs
    def _read_players(self, event: Event) -> None:
        M = L.METHUSELAHS
        if not self._sheet_present(M.sheet, "no player can be read"):
            return
        cells = self.book.read_columns(M.sheet, M.inputs, M.first_row, M.last_row)
        rows: dict[int, list[int]] = {}
        count = 0
        for r in range(M.first_row, M.last_row + 1):
            a = cells.at(r, M.number)
            others = [cells.at(r, c) for c in M.inputs if c != M.number]
            if isinstance(a.value, float) and not isinstance(a.value, bool) and not a.error:
                count += 1  # what The Archon's COUNT(A7:A306) counts
            if a.is_blank or (a.formula and _is_blank_value(a.value) and not a.error):
                if any(not o.is_blank for o in others):
                    if a.formula and a.value is None:
                        self._no_saved_value(M.sheet, f"{M.number}{r}")
                    else:
                        self.problem(
                            M.sheet, f"{M.number}{r}",
                            "this row has player details but no player number: the player is left out; "
                            "type the player's number in column A",
                        )
                continue
            number = self._whole(a, M.sheet, f"{M.number}{r}", "player number")
            if number is None:
                continue
            at = lambda col: cells.at(r, col)  # noqa: E731
            flag = at(M.out).value
            if isinstance(flag, str) and flag and not flag.strip():
                # The Archon tests ISBLANK(G): a cell holding a space is a DQ flag to it
                self.problem(
                    M.sheet, f"{M.out}{r}",
                    "the DQ flag holds only spaces: The Archon counts the player as flagged out, archon as "
                    "playing; clear the cell (Delete key) if the player plays, or type the reason (WD, DQ...)",
                )
            player = Player(
                number=number,
                first_name=self._input_text(M.sheet, f"{M.first_name}{r}", at(M.first_name)) or "",
                last_name=self._input_text(M.sheet, f"{M.last_name}{r}", at(M.last_name)) or "",
                city=self._input_text(M.sheet, f"{M.city}{r}", at(M.city)),
                vekn=self._vekn_cell(at(M.vekn), M.sheet, f"{M.vekn}{r}"),
                out=self._input_text(M.sheet, f"{M.out}{r}", at(M.out)),
                coin=self._coin(at(M.coin), M.sheet, f"{M.coin}{r}"),
            )
            event.players.append(player)
            rows.setdefault(number, []).append(r)
        for number, where in rows.items():
            if len(where) > 1:
                cells_text = ", ".join(f"{M.number}{r}" for r in where)
                self.problem(
                    M.sheet, f"{M.number}{where[1]}",
                    f"player number {number} is used on {len(where)} rows ({cells_text}): "
                    f"give every player a different number",
                )
        self.cells.player_rows = rows
        self._player_count = count

    def _vekn_cell(self, c: Cell, sheet: str, address: str) -> Optional[str]:
        if c.error or (c.formula and c.value is None):
            return self._input_text(sheet, address, c)
        return _vekn(c.value)

    def _coin(self, c: Cell, sheet: str, address: str) -> Optional[int]:
        if c.is_blank or (c.formula and _is_blank_value(c.value) and not c.error):
            return None
        return self._whole(c, sheet, address, "coin ranking")

    def _whole(self, c: Cell, sheet: str, address: str, what: str) -> Optional[int]:
        """A whole number >= 1 (player number, coin ranking, table), or a problem and None."""
        if c.error:
            self.problem(sheet, address, f"the {what} shows the error {c.value}: type a whole number")
            return None
        x, ok = _as_number(c.value)
        if ok and x is not None and x >= 1 and float(x).is_integer():
            return int(x)
        self.problem(
            sheet, address,
            f"{what} {_show(c.value)} is not a whole number from 1: the row is left out; type a whole number",
        )
        return None

    # -- Round sheets
    def _read_rounds(self, event: Event) -> None:
        R = L.ROUND
        for k, sheet in L.ROUND_SHEETS.items():
            if not self.book.has_sheet(sheet):
                if k <= event.preliminary_rounds:
                    self._sheet_present(sheet, f"round {k} cannot be read")
                continue
            cells = self.book.read_columns(sheet, [R.player, R.vp], R.first_row, R.last_row)
            player_col = column_index(R.player)
            if any(col == player_col and not c.formula and not c.is_blank for (_, col), c in cells.items()):
                self._typed_rounds.add(k)
            tables: list[tuple[int, list[tuple[int, int, Optional[float]]]]] = []
            for t in range(1, R.max_tables + 1):
                seats = self._read_table(sheet, k, t, cells, list(L.round_table_rows(t)), R.player, R.vp)
                tables.append((t, seats))
            last = max((t for t, seats in tables if seats), default=0)
            if not last:
                continue
            rnd = Round(number=k)
            for t, seats in tables[:last]:
                rows = L.round_table_rows(t)
                span = f"{R.player}{rows[0]}:{R.player}{rows[-1]}"
                if not seats:
                    self.problem(
                        sheet, span,
                        f"round {k}, table {t} is empty but later tables are not: tables are numbered "
                        f"by their rows, so it stays as an empty table; move the players up",
                    )
                elif len(seats) not in TABLE_SIZES:
                    sizes = " or ".join(str(s) for s in TABLE_SIZES)
                    self.problem(
                        sheet, span,
                        f"round {k}, table {t} has {len(seats)} player{'s' if len(seats) != 1 else ''}: "
                        f"a table has {sizes} players",
                    )
                for seat, (row, _, _) in enumerate(seats, start=1):
                    self.cells.seat_rows[(k, t, seat)] = row
                rnd.tables.append(Table([n for _, n, _ in seats], [vp for _, _, vp in seats]))
            event.rounds.append(rnd)

    def _read_table(self, sheet: str, round_key: RoundKey, table: int, cells: Cells, rows: list[int],
                    player_col: str, vp_col: str) -> list[tuple[int, int, Optional[float]]]:
        """Seats of one table in row order: ``(row, player number, VP or None)``."""
        seats: list[tuple[int, int, Optional[float]]] = []
        gap_row: Optional[int] = None
        where = "the final" if round_key == FINAL else f"round {round_key}, table {table}"
        for r in rows:
            pc, vc = cells.at(r, player_col), cells.at(r, vp_col)
            number, filled = self._seat_player(sheet, r, player_col, pc)
            vp = self._vp(sheet, f"{vp_col}{r}", vc)
            if number is None:
                if filled:
                    continue  # a problem was reported; not a gap
                if vp is not None and vp != 0:
                    self.problem(
                        sheet, f"{vp_col}{r}",
                        f"{_fmt_num(vp)} VP typed on a row with no player ({where}): it is ignored; "
                        f"type the player's number in {player_col}{r} or clear the VP",
                    )
                if seats and gap_row is None:
                    gap_row = r
                continue
            if gap_row is not None:
                self.problem(
                    sheet, f"{player_col}{gap_row}",
                    f"empty row inside {where}: seats are counted in row order without it; "
                    f"fill the table from its first row (a 4-player table leaves its 5th row empty)",
                )
                gap_row = None
            seats.append((r, number, vp))
        return seats

    def _seat_player(self, sheet: str, row: int, col: str, c: Cell) -> tuple[Optional[int], bool]:
        """``(player number or None, something was there)`` for a Round/Final player cell."""
        address = f"{col}{row}"
        value = c.value
        if c.formula:
            chart = _chart_formula(c.formula)
            if chart is not None:
                return self._chart_seat(sheet, row, col, *chart), False
            if c.error:
                self.problem(sheet, address, f"the player cell shows the error {value}: type the player number")
                return None, True
            if value is None:
                self._no_saved_value(sheet, address)
                return None, True
        elif c.error:
            self.problem(sheet, address, f"the player cell shows the error {value}: type the player number")
            return None, True
        x, ok = _as_number(value)
        if ok and x is None:
            return None, False
        if ok and x == 0:
            # The template's own seating formula shows 0 where its chart has no
            # cell (rows past the 2R+F chart): no player, as in The Archon.
            return None, False
        if ok and x is not None and x >= 1 and float(x).is_integer():
            return int(x), True
        if isinstance(value, str) and self._chart_text(sheet, row, col, value):
            return None, False
        self.problem(
            sheet, address,
            f"{_show(value)} is not a player number: this seat is left out; type a whole player number "
            f"or clear the cell",
        )
        return None, True

    def _chart_text(self, sheet: str, row: int, col: str, value: str) -> bool:
        """Whether ``value`` is the text The Archon's seating formula shows at ``row``.

        Past a small block's seats the formula reads the chart sheet's notes
        (2R+F, 4 to 11 players: "A) prey" in Round 2!A29 for 8 players), and
        Excel and LibreOffice count a text as > 0, so they show it. A file that
        keeps no formulas (.xls) or values pasted over them hold that text: no
        player, as in The Archon.
        """
        k = next((n for n, s in L.ROUND_SHEETS.items() if s == sheet), None)
        if k is None:
            return False
        line = self._chart_line(sheet, row, col, k, None, report=False)
        if line is None:
            return False
        cells, chart_row, first_col = line
        shown = cells.at(chart_row, first_col + row - L.ROUND.first_row).value
        return isinstance(shown, str) and shown.strip() == value.strip()

    def _vp(self, sheet: str, address: str, c: Cell) -> Optional[float]:
        if c.error:
            self.problem(sheet, address, f"the VP cell shows the error {c.value}: it counts as 0; type the VP")
            return None
        if c.formula and c.value is None:
            self._no_saved_value(sheet, address)
            return None
        x, ok = _as_number(c.value)
        if not ok:
            self.problem(
                sheet, address,
                f"VP {_show(c.value)} is not a number: it counts as 0, as in The Archon; type the VP "
                f"(half points allowed: 0.5, 1.5...)",
            )
            return None
        if x is not None and (not math.isfinite(x) or abs(x) > max(TABLE_SIZES)):
            # 1e308 VP would make ratings infinite and every later write fail
            self.problem(
                sheet, address,
                f"VP {x:g} is more than any table can score (at most {max(TABLE_SIZES)}): it counts "
                f"as 0; type the VP",
            )
            return None
        return x

    # -- the template's seating formula
    def _chart_seat(self, sheet: str, row: int, col: str, chart_column: int, only_if: Optional[int]) -> Optional[int]:
        """The seat the template's formula gives at ``row`` of a Round sheet.

        As The Archon computes it: nothing if Tournament Info B11 is blank
        (or, for Round 3, not 4); else the chart sheet ``"Optimal Seating
        "&(B11-1)&"R+F"``, whose cell in column ``chart_column`` (1 = A for
        Round 1 ...) at the same row holds::

            =IF(INDIRECT(ADDRESS(A$6, ROW()-ROW(A$6)-1+COLUMN($F$8)))>0, <that>, "")

        with A5 = N = Methuselahs!A4 = COUNT(Methuselahs!A7:A306) and
        A6 = (N-4)*5+ROW(F8), B6 = A6+1, C6 = A6+2: the block for N players,
        line ``Round k``, slot ``row - 7`` from column F. A number > 0 there
        is the player; anything else is no player. (A6 falls back to row 1,
        which is empty, outside the chart's range of N; the 2R+F chart's A6
        allows N up to 200 but its blocks stop at 120, so the rows it would
        read are empty too.)
        """
        key = (chart_column, only_if)
        if key not in self._chart_context:
            self._chart_context[key] = self._chart_line(sheet, row, col, chart_column, only_if)
        line = self._chart_context[key]
        if line is None:
            return None
        cells, chart_row, first_col = line
        value = cells.at(chart_row, first_col + row - L.ROUND.first_row).value
        if isinstance(value, float) and not isinstance(value, bool) and value > 0:
            return int(value) if value.is_integer() else None
        return None

    def _chart_line(self, sheet: str, row: int, col: str, chart_column: int,
                    only_if: Optional[int], report: bool = True) -> Optional[tuple[Cells, int, int]]:
        """``(chart cells, chart row, first seat column)`` the formula reads, or None for no seats
        (reported at ``col``/``row`` when no chart fits Tournament Info B11, if ``report``)."""
        b11 = self._b11.value
        if _is_blank_value(b11) and not self._b11.formula:
            return None
        if only_if is not None and not (isinstance(b11, float) and b11 == only_if):
            return None  # a text "4" is not equal to 4 for Excel either
        x, ok = _as_number(b11)
        chart = None
        if ok and x is not None:
            name = f"{_chart_prefix()}{_fmt_num(x - 1)}{_chart_suffix()}"
            chart = next((c for c in L.CHARTS.values() if c.sheet == name), None)
        if chart is None or not self.book.has_sheet(chart.sheet):
            if not report:
                return None
            self.problem(
                sheet, f"{col}{row}",
                f"the template's seating formula finds no optimal seating chart for Tournament Info!"
                f"{L.INFO.rounds_with_final} = {_show(b11)} (it expects 3 or 4): seats holding this "
                f"formula stay empty; type 3 or 4 there, or type the player numbers",
            )
            return None
        if chart_column > chart.rounds:
            return None
        n = self._player_count
        if n < chart.min_players or n > chart.max_players:
            return None
        block = L.chart_block_row(chart, n)
        first_col = column_index(chart.first_seat_col)
        cells = self._chart_cache.get(chart.sheet)
        if cells is None:
            slots = L.ROUND.last_row - L.ROUND.first_row + 1
            cells = self.book.read_rows(
                chart.sheet, range(block + 1, block + 1 + chart.rounds), first_col, first_col + slots - 1
            )
            self._chart_cache[chart.sheet] = cells
        return cells, block + chart_column, first_col

    # -- Final Round
    def _read_final(self, event: Event) -> None:
        F = L.FINAL
        if not self._sheet_present(F.sheet, "the final cannot be read"):
            return
        cells = self.book.read_columns(F.sheet, [F.player, F.vp], F.first_row, F.last_row)
        seats = self._read_table(F.sheet, FINAL, 1, cells, list(range(F.first_row, F.last_row + 1)), F.player, F.vp)
        for seat, (row, _, _) in enumerate(seats, start=1):
            self.cells.seat_rows[(FINAL, 1, seat)] = row
        event.final = Final([n for _, n, _ in seats], [vp for _, _, vp in seats])

    # -- Override
    def _read_overrides(self, event: Event) -> None:
        O = L.OVERRIDE
        if not self.book.has_sheet(O.sheet):
            return  # older editions have no Override sheet: nothing was overridden
        cells = self.book.read_columns(O.sheet, [O.round, O.table, O.reason], O.first_row, O.last_row)
        for r in range(O.first_row, O.last_row + 1):
            rc, tc, dc = cells.at(r, O.round), cells.at(r, O.table), cells.at(r, O.reason)
            if rc.is_blank and tc.is_blank and dc.is_blank:
                continue
            round_key: Optional[RoundKey] = None
            rv = rc.value
            x, ok = _as_number(rv)
            if isinstance(rv, str) and rv.strip().upper() in (FINAL, "FINAL"):
                round_key = FINAL
            elif ok and x is not None and x in (1.0, 2.0, 3.0):
                round_key = int(x)
            if round_key is None:
                self.problem(
                    O.sheet, f"{O.round}{r}",
                    f"override round {_show(rv) if not _is_blank_value(rv) else '(blank)'} is not 1, 2, 3 or F: "
                    f"the override is ignored; type the round",
                )
                continue
            if round_key == FINAL:
                x, ok = _as_number(tc.value)
                table = int(x) if ok and x is not None and x >= 1 and float(x).is_integer() else 1
            elif tc.is_blank:
                self.problem(
                    O.sheet, f"{O.table}{r}",
                    f"override for round {round_key} names no table: it is ignored; type the table number",
                )
                continue
            else:
                table = self._whole(tc, O.sheet, f"{O.table}{r}", "override table")
                if table is None:
                    continue
            reason = self._input_text(O.sheet, f"{O.reason}{r}", dc) or ""
            event.overrides.append(Override(round=round_key, table=table, reason=reason))
            self.cells.override_rows.append(r)


# ---------------------------------------------------------------- the template's seating formula

def _chart_prefix() -> str:
    """``"Optimal Seating "``: the charts' common name before ``{rounds}R+F``."""
    c = L.CHARTS[min(L.CHARTS)]
    return c.sheet[: c.sheet.rindex(str(c.rounds))]


def _chart_suffix() -> str:
    c = L.CHARTS[min(L.CHARTS)]
    return c.sheet[c.sheet.rindex(str(c.rounds)) + len(str(c.rounds)):]


def _normal(formula: str) -> str:
    """Excel and OpenFormula spellings of a formula made comparable.

    ``of:=IF(ISBLANK([$'Tournament Info'.$B$11]);"";...)`` and
    ``IF(ISBLANK('Tournament Info'!$B$11),"",...)`` both become
    ``IF(ISBLANK(TOURNAMENTINFO!B11),"",...)``.
    """
    f = formula.strip()
    if f[:3].lower() == "of:":
        f = f[3:]
    f = f.lstrip("=")
    f = f.replace(";", ",").replace("[", "").replace("]", "").replace("$", "").replace("'", "")
    f = re.sub(r"([A-Za-z0-9_ ]+)\.([A-Za-z]{1,3}\d+)", r"\1!\2", f)
    return "".join(f.split()).upper()


def _chart_formula_re() -> "re.Pattern[str]":
    info = re.escape("".join(L.INFO.sheet.split()).upper() + "!" + L.INFO.rounds_with_final)
    return re.compile(
        r"^IF\((?:OR\()?ISBLANK\(" + info + r"\)(?:," + info + r"<>(\d+)\))?,\"\","
        r"INDIRECT\(ADDRESS\(ROW\(\),(\d+),1,1,\"([^\"]*)\"&" + info + r"-1&\"([^\"]*)\"\)\)\)$"
    )


_CHART_FORMULA: Optional["re.Pattern[str]"] = None


@functools.lru_cache(maxsize=256)
def _chart_formula(formula: str) -> Optional[tuple[int, Optional[int]]]:
    """``(chart column, required B11 or None)`` if ``formula`` is the template's seating formula."""
    global _CHART_FORMULA
    if "INDIRECT" not in formula.upper():
        return None
    if _CHART_FORMULA is None:
        _CHART_FORMULA = _chart_formula_re()
    m = _CHART_FORMULA.match(_normal(formula))
    if m is None:
        return None
    prefix = "".join(_chart_prefix().split()).upper()
    if m.group(3) != prefix or m.group(4) != _chart_suffix().upper():
        return None
    return int(m.group(2)), (int(m.group(1)) if m.group(1) else None)
