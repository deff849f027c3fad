"""``archon info``: the event's details (Tournament Info), shown or set
(twin :func:`archon.api.info`)."""

from __future__ import annotations

import click

from archon.api import details as twins
from archon.api.json_output import info_json
from archon.cli.options import DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import say_json, say_lines
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.eventday.details import details_lines

__all__ = ["info"]


@command("info")
@WORKBOOK_ARGUMENT
@click.option("--name", default=None, help="The event's name.")
@click.option("--date", default=None, help="The event's date: YYYY-MM-DD.")
@click.option("--city", default=None, help="The event's city.")
@click.option("--organizer", default=None, help="The organizer's name.")
@click.option("--organizer-vekn", default=None, help="The organizer's VEKN number (7 digits).")
@click.option("--head-judge", default=None, help="The head judge's name.")
@click.option("--head-judge-vekn", default=None, help="The head judge's VEKN number (7 digits).")
@click.option("--level", default=None, help="The event's level, as The Archon lists them (Standard Constructed...).")
@click.option("--format", "rounds_format", default=None, help="2R+F or 3R+F.")
@json_option("Print the event's details as JSON (after the change).")
@DRY_RUN_OPTION
@writes
def info(file, name, date, city, organizer, organizer_vekn, head_judge, head_judge_vekn, level, rounds_format,
         as_json, dry_run):
    """\b
    Examples:
      archon info event.xlsx
      archon info event.xlsx --organizer "Anna Kowalski" --organizer-vekn 3000101
      archon info event.xlsx --head-judge "Bruno Da Silva" --head-judge-vekn 3000102 --json
    """
    values = dict(name=name, date=date, city=city, organizer=organizer, organizer_vekn=organizer_vekn,
                  head_judge=head_judge, head_judge_vekn=head_judge_vekn, level=level, format=rounds_format)
    if all(v is None for v in values.values()):
        rep = twins.info(file, dry_run=dry_run)
    else:
        rep = changing(file, lambda: twins.info(file, **values, dry_run=dry_run))
    details = twins.details_of(rep.event)
    if as_json:
        say_json(info_json(rep, details), ensure_ascii=False)
        return
    if rep.lines or rep.changed:
        say_done(rep)
        return
    say_lines(details_lines(rep.event))
