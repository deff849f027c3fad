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


if __name__ == "__main__":  # pragma: no cover
    main()
