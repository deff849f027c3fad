"""``archon score`` (one table's verdict) and ``archon editions``."""

from __future__ import annotations

import sys

import click

from archon.api.json_output import editions_json, versioned
from archon.api.scoring import each_line_scored, parse_vps
from archon.cli.options import command, edition_option, json_option
from archon.cli.output import as_printed, number, say, say_json
from archon.rules.editions import EDITIONS, get_edition
from archon.rules.scoring import score_table

__all__ = ["score", "editions"]


def _fmt(x) -> str:
    if x is None:
        return "-"
    return number(x)


#: What a result that is not legal is, by its status.
_NOT_LEGAL = {"pending": "cli.score.pending", "invalid": "cli.score.invalid"}


@command("score")
@click.argument("vps", nargs=-1, required=True)
@json_option("Print one JSON object.")
@edition_option("Rule edition (default: current; see 'archon editions').")
def score(vps, as_json, edition):
    """Prints each seat's VP, GW and TP and whether the result is legal. With
    '-' reads one table per line from standard input and prints one JSON
    object per line, as soon as the line is read.

    \b
    Examples:
      archon score 1.5 0 0.5 1.5 0
      printf '3 0 1 0 1\\n2 0 0 1.5\\n' | archon score -
    """
    ed = get_edition(edition)
    if list(vps) == ["-"]:
        legal = True
        for r in each_line_scored(iter(sys.stdin.readline, ""), ed):  # each answered before the next is read
            say_json(versioned("score", r))
            legal = legal and r["legal"]
        sys.exit(0 if legal else 1)
    result = score_table(parse_vps(vps), ed)
    if as_json:
        say_json(versioned("score", result.as_dict()))
    else:
        click.echo(f"{'seat':>4}  {'VP':>4}  {'GW':>2}  {'TP':>4}")
        for s in result.seats:
            click.echo(f"{s.seat:>4}  {_fmt(s.vp):>4}  {s.gw:>2}  {_fmt(s.tp):>4}")
        if result.legal:
            say("cli.score.legal")
        elif result.status in _NOT_LEGAL:
            say(_NOT_LEGAL[result.status], reason=result.reason)
        else:
            say(f"{result.status}: {as_printed(result.said)}")
    sys.exit(0 if result.legal else 1)


@command("editions")
@json_option("Print the editions (name, title) and the current one as JSON.")
def editions(as_json):
    if as_json:
        say_json(editions_json(EDITIONS, get_edition(None).name))
        return
    for e in EDITIONS.values():
        click.echo(f"{e.name:8} {e.title}")
