"""The ``archon`` command line: parses arguments, calls the library, prints.

Every command has a Python twin (see :mod:`archon.api`).
"""

from __future__ import annotations

import json
import sys

import click

from . import __version__
from .api import InputError, parse_vps, score_lines
from .editions import EDITIONS, get_edition
from .scoring import VPError, score_table

class Unreadable(click.ClickException):
    """Input archon cannot read: printed as one line, exit status 2."""

    exit_code = 2


EDITION_OPTION = click.option(
    "--edition",
    type=click.Choice(sorted(EDITIONS)),
    default=None,
    help="Rule edition (default: current; see 'archon editions').",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="archon")
def main() -> None:
    """Run VTES tournaments on The Archon workbook.

    Reads and writes Archon workbooks and computes seatings, scores,
    tie-breaks, finals, rating points and reports.
    """


def _fmt(x) -> str:
    if x is None:
        return "-"
    return f"{x:g}" if isinstance(x, float) else str(x)


@main.command()
@click.argument("vps", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@EDITION_OPTION
def score(vps, as_json, edition):
    """Score one table: VPs in seat order (4 or 5 values).

    Prints each seat's VP, GW and TP and whether the result is legal. With
    '-' reads one table per line from standard input and prints one JSON
    object per line. Exit status: 0 when every table is legal, 1 otherwise,
    2 on unreadable input.

    \b
    Examples:
      archon score 1.5 0 0.5 1.5 0
      printf '3 0 1 0 1\\n2 0 0 1.5\\n' | archon score -
    """
    ed = get_edition(edition)
    if list(vps) == ["-"]:
        try:
            results = score_lines(sys.stdin, ed)
        except InputError as exc:
            raise Unreadable(str(exc)) from None
        for r in results:
            click.echo(json.dumps(r))
        sys.exit(0 if all(r["legal"] for r in results) else 1)
    try:
        values = parse_vps(vps)
        result = score_table(values, ed)
    except (InputError, VPError) as exc:
        raise Unreadable(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.as_dict()))
    else:
        click.echo(f"{'seat':>4}  {'VP':>4}  {'GW':>2}  {'TP':>4}")
        for s in result.seats:
            click.echo(f"{s.seat:>4}  {_fmt(s.vp):>4}  {s.gw:>2}  {_fmt(s.tp):>4}")
        if result.legal:
            click.echo("legal: a game can end this way")
        else:
            click.echo(f"{result.status}: {result.reason}")
    sys.exit(0 if result.legal else 1)


@main.command()
def editions():
    """List the rule editions archon knows."""
    for e in EDITIONS.values():
        click.echo(f"{e.name:8} {e.title}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), help="Write the report workbook (with --round: that round's seat list).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="Write the one-page HTML report.")
@click.option("--round", "round_number", type=click.IntRange(1), help="With --xlsx: only round N's seat list, to print and post.")
@EDITION_OPTION
def report(file, xlsx_out, html_out, round_number, edition):
    """Write the reports an event posts and publishes from an Archon workbook.

    The numbers are those of 'archon standings', computed once from FILE.

    \b
    Examples:
      archon report event.xlsx --xlsx report.xlsx --html report.html
      archon report event.xlsx --round 2 --xlsx round2-seating.xlsx
    """
    from .api import report as make_report
    from .reports import ReportError
    from .workbook import WorkbookError

    try:
        result = make_report(file, xlsx=xlsx_out, html=html_out, round=round_number, edition=edition)
    except (InputError, WorkbookError) as exc:
        raise Unreadable(str(exc)) from None
    except ReportError as exc:
        raise click.ClickException(str(exc)) from None
    for problem in result.problems[:5]:
        click.echo(f"warning: {problem}", err=True)
    if len(result.problems) > 5:
        click.echo(f"warning: {len(result.problems) - 5} more problems; see 'archon check {file}'", err=True)
    for path, what in result.written:
        click.echo(f"wrote {path} ({what})")


# ---------------------------------------------------------------------------
# Workbook commands: standings, check, new, update


def _workbook_errors():
    from .players_csv import PlayersCSVError
    from .workbook import WorkbookError, WriteError

    return (InputError, WorkbookError, PlayersCSVError, WriteError, FileNotFoundError)


def _fmt_vp(x) -> str:
    if x is None:
        return ""
    return f"{x:g}"


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the standings contract as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per player.")
@EDITION_OPTION
def standings(file, as_json, as_csv, edition):
    """Print the standings of an Archon workbook.

    Everything is computed from the workbook's inputs by archon's rules
    engine (cached spreadsheet values are never trusted). Players are listed
    by final rank (or rank), then player number; players flagged out last.

    \b
    Examples:
      archon standings event.xlsx
      archon standings event.xlsx --json > standings.json
      archon standings event.xlsx --csv > standings.csv
    """
    import csv as _csv

    from .api import standings as compute_standings
    from .serialize import STANDINGS_COLUMNS, standings_rows

    try:
        data = compute_standings(file, edition)
    except _workbook_errors() as exc:
        raise Unreadable(str(exc)) from None
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    rows = standings_rows(data)
    if as_csv:
        out = click.get_text_stream("stdout")
        w = _csv.DictWriter(out, fieldnames=list(STANDINGS_COLUMNS), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        return
    ev = data["event"]
    title = ev["name"] or file
    click.echo(f"{title} — {ev['format']}, {ev['players']} players, {ev['edition']} rules")
    header = f"{'rank':>4} {'#':>3}  {'player':<28} {'GW':>2} {'VP':>5} {'TP':>5} {'final':>5} {'rating':>8}"
    click.echo(header)
    click.echo("-" * len(header))
    for p in data["players"]:
        place = p["final_rank"] if p["final_rank"] is not None else p["rank"]
        place_s = str(place) if place is not None else (p["status"].replace("out ", "") if p["dq"] else "-")
        name = f"{p['first_name']} {p['last_name']}".strip()
        mark = "*" if p["finalist"] else " "
        click.echo(
            f"{place_s:>4} {p['number']:>3}{mark} {name[:28]:<28} {p['gw']:>2} {_fmt_vp(p['vp']):>5} "
            f"{p['tp']:>5g} {_fmt_vp(p['final_vp']):>5} {p['rating_points']:>8.2f}"
        )
    if data["final"] and data["final"]["winner"] is not None:
        w = next(p for p in data["players"] if p["number"] == data["final"]["winner"])
        click.echo(f"\nwinner: {w['first_name']} {w['last_name']} (#{w['number']});  * = finalist")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
@EDITION_OPTION
def check(file, as_json, edition):
    """List every problem in an Archon workbook, with its sheet and cell.

    Exit status: 0 when the workbook is clean, 1 when there are problems,
    2 when the file cannot be read.
    """
    from .api import check as check_workbook

    try:
        problems = check_workbook(file, edition)
    except _workbook_errors() as exc:
        raise Unreadable(str(exc)) from None
    if as_json:
        click.echo(json.dumps([p.as_dict() for p in problems], ensure_ascii=False, indent=1))
    elif not problems:
        click.echo(f"{file}: no problems found")
    else:
        for p in problems:
            click.echo(f"{p.severity}: {p}")
        errors = sum(1 for p in problems if p.severity == "error")
        click.echo(f"\n{len(problems)} problem(s), {errors} error(s)")
    sys.exit(1 if problems else 0)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--name", default="", help="Event name.")
@click.option("--date", default=None, help="Event date, YYYY-MM-DD.")
@click.option("--city", default=None, help="City.")
@click.option("--organizer", default=None, help="Organizer's name.")
@click.option("--level", default=None, help="Level, e.g. 'Standard Constructed', 'National Championship'.")
@click.option("--format", "event_format", default="3R+F", show_default=True, help="2R+F or 3R+F.")
@click.option("--players", type=click.Path(dir_okay=False), default=None, help="Players CSV (first/last name, VEKN, city).")
@click.option("--template", type=click.Path(dir_okay=False, exists=True), default=None, help="An official Archon workbook to copy instead of archon's own template.")
@EDITION_OPTION
def new(file, name, date, city, organizer, level, event_format, players, template, edition):
    """Create an event workbook.

    From archon's built-in template (same sheets and cells as The Archon,
    results written as values), or from an official Archon you downloaded
    (--template; its formulas stay in place).

    \b
    Example:
      archon new event.xlsx --name "Winter Cup" --date 2026-12-05 --city Lyon --players players.csv
    """
    from .api import new as new_workbook

    try:
        rep = new_workbook(
            file, name=name, date=date, city=city, organizer=organizer, level=level,
            format=event_format, players=players, template=template, edition=edition,
        )
    except _workbook_errors() as exc:
        raise Unreadable(str(exc)) from None
    click.echo(f"created {rep.path} ({rep.kind} template, {rep.edition or 'current'} rules)")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@EDITION_OPTION
def update(file, edition):
    """Recompute an event workbook and write the results back.

    In archon's built-in template every result is refreshed; in an official
    Archon the inputs stay and its formulas recalculate when opened. The
    previous version is kept as a backup beside the file.
    """
    from .api import update as update_workbook

    try:
        rep = update_workbook(file, edition)
    except _workbook_errors() as exc:
        raise Unreadable(str(exc)) from None
    click.echo(rep.describe())


@main.command()
@click.argument("source", metavar="IN", type=click.Path())
@click.argument("output", metavar="OUT.xlsx", type=click.Path(dir_okay=False))
@EDITION_OPTION
@click.option("--template", type=click.Path(dir_okay=False), default=None,
              help="An official Archon workbook to copy instead of archon's built-in template.")
@click.option("--force", is_flag=True, help="Convert even when some values have no place in the current layout (they are left out).")
def convert(source, output, edition, template, force):
    """Convert an old or foreign event file into a current Archon workbook.

    IN is an Archon workbook of any version and form (.xlsx, .ods, .xls,
    Google Sheets export), the archon Discord bot's CSV set (a folder or a
    .zip of Methuselahs.csv, Round-N.csv, Finals.csv, Report.csv) or the
    output of 'archon standings FILE --json'. Prints what was found, what has
    no place in the current layout, and what 'archon check' finds in OUT.

    The rule edition (--edition, else the one IN records, else current) is
    recorded in OUT and used by every command on it.

    Exit status: 0 when OUT was written; 1 when IN holds values the current
    layout cannot hold (nothing written: check them, or give --force to leave
    them out); 2 when IN cannot be read or OUT cannot be written.

    \b
    Examples:
      archon convert 2002-cup.xls 2002-cup.xlsx --edition 2001
      archon convert discord-export.zip event.xlsx --template thearchon-1.5l.xlsx
      archon convert standings.json event.xlsx
    """
    from .convert import ConversionStopped, ConvertError, convert as run
    from .workbook import WriteError

    try:
        result = run(source, output, edition=edition, template=template, force=force)
    except ConversionStopped as exc:
        for line in exc.result.lines():
            click.echo(line)
        click.echo(f"stopped: {exc}", err=True)
        sys.exit(1)
    except (ConvertError, WriteError) as exc:
        raise Unreadable(str(exc)) from None
    for line in result.lines():
        click.echo(line)


if __name__ == "__main__":  # pragma: no cover
    main()
