"""Numbers as people type them: ``"2.5"``, ``"2,5"``, ``" 3 "``, ``"2½"``, ``"1/2"``.

The one parser for VPs and other numbers typed as text, shared by the
workbook readers (numbers stored as text in a cell) and the command line
(VPs typed as arguments).
"""

from __future__ import annotations

import math
from typing import Optional

__all__ = ["number_from_text"]


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
