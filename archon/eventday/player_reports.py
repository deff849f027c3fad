"""Players report their table's result from their phone (issue 25).

A player of a table sends its VPs in seat order with their personal code
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
from archon.eventday.results import record_result
from archon.rules.model import Event, PlayerReport, Table
from archon.rules.scoring import COMPLETE, VPError, score_table, status_said
from archon.words.message import Message, act, message_of, option, say

__all__ = ["WrongCode", "PENDING", "RECORDED", "CONFLICT", "report_table", "accept_report", "set_reporting",
           "table_state", "pending_rows", "table_reports"]

#: A table's state after a report: waiting for a second player or the organizer.
PENDING = "pending"
#: The result is recorded.
RECORDED = "recorded"
#: Two reports disagree: held for the organizer.
CONFLICT = "conflict"


class WrongCode(EventDayError):
    """A personal code no player has (the console counts them per client)."""


def table_reports(event: Event, round: int, table: int) -> list[PlayerReport]:
    """The reports waiting at ``round``'s ``table``, in the order sent."""
    return [r for r in event.player_reports if r.round == round and r.table == table]


def table_state(event: Event, round: int, table: int) -> str:
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


def _table(event: Event, round: int, table: int) -> Optional[Table]:
    rnd = next((r for r in event.rounds if r.number == round), None)
    if rnd is None or not 1 <= table <= len(rnd.tables):
        return None
    return rnd.tables[table - 1]


def _checked_vps(event: Event, round: int, table: int, t: Table, vps: Sequence[Optional[float]]) -> list[float]:
    """The VPs as typed, one per seat, a result a game ends with."""
    if len(vps) != len(t.players) or any(v is None for v in vps):
        raise WrongInput(say("playerreport.vp_count", round=round, table=table, seats=len(t.players)))
    values = [float(v) for v in vps if v is not None]
    try:
        result = score_table(values, event.edition)
    except VPError as exc:
        raise WrongInput(say("playerreport.illegal", round=round, table=table, problem=message_of(exc))) from None
    if result.status != COMPLETE:
        raise WrongInput(say("playerreport.illegal", round=round, table=table,
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


def report_table(event: Event, code: object, round: int, table: int, vps: Sequence[Optional[float]], *,
                 when: str = "", locate: Optional[Locate] = None) -> Change:
    """Player ``code``'s report of ``round``'s ``table``: ``vps`` in seat
    order, sent at ``when`` (UTC, ISO 8601). The event is copied; the
    table's state after it is :func:`table_state`.

    A second player's report of the same VPs records the result; a
    player's new report replaces their own earlier one. Refused: reports
    switched off, a wrong code, a table the player does not sit at, a
    table with a result, VPs no game ends with."""
    if event.reporting_off:
        raise EventDayError(say("playerreport.off"))
    player = reporter(event, code)
    t = _table(event, round, table)
    if t is None or player not in t.players:
        raise EventDayError(say("playerreport.not_your_table", player=who(event, player), round=round, table=table))
    if _has_result(t):
        raise EventDayError(say("playerreport.has_result", round=round, table=table))
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
        return Change(ev, [line, say("playerreport.conflict", round=round, table=table,
                                     others=[_report_said(ev, r) for r in others])], player=ev.player(player))
    return Change(ev, [line, say("playerreport.waiting", round=round, table=table)], player=ev.player(player))


def _reported(ev: Event, round: int, table: int, player: int, values: list[float]) -> Message:
    return say("playerreport.reported", player=who(ev, player), round=round, table=table,
               vps=[vp_text(v) for v in values])


def _report_said(ev: Event, r: PlayerReport) -> Message:
    """"#7 Anna Kowalski: 2, 0, 1, 1, 1"."""
    return say("playerreport.one", player=who(ev, r.player), vps=[vp_text(v) for v in r.vps])


def _confirmed(ev: Event, round: int, table: int, values: list[float], players: list[int],
               locate: Optional[Locate]) -> Change:
    """The result recorded as ``archon result`` records it; the table's reports cleared."""
    ev.player_reports = [r for r in ev.player_reports if not (r.round == round and r.table == table)]
    done = record_result(ev, round, table, values, locate=locate)
    head = say("playerreport.confirmed", round=round, table=table, players=[who(ev, n) for n in players])
    return Change(done.event, [head, *done.lines])


def accept_report(event: Event, round: Optional[int], table: int, player: "int | None" = None, *,
                  locate: Optional[Locate] = None) -> Change:
    """The organizer accepts the report waiting at ``round``'s ``table``
    (``round`` None: the one round whose table ``table`` has reports;
    ``player``: whose, when the reports disagree): the result is recorded
    and the table's reports cleared. Refused: no report waits there, a
    conflict without ``player``, a player who sent none."""
    if round is None:
        rounds = sorted({r.round for r in event.player_reports if r.table == table})
        if len(rounds) > 1:
            raise WrongInput(say("playerreport.round_needed", round=option("round"), accept=option("accept")))
        round = rounds[0] if rounds else max((r.number for r in event.rounds if r.tables), default=1)
    waiting = table_reports(event, round, table)
    if not waiting:
        raise EventDayError(say("playerreport.none_waiting", round=round, table=table))
    if player is None and len({tuple(r.vps) for r in waiting}) > 1:
        raise EventDayError(say("playerreport.choose", round=round, table=table,
                                reports=[_report_said(event, r) for r in waiting],
                                accept=act("pending", accept=table, round=round, player="...")))
    chosen = waiting[-1] if player is None else next((r for r in waiting if r.player == player), None)
    if chosen is None:
        raise WrongInput(say("playerreport.no_report_from", player=who(event, player or 0), round=round,
                             table=table, reports=[_report_said(event, r) for r in waiting]))
    ev = copied(event)
    ev.player_reports = [r for r in ev.player_reports if not (r.round == round and r.table == table)]
    done = record_result(ev, round, table, chosen.vps, locate=locate)
    head = say("playerreport.accepted", round=round, table=table, player=who(ev, chosen.player))
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
    by round and table."""
    names = event.players_by_number()
    rows = []
    for round, table in sorted({(r.round, r.table) for r in event.player_reports}):
        t = _table(event, round, table)
        seats = [{"seat": i, "player": n, "name": names[n].name if n in names else None}
                 for i, n in enumerate(t.players if t else [], start=1)]
        reports = [{"player": r.player, "name": names[r.player].name if r.player in names else None,
                    "vps": list(r.vps), "when": r.when} for r in table_reports(event, round, table)]
        rows.append({"round": round, "table": table, "state": table_state(event, round, table), "seats": seats,
                     "reports": reports})
    return rows
