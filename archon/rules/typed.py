"""Numbers as people type them: ``"2.5"``, ``"2,5"``, ``" 3 "``, ``"2½"``, ``"1/2"``.

The one parser for VPs and other numbers typed as text, shared by the
workbook readers (numbers stored as text in a cell) and the command line
(VPs typed as arguments).
"""

from __future__ import annotations

import math
from typing import Optional

__all__ = ["is_whole_number_text", "number_from_text", "LARGEST_EXACT_WHOLE"]

#: The largest whole number a workbook's cell (a double) holds exactly: a
#: player number of 10**30 read as a float became #1000000000000000019884624838656.
LARGEST_EXACT_WHOLE = 2**53


def number_from_text(s: str) -> Optional[float]:
    """The number typed in ``s``, or None if it is not one (``nan``, ``inf`` are not)."""
    t = "".join(str(s).split()).replace("\u2212", "-")
    if not t:
        return None
    t = t.replace("½", ".5") if t != "½" else "0.5"
    if "," in t and "." not in t and t.count(",") == 1:
        t = t.replace(",", ".")
    try:
        if "/" in t:
            a, b = t.split("/", 1)
            x = float(a or 0) / float(b)
        else:
            x = float(t)
    except (ValueError, ZeroDivisionError):
        return None
    return x if math.isfinite(x) else None


def is_whole_number_text(s: str) -> bool:
    """True when ``s`` is a whole number typed in the digits 0-9, short enough
    to be a player, VEKN, round or table number (at most 18 digits).
    ``str.isdigit`` is not enough: it accepts ``²`` and ``٣``, which ``int``
    refuses or reads as another number, and ``int`` refuses over 4300 digits."""
    return 0 < len(s) <= 18 and s.isascii() and s.isdigit()
