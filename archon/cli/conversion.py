"""``archon convert``: an old or foreign event file (or a folder of them)
into current Archon workbooks (twin: :func:`archon.api.conversion.convert`)."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import click

from archon.api.conversion import convert as convert_twin
from archon.api.conversion import is_folder_of_events
from archon.api.json_output import versioned
from archon.cli.errors import UsageRefused
from archon.cli.options import command, dry_run_option, edition_option, json_option
from archon.cli.output import as_printed, say, say_json, say_lines
from archon.cli.progress import FilesProgress
from archon.cli.writing import writes
from archon.formats.convert import ConversionStopped
from archon.formats.csvcells import csv_row
from archon.words.message import act, option
from archon.words.message import say as message

__all__ = ["convert", "one_output"]


def one_output(as_json: bool, as_csv: bool) -> None:
    if as_json and as_csv:
        raise UsageRefused(message("cli.json_or_csv"))


@command("convert")
@click.argument("source", metavar="IN", type=click.Path())
@click.argument("output", metavar="OUT.xlsx", type=click.Path())
@edition_option("Rule edition recorded in OUT (default: the one IN records, else current; see "
                "'archon editions').")
@click.option("--template", type=click.Path(dir_okay=False), default=None,
              help="An official Archon workbook to copy instead of archon's built-in template.")
@click.option("--force", is_flag=True, help="Convert even when some values have no place in the current layout (they are left out).")
@dry_run_option("Convert and check, but write nothing; say what would be written.")
@json_option("A folder: print each file converted, failed, duplicate or skipped as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="A folder: print a row per file as CSV.")
@writes
def convert(source, output, edition, template, force, dry_run, as_json, as_csv):
    """A folder of events is converted with a progress bar; --json or --csv
    print what became of each file instead of the lines.

    \b
    Examples:
      archon convert 2002-cup.xls 2002-cup.xlsx --edition 2001
      archon convert discord-export.zip event.xlsx --template thearchon-1.5l.xlsx
      archon convert standings.json event.xlsx
      archon convert old-events/ new-events/     # every event under a folder
    """
    one_output(as_json, as_csv)
    if is_folder_of_events(source):
        with FilesProgress(as_printed("cli.progress.converting")) as bar:
            folder = convert_twin(source, output, edition=edition, template=template, force=force,
                                  progress=bar, dry_run=dry_run)
        _print_folder_conversion(folder, as_json, as_csv)
        sys.exit(1 if folder.failed else 0)
    if as_json or as_csv:
        raise UsageRefused(message("cli.convert.folder_only", flag=option("json" if as_json else "csv"),
                                   example=act("convert", source="OLD/", output="NEW/"), name=Path(source).name))
    try:
        result = convert_twin(source, output, edition=edition, template=template, force=force, dry_run=dry_run,
                              progress=lambda said: click.echo(as_printed(said), err=True))
    except ConversionStopped as exc:
        say_lines(exc.result.lines())
        say("cli.convert.stopped", err=True, reason=getattr(exc, "message", str(exc)))
        sys.exit(1)
    say_lines(result.lines())


def _print_folder_conversion(folder, as_json: bool, as_csv: bool) -> None:
    """``archon convert OLD/ NEW/``'s report: lines, JSON or CSV (the
    summary then on standard error)."""
    if not (as_json or as_csv):
        say_lines(folder.lines())
        return
    if as_json:
        say_json(versioned("convert", folder.as_dict()), ensure_ascii=False, indent=1)
    else:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(folder.COLUMNS)
        out.writerows(csv_row(r) for r in folder.rows())
    click.echo(as_printed(folder.summary()), err=True)
