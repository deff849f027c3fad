"""Control characters: text a workbook cell cannot hold as it is.

A control character (U+0000 to U+001F but tab and line breaks, U+007F to
U+009F) is invisible, or a box, in a spreadsheet, cannot be typed, and makes
a name that looks right differ from the same name typed again; the file
stores it as an escape such as ``_x0001_``, which is what a program that does
not decode it shows (U+0001 to U+001F; XML cannot hold them). Old workbooks
and CSV files sometimes hold them (a copy from a web page or a PDF). Typed
text with one is refused (:func:`archon.eventday.typed_text`), ``archon
check`` warns about one in a workbook, and ``archon convert`` drops them,
saying where.
"""

from __future__ import annotations

import re

__all__ = ["CONTROL_CHARACTER", "described", "without_control_characters", "dropped"]

#: One control character a workbook cell cannot hold as text.
CONTROL_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def described(text: str) -> str:
    """The control characters of ``text`` (at least one), each once, in words:
    ``the control character U+0001, invisible in a spreadsheet (stored as _x0001_)``."""
    found = list(dict.fromkeys(CONTROL_CHARACTER.findall(text)))
    codes = ", ".join(f"U+{ord(c):04X}" for c in found)
    escapes = " and ".join(f"_x{ord(c):04X}_" for c in found if c < " ")  # the ones XML cannot hold
    return (f"the control character{'s' if len(found) > 1 else ''} {codes}, invisible in a spreadsheet"
            + (f" (stored as {escapes})" if escapes else ""))


def without_control_characters(text: str) -> str:
    """``text`` without its control characters (the rest as it is)."""
    return CONTROL_CHARACTER.sub("", text)


def dropped(what: str, text: str) -> str:
    """What :func:`without_control_characters` does to ``what`` (``player #3's
    first name``) holding ``text`` (with at least one control character), in words."""
    return f"{what} {text!r} is now {without_control_characters(text)!r}: dropped {described(text)}"
