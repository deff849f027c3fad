"""The clock command: the round's clock (twins :func:`archon.api.clocks.clock`
and :func:`archon.api.clocks.clock_figures`)."""

from __future__ import annotations

import click

from archon.api import clocks as twins
from archon.api.json_output import change_json, versioned
from archon.cli.errors import UsageRefused
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import say_json, say_lines
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.eventday.clock import clock_figures, clock_said
from archon.words.message import say

__all__ = ["clock"]


@command("clock")
@WORKBOOK_ARGUMENT
@click.argument("action", type=click.Choice(twins.ACTIONS, case_sensitive=False))
@click.argument("minutes", required=False)
@click.option("--table", default=None, help="add: the extra time is for this table only (a judge's extra time).")
@click.option("--round", "round_key", default=None, help="start: the round (1, 2, 3 or F; the round under way "
                                                         "when not given).")
@json_option(CHANGE_JSON + ' And "clock": {"round", "state", "minutes", "added", "remaining", "finished", '
                           '"started", "paused_at", "tables", "times"}; show prints "file" and "clock".')
@DRY_RUN_OPTION
@writes
def clock(file, action, minutes, table, round_key, as_json, dry_run):
    """\b
    Examples:
      archon clock event.xlsx start            (the round under way, 2 hours)
      archon clock event.xlsx start 150 --round 2
      archon clock event.xlsx pause
      archon clock event.xlsx resume
      archon clock event.xlsx add 5            (5 minutes for every table)
      archon clock event.xlsx add 10 --table 3 (a judge's extra time: table 3 only)
      archon clock event.xlsx show
    """
    action = action.lower()
    if action == "show":
        if minutes is not None or table is not None or round_key is not None or dry_run:
            raise UsageRefused(say("clock.show_alone"))
        figures = twins.clock_figures(file)
        if as_json:
            say_json(versioned("clock", {"file": str(file), "clock": figures}), ensure_ascii=False)
        else:
            say_lines(clock_said(figures))
        return
    if action != "add" and table is not None:
        raise UsageRefused(say("clock.table_only_with_add"))
    if action not in ("start", "add") and minutes is not None:
        raise UsageRefused(say("clock.no_minutes_here", action=action))
    rep = changing(file, lambda: twins.clock(file, action, minutes, table=table, round=round_key, dry_run=dry_run))
    figures = clock_figures(rep.event.clock if rep.event is not None else None, twins.clock_now())
    say_done(rep, {**change_json("clock", rep), "clock": figures} if as_json else None)

