"""Reading the players: the Methuselahs sheet, a row a player."""

from __future__ import annotations

from typing import Optional

from archon.formats import layout as L
from archon.formats.workbook.book import Cell, Cells
from archon.formats.workbook.cellreading import CellReader
from archon.formats.workbook.cellvalues import is_blank_value, vekn
from archon.rules.model import Event, Player
from archon.words.message import say

__all__ = ["PlayerReading"]


class PlayerReading(CellReader):
    """The Methuselahs sheet: players in any row order, a number each."""

    def __init__(self, book) -> None:
        super().__init__(book)
        self._player_count = 0  # Methuselahs!A4 = COUNT(A7:A306)

    def _read_players(self, event: Event) -> None:
        M = L.METHUSELAHS
        if not self._sheet_present(M.sheet, say("read.why.players")):
            return
        cells = self.book.read_columns(M.sheet, M.inputs, M.first_row, M.last_row)
        rows: dict[int, list[int]] = {}
        count = 0
        for r in range(M.first_row, M.last_row + 1):
            a = cells.at(r, M.number)
            if isinstance(a.value, float) and not isinstance(a.value, bool) and not a.error:
                count += 1  # what The Archon's COUNT(A7:A306) counts
            player = self._player_row(cells, r)
            if player is not None:
                event.players.append(player)
                rows.setdefault(player.number, []).append(r)
        self._numbers_used_twice(rows)
        self.cells.player_rows = rows
        self._player_count = count

    def _player_row(self, cells: Cells, r: int) -> Optional[Player]:
        """The player on row ``r``, or None (with a problem when the row holds something)."""
        M = L.METHUSELAHS
        a = cells.at(r, M.number)
        if a.is_blank or (a.formula and is_blank_value(a.value) and not a.error):
            if any(not cells.at(r, c).is_blank for c in M.inputs if c != M.number):
                if a.formula and a.value is None:
                    self._no_saved_value(M.sheet, f"{M.number}{r}")
                else:
                    self.problem(M.sheet, f"{M.number}{r}", say("read.details_without_number", column=M.number))
            return None
        number = self._whole(a, M.sheet, f"{M.number}{r}", say("read.what.player_number"))
        if number is None:
            return None

        def at(col: str) -> Cell:
            return cells.at(r, col)

        flag = at(M.out).value
        if isinstance(flag, str) and flag and not flag.strip():
            # The Archon tests ISBLANK(G): a cell holding a space is a DQ flag to it
            self.problem(M.sheet, f"{M.out}{r}", say("read.dq_spaces"))
        return Player(
            number=number,
            first_name=self._input_text(M.sheet, f"{M.first_name}{r}", at(M.first_name)) or "",
            last_name=self._input_text(M.sheet, f"{M.last_name}{r}", at(M.last_name)) or "",
            city=self._input_text(M.sheet, f"{M.city}{r}", at(M.city)),
            vekn=self._vekn_cell(at(M.vekn), M.sheet, f"{M.vekn}{r}"),
            out=self._input_text(M.sheet, f"{M.out}{r}", at(M.out)),
            coin=self._coin(at(M.coin), M.sheet, f"{M.coin}{r}"),
        )

    def _numbers_used_twice(self, rows: dict[int, list[int]]) -> None:
        M = L.METHUSELAHS
        for number, where in rows.items():
            if len(where) > 1:
                self.problem(M.sheet, f"{M.number}{where[1]}", say(
                    "read.number_twice", number=number, rows=len(where), cells=[f"{M.number}{r}" for r in where],
                ))

    def _vekn_cell(self, c: Cell, sheet: str, address: str) -> Optional[str]:
        if c.error or (c.formula and c.value is None):
            return self._input_text(sheet, address, c)
        return vekn(c.value)

    def _coin(self, c: Cell, sheet: str, address: str) -> Optional[int]:
        if c.is_blank or (c.formula and is_blank_value(c.value) and not c.error):
            return None
        return self._whole(c, sheet, address, say("read.what.coin"))
