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
from archon.cli.output import as_printed, number, renderer, say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.formats.csvcells import csv_cell
from archon.formats.serialize import STANDINGS_COLUMNS, standings_rows, standings_to_dict
from archon.formats.workbook import read_event
from archon.rules.model import DECK_FORMATS
from archon.rules.standings import compute
from archon.words.message import act
from archon.words.message import say as message

__all__ = ["standings", "check", "new", "update", "undo"]


def _fmt_vp(x) -> str:
    return number(float(x)) if x is not None else ""


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
        say("cli.warning", err=True, what=problem_message(problem))
    if read.problems:
        if len(read.problems) > 5:
            say("cli.standings.read_as_said_more", err=True, more=len(read.problems) - 5, check=act("check"))
        else:
            say("cli.standings.read_as_said", err=True, check=act("check"))
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
    say("cli.standings.title", title=title, format=ev["format"], players=ev["players"], edition=ev["edition"])
    rank, player, final, rating = (as_printed(f"cli.column.{w}") for w in ("rank", "player", "final", "rating"))
    wr, wf, wt = max(4, len(rank)), max(5, len(final)), max(8, len(rating))  # a longer word widens its column
    header = f"{rank:>{wr}} {'#':>3}  {player:<28} {'GW':>2} {'VP':>5} {'TP':>5} {final:>{wf}} {rating:>{wt}}"
    click.echo(header)
    click.echo("-" * len(header))
    for p in data["players"]:
        place = p["final_rank"] if p["final_rank"] is not None else p["rank"]
        place_s = str(place) if place is not None else (p["status"].replace("out ", "") if p["dq"] else "-")
        name = f"{p['first_name']} {p['last_name']}".strip()
        mark = "*" if p["finalist"] else " "
        click.echo(
            f"{place_s:>{wr}} {p['number']:>3}{mark} {name[:28]:<28} {p['gw']:>2} {_fmt_vp(p['vp']):>5} "
            f"{_fmt_vp(p['tp']):>5} {_fmt_vp(p['final_vp']):>{wf}} {number(float(p['rating_points']), 2):>{wt}}"
        )
    if data["final"] and data["final"]["winner"] is not None:
        winner = next(p for p in data["players"] if p["number"] == data["final"]["winner"])
        click.echo("")
        say("cli.standings.winner", player=f"{winner['first_name']} {winner['last_name']}", number=winner["number"])


#: How ``check`` says a problem, by its severity.
_SEVERITIES = {"error": "cli.check.error", "warning": "cli.check.warning", "note": "cli.check.note"}


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
        say("cli.check.none", file=file)
    else:
        for p in problems:
            if p.severity in _SEVERITIES:
                say(_SEVERITIES[p.severity], problem=problem_message(p))
            else:
                say(f"{p.severity}: {as_printed(problem_message(p))}")
        errors = sum(1 for p in problems if p.severity == "error")
        notes = sum(1 for p in problems if p.severity == "note")
        click.echo("")
        if notes:
            say("cli.check.summary_notes", problems=len(problems) - notes, errors=errors, notes=notes)
        else:
            say("cli.check.summary", problems=len(problems) - notes, errors=errors)
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
    say("cli.new.would_create" if dry_run else "cli.new.created", file=str(rep.path), kind=rep.kind,
        edition=rep.edition or message("cli.new.current"), level=rep.level,
        deck=message("cli.new.deck", format=rep.deck_format) if deck_format and rep.deck_format else "")
    if players is not None:
        numbers = "#1" if rep.players == 1 else message("cli.new.numbered", last=rep.players)
        say("cli.new.would_register" if dry_run else "cli.new.registered", players=rep.players, numbers=numbers)
    for note in rep.notes:
        say(note)
    if dry_run:
        say("cli.dry_run.nothing_written")


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
        say("cli.update.edition_dry_run" if dry_run else "cli.update.edition", was=rep.edition_was, now=rep.edition,
            back=back)
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
