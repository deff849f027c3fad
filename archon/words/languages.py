"""The languages archon speaks, and how each one words numbers, dates and lists.

A language is a folder of ``archon/words/locale`` (``fr``, ``pl``...)
holding its gettext catalogue, ``LC_MESSAGES/archon.po`` and the compiled
``archon.mo`` (``docs/translating.md`` says how to add one). English is the
source: every message's English text is in :mod:`archon.words.catalogue`,
every page's label in its template; a translation looks a message up with
``msgctxt`` = its id and ``msgid`` = its English text.

* :func:`supported`: the language a code names (``pt_BR.UTF-8`` is ``pt``);
* :func:`translations`: a language's gettext catalogue (what the pages'
  templates use); :func:`plural_index` its plural rule (Polish and Czech
  have three forms);
* :func:`decimal`, :func:`date_text`, :func:`and_list`: a VP, a date, a list
  of names, as the language writes them (Babel, on the CLDR's data).

Babel loads its locale data on first use: English needs none of it, so it is
imported inside the functions that use it, like the heavy libraries.
"""

from __future__ import annotations

import datetime as dt
import gettext
import re
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

__all__ = ["SOURCE", "LOCALE_DIR", "DOMAIN", "LANGUAGES", "available", "supported", "name_of", "translations", "plural_index", "nplurals", "pgettext",
           "ngettext", "decimal", "date_text", "and_list"]

#: The language of the catalogue's texts and the templates' labels.
SOURCE = "en"
#: Where the languages' folders are.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The gettext domain: ``<lang>/LC_MESSAGES/archon.mo``.
DOMAIN = "archon"

_TAG = re.compile(r"[A-Za-z]{2,3}")


def available() -> tuple[str, ...]:
    """Every language with a compiled catalogue, English first, then by code."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return (SOURCE, *sorted(found - {SOURCE}))


#: The languages archon speaks (:func:`available` when archon was imported).
LANGUAGES: tuple[str, ...] = available()


def supported(code: Optional[str], languages: Sequence[str] = LANGUAGES) -> Optional[str]:
    """The language of ``code`` among ``languages``, else ``None``: a code as
    the system, a browser or an organizer writes it (``pt_BR.UTF-8``,
    ``pt-BR``, ``PL``, ``cs_CZ@euro``) names its language by its first part;
    ``C`` and ``POSIX`` name none."""
    if not code:
        return None
    first = re.split(r"[-_.@]", code.strip(), maxsplit=1)[0].lower()
    if not _TAG.fullmatch(first):
        return None
    return first if first in languages else None


def name_of(lang: str) -> str:
    """The language's name in itself: "Français", "Polski", "Čeština"."""
    from babel import Locale

    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s compiled catalogue (``NullTranslations``, which says every
    text in English, when there is none)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def plural_index(lang: str, n: int) -> int:
    """Which of ``lang``'s plural forms a count of ``n`` takes (the catalogue's
    ``Plural-Forms``: Polish 1 stół, 2 stoły, 5 stołów are forms 0, 1, 2)."""
    rule = getattr(translations(lang), "plural", None)
    return int(rule(n)) if rule is not None else (0 if n == 1 else 1)


def nplurals(lang: str) -> int:
    """How many plural forms ``lang`` has (English 2, Polish 3)."""
    header = (translations(lang).info() or {}).get("plural-forms", "")
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    return int(found.group(1)) if found else 2


def pgettext(lang: str, context: str, message: str) -> str:
    """``message`` (English) in ``lang``, looked up under ``context``; the
    English itself when the catalogue lacks it."""
    return translations(lang).pgettext(context, message)


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    """The English ``singular`` or ``plural`` in ``lang``, in the form its
    plural rule gives ``n`` (gettext's ``ngettext``)."""
    return translations(lang).ngettext(singular, plural, n)


def decimal(value: float, lang: str = SOURCE) -> str:
    """A VP, a rating, a figure as ``lang`` writes it: "2.5" in English,
    "2,5" in French, Spanish, Italian, Portuguese, German, Polish, Czech;
    no trailing zeros ("2"), no grouping."""
    if lang == SOURCE:
        return f"{value:g}"
    from babel.numbers import format_decimal

    return format_decimal(value, format="0.######", locale=lang)


def date_text(value: dt.date, lang: str = SOURCE, form: str = "long") -> str:
    """A date in ``lang``'s own form ("5 décembre 2026", "5. prosince 2026");
    English keeps the ISO form archon has always printed (2026-12-05)."""
    if lang == SOURCE:
        return value.isoformat()
    from babel.dates import format_date

    return format_date(value, form, locale=lang)


def and_list(items: Sequence[str], lang: str = SOURCE) -> str:
    """"a, b and c" as ``lang`` joins a list ("a, b et c", "a, b i c")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if lang == SOURCE:
        return ", ".join(items[:-1]) + " and " + items[-1]
    from babel.lists import format_list

    return format_list(items, locale=lang)
