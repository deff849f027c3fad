"""The players' personal codes as slips to cut out and hand over (issue 25;
``archon codes FILE --print OUT.xlsx``).

A plain workbook (xlsxwriter, :func:`archon.reports.output.xlsx_bytes`:
text never becomes a formula): one slip per player, framed, with the
event's name, the player's number and name, their code in large type, the
players' page address when known and how to use the code. Slips are for
the organizer's hands only: the codes are private.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from archon.eventday.codes import code_rows
from archon.reports.labels import Labels
from archon.reports.output import CODE_SLIPS, check_target, write_atomically, xlsx_bytes
from archon.rules.model import Event
from archon.words.languages import SOURCE
from archon.words.message import say

__all__ = ["check_code_slips", "write_code_slips", "SLIPS_PER_PAGE"]

#: Slips on a printed page (A4 or Letter, portrait).
SLIPS_PER_PAGE = 6
#: Rows a slip takes, the blank row after it included.
_ROWS = 6


def check_code_slips(path: "str | os.PathLike[str]", lang: str = SOURCE, *, force: bool = False) -> Path:
    """:class:`archon.reports.ReportError` when ``path`` cannot take the slips
    (:func:`archon.reports.output.check_target`); UnknownLanguage for a language archon does not speak."""
    Labels(lang)
    return check_target(path, CODE_SLIPS, force=force)


def _formats(wb: Any) -> dict:
    base = {"font_name": "Arial", "valign": "vcenter", "left": 2, "right": 2, "left_color": "#555555",
            "right_color": "#555555"}
    return {
        "event": wb.add_format({**base, "font_size": 10, "top": 2, "top_color": "#555555", "italic": True}),
        "name": wb.add_format({**base, "font_size": 14, "bold": True}),
        "code": wb.add_format({**base, "font_size": 26, "bold": True, "font_name": "Courier New",
                               "align": "center"}),
        "where": wb.add_format({**base, "font_size": 10}),
        "how": wb.add_format({**base, "font_size": 9, "text_wrap": True, "bottom": 2, "bottom_color": "#555555"}),
    }


def _spaced(code: str) -> str:
    """A code as printed: two groups, easier to read out ("K7M2 QX9A")."""
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}"


def _add_slips(wb: Any, event: Event, labels: Labels, address: Optional[str]) -> None:
    ws = wb.add_worksheet(labels(say("slips.sheet"))[:31])
    f = _formats(wb)
    ws.set_column(0, 0, 70)
    ws.hide_gridlines(2)
    event_name = event.name or labels(say("report.untitled"))
    rows = [r for r in code_rows(event) if r["code"]]
    breaks = []
    for i, r in enumerate(rows):
        top = i * _ROWS
        ws.write_string(top, 0, labels(say("slips.event", event=event_name)), f["event"])
        ws.write_string(top + 1, 0, labels(say("slips.player", number=r["player"], name=r["name"])), f["name"])
        ws.set_row(top + 2, 36)
        ws.write_string(top + 2, 0, _spaced(r["code"]), f["code"])
        where = labels(say("slips.where", address=address)) if address else labels(say("slips.where_console"))
        ws.write_string(top + 3, 0, where, f["where"])
        ws.set_row(top + 4, 30)
        ws.write_string(top + 4, 0, labels(say("slips.how")), f["how"])
        if (i + 1) % SLIPS_PER_PAGE == 0 and i + 1 < len(rows):
            breaks.append(top + _ROWS)
    if breaks:
        ws.set_h_pagebreaks(breaks)
    ws.set_paper(9)
    ws.fit_to_pages(1, 0)
    ws.set_margins(left=0.5, right=0.5, top=0.5, bottom=0.5)


def write_code_slips(event: Event, path: "str | os.PathLike[str]", *, lang: str = SOURCE, force: bool = False,
                     address: Optional[str] = None) -> Path:
    """Write one slip per registered player who has a code to ``path``, in
    the language ``lang``; ``address``: the players' page to print on each.
    Returns the path written; :class:`archon.reports.ReportError` as
    :func:`check_code_slips` says (an earlier slips file is replaced only with ``force``)."""
    labels = Labels(lang)
    check_code_slips(path, lang, force=force)
    return write_atomically(path, xlsx_bytes(lambda wb: _add_slips(wb, event, labels, address), CODE_SLIPS),
                            CODE_SLIPS, force=force)
