"""The report workbook's Charts sheet: the VPs scored per round and the top
players' GW and VP, as native charts over the sheet's own tables, titled
and labelled in the report's language (:mod:`archon.reports.labels`).

Every value comes from the standings contract; nothing is recomputed.
"""

from __future__ import annotations

from typing import Any

from archon.reports.data import display_name
from archon.reports.posting import A4
from archon.words.message import say

__all__ = ["charts_sheet", "TOP_PLAYERS_CHARTED"]

#: How many players the "top players" chart shows.
TOP_PLAYERS_CHARTED = 10


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


def _vp_chart(wb, ws, f: Any, sheet: str, data: dict) -> int:
    """The VPs-per-round table and its column chart; the first row free below them."""
    w = f.w
    ws.write_string(0, 0, w(say("report.chart_vp_heading")), f.label)
    values, rounds = _vp_counts(data)
    ws.write_string(1, 0, w(say("report.col_vp")), f.head)
    for j, (n, _) in enumerate(rounds):
        ws.write_string(1, 1 + j, w(say("report.sheet_round", round=n)), f.head)
    for i, v in enumerate(values):
        ws.write_number(2 + i, 0, v, f.cell("vp"))
        for j, (_, counts) in enumerate(rounds):
            ws.write_number(2 + i, 1 + j, counts[i], f.cell("int"))
    if not (rounds and values):
        return 3 + len(values)
    chart = wb.add_chart({"type": "column"})
    for j, (n, _) in enumerate(rounds):
        chart.add_series(
            {
                "name": [sheet, 1, 1 + j],
                "categories": [sheet, 2, 0, 1 + len(values), 0],
                "values": [sheet, 2, 1 + j, 1 + len(values), 1 + j],
                "gap": 80,
            }
        )
    chart.set_title({"name": w(say("report.chart_vp_title"))})
    chart.set_x_axis({"name": w(say("report.chart_vp_axis")), "num_format": w.number_format("0.0")})
    chart.set_y_axis({"name": w(say("report.chart_seats")), "major_gridlines": {"visible": True}})
    chart.set_legend({"position": "bottom"})
    chart.set_size({"width": 720, "height": 360})
    ws.insert_chart(0, 5, chart)
    return max(3 + len(values), 20)


def _top_chart(wb, ws, f: Any, sheet: str, data: dict, top_row: int, game_wins: bool) -> None:
    """The top players' GW and VP, a table and its bar chart from ``top_row``."""
    w = f.w
    ws.write_string(top_row, 0, w(say("report.chart_top_heading", n=TOP_PLAYERS_CHARTED)), f.label)
    heads = (w(say("report.col_player")), w(say("report.col_gw")), w(say("report.col_vp")))
    for c, text in enumerate(heads):
        ws.write_string(top_row + 1, c, text, f.head)
    top = [p for p in data["players"] if not p.get("dq")][:TOP_PLAYERS_CHARTED]
    for i, p in enumerate(top):
        r = top_row + 2 + i
        ws.write_string(r, 0, display_name(p), f.cell("text"))
        ws.write_number(r, 1, p["gw"], f.cell("int"))
        ws.write_number(r, 2, p["vp"], f.cell("vp"))
    if not top:
        return
    first, last = top_row + 2, top_row + 1 + len(top)
    chart = wb.add_chart({"type": "bar"})
    for col in ((1, 2) if game_wins else (2,)):
        chart.add_series(
            {
                "name": [sheet, top_row + 1, col],
                "categories": [sheet, first, 0, last, 0],
                "values": [sheet, first, col, last, col],
                "data_labels": {"value": True, "num_format": w.number_format("0.0") if col == 2 else "0"},
            }
        )
    chart.set_title({"name": w(say("report.chart_top_title", n=len(top)))})
    # Rank 1 at the top of the bar chart.
    chart.set_y_axis({"reverse": True})
    chart.set_x_axis({"major_gridlines": {"visible": True}, "num_format": w.number_format("0.0")})
    chart.set_legend({"position": "bottom"})
    chart.set_size({"width": 720, "height": 40 * len(top) + 140})
    ws.insert_chart(top_row, 5, chart)


def charts_sheet(wb, f: Any, data: dict, game_wins: bool) -> None:
    """Add the Charts sheet to ``wb`` with the cell formats ``f`` (the
    report workbook's, which carry its language's labels as ``f.w``);
    ``game_wins``: whether the event's rules count game wins."""
    sheet = f.w(say("report.sheet_charts"))
    ws = wb.add_worksheet(sheet)
    ws.set_column(0, 0, 22)
    ws.set_column(1, 8, 10)
    free_row = _vp_chart(wb, ws, f, sheet, data)
    _top_chart(wb, ws, f, sheet, data, free_row + 2, game_wins)
    ws.set_paper(A4)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
