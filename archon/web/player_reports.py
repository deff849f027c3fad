"""The console's side of the players' reports (issue 25).

==============================  ======================================================
``POST /api/player-report``     ``{"code", "round", "table", "vps"}`` (``"round": "F", "table": 1``:
                                the final, by its finalists): a player's report, no token: the
                                personal code says who sends it. ``{"ok": true, "state": "pending" |
                                "recorded" | "conflict", "said", "lines", "version"}``; a refusal as every
                                refusal (:mod:`archon.web.answers`); too many wrong codes from one client
                                (counted with check-in's: :func:`archon.web.checkin.guard`): 429
``GET /api/player-reports``     (the organizer's token) ``archon pending --json``'s ``on`` and ``tables``
``POST /api/pending``           (the organizer's token, through the console's writes) ``{"accept": TABLE,
                                "round", "player"}`` or ``{"on": true | false}``
==============================  ======================================================

The player's report is written as the organizer's writes are: the file's
lock, the write lock, the journal (what ``archon undo`` says it takes
back), then every page hears of the new state from one look.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from archon.api import player_reports as twins
from archon.eventday.codes import player_of_code
from archon.eventday.player_reports import WrongCode, table_state
from archon.formats.workbook.readcache import read_event_cached
from archon.rules.model import FINAL
from archon.web.answers import error_body, http_status
from archon.web.checkin import WRONG_CODES_SECONDS, client_of, guard
from archon.web.errors import BadRequest, WorkbookOpen
from archon.web.words import console, shown_lines
from archon.web.judges import PHONE, journaled
from archon.words.message import say

__all__ = ["routes", "do_pending"]

#: The largest report accepted (a code, a round, a table and five VPs fit many times).
MAX_REPORT_BODY = 2048


async def _body(request: Request) -> dict:
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise BadRequest(say("web.json_content_type"), 415)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_REPORT_BODY:
            raise BadRequest(say("web.body_too_big", limit=MAX_REPORT_BODY), 413)
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BadRequest(say("web.not_json", detail=str(exc)[:200])) from None
    if not isinstance(body, dict):
        raise BadRequest(say("web.not_an_object"))
    return body


def _whole(body: dict, key: str, required: bool = True) -> Optional[int]:
    value = body.get(key)
    if value is None or value == "":
        if required:
            raise BadRequest(say("web.field_missing", key=key))
        return None
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) < 7:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(say("web.field_not_whole", key=key, value=json.dumps(value)[:40]))
    return value


def _round(body: dict, required: bool = True) -> "int | str | None":
    """A report's round: a whole number, or ``"F"`` (the final)."""
    value = body.get("round")
    if isinstance(value, str) and value.strip().upper() == FINAL:
        return FINAL
    return _whole(body, "round", required)


def _vps(body: dict) -> list:
    value = body.get("vps")
    if not isinstance(value, list) or not value or len(value) > 10:
        raise BadRequest(say("web.field_not_list", key="vps", limit=10))
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)) or len(str(v)) > 10:
            raise BadRequest(say("web.field_not_numbers", key="vps", value=json.dumps(v)[:40]))
    return value


def _code(body: dict) -> str:
    value = body.get("code")
    if not isinstance(value, str) or not value.strip() or len(value) > 64:
        raise BadRequest(say("web.field_missing", key="code"))
    return value


def routes(language: Callable[[Request], str], authorized: Callable[[Request], bool]) -> list[Route]:
    """The routes of the players' reports; ``language``: a request's
    language, ``authorized``: whether it carries the organizer's token
    (the console's own, given by :mod:`archon.web.app`)."""

    async def report(request: Request) -> Response:
        said = console(language(request))
        wrong, client = guard(request.app), client_of(request)  # one count with check-in's and the decks'
        try:
            if wrong.blocked(client):
                raise BadRequest(say("codes.too_many_tries", seconds=int(WRONG_CODES_SECONDS)), 429)
            body = await _body(request)
            code, round, table, vps = _code(body), _round(body), _whole(body, "table"), _vps(body)
            assert round is not None and table is not None  # required
            book = request.app.state.book
            held = book.held()
            if held is not None:
                raise WorkbookOpen(held)
            done = await run_in_threadpool(_write, book, code, round, table, vps)
        except ClientDisconnect:
            return Response(status_code=400)
        except Exception as exc:  # noqa: BLE001 - every error becomes an answer, never a traceback page
            if isinstance(exc, WrongCode):
                wrong.wrong(client)
            elif not isinstance(exc, BadRequest) and http_status(exc) == 500:
                request.app.state.log_failure(exc)
            request.app.state.live.poke()
            return JSONResponse(error_body(exc, None, said), status_code=http_status(exc))
        rep, look = done
        request.app.state.live.publish(look)
        state = table_state(rep.event, round, table)
        return JSONResponse({"ok": True, "state": state, "said": said.render(say(f"playerreport.answer.{state}")),
                             "lines": shown_lines(rep.lines, said), "version": look.state.version})

    async def listed(request: Request) -> Response:
        said = console(language(request))
        if not authorized(request):
            exc = BadRequest(say("web.token_needed"), 401)
            return JSONResponse(error_body(exc, None, said), status_code=401)
        try:
            found = await run_in_threadpool(twins.pending, request.app.state.book.path)
        except Exception as exc:  # noqa: BLE001
            return JSONResponse(error_body(exc, None, said), status_code=http_status(exc))
        return JSONResponse(found.as_dict(), headers={"Cache-Control": "no-store"})

    return [Route("/api/player-report", report, methods=["POST"]), Route("/api/player-reports", listed)]


def _write(book: Any, code: str, round: "int | str", table: int, vps: list):
    """The report written as the console's writes are: one at a time,
    journaled under the name of the player whose code it is."""
    with book.write_lock, journaled(book.name, PHONE, "player-report", {"round": round, "table": table, "vps": vps},
                                    player=_player_named(book.path, code)):
        rep = twins.report_table(book.path, code, round, table, vps)
    return rep, book.look_now()


def _player_named(path, code: str) -> Optional[str]:
    """The name of the player whose personal code ``code`` is, in the
    workbook as it is (None: no one's; the report then refuses it)."""
    event = read_event_cached(path).event
    number = player_of_code(event, code)
    return event.player(number).name if number is not None else None


def do_pending(path, body: dict, said) -> list[str]:
    """``POST /api/pending`` (one of the console's writes): ``{"accept":
    TABLE, "round", "player"}`` accepts a report, ``{"on": bool}`` switches
    the players' reports."""
    if "on" in body:
        if not isinstance(body["on"], bool):
            raise BadRequest(say("web.field_not_bool", key="on"))
        rep = twins.reporting(path, body["on"])
    else:
        table = _whole(body, "accept")
        assert table is not None  # required
        rep = twins.accept(path, table, round=_round(body, False), player=_whole(body, "player", False))
    return shown_lines(rep.said(), said)
