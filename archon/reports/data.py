"""What every report is made from: the standings contract, players' names
as reports show them, a round's seat list, the winner.

Nothing here recomputes a score, a rank or a rating: it reads
:func:`archon.formats.serialize.standings_to_dict` of :func:`archon.rules.standings.compute`.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from archon.words.errors import WordedError
from archon.words.message import act, option, say
from archon.exits import ExitStatus
from archon.rules.model import Event, plain_name
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import Standings, compute

__all__ = [
    "ReportError",
    "StandingsLike",
    "as_standings_dict",
    "seat_list",
    "sitting_out",
    "SITS_OUT",
    "find_round",
    "name_sort_key",
    "posting_name",
    "display_name",
    "players_by_number",
    "winner_of",
    "public",
]


class ReportError(WordedError, ValueError):
    """A report that cannot be written as asked (the message says what to do)."""

    exit_status = ExitStatus.NOT_WRITTEN


StandingsLike = Union[dict, Standings, Event]


def as_standings_dict(standings: StandingsLike) -> dict[str, Any]:
    """The standings contract for a contract dict, computed Standings or an Event."""
    if isinstance(standings, dict):
        return standings
    if isinstance(standings, Standings):
        return standings_to_dict(standings, extras=True)
    if isinstance(standings, Event):
        return standings_to_dict(compute(standings), extras=True)
    raise TypeError(f"expected the standings contract, Standings or an Event, not {type(standings).__name__}")


def public(data: dict[str, Any]) -> dict[str, Any]:
    """The standings contract ``data`` as it may be posted: without the
    judges' warnings (who was warned, and why) and without the reason a
    judge gave for accepting a table (the table still says it is
    ``overridden``: the players may know a judge decided, not why). The
    judges' own copy of a report is made from ``data`` as it is."""
    def table(t: dict) -> dict:
        return {**t, "reason": None} if t.get("status") == "overridden" else t

    rounds = [{**r, "tables": [table(t) for t in r.get("tables") or []]} for r in data.get("rounds") or []]
    return {**data, "rounds": rounds, "warnings": []}


# ---------------------------------------------------------------------------
# Names

def name_sort_key(player: dict) -> tuple:
    """Alphabetical order: last name, then first name; accents and case ignored.

    'Élodie Ábel' sorts with the A's, 'Øyvind' with the O's. A player with only
    one name sorts by it.
    """
    first = player.get("first_name") or ""
    last = player.get("last_name") or ""
    primary = last or first
    secondary = first if last else ""
    return (plain_name(primary), plain_name(secondary), primary, secondary, player.get("number") or 0)


def display_name(player: Optional[dict], number: Optional[int] = None) -> str:
    """'First Last' (or '#12' for a player with no name or not registered)."""
    if player is None:
        return f"#{number}" if number is not None else ""
    name = " ".join(p for p in ((player.get("first_name") or "").strip(), (player.get("last_name") or "").strip()) if p)
    return name or f"#{player.get('number')}"


def posting_name(player: Optional[dict], number: Optional[int] = None) -> str:
    """'Last, First' as a seat list shows it."""
    if player is None:
        return f"#{number} (not registered)" if number is not None else ""
    first = (player.get("first_name") or "").strip()
    last = (player.get("last_name") or "").strip()
    if first and last:
        return f"{last}, {first}"
    return last or first or f"#{player.get('number')}"


# ---------------------------------------------------------------------------
# Reading the contract


def players_by_number(data: dict) -> dict[int, dict]:
    return {p["number"]: p for p in data["players"]}


def winner_of(data: dict) -> Optional[dict]:
    """The winner's player entry: the final's winner, or for an event closed
    without a final the one player placed 1st; None while undecided."""
    by_number = players_by_number(data)
    final = data.get("final")
    if final:
        w = final.get("winner")
        return by_number.get(w) if w is not None else None
    firsts = [p for p in data["players"] if p.get("final_rank") == 1]
    return firsts[0] if len(firsts) == 1 else None


def find_round(data: dict, round_number: int) -> dict:
    """The round entry for ``round_number``; ReportError when it has no seating."""
    for r in data.get("rounds") or []:
        if int(r["round"]) == int(round_number) and r.get("tables"):
            return r
    rounds = [int(r["round"]) for r in data.get("rounds") or []]
    planned = max([int(data["event"].get("rounds_to_play") or 0), *rounds])
    if planned and int(round_number) > planned:
        err = ReportError(say("report.no_such_round", round=int(round_number), rounds=planned,
                              option=option("round")))
        err.exit_status = ExitStatus.UNREADABLE  # the command was used wrongly: no such round
        raise err
    seated = [str(r["round"]) for r in data.get("rounds") or [] if r.get("tables")]
    hint = say("report.rounds_seated", rounds=seated) if seated else say("report.no_round_seated")
    err = ReportError(say("report.round_not_seated", round=int(round_number), hint=hint,
                          seat=act("seat", round=int(round_number))))
    err.exit_status = ExitStatus.PROBLEMS  # the event is not there yet: nothing wrong with the command
    raise err


#: What a seat list says of a player who plays no game in a round.
SITS_OUT = "sits out"


def sitting_out(data: dict, round_number: int) -> list[dict]:
    """The players who sit out a seated round, alphabetically: registered,
    not flagged out, at no table of it (rules 3.1.2: 6, 7 or 11 players;
    or a player who arrived after it). Contract entries."""
    rnd = find_round(data, round_number)
    seated = {s["player"] for t in rnd["tables"] for s in t["seats"]}
    return sorted((p for p in data["players"] if p["number"] not in seated and not p.get("dq")), key=name_sort_key)


def seat_list(data: dict, round_number: int) -> list[dict]:
    """Every player of a round, alphabetically, with table and seat: those
    seated, and those who sit out it (table and seat None, ``sits_out``), so
    that every player finds their name.

    Each entry: ``{"number", "name" ('Last, First'), "table", "seat", "player",
    "sits_out"}`` (``player`` is the contract entry, None for a number not
    registered).
    """
    rnd = find_round(data, round_number)
    by_number = players_by_number(data)
    rows = [{"number": p["number"], "name": posting_name(p), "table": None, "seat": None, "player": p,
             "sits_out": True} for p in sitting_out(data, round_number)]
    for t in rnd["tables"]:
        for s in t["seats"]:
            p = by_number.get(s["player"])
            rows.append(
                {
                    "number": s["player"],
                    "name": posting_name(p, s["player"]),
                    "table": t["table"],
                    "seat": s["seat"],
                    "player": p,
                    "sits_out": False,
                }
            )
    rows.sort(
        key=lambda r: name_sort_key(r["player"]) if r["player"] else ("\uffff", "", "", "", r["number"])
    )
    return rows
