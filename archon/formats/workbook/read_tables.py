"""Reading the tables: the Round sheets, the Final Round and the judges' Overrides.

A table is five rows of a Round sheet (player number, VP); its seats are
counted in row order. A player cell still holding the template's seating
formula shows the seat The Archon's chart gives
(:mod:`archon.formats.workbook.seating_formula`). A VP is a whole or half
point no table can exceed: anything else is a problem at its cell, and
counts as 0, as in The Archon.
"""

from __future__ import annotations

import math
from typing import Optional

from archon.formats import layout as L
from archon.formats.workbook.book import Cell, Cells
from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.cellvalues import as_number, fmt_num, is_blank_value, show
from archon.formats.workbook.read_result import RoundKey
from archon.formats.workbook.seating_formula import ChartSeating, chart_formula
from archon.rules.editions import TABLE_SIZES
from archon.rules.model import FINAL, Event, Final, Override, Round, Table
from archon.words.message import Message, say

__all__ = ["TableReading"]

#: A seat as read: (row, player number, VP or None).
Seat = tuple[int, int, Optional[float]]


class TableReading(ChartSeating):
    """The Round sheets, the Final Round and the Override sheet."""

    def __init__(self, book) -> None:
        super().__init__(book)
        self._typed_rounds: set[int] = set()

    # -- Round sheets
    def _read_rounds(self, event: Event) -> None:
        R = L.ROUND
        for k, sheet in L.ROUND_SHEETS.items():
            if not self.book.has_sheet(sheet):
                if k <= event.preliminary_rounds:
                    self._sheet_present(sheet, say("read.why.round", round=k))
                continue
            cells = self.book.read_columns(sheet, [R.player, R.vp], R.first_row, R.last_row)
            player_col = column_index(R.player)
            if any(col == player_col and not c.formula and not c.is_blank for (_, col), c in cells.items()):
                self._typed_rounds.add(k)
            tables = [(t, self._read_table(sheet, k, t, cells, list(L.round_table_rows(t)), R.player, R.vp))
                      for t in range(1, R.max_tables + 1)]
            last = max((t for t, seats in tables if seats), default=0)
            if last:
                event.rounds.append(self._round(k, sheet, tables[:last]))

    def _round(self, k: int, sheet: str, tables: list[tuple[int, list[Seat]]]) -> Round:
        """Round ``k`` of ``tables`` (up to the last one seated), each
        empty one or of a size no table has said."""
        R = L.ROUND
        rnd = Round(number=k)
        for t, seats in tables:
            rows = L.round_table_rows(t)
            span = f"{R.player}{rows[0]}:{R.player}{rows[-1]}"
            if not seats:
                self.problem(sheet, span, say("read.empty_table", round=k, table=t))
            elif len(seats) not in TABLE_SIZES:
                self.problem(sheet, span, say("read.table_size", round=k, table=t, players=len(seats),
                                              sizes=list(TABLE_SIZES)))
            for seat, (row, _, _) in enumerate(seats, start=1):
                self.cells.seat_rows[(k, t, seat)] = row
            rnd.tables.append(Table([n for _, n, _ in seats], [vp for _, _, vp in seats]))
        return rnd

    def _read_table(self, sheet: str, round_key: RoundKey, table: int, cells: Cells, rows: list[int],
                    player_col: str, vp_col: str) -> list[Seat]:
        """Seats of one table in row order: ``(row, player number, VP or None)``."""
        seats: list[Seat] = []
        gap_row: Optional[int] = None
        where = say("read.where.final") if round_key == FINAL else say("read.where.table", round=round_key,
                                                                        table=table)
        for r in rows:
            number, filled = self._seat_player(sheet, r, player_col, cells.at(r, player_col))
            vp = self._vp(sheet, f"{vp_col}{r}", cells.at(r, vp_col))
            if number is None:
                if filled:
                    continue  # a problem was reported; not a gap
                if vp is not None and vp != 0:
                    self.problem(sheet, f"{vp_col}{r}", say("read.vp_without_player", vp=fmt_num(vp), where=where,
                                                            cell=f"{player_col}{r}"))
                if seats and gap_row is None:
                    gap_row = r
                continue
            if gap_row is not None:
                self.problem(sheet, f"{player_col}{gap_row}", say("read.empty_row", where=where))
                gap_row = None
            seats.append((r, number, vp))
        return seats

    def _seat_player(self, sheet: str, row: int, col: str, c: Cell) -> tuple[Optional[int], bool]:
        """``(player number or None, something was there)`` for a Round/Final player cell."""
        address = f"{col}{row}"
        value = c.value
        if c.formula:
            chart = chart_formula(c.formula)
            if chart is not None:
                return self._chart_seat(sheet, row, col, *chart), False
            if value is None and not c.error:
                self._no_saved_value(sheet, address)
                return None, True
        if c.error:
            self.problem(sheet, address, say("read.player_error", value=value))
            return None, True
        x, ok = as_number(value)
        if ok and (x is None or x == 0):
            # 0: the template's own seating formula shows 0 where its chart has
            # no cell (rows past the 2R+F chart): no player, as in The Archon.
            return None, False
        if ok and x is not None and x >= 1 and float(x).is_integer():
            return int(x), True
        if isinstance(value, str) and self._chart_text(sheet, row, col, value):
            return None, False
        self.problem(sheet, address, say("read.not_a_player_number", value=show(value)))
        return None, True

    def _vp(self, sheet: str, address: str, c: Cell) -> Optional[float]:
        """The VP in ``c`` (None for blank); a problem, and None (it counts
        as 0), for an error, a text, more than a table scores, or a number
        that is not a whole or half point (0.3, 4.9e-324)."""
        if c.error:
            self.problem(sheet, address, say("read.vp_error", value=c.value))
            return None
        if c.formula and c.value is None:
            self._no_saved_value(sheet, address)
            return None
        x, ok = as_number(c.value)
        problem: Optional[Message] = None
        if not ok:
            problem = say("read.vp_not_a_number", value=show(c.value))
        elif x is None:
            return None
        elif not math.isfinite(x) or abs(x) > max(TABLE_SIZES):
            # 1e308 VP would make ratings infinite and every later write fail
            problem = say("read.vp_too_big", vp=x, most=max(TABLE_SIZES))
        elif not (x * 2).is_integer():
            problem = say("read.vp_not_half", vp=repr(x))  # all its digits: 2.5000001, 5e-324
        if problem is not None:
            self.problem(sheet, address, problem)
            return None
        return x

    # -- Final Round
    def _read_final(self, event: Event) -> None:
        F = L.FINAL
        if not self._sheet_present(F.sheet, say("read.why.final")):
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
            round_key = self._override_round(rc, f"{O.round}{r}")
            if round_key is None:
                continue
            table = self._override_table(round_key, tc, f"{O.table}{r}")
            if table is None:
                continue
            reason = self._input_text(O.sheet, f"{O.reason}{r}", dc) or ""
            event.overrides.append(Override(round=round_key, table=table, reason=reason))
            self.cells.override_rows.append(r)

    def _override_round(self, c: Cell, address: str) -> Optional[RoundKey]:
        """1, 2, 3 or FINAL; None (and a problem) for anything else."""
        rv = c.value
        x, ok = as_number(rv)
        if isinstance(rv, str) and rv.strip().upper() in (FINAL, "FINAL"):
            return FINAL
        if ok and x is not None and x in (1.0, 2.0, 3.0):
            return int(x)
        shown = say("read.blank") if is_blank_value(rv) else show(rv)
        self.problem(L.OVERRIDE.sheet, address, say("read.override_round", value=shown))
        return None

    def _override_table(self, round_key: RoundKey, c: Cell, address: str) -> Optional[int]:
        """The table an override names (the final's is 1); None (and a problem) for none."""
        if round_key == FINAL:
            x, ok = as_number(c.value)
            return int(x) if ok and x is not None and x >= 1 and float(x).is_integer() else 1
        if c.is_blank:
            self.problem(L.OVERRIDE.sheet, address, say("read.override_no_table", round=round_key))
            return None
        return self._whole(c, L.OVERRIDE.sheet, address, say("read.what.override_table"))
