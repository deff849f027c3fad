"""The console's deck lists: the organizer's section (each player's counts
and problems, a deck entered or replaced by paste or file, unlock) and the
players' form (a deck handed in with the player's personal code).

Writes go through the twin :func:`archon.api.deck` (the same lock, backup,
journal and undo as every change): the organizer's as ``POST /api/deck``
(:data:`archon.web.app.WRITES`), the players' as ``POST /deck/submit``, which
finds the player by their code (:func:`archon.eventday.codes.player_of_code`),
counts a wrong code as check-in does (:func:`archon.web.checkin.guard`: the
same count, so a phone cannot try codes on both forms), and takes no deck
once round 1 has started. The journal (what ``archon undo`` says it takes
back) names the player, never their code nor the deck's text. ``app.py``
passes its checks in (:func:`deck_routes`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable, Optional

from archon.api.deck_lists import deck, decks, export_decks
from archon.eventday.codes import player_of_code
from archon.eventday.decks import round_one_started
from archon.formats.decklists import MAX_DECK_TEXT
from archon.formats.workbook import read_event
from archon.web.checkin import WRONG_CODES_SECONDS, client_of, guard
from archon.web.errors import BadRequest
from archon.web.fields import field
from archon.web.words import ConsoleRenderer, console, shown_lines
from archon.web.judges import PHONE, journaled
from archon.words.message import say

__all__ = ["do_deck", "deck_rows", "deck_routes", "zipped_decks", "WrongDeckCode"]

_MAX_CODE = 40


def _text(body: dict, key: str, limit: int, required: bool = False) -> Optional[str]:
    return field(body, key, str, required=required, limit=limit)


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


class WrongDeckCode(BadRequest):
    """A personal code no player has, typed on the players' deck form (counted per client)."""


def _submitted(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """A player's deck handed in from the players' page with their code."""
    code = _text(body, "code", _MAX_CODE, required=True) or ""
    text = _text(body, "text", MAX_DECK_TEXT, required=True)
    read = read_event(path)
    number = player_of_code(read.event, code)
    if number is None:
        raise WrongDeckCode(say("decks.code_unknown"), 403)
    if round_one_started(read.event, read.chart_rounds):
        raise BadRequest(say("decks.closed_for_players"), 409)
    with journaled(Path(path).name, PHONE, "deck", {"player": number}):  # the player, not their code nor their deck
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
        wrong, client = guard(request.app), client_of(request)
        if wrong.blocked(client):
            return error(request, BadRequest(say("codes.too_many_tries", seconds=int(WRONG_CODES_SECONDS)), 429))

        def counted(path, body, said):
            try:
                return _submitted(path, body, said)
            except WrongDeckCode:
                wrong.wrong(client)
                raise

        return await run_write(request, "deck", counted)

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
