"""The template's seating formula, resolved as The Archon resolves it.

The one formula the reader evaluates is the template's own seating formula
in the Round sheets' player column, when the organizer has not typed over
it::

    =IF(ISBLANK('Tournament Info'!$B$11),"",
        INDIRECT(ADDRESS(ROW(),1,1,1,"Optimal Seating "&'Tournament Info'!$B$11-1&"R+F")))

It is resolved exactly as the template does it, from the chart sheet the
file itself holds (see :meth:`ChartSeating._chart_seat`), whether or not the
file saved a value for it: the formula is volatile, Excel recomputes it on
every open, so a saved value can be stale.
"""

from __future__ import annotations

import functools
import re
from typing import Optional

from archon.formats import layout as L
from archon.formats.workbook.book import EMPTY, Cell, Cells
from archon.formats.workbook.cellreading import CellReader
from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.cellvalues import as_number, fmt_num, is_blank_value, show
from archon.words.message import say

__all__ = ["ChartSeating", "chart_formula"]


class ChartSeating(CellReader):
    """Seats shown by the template's seating formula, read from the chart
    sheet it points to (Tournament Info B11 says which)."""

    #: Tournament Info B11 and The Archon's count of players (Methuselahs!A4),
    #: which the formula reads: set by the reader of each.
    _b11: Cell = EMPTY
    _player_count: int = 0

    def __init__(self, book) -> None:
        super().__init__(book)
        self._chart_cache: dict[str, Cells] = {}
        self._chart_context: dict[tuple[int, Optional[int]], Optional[tuple[Cells, int, int]]] = {}

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
        if is_blank_value(b11) and not self._b11.formula:
            return None
        if only_if is not None and not (isinstance(b11, float) and b11 == only_if):
            return None  # a text "4" is not equal to 4 for Excel either
        x, ok = as_number(b11)
        chart = None
        if ok and x is not None:
            name = f"{_chart_prefix()}{fmt_num(x - 1)}{_chart_suffix()}"
            chart = next((c for c in L.CHARTS.values() if c.sheet == name), None)
        if chart is None or not self.book.has_sheet(chart.sheet):
            if not report:
                return None
            self.problem(sheet, f"{col}{row}", say("read.no_chart", info_sheet=L.INFO.sheet,
                                                   info_cell=L.INFO.rounds_with_final, value=show(b11)))
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

#: The longest formula that may be the template's seating formula (it is
#: about 150 characters): a longer one is not looked at, however it reads.
_LONGEST_CHART_FORMULA = 1000


@functools.lru_cache(maxsize=256)
def chart_formula(formula: str) -> Optional[tuple[int, Optional[int]]]:
    """``(chart column, required B11 or None)`` if ``formula`` is the template's seating formula."""
    global _CHART_FORMULA
    if len(formula) > _LONGEST_CHART_FORMULA or "INDIRECT" not in formula.upper():
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
