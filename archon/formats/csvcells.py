"""Text cells of every CSV archon writes, made safe to open in a spreadsheet.

A spreadsheet opening a CSV runs a cell that starts with ``=``, ``+``, ``-``
or ``@`` (or a tab or carriage return before one of them) as a formula: a
player named ``=HYPERLINK(...)`` would become a link, ``=cmd|...`` a command
(OWASP "CSV injection"). As the OWASP guidance says, such a cell is written
with a single quote in front (``'=HYPERLINK(...)``), which a spreadsheet
shows as text, and which :func:`text_from_csv` takes off again when archon
reads the file back, so a name survives the round trip.

Only text is touched: numbers are passed as numbers (``-1.5`` stays a
number), and ordinary names are written as they are. A text that already
starts with quotes before such a character gets one more quote, so reading
back is exact for every text.
"""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["FORMULA_STARTS", "csv_cell", "csv_row", "text_from_csv"]

#: First characters a spreadsheet reads as the start of a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

_QUOTE = "'"


def _starts_formula(text: str) -> bool:
    return text.lstrip(_QUOTE).startswith(FORMULA_STARTS)


def csv_cell(value: Any) -> Any:
    """``value`` as a CSV cell: text that a spreadsheet would run gets a
    leading ``'``; numbers, None and other text are returned unchanged."""
    if isinstance(value, str) and _starts_formula(value):
        return _QUOTE + value
    return value


def csv_row(values: Iterable[Any]) -> list[Any]:
    """Every cell of a row through :func:`csv_cell`."""
    return [csv_cell(v) for v in values]


def text_from_csv(cell: str) -> str:
    """The text :func:`csv_cell` was given, from the cell it wrote."""
    if cell.startswith(_QUOTE) and _starts_formula(cell):
        return cell[1:]
    return cell
