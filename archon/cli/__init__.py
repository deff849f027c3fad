"""The ``archon`` command line: parses arguments, calls the library, prints.

Every command has a Python twin (see :mod:`archon.api`) and a contract
(:mod:`archon.api.contracts`: what it does, its refusals, its exit statuses,
which its ``--help`` shows). The commands live in modules by family,
imported when the command runs (:class:`archon.cli.group.LazyGroup`):

* :mod:`.scoring`: score, editions; :mod:`.seating`: seat, plan;
* :mod:`.eventday`: register, unregister, drop, warn, warnings, result,
  toss; :mod:`.sanctions`: sanction; :mod:`.finals`: finals;
* :mod:`.workbooks`: standings, check, new, update, undo;
* :mod:`.reporting`: report; :mod:`.conversion`: convert; :mod:`.details`: info;
* :mod:`.across`: rating, league; :mod:`.serving`: serve.

What they share: :mod:`.options` (the help, the workbook argument, the
common options), :mod:`.output` (messages rendered for the command line),
:mod:`.errors` (the one place that turns errors into exit statuses),
:mod:`.progress` (signs of life), :mod:`.writing` (the settings of a write).
"""

from __future__ import annotations

import click

from archon import __version__
from archon.cli.group import LazyGroup
from archon.cli.options import LANG_OPTION, Setting

__all__ = ["main", "COMMANDS"]

#: Every command, and where it is: "module:function", imported when it runs.
COMMANDS = {
    "score": "archon.cli.scoring:score",
    "editions": "archon.cli.scoring:editions",
    "report": "archon.cli.reporting:report",
    "register": "archon.cli.eventday:register",
    "warn": "archon.cli.eventday:warn",
    "warnings": "archon.cli.eventday:warnings_command",
    "sanction": "archon.cli.sanctions:sanction",
    "unregister": "archon.cli.eventday:unregister",
    "drop": "archon.cli.eventday:drop",
    "result": "archon.cli.eventday:result",
    "toss": "archon.cli.eventday:toss",
    "seat": "archon.cli.seating:seat",
    "plan": "archon.cli.seating:plan",
    "finals": "archon.cli.finals:finals",
    "serve": "archon.cli.serving:serve",
    "standings": "archon.cli.workbooks:standings",
    "check": "archon.cli.workbooks:check",
    "new": "archon.cli.workbooks:new",
    "update": "archon.cli.workbooks:update",
    "undo": "archon.cli.workbooks:undo",
    "info": "archon.cli.details:info",
    "convert": "archon.cli.conversion:convert",
    "rating": "archon.cli.across:rating",
    "league": "archon.cli.across:league",
    "checkin": "archon.cli.checkin:checkin",
    "codes": "archon.cli.checkin:codes",
    "pending": "archon.cli.player_reports:pending",
    "deck": "archon.cli.decks:deck",
    "decks": "archon.cli.decks:decks_command",
    "cards": "archon.cli.decks:cards",
    "clock": "archon.cli.clock:clock",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="archon")
@click.option("--keep-backups", type=Setting(int, "a whole number, 0 or more"), default=None, envvar="ARCHON_KEEP_BACKUPS",
              metavar="N", help="Backups kept per workbook in its NAME-backups folder (default 20; "
                                "env ARCHON_KEEP_BACKUPS; the command says which older backups it removed). "
                                "The one 'archon undo' needs is always kept.")
@click.option("--lock-wait", type=Setting(float, "a number of seconds, 0 or more"), default=None, envvar="ARCHON_LOCK_WAIT",
              metavar="SECONDS", help="How long to wait for another archon command changing the same "
                                      "workbook (default 10; env ARCHON_LOCK_WAIT).")
@LANG_OPTION
@click.pass_context
def main(ctx, keep_backups, lock_wait) -> None:
    """Run VTES tournaments on The Archon workbook.

    Reads and writes Archon workbooks and computes seatings, scores,
    tie-breaks, finals, rating points and reports.
    """
    # applied where a command writes (archon.cli.writing): nothing to load here
    ctx.meta["archon.keep_backups"] = keep_backups
    ctx.meta["archon.lock_wait"] = lock_wait


if __name__ == "__main__":  # pragma: no cover
    main()
