"""Cell values as an organizer typed them, read as numbers, texts, VEKN numbers and dates.

What real files contain, and how it is read: blank, ``None`` or ``""`` cells
are empty; numbers typed as text (``"2.5"``, ``"2,5"``, ``"2½"``) are
numbers; text is stripped of stray spaces; VEKN numbers typed as numbers or
text give a string of digits (``1234567.0`` -> ``"1234567"``); dates may be
real dates, Excel serial numbers or text (:func:`parse_date_text`).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from typing import Optional

from archon.rules.typed import number_from_text
from archon.words.message import Message, say

__all__ = ["is_blank_value", "as_number", "fmt_num", "show", "clean", "vekn", "parse_date_text"]


def is_blank_value(v: object) -> bool:
    """No value, or only spaces."""
    return v is None or (isinstance(v, str) and not v.strip())


def as_number(v: object) -> tuple[Optional[float], bool]:
    """``(number, ok)``: ``(None, True)`` for blank, ``(None, False)`` for not a number."""
    if is_blank_value(v):
        return None, True
    if isinstance(v, bool) or isinstance(v, (_dt.date, _dt.datetime)):
        return None, False
    if isinstance(v, (int, float)):
        return (float(v), True) if math.isfinite(v) else (None, False)
    x = number_from_text(str(v))
    return (x, x is not None)


def fmt_num(x: float) -> str:
    """A number as a cell shows it: ``2.0`` -> ``"2"``, ``2.5`` -> ``"2.5"``."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def show(v: object) -> str:
    """A value as the organizer sees it, for messages."""
    if isinstance(v, float):
        return fmt_num(v)
    if isinstance(v, _dt.datetime):
        return v.date().isoformat() if v.time() == _dt.time() else v.isoformat(sep=" ")
    return repr(v) if isinstance(v, str) else str(v)


def clean(v: object) -> Optional[str]:
    """Text of a cell, stray spaces removed (inner runs of spaces become one); None if blank."""
    if v is None:
        return None
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float):
        return fmt_num(v)
    if isinstance(v, _dt.datetime):
        return show(v)
    s = " ".join(str(v).split())
    return s or None


_DIGITS = re.compile(r"^\d+(?:[.,]0+)?$")


def vekn(v: object) -> Optional[str]:
    """A VEKN number as a string of digits: ``1234567.0`` or ``" 1234567 "`` -> ``"1234567"``."""
    if isinstance(v, float) and not isinstance(v, bool):
        return str(int(v)) if v.is_integer() and v >= 0 else fmt_num(v)
    s = clean(v)
    if s is None:
        return None
    compact = s.replace(" ", "")
    if _DIGITS.match(compact):
        return re.split(r"[.,]", compact)[0]
    return s


_DATE_FORMATS_UNAMBIGUOUS = (
    "%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y", "%d.%m.%y", "%d-%m-%Y",
    "%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%b %d %Y",
    "%d %B, %Y", "%A %d %B %Y", "%A, %B %d, %Y",
)


def parse_date_text(s: str) -> tuple[Optional[_dt.date], Optional[Message]]:
    """``(date, note)``: note says how an ambiguous day/month was read, or why it failed."""
    t = " ".join(s.split())
    try:
        return _dt.datetime.fromisoformat(t).date(), None
    except ValueError:
        pass
    for f in _DATE_FORMATS_UNAMBIGUOUS:
        try:
            return _dt.datetime.strptime(t, f).date(), None
        except ValueError:
            continue
    m = re.match(r"^(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})$", t)
    if m:
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        y = y + 2000 if y < 100 else y
        day_first = month_first = None
        try:
            day_first = _dt.date(y, b, a)
        except ValueError:
            pass
        try:
            month_first = _dt.date(y, a, b)
        except ValueError:
            pass
        if day_first and month_first and day_first != month_first:
            return day_first, say("read.date_ambiguous", value=s, date=day_first.isoformat())
        if day_first or month_first:
            return day_first or month_first, None
    return None, say("read.not_a_date", value=s, example=_dt.date.today().isoformat())
