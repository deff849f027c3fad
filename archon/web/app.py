"""The event console's web application (Starlette): pages, JSON API, live updates.

Routes (the JSON API is documented in the README, section *The event console*):

=========================  ==========================================================
``GET /``                  the players' page (read only: tables, standings, final)
``GET /organizer``         the organizer's page (``?token=...`` once: sets a cookie)
``GET /fragment/...``      the live part of each page, re-read when the file changes
``GET /api/events``        server-sent events: ``state`` with the new key on every change
``GET /api/state``         ``{"version", "key", "open_in", "error"}``
``GET /api/standings``     the ``archon standings --json`` contract (``warnings``: with the token only)
``GET /api/check``         ``archon check``'s problems (``where``, ``severity``, ...)
``GET /api/score``         ``?vps=3,0,,1`` (or ``2,5;0;0;0,5``): one table's verdict as typed (``archon score``)
``GET /api/archondata``    ``archon report --archondata``; ``/api/twd``: ``--twd``
``GET /download/...``      ``report.xlsx``, ``report.html`` (with the token: they list the judges' warnings), ``round-N.xlsx``
``POST /api/register``     ``{"name", "vekn", "city"}``
``POST /api/drop``         ``{"player", "reason": "WD", "undo": false}``
``POST /api/result``       ``{"round", "table", "vps", "override", "replace"}`` or ``{"final": true, "vps"}``
``POST /api/seat``         ``{"round", "seed", "force": false}``
``POST /api/toss``         ``{"seed"}``
``POST /api/finals``       ``{"seating": [17, 4, 9, 1, 12]}`` or ``{"none": true}``
``POST /api/undo``         ``{"force": false}``: ``archon undo``
=========================  ==========================================================

Every POST needs the organizer's token (``Authorization: Bearer TOKEN`` or
the organizer page's cookie), a JSON object body of at most
:data:`MAX_BODY` bytes, and may carry ``"version"``: the workbook version
the page read (refused with 409 when the file changed since). Answers:
``{"ok": true, "lines": [...], "version"}`` with the lines the command line
prints, or ``{"ok": false, "error": "...", "exit_status": N}`` with the
HTTP status of :func:`http_status` (and ``"force": true`` when the same
request with ``"force": true`` would be done, as ``--force`` does: the
error says what it would clear).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import tempfile
from pathlib import Path
from typing import Any, Callable, Optional

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse,
                                 Response, StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from archon import __version__
from archon import api
from archon.eventday import ForceNeeded
from archon.exits import ExitStatus, status_of
from archon.rules.typed import is_whole_number_text
from archon.web.render import render
from archon.web.workbook import ServedWorkbook, StaleVersion

__all__ = ["create_app", "http_status", "MAX_BODY", "MAX_TEXT", "COOKIE"]

#: The largest request body accepted (a whole players list fits many times).
MAX_BODY = 64 * 1024
#: The longest text a field may hold (a name, a city, a judge's reason).
MAX_TEXT = 1000
#: The organizer's session cookie.
COOKIE = "archon_organizer"
#: How often a page's event stream re-checks the file when the watcher is silent.
POLL_SECONDS = 0.5


class BadRequest(ValueError):
    """A request the console cannot use (HTTP 4xx with this message): wrong
    usage, exit status 2 in the answer, as on the command line."""

    exit_status = ExitStatus.UNREADABLE

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def http_status(exc: BaseException) -> int:
    """The HTTP status of an error from a twin: its exit status
    (:mod:`archon.exits`) says which. 1 (refused by the rules) -> 409,
    2 (bad input) -> 400, 3 (the workbook cannot be written now: open in a
    spreadsheet or held by another archon command) -> 423, a workbook that
    changed since the page (or the twin) read it -> 409, anything else (a
    bug) -> 500."""
    from archon.formats.workbook.safety import WorkbookChangedError

    if isinstance(exc, BadRequest):
        return exc.status
    if isinstance(exc, (StaleVersion, WorkbookChangedError)):
        return 409
    status = status_of(exc, ExitStatus.INTERNAL)
    return {ExitStatus.PROBLEMS: 409, ExitStatus.UNREADABLE: 400, ExitStatus.NOT_WRITTEN: 423}.get(status, 500)


def _error(request: Request, exc: BaseException) -> JSONResponse:
    """The error's answer, for every endpoint: the served workbook is named
    as typed in the commands the message tells the organizer to type
    ("archon drop FILE 24" says "archon drop cup.xlsx 24")."""
    from archon.words.wording import naming_workbook

    code = http_status(exc)
    message = str(exc) if code != 500 else (
        f"archon failed ({type(exc).__name__}: {exc}); nothing was written. Please report it.")
    message = naming_workbook(message, request.app.state.book.name)
    body = {"ok": False, "error": message, "exit_status": int(status_of(exc, ExitStatus.INTERNAL))}
    if isinstance(exc, ForceNeeded):
        body["force"] = True  # sent again with "force": true, it is done (the message says what it clears)
    if code == 409 and status_of(exc, ExitStatus.INTERNAL) == ExitStatus.NOT_WRITTEN:
        body["reload"] = True  # the file changed: the page shows the new state
    return JSONResponse(body, status_code=code)


# ---------------------------------------------------------------------------
# Changes: the file watcher and the pages' event streams


class Changes:
    """Wakes every event stream when the workbook may have changed."""

    def __init__(self) -> None:
        self._event: Optional[asyncio.Event] = None

    def _current(self) -> asyncio.Event:
        if self._event is None:
            self._event = asyncio.Event()
        return self._event

    def notify(self) -> None:
        ev, self._event = self._current(), asyncio.Event()
        ev.set()

    def waiter(self) -> asyncio.Event:
        """What :meth:`wait` will wait on: take it *before* looking at the
        workbook, so a change announced meanwhile is not missed."""
        return self._current()

    async def wait(self, timeout: float, waiter: Optional[asyncio.Event] = None) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for((waiter or self._current()).wait(), timeout)


async def _watch(book: ServedWorkbook, changes: Changes, stop: asyncio.Event) -> None:
    """Notify on every change to the workbook or its lock files (watchfiles);
    the event streams also poll, so a watcher that cannot run costs only speed."""
    try:
        from watchfiles import awatch
    except ImportError:  # pragma: no cover - a required dependency
        return
    def ours(_change, name: str) -> bool:  # the workbook, LibreOffice's and Excel's lock files
        n = Path(name).name
        return n in (book.name, f".~lock.{book.name}#") or n.startswith("~$")

    with contextlib.suppress(Exception):  # a folder the watcher cannot watch: the streams poll
        async for _ in awatch(book.path.parent, watch_filter=ours, stop_event=stop, debounce=50, step=20,
                              recursive=False):
            book.forget()  # hash it again: a save may keep its size and clock tick
            changes.notify()


# ---------------------------------------------------------------------------
# Requests


def _authorized(request: Request) -> bool:
    token = request.app.state.token
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return hmac.compare_digest(header[7:].strip().encode(), token.encode())
    cookie = request.cookies.get(COOKIE, "")
    return bool(cookie) and hmac.compare_digest(cookie.encode(), token.encode())


def _token_needed() -> Response:
    return JSONResponse({"ok": False, "error": "this needs the organizer's token: open the organizer URL "
                         "'archon serve' printed, or send 'Authorization: Bearer TOKEN'"}, 401)


async def _json_body(request: Request) -> dict:
    """The request's JSON object, at most :data:`MAX_BODY` bytes."""
    if not request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json":
        raise BadRequest("send a JSON object (Content-Type: application/json)", 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, 5000 digits
        raise BadRequest(f"the body is not JSON archon can read: {str(exc)[:200]}") from None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object, e.g. {\"round\": 1, \"table\": 2, \"vps\": [3, 0, 0, 2]}")
    return body


def _field(body: dict, key: str, kind, *, required: bool = False, default: Any = None) -> Any:
    """``body[key]`` checked to be a ``kind`` (int, str, bool, list)."""
    value = body.get(key)
    if value is None or value == "":
        if required:
            raise BadRequest(f'"{key}" is missing')
        return default
    if kind is int:
        if isinstance(value, str) and is_whole_number_text(value.strip()):
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(f'"{key}" must be a whole number, not {json.dumps(value)[:40]}')
        return value
    if kind is str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise BadRequest(f'"{key}" must be text')
        if len(value) > MAX_TEXT:
            raise BadRequest(f'"{key}" is {len(value)} characters long: at most {MAX_TEXT}')
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise BadRequest(f'"{key}" must be true or false')
        return value
    if not isinstance(value, list) or len(value) > 10:
        raise BadRequest(f'"{key}" must be a list (at most 10 values)')
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise BadRequest(f'"{key}" must hold numbers, not {json.dumps(v)[:40]}')
    return value


def _lines(rep) -> list[str]:
    return rep.describe().splitlines()


# ---------------------------------------------------------------------------
# Writes: each calls one twin of archon.api


def _do_register(path, body):
    return _lines(api.register(path, _field(body, "name", str, required=True),
                               vekn=_field(body, "vekn", str), city=_field(body, "city", str)))


def _do_drop(path, body):
    return _lines(api.drop(path, _field(body, "player", str, required=True),
                           reason=_field(body, "reason", str, default="WD"),
                           undo=_field(body, "undo", bool, default=False)))


def _do_result(path, body):
    final = _field(body, "final", bool, default=False)
    vps = _field(body, "vps", list, required=True)  # as typed: api.parse_vps names a seat left blank
    return _lines(api.result(
        path, vps,
        round=None if final else _field(body, "round", int, required=True),
        table=None if final else _field(body, "table", int, required=True),
        final=final, override=_field(body, "override", str),
        replace=_field(body, "replace", bool, default=False)))


def _do_seat(path, body):
    number = _field(body, "round", int, required=True)
    rep = api.seat(path, number, seed=_field(body, "seed", int), force=_field(body, "force", bool, default=False))
    return [*_lines(rep), rep.seating.score_line()]


def _do_toss(path, body):
    return _lines(api.toss(path, seed=_field(body, "seed", int)))


def _do_finals(path, body):
    if _field(body, "none", bool, default=False):
        return _lines(api.close_without_final(path))
    seating = _field(body, "seating", list, required=True)
    try:
        numbers = [int(str(n).strip().lstrip("#")) for n in seating]
    except ValueError:
        raise BadRequest('"seating" must hold player numbers in seat order, e.g. [17, 4, 9, 1, 12]') from None
    return _lines(api.seat_final(path, numbers))


def _do_undo(path, body):
    return api.undo(path, force=_field(body, "force", bool, default=False)).describe().splitlines()


WRITES: dict[str, Callable] = {
    "register": _do_register,
    "drop": _do_drop,
    "result": _do_result,
    "seat": _do_seat,
    "toss": _do_toss,
    "finals": _do_finals,
    "undo": _do_undo,
}


async def write(request: Request) -> Response:
    """``POST /api/<action>``: check the token, the body, the lock and the
    version, then call the twin (one write at a time)."""
    book: ServedWorkbook = request.app.state.book
    action = WRITES.get(request.path_params["action"])
    if action is None:
        return JSONResponse({"ok": False, "error": f"no such action: {request.path_params['action']}"}, 404)
    if not _authorized(request):
        return _token_needed()
    try:
        body = await _json_body(request)
        reason = book.open_in()
        if reason:
            return JSONResponse({"ok": False, "error": reason, "exit_status": int(ExitStatus.NOT_WRITTEN)}, 423)

        said = {k: v for k, v in body.items() if k != "version"}
        command = f"archon serve {book.name}: POST /api/{request.path_params['action']} {json.dumps(said)}"

        def run():
            from archon.formats.workbook.safety import settings

            with book.write_lock, settings(command=command):  # what 'archon undo' says it undoes
                book.check_version(body.get("version"))
                lines = action(book.path, body)
            # the new state, worked out once before the pages hear of it (the
            # written file is read anew, but only its changed sheets are parsed
            # again: grid's scan cache; readcache saved the write its own read)
            return lines, book.state().version

        lines, version = await run_in_threadpool(run)
    except Exception as exc:  # noqa: BLE001 - every error becomes an answer, never a traceback page
        if not isinstance(exc, BadRequest) and http_status(exc) == 500:
            request.app.state.log_failure(exc)
        request.app.state.changes.notify()
        return _error(request, exc)
    request.app.state.changes.notify()
    from archon.words.wording import naming_workbook_in

    return JSONResponse({"ok": True, "lines": naming_workbook_in(lines, book.name), "version": version})


# ---------------------------------------------------------------------------
# Reads


async def _state(request: Request):
    return await run_in_threadpool(request.app.state.book.state)


async def api_state(request: Request) -> Response:
    book: ServedWorkbook = request.app.state.book
    st, key, open_in = await run_in_threadpool(book.look)
    return JSONResponse({"version": st.version, "key": key, "open_in": open_in, "error": st.error})


async def _twin(request: Request, fn: Callable, *args, **kwargs):
    """``fn(*args, **kwargs)`` (a twin of archon.api) and ``None``, or
    ``None`` and the error's answer (:func:`_error`)."""
    try:
        return await run_in_threadpool(fn, *args, **kwargs), None
    except Exception as exc:  # noqa: BLE001
        if http_status(exc) == 500:
            raise
        return None, _error(request, exc)


async def api_standings(request: Request) -> Response:
    from archon.words.wording import naming_workbook_in

    data, err = await _twin(request, api.standings, request.app.state.book.path)
    if err:
        return err
    if not _authorized(request):  # the judges' warnings and their reasons are the organizer's, not the room's
        data.pop("warnings", None)
    return JSONResponse(naming_workbook_in(data, request.app.state.book.name))  # as --json names it


async def api_check(request: Request) -> Response:
    from archon.words.wording import naming_workbook_in

    problems, err = await _twin(request, api.check, request.app.state.book.path)
    return err or JSONResponse(naming_workbook_in([p.as_dict() for p in problems], request.app.state.book.name))


async def api_score(request: Request) -> Response:
    """One table's verdict as typed: blanks are VPs not typed yet (pending).
    VPs are separated by commas (``3,0,,1``), or by semicolons when one
    has a decimal comma (``2,5;0;0;0,5``: what the page sends)."""
    st = await _state(request)
    edition = (st.standings or {}).get("event", {}).get("edition")
    typed = request.query_params.get("vps", "")
    tokens = typed.split(";" if ";" in typed else ",")
    try:
        if len(tokens) > 10:
            raise BadRequest("a table has 4 or 5 seats")
        vps = [None if not t.strip() else api.parse_vps([t.strip()])[0] for t in tokens]
        return JSONResponse(api.score(vps, edition).as_dict())
    except Exception as exc:  # noqa: BLE001
        if http_status(exc) == 500:
            raise
        return _error(request, exc)


def _for_a_link(request: Request, err: Response) -> Response:
    """An error of a report the organizer's page links to: a browser that
    followed the link reads the message as text; a script gets the JSON."""
    if "text/html" not in request.headers.get("accept", ""):
        return err
    return PlainTextResponse(json.loads(bytes(err.body))["error"], err.status_code)


async def api_archondata(request: Request) -> Response:
    text, err = await _twin(request, api.archondata, request.app.state.book.path)
    return _for_a_link(request, err) if err else PlainTextResponse(text)


async def api_twd(request: Request) -> Response:
    q = request.query_params
    text, err = await _twin(request, api.twd, request.app.state.book.path, url=q.get("url") or None,
                            country=q.get("country") or None)
    return _for_a_link(request, err) if err else PlainTextResponse(text)


async def download(request: Request) -> Response:
    """``report.xlsx``, ``round-N.xlsx`` or ``report.html``, made by ``archon report``'s twin."""
    name = request.path_params["name"]
    book: ServedWorkbook = request.app.state.book
    stem = book.path.stem
    if name == "report.xlsx":
        kwargs, filename = {"xlsx": "x.xlsx"}, f"{stem}-report.xlsx"
    elif name == "report.html":
        kwargs, filename = {"html": "x.html"}, f"{stem}-report.html"
    elif name.startswith("round-") and name.endswith(".xlsx") and is_whole_number_text(name[6:-5]):
        kwargs, filename = {"xlsx": "x.xlsx", "round": int(name[6:-5])}, f"{stem}-{name}"
    else:
        raise HTTPException(404)
    if "round" not in kwargs and not _authorized(request):  # the reports list the judges' warnings
        return _for_a_link(request, _token_needed())
    tmp = tempfile.TemporaryDirectory(prefix="archon-console-")
    out = Path(tmp.name) / kwargs.pop("xlsx" if "xlsx" in kwargs else "html")
    key = "xlsx" if out.suffix == ".xlsx" else "html"
    _, err = await _twin(request, api.report, book.path, **{key: out}, **kwargs)
    if err is not None:
        tmp.cleanup()
        return _for_a_link(request, err)
    return FileResponse(out, filename=filename, background=BackgroundTask(tmp.cleanup))


async def events(request: Request) -> Response:
    """Server-sent events: ``state`` (data: the key) whenever the workbook or
    its lock changes; a comment every 15 s keeps proxies from closing it.
    Each stream ends after 5 minutes (the browser reconnects by itself), and
    as soon as the server is stopping (``app.state.closing()``), so Ctrl-C
    never waits for an open page."""
    book: ServedWorkbook = request.app.state.book
    changes: Changes = request.app.state.changes
    loop = asyncio.get_running_loop()

    async def stream():
        yield "retry: 1000\n\n"
        last, quiet, end = None, 0.0, loop.time() + 300
        while loop.time() < end and not request.app.state.closing():
            waiter = changes.waiter()
            key = await run_in_threadpool(book.key)
            if key != last:
                last, quiet = key, 0.0
                yield f"event: state\ndata: {json.dumps({'key': key})}\n\n"
            elif quiet >= 15:
                quiet = 0.0
                yield ": still here\n\n"
            if await request.is_disconnected():
                return
            await changes.wait(POLL_SECONDS, waiter)
            quiet += POLL_SECONDS

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


# ---------------------------------------------------------------------------
# Pages


def _rendered(request: Request, template: str, organizer: bool) -> str:
    """``template`` for the workbook's current state, rendered once per state
    (a projector and every phone fetch the players' page after each change)."""
    from archon.web.view import page_context

    book: ServedWorkbook = request.app.state.book
    state, key, open_in = book.look()
    kept: dict = request.app.state.rendered
    seen = (template, key, open_in, organizer)  # the key holds the state's version
    html = kept.get(seen)
    if html is None:
        html = render(template, **page_context(state, name=book.name, key=key, open_in=open_in,
                                               organizer=organizer))
        if len(kept) > 8:
            kept.clear()
        kept[seen] = html
    return html


def _page(template: str, organizer: bool = False):
    async def endpoint(request: Request) -> Response:
        if organizer and not _authorized(request):
            return HTMLResponse(render("denied.html", version=__version__), 401)
        html = await run_in_threadpool(_rendered, request, template, organizer)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})
    return endpoint


async def organizer(request: Request) -> Response:
    """The organizer's page; ``?token=...`` (the URL ``archon serve`` prints)
    sets the session cookie and leaves the token out of the address bar."""
    token = request.query_params.get("token")
    if token is not None:
        if not hmac.compare_digest(token.encode(), request.app.state.token.encode()):
            return HTMLResponse(render("denied.html", version=__version__), 401)
        resp = RedirectResponse("/organizer", 303)
        resp.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return resp
    return await _page("organizer.html", organizer=True)(request)


async def _not_found(request: Request, exc: Exception) -> Response:
    code = getattr(exc, "status_code", 404)
    what = "not found" if code == 404 else f"not found for {request.method}"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"ok": False, "error": f"{request.url.path}: {what}"}, code)
    return PlainTextResponse(f"{request.url.path}: {what}", code)


async def _failed(request: Request, exc: Exception) -> Response:
    request.app.state.log_failure(exc)
    return _error(request, exc)


def create_app(path, token: Optional[str] = None, *, watch: bool = True) -> Starlette:
    """The console's ASGI application for the workbook ``path``.

    ``token``: the organizer's secret (a random one when not given); the
    application's ``state.token`` holds it. ``watch``: watch the file with
    watchfiles (the event streams also poll the file twice a second).
    """
    from archon.formats.workbook.grid import refuse_special_file

    book = ServedWorkbook(path)
    refuse_special_file(book.path)  # said as it is, not "no such workbook"; never opened (a FIFO would block)
    if not book.path.is_file():
        raise api.InputError(f"{path}: no such workbook")
    if book.state().error:  # not a workbook (a players CSV, a damaged file): say so before serving it
        raise api.InputError(book.state().error)
    changes = Changes()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        task = asyncio.create_task(_watch(book, changes, stop)) if watch else None
        try:
            yield
        finally:
            stop.set()
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

    here = Path(__file__).parent
    routes = [
        Route("/", _page("players.html")),
        Route("/organizer", organizer),
        Route("/fragment/players", _page("_players_live.html")),
        Route("/fragment/organizer", _page("_organizer_live.html", organizer=True)),
        Route("/api/events", events),
        Route("/api/state", api_state),
        Route("/api/standings", api_standings),
        Route("/api/check", api_check),
        Route("/api/score", api_score),
        Route("/api/archondata", api_archondata),
        Route("/api/twd", api_twd),
        Route("/api/{action}", write, methods=["POST"]),
        Route("/download/{name}", download),
        Mount("/static", StaticFiles(directory=here / "static"), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _not_found, Exception: _failed})
    app.state.book = book
    app.state.token = token or secrets.token_urlsafe(24)
    app.state.changes = changes
    app.state.rendered = {}  # (template, key, lock, organizer) -> the page, see _rendered
    app.state.log_failure = _log_failure
    #: Whether the server is stopping: the server that runs the app sets it
    #: (:func:`archon.web.server.run`: ``lambda: server.should_exit``).
    app.state.closing = lambda: False
    return app


def _log_failure(exc: BaseException) -> None:
    import logging

    logging.getLogger("archon.web").error("archon failed", exc_info=exc)
