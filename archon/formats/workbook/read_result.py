"""What reading a workbook gives: the event, its problems and where each part of it sits.

:class:`ReadResult` (what :func:`archon.formats.workbook.reader.read_event`
returns), :class:`ReadProblem` (something in a cell the model cannot hold
as it is, with its sheet and cell), :class:`EventCells` (players, seats,
tables and overrides back to their cells: a check can say ``Round 2!E14``)
and :class:`CellRef`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

from archon.formats import layout as L
from archon.rules.model import FINAL, Event
from archon.words.message import Message
from archon.words.render import PLAIN

__all__ = ["RoundKey", "CellRef", "ReadProblem", "EventCells", "ReadResult", "is_final", "sheet_of", "column_of"]

RoundKey = Union[int, str]  # 1, 2, 3 or model.FINAL


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
    where; ``message`` (a :class:`~archon.words.message.Message`, ids
    ``read.*``) says what is wrong, what archon did with it and what to do;
    ``text`` is it in plain English. ``str(problem)`` is ``"Round 2!E14: ..."``.
    """

    sheet: str
    cell: str
    message: Message

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.cell}"

    @property
    def text(self) -> str:
        """The message in plain English (:data:`archon.words.render.PLAIN`)."""
        return PLAIN.render(self.message)

    def __str__(self) -> str:
        return f"{self.where}: {self.text}"


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
        key = (FINAL if is_final(round) else int(round), 1 if is_final(round) else table, seat)
        row = self.seat_rows.get(key)
        if row is None:
            return None
        return CellRef(sheet_of(key[0]), f"{column_of(key[0], field)}{row}")

    def vp(self, round: RoundKey, table: int, seat: int) -> Optional[CellRef]:
        """The VP cell of a seat."""
        return self.seat(round, table, seat, field="vp")

    @staticmethod
    def table(round: RoundKey, table: int = 1, field: str = "player") -> CellRef:
        """A table's five rows (``Round 1!A7:A11``; ``field="vp"``: ``E7:E11``; the final: ``A14:A18``)."""
        if is_final(round):
            first, last = L.FINAL.first_row, L.FINAL.last_row
            key: RoundKey = FINAL
        else:
            rows = L.round_table_rows(table)
            first, last = rows[0], rows[-1]
            key = int(round)
        col = column_of(key, field)
        return CellRef(sheet_of(key), f"{col}{first}:{col}{last}")

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


def is_final(round: RoundKey) -> bool:
    return isinstance(round, str) and round.strip().upper() == FINAL


def sheet_of(round: RoundKey) -> str:
    return L.FINAL.sheet if is_final(round) else L.ROUND_SHEETS[int(round)]


def column_of(round: RoundKey, field: str) -> str:
    if is_final(round):
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
