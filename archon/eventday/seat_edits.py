"""Seat edits after the draw: two players swapped (:func:`swap_seats`), or one
moved to another table of the round (:func:`move_player`), without seating
the whole round again; the seating's score before and after, and its change
per criterion (:class:`SeatEdit`).

Only a round seated and typed, at tables without results, is edited; tables
stay of 4 or 5 players; a move goes to a table of the round (no new table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional

from archon import seating
from archon.eventday.change import Change, Locate, copied, who
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.eventday.rounds import check_preliminary_round
from archon.rules.editions import TABLE_SIZES
from archon.rules.model import Event, Round, Table
from archon.words.message import Message, act, say
from archon.words.wording import FIGURE_DECIMALS

__all__ = ["SeatEdit", "SeatEditChange", "swap_seats", "move_player", "score_change", "score_message"]


@dataclass
class SeatEdit:
    """What a seat edit did: ``kind`` (``"swap"`` or ``"move"``), the
    ``round``, the ``players`` (numbers) it moved, the ``tables`` touched
    (numbers, from 1), and the :class:`archon.seating.Score` of the rounds
    seated up to this one ``before`` and ``after`` the edit."""

    kind: str
    round: int
    players: list[int]
    tables: list[int]
    before: "seating.Score"
    after: "seating.Score"

    @property
    def change(self) -> dict[str, float]:
        """Per criterion (R1..R9) the figure after minus the figure before:
        above 0 the seating got worse on it, below 0 better."""
        return score_change(self.before, self.after)

    def as_dict(self) -> dict:
        """``{"kind": "swap", "round": 1, "players": [3, 7], "tables": [1, 2],
        "before": {"R1": ..., ...}, "change": {"R1": ..., ...}}``."""
        return {"kind": self.kind, "round": self.round, "players": list(self.players), "tables": list(self.tables),
                "before": self.before.as_dict(), "change": self.change}


@dataclass
class SeatEditChange(Change):
    """A :class:`Change` that also carries the :class:`SeatEdit` (``edit``)."""

    edit: Optional[SeatEdit] = field(default=None)


def score_change(before: "seating.Score", after: "seating.Score") -> dict[str, float]:
    """Per criterion, ``after`` minus ``before`` (standard deviations rounded
    to :data:`FIGURE_DECIMALS` decimals, so that an unchanged spread reads 0)."""
    out: dict[str, float] = {}
    for rule, a in after.as_dict().items():
        delta = a - before.as_dict()[rule]
        out[rule] = round(delta, FIGURE_DECIMALS) + 0.0 if isinstance(delta, float) else delta
    return out


def swap_seats(event: Event, round_number: int, a: "str | int", b: "str | int",
               locate: Optional[Locate] = None, proposed: Iterable[int] = ()) -> SeatEditChange:
    """Swap the seats of players ``a`` and ``b`` (as typed: a number, a VEKN
    number, a part of a name) in round ``round_number``: each takes the
    other's table and seat. Refused (:class:`EventDayError`) for a round
    not seated (or only shown by The Archon's chart: ``proposed``), a player
    not seated in it, the same player twice, a table touched that has a
    result."""
    rnd = _editable_round(event, round_number, set(proposed))
    pa, pb = find_player(event, a, locate), find_player(event, b, locate)
    if pa.number == pb.number:
        raise WrongInput(say("seat.edit_same_player", player=str(pa)))
    ta, sa = _seat_of(event, rnd, pa.number)
    tb, sb = _seat_of(event, rnd, pb.number)
    _refuse_results(event, rnd, sorted({ta, tb}))
    ev = copied(event)
    new = ev.round(round_number)
    new.tables[ta - 1].players[sa - 1] = pb.number
    new.tables[tb - 1].players[sb - 1] = pa.number
    line = say("seat.edit_swapped", round=round_number, a=str(pa), b=str(pb), table_a=ta, seat_a=sa,
               table_b=tb, seat_b=sb)
    return _edited(event, ev, round_number, "swap", [pa.number, pb.number], sorted({ta, tb}), line)


def move_player(event: Event, round_number: int, a: "str | int", table: int,
                locate: Optional[Locate] = None, proposed: Iterable[int] = ()) -> SeatEditChange:
    """Move player ``a`` (as typed) to table ``table`` of round
    ``round_number``, in its last seat. Refused (:class:`EventDayError`) as
    :func:`swap_seats` is, and for a table the round does not have, the
    table the player sits at already, a move that would leave a table of 3
    or make one of 6 (tables stay of 4 or 5 players)."""
    rnd = _editable_round(event, round_number, set(proposed))
    player = find_player(event, a, locate)
    count = len(rnd.tables)
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= count:
        raise WrongInput(say("seat.edit_no_such_table", round=round_number, table=table, tables=count))
    source, _ = _seat_of(event, rnd, player.number)
    if source == table:
        raise WrongInput(say("seat.edit_same_table", round=round_number, player=str(player), table=table))
    _refuse_results(event, rnd, sorted({source, table}))
    smallest, largest = min(TABLE_SIZES), max(TABLE_SIZES)
    if rnd.tables[source - 1].size <= smallest:
        raise EventDayError(say("seat.edit_table_too_small", round=round_number, table=source,
                                player=str(player), left=rnd.tables[source - 1].size - 1, smallest=smallest))
    if rnd.tables[table - 1].size >= largest:
        raise EventDayError(say("seat.edit_table_full", round=round_number, table=table,
                                players=rnd.tables[table - 1].size, largest=largest))
    ev = copied(event)
    new = ev.round(round_number)
    moved_from = [p for p in new.tables[source - 1].players if p != player.number]
    new.tables[source - 1] = Table(moved_from)
    new.tables[table - 1] = Table([*new.tables[table - 1].players, player.number])
    line = say("seat.edit_moved", round=round_number, player=str(player), source=source, table=table,
               seat=new.tables[table - 1].size)
    return _edited(event, ev, round_number, "move", [player.number], sorted({source, table}), line)


def _editable_round(event: Event, round_number: int, proposed: set[int]) -> Round:
    """Round ``round_number`` when seats are typed in it (refused otherwise)."""
    check_preliminary_round(event, round_number)
    try:
        rnd = event.round(round_number)
    except KeyError:
        rnd = Round(round_number)
    if not rnd.tables or round_number in proposed:
        raise EventDayError(say("seat.edit_not_seated", round=round_number, seat=act("seat", round=round_number)))
    return rnd


def _seat_of(event: Event, rnd: Round, number: int) -> tuple[int, int]:
    """(table, seat) of player ``number`` in ``rnd``, both from 1; refused when not seated there."""
    for t, table in enumerate(rnd.tables, start=1):
        seat = table.seat_of(number)
        if seat is not None:
            return t, seat
    raise EventDayError(say("seat.edit_not_in_round", round=rnd.number, player=who(event, number),
                            show=act("seat", round=rnd.number, show=True)))


def _refuse_results(event: Event, rnd: Round, tables: list[int]) -> None:
    """Refused when one of ``tables`` has a VP typed: the game there has begun."""
    played = [t for t in tables if any(v is not None for v in rnd.tables[t - 1].vps)]
    if played:
        raise EventDayError(say("seat.edit_table_has_result", round=rnd.number, tables=played,
                                seat=act("seat", round=rnd.number, force=True)))


def _plan(event: Event, up_to: int) -> list[list[list[int]]]:
    """The rounds seated up to ``up_to``, as a plan (the criteria's input)."""
    return [[list(t.players) for t in r.tables] for r in sorted(event.rounds, key=lambda r: r.number)
            if r.number <= up_to and r.tables]


def _edited(event: Event, ev: Event, round_number: int, kind: str, players: list[int], tables: list[int],
            line: Message) -> SeatEditChange:
    """The change, with its score line and a warning for later rounds seated."""
    before, after = seating.score_plan(_plan(event, round_number)), seating.score_plan(_plan(ev, round_number))
    edit = SeatEdit(kind, round_number, players, tables, before, after)
    lines = [line, score_message(edit)]
    later = sorted(r.number for r in event.rounds if r.number > round_number and r.tables)
    if later:
        lines.append(say("seat.edit_later_seated", round=round_number, later=later))
    return SeatEditChange(event=ev, lines=lines, edit=edit)


def score_message(edit: SeatEdit) -> Message:
    """The score after the edit and what changed, as a message: "score over
    rounds 1 to 2: R1 0, R2 0, ...; changed: R4 +2, R6 +1" (or "unchanged")."""
    after = edit.after.as_dict()
    figures = [say("seat.edit_figure", rule=rule, value=_figure(value)) for rule, value in after.items()]
    changed = [say("seat.edit_delta", rule=rule, sign="+" if delta > 0 else "-", value=_figure(abs(delta)))
               for rule, delta in edit.change.items() if delta != 0]
    if not changed:
        return say("seat.edit_score_unchanged", round=edit.round, figures=figures)
    verdict = "seat.edit_better" if edit.after < edit.before else "seat.edit_worse" if edit.after > edit.before \
        else "seat.edit_same_score"
    return say("seat.edit_score", round=edit.round, figures=figures, changes=changed, verdict=say(verdict))


def _figure(value: float) -> float:
    return round(value, FIGURE_DECIMALS) + 0.0 if isinstance(value, float) else value
