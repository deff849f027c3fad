"""The seat list of a round, printed for the venue wall.

Every player of the round, alphabetically by last name then first name
(accents ignored), with their table and seat in large type (or "sits out"
for a player at no table of it, so that everyone finds their name), printed
on A4 portrait with the title and header rows on every page and page
numbers in the footer:

* up to :data:`ONE_COLUMN` players: one column, on one page;
* up to :data:`ONE_PAGE` players: two columns side by side (down the left,
  then down the right), fitted to one page;
* more: whole pages of two columns of :data:`PAGE_ROWS` rows each, a page
  break after each, the title and header repeated on every page.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import xlsxwriter

from archon.reports.data import StandingsLike, as_standings_dict, seat_list
from archon.reports.labels import Labels
from archon.reports.output import SEAT_LIST, check_target, write_atomically, xlsx_bytes
from archon.words.languages import SOURCE
from archon.words.message import say

__all__ = ["write_posting_sheet", "add_posting_sheet", "posting_sheet_name", "POSTING_FONT_SIZE"]

#: Point size of the names, tables and seats on the printed sheet.
POSTING_FONT_SIZE = 16
#: Row height in points for that type size.
_ROW_HEIGHT = 24
_TITLE_HEIGHT = 32
_FONT = "Arial"
#: A4 in Excel's paper codes.
A4 = 9
#: Players listed in one column (they fit one page in large type).
ONE_COLUMN = 26
#: Players that fit one page in two columns.
ONE_PAGE = 60
#: Rows per column on each page of a longer list.
PAGE_ROWS = 30
#: Columns of one list: name, table, seat; the second list starts after a gap.
_GROUP = 3
_GAP = 1


def posting_sheet_name(round_number: int, labels: "Labels | None" = None) -> str:
    """``Seating R2`` (in the language of ``labels``: English without)."""
    return (labels or Labels())(say("report.sheet_seating", round=round_number))


def _formats(workbook: xlsxwriter.Workbook) -> dict[str, Any]:
    cache = getattr(workbook, "_archon_posting_formats", None)
    if cache is not None:
        return cache
    base = {"font_name": _FONT, "font_size": POSTING_FONT_SIZE, "valign": "vcenter", "border": 1, "border_color": "#808080"}
    cache = {
        "title": workbook.add_format(
            {"font_name": _FONT, "font_size": POSTING_FONT_SIZE + 4, "bold": True, "valign": "vcenter", "shrink": True}
        ),
        "head": workbook.add_format({**base, "bold": True, "bg_color": "#000000", "font_color": "#FFFFFF"}),
        "head_num": workbook.add_format({**base, "bold": True, "bg_color": "#000000", "font_color": "#FFFFFF", "align": "center"}),
        "name": workbook.add_format(base),
        "name_alt": workbook.add_format({**base, "bg_color": "#E6E6E6"}),
        "num": workbook.add_format({**base, "bold": True, "align": "center"}),
        "num_alt": workbook.add_format({**base, "bold": True, "align": "center", "bg_color": "#E6E6E6"}),
    }
    workbook._archon_posting_formats = cache  # type: ignore[attr-defined]
    return cache


def _pages(rows: list[dict]) -> list[list[list[dict]]]:
    """The list laid out as pages of columns (each a list of rows), in reading order."""
    if len(rows) <= ONE_COLUMN:
        return [[rows]]
    if len(rows) <= ONE_PAGE:
        half = (len(rows) + 1) // 2
        return [[rows[:half], rows[half:]]]
    per_page = 2 * PAGE_ROWS
    return [
        [rows[k:k + PAGE_ROWS], rows[k + PAGE_ROWS:k + per_page]]
        for k in range(0, len(rows), per_page)
    ]


def _name(w: Labels, row: dict) -> str:
    """'Last, First'; a number not registered says so in the list's language."""
    if row["player"] is None:
        return w(say("report.not_registered", number=row["number"]))
    return row["name"]


def add_posting_sheet(workbook: xlsxwriter.Workbook, data: dict, round_number: int, name: str | None = None, *,
                      lang: str = SOURCE):
    """Add round ``round_number``'s seat list to ``workbook``, in the
    language ``lang`` (its title, headers, "sits out", footer); returns the sheet.

    Raises :class:`archon.reports.ReportError` when the round has no seating.
    """
    w = Labels(lang)
    rows = seat_list(data, round_number)
    names = [_name(w, r) for r in rows]
    heads = (w(say("report.col_player")), w(say("report.col_table")), w(say("report.col_seat")))
    sits_out = w(say("report.sits_out"))
    f = _formats(workbook)
    ws = workbook.add_worksheet(name or posting_sheet_name(round_number, w))
    pages = _pages([{**r, "name": n} for r, n in zip(rows, names)])
    groups = max(len(page) for page in pages)
    longest = max([len(n) for n in names] + [len(heads[0])])
    # Column widths in characters of the default font; the large type needs
    # about 1.6 of those per character. Past the page width the sheet is
    # shrunk to fit it (fewer characters fit where the default font is wider
    # than Calibri, as in LibreOffice without Carlito).
    first_cols = [g * (_GROUP + _GAP) for g in range(groups)]
    for c in first_cols:
        ws.set_column(c, c, max(36 if groups > 1 else 44, min(80, longest * 1.6 + 2)))
        ws.set_column(c + 1, c + 2, 9 if groups > 1 else 13)
        if c:
            ws.set_column(c - 1, c - 1, 3)
    last_col = first_cols[-1] + _GROUP - 1
    ws.set_row(0, _TITLE_HEIGHT)
    ws.merge_range(0, 0, 0, last_col, "", f["title"])
    title = w(say("report.posting_title", event=w.event_name(data), round=round_number))
    ws.write_string(0, 0, title, f["title"])  # text, whatever the event's name
    ws.set_row(1, _ROW_HEIGHT)
    for c in first_cols:
        ws.write_string(1, c, heads[0], f["head"])
        ws.write_string(1, c + 1, heads[1], f["head_num"])
        ws.write_string(1, c + 2, heads[2], f["head_num"])
    row = 2
    breaks = []
    for page in pages:
        for c, column in zip(first_cols, page):
            for i, r in enumerate(column):
                alt = i % 2 == 1
                ws.write_string(row + i, c, r["name"], f["name_alt" if alt else "name"])
                if r["sits_out"]:
                    ws.merge_range(row + i, c + 1, row + i, c + 2, sits_out, f["num_alt" if alt else "num"])
                    continue
                ws.write_number(row + i, c + 1, r["table"], f["num_alt" if alt else "num"])
                ws.write_number(row + i, c + 2, r["seat"], f["num_alt" if alt else "num"])
        height = max(len(column) for column in page)
        for i in range(height):
            ws.set_row(row + i, _ROW_HEIGHT)
        row += height
        breaks.append(row)
    last = row - 1
    # Print setup: A4 portrait, title + header on every page; one page up to
    # ONE_PAGE players, else a page break after every page of two columns.
    ws.set_paper(A4)
    ws.set_portrait()
    if len(pages) == 1:
        ws.fit_to_pages(1, 1)
    else:
        ws.fit_to_pages(1, 0)
        ws.set_h_pagebreaks(breaks[:-1])
    ws.repeat_rows(0, 1)
    ws.print_area(0, 0, last, last_col)
    ws.center_horizontally()
    ws.set_margins(left=0.5, right=0.5, top=0.6, bottom=0.7)
    footer_round = w(say("report.posting_round", round=round_number)).replace("&", "&&")
    page_of = w(say("report.page_of", page="&P", pages="&N"))
    ws.set_footer(f"&L&\"{_FONT}\"&12{footer_round}&R&\"{_FONT}\"&12{page_of}", {"margin": 0.3})
    ws.freeze_panes(2, 0)
    return ws


def write_posting_sheet(standings: StandingsLike, round_number: int, path: "str | os.PathLike[str]", *,
                        force: bool = False, lang: str = SOURCE) -> Path:
    """Write round ``round_number``'s seat list alone to the workbook ``path``,
    in the language ``lang``.

    ``standings``: the standings contract (``standings_to_dict``), computed
    Standings or an Event. Returns the path written. Raises
    :class:`archon.reports.ReportError` when the round has no seating, the
    name does not end in ``.xlsx``, the folder is missing, the file is open
    in Excel or it is an Archon event workbook, or it exists (an earlier
    seat list is replaced only with ``force``: :func:`archon.reports.check_target`).
    """
    data = as_standings_dict(standings)
    lang = Labels(lang).language  # an unknown language refused before touching any file
    seat_list(data, round_number)  # fail before touching any file
    check_target(path, SEAT_LIST, force=force)

    return write_atomically(
        path, xlsx_bytes(lambda wb: add_posting_sheet(wb, data, round_number, lang=lang), SEAT_LIST),
        SEAT_LIST, force=force)
