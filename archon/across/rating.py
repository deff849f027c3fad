"""The VEKN rating and ranking across events, computed with pandas.

Everything here takes plain rows or DataFrames (no files; :mod:`archon.across.archive`
reads them) and returns DataFrames:

* :func:`results_frame` / :func:`games_frame`: the rows of
  :mod:`archon.across.results` as frames (a row per event and player; a row per seat
  of a scored game);
* :func:`window` and :func:`ratings`: the current rating (Appendix A of the
  current rules): on the ``as_of`` date, a player's rating is the sum of the
  rating points of their best 8 events in the preceding 18 months, kept apart
  for Standard Constructed and Limited; a player with no rated round in the
  last 12 months is out of the ranking but keeps the figures;
* :func:`ranking`: the ranking (ties share a rank), optionally by country;
* :func:`elo2001`: the 2001-2002 rules' Elo rating (Appendix A.1);
* :func:`rating_history`: ratings on a series of dates (the report's chart).

Players are matched across events by VEKN number only; rows without a valid
VEKN number are unrated (:func:`unrated`). The constants come from
:mod:`archon.rules.editions`.
"""

from __future__ import annotations

import datetime as _dt
from typing import Iterable, Optional, Sequence

import numpy as np
import pandas as pd

from archon.rules.editions import EDITIONS, RuleEdition
from archon.across.results import CONSTRUCTED, GAME_COLUMNS, RESULT_COLUMNS, EventResults

__all__ = [
    "results_frame",
    "games_frame",
    "window",
    "ratings",
    "ranking",
    "unrated",
    "elo2001",
    "elo_history",
    "rating_history",
    "RANKING_COLUMNS",
]

#: Columns of a ranking, in order.
RANKING_COLUMNS = ("rank", "vekn", "name", "city", "rating", "counted", "played", "games", "gw", "vp")

CURRENT = EDITIONS["current"]
EDITION_2001 = EDITIONS["2001"]


def results_frame(events: Iterable[EventResults]) -> pd.DataFrame:
    """One row per (event, player), columns :data:`archon.across.results.RESULT_COLUMNS`;
    ``date`` is a pandas datetime (NaT when the file has no date)."""
    rows = [r for ev in events for r in ev.results]
    frame = pd.DataFrame.from_records(rows, columns=list(RESULT_COLUMNS))
    frame["date"] = pd.to_datetime(frame["date"])
    return frame


def games_frame(events: Iterable[EventResults]) -> pd.DataFrame:
    """One row per seat of a scored game, columns :data:`archon.across.results.GAME_COLUMNS`."""
    rows = [r for ev in events for r in ev.games]
    frame = pd.DataFrame.from_records(rows, columns=list(GAME_COLUMNS))
    frame["date"] = pd.to_datetime(frame["date"])
    return frame


def _day(as_of) -> pd.Timestamp:
    return pd.Timestamp(as_of if as_of is not None else _dt.date.today()).normalize()


def unrated(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows that cannot be rated: no valid VEKN number, no date, or an
    unsanctioned event, with the ``reason`` in words."""
    reason = pd.Series("", index=frame.index)
    reason = reason.mask(~frame["sanctioned"], "the event is not sanctioned")
    reason = reason.mask(frame["date"].isna(), "the event has no date")
    reason = reason.mask(~frame["rated"], "no valid VEKN number (7 digits)")
    out = frame.assign(reason=reason)
    return out[out["reason"] != ""]


def window(frame: pd.DataFrame, as_of=None, category: str = CONSTRUCTED,
           edition: RuleEdition = CURRENT) -> pd.DataFrame:
    """The rated results of the window ending on ``as_of`` (inclusive; the
    window starts ``rating_window_months`` before, exclusive), with a
    ``counted`` column: True for each player's best ``rating_best_events``
    by rating points (on equal points, the most recent first)."""
    day = _day(as_of)
    start = day - pd.DateOffset(months=edition.rating_window_months)
    keep = (
        (frame["category"] == category) & frame["rated"] & frame["sanctioned"]
        & (frame["date"] > start) & (frame["date"] <= day)
    )
    f = frame[keep].sort_values(["vekn", "rating_points", "date"], ascending=[True, False, False])
    return f.assign(counted=f.groupby("vekn").cumcount() < edition.rating_best_events)


def _identity(frame: pd.DataFrame, day: pd.Timestamp) -> pd.DataFrame:
    """Each player's name and city as their latest file (up to ``day``) gives them."""
    f = frame[frame["rated"] & (frame["date"].isna() | (frame["date"] <= day))]
    return f.sort_values("date", na_position="first").groupby("vekn")[["name", "city"]].last()


def ratings(frame: pd.DataFrame, as_of=None, category: str = CONSTRUCTED,
            edition: RuleEdition = CURRENT) -> pd.DataFrame:
    """Every player with a rated result in the window, indexed by VEKN number:
    ``rating`` (sum of the counted events' rating points), ``counted`` and
    ``played`` (events), ``games``, ``gw``, ``vp`` (over the window),
    ``last_played`` (the last rated event where they played a round, in
    either category: the text says "no rated tournament rounds played") and
    ``active`` (such a round in the last ``rating_inactive_months``)."""
    day = _day(as_of)
    f = window(frame, day, category, edition)
    g = f.groupby("vekn")
    out = pd.DataFrame({
        "rating": f["rating_points"].where(f["counted"], 0.0).groupby(f["vekn"]).sum(),
        "counted": g["counted"].sum().astype(int),
        "played": g.size(),
        "games": g["games"].sum().astype(int),
        "gw": g["gw"].sum().astype(int),
        "vp": g["vp"].sum(),
    })
    # "no rated tournament rounds played": any rated round counts, in either category
    played = frame[frame["rated"] & frame["sanctioned"] & (frame["games"] > 0) & (frame["date"] <= day)]
    out = out.join(played.groupby("vekn")["date"].max().rename("last_played"))
    inactive_since = day - pd.DateOffset(months=edition.rating_inactive_months)
    out["active"] = out["last_played"].notna() & (out["last_played"] > inactive_since)
    out = out.join(_identity(frame, day))
    out.index.name = "vekn"
    return out


def ranking(table: pd.DataFrame, country: Optional[str] = None) -> pd.DataFrame:
    """The ranking from :func:`ratings` (or :func:`elo2001`): active players by
    rating, ties sharing the best rank; ``country`` keeps the players whose
    country or city (as the files carry it) is that one (any case)."""
    r = table[table["active"]]
    if country:
        r = r[r["city"].fillna("").str.strip().str.casefold() == country.strip().casefold()]
    r = r.reset_index()
    r["rank"] = r["rating"].round(6).rank(method="min", ascending=False).astype(int)
    r = r.sort_values(["rank", "vekn"]).reset_index(drop=True)
    return r[[c for c in RANKING_COLUMNS if c in r.columns]]


def rating_history(frame: pd.DataFrame, players: Sequence[str], dates: Sequence,
                   category: str = CONSTRUCTED, edition: RuleEdition = CURRENT) -> pd.DataFrame:
    """Ratings of ``players`` (VEKN numbers) on each of ``dates``: a frame
    indexed by date, a column per player (0 when nothing counts)."""
    f = frame[frame["vekn"].isin(list(players))]
    rows = {}
    for day in dates:  # a handful of dates (the chart's points), each a groupby
        r = ratings(f, day, category, edition)["rating"]
        rows[_day(day)] = r.reindex(list(players)).fillna(0.0)
    return pd.DataFrame.from_dict(rows, orient="index", columns=list(players))


# ---------------------------------------------------------------------------
# Elo, 2001-2002 rules, Appendix A.1


def _pairs(games: pd.DataFrame) -> pd.DataFrame:
    """Every (player, opponent) pair of every game, with the player's score
    against that opponent: 1 for more VP, 1/2 for as many, 0 for fewer."""
    g = games.reset_index(drop=True)
    g["game"] = g.groupby(["event_id", "order", "table"], sort=False).ngroup()
    p = g.merge(g[["game", "key", "vp"]], on="game", suffixes=("", "_opp"))
    p = p[p["key"] != p["key_opp"]]
    return p.assign(score=(np.sign(p["vp"] - p["vp_opp"]) + 1) / 2)


def _elo_games(games: pd.DataFrame, as_of, category: str) -> pd.DataFrame:
    day = _day(as_of)
    g = games[(games["category"] == category) & games["date"].notna() & (games["date"] <= day)]
    # An unrated player is a newcomer at 3000 for that one event (never matched across events).
    key = g["vekn"].where(g["vekn"].notna(), g["event_id"] + "#" + g["player"].astype(str))
    return g.assign(key=key)


def _elo_run(pairs: pd.DataFrame, players: pd.Index, edition: RuleEdition):
    """Apply the games in chronological order; yield (date, codes, ratings)
    after each round of each event (its tables are played at once, by
    different players, so they all use the ratings from before the round)."""
    if pairs.empty:  # no game on or before the date: every rating stays where it starts
        return
    p = pairs.sort_values(["date", "event_id", "order"], kind="stable")
    i = players.get_indexer(p["key"])
    j = players.get_indexer(p["key_opp"])
    score = p["score"].to_numpy(float)
    batch = p.groupby(["date", "event_id", "order"], sort=False).ngroup().to_numpy()
    bounds = np.flatnonzero(np.diff(batch)) + 1
    starts = np.concatenate(([0], bounds))
    ends = np.concatenate((bounds, [len(batch)]))
    dates = p["date"].to_numpy()
    rating = np.full(len(players), edition.elo_start)
    for s, e in zip(starts, ends):  # rounds are sequential by nature: one numpy step each
        ii, jj = i[s:e], j[s:e]
        expected = 1.0 / (10.0 ** ((rating[jj] - rating[ii]) / edition.elo_scale) + 1.0)
        np.add.at(rating, ii, edition.elo_k * (score[s:e] - expected))
        yield dates[s], ii, rating


def elo2001(games: pd.DataFrame, results: pd.DataFrame, as_of=None, category: str = CONSTRUCTED,
            edition: RuleEdition = EDITION_2001) -> pd.DataFrame:
    """The Elo rating of the 2001-2002 rules (Appendix A.1), on ``as_of``.

    As the text says: every player starts at 3000 with their first game;
    games are taken in chronological order; in each game a player's rating
    changes by the sum, over every opponent at the table, of
    ``32 x (score - expected)``, where score is 1, 1/2 or 0 as the player
    has more, as many or fewer VP than that opponent in that game, and
    ``expected = 1 / (10^((opponent - player) / 400) + 1)``. Ratings and
    categories (Standard Constructed, Limited) as in A.1; there is no
    inactivity rule in that text, so every rated player is ranked.

    Returns the same columns as :func:`ratings` (``rating`` is the Elo).
    """
    g = _elo_games(games, as_of, category)
    pairs = _pairs(g)
    players = pd.Index(pd.unique(g["key"]))
    rating = np.full(len(players), edition.elo_start)
    for _, _, rating in _elo_run(pairs, players, edition):
        pass
    elo = pd.Series(rating, index=players, name="rating")
    elo = elo[elo.index.isin(g.loc[g["vekn"].notna(), "vekn"])]
    day = _day(as_of)
    r = results[(results["category"] == category) & results["rated"] & (results["date"] <= day)]
    grouped = r.groupby("vekn")
    out = pd.DataFrame({
        "rating": elo,
        "played": grouped.size(),
        "games": grouped["games"].sum(),
        "gw": grouped["gw"].sum(),
        "vp": grouped["vp"].sum(),
        "last_played": r[r["games"] > 0].groupby("vekn")["date"].max(),
    }).dropna(subset=["rating"])
    out["counted"] = out["played"]
    out["active"] = True
    out = out.join(_identity(results, day))
    out.index.name = "vekn"
    return out.astype({"played": int, "games": int, "gw": int, "counted": int})


def elo_history(games: pd.DataFrame, players: Sequence[str], as_of=None, category: str = CONSTRUCTED,
                edition: RuleEdition = EDITION_2001) -> pd.DataFrame:
    """Elo of ``players`` after each date they played: a frame indexed by
    date, a column per player (carried forward between games)."""
    g = _elo_games(games, as_of, category)
    players_index = pd.Index(pd.unique(g["key"]))
    wanted = players_index.get_indexer(list(players))  # type: ignore[arg-type]  # pandas takes a list too
    points: list[tuple] = []
    for date, codes, rating in _elo_run(_pairs(g), players_index, edition):
        hit = np.intersect1d(codes, wanted)
        points.extend((date, players_index[c], rating[c]) for c in hit)
    h = pd.DataFrame(points, columns=["date", "vekn", "rating"])
    wide = h.groupby(["date", "vekn"])["rating"].last().unstack()
    return wide.reindex(columns=list(players)).ffill().fillna(edition.elo_start)
