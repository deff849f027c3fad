"""Reading what a workbook says about the event: its edition of The Archon,
Tournament Info, and archon's marks in the document properties."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Optional

from archon.formats import layout as L
from archon.formats.workbook.book import Cell, excel_serial_to_datetime
from archon.formats.workbook.cellreading import CellReader
from archon.formats.workbook.cellref import column_letters, split_address
from archon.formats.workbook.cellvalues import as_number, fmt_num, is_blank_value, parse_date_text, show, vekn
from archon.formats.workbook.errors import WorkbookError
from archon.formats.workbook.event_records import read_event_records
from archon.formats.workbook.deck_records import read_decks
from archon.formats.workbook.clock_records import read_clock, read_round_times
from archon.formats.workbook.judge_records import read_warnings
from archon.formats.workbook.report_records import read_reporting_off, read_reports
from archon.rules.editions import EDITIONS
from archon.rules.model import Event
from archon.words.message import say

__all__ = ["InfoReading", "KNOWN_VERSION_PREFIX"]

#: Editions whose layout is the one :mod:`archon.formats.layout` describes.
KNOWN_VERSION_PREFIX = "1.5"

#: "The Archon (v1.5l)"; older editions may spell it "The Archon v1.2" or
#: "The Archon - v1.1g" (group 2).
_VERSION = re.compile(
    r"The\s+Archon\s*(?:\(\s*v?\s*([^)]*?)\s*\)|[-\u2013:,]?\s*v\.?\s*(\d+(?:\.[0-9A-Za-z]+)*))", re.I
)
#: How much of the version cell is searched for it (the official text is 18
#: characters; a cell of 30,000 spaces would make the search slow).
_VERSION_TEXT = 200

#: Where archon's marks are said to be, in a problem's sheet.
PROPERTIES = "Document properties"

#: Excel's date serial numbers: from 1 to 2958465 (9999-12-31).
_SERIALS = (1, 2958466)


class InfoReading(CellReader):
    """The edition of The Archon, Tournament Info, and archon's marks."""

    def __init__(self, book) -> None:
        super().__init__(book)
        self._b11: Cell = Cell()  # Tournament Info B11: rounds with the final

    def _check_archon(self) -> str:
        """The Archon's version (``"1.5l"``), or :class:`WorkbookError` for a
        file that is not an Archon workbook."""
        sheet, address = L.VERSION_CELL
        if not (self.book.has_sheet(L.METHUSELAHS.sheet) and self.book.has_sheet(sheet)):
            names = self.book.sheet_names
            found = say("workbook.its_sheets_more" if len(names) > 6 else "workbook.its_sheets",
                        sheets=[repr(s) for s in names[:6]])
            raise WorkbookError(self._not_archon(found))
        a1 = self.book.read_cell(sheet, address).value
        m = _VERSION.search(a1[:_VERSION_TEXT]) if isinstance(a1, str) else None
        if m is None:
            found = say("workbook.found_nothing") if a1 is None else say("workbook.found_value", value=show(a1))
            raise WorkbookError(self._not_archon(found))
        version = m.group(1) if m.group(1) is not None else m.group(2)
        if not version.startswith(KNOWN_VERSION_PREFIX):
            self.problem(sheet, address, say("read.old_version", version=version))
        return version

    def _not_archon(self, found):
        sheet, address = L.VERSION_CELL
        return say("workbook.not_archon", file=self.name, sheet=L.METHUSELAHS.sheet, version_sheet=sheet,
                   version_cell=address, found=found)

    def _read_edition(self, event: Event) -> None:
        """The rule edition archon recorded in the file's document properties, if any."""
        prop = L.ARCHON_MARKS.edition_property
        value = (self.book.properties.get(prop) or "").strip()
        if not value:
            return
        if value.lower() in EDITIONS:
            event.edition = value.lower()
        else:
            self.problem(PROPERTIES, prop,
                         say("read.edition_unknown", value=value, edition=event.edition, editions=list(EDITIONS)))

    def _read_warnings(self, event: Event) -> None:
        """The judges' warnings archon recorded in the document properties."""
        event.warnings, bad = read_warnings(self.book.properties)
        bad += read_event_records(self.book.properties, event)  # check-ins and codes (issue 25)
        event.player_reports, unread = read_reports(self.book.properties)  # and the players' reports (issue 25)
        event.reporting_off = read_reporting_off(self.book.properties)
        event.decks, bad_decks = read_decks(self.book.properties)  # and the decks (issue 25)
        for name, message in bad + unread + bad_decks:
            self.problem(PROPERTIES, name, message)

    def _read_clock(self, event: Event) -> None:
        """The round's clock (a document property) and its round's start and
        end times (no other sheet is read for them: most reads need none)."""
        event.clock, bad = read_clock(self.book.properties)
        if bad is not None:
            self.problem(PROPERTIES, L.ARCHON_MARKS.clock_property, bad)
        if event.clock is not None:
            event.round_times = read_round_times(self.book, [event.clock.round])

    def _read_final_mode(self, event: Event) -> None:
        """``archon:final = none``: the event closes without a final (rules 3.1.6)."""
        marks = L.ARCHON_MARKS
        if (self.book.properties.get(marks.final_property) or "").strip().lower() == marks.no_final_value:
            event.has_final = False

    def _read_info(self, event: Event) -> None:
        I = L.INFO
        if not self._sheet_present(I.sheet, say("read.why.info")):
            return
        addresses = [I.name, I.date, I.organizer, I.organizer_vekn, I.city, I.deck_format, I.level,
                     I.rounds_with_final, I.head_judge, I.head_judge_vekn]
        places = [split_address(a) for a in addresses]
        cols = sorted({column_letters(c) for _, c in places})
        cells = self.book.read_columns(I.sheet, cols, min(r for r, _ in places), max(r for r, _ in places))

        def at(address: str) -> Cell:
            return cells.at(*split_address(address))

        def text(address: str) -> Optional[str]:
            return self._input_text(I.sheet, address, at(address))

        event.name = text(I.name) or ""
        event.organizer = text(I.organizer)
        c6 = at(I.organizer_vekn)
        # C6 holds a placeholder formula ("VEKN id") until the organizer types over it
        event.organizer_vekn = None if c6.formula else vekn(c6.value)
        event.head_judge = text(I.head_judge)
        c17 = at(I.head_judge_vekn)  # a placeholder formula, as C6, until typed over
        event.head_judge_vekn = None if c17.formula else vekn(c17.value)
        event.city = text(I.city)
        event.deck_format = text(I.deck_format)
        event.level = text(I.level)
        event.date = self._date(at(I.date), I.sheet, I.date)
        self._b11 = at(I.rounds_with_final)
        event.preliminary_rounds = self._rounds_setting(self._b11)

    def _date(self, c: Cell, sheet: str, address: str) -> Optional[_dt.date]:
        v = c.value
        if c.error:
            self.problem(sheet, address, say("read.date_error", value=v))
            return None
        if c.formula and v is None:
            self._no_saved_value(sheet, address)
            return None
        if is_blank_value(v):
            return None
        if isinstance(v, _dt.datetime):
            return v.date()
        if isinstance(v, _dt.date):
            return v
        if isinstance(v, float) and not isinstance(v, bool):
            if _SERIALS[0] <= v < _SERIALS[1]:
                return excel_serial_to_datetime(v, self.book.date1904).date()
            self.problem(sheet, address, say("read.date_not_a_serial", value=fmt_num(v)))
            return None
        d, note = parse_date_text(str(v))
        if note:
            self.problem(sheet, address, note)
        return d

    def _rounds_setting(self, c: Cell) -> int:
        """Tournament Info B11 (rounds including the final) -> preliminary rounds."""
        I = L.INFO
        v = c.value
        x, ok = as_number(v)
        if ok and x is not None and x in (3.0, 4.0):
            return int(x) - 1
        if isinstance(v, str) and v.strip():
            t = v.strip().upper().replace(" ", "")
            if t in ("2R+F", "3R+F"):
                return int(t[0])
        default = Event().preliminary_rounds
        if is_blank_value(v) and not c.formula:
            return default  # reported by read() if the event has players
        self.problem(I.sheet, I.rounds_with_final, say("read.rounds_setting", value=show(v), rounds=default))
        return default

    def _blank_rounds_setting(self, event: Event) -> None:
        """A problem when B11 is blank and players are registered."""
        if event.players and self._b11.is_blank and self.book.has_sheet(L.INFO.sheet):
            self.problem(L.INFO.sheet, L.INFO.rounds_with_final, say("read.rounds_blank",
                                                                      rounds=event.preliminary_rounds))
