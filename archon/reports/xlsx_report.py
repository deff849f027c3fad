"""The report workbook: what an event publishes, formatted to be read.

Sheets, in order:

``Event``        name, date, city, level, format (2R+F/3R+F), deck format
                 (Constructed/Limited), players, winner, rule edition;
``Standings``    every player: rank, name, VEKN, GW, VP, TP, seed, final VP,
                 rating points (frozen header, autofilter, finalists and the
                 winner highlighted);
``Round N``      every table in seat order with VP, GW, TP and its status;
``Final``        the final table in seat order with seeds and final VP;
``Warnings``     the judges' warnings, in the judges' copy only
                 (``judges_notes``: it also gives, on each ``Round N``, the
                 reason a judge accepted a table; the copy to post says
                 "accepted by a judge": :func:`archon.reports.data.public`);
``Charts``       VPs scored per round (how many seats scored 0, 1/2, 1, ...)
                 and the top players' GW and VP, as native charts
                 (:mod:`archon.reports.charts`);
``Seating RN``   each round's seat list for the venue wall (see
                 :mod:`archon.reports.posting`).

Every value comes from the standings contract; nothing is recomputed.
The sheets are titled and labelled in the language asked for (the names
above are the English ones: :mod:`archon.reports.labels`).
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path
from typing import Any, Optional

import xlsxwriter

from archon import __version__
from archon.rules.editions import EDITIONS
from archon.reports.charts import TOP_PLAYERS_CHARTED, charts_sheet
from archon.reports.data import (StandingsLike, as_standings_dict, display_name, players_by_number, public, sitting_out,
                                 winner_of)
from archon.reports.labels import Labels
from archon.reports.output import REPORT_WORKBOOK, check_target, write_atomically, xlsx_bytes
from archon.reports.posting import A4, add_posting_sheet, posting_sheet_name
from archon.words.message import say

__all__ = ["write_xlsx_report", "TOP_PLAYERS_CHARTED", "STANDINGS_HEADERS"]

_FONT = "Arial"

#: Column headers of the Standings sheet (in English).
STANDINGS_HEADERS = (
    "Rank", "Prelim. rank", "#", "Player", "VEKN", "City", "GW", "VP", "TP",
    "Seed", "Final VP", "Rating points", "Status",
)


def _standings_headers(w: Labels) -> tuple[str, ...]:
    """:data:`STANDINGS_HEADERS` in the report's language ("#" and "VEKN" are no words)."""
    return (
        w(say("report.col_rank")), w(say("report.col_prelim_rank")), "#", w(say("report.col_player")), "VEKN",
        w(say("report.col_city")), w(say("report.col_gw")), w(say("report.col_vp")), w(say("report.col_tp")),
        w(say("report.col_seed")), w(say("report.col_final_vp")), w(say("report.col_rating_points")),
        w(say("report.col_status")),
    )

_STATUS_COLORS = {
    "complete": "#C6EFCE",
    "pending": "#FFEB9C",
    "invalid": "#FFC7CE",
    "overridden": "#BDD7EE",
}


class _Formats:
    """The workbook's cell formats; a figure's number format shows the
    decimal separator of the report's language (``labels``)."""

    def __init__(self, wb: xlsxwriter.Workbook, labels: Labels) -> None:
        self.w = labels
        base = {"font_name": _FONT, "font_size": 11, "valign": "vcenter"}
        self.base = base

        def fmt(**kw: Any):
            return wb.add_format({**base, **kw})

        self.title = fmt(font_size=18, bold=True)
        self.label = fmt(bold=True)
        self.text = fmt()
        self.left = fmt(align="left")
        self.date = fmt(num_format=labels.date_format(), align="left")
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
                spec.update(num_format=self.w.number_format("0.0"), align="center")
            elif kind == "tp":
                spec.update(num_format="0", align="center")
            elif kind == "status":
                spec.update(align="center")
            elif kind == "rating":
                spec.update(num_format=self.w.number_format("0.00"), align="right")
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


def _landscape_print(ws, f: _Formats, last_row: int, last_col: int, title: str, header_rows: int = 1) -> None:
    """A4 landscape, fitted to the width, ``title`` at the top of every page
    and the sheet's name and page numbers at the bottom."""
    ws.set_header(f'&C&"{_FONT},Bold"&14{title[:200].replace("&", "&&")}')
    ws.set_paper(A4)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.repeat_rows(0, header_rows - 1)
    ws.print_area(0, 0, max(last_row, header_rows - 1), last_col)
    ws.set_footer("&L&A&R" + f.w(say("report.page_of", page="&P", pages="&N")))


def _edition_title(name: str) -> str:
    ed = EDITIONS.get(name)
    return ed.title if ed else name


def _has_game_wins(name: str) -> bool:
    ed = EDITIONS.get(name)
    return ed.game_wins if ed else True


# ---------------------------------------------------------------------------
# Sheets


def _event_sheet(wb, f: _Formats, data: dict) -> None:
    ev, w = data["event"], f.w
    ws = wb.add_worksheet(w(say("report.sheet_event")))
    ws.set_column(0, 0, 22)
    ws.set_column(1, 1, 60)
    ws.set_row(0, 28)
    ws.write_string(0, 0, w.event_name(data), f.title)
    winner = winner_of(data)
    rows: list[tuple[str, Any]] = [
        (w(say("report.detail_event")), ev.get("name") or ""),
        ("date", ev.get("date")),
        (w(say("report.detail_city")), ev.get("city")),
        (w(say("report.detail_level")), ev.get("level")),
        (w(say("report.detail_format")), ev.get("format")),
        (w(say("report.detail_deck_format")), ev.get("deck_format")),
        (w(say("report.detail_players")), ev.get("players")),
        (w(say("report.detail_winner")), display_name(winner) if winner else w(say("report.not_decided"))),
        (w(say("report.detail_rule_edition")), _edition_title(ev.get("edition") or "")),
        (w(say("report.detail_version")), ev.get("archon_version")),
    ]
    for i, (label, value) in enumerate(rows, start=2):
        if label == "date":
            ws.write_string(i, 0, w(say("report.detail_date")), f.label)
            if value:
                ws.write_datetime(i, 1, _dt.datetime.combine(_dt.date.fromisoformat(value), _dt.time()), f.date)
            continue
        ws.write_string(i, 0, label, f.label)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            ws.write_number(i, 1, value, f.left)
        elif value is not None:
            ws.write_string(i, 1, str(value), f.text)
    ws.write_string(len(rows) + 3, 0, w(say("report.made_by", version=__version__)), f.note)
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
    w = f.w
    ws = wb.add_worksheet(w(say("report.sheet_standings")))
    winner = winner_of(data)
    widths = (7, 8, 5, 28, 11, 16, 6, 6, 7, 6, 9, 10, 12)
    for c, width in enumerate(widths):
        ws.set_column(c, c, width)
    ws.set_row(0, 30)
    _write_texts(ws, 0, 0, _standings_headers(w), f.head)
    if not _has_game_wins(data["event"].get("edition") or ""):
        ws.set_column(6, 6, None, None, {"hidden": True})
    for i, p in enumerate(data["players"], start=1):
        style = _player_style(p, winner)
        rank = p["final_rank"] if p["final_rank"] is not None else p["rank"]
        values = [
            (rank, "int"), (p["rank"], "int"), (p["number"], "int"), (display_name(p), "text"),
            (p.get("vekn"), "text"), (p.get("city"), "text"), (p["gw"], "int"), (p["vp"], "vp"),
            (p["tp"], "tp"), (p.get("seed"), "int"), (p.get("final_vp"), "vp"),
            (p["rating_points"], "rating"), (w.player_status(p.get("status")) or None, "status"),
        ]
        for c, (value, kind) in enumerate(values):
            _write(ws, i, c, value, f.cell(kind, style))
    last = len(data["players"])
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, max(last, 1), len(STANDINGS_HEADERS) - 1)
    _landscape_print(ws, f, last, len(STANDINGS_HEADERS) - 1, w.title(data, w(say("report.sheet_standings"))))


def _round_headers(w: Labels) -> tuple[str, ...]:
    return (w(say("report.col_table")), w(say("report.col_seat")), "#", w(say("report.col_player")),
            w(say("report.col_vp")), w(say("report.col_gw")), w(say("report.col_tp")),
            w(say("report.col_table_status")), w(say("report.col_note")))


def _status_note(w: Labels, table: dict) -> str:
    status = table.get("status") or ""
    reason = table.get("reason")
    if status == "overridden":
        return w(say("report.accepted_because", reason=reason)) if reason else w(say("report.accepted"))
    return reason or ""


def _round_sheet(wb, f: _Formats, data: dict, rnd: dict) -> None:
    w = f.w
    ws = wb.add_worksheet(w(say("report.sheet_round", round=rnd["round"])))
    headers = _round_headers(w)
    by_number = players_by_number(data)
    for c, width in enumerate((7, 6, 5, 28, 6, 6, 7, 13, 60)):
        ws.set_column(c, c, width)
    ws.set_row(0, 20)
    _write_texts(ws, 0, 0, headers, f.head)
    row = 1
    for t in rnd["tables"]:
        status = t.get("status") or ""
        note = _status_note(w, t)
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
                (w.table_status(status), "text", status), (seat_note, "text", status if note else band),
            ]
            for c, (value, kind, style) in enumerate(values):
                _write(ws, row, c, value, f.cell(kind, style))
            row += 1
    for p in sitting_out(data, rnd["round"]):  # at no table: every player finds their name
        kinds = ("int", "int", "int", "text", "vp", "int", "tp", "text", "text")
        row_values = (None, None, p["number"], display_name(p), None, None, None, w(say("report.sits_out")), None)
        for c, (value, kind) in enumerate(zip(row_values, kinds)):
            _write(ws, row, c, value, f.cell(kind))
        row += 1
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, max(row - 1, 1), len(headers) - 1)
    _landscape_print(ws, f, row - 1, len(headers) - 1,
                     w.title(data, w(say("report.round_results", round=rnd["round"]))))


def _final_headers(w: Labels) -> tuple[str, ...]:
    return (w(say("report.col_seat")), w(say("report.col_seed")), "#", w(say("report.col_player")), "VEKN",
            w(say("report.col_final_vp")), w(say("report.col_place")), w(say("report.col_rating_points")))


def _warnings_sheet(wb, f: _Formats, data: dict) -> None:
    """The judges' warnings, for the head judge's report to the VEKN (none: no sheet)."""
    warnings = data.get("warnings") or []
    if not warnings:
        return
    w = f.w
    ws = wb.add_worksheet(w(say("report.sheet_warnings")))
    headers = ("#", w(say("report.col_player")), w(say("report.col_round")), w(say("report.col_reason")))
    for c, width in enumerate((5, 28, 9, 70)):
        ws.set_column(c, c, width)
    _write_texts(ws, 0, 0, headers, f.head)
    for i, warning in enumerate(warnings, start=1):
        rnd = warning.get("round")
        values = [(warning["player"], "int"), (warning.get("name") or "", "text"),
                  (w(say("report.warning_final")) if str(rnd).upper() == "F" else rnd,
                   "int" if isinstance(rnd, int) else "text"),
                  (warning["reason"], "text")]
        for c, (value, kind) in enumerate(values):
            _write(ws, i, c, value, f.cell(kind))
    _landscape_print(ws, f, len(warnings), len(headers) - 1, w.title(data, w(say("report.judges_warnings"))))


def _final_sheet(wb, f: _Formats, data: dict) -> None:
    w = f.w
    ws = wb.add_worksheet(w(say("report.sheet_final")))
    headers = _final_headers(w)
    for c, width in enumerate((6, 6, 5, 28, 11, 9, 7, 12)):
        ws.set_column(c, c, width)
    final = data.get("final")
    ws.set_row(0, 20)
    _write_texts(ws, 0, 0, headers, f.head)
    title = w.title(data, w(say("report.sheet_final")))
    if not final:
        ws.write_string(2, 0, w(say("report.final_not_seated")), f.note)
        _landscape_print(ws, f, 2, len(headers) - 1, title)
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
    ws.write_string(row, 0, w(say("report.winner")), f.label)
    ws.write_string(row, 3, display_name(winner) if winner else w(say("report.not_decided")), f.label)
    _landscape_print(ws, f, row, len(headers) - 1, title)


# ---------------------------------------------------------------------------


def write_xlsx_report(standings: StandingsLike, path: "str | os.PathLike[str]", *, force: bool = False,
                      lang: str = "en", judges_notes: bool = False) -> Path:
    """Write the report workbook to ``path`` (a new ``.xlsx``), in the
    language ``lang`` (its sheet titles, headers, charts, footers; its
    figures with the language's decimal separator, still numbers).

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Returns the path written; raises
    :class:`archon.reports.ReportError` when the name does not end in
    ``.xlsx``, the folder is missing, the file is open in Excel or it is an
    Archon event workbook, or it exists (an earlier report workbook is
    replaced only with ``force``: :func:`archon.reports.check_target`);
    :class:`archon.words.choose.UnknownLanguage` for a language archon does not speak.

    The workbook is one to post: no judge's warning, no reason of a judge's
    decision (:func:`archon.reports.data.public`). ``judges_notes``: the
    judges' own copy, with both (a ``Warnings`` sheet when there are any).
    """
    w = Labels(lang)
    data = as_standings_dict(standings)
    if not judges_notes:
        data = public(data)
    check_target(path, REPORT_WORKBOOK, force=force)
    seated = [r for r in data.get("rounds") or [] if r.get("tables")]

    def build(wb) -> None:
        wb.set_properties(
            {"title": w(say("report.workbook_title", event=w.event_name(data))), "comments": f"archon {__version__}"}
        )
        f = _Formats(wb, w)
        _event_sheet(wb, f, data)
        _standings_sheet(wb, f, data)
        for rnd in seated:
            _round_sheet(wb, f, data, rnd)
        _final_sheet(wb, f, data)
        _warnings_sheet(wb, f, data)
        charts_sheet(wb, f, data, _has_game_wins(data["event"].get("edition") or ""))
        for rnd in seated:
            add_posting_sheet(wb, data, rnd["round"], posting_sheet_name(rnd["round"], w), lang=w.language)

    return write_atomically(path, xlsx_bytes(build, REPORT_WORKBOOK), REPORT_WORKBOOK, force=force)
