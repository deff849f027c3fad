"""The event console: ``archon serve FILE``, the event day in a browser.

* :mod:`archon.web.render`: the pages' Jinja2 templates (with the HTML report's tables);
* :mod:`archon.web.workbook`: the served workbook: its version, its lock
  files, the state the pages show;
* :mod:`archon.web.app`: the Starlette application (pages, JSON API,
  server-sent events); every action calls a twin in :mod:`archon.api`;
* :mod:`archon.web.server`: uvicorn, the URLs, the browser.

Each browser reads the pages in its own language (``Accept-Language``, or
the pages' switcher): :func:`archon.web.app.request_language`.

:func:`console_app` builds the application and :func:`serve` (the Python
twin of ``archon serve``) runs it. They live here rather than in
:mod:`archon.api` because the console is a shell over :mod:`archon.api`,
which cannot import it back.
"""

from __future__ import annotations

from typing import Optional

__all__ = ["console_app", "serve", "ConsoleURLs"]


def console_app(path, *, token: Optional[str] = None, watch: bool = True, hosts=None, judges: Optional[dict] = None):
    """The event console for the workbook ``path`` as an ASGI application
    (Starlette; :func:`archon.web.app.create_app`): the organizer's page
    ``/organizer``, the players' page ``/``, and the JSON API every action
    of the page uses (``GET /api/standings``, ``POST /api/result``, ...;
    see :mod:`archon.web.app`). ``token`` is the organizer's secret (random
    when not given; ``app.state.token``): every write needs it. ``hosts``:
    the :class:`archon.web.hosts.Hosts` it answers for (by default 127.0.0.1
    and localhost; a request naming another host is refused). ``judges``:
    each judge's name and own token (``{"Ada": "..."}``, a blank token:
    random); each write is journaled under the name of its sender. Run it
    with any ASGI server, or :func:`serve`."""
    from archon.web.app import create_app

    return create_app(path, token, watch=watch, hosts=hosts, judges=judges)


class ConsoleURLs:
    """Where :func:`serve` listens: ``organizer`` (carries the token),
    ``players``, and ``judges``: each judge's own link (name -> URL)."""

    def __init__(self, organizer: str, players: str, judges: Optional[dict] = None) -> None:
        self.organizer = organizer
        self.players = players
        self.judges = dict(judges or {})


def serve(path, *, port: int = 8000, lan: bool = False, open_browser: bool = True,
          token: Optional[str] = None, on_ready=None, judges=()) -> None:
    """Twin of ``archon serve FILE [--port P] [--lan] [--no-browser] [--judge NAME]...``:
    run the event console until interrupted (Ctrl-C). ``judges``: the names
    of the judges who get a link (a token) of their own.

    Binds 127.0.0.1 (every interface with ``lan``, for the players' page on
    phones; writes still need the token). ``on_ready(urls)`` is called with
    the :class:`ConsoleURLs` once the server listens; the organizer's page
    is opened in the default browser unless ``open_browser`` is false.
    Raises :class:`archon.web.errors.ConsoleError` (exit status 2) when the
    workbook is missing or unreadable, or the port is taken or out of range.
    """
    from archon.web.judges import named
    from archon.web.server import run

    run(console_app(path, token=token, judges=named(judges)), port=port, lan=lan, open_browser=open_browser,
        on_ready=on_ready, urls=ConsoleURLs)
