"""The rating and league report workbooks (xlsxwriter): a table sheet, a
sheet per player asked for, a line chart over time, and the files not
counted. Written from DataFrames the API computed; text is always written
as text (never a formula), and the file is replaced only once complete."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Optional

import pandas as pd

from archon.reports.output import Output, write_atomically, xlsx_bytes

__all__ = ["write_table_report"]

_HEADERS = {
    "rank": "Rank", "tied": "Tied", "vekn": "VEKN #", "name": "Name", "city": "Country / city",
    "rating": "Rating", "points": "Points", "counted": "Events counted", "played": "Events played",
    "games": "Games", "gw": "GW", "vp": "VP", "tp": "TP", "date": "Date", "event": "Event",
    "category": "Category", "rating_points": "Rating points", "source": "File", "reason": "Why",
    "path": "File", "same_as": "Same event as", "rank_in_event": "Rank",
}


def _sheet_name(text: str, used: set[str]) -> str:
    name = "".join(ch for ch in text if ch not in "[]:*?/\\")[:31] or "Sheet"
    base, k = name, 2
    while name.casefold() in used:
        name = f"{base[:28]} {k}"
        k += 1
    used.add(name.casefold())
    return name


def _cell(ws, row: int, col: int, value, fmt) -> None:
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NaT:
        ws.write_blank(row, col, None)
    elif isinstance(value, pd.Timestamp):
        ws.write_datetime(row, col, value.to_pydatetime(), fmt["date"])
    elif isinstance(value, (bool,)):
        ws.write_string(row, col, "yes" if value else "")
    elif isinstance(value, (int, float)):
        ws.write_number(row, col, float(value), fmt["num"])
    else:
        ws.write_string(row, col, str(value))


def _table(ws, frame: pd.DataFrame, fmt, title: str, first_row: int = 0) -> int:
    ws.write_string(first_row, 0, title, fmt["title"])
    header = first_row + 2
    for c, col in enumerate(frame.columns):
        ws.write_string(header, c, _HEADERS.get(col, str(col)), fmt["head"])
        ws.set_column(c, c, 24 if col in ("name", "event", "source", "path", "same_as", "reason") else 12)
    for r, values in enumerate(frame.itertuples(index=False), start=header + 1):
        for c, v in enumerate(values):
            _cell(ws, r, c, v, fmt)
    ws.freeze_panes(header + 1, 0)
    return header + 1 + len(frame)


def _chart(wb, ws, history: pd.DataFrame, names: dict, fmt, title: str, y_title: str) -> None:
    """A line per column of ``history`` (index: dates), drawn on ``ws``."""
    ws.write_string(0, 0, title, fmt["title"])
    ws.write_string(2, 0, "Date", fmt["head"])
    for c, col in enumerate(history.columns, start=1):
        ws.write_string(2, c, str(names.get(col) or col), fmt["head"])
    for r, (day, values) in enumerate(history.iterrows(), start=3):
        ws.write_datetime(r, 0, pd.Timestamp(day).to_pydatetime(), fmt["date"])  # type: ignore[arg-type]  # the index: dates
        for c, v in enumerate(values, start=1):
            ws.write_number(r, c, float(v), fmt["num"])
    last = 2 + len(history)
    if not len(history) or not len(history.columns):
        return
    chart = wb.add_chart({"type": "line"})
    for c in range(1, len(history.columns) + 1):
        chart.add_series({
            "name": [ws.name, 2, c],
            "categories": [ws.name, 3, 0, last, 0],
            "values": [ws.name, 3, c, last, c],
            "marker": {"type": "circle", "size": 4},
        })
    chart.set_title({"name": title})
    chart.set_x_axis({"date_axis": True, "num_format": "yyyy-mm-dd"})
    chart.set_y_axis({"name": y_title})
    chart.set_size({"width": 900, "height": 480})
    ws.insert_chart(2, len(history.columns) + 2, chart)


def write_table_report(
    path,
    *,
    kind: Output,
    force: bool = False,
    title: str,
    table: pd.DataFrame,
    players: Optional[dict[str, pd.DataFrame]] = None,
    history: Optional[pd.DataFrame] = None,
    history_title: str = "",
    y_title: str = "",
    not_counted: Optional[pd.DataFrame] = None,
) -> Path:
    """Write the report workbook at ``path``: ``table`` (the ranking or the
    league standings), a sheet per entry of ``players`` (VEKN number ->
    that player's events), ``history`` drawn as a line chart, and
    ``not_counted`` (files and rows left out, with why). ``kind``: the
    rating or the league workbook; an earlier one of that kind is replaced
    only with ``force`` (:func:`archon.reports.check_target`)."""
    names = dict(zip(table["vekn"], table["name"])) if "name" in table else {}

    def build(wb) -> None:
        fmt = {
            "title": wb.add_format({"bold": True, "font_size": 14}),
            "head": wb.add_format({"bold": True, "bottom": 1, "text_wrap": True}),
            "date": wb.add_format({"num_format": "yyyy-mm-dd"}),
            "num": wb.add_format({"num_format": "0.##"}),
        }
        used: set[str] = set()
        _table(wb.add_worksheet(_sheet_name(title.split(":")[0] or "Ranking", used)), table, fmt, title)
        for vekn, frame in (players or {}).items():
            who = names.get(vekn) or vekn
            _table(wb.add_worksheet(_sheet_name(f"{vekn} {who}", used)), frame, fmt, f"{who} ({vekn})")
        if history is not None:
            _chart(wb, wb.add_worksheet(_sheet_name("Chart", used)), history, names, fmt, history_title, y_title)
        if not_counted is not None and len(not_counted):
            _table(wb.add_worksheet(_sheet_name("Not counted", used)), not_counted, fmt,
                   "Files and results not counted, and why")

    return write_atomically(path, xlsx_bytes(build, kind), kind, force=force)
