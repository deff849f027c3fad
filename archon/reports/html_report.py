"""The HTML report: one self-contained page to publish or show on a projector.

The page holds the event, the winner, the final table, the standings and
every round's tables. It needs nothing but a browser: the CSS is inline, it
uses the system's own fonts, has no images and no script, and loads nothing
from the network. Large type and high contrast for a projector; on a phone
the tables fit the screen or scroll sideways. Every name is HTML-escaped:
the page is the Jinja2 template ``archon/reports/templates/report.html``, with
autoescaping.
"""

from __future__ import annotations

import os
from pathlib import Path

from archon.rules.editions import EDITIONS
from archon.reports.data import SITS_OUT, StandingsLike, as_standings_dict, sitting_out
from archon.reports.output import HTML_REPORT, check_target, write_atomically

__all__ = ["render_html_report", "write_html_report"]


def render_html_report(standings: StandingsLike) -> str:
    """The report page as a string (UTF-8 HTML5 document), from the template
    ``archon/reports/templates/report.html`` (the tables are shared with the
    event console's players' page)."""
    from archon.eventday.judging import warning_line
    from archon.reports.render import long_date, render, results_context

    data = as_standings_dict(standings)
    ev = data["event"]
    ed = EDITIONS.get(ev.get("edition") or "")
    meta = [
        ("Date", long_date(ev.get("date"))),
        ("City", ev.get("city")),
        ("Level", ev.get("level")),
        ("Format", ev.get("format")),
        ("Deck format", ev.get("deck_format")),
        ("Players", ev.get("players")),
        ("Rules", ed.title if ed else ev.get("edition")),
    ]
    return render(
        "report.html",
        **results_context(data, "Event"),
        meta=[(label, value) for label, value in meta if value not in (None, "")],
        warnings=[warning_line(w) for w in data.get("warnings") or []],  # for the head judge's report to the VEKN
        sitting_out={r["round"]: sitting_out(data, r["round"]) for r in data.get("rounds") or [] if r.get("tables")},
        sits_out_word=SITS_OUT,
    )


def write_html_report(standings: StandingsLike, path: "str | os.PathLike[str]", *, force: bool = False) -> Path:
    """Write the report page to ``path`` (UTF-8). Returns the path written.

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Raises :class:`archon.reports.ReportError` when
    :func:`archon.reports.check_target` refuses ``path`` (not a .html name,
    a file that exists: an earlier HTML report is replaced only with
    ``force``, the folder missing...).
    """
    check_target(path, HTML_REPORT, force=force)
    text = render_html_report(standings)
    return write_atomically(path, text.encode("utf-8"), HTML_REPORT, force=force)
