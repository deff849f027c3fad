"""The sanction command: a judge's sanction on the Judges' Guide's levels
(twin :func:`archon.api.sanction`; ``warn`` records the warning level)."""

from __future__ import annotations

import click

from archon.api import eventday as twins
from archon.api.json_output import sanction_json
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.rules.sanctions import LEVELS, SUBCATEGORIES

__all__ = ["sanction"]


@command("sanction")
@WORKBOOK_ARGUMENT
@click.argument("player")
@click.argument("reason")
@click.option("--level", default=None, metavar="LEVEL",
              help=f"The level given, when not the one the guide suggests: {', '.join(LEVELS)} (or sa, dq).")
@click.option("--category", default=None, metavar="INFRACTION",
              help=f"The infraction, as the Judges' Guide names it: {', '.join(SUBCATEGORIES)}.")
@click.option("--round", "round_key", default=None, help="The round: 1, 2, 3 (a round seated so far) or F.")
@click.option("--table", default=None, help="The table the infraction happened at.")
@click.option("--judge", default=None, help="The judge who gave it.")
@json_option(CHANGE_JSON + ' And "sanction": {"player", "name", "round", "reason", "level", "category", '
                           '"table", "judge", "suggested"}.')
@DRY_RUN_OPTION
@writes
def sanction(file, player, reason, level, category, round_key, table, judge, as_json, dry_run):
    """\b
    Examples:
      archon sanction event.xlsx 12 "took too long" --category slow_play --round 2 --table 3
      archon sanction event.xlsx Kowalski "forgot the untap" --category failure_to_maintain_game_state --round 1
      archon sanction event.xlsx 7 "shouted at a player" --category minor --level caution --judge "Ada L."
    """
    rep = changing(file, lambda: twins.sanction(file, player, reason, level=level, category=category,
                                                 round=round_key, table=table, judge=judge, dry_run=dry_run))
    say_done(rep, sanction_json(rep) if as_json else None)
