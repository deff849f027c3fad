"""The HTML report: one self-contained page to publish or show on a projector.

The page holds the event, the winner, the final table, the standings and
every round's tables. It needs nothing but a browser: the CSS is inline, it
uses the system's own fonts, has no images and no script, and loads nothing
from the network. Large type and high contrast for a projector; on a phone
the tables fit the screen or scroll sideways. Every name is HTML-escaped.
"""

from __future__ import annotations

import datetime as _dt
import os
from html import escape
from pathlib import Path
from typing import Any, Iterable, Optional

from .. import __version__
from ..editions import EDITIONS
from .data import StandingsLike, as_standings_dict, display_name, players_by_number, winner_of
from .output import write_atomically

__all__ = ["render_html_report", "write_html_report"]

_CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { font-size: 18px; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
@media (min-width: 1000px) { html { font-size: 22px; } }
@media (min-width: 1600px) { html { font-size: 26px; } }
body {
  margin: 0; padding: 1rem 1.25rem 2rem; background: #ffffff; color: #000000;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", Arial, sans-serif;
  line-height: 1.35;
}
main { max-width: 60rem; margin: 0 auto; }
h1 { font-size: 2rem; line-height: 1.15; margin: 0 0 .4rem; }
h2 { font-size: 1.4rem; margin: 1.6rem 0 .5rem; border-bottom: 3px solid #000; padding-bottom: .15rem; }
.meta { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; font-size: 1rem; }
.meta li { white-space: nowrap; }
.meta b { font-weight: 700; }
.winner {
  margin: 1rem 0 0; padding: .8rem 1rem; background: #000; color: #fff; border-radius: .4rem;
  font-size: 1.5rem; font-weight: 700;
}
.winner span { color: #ffd54a; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 700; padding: .3rem 0; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #8a8a8a; text-align: left; vertical-align: top; }
th { background: #1f3864; color: #fff; font-weight: 700; white-space: nowrap; }
td.n, th.n { text-align: right; white-space: nowrap; }
td.name { font-weight: 600; overflow-wrap: anywhere; }
tr.winner-row td { background: #ffd54a; color: #000; font-weight: 700; }
tr.finalist td { background: #fff2c2; color: #000; }
tr.out td { color: #555; font-style: italic; }
.tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: .8rem 1.2rem; }
.status { font-weight: 400; font-size: .85rem; padding: .05rem .35rem; border-radius: .25rem; border: 1px solid #000; }
.s-complete { background: #c6efce; }
.s-pending { background: #ffeb9c; }
.s-invalid { background: #ffc7ce; }
.s-overridden { background: #bdd7ee; }
.note { font-size: .85rem; margin: .15rem 0 0; }
details { margin: .6rem 0; }
summary { font-size: 1.2rem; font-weight: 700; cursor: pointer; padding: .2rem 0; }
footer { margin-top: 2rem; font-size: .8rem; color: #333; }
@media (max-width: 600px) {
  body { padding: .6rem .6rem 1.5rem; }
  h1 { font-size: 1.6rem; }
  .winner { font-size: 1.25rem; }
  .meta li { white-space: normal; }
  table { font-size: .85rem; }
  th, td { padding: .25rem .25rem; }
  th { white-space: normal; }
  .wide { display: none; }
}
@media print {
  html { font-size: 12pt; }
  .winner { background: #fff; color: #000; border: 3px solid #000; }
  .winner span { color: #000; }
  th { background: #fff; color: #000; border-bottom: 2px solid #000; }
  details > * { display: block; }
}
"""


def _num(x: Optional[float]) -> str:
    """2.0 -> '2', 2.5 -> '2.5', None -> ''."""
    if x is None:
        return ""
    return f"{float(x):g}"


def _rating(x: Optional[float]) -> str:
    return "" if x is None else f"{float(x):.2f}"


def _e(x: Any) -> str:
    return escape("" if x is None else str(x), quote=True)


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)


def _date(iso: Optional[str]) -> str:
    if not iso:
        return ""
    try:
        d = _dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def _cls(c: str) -> str:
    return f' class="{c}"' if c else ""


def _row(cells: Iterable[tuple[str, str]], cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<tr{attr}>" + "".join(f"<td{_cls(c)}>{v}</td>" for v, c in cells) + "</tr>"


def _head(cells: Iterable[tuple[str, str]]) -> str:
    return "<tr>" + "".join(f'<th scope="col"{_cls(c)}>{v}</th>' for v, c in cells) + "</tr>"


def render_html_report(standings: StandingsLike) -> str:
    """The report page as a string (UTF-8 HTML5 document)."""
    data = as_standings_dict(standings)
    ev = data["event"]
    by_number = players_by_number(data)
    winner = winner_of(data)
    ed = EDITIONS.get(ev.get("edition") or "")
    game_wins = ed.game_wins if ed else True
    title = ev.get("name") or "Event"

    parts: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="archon {_e(__version__)}">',
        f"<title>{_e(title)} \u2014 results</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{_e(title)}</h1>",
        '<ul class="meta">',
    ]
    meta = [
        ("Date", _date(ev.get("date"))),
        ("City", ev.get("city")),
        ("Level", ev.get("level")),
        ("Format", ev.get("format")),
        ("Deck format", ev.get("deck_format")),
        ("Players", ev.get("players")),
        ("Rules", ed.title if ed else ev.get("edition")),
    ]
    for label, value in meta:
        if value not in (None, ""):
            parts.append(f"<li><b>{_e(label)}:</b> {_e(value)}</li>")
    parts.append("</ul>")
    if winner is not None:
        parts.append(f'<p class="winner" id="winner">Winner: <span>{_e(display_name(winner))}</span></p>')
    else:
        parts.append('<p class="winner" id="winner">Winner: <span>not decided yet</span></p>')
    parts.append("</header>")

    # The final
    final = data.get("final")
    parts.append('<section id="final"><h2>Final</h2>')
    if final:
        parts.append('<div class="scroll"><table>')
        parts.append(_head([("Seat", "n"), ("Player", ""), ("Seed", "n"), ("Final VP", "n"), ("Place", "n")]))
        for s in final["seats"]:
            p = by_number.get(s["player"])
            cls = "winner-row" if winner is not None and s["player"] == winner["number"] else "finalist"
            parts.append(
                _row(
                    [
                        (_e(s["seat"]), "n"),
                        (_e(display_name(p, s["player"])), "name"),
                        (_e(s.get("seed") if s.get("seed") is not None else ""), "n"),
                        (_e(_num(s.get("vp"))), "n"),
                        (_e(p.get("final_rank") if p and p.get("final_rank") is not None else ""), "n"),
                    ],
                    cls,
                )
            )
        parts.append("</table></div>")
    else:
        parts.append("<p>The final table is not seated yet.</p>")
    parts.append("</section>")

    # Standings
    # On a phone the standings drop the VEKN and final VP columns (the final
    # VPs are in the final's table just above).
    parts.append('<section id="standings"><h2>Standings</h2><div class="scroll"><table>')
    head = [("Rank", "n"), ("Player", ""), ("VEKN", "wide")]
    if game_wins:
        head.append(("GW", "n"))
    head += [("VP", "n"), ("TP", "n"), ("Final VP", "n wide"), ("Rating", "n")]
    parts.append(_head(head))
    for p in data["players"]:
        if winner is not None and p["number"] == winner["number"]:
            cls = "winner-row"
        elif p.get("dq"):
            cls = "out"
        elif p.get("finalist"):
            cls = "finalist"
        else:
            cls = ""
        rank = p["final_rank"] if p.get("final_rank") is not None else p.get("rank")
        name = _e(display_name(p))
        if p.get("dq"):
            name += f" <small>\u00b7 {_e(p.get('status'))}</small>"
        cells = [(_e(rank if rank is not None else "\u2014"), "n"), (name, "name"), (_e(p.get("vekn")), "wide")]
        if game_wins:
            cells.append((_e(p["gw"]), "n"))
        cells += [
            (_e(_num(p["vp"])), "n"),
            (_e(_num(p["tp"])), "n"),
            (_e(_num(p.get("final_vp"))), "n wide"),
            (_e(_rating(p.get("rating_points"))), "n"),
        ]
        parts.append(_row(cells, cls))
    parts.append("</table></div></section>")

    # Rounds
    rounds = [r for r in data.get("rounds") or [] if r.get("tables")]
    if rounds:
        parts.append('<section id="rounds"><h2>Rounds</h2>')
        for r in rounds:
            parts.append(f"<details><summary>Round {_e(r['round'])}</summary><div class=\"tables\">")
            for t in r["tables"]:
                status = t.get("status") or ""
                parts.append('<div class="scroll"><table>')
                parts.append(
                    f"<caption>Table {_e(t['table'])} "
                    f'<span class="status s-{_e(status)}">{_e(status)}</span></caption>'
                )
                h = [("Seat", "n"), ("Player", ""), ("VP", "n")]
                if game_wins:
                    h.append(("GW", "n"))
                h.append(("TP", "n"))
                parts.append(_head(h))
                for s in t["seats"]:
                    p = by_number.get(s["player"])
                    cells = [(_e(s["seat"]), "n"), (_e(display_name(p, s["player"])), ""), (_e(_num(s.get("vp"))), "n")]
                    if game_wins:
                        cells.append((_e(s.get("gw") or 0), "n"))
                    cells.append((_e(_num(s.get("tp"))), "n"))
                    parts.append(_row(cells))
                parts.append("</table>")
                if t.get("reason"):
                    prefix = "Accepted by a judge: " if status == "overridden" else ""
                    parts.append(f'<p class="note">{_e(prefix)}{_e(t["reason"])}</p>')
                parts.append("</div>")
            parts.append("</div></details>")
        parts.append("</section>")

    # The judges' warnings, for the head judge's report to the VEKN
    warnings = data.get("warnings") or []
    if warnings:
        from ..judging import warning_line

        parts.append('<section id="warnings"><h2>Judges\' warnings</h2><ul>')
        parts.extend(f"<li>{_e(warning_line(w))}</li>" for w in warnings)
        parts.append("</ul></section>")

    parts.append(
        f"<footer>Made with archon {_e(__version__)}; "
        "the numbers are those of <code>archon standings</code>.</footer>"
    )
    parts += ["</main>", "</body>", "</html>", ""]
    return "\n".join(parts)


def write_html_report(standings: StandingsLike, path: "str | os.PathLike[str]") -> Path:
    """Write the report page to ``path`` (UTF-8). Returns the path written.

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Raises :class:`archon.reports.ReportError` when
    the folder is missing.
    """
    text = render_html_report(standings)
    return write_atomically(path, text.encode("utf-8"))
