"""A report's words and figures in its reader's language.

The report workbook, the seat list and the HTML report are read by people:
their labels (sheet titles, column headers, charts' titles, "Round 1",
"sits out", the footers) are messages of :mod:`archon.words.catalogue.reports`
rendered in the language asked for, and their figures are written as that
language writes them. In a workbook a VP stays a number: its cell's number
format carries the language's locale id (``[$-410]0.0`` for Italian), which
LibreOffice and Excel show with that locale's decimal comma; a date cell's
format is the language's long form ("5 dicembre 2026").
"""

from __future__ import annotations

import re

from archon.words.choose import UnknownLanguage
from archon.words.languages import SOURCE, supported
from archon.words.message import Message, say
from archon.words.render import Renderer

__all__ = ["Labels", "LOCALE_IDS", "report_language"]

#: Each language's Windows locale id (LCID), as a number format names it.
LOCALE_IDS = {"fr": "40C", "es": "C0A", "it": "410", "pt": "816", "de": "407", "pl": "415", "cs": "405"}

#: A long date as English reports have always written it.
_ENGLISH_DATE = "yyyy-mm-dd"
_DATE_PART = re.compile(r"'([^']*)'|(y+|M+|d+)|(.)")


def report_language(lang: "str | None") -> str:
    """The language a report is made in: ``lang``'s (``"it"``, ``"pt_BR"``...),
    English for None; :class:`archon.words.choose.UnknownLanguage` for a
    language archon does not speak."""
    if not lang:
        return SOURCE
    found = supported(lang)
    if found is None:
        raise UnknownLanguage(lang)
    return found


def _excel_date_format(lang: str) -> str:
    """The language's long date (CLDR: ``d 'de' MMMM 'de' y``) as a number
    format (``d "de" mmmm "de" yyyy``)."""
    from babel.dates import get_date_format

    parts = []
    for quoted, field, other in _DATE_PART.findall(get_date_format("long", locale=lang).pattern):
        if field:
            parts.append({"y": "yyyy", "M": "mmmm" if len(field) >= 3 else "m", "d": "d"}[field[0]])
        elif quoted or other.isalpha():
            parts.append(f'"{quoted or other}"')
        else:
            parts.append(other)
    return "".join(parts)


class Labels(Renderer):
    """A report's words in one language: ``labels(say("report.col_rank"))``
    is "Rank", "Pos.", "Pozycja"..."""

    def __init__(self, lang: "str | None" = SOURCE) -> None:
        super().__init__(report_language(lang))

    def __call__(self, message: Message) -> str:
        return self.render(message)

    def number_format(self, fmt: str) -> str:
        """The number format ``fmt`` (``0.0``) shown in this language's way:
        with its locale id, so that 2.5 shows "2,5" where the language writes it so."""
        lcid = LOCALE_IDS.get(self.language)
        return fmt if lcid is None else f"[$-{lcid}]{fmt}"

    def date_format(self) -> str:
        """A date cell's number format: the language's long form (English: 2026-12-05)."""
        if self.language == SOURCE:
            return _ENGLISH_DATE
        return self.number_format(_excel_date_format(self.language))

    def title(self, data: dict, what: str) -> str:
        """``Winter Cup — Standings``: the title printed at the top of a sheet's pages."""
        return self(say("report.page_title", event=self.event_name(data), what=what))

    def event_name(self, data: dict) -> str:
        """The event's name ("Event" in the language for one with none)."""
        return data["event"].get("name") or self(say("report.untitled"))

    def table_status(self, status: "str | None") -> str:
        """A table's status (complete, pending, invalid, overridden) as a word of the language."""
        words = {
            "complete": say("report.status_complete"), "pending": say("report.status_pending"),
            "invalid": say("report.status_invalid"), "overridden": say("report.status_overridden"),
        }
        return self(words[status]) if status in words else (status or "")

    def player_status(self, status: "str | None") -> str:
        """A player's status ("playing", "out (WD)") as the language says it."""
        if status == "playing":
            return self(say("report.status_playing"))
        if status and status.startswith("out (") and status.endswith(")"):
            flag = status[5:-1]
            return self(say("report.status_out", flag=self(say("report.flag_wd")) if flag == "WD" else flag))
        return status or ""
