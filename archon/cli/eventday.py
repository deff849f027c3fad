"""The event-day commands: register, unregister, drop, warn, warnings,
result, toss (twins in :mod:`archon.api.eventday`)."""

from __future__ import annotations

import click

from archon.api import eventday as twins
from archon.api.json_output import change_json, warnings_json
from archon.cli.errors import UsageRefused
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option, players_list
from archon.cli.output import as_printed, renderer, say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.eventday.judging import warning_said
from archon.words.message import act
from archon.words.message import say as message

__all__ = ["register", "warn", "warnings_command", "unregister", "drop", "result", "toss"]


def _done(command: str, rep, as_json: bool) -> None:
    """What the change did: its lines, or with --json its object."""
    say_done(rep, change_json(command, rep) if as_json else None)


@command("register")
@WORKBOOK_ARGUMENT
@click.argument("name", required=False)
@click.option("--vekn", default=None, help="The player's VEKN number (7 digits).")
@click.option("--city", default=None, help="The player's city.")
@click.option("--from", "from_csv", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Register every player of a players CSV (first/last name or name, VEKN, city; any order); "
                   "'-' reads it from standard input.")
@json_option(CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def register(file, name, vekn, city, from_csv, as_json, dry_run):
    """\b
    Examples:
      archon register event.xlsx "Anna Kowalski" --vekn 1234567 --city Lyon
      archon register event.xlsx "de la Cruz, Carl"
      archon register event.xlsx --from latecomers.csv --dry-run
      my-signups-export | archon register event.xlsx --from -
    """
    players = players_list(from_csv)
    _done("register", changing(file, lambda: twins.register(file, name, vekn=vekn, city=city, players=players,
                                                            dry_run=dry_run)), as_json)


@command("warn")
@WORKBOOK_ARGUMENT
@click.argument("player", required=False)
@click.argument("reason", required=False)
@click.option("--round", "round_key", default=None, help="The round of the warning: 1, 2, 3 (a round seated so far) or F (the final, once seated).")
@click.option("--list", "as_list", is_flag=True, help="List the warnings recorded (as 'archon warnings FILE').")
@json_option(CHANGE_JSON + ' With --list: {"warnings": [{"player", "name", "round", "reason", "level", "category", '
                           '"table", "judge"}, ...]}.')
@DRY_RUN_OPTION
@writes
def warn(file, player, reason, round_key, as_list, as_json, dry_run):
    """\b
    Examples:
      archon warn event.xlsx 12 "slow play" --round 2
      archon warn event.xlsx Kowalski "marked cards"
      archon warn event.xlsx --list
    """
    if as_list:
        if player is not None or reason is not None or round_key is not None:
            raise UsageRefused(message("cli.warn.list_alone"))
        _print_warnings(file, "warn" if as_json else None)
        return
    if player is None or reason is None:
        raise UsageRefused(message("cli.warn.player_and_reason", command=act("warn", file="FILE")))
    _done("warn", twins.warn(file, player, reason, round=round_key, dry_run=dry_run), as_json)


@command("warnings")
@WORKBOOK_ARGUMENT
@json_option('Print {"warnings": [{"player", "name", "round", "reason", "level", "category", "table", '
             '"judge"}, ...]}.')
def warnings_command(file, as_json):
    _print_warnings(file, "warnings" if as_json else None)


def _print_warnings(file, json_of=None) -> None:
    """The warnings recorded, a line each (``json_of``: as that command's JSON)."""
    rows = twins.warnings(file)
    if json_of is not None:
        say_json(warnings_json(json_of, rows), ensure_ascii=False)
        return
    click.echo("\n".join(renderer().render(warning_said(r)) for r in rows) if rows else as_printed("cli.warnings.none"))


@command("unregister")
@WORKBOOK_ARGUMENT
@click.argument("player")
@json_option(CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def unregister(file, player, as_json, dry_run):
    """\b
    Examples:
      archon unregister event.xlsx 12
      archon unregister event.xlsx "Kowalski" --dry-run
    """
    _done("unregister", changing(file, lambda: twins.unregister(file, player, dry_run=dry_run)), as_json)


@command("drop")
@WORKBOOK_ARGUMENT
@click.argument("player")
@click.option("--reason", default="WD", show_default=True,
              help="Code for the DQ flag: WD (withdrew), DQ, DP, PE, CD, MC, SP, UC, C, N (no-show).")
@click.option("--undo", is_flag=True, help="Clear the flag: the player plays again.")
@json_option(CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def drop(file, player, reason, undo, as_json, dry_run):
    """\b
    Examples:
      archon drop event.xlsx 12
      archon drop event.xlsx Kowalski --reason DQ
      archon drop event.xlsx 12 --undo
    """
    _done("drop", changing(file, lambda: twins.drop(file, player, reason=reason, undo=undo, dry_run=dry_run)),
          as_json)


@command("result")
@WORKBOOK_ARGUMENT
@click.argument("vps", nargs=-1, required=True)
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (1, 2, 3).")
@click.option("--table", type=click.IntRange(1), help="The table number in that round.")
@click.option("--final", is_flag=True, help="The final table.")
@click.option("--override", metavar="REASON", default=None,
              help="Accept a result no game can give, as a judge's decision (recorded on the Override sheet).")
@click.option("--replace", is_flag=True, help="Change a table that already has a complete result.")
@json_option(CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def result(file, vps, round_number, table, final, override, replace, as_json, dry_run):
    """\b
    Examples:
      archon result event.xlsx --round 1 --table 3 3 0 0 0 2
      archon result event.xlsx --final 2 0 1 0 2
      archon result event.xlsx --round 3 --table 5 0 1 1 1.5 --override "player 7 ejected"
    """
    _done("result", changing(file, lambda: twins.result(file, list(vps), round=round_number, table=table,
                                                        final=final, override=override, replace=replace,
                                                        dry_run=dry_run)), as_json)


@command("toss")
@WORKBOOK_ARGUMENT
@click.option("--seed", type=int, default=None, help="Seed of the draw (the same seed gives the same draw).")
@click.option("--order", default=None, metavar="N,N,...",
              help="A toss made at the table: the tied players' numbers in the order the coin ranked them, "
                   "the winner first (one tie).")
@json_option(CHANGE_JSON + ' "seed" gives the draw again.')
@DRY_RUN_OPTION
@writes
def toss(file, seed, order, as_json, dry_run):
    """
    Examples:
      archon toss event.xlsx
      archon toss event.xlsx --order 12,7
    """
    rep = changing(file, lambda: twins.toss(file, seed=seed, order=order, dry_run=dry_run))
    _done("toss", rep, as_json)
    if rep.changed and order is None and not as_json:
        again = renderer().action(act("toss", seed=rep.seed))
        say("cli.toss.to_write" if dry_run else "cli.toss.to_repeat", again=again)
