"""Spreadsheet cell addresses: ``"AB12"`` <-> (row 12, column 28).

The one place that converts between column letters and indexes, shared by
the readers (:mod:`archon.formats.workbook.xlsx_grid`, :mod:`.ods_grid`) and the writer
(:mod:`archon.formats.workbook.xlsxpatch`).
"""

from __future__ import annotations

import functools
import re
__all__ = ["column_index", "column_letters", "split_address"]

_ADDRESS = re.compile(r"^\$?([A-Za-z]{1,3})\$?([0-9]{1,9})$")


@functools.lru_cache(maxsize=4096)
def column_index(letters: str) -> int:
    """``"A"`` -> 1, ``"AB"`` -> 28."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - 64)
    return n


def column_letters(index: int) -> str:
    """1 -> ``"A"``, 28 -> ``"AB"``."""
    out = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def split_address(address: str) -> tuple[int, int]:
    """``"AB12"`` (or ``"$AB$12"``) -> (12, 28), i.e. (row, column index).

    Raises ValueError for text that is not a cell address.
    """
    m = _ADDRESS.match(address.strip())
    if not m:
        raise ValueError(f"not a cell address: {address!r}")
    return int(m.group(2)), column_index(m.group(1))
