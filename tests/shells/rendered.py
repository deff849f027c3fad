"""The console's page renderings, counted: the push and stream tests check
that many phones share one rendering of a page per version."""

from __future__ import annotations

__all__ = ["renders_counted"]


def renders_counted(monkeypatch) -> list[str]:
    """The templates the console renders from now on, in order (the
    application's ``render`` wrapped for the test)."""
    from archon.web import app as web_app

    rendered: list[str] = []
    real = web_app.render

    def counted(template, lang, **context):
        rendered.append(template)
        return real(template, lang, **context)

    monkeypatch.setattr(web_app, "render", counted)
    return rendered
