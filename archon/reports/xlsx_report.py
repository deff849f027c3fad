"""The report workbook: what an event publishes, formatted to be read.

Sheets, in order:

``Event``        name, date, city, level, format (2R+F/3R+F), deck format
                 (Constructed/Limited), players, winner, rule edition;
``Standings``    every player: rank, name, VEKN, GW, VP, TP, seed, final VP,
                 rating points (frozen header, autofilter, finalists and the
                 winner highlighted);
``Round N``      every table in seat order with VP, GW, TP and its status;
``Final``        the final table in seat order with seeds and final VP;
``Charts``       VPs scored per round (how many seats scored 0, 1/2, 1, ...)
                 and the top players' GW and VP, as native charts;
``Seating RN``   each round's seat list for the venue wall (see
                 :mod:`archon.reports.posting`).

Every value comes from the standings contract; nothing is recomputed.
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path
from typing import Any, Optional

import xlsxwriter

from archon import __version__
from archon.rules.editions import EDITIONS
from archon.reports.data import SITS_OUT, StandingsLike, as_standings_dict, display_name, players_by_number, sitting_out, winner_of
from archon.reports.output import REPORT_WORKBOOK, check_target, write_atomically, xlsx_bytes
from archon.reports.posting import A4, add_posting_sheet, posting_sheet_name

__all__ = ["write_xlsx_report", "TOP_PLAYERS_CHARTED", "STANDINGS_HEADERS"]

#: How many players the "top players" chart shows.
TOP_PLAYERS_CHARTED = 10

_FONT = "Arial"

#: Column headers of the Standings sheet.
STANDINGS_HEADERS = (
    "Rank", "Prelim. rank", "#", "Player", "VEKN", "City", "GW", "VP", "TP",
    "Seed", "Final VP", "Rating points", "Status",
)

_STATUS_COLORS = {
    "complete": "#C6EFCE",
    "pending": "#FFEB9C",
    "invalid": "#FFC7CE",
    "overridden": "#BDD7EE",
}


class _Formats:
    def __init__(self, wb: xlsxwriter.Workbook) -> None:
        base = {"font_name": _FONT, "font_size": 11, "valign": "vcenter"}
        self.base = base

        def fmt(**kw: Any):
            return wb.add_format({**base, **kw})

        self.title = fmt(font_size=18, bold=True)
        self.label = fmt(bold=True)
        self.text = fmt()
        self.left = fmt(align="left")
        self.date = fmt(num_format="yyyy-mm-dd", align="left")
        self.head = fmt(bold=True, bg_color="#1F3864", font_color="#FFFFFF", border=1, text_wrap=True)
        self.note = fmt(italic=True, font_color="#595959")
        self.rows: dict[tuple[str, str], Any] = {}
        self._wb = wb

    def cell(self, kind: str, style: str = "") -> Any:
        """A body cell: ``kind`` text/int/vp/rating; ``style`` '', winner, finalist, out or a status."""
        key = (kind, style)
        if key not in self.rows:
            spec: dict[str, Any] = {**self.base, "border": 1, "border_color": "#BFBFBF"}
            if kind == "int":
                spec.update(num_format="0", align="center")
            elif kind == "vp":
                spec.update(num_format="0.0", align="center")
            elif kind == "tp":
                spec.update(num_format="0", align="center")
            elif kind == "status":
                spec.update(align="center")
            elif kind == "rating":
                spec.update(num_format="0.00", align="right")
            if style == "winner":
                spec.update(bold=True, bg_color="#FFD966")
            elif style == "finalist":
                spec.update(bg_color="#FFF2CC")
            elif style == "band":
                spec.update(bg_color="#F2F2F2")
            elif style == "out":
                spec.update(italic=True, font_color="#7F7F7F")
            elif style in _STATUS_COLORS:
                spec.update(bg_color=_STATUS_COLORS[style])
            self.rows[key] = self._wb.add_format(spec)
        return self.rows[key]


def _write(ws, row: int, col: int, value: Any, fmt) -> None:
    """Write a value, leaving the cell blank (but formatted) for None."""
    if value is None:
        ws.write_blank(row, col, None, fmt)
    elif isinstance(value, bool):
        ws.write_boolean(row, col, value, fmt)
    elif isinstance(value, (int, float)):
        ws.write_number(row, col, value, fmt)
    else:
        ws.write_string(row, col, str(value), fmt)


def _write_texts(ws, row: int, col: int, texts, fmt) -> None:
    """A row of headings, each written as text (never a formula)."""
    for c, text in enumerate(texts, start=col):
        ws.write_string(row, c, text, fmt)


def _page_title(data: dict, what: str) -> str:
    """``Winter Cup — Round 1 results``: the title printed at the top of a sheet's pages."""
    return f"{data['event'].get('name') or 'Event'} \u2014 {what}"


def _landscape_print(ws, last_row: int, last_col: int, title: str, header_rows: int = 1) -> None:
    """A4 landscape, fitted to the width, ``title`` at the top of every page
    and the sheet's name and page numbers at the bottom."""
    ws.set_header(f'&C&"{_FONT},Bold"&14{title[:200].replace("&", "&&")}')
    ws.set_paper(A4)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0, header_rows - 1)
    ws.print_area(0, 0, max(last_row, header_rows - 1), last_col)
    ws.set_footer("&L&A&RPage &P of &N")


def _edition_title(name: str) -> str:
    ed = EDITIONS.get(name)
    return ed.title if ed else name


def _has_game_wins(name: str) -> bool:
    ed = EDITIONS.get(name)
    return ed.game_wins if ed else True


# ---------------------------------------------------------------------------
# Sheets


def _event_sheet(wb, f: _Formats, data: dict) -> None:
    ev = data["event"]
    ws = wb.add_worksheet("Event")
    ws.set_column(0, 0, 22)
    ws.set_column(1, 1, 60)
    ws.set_row(0, 28)
    ws.write_string(0, 0, ev.get("name") or "Event", f.title)
    winner = winner_of(data)
    rows: list[tuple[str, Any]] = [
        ("Event", ev.get("name") or ""),
        ("Date", ev.get("date")),
        ("City", ev.get("city")),
        ("Level", ev.get("level")),
        ("Format", ev.get("format")),
        ("Deck format", ev.get("deck_format")),
        ("Players", ev.get("players")),
        ("Winner", display_name(winner) if winner else "not decided yet"),
        ("Rule edition", _edition_title(ev.get("edition") or "")),
        ("Archon version", ev.get("archon_version")),
    ]
    for i, (label, value) in enumerate(rows, start=2):
        ws.write_string(i, 0, label, f.label)
        if label == "Date" and value:
            ws.write_datetime(i, 1, _dt.datetime.combine(_dt.date.fromisoformat(value), _dt.time()), f.date)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            ws.write_number(i, 1, value, f.left)
        elif value is not None:
            ws.write_string(i, 1, str(value), f.text)
    ws.write_string(
        len(rows) + 3, 0,
        f"Report made by archon {__version__}; the numbers are those of archon's standings.",
        f.note,
    )
    ws.set_paper(A4)
    ws.fit_to_pages(1, 0)


def _player_style(p: dict, winner: Optional[dict]) -> str:
    if winner is not None and p["number"] == winner["number"]:
        return "winner"
    if p.get("dq"):
        return "out"
    if p.get("finalist"):
        return "finalist"
    return ""


def _standings_sheet(wb, f: _Formats, data: dict) -> None:
    ws = wb.add_worksheet("Standings")
    winner = winner_of(data)
    widths = (7, 8, 5, 28, 11, 16, 6, 6, 7, 6, 9, 10, 12)
    for c, w in enumerate(widths):
        ws.set_column(c, c, w)
    ws.set_row(0, 30)
    _write_texts(ws, 0, 0, STANDINGS_HEADERS, f.head)
    if not _has_game_wins(data["event"].get("edition") or ""):
        ws.set_column(6, 6, None, None, {"hidden": True})
    for i, p in enumerate(data["players"], start=1):
        style = _player_style(p, winner)
        rank = p["final_rank"] if p["final_rank"] is not None else p["rank"]
        values = [
            (rank, "int"), (p["rank"], "int"), (p["number"], "int"), (display_name(p), "text"),
            (p.get("vekn"), "text"), (p.get("city"), "text"), (p["gw"], "int"), (p["vp"], "vp"),
            (p["tp"], "tp"), (p.get("seed"), "int"), (p.get("final_vp"), "vp"),
            (p["rating_points"], "rating"), (p.get("status"), "status"),
        ]
        for c, (value, kind) in enumerate(values):
            _write(ws, i, c, value, f.cell(kind, style))
    last = len(data["players"])
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, max(last, 1), len(STANDINGS_HEADERS) - 1)
    _landscape_print(ws, last, len(STANDINGS_HEADERS) - 1, _page_title(data, "Standings"))


_ROUND_HEADERS = ("Table", "Seat", "#", "Player", "VP", "GW", "TP", "Table status", "Note")


def _status_note(table: dict) -> str:
    status = table.get("status") or ""
    reason = table.get("reason")
    if status == "overridden":
        return f"accepted by a judge: {reason}" if reason else "accepted by a judge"
    return reason or ""


def _round_sheet(wb, f: _Formats, data: dict, rnd: dict) -> None:
    ws = wb.add_worksheet(f"Round {rnd['round']}")
    by_number = players_by_number(data)
    for c, w in enumerate((7, 6, 5, 28, 6, 6, 7, 13, 60)):
        ws.set_column(c, c, w)
    ws.set_row(0, 20)
    _write_texts(ws, 0, 0, _ROUND_HEADERS, f.head)
    row = 1
    for t in rnd["tables"]:
        status = t.get("status") or ""
        note = _status_note(t)
        # Alternate a light fill per table so each table reads as a block.
        band = "band" if t["table"] % 2 == 0 else ""
        for k, s in enumerate(t["seats"]):
            p = by_number.get(s["player"])
            # The note once per table, on its first seat.
            seat_note = note if k == 0 else ""
            values = [
                (t["table"], "int", band), (s["seat"], "int", band), (s["player"], "int", band),
                (display_name(p, s["player"]), "text", band), (s.get("vp"), "vp", band),
                (s.get("gw"), "int", band), (s.get("tp"), "tp", band),
                (status, "text", status), (seat_note, "text", status if note else band),
            ]
            for c, (value, kind, style) in enumerate(values):
                _write(ws, row, c, value, f.cell(kind, style))
            row += 1
    for p in sitting_out(data, rnd["round"]):  # at no table: every player finds their name
        kinds = ("int", "int", "int", "text", "vp", "int", "tp", "text", "text")
        row_values = (None, None, p["number"], display_name(p), None, None, None, SITS_OUT, None)
        for c, (value, kind) in enumerate(zip(row_values, kinds)):
            _write(ws, row, c, value, f.cell(kind))
        row += 1
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, max(row - 1, 1), len(_ROUND_HEADERS) - 1)
    _landscape_print(ws, row - 1, len(_ROUND_HEADERS) - 1, _page_title(data, f"Round {rnd['round']} results"))


_FINAL_HEADERS = ("Seat", "Seed", "#", "Player", "VEKN", "Final VP", "Place", "Rating points")


_WARNING_HEADERS = ("#", "Player", "Round", "Reason")


def _warnings_sheet(wb, f: _Formats, data: dict) -> None:
    """The judges' warnings, for the head judge's report to the VEKN (none: no sheet)."""
    warnings = data.get("warnings") or []
    if not warnings:
        return
    ws = wb.add_worksheet("Warnings")
    for c, w in enumerate((5, 28, 9, 70)):
        ws.set_column(c, c, w)
    _write_texts(ws, 0, 0, _WARNING_HEADERS, f.head)
    for i, w in enumerate(warnings, start=1):
        rnd = w.get("round")
        values = [(w["player"], "int"), (w.get("name") or "", "text"),
                  ("final" if str(rnd).upper() == "F" else rnd, "int" if isinstance(rnd, int) else "text"),
                  (w["reason"], "text")]
        for c, (value, kind) in enumerate(values):
            _write(ws, i, c, value, f.cell(kind))
    _landscape_print(ws, len(warnings), len(_WARNING_HEADERS) - 1, _page_title(data, "Judges' warnings"))


def _final_sheet(wb, f: _Formats, data: dict) -> None:
    ws = wb.add_worksheet("Final")
    for c, w in enumerate((6, 6, 5, 28, 11, 9, 7, 12)):
        ws.set_column(c, c, w)
    final = data.get("final")
    ws.set_row(0, 20)
    _write_texts(ws, 0, 0, _FINAL_HEADERS, f.head)
    if not final:
        ws.write_string(2, 0, "The final table is not seated.", f.note)
        _landscape_print(ws, 2, len(_FINAL_HEADERS) - 1, _page_title(data, "Final"))
        return
    by_number = players_by_number(data)
    winner = winner_of(data)
    row = 1
    for s in final["seats"]:
        p = by_number.get(s["player"])
        style = "winner" if winner is not None and s["player"] == winner["number"] else "finalist"
        values = [
            (s["seat"], "int"), (s.get("seed"), "int"), (s["player"], "int"),
            (display_name(p, s["player"]), "text"), (p.get("vekn") if p else None, "text"),
            (s.get("vp"), "vp"), (p.get("final_rank") if p else None, "int"),
            (p.get("rating_points") if p else None, "rating"),
        ]
        for c, (value, kind) in enumerate(values):
            _write(ws, row, c, value, f.cell(kind, style))
        row += 1
    row += 1
    ws.write_string(row, 0, "Winner", f.label)
    ws.write_string(row, 3, display_name(winner) if winner else "not decided yet", f.label)
    _landscape_print(ws, row, len(_FINAL_HEADERS) - 1, _page_title(data, "Final"))


def _vp_counts(data: dict) -> tuple[list[float], list[tuple[int, list[int]]]]:
    """VP values (0, 0.5, ... up to the highest scored) and, per round, how
    many seats of finished tables (complete or overridden) scored each."""
    per_round: list[tuple[int, dict[float, int]]] = []
    top = 0.0
    for rnd in data.get("rounds") or []:
        counts: dict[float, int] = {}
        for t in rnd["tables"]:
            if t.get("status") not in ("complete", "overridden"):
                continue
            for s in t["seats"]:
                vp = float(s.get("vp") or 0)
                counts[vp] = counts.get(vp, 0) + 1
                top = max(top, vp)
        per_round.append((rnd["round"], counts))
    values = [h / 2 for h in range(0, int(top * 2) + 1)]
    return values, [(n, [c.get(v, 0) for v in values]) for n, c in per_round]


def _charts_sheet(wb, f: _Formats, data: dict) -> None:
    ws = wb.add_worksheet("Charts")
    ws.set_column(0, 0, 22)
    ws.set_column(1, 8, 10)
    ws.write_string(0, 0, "VPs scored per round (seats of finished tables)", f.label)
    values, rounds = _vp_counts(data)
    ws.write_string(1, 0, "VP", f.head)
    for j, (n, _) in enumerate(rounds):
        ws.write_string(1, 1 + j, f"Round {n}", f.head)
    for i, v in enumerate(values):
        ws.write_number(2 + i, 0, v, f.cell("vp"))
        for j, (_, counts) in enumerate(rounds):
            ws.write_number(2 + i, 1 + j, counts[i], f.cell("int"))
    chart_row = 0
    if rounds and values:
        chart = wb.add_chart({"type": "column"})
        for j, (n, _) in enumerate(rounds):
            chart.add_series(
                {
                    "name": ["Charts", 1, 1 + j],
                    "categories": ["Charts", 2, 0, 1 + len(values), 0],
                    "values": ["Charts", 2, 1 + j, 1 + len(values), 1 + j],
                    "gap": 80,
                }
            )
        chart.set_title({"name": "VPs scored per round"})
        chart.set_x_axis({"name": "VP scored at the table", "num_format": "0.0"})
        chart.set_y_axis({"name": "Seats", "major_gridlines": {"visible": True}})
        chart.set_legend({"position": "bottom"})
        chart.set_size({"width": 720, "height": 360})
        ws.insert_chart(0, 5, chart)
        chart_row = 20

    top_row = max(3 + len(values), chart_row) + 2
    ws.write_string(top_row, 0, f"Top {TOP_PLAYERS_CHARTED} players: GW and VP (preliminary rounds)", f.label)
    _write_texts(ws, top_row + 1, 0, ("Player", "GW", "VP"), f.head)
    top = [p for p in data["players"] if not p.get("dq")][:TOP_PLAYERS_CHARTED]
    for i, p in enumerate(top):
        r = top_row + 2 + i
        ws.write_string(r, 0, display_name(p), f.cell("text"))
        ws.write_number(r, 1, p["gw"], f.cell("int"))
        ws.write_number(r, 2, p["vp"], f.cell("vp"))
    if top:
        first, last = top_row + 2, top_row + 1 + len(top)
        chart = wb.add_chart({"type": "bar"})
        series = [(2, "VP")]
        if _has_game_wins(data["event"].get("edition") or ""):
            series.insert(0, (1, "GW"))
        for col, _name in series:
            chart.add_series(
                {
                    "name": ["Charts", top_row + 1, col],
                    "categories": ["Charts", first, 0, last, 0],
                    "values": ["Charts", first, col, last, col],
                    "data_labels": {"value": True},
                }
            )
        chart.set_title({"name": f"Top {len(top)} players: GW and VP"})
        # Rank 1 at the top of the bar chart.
        chart.set_y_axis({"reverse": True})
        chart.set_x_axis({"major_gridlines": {"visible": True}})
        chart.set_legend({"position": "bottom"})
        chart.set_size({"width": 720, "height": 40 * len(top) + 140})
        ws.insert_chart(top_row, 5, chart)
    ws.set_paper(A4)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)


# ---------------------------------------------------------------------------


def write_xlsx_report(standings: StandingsLike, path: "str | os.PathLike[str]", *, force: bool = False) -> Path:
    """Write the report workbook to ``path`` (a new ``.xlsx``).

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Returns the path written; raises
    :class:`archon.reports.ReportError` when the name does not end in
    ``.xlsx``, the folder is missing, the file is open in Excel or it is an
    Archon event workbook, or it exists (an earlier report workbook is
    replaced only with ``force``: :func:`archon.reports.check_target`).
    """
    data = as_standings_dict(standings)
    check_target(path, REPORT_WORKBOOK, force=force)
    seated = [r for r in data.get("rounds") or [] if r.get("tables")]

    def build(wb) -> None:
        wb.set_properties(
            {"title": f"{data['event'].get('name') or 'Event'} report", "comments": f"archon {__version__}"}
        )
        f = _Formats(wb)
        _event_sheet(wb, f, data)
        _standings_sheet(wb, f, data)
        for rnd in seated:
            _round_sheet(wb, f, data, rnd)
        _final_sheet(wb, f, data)
        _warnings_sheet(wb, f, data)
        _charts_sheet(wb, f, data)
        for rnd in seated:
            add_posting_sheet(wb, data, rnd["round"], posting_sheet_name(rnd["round"]))

    return write_atomically(path, xlsx_bytes(build, REPORT_WORKBOOK), REPORT_WORKBOOK, force=force)
