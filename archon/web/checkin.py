"""The console's check-in (issue 25): the organizer's section, the players'
phone check-in, the QR code, and the alerts of a player claimed twice.

=============================  ================================================================
``POST /api/checkin``          ``{"player", "undo": false}`` or ``{"all": true}``: ``archon checkin`` (token)
``POST /api/codes``            ``{"reissue": player}``, or ``{}`` (the codes made): ``archon codes`` (token)
``POST /api/checkin/phone``    ``{"name", "code"}``: a player checks in from their phone (no token:
                               the event's check-in code, or their personal code); answers
                               ``{"ok": true, "player": name, "code": their personal code, "lines"}``
``GET /api/checkin/alerts``    the players whose phone claim came twice, newest first (token): kept
                               with the event (its custom properties) until dismissed
``POST /api/checkin-alerts``   ``{"player": N}`` or ``{}`` (all): the organizer dismisses alerts (token)
``GET /checkin/qr.svg``        the QR code of the players' page with the check-in code (token)
``GET /download/code-slips.xlsx``  one slip per player with their personal code, in the page's language
                               (``?lang=xx``): ``archon codes --print``'s twin (token; codes a player
                               lacks are made first, journaled as the console's writes are)
=============================  ================================================================

Wrong codes from a phone (here, and the players' deck form:
:mod:`archon.web.decks`, through :func:`guard`) are counted per client: past :data:`WRONG_CODES`
in :data:`WRONG_CODES_SECONDS`, that client is answered 429 until the
minute has passed, before any code is compared. Personal codes are in the
organizer's section only: never on the players' page, a seat list, a
report or the standings.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any, Optional

from archon.eventday import checkin as rules
from archon.web.answers import error_body, http_status
from archon.web.errors import BadRequest
from archon.web.fields import field
from archon.web.judges import PHONE, journaled, judge_of
from archon.web.words import ConsoleRenderer, console, shown_lines
from archon.words.message import say

__all__ = ["WRONG_CODES", "WRONG_CODES_SECONDS", "do_checkin", "do_codes", "do_dismiss_alerts",
           "routes", "Guard", "guard", "client_of"]

#: Wrong codes a client may type in :data:`WRONG_CODES_SECONDS` before it must wait.
WRONG_CODES = 5
WRONG_CODES_SECONDS = 60.0
#: The longest name or code a phone may send.
_MAX_TYPED = 200


def _text(body: dict, key: str, *, required: bool = False) -> Optional[str]:
    return field(body, key, str, required=required, limit=_MAX_TYPED)


def _flag(body: dict, key: str) -> bool:
    return field(body, key, bool, default=False)


def do_checkin(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """``POST /api/checkin``: the twin of ``archon checkin`` (:func:`archon.api.checkin`)."""
    from archon import api

    everyone = _flag(body, "all")
    player = None if everyone else _text(body, "player", required=True)
    return shown_lines(api.checkin(path, player, undo=_flag(body, "undo"), all=everyone).said(), said)


def do_codes(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """``POST /api/codes``: the twin of ``archon codes`` (:func:`archon.api.codes`)."""
    from archon import api

    return shown_lines(api.codes(path, reissue=_text(body, "reissue")).said(), said)


def do_dismiss_alerts(path, body: dict, said: ConsoleRenderer) -> list[str]:
    """``POST /api/checkin-alerts``: the organizer dismisses the claimed-twice
    alerts of ``player`` (a number), or every alert (no ``player``)."""
    from archon.api.checkins import dismiss_alerts

    player = _text(body, "player")
    if player is not None and not player.strip().isdecimal():
        raise BadRequest(say("web.field_not_whole", key="player", value=player[:40]))
    return shown_lines(dismiss_alerts(path, None if player is None else int(player)).said(), said)


class Guard:
    """The wrong codes each client typed lately (kept in memory while the
    console runs): one count for every form a code is typed in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wrong: dict[str, deque] = {}

    def blocked(self, client: str, now: Optional[float] = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._wrong.get(client)
            while times and now - times[0] > WRONG_CODES_SECONDS:
                times.popleft()
            return times is not None and len(times) >= WRONG_CODES

    def wrong(self, client: str, now: Optional[float] = None) -> None:
        with self._lock:
            if len(self._wrong) > 10000:  # a flood of clients: the oldest are forgotten
                self._wrong.clear()
            self._wrong.setdefault(client, deque()).append(time.monotonic() if now is None else now)


def guard(app) -> Guard:
    """The console's one count of wrong codes (check-in, decks)."""
    kept = getattr(app.state, "checkin_guard", None)
    if kept is None:
        kept = app.state.checkin_guard = Guard()
    return kept


def client_of(request) -> str:
    """Whom wrong codes are counted for: the client's address."""
    return request.client.host if request.client else "?"


def _journaled(book, action: str, player: int):
    """The console's journal text of a phone's write: the action and the
    player, never a code (what ``archon undo`` says it takes back)."""
    return journaled(book.name, PHONE, action, {"player": player})


def _language(request) -> ConsoleRenderer:
    """The console's renderer in the language of the browser that sent ``request``
    (the application's ``state.language_of``: :func:`archon.web.app.request_language`)."""
    return console(request.app.state.language_of(request))


def _authorized(request) -> bool:
    """Whether ``request`` carries the organizer's token (the application's ``state.authorized``)."""
    return bool(request.app.state.authorized(request))


def _answer(request, exc: BaseException, status: Optional[int] = None):
    from starlette.responses import JSONResponse


    return JSONResponse(error_body(exc, None, _language(request)), status_code=status or http_status(exc))


async def phone_checkin(request):
    """``POST /api/checkin/phone``: a player checks in from their phone."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    from archon import api
    from archon.web.errors import WorkbookOpen

    wrong = guard(request.app)
    client = client_of(request)
    said = _language(request)
    if wrong.blocked(client):
        return _answer(request, BadRequest(say("web.checkin.wait", seconds=int(WRONG_CODES_SECONDS)), 429))
    try:
        body = await request.json()
    except Exception:  # noqa: BLE001 - any body that is not JSON
        return _answer(request, BadRequest(say("web.not_an_object")))
    if not isinstance(body, dict):
        return _answer(request, BadRequest(say("web.not_an_object")))
    book = request.app.state.book
    try:
        name, code = _text(body, "name") or "", _text(body, "code", required=True) or ""
        held = book.held()
        if held is not None:
            raise WorkbookOpen(held)

        def run():
            with book.write_lock:
                rep = api.phone_checkin(book.path, name, code)
            return rep, book.look_now()

        rep, look = await run_in_threadpool(run)
    except rules.WrongCode as exc:
        wrong.wrong(client)
        return _answer(request, exc, 403)
    except rules.AlreadyClaimed as exc:
        await run_in_threadpool(_keep_alert, request.app, exc.player.number)
        return _answer(request, exc)
    except Exception as exc:  # noqa: BLE001 - every refusal is an answer, never a traceback
        if http_status(exc) == 500:
            raise
        return _answer(request, exc)
    request.app.state.live.publish(look)
    player = rep.player
    return JSONResponse({"ok": True, "player": player.name, "number": player.number,
                         "code": rep.event.codes.get(player.number), "lines": shown_lines(rep.lines, said)},
                        headers={"Cache-Control": "no-store"})


def _keep_alert(app, player: int) -> None:
    """Keep the alert with the event (its lock, journal and undo); every page
    hears of it. Not kept (the file held, unwritable): the phone's refusal
    is answered all the same, and the failure logged."""
    from archon.api.checkins import claim_alert

    book = app.state.book
    try:
        if book.held() is not None:
            return
        with book.write_lock, _journaled(book, "checkin-alert", player):
            claim_alert(book.path, player)
        app.state.live.publish(book.look_now())
    except Exception as exc:  # noqa: BLE001 - the phone is answered its refusal whatever happens here
        app.state.log_failure(exc)


async def alerts(request):
    """``GET /api/checkin/alerts``: the players claimed twice, newest first,
    kept with the event until dismissed (the organizer's)."""
    from starlette.responses import JSONResponse

    if not _authorized(request):
        return _answer(request, BadRequest(say("web.token_needed"), 401))
    state = (await request.app.state.live.fresh()).state
    return JSONResponse({"alerts": (state.checkin or {}).get("alerts", [])}, headers={"Cache-Control": "no-store"})


def players_address(request, code: Optional[str] = None) -> str:
    """The players' page as a phone reaches it (this machine's network
    address when the console serves the network and the organizer's page
    was opened as 127.0.0.1), with ``?checkin=CODE``."""
    from archon.web.hosts import LOCAL_NAMES
    from archon.web.server import lan_address

    host, port = request.url.hostname or "127.0.0.1", request.url.port
    served: Any = getattr(request.app.state, "hosts", None)
    if host in LOCAL_NAMES and served is not None and served.names - set(LOCAL_NAMES):
        host = lan_address()
    where = f"{host}:{port}" if port else host
    return f"http://{where}/" + (f"?checkin={code}" if code else "")


async def qr_code(request):
    """``GET /checkin/qr.svg``: the QR code of the players' page with the
    event's check-in code (the organizer's; the projector's view makes its own)."""
    from starlette.responses import PlainTextResponse

    if not _authorized(request):
        return PlainTextResponse(_language(request).render(say("web.token_needed")), 401)
    state = (await request.app.state.live.fresh()).state
    return await _qr_of(request, (state.checkin or {}).get("checkin_code"))


async def _qr_of(request, code: Optional[str]):
    """The SVG answer: the QR code of the players' page with ``code``."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response

    from archon.web.qr import svg

    image = await run_in_threadpool(svg, players_address(request, code))
    return Response(image, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def screen_qr_code(request):
    """``GET /screen/checkin.svg``: the projector view's QR code of the
    players' page with the event's check-in code, while the check-in is
    open (the code is shown to the room there); 404 otherwise."""
    from starlette.responses import Response

    state = (await request.app.state.live.fresh()).state
    code = (state.checkin or {}).get("checkin_code") if (state.checkin or {}).get("open") else None
    if not code:
        return Response(status_code=404, headers={"Cache-Control": "no-store"})
    return await _qr_of(request, code)


async def code_slips(request):
    """``GET /download/code-slips.xlsx``: the slips of ``archon codes --print``
    (:func:`archon.api.checkins.print_codes`) in the page's language (the organizer's)."""
    import tempfile
    from pathlib import Path

    from starlette.background import BackgroundTask
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import FileResponse

    from archon.api.checkins import print_codes
    from archon.web.errors import WorkbookOpen

    if not _authorized(request):
        return _answer(request, BadRequest(say("web.token_needed"), 401))
    book = request.app.state.book
    lang = request.app.state.language_of(request)
    address = players_address(request)
    who = judge_of(request)
    tmp = tempfile.TemporaryDirectory(prefix="archon-console-")
    out = Path(tmp.name) / "slips.xlsx"

    def run():
        with book.write_lock, journaled(book.name, who, "codes", {}):
            rep = print_codes(book.path, out, lang=lang, address=address)
        return rep, book.look_now()

    try:
        held = book.held()
        if held is not None:
            raise WorkbookOpen(held)
        rep, look = await run_in_threadpool(run)
    except Exception as exc:  # noqa: BLE001 - every refusal is an answer, never a traceback
        tmp.cleanup()
        if http_status(exc) == 500:
            request.app.state.log_failure(exc)
        return _answer(request, exc)
    if rep.changed:
        request.app.state.live.publish(look)
    return FileResponse(out, filename=f"{book.path.stem}-code-slips.xlsx", background=BackgroundTask(tmp.cleanup),
                        headers={"Cache-Control": "no-store"})


def routes() -> list:
    """The check-in's routes, before the console's ``/api/{action}``."""
    from starlette.routing import Route

    return [Route("/api/checkin/phone", phone_checkin, methods=["POST"]),
            Route("/api/checkin/alerts", alerts),
            Route("/checkin/qr.svg", qr_code),
            Route("/screen/checkin.svg", screen_qr_code),
            Route("/download/code-slips.xlsx", code_slips)]
