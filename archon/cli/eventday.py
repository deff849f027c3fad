"""The event-day commands: register, unregister, drop, warn, warnings,
result, toss (twins in :mod:`archon.api.eventday`)."""

from __future__ import annotations

import click

from archon.api import eventday as twins
from archon.cli.errors import UsageRefused
from archon.cli.options import DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command
from archon.cli.output import renderer, say
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.eventday.judging import warning_line
from archon.words.message import act

__all__ = ["register", "warn", "warnings_command", "unregister", "drop", "result", "toss"]


@command("register")
@WORKBOOK_ARGUMENT
@click.argument("name", required=False)
@click.option("--vekn", default=None, help="The player's VEKN number (7 digits).")
@click.option("--city", default=None, help="The player's city.")
@click.option("--from", "from_csv", type=click.Path(dir_okay=False), default=None,
              help="Register every player of a players CSV (first/last name or name, VEKN, city; any order).")
@DRY_RUN_OPTION
@writes
def register(file, name, vekn, city, from_csv, dry_run):
    """\b
    Examples:
      archon register event.xlsx "Anna Kowalski" --vekn 1234567 --city Lyon
      archon register event.xlsx "de la Cruz, Carl"
      archon register event.xlsx --from latecomers.csv --dry-run
    """
    say_done(changing(file, lambda: twins.register(file, name, vekn=vekn, city=city, players=from_csv,
                                                   dry_run=dry_run)))


@command("warn")
@WORKBOOK_ARGUMENT
@click.argument("player", required=False)
@click.argument("reason", required=False)
@click.option("--round", "round_key", default=None, help="The round of the warning: 1, 2, 3 (a round seated so far) or F (the final, once seated).")
@click.option("--list", "as_list", is_flag=True, help="List the warnings recorded (as 'archon warnings FILE').")
@DRY_RUN_OPTION
@writes
def warn(file, player, reason, round_key, as_list, dry_run):
    """\b
    Examples:
      archon warn event.xlsx 12 "slow play" --round 2
      archon warn event.xlsx Kowalski "marked cards"
      archon warn event.xlsx --list
    """
    if as_list:
        if player is not None or reason is not None or round_key is not None:
            raise UsageRefused("--list takes no player, reason or --round")
        _print_warnings(file)
        return
    if player is None or reason is None:
        raise UsageRefused('give the player and the reason: archon warn FILE PLAYER "reason" [--round N]')
    say_done(twins.warn(file, player, reason, round=round_key, dry_run=dry_run))


@command("warnings")
@WORKBOOK_ARGUMENT
def warnings_command(file):
    _print_warnings(file)


def _print_warnings(file) -> None:
    rows = twins.warnings(file)
    click.echo("\n".join(warning_line(r) for r in rows) if rows else "no warnings recorded")


@command("unregister")
@WORKBOOK_ARGUMENT
@click.argument("player")
@DRY_RUN_OPTION
@writes
def unregister(file, player, dry_run):
    """\b
    Examples:
      archon unregister event.xlsx 12
      archon unregister event.xlsx "Kowalski" --dry-run
    """
    say_done(changing(file, lambda: twins.unregister(file, player, dry_run=dry_run)))


@command("drop")
@WORKBOOK_ARGUMENT
@click.argument("player")
@click.option("--reason", default="WD", show_default=True,
              help="Code for the DQ flag: WD (withdrew), DQ, DP, PE, CD, MC, SP, UC, C, N (no-show).")
@click.option("--undo", is_flag=True, help="Clear the flag: the player plays again.")
@DRY_RUN_OPTION
@writes
def drop(file, player, reason, undo, dry_run):
    """\b
    Examples:
      archon drop event.xlsx 12
      archon drop event.xlsx Kowalski --reason DQ
      archon drop event.xlsx 12 --undo
    """
    say_done(changing(file, lambda: twins.drop(file, player, reason=reason, undo=undo, dry_run=dry_run)))


@command("result")
@WORKBOOK_ARGUMENT
@click.argument("vps", nargs=-1, required=True)
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (1, 2, 3).")
@click.option("--table", type=click.IntRange(1), help="The table number in that round.")
@click.option("--final", is_flag=True, help="The final table.")
@click.option("--override", metavar="REASON", default=None,
              help="Accept a result no game can give, as a judge's decision (recorded on the Override sheet).")
@click.option("--replace", is_flag=True, help="Change a table that already has a complete result.")
@DRY_RUN_OPTION
@writes
def result(file, vps, round_number, table, final, override, replace, dry_run):
    """\b
    Examples:
      archon result event.xlsx --round 1 --table 3 3 0 0 0 2
      archon result event.xlsx --final 2 0 1 0 2
      archon result event.xlsx --round 3 --table 5 0 1 1 1.5 --override "player 7 ejected"
    """
    say_done(changing(file, lambda: twins.result(file, list(vps), round=round_number, table=table, final=final,
                                                 override=override, replace=replace, dry_run=dry_run)))


@command("toss")
@WORKBOOK_ARGUMENT
@click.option("--seed", type=int, default=None, help="Seed of the draw (the same seed gives the same draw).")
@click.option("--order", default=None, metavar="N,N,...",
              help="A toss made at the table: the tied players' numbers in the order the coin ranked them, "
                   "the winner first (one tie).")
@DRY_RUN_OPTION
@writes
def toss(file, seed, order, dry_run):
    """\b
    Examples:
      archon toss event.xlsx
      archon toss event.xlsx --order 12,7
    """
    rep = changing(file, lambda: twins.toss(file, seed=seed, order=order, dry_run=dry_run))
    say_done(rep)
    if rep.changed and order is None:
        again = renderer().action(act("toss", seed=rep.seed))
        say(f"to {'write' if dry_run else 'repeat'} this draw: {again}")
