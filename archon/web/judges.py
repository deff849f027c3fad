"""Several judges at once: each judge's link, who wrote what, and which
writes from a page that read an older version may still land.

* :class:`Judges`: the organizer's token and one token per named judge
  (``archon serve FILE --judge Ada --judge Bruno``); a request's token (its
  cookie, or ``Authorization: Bearer``) says who sent it.
* :func:`touched`: what a write touches (a result: its table; a drop, a DQ,
  an unregistration: that player; a warning, a sanction: nothing another
  write changes), compared between the version the page read and the file
  now (:func:`conflict`): a write that touches nothing that changed is
  applied to the new file; one that does is refused, naming what changed
  (and who wrote it, when the console knows).
* :func:`history`: the journal's last changes, who made each and what, as
  the organizer's page lists them.
"""

from __future__ import annotations

import datetime as _dt
import hmac
import secrets
from pathlib import Path
from typing import Any, Optional

from archon.rules.model import plain_name, searched_name
from archon.rules.typed import number_from_text
from archon.words.errors import WordedError
from archon.exits import ExitStatus
from archon.web.errors import ConsoleError
from archon.words.message import Message, say

__all__ = ["ORGANIZER", "PHONE", "journaled", "judge_of", "Judges", "named", "signed_in_name", "Conflict", "touched", "conflict", "history", "what_was_done", "journal_line",
           "ORGANIZER", "HISTORY_SHOWN"]

#: The name of the organizer's own link when Tournament Info names no head judge.
ORGANIZER = "organizer"
#: The name a player's own write from their phone (a deck handed in) is journaled under.
PHONE = "phone"
#: How many of the last changes the organizer's page lists.
HISTORY_SHOWN = 12
#: The longest name of a judge.
MAX_NAME = 40
#: Actions whose write lands on a newer file when what it touches did not change.
MERGED = ("result", "drop", "unregister", "warn", "sanction")


class Judges:
    """The console's tokens: the organizer's (``token``, random when not
    given) and each named judge's (``judges``: name -> token, random when
    a token is empty)."""

    def __init__(self, token: Optional[str] = None, judges: Optional[dict] = None) -> None:
        self.organizer = token or secrets.token_urlsafe(24)
        self.tokens: dict[str, str] = {}
        for name, secret in (judges or {}).items():
            name = str(name).strip()
            if not name or name in self.tokens or len(name) > MAX_NAME:
                raise ConsoleError(say("web.judges.bad_name", name=name[:MAX_NAME], limit=MAX_NAME))
            self.tokens[name] = secret or secrets.token_urlsafe(24)
        if len({self.organizer, *self.tokens.values()}) != len(self.tokens) + 1:
            raise ConsoleError(say("web.judges.same_token"))

    def who(self, token: Optional[str]) -> Optional[str]:
        """The judge whose token ``token`` is (their name), :data:`ORGANIZER`
        for the organizer's, else ``None``. Every token is compared (in
        constant time), so the answer's time says nothing of which matched."""
        if not token:
            return None
        found = ORGANIZER if hmac.compare_digest(token.encode(), self.organizer.encode()) else None
        for name, secret in self.tokens.items():
            if hmac.compare_digest(token.encode(), secret.encode()):
                found = name
        return found

    def links(self, base: str) -> dict[str, str]:
        """Each judge's link to the organizer's page (``base``: ``http://host:port``)."""
        return {name: f"{base}/organizer?token={secret}" for name, secret in self.tokens.items()}


def named(names) -> dict:
    """``{name: ""}`` for each judge's name (each gets a random token), a
    name given twice refused (:class:`~archon.web.errors.ConsoleError`)."""
    out: dict = {}
    for name in names:
        name = str(name).strip()
        if name in out:
            raise ConsoleError(say("web.judges.bad_name", name=name[:MAX_NAME], limit=MAX_NAME))
        out[name] = ""
    return out


def signed_in_name(who: Optional[str], details: dict) -> str:
    """The name a write is journaled under: the judge's, or for the
    organizer's own link the head judge of Tournament Info, else "organizer"."""
    if who == ORGANIZER:
        return (details or {}).get("head_judge") or ORGANIZER
    return who or ORGANIZER


# ---------------------------------------------------------------------------
# What a write touches


def _player_number(standings: dict, typed: Any) -> Optional[int]:
    """The player a request names (a number, or a part of a name, as the
    twins find them), or ``None`` when it is not one player of ``standings``."""
    text = str(typed).strip().lstrip("#")
    if text.isdigit():
        return int(text)
    wanted = plain_name(text)
    found = [p["number"] for p in standings.get("players") or []
             if wanted and wanted in searched_name(p.get("first_name") or "", p.get("last_name") or "")]
    return found[0] if len(found) == 1 else None


def _table(standings: dict, round_: Any, table: Any) -> Any:
    for r in standings.get("rounds") or []:
        if str(r["round"]) == str(round_):
            for t in r["tables"]:
                if str(t["table"]) == str(table):
                    return t
            return "no such table"
    return "no such round"


def _player(standings: dict, number: Optional[int]) -> Any:
    if number is None:  # not one player: every player's status
        return [(p["number"], p.get("status"), p.get("dq")) for p in standings.get("players") or []]
    for p in standings.get("players") or []:
        if p["number"] == number:
            return (p["number"], p.get("first_name"), p.get("last_name"), p.get("status"), p.get("dq"))
    return "no such player"


def touched(action: str, body: dict, standings: Optional[dict]) -> Any:
    """What the write ``action`` (with its request ``body``) reads and
    changes in the workbook whose standings contract is ``standings``, as a
    value to compare between two versions: equal values, and the write may
    land on the newer one. ``None``: it touches nothing another write
    changes (a warning, a sanction: each is one more line). An action that
    is not merged (:data:`MERGED`: seating, the toss, undo...) touches the
    whole event."""
    if standings is None:
        return standings
    if action in ("warn", "sanction"):
        return None
    if action == "result":
        if body.get("final") is True:
            return ("final", standings.get("final"))
        return ("table", _table(standings, body.get("round"), body.get("table")))
    if action in ("drop", "unregister"):
        first = _player(standings, _player_number(standings, body.get("player")))
        return ("player", first)
    return ("event", {k: v for k, v in standings.items()})


class Conflict(WordedError, ValueError):
    """A write from a page that read an older version touches what changed
    since: nothing was written. ``shown``: what the page shows beside the
    form (the result now recorded, who wrote it). Exit status 1 (HTTP 409):
    refused, as the rules refuse; the page keeps what was typed."""

    exit_status = ExitStatus.PROBLEMS

    def __init__(self, message: Message, shown: Optional[dict] = None) -> None:
        super().__init__(message)
        self.shown = shown or {}


def conflict(action: str, body: dict, then: Optional[dict], now: Optional[dict]) -> Optional[str]:
    """``None`` when the write ``action`` may land on the file now (what it
    touches is the same in ``then``, the standings the page read, and
    ``now``), else what kind of thing changed: ``"table"``, ``"final"``,
    ``"player"`` or ``"event"``."""
    if then is None or now is None:
        return "event"
    before, after = touched(action, body, then), touched(action, body, now)
    if before == after:
        return None
    return before[0] if isinstance(before, tuple) else "event"


def _vps(table: Any) -> list:
    if not isinstance(table, dict):
        return []
    return ["-" if s.get("typed") is False or s.get("vp") is None else s["vp"] for s in table.get("seats") or []]


def refusal(kind: str, body: dict, now: dict, who: Optional[str]) -> Optional[Conflict]:
    """The refusal of a write that touches what changed (``kind``, from
    :func:`conflict`), naming it, its state ``now`` and who wrote it (when
    known); ``None`` for a change of the whole event (the page reads it anew)."""
    by = who if who else say("web.judges.someone")
    if kind == "table":
        table = _table(now, body.get("round"), body.get("table"))
        vps = _vps(table)
        where = say("web.judges.where_table", round=body.get("round"), table=body.get("table"))
        shown = {"round": body.get("round"), "table": body.get("table"), "vps": vps, "who": who}
        if not vps:
            return Conflict(say("web.judges.conflict_gone", where=where, who=by), shown)
        return Conflict(say("web.judges.conflict_result", where=where, who=by, figures=vps), shown)
    if kind == "final":
        final = now.get("final") or {}
        vps = ["-" if s.get("vp") is None else s["vp"] for s in final.get("seats") or []]
        return Conflict(say("web.judges.conflict_result", where=say("web.judges.where_final"), who=by, figures=vps),
                        {"final": True, "vps": vps, "who": who})
    if kind == "player":
        return Conflict(say("web.judges.conflict_player", player=str(body.get("player")), who=by),
                        {"player": body.get("player"), "who": who})
    return None


# ---------------------------------------------------------------------------
# The journal: who did what


def _figure(typed: Any) -> Any:
    """A VP as sent ("0.5", "2,5", 1), as a number the renderer writes in
    the page's language ("0,5" in French); anything else as it was sent."""
    if isinstance(typed, bool):
        return str(typed)
    number = typed if isinstance(typed, (int, float)) else number_from_text(str(typed))
    if number is None:
        return str(typed)
    return int(number) if float(number).is_integer() else float(number)


def what_was_done(action: str, body: dict) -> Message:
    """What a write of the console did, in words (the history's lines)."""
    if action == "result":
        vps = [_figure(v) for v in body.get("vps") or []]
        if body.get("final") is True:
            return say("web.judges.did_final", figures=vps)
        return say("web.judges.did_result", round=str(body.get("round")), table=str(body.get("table")),
                   figures=vps)
    if action == "drop":
        if body.get("undo") is True:
            return say("web.judges.did_undrop", player=str(body.get("player")))
        return say("web.judges.did_drop", player=str(body.get("player")), reason=str(body.get("reason") or "WD"))
    if action in ("warn", "sanction", "unregister"):
        return say(f"web.judges.did_{action}", player=str(body.get("player")))
    if action == "register":
        return say("web.judges.did_register", name=str(body.get("name")))
    if action == "seat":
        return say("web.judges.did_seat", round=str(body.get("round")))
    if action == "player-report":
        vps = [_figure(v) for v in body.get("vps") or []]
        if str(body.get("round")) == "F":
            return say("web.judges.did_player_report_final", figures=vps)
        return say("web.judges.did_player_report", round=str(body.get("round")), table=str(body.get("table")),
                   figures=vps)
    if action in ("toss", "finals", "undo", "info"):
        return say(f"web.judges.did_{action}")
    return say("web.judges.did_other", action=action)


def journaled(file: str, who: str, action: str, sent: dict, *, player: Optional[str] = None):
    """The journal settings of a write the console makes (a context manager:
    :func:`archon.formats.workbook.safety.settings`): what ``archon undo``
    says it takes back (``who``: the judge, or :data:`PHONE` for a player's
    own write; ``sent``: the request's fields, never a code nor a deck's
    text) and the fields the history reads (:func:`journal_line`).
    ``player``: the name of the player whose own write it is (their code
    said who): undo and the history name them ("Ada Test (player)")."""
    import json

    from archon.formats.workbook.safety import settings
    from archon.words.render import PLAIN

    named: "Message | str" = say("web.judges.player_who", name=player) if player else who
    command = PLAIN.render(say("web.journal_command", who=named, file=file, action=action, body=json.dumps(sent)))
    said = say("web.journal_said", who=named, what=what_was_done(action, sent))  # what undo says, in words
    return settings(command=command, noted={**journal_line(who, action, sent, player=player), "said": said.as_dict()})


def judge_of(request) -> str:
    """The name a request's write is journaled under (the application's
    ``state.judge_of``: who its token names; :data:`ORGANIZER` without one)."""
    judge_for = getattr(request.app.state, "judge_of", None)
    who = judge_for(request) if judge_for is not None else None
    return who or ORGANIZER


def journal_line(who: str, action: str, body: dict, *, player: Optional[str] = None) -> dict:
    """The fields a write of the console adds to its journal entry: who
    made it (and the player's name, for a player's own write), and what it
    sent (the history says it in words)."""
    line: dict = {"judge": who, "console": {"action": action, "body": body}}
    if player:
        line["player"] = player
    return line


def history(path: "str | Path", limit: int = HISTORY_SHOWN) -> list[Message]:
    """The journal's last ``limit`` changes of the workbook at ``path``,
    the last first: when, who and what (a change made by a command rather
    than the console: its command line)."""
    from archon.formats.workbook.backups import journal_entries

    out = []
    for entry in reversed(journal_entries(path)[-limit:]):
        when = _time_of(entry.get("time"))
        console = entry.get("console")
        if isinstance(console, dict) and isinstance(console.get("body"), dict):
            what = what_was_done(str(console.get("action")), console["body"])
            who: "Message | str" = str(entry.get("judge") or ORGANIZER)
            if entry.get("player"):  # a player's own write, from their phone
                who = say("web.judges.player_who", name=str(entry["player"]))
            out.append(say("web.judges.history_line", time=when, who=who, what=what))
        else:
            out.append(say("web.judges.history_command", time=when, command=str(entry.get("command") or "")[:200]))
    return out


def _time_of(stamp: Any) -> str:
    try:
        return _dt.datetime.fromisoformat(str(stamp)).strftime("%H:%M:%S")
    except ValueError:
        return "?"
