"""The pending command: the players' reports of their table waiting for the
organizer (issue 25; twins in :mod:`archon.api.player_reports`)."""

from __future__ import annotations

import click

from archon.api import player_reports as twins
from archon.api.json_output import change_json, versioned
from archon.cli.errors import UsageRefused
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.eventday.player_reports import table_said as core_table_said
from archon.words.message import option
from archon.words.message import say as message

__all__ = ["pending", "table_said"]


def table_said(row: dict):
    """One table of :func:`archon.api.pending`'s list, as a message."""
    reports = [message("playerreport.one", player=f"#{r['player']}" + (f" {r['name']}" if r["name"] else ""),
                       vps=[float(v) for v in r["vps"]]) for r in row["reports"]]
    return message("playerreport.table_line", at=core_table_said(row["round"], row["table"]),
                   state=message(f"playerreport.state.{row['state']}"), reports=reports)


@command("pending")
@WORKBOOK_ARGUMENT
@click.option("--accept", "accept_table", type=int, default=None, metavar="TABLE",
              help="Accept the report waiting at this table: its result is recorded.")
@click.option("--round", "round_number", default=None, metavar="N|F",
              help="The round of the table accepted (F: the final).")
@click.option("--player", default=None, metavar="PLAYER",
              help="Whose report is accepted, when the players' reports of the table differ: a player number, "
                   "a VEKN number or a unique part of a name.")
@click.option("--on", "switch_on", is_flag=True, help="Players may report their table's result (the default).")
@click.option("--off", "switch_off", is_flag=True, help="Players may not report: the organizer records every result.")
@json_option('Print {"file", "on", "tables": [{"round", "table", "state", "seats", "reports"}]}; with --accept, '
             '--on or --off: ' + CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def pending(file, accept_table, round_number, player, switch_on, switch_off, as_json, dry_run):
    """\b
    Examples:
      archon pending event.xlsx
      archon pending event.xlsx --accept 3 --round 2
      archon pending event.xlsx --accept 3 --round 2 --player 12
      archon pending event.xlsx --accept 1 --round F
      archon pending event.xlsx --off
    """
    if switch_on and switch_off:
        raise UsageRefused(message("playerreport.on_and_off", on=option("on"), off=option("off")))
    if (switch_on or switch_off) and accept_table is not None:
        raise UsageRefused(message("playerreport.accept_alone", accept=option("accept"), on=option("on"),
                                   off=option("off")))
    if switch_on or switch_off:
        rep = changing(file, lambda: twins.reporting(file, switch_on, dry_run=dry_run))
        say_done(rep, change_json("pending", rep) if as_json else None)
        return
    if accept_table is not None:
        rep = changing(file, lambda: twins.accept(file, accept_table, round=round_number, player=player,
                                                  dry_run=dry_run))
        say_done(rep, change_json("pending", rep) if as_json else None)
        return
    listed = twins.pending(file)
    if as_json:
        say_json(versioned("pending", {"file": str(file), **listed.as_dict()}), ensure_ascii=False)
        return
    say(message("playerreport.is_on" if listed.on else "playerreport.is_off"))
    if not listed.tables:
        say(message("playerreport.none"))
    for row in listed.tables:
        say(table_said(row))
