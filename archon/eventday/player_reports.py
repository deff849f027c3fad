"""Players report their table's result from their phone (issue 25).

A player of a table sends its VPs in seat order with their personal code
(a preliminary round's table, or the final: round :data:`~archon.rules.model.FINAL`,
table 1)
(:mod:`archon.eventday.codes`). The report is checked as typed with the
rules' own check (:func:`archon.rules.scoring.score_table`: a result no
game ends with is refused), then waits for the organizer
(:attr:`~archon.rules.model.Event.player_reports`). A second player of the
table who reports the same VPs confirms it: the result is recorded through
:func:`archon.eventday.results.record_result`, as ``archon result`` records
it. A report with other VPs is a conflict, held for the organizer with the
first; the organizer accepts one of them (:func:`accept_report`) or types
the result (which clears the table's reports). Refused: a wrong code, a
player not at that table, a table with a result, reports switched off
(:func:`set_reporting`). Pure functions over the event.
"""

from __future__ import annotations

from typing import Optional, Sequence

from archon.eventday.change import Change, Locate, copied, vp_text, who
from archon.eventday.codes import player_of_code
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.eventday.results import record_result
from archon.rules.model import FINAL, Event, PlayerReport, Table
from archon.rules.scoring import COMPLETE, VPError, score_table, status_said
from archon.words.message import Message, act, message_of, option, say

__all__ = ["WrongCode", "PENDING", "RECORDED", "CONFLICT", "report_table", "accept_report", "set_reporting",
           "table_state", "pending_rows", "table_reports", "table_said", "round_key"]

#: A table's state after a report: waiting for a second player or the organizer.
PENDING = "pending"
#: The result is recorded.
RECORDED = "recorded"
#: Two reports disagree: held for the organizer.
CONFLICT = "conflict"


class WrongCode(EventDayError):
    """A personal code no player has (the console counts them per client)."""


def round_key(round: "int | str") -> "int | str":
    """A report's round as the event keeps it: a number, or :data:`FINAL`
    for the final ("F", "f", "final")."""
    if isinstance(round, str) and round.strip().upper() in (FINAL, "FINAL"):
        return FINAL
    text = str(round).strip()
    if isinstance(round, bool) or not (isinstance(round, int) or (text.isdecimal() and len(text) < 7)):
        raise WrongInput(say("playerreport.round_not_known", round=text[:20]))
    return int(text)


def table_said(round: "int | str", table: int) -> Message:
    """"round 2, table 3", or "the final" (as ``archon result`` says them)."""
    return say("result.the_final") if round == FINAL else say("result.table", round=round, table=table)


def table_reports(event: Event, round: "int | str", table: int) -> list[PlayerReport]:
    """The reports waiting at ``round``'s ``table``, in the order sent."""
    return [r for r in event.player_reports if r.round == round and r.table == table]


def table_state(event: Event, round: "int | str", table: int) -> str:
    """:data:`RECORDED` when the table has its result and no report waits,
    :data:`CONFLICT` when its reports disagree, else :data:`PENDING`."""
    waiting = table_reports(event, round, table)
    if len({tuple(r.vps) for r in waiting}) > 1:
        return CONFLICT
    if not waiting and _has_result(_table(event, round, table)):
        return RECORDED
    return PENDING


def _has_result(t: Optional[Table]) -> bool:
    return t is not None and bool(t.vps) and all(v is not None for v in t.vps)


def _table(event: Event, round: "int | str", table: int) -> Optional[Table]:
    """``round``'s ``table``; the final (seated) as table 1 of round :data:`FINAL`."""
    if round == FINAL:
        seated = event.has_final and event.final.seated and table == 1
        return Table(list(event.final.seating), list(event.final.vps)) if seated else None
    rnd = next((r for r in event.rounds if r.number == round), None)
    if rnd is None or not 1 <= table <= len(rnd.tables):
        return None
    return rnd.tables[table - 1]


def _checked_vps(event: Event, round: "int | str", table: int, t: Table, vps: Sequence[Optional[float]]) -> list[float]:
    """The VPs as typed, one per seat, a result a game ends with."""
    if len(vps) != len(t.players) or any(v is None for v in vps):
        raise WrongInput(say("playerreport.vp_count", at=table_said(round, table), seats=len(t.players)))
    values = [float(v) for v in vps if v is not None]
    try:
        result = score_table(values, event.edition)
    except VPError as exc:
        raise WrongInput(say("playerreport.illegal", at=table_said(round, table), problem=message_of(exc))) from None
    if result.status != COMPLETE:
        raise WrongInput(say("playerreport.illegal", at=table_said(round, table),
                             problem=say("playerreport.status_reason", status=status_said(result.status),
                                         reason=result.said)))
    return values


def reporter(event: Event, code: object) -> int:
    """The number of the player whose personal code ``code`` is; refused
    (:class:`WrongCode`) when no player has it."""
    number = player_of_code(event, code)
    if number is None:
        raise WrongCode(say("playerreport.wrong_code"))
    return number


def report_table(event: Event, code: object, round: "int | str", table: int, vps: Sequence[Optional[float]], *,
                 when: str = "", locate: Optional[Locate] = None) -> Change:
    """Player ``code``'s report of ``round``'s ``table``: ``vps`` in seat
    order, sent at ``when`` (UTC, ISO 8601). The event is copied; the
    table's state after it is :func:`table_state`.

    A second player's report of the same VPs records the result; a
    player's new report replaces their own earlier one. Refused: reports
    switched off, a wrong code, a table the player does not sit at, a
    table with a result, VPs no game ends with. The final is reported as
    round :data:`FINAL`, table 1, by its finalists, and recorded as
    ``archon result --final`` records it."""
    if event.reporting_off:
        raise EventDayError(say("playerreport.off"))
    player = reporter(event, code)
    round = round_key(round)
    t = _table(event, round, table)
    if t is None or player not in t.players:
        raise EventDayError(say("playerreport.not_your_table", player=who(event, player), at=table_said(round, table)))
    if _has_result(t):
        raise EventDayError(say("playerreport.has_result", at=table_said(round, table)))
    values = _checked_vps(event, round, table, t, vps)
    ev = copied(event)
    others = [r for r in table_reports(ev, round, table) if r.player != player]
    ev.player_reports = [r for r in ev.player_reports if not (r.round == round and r.table == table
                                                             and r.player == player)]
    same = [r for r in others if r.vps == values]
    if same:
        return _confirmed(ev, round, table, values, [same[0].player, player], locate)
    ev.player_reports.append(PlayerReport(round, table, values, player, when))
    line = _reported(ev, round, table, player, values)
    if others:
        return Change(ev, [line, say("playerreport.conflict", at=table_said(round, table),
                                     others=[_report_said(ev, r) for r in others])], player=ev.player(player))
    return Change(ev, [line, say("playerreport.waiting", at=table_said(round, table))], player=ev.player(player))


def _reported(ev: Event, round: "int | str", table: int, player: int, values: list[float]) -> Message:
    return say("playerreport.reported", player=who(ev, player), at=table_said(round, table),
               vps=[vp_text(v) for v in values])


def _report_said(ev: Event, r: PlayerReport) -> Message:
    """"#7 Anna Kowalski: 2, 0, 1, 1, 1"."""
    return say("playerreport.one", player=who(ev, r.player), vps=[vp_text(v) for v in r.vps])


def _confirmed(ev: Event, round: "int | str", table: int, values: list[float], players: list[int],
               locate: Optional[Locate]) -> Change:
    """The result recorded as ``archon result`` records it; the table's reports cleared."""
    ev.player_reports = [r for r in ev.player_reports if not (r.round == round and r.table == table)]
    done = record_result(ev, round, table, values, locate=locate)
    head = say("playerreport.confirmed", at=table_said(round, table), players=[who(ev, n) for n in players])
    return Change(done.event, [head, *done.lines])


def _order(round: "int | str") -> tuple:
    """The preliminary rounds by number, then the final."""
    return (1, 0) if round == FINAL else (0, round)


def accept_report(event: Event, round: "int | str | None", table: int, player: "int | str | None" = None, *,
                  locate: Optional[Locate] = None) -> Change:
    """The organizer accepts the report waiting at ``round``'s ``table``
    (``round`` None: the one round whose table ``table`` has reports;
    ``player``: whose, when the reports disagree, named as every command
    names a player: a number, a VEKN number or a part of a name): the result is recorded
    and the table's reports cleared. Refused: no report waits there, a
    conflict without ``player``, a player who sent none. ``round``
    :data:`FINAL` (or "F"): the final's reports (table 1)."""
    if round is not None:
        round = round_key(round)
    else:
        rounds = sorted({r.round for r in event.player_reports if r.table == table}, key=_order)
        if len(rounds) > 1:
            raise WrongInput(say("playerreport.round_needed", round=option("round"), accept=option("accept")))
        round = rounds[0] if rounds else max((r.number for r in event.rounds if r.tables), default=1)
    waiting = table_reports(event, round, table)
    if player is not None:
        player = find_player(event, player, locate).number
    if not waiting:
        raise EventDayError(say("playerreport.none_waiting", at=table_said(round, table)))
    if player is None and len({tuple(r.vps) for r in waiting}) > 1:
        raise EventDayError(say("playerreport.choose", at=table_said(round, table),
                                reports=[_report_said(event, r) for r in waiting],
                                accept=act("pending", accept=table, round=round, player="...")))
    chosen = waiting[-1] if player is None else next((r for r in waiting if r.player == player), None)
    if chosen is None:
        raise WrongInput(say("playerreport.no_report_from", player=who(event, player or 0),
                             at=table_said(round, table), reports=[_report_said(event, r) for r in waiting]))
    ev = copied(event)
    ev.player_reports = [r for r in ev.player_reports if not (r.round == round and r.table == table)]
    done = record_result(ev, round, table, chosen.vps, locate=locate)
    head = say("playerreport.accepted", at=table_said(round, table), player=who(ev, chosen.player))
    return Change(done.event, [head, *done.lines])


def set_reporting(event: Event, on: bool) -> Change:
    """Switch the players' reports on or off; nothing changes when they already are."""
    if event.reporting_off != on:
        return Change(event, [say("playerreport.already_on" if on else "playerreport.already_off")], changed=False)
    ev = copied(event)
    ev.reporting_off = not on
    return Change(ev, [say("playerreport.switched_on" if on else "playerreport.switched_off")])


def pending_rows(event: Event) -> list[dict]:
    """Every table with reports waiting, as plain data: ``{"round": 1,
    "table": 3, "state": "pending" | "conflict", "seats": [{"seat": 1,
    "player": 7, "name": "Anna Kowalski"}...], "reports": [{"player": 7,
    "name": ..., "vps": [2.0, 0.0, ...], "when": "2026-11-27T10:42:05Z"}]}``,
    by round and table; the final's is ``"round": "F", "table": 1``, last."""
    names = event.players_by_number()
    rows = []
    for round, table in sorted({(r.round, r.table) for r in event.player_reports}, key=lambda k: (_order(k[0]), k[1])):
        t = _table(event, round, table)
        seats = [{"seat": i, "player": n, "name": names[n].name if n in names else None}
                 for i, n in enumerate(t.players if t else [], start=1)]
        reports = [{"player": r.player, "name": names[r.player].name if r.player in names else None,
                    "vps": list(r.vps), "when": r.when} for r in table_reports(event, round, table)]
        rows.append({"round": round, "table": table, "state": table_state(event, round, table), "seats": seats,
                     "reports": reports})
    return rows
