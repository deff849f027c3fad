"""The event console's templates (``archon/web/templates``), autoescaped; they
also see the report's (``archon/reports/templates``: the tables both share).

Each language has its environment: the templates' labels are translated by
Jinja2's i18n extension (``_()``, ``{% trans %}``) from the language's gettext
catalogue (:func:`archon.words.languages.translations`), and the numbers (a
VP of 2.5, a rating) are written as the language writes them ("2,5").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

import jinja2
from babel.numbers import format_decimal

from archon.reports.render import make_environment
from archon.words.languages import LANGUAGES, SOURCE, decimal, name_of, translations

__all__ = ["render", "environment"]


def _vp(lang: str):
    def num(x: Optional[float]) -> str:
        return "" if x is None else decimal(float(x), lang)
    return num


def _rating(lang: str):
    def rating(x: Optional[float]) -> str:
        if x is None:
            return ""
        return f"{float(x):.2f}" if lang == SOURCE else format_decimal(float(x), format="0.00", locale=lang)
    return rating


@lru_cache(maxsize=None)
def environment(lang: str = SOURCE) -> jinja2.Environment:
    """The console's templates in ``lang`` (one environment per language)."""
    env = make_environment(jinja2.ChoiceLoader([
        jinja2.PackageLoader("archon.web", "templates"),
        jinja2.PackageLoader("archon.reports", "templates"),
    ]))
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
    env.filters.update(num=_vp(lang), rating=_rating(lang))
    env.globals.update(lang=lang, languages=[(code, name_of(code)) for code in LANGUAGES])
    return env


def render(template: str, lang: str = SOURCE, **context: Any) -> str:
    """``template`` rendered with ``context``, in the language ``lang``."""
    return environment(lang).get_template(template).render(**context)
