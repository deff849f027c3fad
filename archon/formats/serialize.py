"""Standings as plain data: the ``archon standings --json`` contract.

:func:`standings_to_dict` is the one place that turns computed
:class:`~archon.rules.standings.Standings` into the JSON contract; every output
(JSON, CSV, reports) starts from it, so the numbers are the same everywhere.
:func:`event_from_dict` reads the contract back into an
:class:`~archon.rules.model.Event` (the inputs it carries).

The contract::

    {"event": {"name", "date": "YYYY-MM-DD"|null, "city", "level",
               "format": "2R+F"|"3R+F", "edition", "archon_version", "players": int,
               },
     "players": [{"number", "vekn", "first_name", "last_name", "city", "dq", "status",
                  "rounds_played", "gw", "vp", "tp", "coin", "rank", "finalist", "seed",
                  "final_vp", "final_rank", "rating_points"}],
     "rounds": [{"round", "tables": [{"table", "status", "reason",
                 "seats": [{"seat", "player", "vp", "gw", "tp"}]}]}],
     "final": {"seats": [{"seat", "player", "seed", "vp"}], "winner"} | null,
     "warnings": [{"player", "name", "round": int|"F"|null, "reason"}]}

``warnings``: the judges' warnings (:func:`archon.eventday.judging.warning_rows`),
read back by :func:`event_from_dict`, so that ``archon convert`` of the JSON
keeps them, each checked as ``archon warn`` checks it.
"""

from __future__ import annotations

import datetime as _dt
from operator import itemgetter
from typing import Any, Optional

from archon.rules.model import Event, Final, JudgeWarning, Override, Player, Round, Table
from archon.rules.standings import Standings

__all__ = ["standings_to_dict", "event_from_dict", "STANDINGS_COLUMNS", "standings_rows"]


def _num(x: Optional[float]) -> Optional[float]:
    return None if x is None else float(x)


def standings_to_dict(st: Standings, *, extras: bool = False) -> dict[str, Any]:
    """The ``standings --json`` contract for computed standings.

    ``extras`` adds what the contract does not name but the reports show:
    the event's ``deck_format`` ("Constructed" or "Limited", Tournament Info
    B8), the preliminary rounds it plays (``rounds_to_play``,
    :func:`archon.rules.standings.planned_rounds`) and
    whether each round seat's VP is ``typed`` (a blank counts 0).
    ``archon standings --json`` keeps to the contract exactly.
    """
    ev = st.event
    players = []
    for s in st.players:
        p = s.player
        players.append(
            {
                "number": p.number,
                "vekn": p.vekn,
                "first_name": p.first_name,
                "last_name": p.last_name,
                "city": p.city,
                "dq": p.is_out,
                "status": p.status,
                "rounds_played": s.rounds_played,
                "gw": s.gw,
                "vp": float(s.vp),
                "tp": float(s.tp),
                "coin": p.coin,
                "rank": s.rank,
                "finalist": s.finalist,
                "seed": s.seed,
                "final_vp": _num(s.final_vp),
                "final_rank": s.final_rank,
                "rating_points": s.rating_points,
            }
        )
    rounds = []
    for r in st.rounds:
        tables = []
        for t in r.tables:
            seats = []
            for i, player in enumerate(t.players):
                if t.result is not None:
                    seat = t.result.seats[i]
                    seats.append(
                        {"seat": i + 1, "player": player, "vp": seat.vp, "gw": seat.gw, "tp": _num(seat.tp)}
                    )
                else:
                    seats.append({"seat": i + 1, "player": player, "vp": t.vps[i], "gw": 0, "tp": None})
            if extras:  # a VP left blank (counted 0) is shown blank, not as 0
                for entry, typed in zip(seats, t.typed):
                    entry["typed"] = typed
            tables.append({"table": t.number, "status": t.status, "reason": t.reason, "seats": seats})
        rounds.append({"round": r.number, "tables": tables})
    final = None
    if st.final is not None:
        seats = []
        for i, player in enumerate(st.final.seating):
            vp = ev.final.vps[i] if i < len(ev.final.vps) else None
            seats.append({"seat": i + 1, "player": player, "seed": st.final.seeds[i], "vp": _num(vp)})
        final = {"seats": seats, "winner": st.final.winner}
    event = {
        "name": ev.name,
        "date": ev.date.isoformat() if ev.date else None,
        "city": ev.city,
        "level": ev.level,
        "format": ev.format,
        "edition": st.edition.name,
        "archon_version": ev.archon_version,
        "players": len(ev.players),
    }
    from archon.eventday.judging import warning_rows

    out = {"event": event, "players": players, "rounds": rounds, "final": final, "warnings": warning_rows(ev)}
    if extras:
        from archon.rules.standings import planned_rounds

        event["deck_format"] = ev.deck_format
        event["rounds_to_play"] = planned_rounds(ev)
    return out


#: Columns of ``archon standings --csv`` and of the table print-out.
STANDINGS_COLUMNS = (
    "rank", "final_rank", "number", "first_name", "last_name", "vekn", "city", "status",
    "rounds_played", "gw", "vp", "tp", "coin", "finalist", "seed", "final_vp", "rating_points",
)


def standings_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One flat row per player (display order) with :data:`STANDINGS_COLUMNS`."""
    return [{c: p[c] for c in STANDINGS_COLUMNS} for p in data["players"]]


_BY_NUMBER = itemgetter("number")
_BY_SEAT = itemgetter("seat")


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild the event's inputs from the standings contract.

    Raises ValueError naming the first field that is missing or malformed.
    """
    try:
        e = data["event"]
        fmt = str(e.get("format") or "3R+F").upper()
        prelim = int(fmt[0]) if fmt[:1].isdigit() else 3
        date = _dt.date.fromisoformat(e["date"]) if e.get("date") else None
        ev = Event(
            name=e.get("name") or "",
            date=date,
            city=e.get("city"),
            level=e.get("level"),
            preliminary_rounds=prelim,
            edition=e.get("edition") or "current",
            archon_version=e.get("archon_version"),
            deck_format=e.get("deck_format"),
        )
        for p in sorted(data["players"], key=_BY_NUMBER):
            out = None
            if p.get("dq"):
                status = str(p.get("status") or "")
                out = status[5:-1] if status.startswith("out (") and status.endswith(")") else "DQ"
            ev.players.append(
                Player(
                    number=int(p["number"]),
                    first_name=p.get("first_name") or "",
                    last_name=p.get("last_name") or "",
                    city=p.get("city"),
                    vekn=p.get("vekn"),
                    out=out,
                    coin=p.get("coin"),
                )
            )
        for r in data.get("rounds") or []:
            rnd = Round(int(r["round"]))
            for t in r["tables"]:
                seats = sorted(t["seats"], key=_BY_SEAT)
                rnd.tables.append(Table([int(s["player"]) for s in seats], [s.get("vp") for s in seats]))
                if t.get("status") == "overridden":
                    ev.overrides.append(Override(rnd.number, int(t["table"]), t.get("reason") or ""))
            ev.rounds.append(rnd)
        f = data.get("final")
        if f:
            seats = sorted(f["seats"], key=_BY_SEAT)
            ev.final = Final([int(s["player"]) for s in seats], [s.get("vp") for s in seats])
        warnings = list(data.get("warnings") or [])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not archon's standings JSON: {exc!r} is missing or malformed") from None
    players = ev.players_by_number()
    for i, w in enumerate(warnings):
        ev.warnings.append(_warning_read(ev, players, i, w))
    return ev


def _warning_read(ev: Event, players: dict, i: int, w: Any) -> JudgeWarning:
    """``warnings[i]`` of the contract, checked as ``archon warn`` checks a
    warning (:func:`archon.eventday.judging.checked_warning`): a player the event
    has, a round it has seated or the final, a reason of at most
    :data:`archon.eventday.judging.MAX_REASON` characters, not the same warning twice.
    ``players``: the event's players by number. Raises ValueError naming
    the item and what is wrong."""
    from archon.eventday.judging import checked_warning, parse_category, parse_level

    item = f"warnings[{i}]"
    if not isinstance(w, dict) or "player" not in w:
        raise ValueError(f"{item}: expected {{\"player\", \"round\", \"reason\"}}, not {w!r:.80}")
    number = w["player"]
    if isinstance(number, bool) or not isinstance(number, int) or number not in players:
        numbered = f"the players are numbered 1 to {max(players)}" if players else "no player is registered"
        raise ValueError(f"{item}: no player has the number {number!r:.40} ({numbered}): "
                         f"give the number of the player warned, or remove the warning")
    try:
        read = checked_warning(ev, players[number], w.get("reason"), w.get("round"), typed=False)
        read.level = parse_level(w.get("level")) or "warning"  # a file from before sanctions: a warning
        read.category = parse_category(w.get("category"))
        table, judge = w.get("table"), w.get("judge")
        read.table = table if isinstance(table, int) and not isinstance(table, bool) and table > 0 else None
        read.judge = " ".join(judge.split())[:40] or None if isinstance(judge, str) else None
        return read
    except ValueError as exc:  # archon.eventday's refusals
        raise ValueError(f"{item} (to player {number}): {exc}") from None
