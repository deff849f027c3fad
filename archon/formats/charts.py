"""The Archon's optimal seating charts, read from an Archon workbook.

The Archon carries a fixed seating plan for every player count: sheet
``Optimal Seating 3R+F`` (4 to 300 players, 3 rounds) and ``Optimal Seating
2R+F`` (4 to 120 players, 2 rounds). Each block has a ``Players`` line (the
count N in column D) and up to three round lines, 5 slots per table from
column F, an empty 5th slot for a 4-player table, 5-player tables first.
Blocks for 6, 7 and 11 players are staggered ("Players (2 rounds each)"):
three rounds where some players sit out (and in the 3R+F chart for 11,
players 10 and 11 play all three). Every address comes from
:data:`archon.formats.layout.CHARTS`.

Plans come back in the shape :func:`archon.seating.plan` returns: a list of
rounds, each a list of tables, each a list of player numbers in seat order;
a player sitting a round out is absent from it.

Reading is direct: the sheet's XML is taken from the workbook (a zip) and
only the rows of the wanted block are parsed, so one block reads in a few
milliseconds; nothing is cached on disk.
"""

from __future__ import annotations

import os
import re
import zipfile
from typing import Optional, Union

from archon.words.errors import WordedError
from archon.words.message import say
from archon.exits import ExitStatus
from archon.formats import layout as L

__all__ = ["ChartError", "ChartBook", "chart_plan", "chart_slots", "chart_plans", "column_number"]

Plan = list[list[list[int]]]

_NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


class ChartError(WordedError, ValueError):
    """The workbook has no such chart, or the chart is not laid out as expected."""

    exit_status = ExitStatus.UNREADABLE


def column_number(col: str) -> int:
    """``"A"`` -> 1, ``"F"`` -> 6, ``"AA"`` -> 27."""
    n = 0
    for ch in col.upper():
        n = n * 26 + ord(ch) - 64
    return n


_CELL = re.compile(rb'<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>(.*?)</c>)', re.S)
_ROW = re.compile(rb'<row r="(\d+)"')
_VALUE = re.compile(rb"<v>([^<]*)</v>")
_TYPE = re.compile(rb'\bt="([^"]*)"')


def _chart_for(rounds: int):
    try:
        return L.CHARTS[rounds]
    except KeyError:
        raise ChartError(say("chart.no_chart", charts=sorted(L.CHARTS), rounds=rounds)) from None


class ChartBook:
    """The chart sheets of one Archon workbook (``.xlsx``), read on demand.

    Holds the two sheets' XML in memory; :meth:`plan` parses only the rows
    of the block asked for.
    """

    def __init__(self, path: Union[str, os.PathLike]):
        self.path = os.fspath(path)
        self._xml: dict[str, bytes] = {}
        self._rows: dict[str, dict[int, tuple[int, int]]] = {}
        try:
            with zipfile.ZipFile(self.path) as zf:
                targets = self._sheet_files(zf)
                for chart in L.CHARTS.values():
                    target = targets.get(chart.sheet)
                    if target is not None:
                        self._xml[chart.sheet] = zf.read(target)
        except (OSError, zipfile.BadZipFile, KeyError) as exc:
            raise ChartError(say("chart.unreadable", file=str(self.path), error=str(exc))) from None

    @staticmethod
    def _sheet_files(zf: zipfile.ZipFile) -> dict[str, str]:
        """Sheet name -> path of its XML inside the zip."""
        book = zf.read("xl/workbook.xml").decode("utf-8")
        rels = zf.read("xl/_rels/workbook.xml.rels").decode("utf-8")
        targets = {}
        for m in re.finditer(r"<Relationship\b([^>]*)/?>", rels):
            attrs = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
            if "Id" in attrs and "Target" in attrs:
                t = attrs["Target"]
                targets[attrs["Id"]] = t.lstrip("/") if t.startswith("/") else "xl/" + t
        out = {}
        for m in re.finditer(r"<sheet\b([^>]*)/?>", book):
            tag = m.group(1)
            name = re.search(r'\bname="([^"]*)"', tag)
            rid = re.search(r'\br:id="([^"]*)"', tag) or re.search(r':id="([^"]*)"', tag)
            if name and rid and rid.group(1) in targets:
                out[_unescape(name.group(1))] = targets[rid.group(1)]
        return out

    def _xml_for(self, rounds: int) -> bytes:
        chart = _chart_for(rounds)
        try:
            return self._xml[chart.sheet]
        except KeyError:
            raise ChartError(say("chart.no_sheet", file=str(self.path), sheet=repr(chart.sheet))) from None

    def _row(self, sheet: str, row: int) -> dict[int, float]:
        """Numeric cells of one row of ``sheet``: column number -> value."""
        index = self._rows.get(sheet)
        if index is None:
            xml = self._xml[sheet]
            starts = [(int(m.group(1)), m.start()) for m in _ROW.finditer(xml)]
            index = {}
            for k, (r, a) in enumerate(starts):
                index[r] = (a, starts[k + 1][1] if k + 1 < len(starts) else len(xml))
            self._rows[sheet] = index
        span = index.get(row)
        if span is None:
            return {}
        out: dict[int, float] = {}
        for col, _r, attrs, inner in _CELL.findall(self._xml[sheet], span[0], span[1]):
            t = _TYPE.search(attrs)
            if t is not None and t.group(1) != b"n":
                continue
            v = _VALUE.search(inner or b"")
            if v is None or not v.group(1):
                continue
            try:
                out[column_number(col.decode())] = float(v.group(1))
            except ValueError:
                continue
        return out

    def slots(self, rounds: int, players: int) -> list[list[Optional[int]]]:
        """The chart's slots for ``players``: per round line, the player in
        each slot (5 per table, ``None`` for an empty slot), trailing empty
        tables dropped. Round lines that are empty are left out."""
        chart = _chart_for(rounds)
        if not chart.min_players <= players <= chart.max_players:
            raise ChartError(say("chart.players_out_of_range", sheet=chart.sheet, first=chart.min_players,
                                 last=chart.max_players, players=players))
        sheet = chart.sheet
        self._xml_for(rounds)
        top = L.chart_block_row(chart, players)
        head = self._row(sheet, top)
        if head.get(column_number(chart.count_col)) != players:
            raise ChartError(say("chart.not_laid_out", file=str(self.path), cell=f"{chart.sheet}!{chart.count_col}{top}",
                                 players=players))
        first = column_number(chart.first_seat_col)
        out = []
        for k in range(1, chart.max_rounds + 1):
            cells = self._row(sheet, top + k)
            values = {c - first: int(v) for c, v in cells.items() if c >= first and v > 0}
            if not values:
                continue
            width = (max(values) // chart.slots_per_table + 1) * chart.slots_per_table
            out.append([values.get(i) for i in range(width)])
        return out

    def plan(self, rounds: int, players: int) -> Plan:
        """The chart's plan for ``players``: rounds of tables in seat order."""
        chart = _chart_for(rounds)
        out = []
        for line in self.slots(rounds, players):
            tables = []
            for i in range(0, len(line), chart.slots_per_table):
                table = [p for p in line[i : i + chart.slots_per_table] if p is not None]
                if table:
                    tables.append(table)
            out.append(tables)
        return out

    def plans(self, rounds: int) -> dict[int, Plan]:
        """Every block of the chart: player count -> plan."""
        chart = _chart_for(rounds)
        return {n: self.plan(rounds, n) for n in range(chart.min_players, chart.max_players + 1)}


def _unescape(text: str) -> str:
    return (
        text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
        .replace("&apos;", "'").replace("&amp;", "&")
    )


Source = Union[str, os.PathLike, ChartBook]


def _book(source: Source) -> ChartBook:
    return source if isinstance(source, ChartBook) else ChartBook(source)


def chart_plan(source: Source, rounds: int, players: int) -> Plan:
    """The Archon's optimal seating chart for ``players`` players.

    ``source``: an Archon workbook's path or a :class:`ChartBook` (to read
    several blocks from one file). ``rounds``: 3 for the ``Optimal Seating
    3R+F`` sheet, 2 for ``Optimal Seating 2R+F``. Staggered blocks (6, 7, 11
    players) have three rounds, players sitting out being absent.
    """
    return _book(source).plan(rounds, players)


def chart_slots(source: Source, rounds: int, players: int) -> list[list[Optional[int]]]:
    """The chart's raw slots (5 per table, ``None`` when empty) per round:
    slot ``k`` (0-based) of round ``r`` is what The Archon's Round ``r``
    sheet shows in column A, row ``7 + k``."""
    return _book(source).slots(rounds, players)


def chart_plans(source: Source, rounds: int) -> dict[int, Plan]:
    """Every block of a chart: player count -> plan."""
    return _book(source).plans(rounds)
