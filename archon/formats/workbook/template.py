"""archon's built-in workbook template (``templates/archon.xlsx``).

The built-in template has The Archon v1.5l's sheets, in its order, and the
same cell for every input and every result (all taken from
:mod:`archon.formats.layout`), but **no formulas**: archon writes every result as a
value (:mod:`archon.formats.workbook.writer`), so nothing in it can disagree with
archon. It is made for an organizer to read: labels like the official
sheets', input cells shaded, frozen header rows, column widths, print setup.

It is marked as archon's in two places that survive Excel and LibreOffice
saves: the custom document property ``archon:template = builtin`` and
``Instructions!A1`` (a version text that starts like the official one). The
rule edition is the custom property ``archon:edition``.

Rebuild the committed file with::

    python -m archon.formats.workbook.template            # writes templates/archon.xlsx
    python -m archon.formats.workbook.template out.xlsx   # anywhere else (an installed archon: always)

The build is deterministic (fixed document date, fixed zip timestamps): a
test checks that the committed file equals a fresh build.
"""

from __future__ import annotations

import datetime as _dt
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from archon.formats import layout as L
from archon.rules.editions import DEFAULT_EDITION, LEVELS
from archon.rules.model import DECK_FORMATS
from archon.words import WordedError, say
from archon.words.render import PLAIN

if TYPE_CHECKING:
    import xlsxwriter

__all__ = ["build_bytes", "build", "default_path", "main"]

#: Document date of the template (fixed, so that builds are identical).
BUILD_DATE = _dt.datetime(2024, 1, 1, 0, 0, 0)
TITLE_ROW = 0  # 0-based rows/columns below (xlsxwriter's convention)
HEADING_ROW = 2
EVENT_TITLE = "Vampire: The Eternal Struggle Tournament"
ROWS_AT_A_TABLE = L.ROUND.rows_per_table


def default_path() -> Optional[Path]:
    """``templates/archon.xlsx`` in the source tree; None when archon runs
    from an installed copy (site-packages is no place to write it)."""
    root = Path(__file__).resolve().parents[3]
    if not (root / "pyproject.toml").is_file():  # beside archon/ only in a source checkout
        return None
    return root / L.ARCHON_MARKS.builtin_template_file


def _rc(ref: str) -> tuple[int, int]:
    from xlsxwriter.utility import xl_cell_to_rowcol

    return xl_cell_to_rowcol(ref)


def _col(letter: str) -> int:
    return _rc(f"{letter}1")[1]


class _Formats:
    def __init__(self, wb: xlsxwriter.Workbook):
        base = {"font_name": "Arial", "font_size": 10, "valign": "vcenter"}
        grid = {"border": 1, "border_color": "#BFBFBF"}
        self.text = wb.add_format(dict(base))
        self.title = wb.add_format(dict(base, bold=True, font_size=16))
        self.heading = wb.add_format(dict(base, bold=True, font_size=13))
        self.note = wb.add_format(dict(base, italic=True, font_color="#595959"))
        self.wrap = wb.add_format(dict(base, text_wrap=True, valign="top"))
        self.label = wb.add_format(dict(base, bold=True, align="right"))
        self.header = wb.add_format(
            dict(base, bold=True, bg_color="#D9D9D9", border=1, border_color="#808080", text_wrap=True, align="center")
        )
        self.group = wb.add_format(dict(base, bold=True, align="left", font_color="#404040"))
        self.input = wb.add_format(dict(base, bg_color="#FFF2CC", **grid))
        self.input_date = wb.add_format(dict(base, bg_color="#FFF2CC", num_format="dd mmm yyyy", **grid))
        self.input_center = wb.add_format(dict(base, bg_color="#FFF2CC", align="center", **grid))
        self.result = wb.add_format(dict(base, **grid))
        self.result_center = wb.add_format(dict(base, align="center", **grid))
        self.result_date = wb.add_format(dict(base, num_format="dd mmm yyyy", **grid))
        self.result_points = wb.add_format(dict(base, num_format="0.00", align="center", **grid))
        # first row of a table on a Round sheet: a heavier top border
        self.input_top = wb.add_format(dict(base, bg_color="#FFF2CC", top=2, **grid))
        self.input_center_top = wb.add_format(dict(base, bg_color="#FFF2CC", align="center", top=2, **grid))
        self.result_top = wb.add_format(dict(base, top=2, **grid))
        self.result_center_top = wb.add_format(dict(base, align="center", top=2, **grid))


def _page(ws, landscape: bool, header_row: Optional[int] = None) -> None:
    ws.set_paper(9)  # A4
    if landscape:
        ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.set_margins(left=0.5, right=0.5, top=0.6, bottom=0.6)
    if header_row is not None:
        ws.repeat_rows(header_row)


def _titles(ws, fm: _Formats, heading: str) -> None:
    ws.write(TITLE_ROW, 0, EVENT_TITLE, fm.title)
    ws.write(HEADING_ROW, 0, heading, fm.heading)


def _cells(ws, first_row: int, last_row: int, cols: dict[str, object]) -> None:
    """Formatted empty cells for a range of rows (1-based) and columns."""
    for row in range(first_row - 1, last_row):
        for letter, fmt in cols.items():
            ws.write_blank(row, _col(letter), None, fmt)


def _instructions(wb, fm: _Formats) -> None:
    ws = wb.add_worksheet(L.SHEETS[0])
    sheet, cell = L.VERSION_CELL
    assert sheet == ws.get_name()
    r, c = _rc(cell)
    ws.write(r, c, L.ARCHON_MARKS.builtin_version_text, fm.title)
    lines = [
        ("This workbook was made by archon from its built-in template. It has the sheets and "
         "cells of The Archon v1.5l, the VEKN's official tournament workbook, but no formulas: "
         "archon computes every result (GW, VP, TP, ranks, finalists, rating points) and writes it "
         "as a value.", fm.wrap),
        ("", fm.text),
        ("Shaded cells are what an organizer types: event details (Tournament Info), players "
         "(Methuselahs), seatings and VPs (Round 1 to 3), the final table (Final Round) and "
         "judges' overrides (Override).", fm.wrap),
        ("Results are refreshed whenever archon writes the workbook. If you type in the "
         "workbook yourself, update it with archon (its update command) to recompute the results.", fm.wrap),
        ("Close the workbook in Excel or LibreOffice before archon writes it: archon refuses to "
         "write a workbook that is open, and keeps the previous version as "
         "name.backup-YYYYmmdd-HHMMSS.xlsx in the folder name-backups beside it.", fm.wrap),
        ("", fm.text),
        (f"Rule edition: custom document property '{L.ARCHON_MARKS.edition_property}' "
         "(File > Properties > Custom).", fm.note),
    ]
    width = 80
    for i, (text, fmt) in enumerate(lines, start=r + 2):
        if text:
            ws.write(i, c, text, fmt)
            ws.set_row(i, 13 * (len(text) // width + 1) + 2)
    ws.set_column(c, c, width)
    ws.activate()
    _page(ws, landscape=False)


def _tournament_info(wb, fm: _Formats) -> None:
    info = L.INFO
    ws = wb.add_worksheet(info.sheet)
    ws.write(TITLE_ROW, 0, EVENT_TITLE, fm.title)
    labels = [
        (info.name, "Event Name:", fm.input),
        (info.date, "Event Date:", fm.input_date),
        (info.report_due, "Date Report due at V:EKN:", fm.result_date),
        (info.organizer, "Organizer:", fm.input),
        (info.city, "City:", fm.input),
        (info.deck_format, "Format (Constructed/Limited):", fm.input),
        (info.level, "Level:", fm.input),
        (info.players, "Number of Players:", fm.result),
        (info.rounds_with_final, "Number of Rounds (including final):", fm.input),
        (info.matches, "Number of Event Matches:", fm.result),
        (info.new_members, "Number of New Members:", fm.input),
        (info.warnings, "Number of Warnings Issued:", fm.input),
        (info.disqualifications, "Number of Disqualifications:", fm.input),
        (info.multi_judge, "Multi-Judge System Used?", fm.input),
        (info.head_judge, "Head Judge:", fm.input),
    ]
    label_col = _col(info.label_col)
    for ref, text, fmt in labels:
        r, c = _rc(ref)
        ws.write(r, label_col, text, fm.label)
        ws.write_blank(r, c, None, fmt)
    # VEKN numbers beside the organizer and the judges
    for ref in (info.organizer_vekn, info.head_judge_vekn):
        r, c = _rc(ref)
        ws.write_blank(r, c, None, fm.input)
    first, last = info.assistant_judges_rows
    name_col = _rc(info.head_judge)[1]
    vekn_col = _rc(info.head_judge_vekn)[1]
    ws.write(first - 1, label_col, "Assistant Judges:", fm.label)
    for row in range(first - 1, last):
        ws.write_blank(row, name_col, None, fm.input)
        ws.write_blank(row, vekn_col, None, fm.input)
    ws.write(_rc(info.name)[0] - 1, vekn_col, "VEKN number", fm.note)
    # Drop-down lists, as in The Archon
    ws.data_validation(info.deck_format, {"validate": "list", "source": list(DECK_FORMATS)})
    ws.data_validation(info.level, {"validate": "list", "source": list(LEVELS)})
    ws.data_validation(
        info.rounds_with_final,
        {
            "validate": "list",
            "source": ["3", "4"],
            "input_title": "Rounds",
            "input_message": "3 = 2 rounds + final, 4 = 3 rounds + final",
        },
    )
    ws.set_column(label_col, label_col, 40)
    ws.set_column(name_col, name_col, 42)
    ws.set_column(vekn_col, vekn_col, 14)
    _page(ws, landscape=False)


def _methuselahs(wb, fm: _Formats) -> None:
    m = L.METHUSELAHS
    ws = wb.add_worksheet(m.sheet)
    _titles(ws, fm, "Player Information")
    r, c = _rc(m.count)
    ws.write_blank(r, c, None, fm.result_center)
    ws.write(r, c + 1, "players entered", fm.text)
    header = m.first_row - 2  # 0-based row of the header line
    columns = [
        (m.number, "Num.", fm.input_center, 6),
        (m.first_name, "First Name", fm.input, 14),
        (m.last_name, "Last Name", fm.input, 16),
        (m.city, "City", fm.input, 16),
        (m.vekn, "V:EKN Num.", fm.input_center, 11),
        (m.rounds_played, "# Rnds", fm.result_center, 7),
        (m.out, "DQ Flag", fm.input_center, 7),
        (m.gw, "GWs", fm.result_center, 7),
        (m.vp, "VPs", fm.result_center, 7),
        (m.tp, "TPs", fm.result_center, 7),
        (m.rank_before_coin, "Rank", fm.result_center, 7),
        (m.status, "Status for Final", fm.result_center, 8),
        (m.coin, "Coin Ranking", fm.input_center, 8),
        (m.rank, "Adjusted Rank", fm.result_center, 9),
        (m.final_rank, "Final Rank", fm.result_center, 8),
        (m.rating_points, "Rating Points", fm.result_points, 9),
    ]
    used = {_col(letter) for letter, *_ in columns}
    last_col = max(used)
    for letter, text, fmt, width in columns:
        ws.write(header, _col(letter), text, fm.header)
        ws.set_column(_col(letter), _col(letter), width)
    for col in range(last_col):
        if col not in used:
            ws.set_column(col, col, None, None, {"hidden": True})
    ws.write(header - 1, _col(m.gw), "Preliminary results", fm.group)
    _cells(ws, m.first_row, m.last_row, {letter: fmt for letter, _t, fmt, _w in columns})
    ws.set_row(header, 27)
    ws.freeze_panes(m.first_row - 1, _col(m.city))
    _page(ws, landscape=True, header_row=header)


def _columns(ws, fm: "_Formats", header: int, first_row: int, last_row: int, columns: list) -> None:
    """Header labels, column widths and cell formats of a results table.

    ``columns``: (column letter, header text, cell format, width) in order.
    """
    for letter, text, _fmt, width in columns:
        ws.write(header, _col(letter), text, fm.header)
        ws.set_column(_col(letter), _col(letter), width)
    _cells(ws, first_row, last_row, {letter: fmt for letter, _t, fmt, _w in columns})


def _standings(wb, fm: _Formats) -> None:
    s = L.STANDINGS
    ws = wb.add_worksheet(s.sheet)
    _titles(ws, fm, "Standings")
    header = s.first_row - 2
    columns = [
        (s.rank, "Rank", fm.result_center, 8),
        (s.position, "Position", fm.result_center, 9),
        (s.number, "#", fm.result_center, 6),
        (s.name, "Name", fm.result, 34),
        (s.gw, "Prelim GWs", fm.result_center, 11),
        (s.vp, "Prelim VPs", fm.result_center, 11),
        (s.final_vp, "Final VPs", fm.result_center, 10),
        (s.tp, "TPs", fm.result_center, 8),
    ]
    _columns(ws, fm, header, s.first_row, s.last_row, columns)
    ws.freeze_panes(s.first_row - 1, 0)
    _page(ws, landscape=False, header_row=header)


def _round(wb, fm: _Formats, number: int, sheet: str) -> None:
    r = L.ROUND
    ws = wb.add_worksheet(sheet)
    _titles(ws, fm, f"Round {number}")
    for ref, text in ((r.start_time, "Round Start Time:"), (r.end_time, "Round End Time:")):
        row, col = _rc(ref)
        ws.write(row, col - 1, text, fm.label)
        ws.write_blank(row, col, None, fm.input)
    row, col = _rc(r.round_number_cell)
    ws.write_number(row, col, number, fm.note)
    ws.set_column(col, col, None, None, {"hidden": True})
    header = r.first_row - 2
    columns = [
        (r.player, "#", (fm.input_center, fm.input_center_top), 6),
        (r.first_name, "First Name", (fm.result, fm.result_top), 16),
        (r.last_name, "Last Name", (fm.result, fm.result_top), 18),
        (r.table, "Table", (fm.result_center, fm.result_center_top), 7),
        (r.vp, "VPs", (fm.input_center, fm.input_center_top), 7),
        (r.vp_number, "VPs (number)", (fm.result_center, fm.result_center_top), 8),
        (r.gw, "GW", (fm.result_center, fm.result_center_top), 7),
        (r.tp, "TPs", (fm.result_center, fm.result_center_top), 9),
        (r.table_rank, "Table Rank", (fm.result_center, fm.result_center_top), 8),
    ]
    for letter, text, _fmts, width in columns:
        ws.write(header, _col(letter), text, fm.header)
        ws.set_column(_col(letter), _col(letter), width)
    ws.set_column(_col(r.vp_number), _col(r.vp_number), None, None, {"hidden": True})
    for row in range(r.first_row, r.last_row + 1):
        top = (row - r.first_row) % ROWS_AT_A_TABLE == 0
        for letter, _text, (plain, first), _w in columns:
            ws.write_blank(row - 1, _col(letter), None, first if top else plain)
    ws.write(header - 1, _col(r.player), "Table Seating", fm.group)
    ws.write(header - 1, _col(r.vp), "Round Results", fm.group)
    ws.set_row(header, 27)
    ws.freeze_panes(r.first_row - 1, 0)
    _page(ws, landscape=False, header_row=header)
    ws.print_area(0, 0, r.last_row - 1, max(_col(letter) for letter, *_ in columns))


def _final(wb, fm: _Formats) -> None:
    f = L.FINAL
    ws = wb.add_worksheet(f.sheet)
    _titles(ws, fm, "Final Round")
    header = f.finalists_first_row - 2
    ws.write(header - 1, _col(f.finalist), "Finalists, by seed", fm.group)
    ws.write(header, _col(f.finalist), "#", fm.header)
    ws.write(header, _col(f.first_name), "First Name", fm.header)
    ws.write(header, _col(f.last_name), "Last Name", fm.header)
    ws.write(header, _col(f.seed), "Seed", fm.header)
    _cells(
        ws,
        f.finalists_first_row,
        f.finalists_last_row,
        {f.finalist: fm.result_center, f.first_name: fm.result, f.last_name: fm.result, f.seed: fm.result_center},
    )
    header = f.first_row - 2
    ws.write(header - 1, _col(f.player), "Final Table (seat order)", fm.heading)
    columns = [
        (f.player, "#", fm.input_center),
        (f.first_name, "First Name", fm.result),
        (f.last_name, "Last Name", fm.result),
        (f.vp, "VPs", fm.input_center),
        (f.gw, "GW", fm.result_center),
        (f.tp, "TPs", fm.result_center),
        (f.final_rank, "Final Rank", fm.result_center),
    ]
    for letter, text, _fmt in columns:
        ws.write(header, _col(letter), text, fm.header)
    _cells(ws, f.first_row, f.last_row, {letter: fmt for letter, _t, fmt in columns})
    widths = {f.player: 6, f.first_name: 16, f.last_name: 18, f.seed: 7, f.vp: 7, f.gw: 7, f.tp: 8, f.final_rank: 10}
    for letter, width in widths.items():
        ws.set_column(_col(letter), _col(letter), width)
    used = {_col(letter) for letter in widths} | {_col(f.finalist)}
    for col in range(max(used)):
        if col not in used:  # The Archon's helper columns: nothing to show here
            ws.set_column(col, col, None, None, {"hidden": True})
    _page(ws, landscape=False)


def _override(wb, fm: _Formats) -> None:
    o = L.OVERRIDE
    ws = wb.add_worksheet(o.sheet)
    _titles(ws, fm, "Override")
    ws.write(HEADING_ROW, _col(o.reason), 'Override a "pending" table for player drops, ejections and other odd VP situations.', fm.note)
    header = o.first_row - 2
    columns = [(o.round, "Round (1, 2, 3 or F)", 12), (o.table, "Table", 8), (o.reason, "Explanation", 78)]
    for letter, text, width in columns:
        ws.write(header, _col(letter), text, fm.header)
        ws.set_column(_col(letter), _col(letter), width)
    ws.set_column(_col(o.key), _col(o.key), None, None, {"hidden": True})
    _cells(ws, o.first_row, o.last_row, {o.round: fm.input_center, o.table: fm.input_center, o.reason: fm.input})
    ws.data_validation(
        f"{o.round}{o.first_row}:{o.round}{o.last_row}",
        {"validate": "list", "source": ["1", "2", "3", "F"]},
    )
    ws.set_row(header, 27)
    ws.freeze_panes(o.first_row - 1, 0)
    _page(ws, landscape=False, header_row=header)


def _vekn_report(wb, fm: _Formats) -> None:
    v = L.VEKN_REPORT
    ws = wb.add_worksheet(v.sheet)
    ws.write(TITLE_ROW, 0, EVENT_TITLE, fm.title)
    r, c = _rc(v.title)
    ws.write(r, c, "V:EKN Report", fm.heading)
    header = v.first_row - 2
    columns = [
        (v.number, "Player Num", fm.result_center, 8),
        (v.vekn, "V:EKN Num", fm.result_center, 13),
        (v.name, "Name", fm.result, 34),
        (v.games_played, "Games Played", fm.result_center, 9),
        (v.games_won, "Games Won", fm.result_center, 9),
        (v.total_vp, "Total VPs", fm.result_center, 9),
        (v.rank, "Rank", fm.result_center, 8),
    ]
    _columns(ws, fm, header, v.first_row, v.last_row, columns)
    ws.set_row(header, 27)
    ws.freeze_panes(v.first_row - 1, 0)
    _page(ws, landscape=False, header_row=header)


def _notes(wb, fm: _Formats) -> None:
    n = L.NOTES
    ws = wb.add_worksheet(n.sheet)
    ws.write(TITLE_ROW, 0, EVENT_TITLE, fm.title)
    r, c = _rc(n.first_cell)
    ws.write(r, c, "Tournament Notes:", fm.heading)
    ws.set_column(c, c, 100)
    _page(ws, landscape=False)


def _chart(wb, fm: _Formats, sheet: str) -> None:
    ws = wb.add_worksheet(sheet)
    ws.write(TITLE_ROW, 0, sheet, fm.title)
    ws.write(
        HEADING_ROW,
        0,
        "archon seats every round itself: this sheet is kept empty so that the workbook has "
        "The Archon's sheets in The Archon's order.",
        fm.note,
    )
    _page(ws, landscape=False)


def _tp_matrix(wb, fm: _Formats) -> None:
    t = L.TPMATRIX
    ws = wb.add_worksheet(t.sheet)
    ws.write(TITLE_ROW, 0, 'V:TES "Tournament Point" Matrix', fm.title)
    header = t.first_row - 2
    for size, rank_col, tp_col in ((5, t.five_rank, t.five_tp), (4, t.four_rank, t.four_tp)):
        ws.write(header - 1, _col(rank_col), f"{size} PLAYER TABLES", fm.heading)
        ws.write(header, _col(rank_col), "Table Rank", fm.header)
        ws.write(header, _col(tp_col), "TPs", fm.header)
        for i, tp in enumerate(DEFAULT_EDITION.tp_for_size(size)):
            ws.write_number(t.first_row - 1 + i, _col(rank_col), i + 1, fm.result_center)
            ws.write_number(t.first_row - 1 + i, _col(tp_col), tp, fm.result_center)
        ws.set_column(_col(rank_col), _col(rank_col), 11)
    ws.write(
        t.first_row + 5,
        0,
        "Tied players share the average of the places they tie for; at a 4-player table the third "
        "place is the empty seat.",
        fm.note,
    )
    _page(ws, landscape=False)


def build_bytes() -> bytes:
    """The built-in template as xlsx bytes (identical on every call).
    xlsxwriter is imported here: ``archon new`` reads the committed
    template through :func:`default_path` without it."""
    import xlsxwriter

    buf = io.BytesIO()
    wb = xlsxwriter.Workbook(buf, {"in_memory": True, "strings_to_numbers": False, "strings_to_formulas": False})
    wb.set_properties(
        {
            "title": "The Archon (archon built-in template)",
            "subject": "Vampire: The Eternal Struggle tournament",
            "author": "archon",
            "comments": "Made by archon from its layout of The Archon v1.5l; values only, no formulas.",
            "created": BUILD_DATE,
        }
    )
    wb.set_custom_property(L.ARCHON_MARKS.template_property, L.ARCHON_MARKS.builtin_value)
    wb.set_custom_property(L.ARCHON_MARKS.edition_property, DEFAULT_EDITION.name)
    fm = _Formats(wb)
    builders: dict[str, Callable[..., None]] = {
        L.SHEETS[0]: lambda: _instructions(wb, fm),
        L.INFO.sheet: lambda: _tournament_info(wb, fm),
        L.METHUSELAHS.sheet: lambda: _methuselahs(wb, fm),
        L.STANDINGS.sheet: lambda: _standings(wb, fm),
        L.FINAL.sheet: lambda: _final(wb, fm),
        L.OVERRIDE.sheet: lambda: _override(wb, fm),
        L.VEKN_REPORT.sheet: lambda: _vekn_report(wb, fm),
        L.NOTES.sheet: lambda: _notes(wb, fm),
        L.TPMATRIX.sheet: lambda: _tp_matrix(wb, fm),
    }
    for number, sheet in L.ROUND_SHEETS.items():
        builders[sheet] = (lambda n=number, s=sheet: _round(wb, fm, n, s))
    for chart in L.CHARTS.values():
        builders[chart.sheet] = (lambda s=chart.sheet: _chart(wb, fm, s))
    missing = [s for s in L.SHEETS if s not in builders]
    assert not missing, f"no builder for sheets {missing}"
    for sheet in L.SHEETS:
        builders[sheet]()
    wb.close()
    return buf.getvalue()


class NoSourceTree(WordedError):
    """No path given, and archon is installed, not a source checkout."""


def build(path: "str | Path | None" = None) -> Path:
    """Write the built-in template to ``path`` (default: ``templates/archon.xlsx``
    of the source tree; :class:`NoSourceTree` when archon is installed)."""
    target = Path(path) if path is not None else default_path()
    if target is None:
        raise NoSourceTree(say("writing.template_without_source_tree", example=f"{_COMMAND} archon.xlsx"))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(build_bytes())
    return target


#: How this module's own command is typed.
_COMMAND = "python -m archon.formats.workbook.template"


def main(argv: Optional[list[str]] = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog=_COMMAND,
        description="Rebuild archon's built-in template (values only, no formulas).")
    parser.add_argument("out", nargs="?", metavar="OUT.xlsx",
                        help="where to write it (default: templates/archon.xlsx in the source tree; "
                             "required when archon is installed)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)  # --help: no file named '--help'
    try:
        target = build(args.out)
    except NoSourceTree as exc:
        parser.error(str(exc))  # status 2, nothing written
    print(PLAIN.render(say("writing.template_written", path=str(target))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
