"""Twins of the players' reports of their table (issue 25): a player's
report from the phone (:func:`report_table`), and the organizer's
``archon pending`` (:func:`pending`, :func:`accept`, :func:`reporting`).

The rules live in :mod:`archon.eventday.player_reports`; these read the
workbook, call them and write the new event back
(:func:`archon.api.changes.event_day`), within one hold of the workbook,
so each report is journaled, backed up and undone as a result is.
"""

from __future__ import annotations

import datetime as _dt
from typing import Optional, Sequence

from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.scoring import parse_vps
from archon.eventday import player_reports as core
from archon.formats.workbook import read_event

__all__ = ["report_table", "pending", "accept", "reporting", "PendingReports", "vps_of"]


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def vps_of(vps: Sequence) -> list[Optional[float]]:
    """VPs as numbers or as typed (``"2,5"``, ``"1/2"``): :func:`archon.api.parse_vps` reads the text."""
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vps):
        return [float(v) for v in vps]
    return list(parse_vps([str(v) for v in vps]))


def report_table(path, code: str, round: "int | str", table: int, vps: Sequence, *,
                 dry_run: bool = False) -> EventDayReport:
    """A player's report of their table (the players' page's form): their
    personal ``code``, ``round`` (a number, or ``"F"``: the final, table 1),
    ``table`` and ``vps`` in seat order.
    The report's ``event`` tells the table's state
    (:func:`archon.eventday.player_reports.table_state`: pending, recorded,
    conflict). Refused (:class:`archon.eventday.EventDayError`): reports
    switched off, a wrong code (:class:`archon.eventday.player_reports.WrongCode`),
    a table the player does not sit at, a table with a result; VPs no game
    ends with (:class:`archon.eventday.WrongInput`)."""
    values = vps_of(vps)
    when = _now()
    return event_day(path, lambda ev, proposed, locate: core.report_table(ev, code, round, int(table), values,
                                                                         when=when, locate=locate),
                     dry_run=dry_run)


class PendingReports:
    """What ``archon pending FILE`` lists: ``on`` (players may report) and
    ``tables`` (:func:`archon.eventday.player_reports.pending_rows`)."""

    def __init__(self, on: bool, tables: list[dict]) -> None:
        self.on = on
        self.tables = tables

    def as_dict(self) -> dict:
        return {"on": self.on, "tables": self.tables}


@twin_of("pending")
def pending(path) -> PendingReports:
    """Twin of ``archon pending FILE``: the players' reports waiting for a
    second player or the organizer, table by table, and whether players may report."""
    ev = read_event(path).event
    return PendingReports(not ev.reporting_off, core.pending_rows(ev))


def accept(path, table: int, *, round: "int | str | None" = None, player: "int | str | None" = None,
           dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon pending FILE --accept TABLE --round N [--player P]``
    (``--round F``: the final's reports, table 1):
    the organizer accepts the report waiting there (``player``: whose, when
    the reports differ: a number, a VEKN number or a part of a name); the
    result is recorded as ``archon result`` records it."""
    return event_day(path, lambda ev, proposed, locate: core.accept_report(ev, round, int(table), player,
                                                                          locate=locate),
                     dry_run=dry_run)


def reporting(path, on: bool, *, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon pending FILE --on`` / ``--off``: whether players may report their table."""
    return event_day(path, lambda ev, proposed, locate: core.set_reporting(ev, on), dry_run=dry_run)
