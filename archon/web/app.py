"""The event console's web application (Starlette): pages, JSON API, live updates.

Routes (the JSON API is documented in the README, section *The event console*):

=========================  ==========================================================
``GET /``                  the players' page (read only: tables, standings, final)
``GET /organizer``         the organizer's page (``?token=...`` once: sets a cookie)
``GET /fragment/...``      the live part of each page, re-read when the file changes
``GET /api/events``        server-sent events: ``state`` with the new key on every change;
                           ``?page=players&lang=xx&key=K``: ``page``, the players' page's new live part
``GET /api/state``         ``{"version", "key", "open_in", "error"}``
``GET /api/standings``     the ``archon standings --json`` contract (``warnings``: with the token only)
``GET /api/check``         ``archon check``'s problems (``where``, ``severity``, ...)
``GET /api/score``         ``?vps=3,0,,1`` (or ``2,5;0;0;0,5``): one table's verdict as typed (``archon score``)
``GET /api/archondata``    ``archon report --archondata``; ``/api/twd``: ``--twd``
``GET /download/...``      ``report.xlsx``, ``report.html`` (with the token; ``?judges_notes=1``: the judges' copy, with their warnings and reasons), ``round-N.xlsx``
``POST /api/register``     ``{"name", "vekn", "city"}``
``POST /api/unregister``   ``{"player"}``: a player who has played no game (``archon unregister``)
``POST /api/drop``         ``{"player", "reason": "WD", "undo": false}``
``POST /api/warn``         ``{"player", "reason", "round"}`` (``round``: 1, 2, 3, ``"F"`` or none)
``POST /api/sanction``     ``{"player", "reason", "category", "level", "round", "table", "judge"}``: ``archon sanction``
``POST /api/result``       ``{"round", "table", "vps", "override", "replace"}`` or ``{"final": true, "vps"}``
``POST /api/seat``         ``{"round", "seed", "force": false}``
``POST /api/toss``         ``{"seed"}``, or ``{"order": "12,7"}``: a toss made at the table
``POST /api/finals``       ``{"seating": [17, 4, 9, 1, 12]}`` or ``{"none": true}``
``POST /api/undo``         ``{"force": false}``: ``archon undo``
``POST /api/info``         ``{"name", "date", "city", "organizer", "organizer_vekn", "head_judge", ...}``: ``archon info``
``POST /api/checkin``      ``{"player", "undo"}`` or ``{"all": true}``: ``archon checkin`` (:mod:`archon.web.checkin`)
``POST /api/codes``        ``{"reissue"}``, or ``{}``: ``archon codes``
                           and ``POST /api/checkin-alerts`` ``{"player"}`` or ``{}``: the organizer dismisses
                           claimed-twice alerts (:mod:`archon.web.checkin`)
``POST /api/pending``      ``{"accept": TABLE, "round", "player"}`` or ``{"on": false}``: ``archon pending`` (players' reports, :mod:`archon.web.player_reports`)
``POST /api/deck``         ``{"player", "text", "unlock"}``: ``archon deck`` (:mod:`archon.web.decks`)
``GET /api/clock``         the round's clock now; ``POST /api/clock``: ``{"action", "minutes", "table"}`` (:mod:`archon.web.clock`)
``GET /screen``            the projector view: the clock, the seating by name, the standings
=========================  ==========================================================

Each browser reads the pages, and the answers to its requests, in its own
language (:func:`request_language`): ``?lang=xx`` (the pages' switcher,
which keeps the choice in a cookie for that browser), else the cookie, else
the browser's ``Accept-Language``, else English.

Every POST needs the organizer's token, or a judge's (``archon serve
--judge NAME``: :class:`archon.web.judges.Judges`), as ``Authorization:
Bearer TOKEN`` or the organizer page's cookie, a JSON object body of at most
:data:`MAX_BODY` bytes, and may carry ``"version"``: the workbook version
the page read. When the file changed since, a result, a drop, a warning or
a sanction whose table or player did not change is written to the file as
it is now; anything else is refused with 409 (a result whose table changed:
``"conflict"`` holds the result now recorded and who wrote it; see
:meth:`archon.web.workbook.ServedWorkbook.admit`). Every write is journaled
under the name of the judge who sent it. Answers:
``{"ok": true, "lines": [...], "version"}`` with the lines the command line
prints, in the console's words (:mod:`archon.web.words`: what to do next
named by the page's own buttons), or ``{"ok": false, "error": "...",
"message": {"id", "fields"}, "exit_status": N}`` with the HTTP status of
:func:`http_status` (and ``"force": true`` when the same request with
``"force": true`` would be done: the error says what it would clear); see
:mod:`archon.web.answers`. Every request must name, in its ``Host``
header, a host the console serves (:mod:`archon.web.hosts`), else 400.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import tempfile
import zlib
from pathlib import Path
from typing import Any, Callable, Optional

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse,
                                 Response, StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from archon import __version__
from archon import api
from archon.rules.typed import is_whole_number_text
from archon.web.answers import error_body, http_status, refused
from archon.web.checkin import do_checkin, do_codes, do_dismiss_alerts
from archon.web.checkin import routes as checkin_routes
from archon.web.decks import deck_routes, do_deck
from archon.web.clock import api_clock, do_clock
from archon.web.fields import MAX_TEXT, MAX_VALUES, field
from archon.web.errors import BadRequest, ConsoleError, WorkbookOpen
from archon.web.hosts import HostCheck, Hosts
from archon.web.judges import PHONE, Conflict, Judges, history, journaled, signed_in_name
from archon.web.live import Live, Pages
from archon.web.player_reports import do_pending, routes as player_report_routes
from archon.web.render import render
from archon.web.sse import RETRY, STILL_HERE, Piece, Stream, page_event, state_event
from archon.web.view import for_the_room
from archon.web.words import ConsoleRenderer, console, shown_dict, shown_lines
from archon.web.workbook import ServedWorkbook
from archon.words.choose import from_accept_language
from archon.words.languages import SOURCE, supported
from archon.words.message import Message, say
from archon.words.render import PLAIN

__all__ = ["create_app", "http_status", "request_language", "MAX_BODY", "MAX_TEXT", "COOKIE", "LANGUAGE_COOKIE"]

#: The largest request body accepted (a whole players list fits many times).
MAX_BODY = 64 * 1024
#: The organizer's session cookie.
COOKIE = "archon_organizer"
#: The cookie that keeps a browser's language (set by the pages' switcher, ``?lang=xx``).
LANGUAGE_COOKIE = "archon_lang"
#: How long a browser keeps its language: a season of events.
LANGUAGE_SECONDS = 365 * 24 * 3600
#: The most pages kept rendered (a template, a state, a language, ...).
KEPT_PAGES = 64
#: How hard the pages are compressed for the browsers that read gzip (all do).
GZIP_LEVEL = 6
#: How often the console looks at the file when the file watcher is silent
#: (a folder it cannot watch); the pages' event streams never look themselves.
POLL_SECONDS = 1.0
#: A page's event stream says it is still there this often (proxies close quiet connections).
QUIET_SECONDS = 15.0
#: A page's event stream ends after this long (the browser reconnects by itself).
STREAM_SECONDS = 300.0


def request_language(request: Request) -> str:
    """The language of the browser that sent ``request``: ``?lang=xx``, else
    its cookie (:data:`LANGUAGE_COOKIE`), else its ``Accept-Language``, else English."""
    return (supported(request.query_params.get("lang")) or supported(request.cookies.get(LANGUAGE_COOKIE))
            or from_accept_language(request.headers.get("accept-language")) or SOURCE)


def _said(request: Request) -> ConsoleRenderer:
    """The console's renderer in the language of ``request``'s browser."""
    return console(request_language(request))


def _error(request: Request, exc: BaseException, action: Optional[str] = None) -> JSONResponse:
    """The error's answer, for every endpoint (:func:`archon.web.answers.error_body`):
    its message as the console says it in the browser's language, what to do
    named by the page's own controls; ``action``: the write refused."""
    return JSONResponse(error_body(exc, action, _said(request)), status_code=http_status(exc))


# ---------------------------------------------------------------------------
# Requests


def _judge(request: Request) -> Optional[str]:
    """Who sent ``request``: a judge's name, :data:`archon.web.judges.ORGANIZER`
    (the organizer's token), else ``None``."""
    judges: Judges = request.app.state.judges
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return judges.who(header[7:].strip())
    return judges.who(request.cookies.get(COOKIE, ""))


def _authorized(request: Request) -> bool:
    return _judge(request) is not None


def _token_needed(request: Request) -> Response:
    return _error(request, BadRequest(say("web.token_needed"), 401))


async def _json_body(request: Request) -> dict:
    """The request's JSON object, at most :data:`MAX_BODY` bytes."""
    if not request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json":
        raise BadRequest(say("web.json_content_type"), 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise BadRequest(say("web.body_too_big", limit=MAX_BODY), 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(say("web.body_too_big", limit=MAX_BODY), 413)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, 5000 digits
        raise BadRequest(say("web.not_json", detail=str(exc)[:200])) from None
    if not isinstance(body, dict):
        raise BadRequest(say("web.not_an_object"))
    return body


def _plain(item) -> str:
    return PLAIN.render(item) if isinstance(item, Message) else str(item)


def _lines(rep, renderer: ConsoleRenderer) -> list[str]:
    """What a twin's report says (its ``lines``, then what its ``describe()``
    adds: the backup kept...), each line as the console says it (``renderer``)."""
    if isinstance(rep, api.EventDayReport) and rep.dry_run:  # its head, then each line in the console's words
        return shown_lines(rep.said(), renderer)
    said = list(getattr(rep, "lines", None) or [])
    described = rep.describe()
    if isinstance(described, (list, tuple)):
        tail = list(described[len(said):]) if list(described[:len(said)]) == said else None
    else:  # the lines in plain words, then the rest
        described, plain = str(described), "\n".join(_plain(item) for item in said)
        tail = described[len(plain):].splitlines() if described.startswith(plain) else None
        said = said if tail is not None else []
    if tail is None:  # a report that says its lines its own way: as it says them
        return shown_lines([described], renderer)
    return shown_lines(said + [line for line in tail if line != ""], renderer)


# ---------------------------------------------------------------------------
# Writes: each calls one twin of archon.api


def _do_register(path, body, said):
    return _lines(api.register(path, field(body, "name", str, required=True),
                               vekn=field(body, "vekn", str), city=field(body, "city", str)), said)


def _do_unregister(path, body, said):
    return _lines(api.unregister(path, field(body, "player", str, required=True)), said)


def _do_warn(path, body, said):
    return _lines(api.warn(path, field(body, "player", str, required=True),
                           field(body, "reason", str, required=True),
                           round=field(body, "round", str)), said)


def _dry_run(body) -> bool:
    """``"dry_run": true``: the twin says what it would change and writes
    nothing (the page shows it and asks before it sends the form again)."""
    return field(body, "dry_run", bool, default=False)


def _do_drop(path, body, said):
    return _lines(api.drop(path, field(body, "player", str, required=True),
                           reason=field(body, "reason", str, default="WD"),
                           undo=field(body, "undo", bool, default=False), dry_run=_dry_run(body)), said)


def _do_sanction(path, body, said):
    return _lines(api.sanction(path, field(body, "player", str, required=True),
                               field(body, "reason", str, required=True),
                               level=field(body, "level", str), category=field(body, "category", str),
                               round=field(body, "round", str), table=field(body, "table", str),
                               judge=field(body, "judge", str)), said)


def _do_result(path, body, said):
    final = field(body, "final", bool, default=False)
    vps = field(body, "vps", list, required=True)  # as typed: api.parse_vps names a seat left blank
    return _lines(api.result(
        path, vps,
        round=None if final else field(body, "round", int, required=True),
        table=None if final else field(body, "table", int, required=True),
        final=final, override=field(body, "override", str),
        replace=field(body, "replace", bool, default=False)), said)


def _do_seat(path, body, said):
    number = field(body, "round", int, required=True)
    swap, move = field(body, "swap", list), field(body, "move", str)
    if swap is not None or move is not None:
        return _do_seat_edit(path, number, body, swap, move, said)
    rep = api.seat(path, number, seed=field(body, "seed", int), force=field(body, "force", bool, default=False),
                   absent=field(body, "absent", str),  # round 1 after check-in: "drop" or "unregister" the absent
                   dry_run=_dry_run(body))
    return _again(body, rep, [*_lines(rep, said), *shown_lines([rep.seating.score_line()], said)])


class Answer(list):
    """A dry run's lines, and ``again``: the fields the page sends with the
    write once the organizer says yes (the seed drawn), so that what the
    confirmation showed is what is written."""

    again: dict = {}


def _again(body, rep, lines: list) -> list:
    """``lines``, with the seed ``rep`` drew to send again, on a dry run."""
    if not _dry_run(body) or getattr(rep, "seed", None) is None:
        return lines
    answer = Answer(lines)
    answer.again = {"seed": rep.seed}
    return answer


def _do_seat_edit(path, number, body, swap, move, said):
    """A swap (``"swap": [A, B]``) or a move (``"move": A, "table": T``) of
    the round's seats; ``"dry_run": true`` shows the new score and its
    change per criterion, writing nothing (the page asks, then sends it again)."""
    table = field(body, "table", int, required=move is not None)
    rep = api.seat(path, number, swap=tuple(swap) if swap is not None else None,
                   move=(move, table) if move is not None else None,
                   dry_run=_dry_run(body))
    return _lines(rep, said)


def _do_toss(path, body, said):
    order = field(body, "order", str)  # as tossed at the table: "12,7", the winner first
    rep = api.toss(path, seed=field(body, "seed", int), order=order, dry_run=_dry_run(body))
    return _again(body, rep, _lines(rep, said))


def _do_finals(path, body, said):
    if field(body, "none", bool, default=False):
        return _lines(api.close_without_final(path), said)
    seating = field(body, "seating", list, required=True)
    try:
        numbers = [int(str(n).strip().lstrip("#")) for n in seating]
    except ValueError:
        raise BadRequest(say("web.final_seating_numbers")) from None
    return _lines(api.seat_final(path, numbers), said)


#: The details the "Event details" form sends (``archon info``'s options).
INFO_FIELDS = ("name", "date", "city", "organizer", "organizer_vekn", "head_judge", "head_judge_vekn", "level",
               "format")


def _do_info(path, body, said):
    given = {key: body[key] for key in INFO_FIELDS if key in body}  # "" clears a detail: sent, not left out
    for key, value in given.items():
        if value is not None and not isinstance(value, str):
            raise BadRequest(say("web.field_not_text", key=key))
        if value is not None and len(value) > MAX_TEXT:
            raise BadRequest(say("web.field_too_long", key=key, length=len(value), limit=MAX_TEXT))
    if given.get("format") == "":
        given.pop("format")  # the format is never blank
    return _lines(api.info(path, **given), said)


def _do_undo(path, body, said):
    return _lines(api.undo(path, force=field(body, "force", bool, default=False), dry_run=_dry_run(body)), said)


WRITES: dict[str, Callable] = {
    "register": _do_register,
    "unregister": _do_unregister,
    "drop": _do_drop,
    "warn": _do_warn,
    "sanction": _do_sanction,
    "result": _do_result,
    "seat": _do_seat,
    "toss": _do_toss,
    "finals": _do_finals,
    "undo": _do_undo,
    "info": _do_info,
    "checkin": do_checkin,
    "checkin-alerts": do_dismiss_alerts,  # the organizer dismisses claimed-twice alerts (archon.web.checkin)
    "codes": do_codes,
    "pending": do_pending,  # the players' reports: accept one, switch them (archon.web.player_reports)
    "deck": do_deck,
    "clock": lambda path, body, said: _lines(do_clock(path, body, said), said),  # archon.web.clock
}


#: What a write's body holds that its journal line (``archon undo``'s words) never says:
#: the page's version, a personal code, a deck list's text.
_NOT_JOURNALED = frozenset({"version", "code", "text"})


async def write(request: Request) -> Response:
    """``POST /api/<action>``: check the token, the body, the lock and the
    version, then call the twin (one write at a time)."""
    name = request.path_params["action"]
    action = WRITES.get(name)
    if action is None:
        return _error(request, BadRequest(say("web.no_such_action", action=name[:100]), 404))
    signed_in = _judge(request)
    if signed_in is None:
        return _token_needed(request)
    return await written(request, name, action, signed_in)


async def written(request: Request, name: str, action: Callable, signed_in: Optional[str] = None) -> Response:
    """Run the write ``action(path, body, said)`` of ``request``: the body, the
    lock and the version checked, one write at a time, every page told.
    ``signed_in``: the judge who sends it (None: a player's phone)."""
    book: ServedWorkbook = request.app.state.book
    said = _said(request)
    try:
        body = await _json_body(request)
        held = book.held()
        if held is not None:
            return _error(request, WorkbookOpen(held))

        def run():
            who = signed_in_name(signed_in, book.state().details) if signed_in is not None else PHONE
            if name == "sanction" and not body.get("judge"):
                body["judge"] = who  # the judge who records it, unless another is named
            # what undo says it takes back, and who did it: the action and whom, never a code nor a deck's text
            sent = {k: v for k, v in body.items() if k not in _NOT_JOURNALED}
            with book.write_lock, journaled(book.name, who, name, sent):
                book.admit(body.get("version"), name, body)  # a page that read an older version
                lines = action(book.path, body, said)
                if not _dry_run(body):
                    book.wrote(book.version(), who)
            # the new state, worked out once before the pages hear of it (the
            # written file is read anew, but only its changed sheets are parsed
            # again: grid's scan cache; readcache saved the write its own read)
            return lines, book.look_now()

        lines, look = await run_in_threadpool(run)
    except ClientDisconnect:  # the client went away (or was too slow) before its body was all sent: nobody to answer
        return Response(status_code=400)
    except Exception as exc:  # noqa: BLE001 - every error becomes an answer, never a traceback page
        if not isinstance(exc, BadRequest) and http_status(exc) == 500:
            request.app.state.log_failure(exc)
        request.app.state.live.poke()  # a refusal may follow a change: the pages hear of it soon
        if isinstance(exc, Conflict):  # the page keeps what was typed, and shows what is recorded beside it
            answer = error_body(exc, name, said)
            answer.pop("reload", None)
            return JSONResponse({**answer, "conflict": exc.shown}, status_code=http_status(exc))
        return _error(request, exc, name)
    request.app.state.live.publish(look)  # every open page hears of it now, from this one look
    again = {"again": lines.again} if isinstance(lines, Answer) else {}  # a dry run's seed, sent with OK
    return JSONResponse({"ok": True, "lines": lines, "version": look.state.version, **again})


# ---------------------------------------------------------------------------
# Reads


async def _state(request: Request):
    return (await request.app.state.live.fresh()).state


async def api_state(request: Request) -> Response:
    look = await request.app.state.live.fresh()
    st = look.state
    return JSONResponse({"version": st.version, "key": look.key, "open_in": look.open_in, "error": st.error})


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
    data, err = await _twin(request, api.standings, request.app.state.book.path)
    if err:
        return err
    if not _authorized(request):  # the judges' warnings and their reasons are the organizer's, not the room's
        # nor is The Archon's chart proposal, which no one seated
        data = for_the_room(data, (await _state(request)).chart_rounds)
        data.pop("warnings", None)
    return JSONResponse(data)


async def api_check(request: Request) -> Response:
    """The check's problems, as the JSON of the check command has them, each
    message said as the console says it."""
    problems, err = await _twin(request, api.check, request.app.state.book.path)
    return err or JSONResponse([shown_dict(p, _said(request)) for p in problems])


async def api_score(request: Request) -> Response:
    """One table's verdict as typed: blanks are VPs not typed yet (pending).
    VPs are separated by commas (``3,0,,1``), or by semicolons when one
    has a decimal comma (``2,5;0;0;0,5``: what the page sends)."""
    st = await _state(request)
    edition = (st.standings or {}).get("event", {}).get("edition")
    typed = request.query_params.get("vps", "")
    tokens = typed.split(";" if ";" in typed else ",")
    try:
        if len(tokens) > MAX_VALUES:
            raise BadRequest(say("web.table_seats"))
        vps = [None if not t.strip() else api.parse_vps([t.strip()])[0] for t in tokens]
        return JSONResponse(shown_dict(api.score(vps, edition), _said(request)))
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
    """``report.xlsx``, ``round-N.xlsx`` or ``report.html``, made by ``archon report``'s twin.
    The page's links carry its language (``?lang=xx``): the report is made
    in it, and a refusal is said in it. A report is the one to post (no
    judge's warning, no reason of a judge's decision); ``?judges_notes=1``
    makes the judges' copy, with both (``...-report-judges.xlsx``)."""
    name = request.path_params["name"]
    book: ServedWorkbook = request.app.state.book
    stem = book.path.stem
    notes = request.query_params.get("judges_notes", "") not in ("", "0", "false")
    copy = "-judges" if notes else ""
    kwargs: dict[str, Any]
    if name == "report.xlsx":
        kwargs, filename = {"xlsx": "x.xlsx", "judges_notes": notes}, f"{stem}-report{copy}.xlsx"
    elif name == "report.html":
        kwargs, filename = {"html": "x.html", "judges_notes": notes}, f"{stem}-report{copy}.html"
    elif name.startswith("round-") and name.endswith(".xlsx") and is_whole_number_text(name[6:-5]):
        kwargs, filename = {"xlsx": "x.xlsx", "round": int(name[6:-5])}, f"{stem}-{name}"
    else:
        raise HTTPException(404)
    if "round" not in kwargs and not _authorized(request):  # the organizer's (the judges' copy: their warnings)
        return _for_a_link(request, _token_needed(request))
    tmp = tempfile.TemporaryDirectory(prefix="archon-console-")
    out = Path(tmp.name) / kwargs.pop("xlsx" if "xlsx" in kwargs else "html")
    key = "xlsx" if out.suffix == ".xlsx" else "html"
    _, err = await _twin(request, api.report, book.path, **{key: out}, **kwargs, lang=request_language(request))
    if err is not None:
        tmp.cleanup()
        return _for_a_link(request, err)
    return FileResponse(out, filename=filename, background=BackgroundTask(tmp.cleanup))


#: The pages whose event stream brings their new live part itself (``/api/events?page=players``).
PUSHED = {"players": "_players_live.html"}


async def events(request: Request) -> Response:
    """Server-sent events: ``state`` (data: the key) whenever the workbook or
    its lock changes; a comment every 15 s keeps proxies from closing it.
    ``?page=players`` (the players' page): ``page`` instead, whose data is
    the page's new live part in the stream's language (``?lang=``) and
    whose ``id`` is its key, rendered, encoded and gzipped once per version
    and language and sent as it is to every phone (:mod:`archon.web.sse`):
    300 phones cost one rendering and 300 writes, not 300 requests;
    ``?key=`` (or ``Last-Event-ID``): the key the page shows, not sent again.
    Each stream ends after 5 minutes (the browser reconnects by itself), and
    as soon as the server is stopping (``app.state.closing()``), so Ctrl-C
    never waits for an open page."""
    live: Live = request.app.state.live
    loop = asyncio.get_running_loop()
    template = PUSHED.get(request.query_params.get("page", ""))
    lang = request_language(request)
    out = Stream(template is not None and _takes_gzip(request))
    shown = (request.headers.get("last-event-id") or request.query_params.get("key")) if template else None

    async def said(look) -> Piece:
        if template is None:
            return state_event(look.key)
        try:
            return await _pushed(request.app, look, template, lang)
        except Exception as exc:  # noqa: BLE001 - the page fetches its live part itself, and says why
            request.app.state.log_failure(exc)
            return state_event(look.key)

    async def stream():
        # the stream never looks at the file: it hears the key the console
        # published (one look per change, however many pages are open)
        yield out.start() + out.send(RETRY)
        last, told, end = shown, loop.time(), loop.time() + STREAM_SECONDS
        while loop.time() < end and not live.ended:
            changed = live.changed()
            look = live.look
            if look.key != last:
                piece = await said(look)
                if live.look.key != look.key and not live.ended:
                    continue  # a burst: a later change came while this one was rendered; send that one
                last, told = look.key, loop.time()
                yield out.send(piece)
            elif loop.time() - told >= QUIET_SECONDS:
                told = loop.time()
                yield out.send(STILL_HERE)
            # a page that goes away: Starlette ends the stream (it listens for the disconnect)
            wait = max(0.0, min(told + QUIET_SECONDS, end) - loop.time())
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(changed.wait(), wait)
        yield out.end()

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if out.gzipped:
        headers.update({"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    if template is not None:
        headers["Content-Language"] = lang
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


# ---------------------------------------------------------------------------
# Pages


def _named(look, template: str, organizer: bool, lang: str) -> tuple:
    """What names a page kept rendered: the key holds the state's version;
    held: why writes are off (which program holds the file)."""
    return template, look.key, _held_text(look.held), organizer, lang


#: The last message of why writes are off, and its text (300 streams ask after each change).
_last_held: tuple[Optional[Message], str] = (None, "")


def _held_text(held: Optional[Message]) -> Optional[str]:
    """Why writes are off (a message, else None) as a text that names it."""
    global _last_held
    if held is None:
        return None
    last, text = _last_held
    if last is not held:
        text = json.dumps(held.as_dict(), sort_keys=True)
        _last_held = (held, text)
    return text


async def _rendered_at(app, look, template: str, organizer: bool, lang: str,
                       who: Optional[str] = None) -> tuple[bytes, bytes]:
    """``template`` for ``look`` (a look at the workbook) in ``lang``, rendered once
    per version and language (a projector and every phone fetch the players'
    page after each change): the organizer's pages and the players' are
    kept apart (``organizer`` is part of what names a page). The page, and
    the page gzipped (300 phones fetch it after each change: the bytes sent
    cost the server more than the rendering). ``who``: the judge an
    organizer's page is for (it says who is signed in)."""
    from archon.web.view import page_context

    book: ServedWorkbook = app.state.book
    state, key, held = look.state, look.key, look.held

    def rendered() -> tuple[bytes, bytes]:
        context = page_context(state, name=book.name, key=key, open_in=held, organizer=organizer, lang=lang)
        if organizer:
            said = console(lang)
            context["signed_in"] = signed_in_name(who, state.details)
            context["history"] = [said.render(m) for m in history(book.path)]
        html = render(template, lang, **context).encode("utf-8")
        return html, gzip.compress(html, GZIP_LEVEL, mtime=0)

    return await app.state.pages.get(_named(look, template, organizer, lang) + (who,), rendered)


async def _pushed(app, look, template: str, lang: str) -> Piece:
    """The ``page`` event of ``template`` (a players' page) for ``look`` in
    ``lang``: made once per version and language, kept with the pages."""
    html, _ = await _rendered_at(app, look, template, False, lang)
    return await app.state.pages.get(("event",) + _named(look, template, False, lang),
                                     lambda: page_event(look.key, html))


def _takes_gzip(request: Request) -> bool:
    """Whether the browser reads gzip (``Accept-Encoding``; ``gzip;q=0``: no)."""
    for part in request.headers.get("accept-encoding", "").lower().split(","):
        name, _, q = part.partition(";")
        if name.strip() == "gzip":
            q = q.strip()
            if not q.startswith("q="):
                return True
            try:
                return float(q[2:]) > 0
            except ValueError:
                return False
    return False


def _keeping_language(request: Request, response: Response) -> Response:
    """``response``, keeping the language the page's switcher asked for
    (``?lang=xx``) in this browser's cookie."""
    asked = supported(request.query_params.get("lang"))
    if asked is not None and asked != request.cookies.get(LANGUAGE_COOKIE):
        response.set_cookie(LANGUAGE_COOKIE, asked, max_age=LANGUAGE_SECONDS, samesite="lax", path="/")
    return response


def _denied(request: Request) -> Response:
    lang = request_language(request)
    return _keeping_language(request, HTMLResponse(render("denied.html", lang, version=__version__), 401))


def _page(template: str, organizer: bool = False, fragment: bool = False):
    """A page's endpoint; a ``fragment`` (re-read by the page's script, in
    the page's language) keeps no language in the cookie: only the switcher does."""
    async def endpoint(request: Request) -> Response:
        if organizer and not _authorized(request):
            return _denied(request)
        lang = request_language(request)
        look = await request.app.state.live.fresh()
        who = _judge(request) if organizer else None  # the organizer's pages say who is signed in
        html, gzipped = await _rendered_at(request.app, look, template, organizer, lang, who)
        takes_gzip = _takes_gzip(request)
        headers = {"Cache-Control": "no-store", "Content-Language": lang, "Vary": "Accept-Encoding"}
        if not organizer:  # a phone that reloads the page it has is told so (304), not sent it again
            headers.update({"Cache-Control": "no-cache", "ETag": _etag(look, lang, takes_gzip)})
            if _matches(request.headers.get("if-none-match", ""), headers["ETag"]):
                return Response(status_code=304, headers=headers)
        if takes_gzip:
            html, headers["Content-Encoding"] = gzipped, "gzip"
        response = HTMLResponse(html, headers=headers)
        return response if fragment else _keeping_language(request, response)
    return endpoint


def _matches(if_none_match: str, tag: str) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (or ``*``)."""
    tags = [t.strip() for t in if_none_match.split(",")]
    return "*" in tags or tag in (t[2:] if t.startswith("W/") else t for t in tags)


def _etag(look, lang: str, gzipped: bool) -> str:
    """What names a players' page as sent: the workbook's key, why writes
    are off (which program holds the file), the language, gzip or not, and
    archon's version (its templates)."""
    held = "" if look.held is None else f".{zlib.crc32(str(_held_text(look.held)).encode()):x}"
    return f'"{look.key}{held}.{lang}{".gz" if gzipped else ""}.{__version__}"'


async def organizer(request: Request) -> Response:
    """The organizer's page; ``?token=...`` (the URL ``archon serve`` prints)
    sets the session cookie and leaves the token out of the address bar."""
    token = request.query_params.get("token")
    if token is not None:
        if request.app.state.judges.who(token) is None:
            return _denied(request)
        asked = supported(request.query_params.get("lang"))
        resp = _keeping_language(request, RedirectResponse("/organizer" + (f"?lang={asked}" if asked else ""), 303))
        resp.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return resp
    return await _page("organizer.html", organizer=True)(request)


async def _not_found(request: Request, exc: Exception) -> Response:
    code = getattr(exc, "status_code", 404)
    path = request.url.path[:200]
    said = say("web.not_found", path=path) if code == 404 else say("web.wrong_method", path=path,
                                                                      method=request.method)
    return refused(request.url.path, BadRequest(said, code), _said(request))


async def _failed(request: Request, exc: Exception) -> Response:
    request.app.state.log_failure(exc)
    return _error(request, exc)


def create_app(path, token: Optional[str] = None, *, watch: bool = True, hosts: Optional[Hosts] = None,
               judges: Optional[dict] = None) -> Starlette:
    """The console's ASGI application for the workbook ``path``.

    ``token``: the organizer's secret (a random one when not given); the
    application's ``state.token`` holds it. ``judges``: each judge's name
    and secret (``{"Ada": token}``; a blank one: random), each judge's own
    link to the organizer's page (``state.judges``: :class:`archon.web.judges.Judges`). ``watch``: watch the file with
    watchfiles (the console also looks at it every :data:`POLL_SECONDS`;
    :class:`archon.web.live.Live`, ``state.live``, publishes each change).
    ``hosts``: the ``Host`` headers it answers (``state.hosts``; by default
    127.0.0.1 and localhost, on any port until the server that runs it says
    which: :meth:`archon.web.hosts.Hosts.serving`); any other is refused
    with 400 (DNS rebinding).
    """
    from archon.formats.workbook.grid import refuse_special_file

    book = ServedWorkbook(path)
    refuse_special_file(book.path)  # said as it is, not "no such workbook"; never opened (a FIFO would block)
    if not book.path.is_file():
        raise ConsoleError(say("web.no_such_workbook", file=str(path)))
    state = book.state()
    if state.error is not None:  # not a workbook (a players CSV, a damaged file): say so before serving it
        raise ConsoleError(state.error_message or state.error)
    live = Live(book)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        # one task looks at the file for every page (watchfiles when ``watch``, and a poll)
        task = asyncio.create_task(live.watch(POLL_SECONDS, files=watch, closing=lambda: app.state.closing()))
        try:
            yield
        finally:
            live.end()
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    here = Path(__file__).parent
    routes = [
        Route("/", _page("players.html")),
        Route("/organizer", organizer),
        Route("/fragment/players", _page("_players_live.html", fragment=True)),
        Route("/fragment/organizer", _page("_organizer_live.html", organizer=True, fragment=True)),
        Route("/api/events", events),
        Route("/api/state", api_state),
        Route("/api/standings", api_standings),
        Route("/api/check", api_check),
        Route("/api/score", api_score),
        Route("/api/archondata", api_archondata),
        Route("/api/twd", api_twd),
        *checkin_routes(),  # the phone's check-in, its alerts, the QR code (archon.web.checkin)
        *player_report_routes(request_language, _authorized),  # before /api/{action}
        *deck_routes(authorized=_authorized, denied=_denied, error=_error, language=request_language,
                     run_write=written),
        Route("/api/clock", api_clock),  # the round's clock: archon.web.clock; /screen: the projector view
        Route("/screen", _page("screen.html")),
        Route("/fragment/screen", _page("_screen_live.html", fragment=True)),
        Route("/api/{action}", write, methods=["POST"]),
        Route("/download/{name}", download),
        Mount("/static", StaticFiles(directory=here / "static"), name="static"),
    ]
    hosts = hosts if hosts is not None else Hosts()
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(HostCheck, hosts=hosts)],
                    exception_handlers={HTTPException: _not_found, Exception: _failed})
    app.state.hosts = hosts
    app.state.book = book
    app.state.judges = Judges(token, judges)
    app.state.token = app.state.judges.organizer
    app.state.live = live
    app.state.pages = Pages(KEPT_PAGES)  # (template, key, lock, organizer, language) -> the page, see _rendered_at
    app.state.log_failure = _log_failure
    app.state.authorized, app.state.language_of = _authorized, request_language  # for archon.web.checkin
    app.state.judge_of = lambda request: signed_in_name(_judge(request), book.state().details)  # archon.web.judges
    #: Whether the server is stopping: the server that runs the app sets it
    #: (:func:`archon.web.server.run`: ``lambda: server.should_exit``).
    app.state.closing = lambda: False
    return app


def _log_failure(exc: BaseException) -> None:
    import logging

    logging.getLogger("archon.web").error("archon failed", exc_info=exc)
