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

Names (a player's first and last name) are held to more: text is stored in
Unicode's composed form, NFC (:func:`nfc`: "e" plus a combining accent is
"é", so a name typed on a Mac is the name typed elsewhere), and a character
that cannot be seen or that turns the text around (:func:`refused_in_name`:
zero-width spaces and joiners, direction overrides and isolates, the soft
hyphen, Hangul fillers, every other format character and the line and
paragraph separators) is refused in a name typed or read from a players
list, flagged by ``archon check`` in a workbook, and dropped, with a note,
by ``archon convert``: such a name looks like another one, or like none,
and turns every list it is printed in around.
"""

from __future__ import annotations

import re
import unicodedata

from archon.words.message import Message, say
from archon.words.render import PLAIN

__all__ = ["CONTROL_CHARACTER", "described", "described_said", "without_control_characters", "dropped", "nfc", "refused_in_name",
           "is_refused_in_name", "character_named", "visible_name"]

#: One control character a workbook cell cannot hold as text.
CONTROL_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def described_said(text: str) -> Message:
    """The control characters of ``text`` (at least one), each once, in words:
    ``the control character U+0001, invisible in a spreadsheet (stored as _x0001_)``."""
    found = list(dict.fromkeys(CONTROL_CHARACTER.findall(text)))
    escapes = [f"_x{ord(c):04X}_" for c in found if c < " "]  # the ones XML cannot hold
    return say("text.control_characters", codes=[f"U+{ord(c):04X}" for c in found],
               stored=say("text.stored_as", escapes=escapes) if escapes else "")


def described(text: str) -> str:
    """:func:`described_said` in plain English."""
    return PLAIN.render(described_said(text))


def without_control_characters(text: str) -> str:
    """``text`` without its control characters (the rest as it is)."""
    return CONTROL_CHARACTER.sub("", text)


def dropped(what: str, text: str) -> str:
    """What :func:`without_control_characters` does to ``what`` (``player #3's
    first name``) holding ``text`` (with at least one control character), in words."""
    return f"{what} {text!r} is now {without_control_characters(text)!r}: dropped {described(text)}"


#: Letters Unicode gives no width nor shape (Hangul fillers): blank, though not format characters.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

#: Unicode's categories refused in a name: format characters (zero-width
#: spaces and joiners, direction marks, overrides and isolates, the soft
#: hyphen, the byte-order mark...), line and paragraph separators.
_REFUSED_CATEGORIES = frozenset(("Cf", "Zl", "Zp"))


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (NFC): "e" and a combining acute
    accent (U+0301) become "é", as most keyboards type it."""
    return unicodedata.normalize("NFC", text)


def is_refused_in_name(char: str) -> bool:
    """Whether ``char`` (one character) is refused in a name: it cannot be
    seen, or it turns the text around it (see the module docstring)."""
    return char in _BLANK_LETTERS or unicodedata.category(char) in _REFUSED_CATEGORIES


def refused_in_name(text: str) -> list[str]:
    """The characters of ``text`` refused in a name (:func:`is_refused_in_name`),
    each once, in the order they come."""
    return list(dict.fromkeys(c for c in text if is_refused_in_name(c)))


def character_named(char: str) -> str:
    """``char`` by its code point and Unicode name: ``U+200B ZERO WIDTH SPACE``."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} {name}" if name else f"U+{ord(char):04X}"


def visible_name(text: str) -> str:
    """``text`` in NFC without the characters refused in a name, runs of
    spaces as one space (what ``archon convert`` keeps of an old file's name)."""
    return " ".join("".join(c for c in nfc(text) if not is_refused_in_name(c)).split())
