"""The console's answer to a refused request: the same JSON for every endpoint.

``{"ok": false, "error": "<the sentence, as the console says it>",
"message": {"id": ..., "fields": {...}}, "exit_status": N}`` with the HTTP
status of :func:`http_status`; ``"force": true`` when the same request with
``"force": true`` would be done (the page asks, then sends it so), and
``"reload": true`` when the workbook changed under the request (the page
shows the new state). ``message`` is the error's own
(:func:`archon.words.message_of`): a script keys on its id and fields, as
on those of the exception the Python twin raises for the same request.
"""

from __future__ import annotations

from typing import Any, Optional

from archon.eventday import ForceNeeded
from archon.exits import ExitStatus, status_of
from archon.web.errors import BadRequest
from archon.web.words import CONSOLE
from archon.words.message import Action, Message, message_of, say
from archon.words.render import Renderer

__all__ = ["http_status", "error_body", "refused", "offers_force"]


def http_status(exc: BaseException) -> int:
    """The HTTP status of an error from a twin: its exit status
    (:mod:`archon.exits`) says which. 1 (refused by the rules) -> 409,
    2 (bad input) -> 400, 3 (the workbook cannot be written now: open in a
    spreadsheet or held by another archon command) -> 423, a workbook that
    changed since the page (or the twin) read it -> 409, anything else (a
    bug) -> 500."""
    from archon.formats.workbook.safety import WorkbookChangedError
    from archon.web.workbook import StaleVersion

    if isinstance(exc, BadRequest):
        return exc.status
    if isinstance(exc, (StaleVersion, WorkbookChangedError)):
        return 409
    status = status_of(exc, ExitStatus.INTERNAL)
    return {ExitStatus.PROBLEMS: 409, ExitStatus.UNREADABLE: 400, ExitStatus.NOT_WRITTEN: 423}.get(status, 500)


def offers_force(message: Any, action: str) -> bool:
    """Whether ``message`` tells to do ``action`` again with ``force``
    (an :class:`~archon.words.message.Action` among its fields, at any depth)."""
    if isinstance(message, Action):
        return message.name == action and message.args.get("force") is True
    if isinstance(message, Message):
        return any(offers_force(v, action) for v in message.fields.values())
    if isinstance(message, (list, tuple)):
        return any(offers_force(v, action) for v in message)
    return False


def error_body(exc: BaseException, action: Optional[str] = None, renderer: Optional[Renderer] = None) -> dict:
    """The JSON of the answer to ``exc`` (see the module); ``action``: the
    write refused (``"seat"``, ``"undo"``...), which ``force`` may override;
    ``renderer``: the console's renderer of the browser's language (English
    by default)."""
    code = http_status(exc)
    status = status_of(exc, ExitStatus.INTERNAL)
    message = message_of(exc) if code != 500 else say("web.failed", kind=type(exc).__name__, text=str(exc))
    body = {"ok": False, "error": (renderer or CONSOLE).render(message), "message": message.as_dict(), "exit_status": int(status)}
    if action is not None and (isinstance(exc, ForceNeeded) or offers_force(message, action)):
        body["force"] = True  # sent again with "force": true, it is done (the message says what it clears)
    if code == 409 and status == ExitStatus.NOT_WRITTEN:
        body["reload"] = True  # the file changed: the page shows the new state
    return body


def refused(path: str, exc: BaseException, renderer: Optional[Renderer] = None):
    """The answer to ``exc`` for a request of ``path``: the JSON of
    :func:`error_body` under ``/api/``, its sentence as text elsewhere (a page, a download)."""
    from starlette.responses import JSONResponse, PlainTextResponse

    body = error_body(exc, renderer=renderer)
    if path.startswith("/api/"):
        return JSONResponse(body, status_code=http_status(exc))
    return PlainTextResponse(body["error"], status_code=http_status(exc))
