"""Reports an event posts and publishes: a report workbook, a seat list per
round for the venue wall, and a one-page HTML report.

Every report starts from the standings contract,
:func:`archon.formats.serialize.standings_to_dict` of
:func:`archon.rules.standings.compute`, the same data ``archon standings --json``
prints, so every number in every report is the number archon computed once.
Nothing here recomputes a score, a rank or a rating.

* :func:`write_xlsx_report` -- the report workbook (event, standings, one
  sheet per round, the final, charts, a printable seat list per round);
* :func:`write_posting_sheet` -- one round's seat list alone, to print minutes
  before the round starts;
* :func:`write_html_report` / :func:`render_html_report` -- one
  self-contained HTML page (no network, no script).

Each is made in the language its ``lang`` names (English by default): the
labels a person reads and the figures as the language writes them
(:mod:`archon.reports.labels`). Each accepts the contract ``dict``, computed
:class:`~archon.rules.standings.Standings`, or an :class:`~archon.rules.model.Event`
(computed first).
"""

from __future__ import annotations

from archon.reports.data import ReportError, StandingsLike, as_standings_dict, display_name, name_sort_key, players_by_number, posting_name, seat_list, winner_of
from archon.reports.html_report import render_html_report, write_html_report
from archon.reports.output import check_target, write_atomically
from archon.reports.posting import write_posting_sheet
from archon.reports.xlsx_report import write_xlsx_report

__all__ = [
    "ReportError",
    "StandingsLike",
    "as_standings_dict",
    "check_target",
    "write_atomically",
    "write_xlsx_report",
    "write_posting_sheet",
    "write_html_report",
    "render_html_report",
    "seat_list",
    "name_sort_key",
    "posting_name",
    "display_name",
    "players_by_number",
    "winner_of",
]
