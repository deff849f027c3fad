"""What the console's pages show, arranged from one :class:`~archon.web.workbook.State`.

Nothing here scores or ranks: the numbers are the standings contract's, the
verdicts the twins'. This module only picks what each page lays out: the
round in progress, each table's status, where each player sits now.
"""

from __future__ import annotations

from typing import Any, Optional

from archon.rules.editions import LEVELS
from archon.rules.model import searched_name
from archon.rules.sanctions import BASELINE, SUBCATEGORIES, infraction_name, level_name
from archon.rules.sanctions import LEVELS as SANCTION_LEVELS
from archon.reports.data import display_name, public
from archon.reports.render import results_context
from archon.web.words import ConsoleRenderer, console
from archon.web.workbook import State
from archon.words.languages import SOURCE
from archon.words.message import Message, act, say

__all__ = ["page_context", "for_the_room", "capped", "MAX_SHOWN", "MAX_SENTENCE"]

#: Table statuses that count as finished.
DONE = ("complete", "overridden")

#: The most characters of one text (a name, a city, a judge's reason) a page
#: shows: the longest text a field of the console takes. A workbook may hold
#: longer ones (a cell holds 32,767 characters): each is cut there, so that a
#: name pasted by mistake costs every phone a few kilobytes, not megabytes.
MAX_SHOWN = 1000
#: The most characters of one of archon's sentences a page shows (a check's
#: problem, a tie at the cut naming many players): longer than any it makes,
#: short enough that one quoting a pasted text stays small.
MAX_SENTENCE = 10 * MAX_SHOWN


def capped(data: Any, limit: int = MAX_SHOWN) -> Any:
    """``data`` (texts, and the dicts and lists JSON holds) with every text
    longer than ``limit`` cut to it, ending in "…"."""
    if isinstance(data, str):
        return data if len(data) <= limit else data[:limit - 1] + "\u2026"
    if isinstance(data, dict):
        return {k: capped(v, limit) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [capped(v, limit) for v in data]
    return data


#: The last standings capped, and the standings they were capped from: each
#: version's standings are capped once, not once per page and language (the
#: players' page in 8 languages after every result: some 10 ms each at 300
#: players). Nothing changes them: the pages build their own dicts from them.
_last_capped: tuple[Any, Any] = (None, None)


def _capped_standings(standings: Any) -> Any:
    """:func:`capped` of ``standings`` (a state's), made once for each."""
    global _last_capped
    source, shown = _last_capped
    if source is not standings or standings is None:
        shown = capped(standings)
        _last_capped = (standings, shown)
    return shown


def for_the_room(data: dict, chart_rounds) -> dict:
    """The standings contract ``data`` as the players may read it: no round
    only The Archon's chart proposes (``chart_rounds``: no one seated it),
    no judge's warning, no reason of a judge's decision
    (:func:`archon.reports.data.public`)."""
    return public({**data, "rounds": [r for r in data.get("rounds") or [] if r["round"] not in chart_rounds]})


def _round_summary(r: dict) -> dict:
    counts = {"complete": 0, "pending": 0, "invalid": 0}
    for t in r["tables"]:
        status = "complete" if t.get("status") in DONE else t.get("status") or "pending"
        counts[status if status in counts else "pending"] += 1
    return {"round": r["round"], "tables": len(r["tables"]), **counts,
            "finished": counts["complete"] == len(r["tables"])}


def _current_round(seated: list[dict], summaries: list[dict]) -> Optional[dict]:
    """The first seated round not finished, else the last seated one
    (``summaries``: each seated round's :func:`_round_summary`)."""
    for r, summary in zip(seated, summaries):
        if not summary["finished"]:
            return r
    return seated[-1] if seated else None


def _where(data: dict, current: Optional[dict], said: ConsoleRenderer) -> dict[int, str]:
    """Each player's seat now: at the final once it is seated, else in the current round."""
    out: dict[int, str] = {}
    if data.get("final"):
        places = {p["number"]: p["final_rank"] for p in data["players"] if p.get("final_rank") is not None}
        for number, place in places.items():
            out[number] = said.render(say("web.where.place", place=place))
        for s in data["final"]["seats"]:
            place = places.get(s["player"])
            out[s["player"]] = said.render(say("web.where.final_seat", seat=s["seat"]) if place is None else
                                              say("web.where.final_seat_place", seat=s["seat"], place=place))
        return out
    if current is not None:
        for t in current["tables"]:
            for s in t["seats"]:
                out[s["player"]] = said.render(say("web.where.round", round=current["round"], table=t["table"],
                                                      seat=s["seat"]))
    return out


def _not_seated(data: dict, current: Optional[dict], next_round: int, said: ConsoleRenderer) -> str:
    """"Round 2 is not seated yet", when the round to play next has no
    seating (The Archon's chart proposal is none), else ""."""
    if data.get("final") or not data["players"]:
        return ""
    if current is not None and (next_round <= current["round"] or not _round_summary(current)["finished"]):
        return ""
    return said.render(say("web.round_not_seated", round=next_round))


def _public_checkin(checkin: dict) -> dict:
    """What a page anyone may open knows of the check-in: whether it is open
    (once the event's code is made) and, then, that code, which the
    projector view shows the room. Never a player's personal code."""
    code = checkin.get("checkin_code") if checkin.get("open") else None
    return {"open": bool(code), "code": code, "decks_open": checkin.get("decks_open", True)}


def page_context(state: State, *, name: str, key: str, open_in: "Optional[Message | str]", organizer: bool,
                 lang: str = SOURCE) -> dict[str, Any]:
    """The template context of both pages in the language ``lang``: the
    event's texts cut to :data:`MAX_SHOWN` characters each, archon's
    sentences about it (said as the console says them in ``lang``) to
    :data:`MAX_SENTENCE`. ``open_in``: why writes are off (a message, or
    its text), else ``None``."""
    said = console(lang)
    if isinstance(open_in, Message):
        open_in = said.render(open_in)
    problems = state.problems_in(said) if organizer else []  # the check's, shown on the organizer's page only
    ctx: dict[str, Any] = {
        "file": capped(name), "key": key, "version": state.version, "open_in": capped(open_in, MAX_SENTENCE),
        "error": capped(state.error_in(said) or state.error, MAX_SENTENCE), "organizer": organizer,
        "problems": capped(problems, MAX_SENTENCE), "finals": capped(state.finals_in(said), MAX_SENTENCE),
        # what the page asks before it sends a refusal's "force" (its confirm dialog)
        "confirm_force": said.render(say("web.confirm_force", undo=act("undo"))),
        "confirm_undo": said.render(say("web.confirm_undo")),
        "details": state.details if organizer else {},  # the "Event details" form's values
        # the check-in: the organizer's section (personal codes) / the players' form (open or not)
        # (the event's check-in code, not a player's, for the projector view: /screen shows it to the room;
        # the players' page never prints it)
        "checkin": state.checkin if organizer else _public_checkin(state.checkin),
        # the players' report form is on the page only while reporting is on (one rendering for every phone)
        "reporting": state.reporting,
        "levels": list(LEVELS),
        # the sanction form: the Judges' Guide's infractions with their baseline, and its levels
        "infractions": [(sub, said.render(say("sanction.option", infraction=infraction_name(sub),
                                                level=level_name(BASELINE[sub])))) for sub in SUBCATEGORIES],
        "sanction_levels": [(level, said.render(level_name(level))) for level in SANCTION_LEVELS],
    }
    data = _capped_standings(state.standings)
    if data is None:
        return {**ctx, "data": None}
    # The Archon's chart proposes a seating no one has seated: never the players' (nor "the current round")
    chart = state.chart_rounds
    if not organizer:  # and the judges' warnings and reasons are not the room's
        data = for_the_room(data, chart)
    results = results_context(data, name)
    results["rounds"] = [{**r, "proposal": r["round"] in chart} for r in results["rounds"]]
    seated = [r for r in results["rounds"] if not r["proposal"]]
    summaries = [_round_summary(r) for r in seated]
    current = _current_round(seated, summaries)
    prelim = data["event"]["rounds_to_play"]  # standings.planned_rounds: 6, 7 or 11 players of a 2R+F event play 3
    # a round with a result (an official Archon's chart seats every round with VPs 0: pending, not played)
    played = [r["round"] for r in seated if any((t.get("status") or "pending") != "pending" for t in r["tables"])]
    next_round = min(prelim, max(played, default=0) + 1)
    where = _where(data, current, said)
    roster = sorted(data["players"], key=lambda p: p["number"])
    # each player's table in the round under way: the phone shows that table's extra time (archon.web.clock)
    tables = {} if current is None or data.get("final") else {
        s["player"]: t["table"] for t in current["tables"] for s in t["seats"]}
    return {
        **ctx,
        **results,
        "summaries": summaries,
        "not_seated": _not_seated(data, current, next_round, said),
        "current": current,
        "next_round": next_round,
        "preliminary_rounds": prelim,
        "roster": [{**p, "name": display_name(p), "where": where.get(p["number"], ""), "table": tables.get(p["number"]),
                    "searched": searched_name(p["first_name"], p["last_name"])} for p in roster],
        "errors": [p for p in problems if p.get("severity") == "error"],
        # the round on the players' page: how many tables, how many players
        "round_size": "" if current is None else said.render(say(
            "web.round_size", tables=len(current["tables"]),
            players=sum(len(t["seats"]) for t in current["tables"]))),
    }
