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
from archon.reports.data import StandingsLike, as_standings_dict, public, sitting_out
from archon.reports.labels import Labels
from archon.reports.output import HTML_REPORT, check_target, write_atomically
from archon.words.languages import SOURCE
from archon.words.message import say

__all__ = ["render_html_report", "write_html_report"]


def _warning_line(w: Labels, row: dict) -> str:
    """``#7 Anna Kowalski, Ronde 2 : ...``: a judge's warning in the page's language."""
    from archon.eventday.judging import warning_line

    if w.language == SOURCE:
        return warning_line(row)
    who = f"#{row['player']}" + (f" {row['name']}" if row.get("name") else "")
    rnd = row.get("round")
    when = "" if rnd is None else w(say("report.sheet_final") if str(rnd).upper() == "F"
                                      else say("report.posting_round", round=rnd))
    return f"{who}{', ' + when if when else ''}: {row['reason']}"


def render_html_report(standings: StandingsLike, lang: str = SOURCE, *, judges_notes: bool = False) -> str:
    """The report page as a string (UTF-8 HTML5 document) in the language
    ``lang`` (its ``lang`` attribute, labels, figures and date), from the template
    ``archon/reports/templates/report.html`` (the tables are shared with the
    event console's players' page).

    The page is one to post (:func:`archon.reports.data.public`): no judge's
    warning, no reason of a judge's decision. ``judges_notes``: the judges'
    own copy, with both, and saying so at its top."""
    from archon.reports.render import long_date, render, results_context

    w = Labels(lang)
    data = as_standings_dict(standings)
    if not judges_notes:
        data = public(data)
    ev = data["event"]
    ed = EDITIONS.get(ev.get("edition") or "")
    meta = [
        ("date", long_date(ev.get("date"), w.language)),
        ("city", ev.get("city")),
        ("level", ev.get("level")),
        ("format", ev.get("format")),
        ("deck_format", ev.get("deck_format")),
        ("players", ev.get("players")),
        ("rules", ed.title if ed else ev.get("edition")),
    ]
    return render(
        "report.html",
        w.language,
        **results_context(data, w(say("report.untitled"))),
        meta=[(key, value) for key, value in meta if value not in (None, "")],
        warnings=[_warning_line(w, row) for row in data.get("warnings") or []],  # for the head judge's report
        judges_notes=judges_notes,
        sitting_out={r["round"]: sitting_out(data, r["round"]) for r in data.get("rounds") or [] if r.get("tables")},
    )


def write_html_report(standings: StandingsLike, path: "str | os.PathLike[str]", *, force: bool = False,
                      lang: str = SOURCE, judges_notes: bool = False) -> Path:
    """Write the report page to ``path`` (UTF-8) in the language ``lang``.
    Returns the path written. ``judges_notes``: see :func:`render_html_report`.

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Raises :class:`archon.reports.ReportError` when
    :func:`archon.reports.check_target` refuses ``path`` (not a .html name,
    a file that exists: an earlier HTML report is replaced only with
    ``force``, the folder missing...); :class:`archon.words.choose.UnknownLanguage`
    for a language archon does not speak.
    """
    lang = Labels(lang).language
    check_target(path, HTML_REPORT, force=force)
    text = render_html_report(standings, lang, judges_notes=judges_notes)
    return write_atomically(path, text.encode("utf-8"), HTML_REPORT, force=force)
