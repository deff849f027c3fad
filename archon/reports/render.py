"""Jinja2 templates for the HTML pages archon makes: the HTML report
(``archon report --html``, ``archon/reports/templates``) and, through
:func:`make_environment`, the event console's pages (:mod:`archon.web.render`),
which share the report's tables.

Autoescaping on everywhere: a name or a reason typed by anyone is text on
every page. The filters format numbers the way the reports do and
never compute a score: every number comes from the standings contract
(:func:`archon.formats.serialize.standings_to_dict`).
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from typing import Any, Optional

import jinja2

from archon.words.languages import SOURCE, date_text, decimal, translations

__all__ = ["render", "environment", "make_environment", "results_context", "long_date"]

_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)


def num(x: Optional[float]) -> str:
    """2.0 -> '2', 2.5 -> '2.5', None -> ''."""
    return "" if x is None else f"{float(x):g}"


def rating(x: Optional[float]) -> str:
    return "" if x is None else f"{float(x):.2f}"


def long_date(iso: Optional[str], lang: str = SOURCE) -> str:
    """'2026-12-05' -> '5 December 2026', '5 décembre 2026' in French (text
    that is not a date as it is)."""
    if not iso:
        return ""
    try:
        d = _dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    if lang != SOURCE:
        return date_text(d, lang)
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def blank(x: Any) -> Any:
    """None -> '' (a cell left empty)."""
    return "" if x is None else x


def results_context(data: dict, untitled: str) -> dict[str, Any]:
    """What the shared results macros (``_results.html``) are given, from the
    standings contract ``data``: the HTML report and the console's pages both
    use it. ``untitled``: the title of an event with no name."""
    from archon.rules.editions import EDITIONS
    from archon.reports.data import players_by_number, winner_of

    ev = data["event"]
    ed = EDITIONS.get(ev.get("edition") or "")
    return {
        "data": data,
        "title": ev.get("name") or untitled,
        "by_number": players_by_number(data),
        "winner": winner_of(data),
        "game_wins": ed.game_wins if ed else True,
        "rounds": [r for r in data.get("rounds") or [] if r.get("tables")],
    }


def make_environment(loader: jinja2.BaseLoader) -> jinja2.Environment:
    """An autoescaping environment over ``loader`` with the report's filters
    and Jinja2's i18n extension (English: null translations)."""
    from archon import __version__
    from archon.reports.data import display_name

    env = jinja2.Environment(
        loader=loader,
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # the labels are marked for translation (_(), {% trans %}); English until
    # a shell installs a language's catalogue (archon.web.render)
    env.policies["ext.i18n.trimmed"] = True
    env.install_null_translations(newstyle=True)
    env.filters.update(num=num, rating=rating, long_date=long_date, blank=blank)
    env.globals["display_name"] = display_name
    env.globals["archon_version"] = __version__
    return env


def _filters(lang: str) -> dict[str, Any]:
    """The number and date filters of a page in ``lang``: a VP of 2.5 reads "2,5" in French."""
    from babel.numbers import format_decimal

    def vp(x: Optional[float]) -> str:
        return "" if x is None else decimal(float(x), lang)

    def points(x: Optional[float]) -> str:
        return "" if x is None else format_decimal(float(x), format="0.00", locale=lang)

    return {"num": vp, "rating": points, "long_date": lambda iso: long_date(iso, lang)}


@lru_cache(maxsize=None)
def environment(lang: str = SOURCE) -> jinja2.Environment:
    """The report's templates (``archon/reports/templates``) in ``lang``
    (one environment per language): their labels from the language's
    catalogue, their figures and dates written as it writes them."""
    env = make_environment(jinja2.PackageLoader("archon.reports", "templates"))
    if lang != SOURCE:
        env.install_gettext_translations(translations(lang), newstyle=True)
        env.filters.update(_filters(lang))
    env.globals["lang"] = lang
    return env


def render(template: str, lang: str = SOURCE, **context: Any) -> str:
    """``template`` (a file in ``archon/reports/templates``) rendered with ``context`` in ``lang``."""
    return environment(lang).get_template(template).render(**context)
