"""The console's deck lists: the organizer's section (each player's counts
and problems, a deck entered or replaced by paste or file, unlock) and the
players' form (a deck handed in with the player's personal code).

Writes go through the twin :func:`archon.api.deck` (the same lock, backup,
journal and undo as every change): the organizer's as ``POST /api/deck``
(:data:`archon.web.app.WRITES`), the players' as ``POST /deck/submit``, which
finds the player by their code (:func:`player_of_code`) and takes no deck once
round 1 has started. ``app.py`` passes its checks in (:func:`deck_routes`).
"""

from __future__ import annotations

import importlib
import tempfile
from pathlib import Path
from typing import Any, Callable, Optional

from archon.api.deck_lists import deck, decks, export_decks
from archon.eventday.decks import round_one_started
from archon.formats.decklists import MAX_DECK_TEXT
from archon.formats.workbook import read_event
from archon.rules.model import Event
from archon.web.errors import BadRequest
from archon.web.words import ConsoleRenderer, console, shown_lines
from archon.words.message import say

__all__ = ["do_deck", "deck_rows", "player_of_code", "deck_routes", "zipped_decks"]

_MAX_CODE = 40


def _text(body: dict, key: str, limit: int, required: bool = False) -> Optional[str]:
    value = body.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise BadRequest(say("web.field_missing", key=key))
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise BadRequest(say("web.field_not_text", key=key))
    if len(value) > limit:
        raise BadRequest(say("web.field_too_long", key=key, length=len(value), limit=limit))
    return value


def do_deck(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """``POST /api/deck``: ``player``, ``text`` (the deck list pasted or read
    from a file by the page), ``unlock`` (true: the head judge unlocks it)."""
    unlock = body.get("unlock") is True or body.get("unlock") == "true"
    rep = deck(path, _text(body, "player", 200, required=True), _text(body, "text", MAX_DECK_TEXT),
               unlock=unlock, dry_run=body.get("dry_run") is True)
    return shown_lines(rep.said(), said)


def deck_rows(path, said: ConsoleRenderer) -> list[dict[str, Any]]:
    """Each player's row of the organizer's section, its problems as the console says them."""
    return [{**row, "problems": [said.render(m) for m in row["problems"]]} for row in decks(path)]


def player_of_code(event: Event, code: str) -> Optional[int]:
    """The player whose personal code is ``code``, or None: what
    ``archon.eventday.codes.player_of_code`` (check-in's personal codes) says,
    once it is there; until then no code is known."""
    try:
        codes = importlib.import_module("archon.eventday.codes")
    except ImportError:
        return None
    found = codes.player_of_code(event, code)
    return getattr(found, "number", found)


def _submitted(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """A player's deck handed in from the players' page with their code."""
    code = _text(body, "code", _MAX_CODE, required=True) or ""
    text = _text(body, "text", MAX_DECK_TEXT, required=True)
    read = read_event(path)
    number = player_of_code(read.event, code.strip())
    if number is None:
        raise BadRequest(say("decks.code_unknown"), 403)
    if round_one_started(read.event, read.chart_rounds):
        raise BadRequest(say("decks.closed_for_players"), 409)
    return shown_lines(deck(path, number, text).said(), said)


def deck_routes(*, authorized: Callable, denied: Callable, error: Callable, language: Callable,
                run_write: Callable) -> list:
    """The routes of the deck lists: ``GET /fragment/decks`` (the organizer's
    section) and ``POST /deck/submit`` (the players' form). ``app.py`` gives
    its own checks: ``authorized(request)``, ``denied(request)``,
    ``error(request, exc)``, ``language(request)`` and
    ``run_write(request, name, work)`` (a write under the workbook's lock, the
    pages told of it)."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse, Response
    from starlette.routing import Route

    from archon.web.render import render

    async def fragment(request):
        if not authorized(request):
            return denied(request)
        lang = language(request)
        try:
            rows = await run_in_threadpool(deck_rows, request.app.state.book.path, console(lang))
        except Exception as exc:  # noqa: BLE001 - an answer, never a traceback page
            return error(request, exc)
        return HTMLResponse(render("_decks_list.html", lang, rows=rows), headers={"Cache-Control": "no-store"})

    async def submit(request):
        return await run_write(request, "deck", _submitted)

    async def download(request):
        if not authorized(request):
            return denied(request)
        try:
            data = await run_in_threadpool(zipped_decks, request.app.state.book.path)
        except Exception as exc:  # noqa: BLE001
            return error(request, exc)
        return Response(data, media_type="application/zip", headers={
            "Content-Disposition": 'attachment; filename="decks.zip"', "Cache-Control": "no-store"})

    return [Route("/fragment/decks", fragment), Route("/deck/submit", submit, methods=["POST"]),
            Route("/download/decks.zip", download)]


def zipped_decks(path) -> bytes:
    """Every recorded deck list in one .zip (:func:`archon.api.export_decks`), as bytes."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "decks.zip"
        export_decks(path, out)
        return out.read_bytes()
