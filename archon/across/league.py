"""Leagues: standings across a series of events, computed with pandas.

A league counts each player's best ``best`` results between two dates,
either by rating points (``points="rating"``: the sum of the best results'
rating points) or by game results (``points="gw-vp"``: the best results by
GW, then VP, then TP, summed, and ranked by GW, then VP, then TP). Players
with equal totals share a rank (``tied``). :class:`LeagueDefinition` is the
league as a small TOML file describes it (:meth:`LeagueDefinition.from_dict`
takes the parsed document; :mod:`archon.api` reads the file).

Takes and returns DataFrames (the frame of :func:`archon.across.rating.results_frame`);
no files.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Optional, Sequence

import pandas as pd

from archon.words.errors import WordedError
from archon.words.message import say
from archon.exits import ExitStatus

__all__ = ["POINTS", "LeagueDefinition", "LeagueError", "league_rows", "league_standings", "running_totals"]

#: How a league counts results.
POINTS = ("rating", "gw-vp")
_KEYS = {"rating": ["rating_points"], "gw-vp": ["gw", "vp", "tp"]}


class LeagueError(WordedError, ValueError):
    """A league definition archon cannot follow (exit status 2)."""

    exit_status = ExitStatus.UNREADABLE


@dataclass
class LeagueDefinition:
    """A league: its ``name``, the event ``paths``, the ``best`` N results
    counted, ``points`` (``"rating"`` or ``"gw-vp"``) and the dates."""

    best: int
    name: str = ""
    paths: list[str] = field(default_factory=list)
    points: str = "rating"
    start: Optional[_dt.date] = None
    end: Optional[_dt.date] = None

    def __post_init__(self) -> None:
        if isinstance(self.best, bool) or not isinstance(self.best, int) or self.best < 1:
            raise LeagueError(say("league.best", value=repr(self.best)))
        if self.points not in POINTS:
            raise LeagueError(say("league.points", value=repr(self.points), points=list(POINTS)))
        if self.start and self.end and self.start > self.end:
            raise LeagueError(say("league.dates", start=str(self.start), end=str(self.end)))

    @classmethod
    def from_dict(cls, doc: dict, where: str = "the league file") -> "LeagueDefinition":
        """From a parsed TOML document::

            name = "Winter League"
            events = ["winter/", "extra/2026-01-10 cup.xlsx"]
            best = 3
            points = "rating"          # or "gw-vp"
            from = 2025-11-01
            to = 2026-02-28
        """
        known = {"name", "events", "best", "points", "from", "to"}
        unknown = sorted(set(doc) - known)
        if unknown:
            raise LeagueError(say("league.unknown_keys", file=where, keys=unknown, known=sorted(known)))
        if "best" not in doc:
            raise LeagueError(say("league.no_best", file=where))
        events = doc.get("events", [])
        if isinstance(events, str):
            events = [events]
        if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
            raise LeagueError(say("league.events", file=where))
        return cls(best=doc["best"], name=str(doc.get("name", "")), paths=list(events),
                   points=str(doc.get("points", "rating")),
                   start=_date(doc.get("from"), "from", where), end=_date(doc.get("to"), "to", where))


def _date(value, key: str, where: str) -> Optional[_dt.date]:
    if value is None or isinstance(value, _dt.date):
        return value
    try:
        return _dt.date.fromisoformat(str(value))
    except ValueError:
        raise LeagueError(say("league.date", file=where, key=key, value=repr(value))) from None


def league_rows(frame: pd.DataFrame, league: LeagueDefinition) -> pd.DataFrame:
    """The league's rated results, with ``counted``: each player's best
    ``league.best`` (on equal results, the earliest first)."""
    f = frame[frame["rated"]]
    if league.start is not None:
        f = f[f["date"] >= pd.Timestamp(league.start)]
    if league.end is not None:
        f = f[f["date"] <= pd.Timestamp(league.end)]
    keys = _KEYS[league.points]
    f = f.sort_values(["vekn", *keys, "date"], ascending=[True] + [False] * len(keys) + [True])
    return f.assign(counted=f.groupby("vekn").cumcount() < league.best)


def league_standings(frame: pd.DataFrame, league: LeagueDefinition) -> pd.DataFrame:
    """The standings: ``rank``, ``tied`` (True when another player has the
    same rank), ``vekn``, ``name``, ``city``, the totals (``points`` for a
    rating league; ``gw``, ``vp``, ``tp`` for a gw-vp league), ``counted``
    and ``played`` (results)."""
    f = league_rows(frame, league)
    c = f[f["counted"]]
    g = c.groupby("vekn")
    if league.points == "rating":
        out = pd.DataFrame({"points": g["rating_points"].sum()})
        key = out["points"].round(6)
    else:
        out = pd.DataFrame({"gw": g["gw"].sum().astype(int), "vp": g["vp"].sum(), "tp": g["tp"].sum()})
        # one number that orders as (GW, VP, TP) does: half VPs and whole TP are exact
        key = (out["gw"] * 10**6 + (out["vp"] * 2).round()) * 10**7 + out["tp"].round()
    out["counted"] = g.size()
    out["played"] = f.groupby("vekn").size()
    latest = f.sort_values("date").groupby("vekn")[["name", "city"]].last()
    out = out.join(latest)
    out["rank"] = key.rank(method="min", ascending=False).astype(int)
    out["tied"] = out["rank"].duplicated(keep=False)
    out = out.reset_index().sort_values(["rank", "vekn"]).reset_index(drop=True)
    totals = ["points"] if league.points == "rating" else ["gw", "vp", "tp"]
    return out[["rank", "tied", "vekn", "name", "city", *totals, "counted", "played"]]


def running_totals(frame: pd.DataFrame, league: LeagueDefinition, players: Sequence[str]) -> pd.DataFrame:
    """Each of ``players``' league total after each event date (the best N so
    far): a frame indexed by date, a column per player. For a gw-vp league
    the total shown is the GW."""
    f = league_rows(frame, league)
    f = f[f["vekn"].isin(list(players))]
    column = "points" if league.points == "rating" else "gw"
    rows = {}
    for day in sorted(f["date"].dropna().unique()):  # one per event date of the league: a few
        upto = frame[frame["date"] <= day]
        s = league_standings(upto[upto["vekn"].isin(list(players))], league).set_index("vekn")[column]
        rows[pd.Timestamp(day)] = s.reindex(list(players)).fillna(0)
    return pd.DataFrame.from_dict(rows, orient="index", columns=list(players))
