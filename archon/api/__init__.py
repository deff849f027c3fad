"""Python twins of the command-line commands.

Every ``archon`` command calls one function here, so a script can do what
the command does and get data back instead of text: ``from archon import
api; api.standings("cup.xlsx")``. The api is a shell shared by the command
line and the event console: its refusals are messages
(:class:`~archon.api.errors.InputError`), and each twin's docstring ends
with its command's contract (:mod:`archon.api.contracts`).

One module an idea:

* :mod:`.scoring`: :func:`score`, :func:`score_lines`, :func:`parse_vps`;
* :mod:`.workbooks`: :func:`standings`, :func:`check`, :func:`new`, :func:`update`;
* :mod:`.changes`: how an event-day twin reads, changes and writes the
  workbook (:class:`EventDayReport`);
* :mod:`.eventday`: :func:`register`, :func:`unregister`, :func:`drop`,
  :func:`warn`, :func:`sanction`, :func:`warnings`, :func:`result`, :func:`toss`,
  :func:`finals`, :func:`seat_final`, :func:`close_without_final`;
* :mod:`.seating`: :func:`seat`, :func:`plan` (:mod:`.seat_lists`: the
  seat list ``seat`` prints);
* :mod:`.reports`: :func:`report`, :func:`vekn_report`, :func:`archondata`, :func:`twd`;
* :mod:`.checkins`: :func:`checkin`, :func:`phone_checkin`, :func:`codes`,
  :func:`print_codes`, :func:`checkin_state` (issue 25);
* :mod:`.conversion`: :func:`convert`; :mod:`.undoing`: :func:`undo`;
* :mod:`.details`: :func:`info` (the event's details), :func:`details_of`;
* :mod:`.across`: :func:`results_frame`, :func:`rating`, :func:`league`;
* :mod:`.json_output`: what a command prints with ``--json``, each object
  naming its schema (``"schema": "archon.<command>/1"``); :mod:`.schemas`:
  those JSON Schemas, :func:`archon.api.schemas.schema_of`.

Each name is imported from its module the first time it is used, so that
a command that needs one twin (``archon score``) loads none of the others'
modules (the workbook's, pandas).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from archon.compat import names_on_first_use

#: The public names, by the module that defines them.
_MODULES = {
    "errors": ("InputError",),
    "scoring": ("score", "score_lines", "each_line_scored", "parse_vps"),
    "reports": ("report", "ReportResult", "report_standings", "vekn_report", "archondata", "twd"),
    "workbooks": ("standings", "check", "new", "update"),
    "changes": ("EventDayReport",),
    "eventday": ("register", "unregister", "drop", "warn", "sanction", "warnings", "result", "toss",
                 "finals", "seat_final", "close_without_final"),
    "seating": ("seat", "RoundSeating", "plan", "PlanResult", "check_time_budget", "PLAN_ROUNDS",
                "MAX_PLAN_PLAYERS"),
    "conversion": ("convert",),
    "undoing": ("undo",),
    "details": ("info", "details_of"),
    "clocks": ("clock", "clock_figures"),
    "across": ("results_frame", "rating", "league"),
    "checkins": ("checkin", "phone_checkin", "codes", "print_codes", "checkin_state"),
    "player_reports": ("report_table", "pending", "accept", "reporting", "PendingReports"),
    "deck_lists": ("deck", "decks", "export_decks", "cards_update"),
}
_FIRST_USE = names_on_first_use(__name__, _MODULES)

__all__ = [name for names in _MODULES.values() for name in names] + ["CheckedProblem"]


def __getattr__(name: str):
    if name == "CheckedProblem":  # what check() returns, defined with the workbook's problems
        from archon.formats.workbook.problems import CheckedProblem

        return CheckedProblem
    return _FIRST_USE(name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and readers see; the names load on first use (above)
    from archon.api.across import league, rating, results_frame
    from archon.api.changes import EventDayReport
    from archon.api.checkins import checkin, checkin_state, codes, phone_checkin, print_codes
    from archon.api.clocks import clock, clock_figures
    from archon.api.conversion import convert
    from archon.api.deck_lists import cards_update, deck, decks, export_decks
    from archon.api.details import details_of, info
    from archon.api.errors import InputError
    from archon.api.eventday import (close_without_final, drop, finals, register, result, sanction, seat_final,
                                     toss, unregister, warn, warnings)
    from archon.api.reports import ReportResult, archondata, report, report_standings, twd, vekn_report
    from archon.api.scoring import each_line_scored, parse_vps, score, score_lines
    from archon.api.seating import (MAX_PLAN_PLAYERS, PLAN_ROUNDS, PlanResult, RoundSeating, check_time_budget,
                                    plan, seat)
    from archon.api.player_reports import PendingReports, accept, pending, report_table, reporting
    from archon.api.undoing import undo
    from archon.api.workbooks import check, new, standings, update
    from archon.formats.workbook.problems import CheckedProblem
