"""The commands across events: ``archon rating`` and ``archon league``
(twins in :mod:`archon.api.across`; pandas)."""

from __future__ import annotations

import sys

import click

from archon.api import across as twins
from archon.api.json_output import versioned
from archon.cli.conversion import one_output
from archon.cli.options import command, json_option
from archon.cli.output import as_printed, number, say, say_json
from archon.cli.progress import FilesProgress
from archon.cli.writing import writes
from archon.formats.csvcells import csv_cell
from archon.words.message import say as message

__all__ = ["rating", "league"]


def _print_frame(frame, as_csv: bool, columns, widths) -> None:
    """A DataFrame as CSV (``--csv``) or as aligned text."""
    if as_csv:
        from pandas.api import types as kinds

        frame = frame[list(columns)].copy()
        for c in frame.columns:  # text a spreadsheet would run gets a leading '; numbers, dates as they are
            col = frame[c]
            if not (kinds.is_numeric_dtype(col) or kinds.is_bool_dtype(col) or kinds.is_datetime64_any_dtype(col)):
                frame[c] = col.map(csv_cell)
        frame.to_csv(sys.stdout, index=False, lineterminator="\n", date_format="%Y-%m-%d")
        return
    headers = [_header(c) for c in columns]
    # a longer word (a header in another language) widens its column
    widths = [max(w, len(h)) if w > 0 else min(w, -len(h)) for h, w in zip(headers, widths)]
    header = " ".join(f"{c:>{w}}" if w > 0 else f"{c:<{-w}}" for c, w in zip(headers, widths))
    click.echo(header)
    click.echo("-" * len(header))
    for row in frame[list(columns)].itertuples(index=False):
        cells = []
        for v, w in zip(row, widths):
            text = "" if v is None or v != v else (
                number(float(v), 2) if isinstance(v, float) and not float(v).is_integer()
                else number(float(v)) if isinstance(v, float) else str(v))
            cells.append(f"{text[:abs(w)]:>{w}}" if w > 0 else f"{text[:-w]:<{-w}}")
        click.echo(" ".join(cells))


#: The words of the columns' headers, by column (abbreviations stay as they are).
_HEADERS = {"rank": "cli.column.rank", "name": "cli.column.name", "city": "cli.column.city",
            "rating": "cli.column.rating", "counted": "cli.column.counted", "played": "cli.column.played",
            "games": "cli.column.games", "date": "cli.column.date", "event": "cli.column.event",
            "points": "cli.column.points"}


def _header(column: str) -> str:
    return as_printed(_HEADERS[column]) if column in _HEADERS else column


def _files_report(archive) -> None:
    """What was not counted, on standard error (the output stays clean)."""
    for line in archive.lines():
        click.echo(as_printed(line), err=True)


@command("rating")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD", help="The ranking on that day (default: today); events dated after it are left out, and said so.")
@click.option("--category", type=click.Choice(["constructed", "limited"]), default="constructed", show_default=True,
              help="Standard Constructed or Limited (all limited formats): rated apart.")
@click.option("--country", default=None, help="Only players whose country (or city) in the files is this one.")
@click.option("--system", type=click.Choice(["rtp", "elo2001"]), default=None,
              help="rtp: rating points, best 8 events in 18 months (current rules, Appendix A); elo2001: the "
                   "2001 rules' Elo (default when every event runs under the 2001 rules).")
@click.option("--player", "players", multiple=True, metavar="VEKN",
              help="With --xlsx (or --json): a sheet of this player's events, counted and dropped. Repeatable.")
@json_option("Print the ranking, inactive and unrated players and the files as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the ranking as CSV.")
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), default=None,
              help="Write a report workbook: the ranking, a sheet per --player, a chart of the top players' rating over time.")
@click.option("--force", is_flag=True, help="With --xlsx: replace an earlier rating workbook (never another file).")
@click.option("--processes", type=click.IntRange(1), default=None, help="Processes reading files (default: one per CPU for large archives).")
@writes
def rating(paths, as_of, category, country, system, players, as_json, as_csv, xlsx_out, force, processes):
    """The files that cannot be read, the duplicates and the other files
    are listed on standard error.

    \b
    Examples:
      archon rating events/ --as-of 2026-06-30
      archon rating events/ --category limited --country France --csv > ranking.csv
      archon rating events/ --xlsx ranking.xlsx --player 3000123
      archon rating 2001-2002/ --system elo2001
    """
    one_output(as_json, as_csv)
    with FilesProgress(as_printed("cli.progress.reading")) as bar:
        result = twins.rating(paths, as_of=as_of, category=category, country=country, system=system,
                              players=players, xlsx=xlsx_out, force=force, processes=processes, progress=bar)
    if as_json:
        say_json(versioned("rating", result.as_dict()), ensure_ascii=False, indent=1)
    else:
        _print_ranking(result, as_csv)
    if result.written is not None:
        say("cli.wrote", err=True, file=str(result.written))
    note = result.left_out()
    if note:
        say("cli.note", err=True, note=note)
    groups = result.unrated.groupby(["source", "reason"]).size()
    for k, ((source, reason), n) in enumerate(groups.items()):
        if k == 10:
            say("cli.rating.unrated_more", err=True, files=len(groups) - 10)
            break
        say("cli.rating.unrated", err=True, source=str(source), results=int(n), reason=str(reason))
    _files_report(result.archive)


def _print_ranking(result, as_csv: bool) -> None:
    if not as_csv:
        system = message("cli.rating.rtp") if result.system == "rtp" else message("cli.rating.elo2001")
        category = {"constructed": message("cli.rating.constructed"),
                    "limited": message("cli.rating.limited")}.get(result.category, result.category)
        say("cli.rating.title", date=result.as_of, category=category, system=system, players=len(result.ranking))
    _print_frame(result.ranking, as_csv, ("rank", "vekn", "name", "city", "rating", "counted", "played",
                                          "games", "gw", "vp"), (4, -8, -26, -14, 8, 7, 6, 5, 3, 5))
    if as_csv:
        return
    for vekn, events in result.players.items():
        click.echo("")
        say("cli.rating.player_events", vekn=vekn,
            how=message("cli.rating.counted") if "counted" in events else message("cli.rating.by_date"))
        shown = events.assign(date=events["date"].dt.strftime("%Y-%m-%d"))
        cols = [c for c in ("date", "event", "games", "gw", "vp", "rating_points", "counted") if c in shown]
        _print_frame(shown, False, cols, [-10, -28, 5, 3, 5, 13, 7][:len(cols)])


@command("league")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--best", type=click.IntRange(1), default=None, help="How many of each player's results count.")
@click.option("--points", type=click.Choice(["rating", "gw-vp"]), default=None,
              help="Count results by rating points (default), or by GW, then VP, then TP.")
@click.option("--from", "start", default=None, metavar="YYYY-MM-DD", help="First day of the league.")
@click.option("--to", "end", default=None, metavar="YYYY-MM-DD", help="Last day of the league.")
@click.option("--name", default=None, help="The league's name.")
@json_option("Print the standings and each result (counted or not) as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the standings as CSV.")
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), default=None,
              help="Write a report workbook: the standings, the top players' results, a chart of their running totals.")
@click.option("--force", is_flag=True, help="With --xlsx: replace an earlier league workbook (never another file).")
@click.option("--processes", type=click.IntRange(1), default=None, help="Processes reading files.")
@writes
def league(paths, best, points, start, end, name, as_json, as_csv, xlsx_out, force, processes):
    """Ties are marked '='. A league file (TOML) says it all:

    \b
      name = "Winter League"
      events = ["winter/"]        # relative to the league file
      best = 3
      points = "rating"           # or "gw-vp"
      from = 2025-11-01
      to = 2026-02-28

    \b
    Examples:
      archon league winter/ --best 3 --name "Winter League"
      archon league winter-league.toml --xlsx winter.xlsx
    """
    one_output(as_json, as_csv)
    with FilesProgress(as_printed("cli.progress.reading")) as bar:
        result = twins.league(paths, best=best, points=points, start=start, end=end, name=name, xlsx=xlsx_out,
                              force=force, processes=processes, progress=bar)
    d = result.definition
    totals = ("points",) if d.points == "rating" else ("gw", "vp", "tp")
    if as_json:
        say_json(versioned("league", result.as_dict()), ensure_ascii=False, indent=1)
    elif as_csv:
        _print_frame(result.standings, True, ("rank", "tied", "vekn", "name", "city", *totals, "counted", "played"), ())
    else:
        table = result.standings.assign(rank=[f"{r}=" if t else str(r) for r, t in
                                              zip(result.standings["rank"], result.standings["tied"])])
        window = ([message("cli.league.from", date=d.start)] if d.start else []) + (
            [message("cli.league.to", date=d.end)] if d.end else [])
        say("cli.league.title", name=d.name or message("cli.league.default_name"), best=d.best, window=window,
            points=message("cli.league.by_rating") if d.points == "rating" else message("cli.league.by_gw_vp"))
        _print_frame(table, False, ("rank", "vekn", "name", "city", *totals, "counted", "played"),
                     (5, -8, -26, -14, *([8] if d.points == "rating" else [3, 5, 5]), 7, 6))
    if result.written is not None:
        say("cli.wrote", err=True, file=str(result.written))
    _files_report(result.archive)
