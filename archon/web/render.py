"""The event console's templates (``archon/web/templates``), autoescaped; they
also see the report's (``archon/reports/templates``: the tables both share)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2

from archon.reports.render import make_environment

__all__ = ["render"]


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return make_environment(jinja2.ChoiceLoader([
        jinja2.PackageLoader("archon.web", "templates"),
        jinja2.PackageLoader("archon.reports", "templates"),
    ]))


def render(template: str, **context: Any) -> str:
    """``template`` rendered with ``context``."""
    return _environment().get_template(template).render(**context)
