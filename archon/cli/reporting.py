"""``archon report``: the VEKN report, the upload to vekn.net, the TWD
entry, and the report files."""

from __future__ import annotations

import click

from archon.api.json_output import report_json
from archon.api.reports import archondata, report_standings, twd
from archon.api.reports import report as make_report
from archon.cli.errors import UsageRefused
from archon.cli.options import EDITION_OPTION, WORKBOOK_ARGUMENT, command, dry_run_option, json_option
from archon.cli.output import chosen_language, renderer, say_json
from archon.cli.output import say as printed
from archon.cli.writing import writes
from archon.formats.vekn import vekn_report_text
from archon.words.message import act, option, say

__all__ = ["report"]


@command("report")
@WORKBOOK_ARGUMENT
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), help="Write the report workbook (with --round: that round's seat list).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), help="Write the one-page HTML report.")
@click.option("--round", "round_number", type=click.IntRange(1), help="With --xlsx: only round N's seat list, to print and post.")
@click.option("--csv", "csv_dir", type=click.Path(file_okay=False), help="Write the Archon-compatible CSV set into this folder: Methuselahs.csv, Round-N.csv per round seated, Finals.csv once the final is seated, Override.csv when a judge overrode a table, Report.csv.")
@click.option("--archondata", "as_archondata", is_flag=True, help="Print the string vekn.net's results endpoint takes (form field 'archondata').")
@click.option("--twd", "as_twd", is_flag=True, help="Print the Tournament Winning Deck entry: its header and score line (--deck adds the deck list).")
@click.option("--url", default=None, help="With --twd: the event's page (vekn.net event calendar).")
@click.option("--country", default=None, help="With --twd: the country, written after the city.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False), help="With --twd: append the winner's deck list from this text file, as given.")
@click.option("--force", is_flag=True, help="With --archondata: print it even when 'archon check' finds errors. "
              "With --xlsx/--html/--csv: replace an earlier report of the same kind (never another file). "
              "Not both in one command.")
@click.option("--judges-notes", is_flag=True, help="With --xlsx/--html: the judges' own copy, with their warnings "
              "and the reasons of their decisions (by default a report is one to post, without them).")
@dry_run_option("With --xlsx/--html/--csv: make every file but write none; say what would be written.")
@json_option('Print one JSON object: "vekn_report", "archondata", "twd" (each text printed, else null), '
             '"files" ([{"path", "what"}, ...]: written, or with --dry-run would be), "notes", "dry_run".')
@EDITION_OPTION
@writes
def report(file, xlsx_out, html_out, round_number, csv_dir, as_archondata, as_twd, url, country, deck_file, force,
           judges_notes, dry_run, as_json, edition):
    """\b
    Examples:
      archon report event.xlsx
      archon report event.xlsx --archondata > archondata.txt
      archon report event.xlsx --twd --url https://www.vekn.net/event-calendar/event/12345
      archon report event.xlsx --xlsx report.xlsx --html report.html --csv archon-csv
      archon report event.xlsx --round 2 --xlsx round2-seating.xlsx
      archon report event.xlsx --html judges.html --judges-notes
    """
    if judges_notes and xlsx_out is None and html_out is None:
        raise UsageRefused(say("report.judges_notes_alone", judges_notes=option("judges_notes"),
                               xlsx=option("xlsx"), html=option("html")))
    files = xlsx_out is not None or html_out is not None or csv_dir is not None
    _check_options(file, xlsx_out, html_out, round_number, csv_dir, as_archondata, as_twd, url, country, deck_file,
                   force, files)
    if not files and not as_archondata and not as_twd:
        st = report_standings(file, edition)
        if as_json:  # the same in every language: a program reads it
            say_json(report_json(vekn_report=vekn_report_text(st)), ensure_ascii=False)
        else:
            click.echo(vekn_report_text(st, renderer()))
        return
    texts = []  # printed once every output is made: never an upload from a command that failed
    if as_archondata:
        texts.append(archondata(file, edition, force=force))
    if as_twd:
        texts.append(twd(file, url=url, country=country, deck=deck_file, edition=edition))
    result = None
    if files:
        result = make_report(file, xlsx=xlsx_out, html=html_out, round=round_number, edition=edition,
                             csv=csv_dir, dry_run=dry_run, force=force, lang=chosen_language(),
                             judges_notes=judges_notes)
    if as_json:
        said = report_json(archondata=texts[0] if as_archondata else None, twd=texts[-1] if as_twd else None,
                           result=result, dry_run=dry_run)
        say_json(said, ensure_ascii=False)
        return
    for text in texts:
        click.echo(text)
    if result is None:
        return
    for note in result.notes:
        printed("cli.note", err=True, note=note)
    for path, what in result.written:
        printed("cli.report.would_write" if dry_run else "cli.report.wrote", file=str(path), what=what)
    if dry_run:
        printed("cli.dry_run.nothing_written")


def _check_options(file, xlsx_out, html_out, round_number, csv_dir, as_archondata, as_twd, url, country, deck_file,
                   force, files: bool) -> None:
    """:class:`UsageRefused` for options that do not go together."""
    if (url or country or deck_file) and not as_twd:
        raise UsageRefused(say("cli.report.twd_options"))
    if force and not as_archondata and not files:
        raise UsageRefused(say("cli.report.force_alone"))
    if force and as_archondata and files:
        raise UsageRefused(_force_one_at_a_time(xlsx_out, html_out, round_number, csv_dir))
    if round_number is not None and not (files or as_archondata or as_twd):
        raise UsageRefused(say("api.round_needs_xlsx", round=option("round"), xlsx=option("xlsx")))


def _force_one_at_a_time(xlsx_out, html_out, round_number, csv_dir):
    """Why ``report --archondata --force`` with a file output is refused, and
    the two commands to type instead: one --force would both replace a report
    and print an upload the check refused."""
    given = {name: value for name, value in (("xlsx", xlsx_out), ("html", html_out), ("csv", csv_dir))
             if value is not None}
    files = act("report", **({"round": round_number} if round_number is not None else {}),
                **{name: str(value) for name, value in given.items()}, force=True)
    return say("cli.report.force_one_at_a_time", check=act("check", file=False), given=[option(n) for n in given],
               upload=act("report", archondata=True, force=True), files=files)
