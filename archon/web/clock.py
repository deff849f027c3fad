"""The round's clock in the event console (issue 25): its figures for every
page, the organizer's controls, and the projector view (``/screen``).

``GET /api/clock``: the clock's figures now (:func:`archon.eventday.clock.clock_figures`:
the round, ``state``, the seconds ``remaining``, each table's extra time;
``under_way``: the round a start would be for now; ``on_show``: whether the
public pages show it, its round being the round under way);
each page counts down from them in the browser (``static/clock.js``) and
asks again only when the workbook changes (the pages' event stream) or the
page comes back into view: no request per second. The figures hold no
name, no personal code, no sanction: the room may read them.

``POST /api/clock``: ``{"action": "start"|"pause"|"resume"|"add",
"minutes", "table", "round"}`` (a write of :data:`archon.web.app.WRITES`:
the token, the lock, the version, the journal and undo, as every write).
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from archon.api.clocks import clock as clock_twin
from archon.api.clocks import clock_now
from archon.eventday.clock import clock_figures, clock_round
from archon.eventday.errors import EventDayError
from archon.formats.workbook.readcache import read_event_cached
from archon.rules.model import FINAL
from archon.rules.typed import is_whole_number_text
from archon.web.fields import field

__all__ = ["api_clock", "do_clock", "figures_of"]


#: The longest text a clock field may hold ("resume", "-15", a table's or a round's number).
SHORT = 12


def do_clock(path, body: dict, said) -> Any:
    """``POST /api/clock``: the twin's report (the app turns it into the answer's lines)."""
    action = field(body, "action", str, required=True, limit=SHORT)
    minutes, table, round = (field(body, key, str, limit=SHORT) for key in ("minutes", "table", "round"))
    return clock_twin(path, action, minutes, table=table, round=round)


def figures_of(path) -> dict:
    """The clock's figures now, from the workbook as read last (read again only when it changed)."""
    event = read_event_cached(path).event
    figures = clock_figures(event.clock, clock_now())
    try:  # the round a start would be for now: the organizer's page offers it once it is not the clock's
        figures["under_way"] = clock_round(event)
    except EventDayError:
        figures["under_way"] = None
    figures["on_show"] = _on_show(event, figures)
    return figures


def _on_show(event, figures: dict) -> bool:
    """Whether the players' page and ``/screen`` show the clock: its round is
    the round under way (not a round before it, once the next is seated),
    and, for the final, the final has no result yet (the event is over)."""
    if figures["round"] is None or str(figures["round"]) != str(figures["under_way"]):
        return False
    return figures["round"] != FINAL or any(v is None for v in event.final.vps)


async def api_clock(request: Request) -> Response:
    """``GET /api/clock``: the figures, or ``{"state": "unreadable"}`` with
    status 503 while the workbook cannot be read (the pages keep counting)."""
    path = request.app.state.book.path
    try:
        figures = await run_in_threadpool(figures_of, path)
    except Exception as exc:  # noqa: BLE001 - a page never gets a traceback
        if not hasattr(exc, "exit_status") and not isinstance(exc, OSError):
            raise
        return JSONResponse({"state": "unreadable"}, status_code=503, headers={"Cache-Control": "no-store"})
    table = request.query_params.get("table", "")
    if is_whole_number_text(table):  # one table's figures only (a phone that knows its table)
        figures["tables"] = [t for t in figures["tables"] if t["table"] == int(table)]
    return JSONResponse(figures, headers={"Cache-Control": "no-store"})
