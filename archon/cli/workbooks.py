"""The workbook commands: standings, check, new, update, undo (twins in
:mod:`archon.api.workbooks` and :mod:`archon.api.undoing`)."""

from __future__ import annotations

import csv
import sys

import click

from archon.api import workbooks as twins
from archon.api.json_output import check_json, undo_json, versioned, write_json
from archon.api.problems import problem_message, problem_record
from archon.api.undoing import undo as undo_last
from archon.cli.options import DRY_RUN_OPTION, EDITION_OPTION, WORKBOOK_ARGUMENT, command, edition_option, json_option
from archon.cli.options import players_list
from archon.cli.output import as_printed, renderer, say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.formats.csvcells import csv_cell
from archon.formats.serialize import STANDINGS_COLUMNS, standings_rows, standings_to_dict
from archon.formats.workbook import read_event
from archon.rules.model import DECK_FORMATS
from archon.rules.standings import compute
from archon.words.message import act
from archon.words.wording import count

__all__ = ["standings", "check", "new", "update", "undo"]


def _fmt_vp(x) -> str:
    if x is None:
        return ""
    return f"{x:g}"


@command("standings")
@WORKBOOK_ARGUMENT
@json_option("Print the standings contract as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per player.")
@EDITION_OPTION
def standings(file, as_json, as_csv, edition):
    """\b
    Examples:
      archon standings event.xlsx
      archon standings event.xlsx --json > standings.json
      archon standings event.xlsx --csv > standings.csv
    """
    # what archon.api.standings computes, keeping the cells the reader could not use
    read = read_event(file)
    data = standings_to_dict(compute(read.event, edition))
    _print_standings(file, data, as_json, as_csv)
    for problem in read.problems[:5]:
        say(f"warning: {as_printed(problem_message(problem))}", err=True)
    if read.problems:
        more = f"{len(read.problems) - 5} more; " if len(read.problems) > 5 else ""
        check = renderer().action(act("check"))
        say(f"warning: {more}the standings read these cells as said above: fix them ({check})", err=True)
        sys.exit(1)


def _print_standings(file, data, as_json, as_csv) -> None:
    if as_json:
        say_json(versioned("standings", data), ensure_ascii=False, indent=1)
        return
    rows = standings_rows(data)
    if as_csv:
        w = csv.DictWriter(sys.stdout, fieldnames=list(STANDINGS_COLUMNS), lineterminator="\n")
        w.writeheader()
        w.writerows({k: csv_cell(v) for k, v in row.items()} for row in rows)
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


@command("check")
@WORKBOOK_ARGUMENT
@json_option('Print {"problems": [{"where", "severity", "message", "advice", "id", "fields"}, ...], '
             '"errors", "warnings", "notes"} (how many problems of each severity).')
@EDITION_OPTION
def check(file, as_json, edition):
    problems = twins.check(file, edition)
    if as_json:
        say_json(check_json([problem_record(p, as_printed) for p in problems]), ensure_ascii=False, indent=1)
    elif not problems:
        click.echo(f"{file}: no problems found")
    else:
        for p in problems:
            say(f"{p.severity}: {as_printed(problem_message(p))}")
        errors = sum(1 for p in problems if p.severity == "error")
        notes = sum(1 for p in problems if p.severity == "note")
        click.echo(f"\n{count(len(problems) - notes, 'problem')}, {count(errors, 'error')}"
                   + (f"; {count(notes, 'seating note')}" if notes else ""))
    # Seating notes (criteria R2-R7) describe quality, not something to fix.
    sys.exit(1 if any(p.severity != "note" for p in problems) else 0)


@command("new")
@WORKBOOK_ARGUMENT
@click.option("--name", default="", help="Event name.")
@click.option("--date", default=None, help="Event date, YYYY-MM-DD.")
@click.option("--city", default=None, help="City.")
@click.option("--organizer", default=None, help="Organizer's name.")
@click.option("--level", default=None, help="Level, e.g. 'Standard Constructed', 'National Championship'.")
@click.option("--format", "event_format", default="3R+F", show_default=True, help="2R+F or 3R+F.")
@click.option("--players", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Players CSV (first/last name, VEKN, city); '-' reads it from standard input.")
@click.option("--deck-format", default=None, metavar="|".join(DECK_FORMATS),
              help="The deck format (Tournament Info, Format); the reports show it.")
@click.option("--template", type=click.Path(dir_okay=False, exists=True), default=None, help="An official Archon workbook to copy instead of archon's own template.")
@edition_option("Rule edition recorded in the new workbook (default: current; see 'archon editions').")
@json_option('Print one JSON object: "file", "dry_run", "changed", "written", "backup", "kind", "edition", '
             '"edition_was", "level", "deck_format", "players" (how many registered), "cells_changed", "messages" '
             'and "backups_removed".')
@DRY_RUN_OPTION
@writes
def new(file, name, date, city, organizer, level, event_format, players, deck_format, template, edition, as_json,
        dry_run):
    """\b
    Example:
      archon new event.xlsx --name "Winter Cup" --date 2026-12-05 --city Lyon --players players.csv
    """
    rep = twins.new(file, name=name, date=date, city=city, organizer=organizer, level=level,
                    format=event_format, players=players_list(players),
                    template=template, edition=edition, deck_format=deck_format, dry_run=dry_run)
    if as_json:
        say_json(write_json("new", rep), ensure_ascii=False)
        return
    click.echo(
        f"{'would create' if dry_run else 'created'} {rep.path} ({rep.kind} template, "
        f"{rep.edition or 'current'} rules, level {rep.level}"
        f"{', ' + rep.deck_format if deck_format and rep.deck_format else ''})"
    )
    if players is not None:
        numbers = "#1" if rep.players == 1 else f"numbered 1 to {rep.players}"
        click.echo(f"{'would register' if dry_run else 'registered'} {count(rep.players, 'player')} ({numbers})")
    for note in rep.notes:
        say(note)
    if dry_run:
        click.echo("dry run: nothing written")


@command("update")
@WORKBOOK_ARGUMENT
@edition_option("Rule edition to record in the workbook: every command on it ranks by it from then on "
                "(default: keep the one it records; see 'archon editions').")
@json_option('Print one JSON object, as new --json does.')
@DRY_RUN_OPTION
@writes
def update(file, edition, as_json, dry_run):
    rep = changing(file, lambda: twins.update(file, edition, dry_run=dry_run))
    if as_json:
        say_done(rep, write_json("update", rep))
        return
    if rep.edition_was is not None:
        back = renderer().action(act("update", edition=rep.edition_was))
        say(f"rule edition: {rep.edition_was} -> {rep.edition}: {'would be' if dry_run else 'now'} recorded in "
            f"the workbook; standings, ranks and rating points {'would ' if dry_run else ''}follow the "
            f"{rep.edition} rules from now on ('{back}' puts it back)")
    say_done(rep)


@command("undo")
@WORKBOOK_ARGUMENT
@click.option("--force", is_flag=True, help="Restore even though the workbook was changed since (that change is lost).")
@json_option('Print one JSON object: "file", "dry_run", "written", "undone" ({"command", "time"}), '
             '"restored_from", "backup", "forced", "damaged", "messages" and "backups_removed".')
@DRY_RUN_OPTION
@writes
def undo(file, force, as_json, dry_run):
    """\b
    Examples:
      archon undo event.xlsx --dry-run
      archon undo event.xlsx
    """
    rep = undo_last(file, force=force, dry_run=dry_run)
    say_done(rep, undo_json(rep) if as_json else None)
