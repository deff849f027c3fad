"""What the console's pages show, arranged from one :class:`~archon.web.workbook.State`.

Nothing here scores or ranks: the numbers are the standings contract's, the
verdicts the twins'. This module only picks what each page lays out: the
round in progress, each table's status, where each player sits now.
"""

from __future__ import annotations

from typing import Any, Optional

from archon.rules.model import searched_name
from archon.reports.data import display_name
from archon.reports.render import results_context
from archon.web.workbook import State

__all__ = ["page_context"]

#: Table statuses that count as finished.
DONE = ("complete", "overridden")


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


def _where(data: dict, current: Optional[dict]) -> dict[int, str]:
    """Each player's seat now: at the final once it is seated, else in the current round."""
    out: dict[int, str] = {}
    if data.get("final"):
        for p in data["players"]:
            if p.get("final_rank") is not None:
                out[p["number"]] = f"Place {p['final_rank']}"
        for s in data["final"]["seats"]:
            out[s["player"]] = f"Final: seat {s['seat']}" + (f", place {out[s['player']][6:]}" if s["player"] in out else "")
        return out
    if current is not None:
        for t in current["tables"]:
            for s in t["seats"]:
                out[s["player"]] = f"Round {current['round']}: table {t['table']}, seat {s['seat']}"
    return out


def page_context(state: State, *, name: str, key: str, open_in: Optional[str], organizer: bool) -> dict[str, Any]:
    """The template context of both pages."""
    from archon.words.wording import naming_workbook_in

    # the commands its texts tell the organizer to type name the workbook, as typed
    ctx: dict[str, Any] = {
        "file": name, "key": key, "version": state.version, "open_in": open_in,
        "error": naming_workbook_in(state.error, name),
        "organizer": organizer, "problems": naming_workbook_in(state.problems, name),
        "finals": naming_workbook_in(state.finals, name),
    }
    data = state.standings
    if data is None:
        return {**ctx, "data": None}
    results = results_context(data, name)
    seated = results["rounds"]
    summaries = [_round_summary(r) for r in seated]
    current = _current_round(seated, summaries)
    prelim = data["event"]["rounds_to_play"]  # standings.planned_rounds: 6, 7 or 11 players of a 2R+F event play 3
    # a round with a result (an official Archon's chart seats every round with VPs 0: pending, not played)
    played = [r["round"] for r in seated if any((t.get("status") or "pending") != "pending" for t in r["tables"])]
    next_round = min(prelim, max(played, default=0) + 1)
    where = _where(data, current)
    roster = sorted(data["players"], key=lambda p: p["number"])
    return {
        **ctx,
        **results,
        "summaries": summaries,
        "current": current,
        "next_round": next_round,
        "preliminary_rounds": prelim,
        "roster": [{**p, "name": display_name(p), "where": where.get(p["number"], ""),
                    "searched": searched_name(p["first_name"], p["last_name"])} for p in roster],
        "errors": [p for p in state.problems if p.get("severity") == "error"],
    }
