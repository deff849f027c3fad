"""Across events: what ``archon rating`` and ``archon league`` compute, as
:mod:`archon.api` returns it.

Reads the files once (:func:`archon.across.archive.read_archive`), builds the
frames (:mod:`archon.across.rating`), computes the ranking or the league standings
(:mod:`archon.across.rating`, :mod:`archon.across.league`) and writes the report workbook
when asked (:mod:`archon.reports.rating_xlsx`). The results carry
DataFrames and say how to turn them into JSON and CSV, so the command line
only prints.
"""

from __future__ import annotations

import datetime as _dt
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

import pandas as pd

from archon.words.errors import WordedError
from archon.words.message import option, say
from archon.across.archive import ArchiveRead, read_archive
from archon.rules.editions import EDITIONS, RATING_SYSTEMS
from archon.exits import ExitStatus
from archon.across.league import LeagueDefinition, LeagueError, league_rows, league_standings, running_totals
from archon.across.rating import elo2001, elo_history, games_frame, ranking, rating_history, ratings, results_frame, unrated, window
from archon.across.results import CONSTRUCTED, LIMITED_CATEGORY

__all__ = ["RatingResult", "LeagueResult", "AcrossError", "read_results", "rating", "league",
           "load_league", "records", "CATEGORIES"]

CATEGORIES = {CONSTRUCTED: "Standard Constructed", LIMITED_CATEGORY: "Limited"}
#: Top players drawn on a report's chart.
CHART_PLAYERS = 8
#: Months of rating history on a report's chart.
CHART_MONTHS = 24


class AcrossError(WordedError, ValueError):
    """Arguments archon cannot follow, or no event could be read (exit status 2)."""

    exit_status = ExitStatus.UNREADABLE


def records(frame: pd.DataFrame) -> list[dict]:
    """Rows as plain dicts for JSON: dates as ``YYYY-MM-DD``, missing values None."""
    out = []
    for row in frame.to_dict(orient="records"):
        clean = {}
        for k, v in row.items():
            if isinstance(v, pd.Timestamp):
                v = v.date().isoformat()
            elif v is pd.NaT or (isinstance(v, float) and math.isnan(v)):
                v = None
            elif hasattr(v, "item"):  # numpy scalars
                v = v.item()
            clean[k] = v
        out.append(clean)
    return out


@dataclass
class Read:
    """Files read once: the archive listing and the two frames."""

    archive: ArchiveRead
    results: pd.DataFrame
    games: pd.DataFrame


def read_results(paths: Iterable, *, processes: Optional[int] = None, progress=None) -> Read:
    """Read every event under ``paths``; :class:`AcrossError` when none could be read."""
    archive = read_archive(list(paths), processes=processes, progress=progress)
    if not archive.events:
        lines = archive.lines()
        raise AcrossError(say("across.none_read", lines=lines[:4] + ([say("text", text="...")] if len(lines) > 4 else [])))
    return Read(archive, results_frame(archive.events), games_frame(archive.events))


def _not_counted(read: Read, extra: Optional[pd.DataFrame] = None) -> pd.DataFrame:
    a = read.archive
    rows = [{"path": str(x.path), "reason": x.reason, "same_as": str(x.same_as) if x.same_as else None}
            for x in a.failed + a.duplicates + a.skipped]
    files = pd.DataFrame(rows, columns=["path", "reason", "same_as"])
    if extra is not None and len(extra):
        files = pd.concat([files, extra.rename(columns={"source": "path"})[["path", "reason"]].assign(
            same_as=None)], ignore_index=True)
    return files


# ---------------------------------------------------------------------------
# archon rating


@dataclass
class RatingResult:
    """What :func:`rating` computed. ``ranking``: the ranking (columns
    :data:`archon.across.rating.RANKING_COLUMNS`); ``ratings``: every player rated
    (the ranking's figures, inactive players included, ``active`` column);
    ``unrated``: result rows that cannot be rated (no VEKN number...), with
    the reason; ``players``: VEKN number -> that player's events (``counted``
    says which make the rating); ``archive``: the files read, failed,
    duplicated, skipped; ``frame``: the results frame; ``after_as_of``: the
    events read but dated after ``as_of``, left out (:meth:`left_out`)."""

    as_of: _dt.date
    category: str
    system: str
    ranking: pd.DataFrame
    ratings: pd.DataFrame
    unrated: pd.DataFrame
    players: dict[str, pd.DataFrame]
    archive: ArchiveRead
    frame: pd.DataFrame
    written: Optional[Path] = None
    after_as_of: list = field(default_factory=list)

    def left_out(self) -> Optional[str]:
        """What the ranking leaves out because of ``as_of``, in a sentence
        saying how to count it; None when nothing is."""
        if not self.after_as_of:
            return None
        from archon.words.wording import count

        n = len(self.after_as_of)
        read = int(self.frame["source"].nunique()) if len(self.frame) else 0
        said = (f"all {count(n, 'event')} read are" if n == read and n > 1 else "the event read is" if n == read
                else f"{count(n, 'event')} of the {read} read {'is' if n == 1 else 'are'}")
        them = "it" if n == 1 else "them"
        return (f"{said} dated after {self.as_of.isoformat()} (--as-of; the default is today), so this ranking "
                f"leaves {them} out: give --as-of {max(self.after_as_of).isoformat()} (the latest event's date) "
                f"to count {them}")

    def as_dict(self) -> dict:
        inactive = self.ratings[~self.ratings["active"]].reset_index()
        return {
            "as_of": self.as_of.isoformat(),
            "category": self.category,
            "system": self.system,
            "ranking": records(self.ranking),
            "inactive": records(inactive[["vekn", "name", "city", "rating", "last_played"]]),
            "unrated": records(self.unrated[["source", "event", "date", "number", "name", "reason"]]),
            "players": {v: records(f) for v, f in self.players.items()},
            "files": self.archive.as_dict(),
            "after_as_of": [d.isoformat() for d in self.after_as_of],
        }


def _events_after(frame: pd.DataFrame, as_of: _dt.date) -> list:
    """The date of each event (file) in ``frame`` dated after ``as_of``, in date order."""
    later = frame[frame["date"] > pd.Timestamp(as_of)]
    return sorted(d.date() for d in later.groupby("source")["date"].first())


def _system_for(read: Read, system: Optional[str]) -> str:
    if system is not None:
        if system not in RATING_SYSTEMS:
            raise AcrossError(say("across.unknown_system", value=repr(system), systems=list(RATING_SYSTEMS)))
        return system
    editions = set(read.archive.editions)
    systems = {EDITIONS[e].rating_system for e in editions}
    return systems.pop() if len(systems) == 1 else "rtp"


def _player_events(read: Read, vekn: str, as_of, category: str, system: str) -> pd.DataFrame:
    cols = ["date", "event", "games", "gw", "vp", "rank", "rating_points"]
    if system == "rtp":
        w = window(read.results, as_of, category)
        rows = w[w["vekn"] == vekn].sort_values("date")
        return rows[[*cols, "counted", "source"]].reset_index(drop=True)
    f = read.results
    rows = f[(f["vekn"] == vekn) & (f["category"] == category) & (f["date"] <= pd.Timestamp(as_of))]
    return rows.sort_values("date")[[*cols, "source"]].reset_index(drop=True)


def _history(read: Read, table: pd.DataFrame, as_of, category: str, system: str) -> pd.DataFrame:
    top = list(table["vekn"].head(CHART_PLAYERS))
    if system == "elo2001":
        return elo_history(read.games, top, as_of, category)
    months = pd.date_range(end=pd.Timestamp(as_of), periods=CHART_MONTHS, freq="MS")
    return rating_history(read.results, top, [*months[1:], pd.Timestamp(as_of)], category)


def rating(
    paths: Iterable,
    *,
    as_of=None,
    category: str = CONSTRUCTED,
    country: Optional[str] = None,
    system: Optional[str] = None,
    players: Sequence[str] = (),
    xlsx=None,
    force: bool = False,
    processes: Optional[int] = None,
    progress=None,
) -> RatingResult:
    """See :func:`archon.api.rating`."""
    if category not in CATEGORIES:
        raise AcrossError(say("across.unknown_category", value=repr(category), categories=list(CATEGORIES)))
    as_of = _as_date(as_of, "as_of") or _dt.date.today()
    if xlsx is not None:
        from archon.reports.output import RATING_WORKBOOK, check_target

        check_target(xlsx, RATING_WORKBOOK, force=force)
    read = read_results(paths, processes=processes, progress=progress)
    system = _system_for(read, system)
    if system == "elo2001":
        table = elo2001(read.games, read.results, as_of, category)
    else:
        table = ratings(read.results, as_of, category)
    missing = [v for v in players if v not in table.index and v not in set(read.results["vekn"].dropna())]
    if missing:
        raise AcrossError(say("across.players_not_found", players=missing))
    result = RatingResult(
        as_of=as_of, category=category, system=system, ranking=ranking(table, country), ratings=table,
        unrated=unrated(read.results), archive=read.archive, frame=read.results,
        players={v: _player_events(read, v, as_of, category, system) for v in players},
        after_as_of=_events_after(read.results, as_of),
    )
    if xlsx is not None:
        from archon.reports.rating_xlsx import write_table_report

        what = "rating points, best 8 events in 18 months" if system == "rtp" else "Elo, 2001 rules"
        result.written = write_table_report(
            xlsx, kind=RATING_WORKBOOK, force=force, title=f"Ranking: {CATEGORIES[category]}, {as_of.isoformat()} ({what})", table=result.ranking,
            players=result.players, history=_history(read, result.ranking, as_of, category, system),
            history_title=f"Top players' rating over time ({CATEGORIES[category]})", y_title="rating",
            not_counted=_not_counted(read, result.unrated),
        )
    return result


def _as_date(value, what: str) -> Optional[_dt.date]:
    if value is None or value == "":
        return None
    if isinstance(value, _dt.date):
        return value
    try:
        return _dt.date.fromisoformat(str(value))
    except ValueError:
        raise AcrossError(say("across.not_a_date", option=option(what), value=repr(value))) from None


# ---------------------------------------------------------------------------
# archon league


@dataclass
class LeagueResult:
    """What :func:`league` computed: the ``definition``, the ``standings``
    (:func:`archon.across.league.league_standings`), ``results`` (every rated
    result of the league, ``counted`` saying which count), ``running``
    (the top players' running totals by date) and the ``archive``."""

    definition: LeagueDefinition
    standings: pd.DataFrame
    results: pd.DataFrame
    running: pd.DataFrame
    archive: ArchiveRead
    written: Optional[Path] = None

    def as_dict(self) -> dict:
        d = self.definition
        cols = ["vekn", "date", "event", "gw", "vp", "tp", "rating_points", "counted"]
        return {
            "name": d.name, "best": d.best, "points": d.points,
            "from": d.start.isoformat() if d.start else None, "to": d.end.isoformat() if d.end else None,
            "standings": records(self.standings),
            "results": records(self.results.sort_values(["vekn", "date"])[cols]),
            "files": self.archive.as_dict(),
        }


def load_league(path) -> LeagueDefinition:
    """Read a league file (TOML; see :meth:`archon.across.league.LeagueDefinition.from_dict`);
    its ``events`` are taken relative to the file's folder."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib

    from archon.formats.special_files import special_kind

    p = Path(path)
    kind = special_kind(p)
    if kind is not None:
        raise LeagueError(say("league.special", file=p.name, kind=kind))
    try:
        doc = tomllib.loads(p.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise LeagueError(say("league.cannot_read", file=str(p), error=exc.strerror or str(exc))) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LeagueError(say("league.not_toml", file=p.name, error=str(exc))) from None
    d = LeagueDefinition.from_dict(doc, p.name)
    d.paths = [str(p.parent / e) for e in d.paths] or [str(p.parent)]
    return d


def league(
    paths: Sequence,
    *,
    best: Optional[int] = None,
    points: Optional[str] = None,
    start=None,
    end=None,
    name: Optional[str] = None,
    xlsx=None,
    force: bool = False,
    processes: Optional[int] = None,
    progress=None,
) -> LeagueResult:
    """See :func:`archon.api.league`."""
    paths = [str(p) for p in paths]
    if len(paths) == 1 and paths[0].lower().endswith(".toml"):
        d = load_league(paths[0])
    else:
        if best is None:
            raise AcrossError(say("league.best_missing", best=option("best")))
        d = LeagueDefinition(best=best, paths=paths)
    try:
        d = LeagueDefinition(
            best=best if best is not None else d.best, name=name if name is not None else d.name, paths=d.paths,
            points=points or d.points, start=_as_date(start, "start") or d.start,
            end=_as_date(end, "end") or d.end,
        )
    except LeagueError as exc:
        raise AcrossError(exc.message) from None
    if xlsx is not None:
        from archon.reports.output import LEAGUE_WORKBOOK, check_target

        check_target(xlsx, LEAGUE_WORKBOOK, force=force)
    read = read_results(d.paths, processes=processes, progress=progress)
    standings = league_standings(read.results, d)
    top = list(standings["vekn"].head(CHART_PLAYERS))
    result = LeagueResult(d, standings, league_rows(read.results, d), running_totals(read.results, d, top),
                          read.archive)
    if xlsx is not None:
        from archon.reports.rating_xlsx import write_table_report

        counted = "rating points" if d.points == "rating" else "GW, then VP, then TP"
        players = {v: result.results[result.results["vekn"] == v].sort_values("date")[
            ["date", "event", "gw", "vp", "tp", "rating_points", "counted", "source"]] for v in top}
        result.written = write_table_report(
            xlsx, kind=LEAGUE_WORKBOOK, force=force, title=f"{d.name or 'League'}: best {d.best} results by {counted}", table=standings,
            players=players, history=result.running,
            history_title=f"{d.name or 'League'}: running totals", y_title="points" if d.points == "rating" else "GW",
            not_counted=_not_counted(read, unrated(read.results)),
        )
    return result
