"""How archon words things for the organizer: a count ("1 player", "2
players"), a seating criterion's figure, and a word of a command to type
(the workbook's name, quoted where a shell needs it: :func:`shell_word`)."""

from __future__ import annotations

import os
import re

__all__ = ["count", "figure", "shell_word"]


def count(n: int, singular: str, plural: str = "") -> str:
    """``n`` and the noun, singular for exactly one: ``count(1, "cell")`` is
    "1 cell", ``count(3, "cell")`` "3 cells"; ``plural`` for nouns that do not
    take an s ("1 property", ``count(2, "property", "properties")``).

    English only: a translated text counts with its language's plural forms,
    a message with the ``{n:count:table|tables}`` spec
    (:mod:`archon.words.render`), a page's label with gettext's ``ngettext``
    (:func:`archon.words.languages.ngettext`)."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


#: Decimals a seating criterion's figure is printed with, wherever it is.
FIGURE_DECIMALS = 4


def figure(value: "float | int") -> str:
    """A seating criterion's figure (a score, a lower bound, a gap) as every
    line prints it: to :data:`FIGURE_DECIMALS` decimals, without trailing
    zeros ("1.1662", "0.12", "0")."""
    if not isinstance(value, float):
        return str(value)
    text = f"{value:.{FIGURE_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_SHELL_SAFE = re.compile(r"[\w@%+=:,./-]+")
# Within double quotes a POSIX shell still reads " $ ` and ! (history), and
# a backslash before one of them, another backslash or the closing quote.
_SPECIAL_IN_DOUBLE_QUOTES = re.compile(r'["$`!]|\\(?=[\\"$`\n]|$)')


def shell_word(text: str, windows: bool = os.name == "nt") -> str:
    """``text`` as one word on a command line, quoted only when a shell
    needs it: ``cup.xlsx`` as it is, ``"my cup.xlsx"`` and
    ``"C:\\Users\\me\\cup.xlsx"`` in double quotes (in a message that
    quotes the command in single quotes too), and on a POSIX shell a name
    holding ``" $ ` !`` in single quotes. On Windows (``windows``), always
    double quotes: cmd.exe knows no other, and a file name holds no ``"``."""
    if text and _SHELL_SAFE.fullmatch(text):
        return text
    if windows or not _SPECIAL_IN_DOUBLE_QUOTES.search(text):
        return f'"{text}"'
    return "'" + text.replace("'", "'\"'\"'") + "'"
