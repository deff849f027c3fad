"""A round's seat list, to print and post (:func:`archon.reports.write_posting_sheet`).

Loaded only when :func:`archon.api.seating.seat` is asked for one
(``print_to``): the reports and xlsxwriter stay out of ``archon seat``
otherwise (``tests/formats/test_workbook_fast_paths.py``)."""

from __future__ import annotations

from pathlib import Path

from archon.formats.serialize import standings_to_dict
from archon.reports import write_posting_sheet
from archon.reports.labels import report_language
from archon.reports.output import SEAT_LIST, check_target
from archon.rules.standings import compute

__all__ = ["check_seat_list", "print_seat_list"]


def check_seat_list(print_to, lang: str = "en") -> None:
    """:class:`archon.reports.ReportError` when ``print_to`` cannot take a seat
    list (a seat list printed before under that name is printed anew);
    :class:`archon.words.choose.UnknownLanguage` when archon does not speak ``lang``."""
    report_language(lang)
    check_target(print_to, SEAT_LIST, force=True)


def print_seat_list(event, round: int, print_to, lang: str = "en") -> Path:
    """Write round ``round``'s seat list to ``print_to`` in the language
    ``lang`` (its title, headers, "sits out", footer); its path."""
    return write_posting_sheet(standings_to_dict(compute(event), extras=True), round, print_to,
                               force=True, lang=lang)  # a seat list printed before is printed anew, never another file
