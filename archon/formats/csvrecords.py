"""The records of a CSV text, read whole with the csv module's quoting rules.

Shared by every CSV archon reads (players lists, the Discord bot's CSV set):
``"O""Brien"`` is ``O"Brien``, a quoted field keeps its commas, and what does
not parse is refused naming its line, never read in part: a quote that is
never closed would otherwise swallow the rest of the file into one field (a
round's whole file read as one header line and left out), a field quoted
over several lines shifts every line after it, and binary data is not text.
"""

from __future__ import annotations

import csv
import io

from archon.words.errors import WordedError
from archon.words.message import say

__all__ = ["CsvTextError", "csv_records", "guess_delimiter"]


def guess_delimiter(text: str) -> str:
    """The delimiter ``text`` uses most: ``,``, ``;`` or tab (``,`` on a tie or
    when there is none)."""
    counts = {d: text.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


class CsvTextError(WordedError, ValueError):
    """A CSV text that cannot be read whole; the message names the source and line."""


def csv_records(text: str, source: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """``(line, cells)`` for each record of ``text`` (``source`` names it in
    errors). Raises :class:`CsvTextError` for binary data, a quote never
    closed, or a quoted field running over lines."""
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise CsvTextError(say("csv.binary", source=source, line=line))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"',
                        doublequote=True, skipinitialspace=False, strict=True)
    rows: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            if reader.line_num != start and any("\n" in c or "\r" in c for c in cells):
                raise CsvTextError(say("csv.quote_runs_on", source=source, line=start, end=reader.line_num))
            rows.append((start, cells))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise CsvTextError(say("csv.unreadable", source=source, line=start, error=str(exc))) from None
    return rows
