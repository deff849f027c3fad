"""The ``archon`` command line: parses arguments, calls the library, prints.

Every command has a Python twin (see :mod:`archon.api`).
"""

from __future__ import annotations

import json
import sys
from typing import Optional

import click

from archon import __version__
from archon.api import InputError, parse_vps, score_lines
from archon.rules.editions import EDITIONS, get_edition
from archon.exits import ExitStatus, status_of
from archon.rules.model import DECK_FORMATS
from archon.words.wording import WORKBOOK, count, figure, naming_workbook, naming_workbook_in, shell_word
from archon.rules.scoring import VPError, score_table

class Unreadable(click.ClickException):
    """Input archon cannot read: printed as one line, exit status 2."""

    exit_code = ExitStatus.UNREADABLE


def _failed(exc: BaseException) -> click.ClickException:
    """The one-line error for ``exc``, exiting with the status it carries
    (:func:`archon.exits.status_of`; 2, unreadable input, by default)."""
    err = click.ClickException(_error_text(exc))
    err.exit_code = status_of(exc)
    return err


#: Said after the error of a command given --dry-run: it was refused as the
#: command itself would be (the same message and exit status).
DRY_RUN_REFUSED = "(dry run: the command itself would stop here the same way; nothing was written)"


def _error_text(exc: BaseException) -> str:
    """The message of ``exc`` as printed (:func:`_for_user`); a dry run says it is one."""
    ctx = click.get_current_context(silent=True)
    text = _for_user(str(exc))
    if ctx is not None and ctx.meta.get("archon.dry_run"):
        text += " " + DRY_RUN_REFUSED
    return text


def _remember_dry_run(ctx, param, value):
    ctx.meta["archon.dry_run"] = value  # shared by the group's context: its errors say so too
    return value


def _typed_workbook() -> Optional[str]:
    """The workbook the command was given, as typed (``None``: none)."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get("archon.formats.workbook") if ctx is not None else None


def _for_user(text: str) -> str:
    """``text`` with the workbook the command was given named in every
    command it tells the organizer to type, where the core says FILE
    (:func:`archon.words.wording.naming_workbook`): the one place the shell fills
    in the name, for every message it prints."""
    file = _typed_workbook()
    return naming_workbook(text, file) if file else text


def _say(text: str, err: bool = False) -> None:
    click.echo(_for_user(text), err=err)


def _say_json(data, **dumps) -> None:
    """``data`` as JSON, the workbook named (:func:`_for_user`) in every
    text of it that tells the organizer a command to type."""
    file = _typed_workbook()
    click.echo(json.dumps(naming_workbook_in(data, file) if file else data, **dumps))


def _remember_workbook(ctx, param, value):
    ctx.meta["archon.formats.workbook"] = value  # shared by the group's context: its errors name it too
    return value


def _say_backups_removed(rep) -> None:
    """With ``archon --keep-backups N`` (or ARCHON_KEEP_BACKUPS), say on
    standard error which older backups the write ``rep`` (a twin's result:
    its ``backups_removed``) removed."""
    keep = click.get_current_context().find_root().params.get("keep_backups")
    gone = rep.backups_removed
    if keep is None or not gone:
        return
    from pathlib import Path

    names = ", ".join(b.name for b in gone[:3]) + (", ..." if len(gone) > 3 else "")
    click.echo(f"{Path(rep.path).name}: {count(len(gone), 'older backup')} removed from "
               f"{gone[0].parent.name}/ (--keep-backups {keep} keeps the backups of the last {keep} "
               f"changes, and a copy of the version now in the workbook): {names}", err=True)


#: The event workbook a command works on, named in the commands its messages
#: tell the organizer to type.
WORKBOOK_ARGUMENT = click.argument("file", type=click.Path(dir_okay=False), callback=_remember_workbook)


def _not_written_errnos() -> frozenset:
    import errno

    names = ("ENOSPC", "EDQUOT", "EFBIG", "EROFS", "EIO", "EACCES", "EPERM")
    return frozenset(getattr(errno, n) for n in names if hasattr(errno, n))


#: OS errors that mean an output could not be written (exit status 3): a full
#: disk or quota, a file too large, a read-only or failing medium, no permission.
_NOT_WRITTEN_ERRNOS = _not_written_errnos()


def _say_not_written(exc: OSError) -> None:
    click.echo(f"Error: cannot write {exc.filename or 'the output'}: {exc.strerror or exc}; the output is "
               f"incomplete: free some space (or write elsewhere) and run the command again", err=True)


class _Archon(click.Group):
    """The command group: every error ends in one line and its exit status
    (:mod:`archon.exits`), never a traceback.

    An error that carries ``exit_status`` exits with it; anything else is a
    bug in archon (status 4). ``ARCHON_DEBUG=1`` shows the traceback.
    """

    def main(self, *args, **kwargs):
        # 'archon --help > /dev/full': the group's own help and version are
        # printed while the command line is parsed, before invoke() is reached
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            import os

            if os.environ.get("ARCHON_DEBUG") or exc.errno not in _NOT_WRITTEN_ERRNOS:
                raise
            _say_not_written(exc)
            sys.exit(ExitStatus.NOT_WRITTEN)

    def parse_args(self, ctx, args):
        # the command line as typed, for the journal of changes (archon undo)
        ctx.meta["archon.command"] = "archon " + " ".join(_quoted(a) for a in args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()  # 'archon standings FILE --json > out.json' on a full disk fails here
        except (click.exceptions.Exit, click.ClickException, click.Abort, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # 'archon standings FILE | head': the reader has all it wants
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(ExitStatus.OK)
        except Exception as exc:  # noqa: BLE001 - the one place that turns errors into exit statuses
            import os

            if os.environ.get("ARCHON_DEBUG"):
                raise
            if isinstance(exc, OSError) and exc.errno in _NOT_WRITTEN_ERRNOS and not hasattr(exc, "exit_status"):
                _say_not_written(exc)
                ctx.exit(ExitStatus.NOT_WRITTEN)
            if hasattr(exc, "exit_status"):
                click.echo(f"Error: {_error_text(exc)}", err=True)
                ctx.exit(status_of(exc))
            click.echo(
                f"Error: archon failed ({type(exc).__name__}: {exc}). Nothing was written by this command. "
                "Please report it with the command you ran (ARCHON_DEBUG=1 shows the details).",
                err=True,
            )
            ctx.exit(ExitStatus.INTERNAL)


def _edition_option(help: str = "Rule edition to compute with (default: the one the workbook records; "
                                 "see 'archon editions')."):
    return click.option("--edition", type=click.Choice(sorted(EDITIONS)), default=None, help=help)


#: --edition of a command that reads a workbook: the one it records unless said.
EDITION_OPTION = _edition_option()


def _quoted(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


class _Setting(click.ParamType):
    """A number 0 or more from an option or its environment variable: a bad
    value says where it came from (the organizer who set ARCHON_LOCK_WAIT
    never typed --lock-wait)."""

    def __init__(self, kind: type, wanted: str) -> None:
        self.kind, self.wanted, self.name = kind, wanted, kind.__name__

    def convert(self, value, param, ctx):
        try:
            number = self.kind(value)
        except (TypeError, ValueError):
            number = -1
        if number >= 0:
            return number
        from click.core import ParameterSource

        if ctx is not None and param is not None and ctx.get_parameter_source(param.name) is ParameterSource.ENVIRONMENT:
            raise click.BadParameter(f"{value!r} is not {self.wanted}; fix or unset it", ctx, param,
                                     param_hint=f"environment variable {param.envvar}")
        raise click.BadParameter(f"{value!r} is not {self.wanted}", ctx, param)


@click.group(cls=_Archon, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="archon")
@click.option("--keep-backups", type=_Setting(int, "a whole number, 0 or more"), default=None, envvar="ARCHON_KEEP_BACKUPS",
              metavar="N", help="Backups kept per workbook in its NAME-backups folder (default 20; "
                                "env ARCHON_KEEP_BACKUPS; the command says which older backups it removed). "
                                "The one 'archon undo' needs is always kept.")
@click.option("--lock-wait", type=_Setting(float, "a number of seconds, 0 or more"), default=None, envvar="ARCHON_LOCK_WAIT",
              metavar="SECONDS", help="How long to wait for another archon command changing the same "
                                      "workbook (default 10; env ARCHON_LOCK_WAIT).")
@click.pass_context
def main(ctx, keep_backups, lock_wait) -> None:
    """Run VTES tournaments on The Archon workbook.

    Reads and writes Archon workbooks and computes seatings, scores,
    tie-breaks, finals, rating points and reports.
    """
    from archon.formats.workbook.safety import settings

    ctx.with_resource(settings(command=ctx.meta.get("archon.command"), keep_backups=keep_backups,
                               lock_wait=lock_wait))


def _fmt(x) -> str:
    if x is None:
        return "-"
    return f"{x:g}" if isinstance(x, float) else str(x)


@main.command()
@click.argument("vps", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@_edition_option("Rule edition (default: current; see 'archon editions').")
def score(vps, as_json, edition):
    """Score one table: VPs in seat order (4 or 5 values).

    Prints each seat's VP, GW and TP and whether the result is legal. With
    '-' reads one table per line from standard input and prints one JSON
    object per line. Exit status: 0 when every table is legal, 1 otherwise,
    2 on unreadable input.

    \b
    Examples:
      archon score 1.5 0 0.5 1.5 0
      printf '3 0 1 0 1\\n2 0 0 1.5\\n' | archon score -
    """
    ed = get_edition(edition)
    if list(vps) == ["-"]:
        try:
            results = score_lines(sys.stdin, ed)
        except InputError as exc:
            raise _failed(exc) from None
        for r in results:
            _say_json(r)
        sys.exit(0 if all(r["legal"] for r in results) else 1)
    try:
        values = parse_vps(vps)
        result = score_table(values, ed)
    except (InputError, VPError) as exc:
        raise _failed(exc) from None
    if as_json:
        _say_json(result.as_dict())
    else:
        click.echo(f"{'seat':>4}  {'VP':>4}  {'GW':>2}  {'TP':>4}")
        for s in result.seats:
            click.echo(f"{s.seat:>4}  {_fmt(s.vp):>4}  {s.gw:>2}  {_fmt(s.tp):>4}")
        if result.legal:
            click.echo("legal: a game can end this way")
        else:
            click.echo(f"{result.status}: {result.reason}")
    sys.exit(0 if result.legal else 1)


@main.command()
def editions():
    """List the rule editions archon knows.

    Exit status: 0.
    """
    for e in EDITIONS.values():
        click.echo(f"{e.name:8} {e.title}")


@main.command()
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
@click.option("--dry-run", is_flag=True, callback=_remember_dry_run, help="With --xlsx/--html/--csv: make every file but write none; say what would be written.")
@EDITION_OPTION
def report(file, xlsx_out, html_out, round_number, csv_dir, as_archondata, as_twd, url, country, deck_file, force,
           dry_run, edition):
    """Report an event: the VEKN report, or the files an event posts and publishes.

    With no option, prints the VEKN report as The Archon's 'VEKN Report'
    sheet has it: player number, VEKN number, name, games played, games won
    (+1 for the final's winner), total VPs and rank (top five only).
    --archondata prints the string to send to vekn.net (refused while 'archon
    check' finds errors, unless --force: then given without --xlsx, --html
    and --csv, so that replacing a report never prints a refused upload),
    --twd the winning deck's TWD entry
    (header and score line; --deck adds the deck list); --xlsx, --html and --csv write files. The
    numbers are those of 'archon standings', computed once from FILE.

    A workbook archon can read only in part (a round sheet missing or
    renamed, a formula with no saved value: see 'archon check') is not
    reported: a report of it would be wrong.

    Exit status: 0 when the report is printed or written; 1 when the event
    cannot be reported yet (--archondata or --twd before the event is over,
    a tie to toss, a VEKN number missing; --round N for a round not seated)
    or FILE could be read only in part; 2 when FILE cannot be read, the
    options do not go together or the event has no round N; 3 when an
    output cannot be written (it exists: --force replaces an earlier report
    of the same kind, never another file; its name does not end in .xlsx or
    .html; it is an event workbook or in a NAME-backups folder; its folder
    is missing or read-only).

    \b
    Examples:
      archon report event.xlsx
      archon report event.xlsx --archondata > archondata.txt
      archon report event.xlsx --twd --url https://www.vekn.net/event-calendar/event/12345
      archon report event.xlsx --xlsx report.xlsx --html report.html --csv archon-csv
      archon report event.xlsx --round 2 --xlsx round2-seating.xlsx
    """
    from archon.api import archondata as make_archondata
    from archon.api import report as make_report
    from archon.api import report_standings
    from archon.api import twd as make_twd
    from archon.formats.csvset import CsvSetError
    from archon.reports import ReportError
    from archon.formats.vekn import VeknReportError, vekn_report_text
    from archon.formats.workbook import WorkbookError

    files = xlsx_out is not None or html_out is not None or csv_dir is not None
    if (url or country or deck_file) and not as_twd:
        raise Unreadable("--url, --country and --deck go with --twd")
    if force and not as_archondata and not files:
        raise Unreadable("--force goes with --archondata, --xlsx, --html or --csv")
    if force and as_archondata and files:
        raise Unreadable(_force_one_at_a_time(file, xlsx_out, html_out, round_number, csv_dir))
    texts = []  # printed once every output is made: never an upload from a command that failed
    try:
        if not files and not as_archondata and not as_twd:
            if round_number is not None:
                raise InputError("--round N writes that round's seat list to a workbook: give --xlsx OUT.xlsx")
            click.echo(vekn_report_text(report_standings(file, edition)))
            return
        if as_archondata:
            texts.append(make_archondata(file, edition, force=force))
        if as_twd:
            texts.append(make_twd(file, url=url, country=country, deck=deck_file, edition=edition))
        result = None
        if files:
            result = make_report(file, xlsx=xlsx_out, html=html_out, round=round_number, edition=edition,
                                 csv=csv_dir, dry_run=dry_run, force=force)
    except (InputError, WorkbookError, VeknReportError) as exc:
        raise _failed(exc) from None
    except (ReportError, CsvSetError) as exc:
        raise _failed(exc) from None
    for text in texts:
        click.echo(text)
    if result is None:
        return
    for note in result.notes:
        _say(f"note: {note}", err=True)
    for path, what in result.written:
        click.echo(f"{'would write' if dry_run else 'wrote'} {path} ({what})")
    if dry_run:
        click.echo("dry run: nothing written")


def _force_one_at_a_time(file, xlsx_out, html_out, round_number, csv_dir) -> str:
    """Why ``report --archondata --force`` with a file output is refused, and
    the two commands to type instead: one --force would both replace a report
    and print an upload 'archon check' refused."""
    given = [(name, value) for name, value in (("--xlsx", xlsx_out), ("--html", html_out), ("--csv", csv_dir))
             if value is not None]
    again = (["--round", str(round_number)] if round_number is not None else []) + [
        word for name, value in given for word in (name, str(value))]
    workbook = _quoted(str(file))
    return (f"--force with --archondata prints the upload even when 'archon check' finds errors; with "
            f"{' and '.join(name for name, _ in given)} it replaces an earlier report: one --force cannot mean both. "
            f"Give it to one at a time: 'archon report {workbook} --archondata --force', then "
            f"'archon report {workbook} {' '.join(_quoted(w) for w in again)} --force'")


# ---------------------------------------------------------------------------
# Event day: register, drop, result, toss, finals (twins in archon.api)

DRY_RUN_OPTION = click.option(
    "--dry-run", is_flag=True, callback=_remember_dry_run, help="Print what would change; write nothing."
)


def _event_day_errors():
    from archon.eventday import EventDayError

    return _workbook_errors() + (EventDayError,)


def _done(rep) -> None:
    _say(rep.describe())
    _say_backups_removed(rep)


#: Seconds after which a command still at work says so on standard error.
SIGN_OF_LIFE_AFTER = 1.0


class _SignOfLife:
    """Says on standard error what a command is doing, once it has taken more
    than :data:`SIGN_OF_LIFE_AFTER` seconds (a quicker one says nothing)."""

    def __init__(self, text: str):
        import threading

        self._timer = threading.Timer(SIGN_OF_LIFE_AFTER, lambda: click.echo(text, err=True))
        self._timer.daemon = True

    def __enter__(self) -> "_SignOfLife":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._timer.cancel()


def _changing(file, work):
    """Run an event-day twin on ``file``: a sign of life after a second, and
    its errors as one line with their exit status."""
    with _SignOfLife(f"working on {file}..."):
        try:
            return work()
        except _event_day_errors() as exc:
            raise _failed(exc) from None


@main.command()
@WORKBOOK_ARGUMENT
@click.argument("name", required=False)
@click.option("--vekn", default=None, help="The player's VEKN number (7 digits).")
@click.option("--city", default=None, help="The player's city.")
@click.option("--from", "from_csv", type=click.Path(dir_okay=False), default=None,
              help="Register every player of a players CSV (first/last name or name, VEKN, city; any order).")
@DRY_RUN_OPTION
def register(file, name, vekn, city, from_csv, dry_run):
    """Register a player (or a players CSV) under the next player numbers.

    NAME is "First Last" (the last word is the last name) or "Last, First"
    for a last name of several words ("de la Cruz, Carl"); a name of three
    or more words without a comma is registered saying how it was split.
    A player registered once a round has results is a late arrival and joins
    from the next round (rules 3.3.1). A name or VEKN number already
    registered is refused, naming the row that holds it.

    Exit status: 0 when registered; 1 when refused (already registered, the
    event is too far on); 2 when FILE or the players CSV cannot be read, or
    a VEKN number is not 7 digits; 3 when FILE cannot be written.

    \b
    Examples:
      archon register event.xlsx "Anna Kowalski" --vekn 1234567 --city Lyon
      archon register event.xlsx "de la Cruz, Carl"
      archon register event.xlsx --from latecomers.csv --dry-run
    """
    from archon.api import register as run

    rep = _changing(file, lambda: run(file, name, vekn=vekn, city=city, players=from_csv, dry_run=dry_run))
    _done(rep)


@main.command()
@WORKBOOK_ARGUMENT
@click.argument("player", required=False)
@click.argument("reason", required=False)
@click.option("--round", "round_key", default=None, help="The round of the warning: 1, 2, 3 (a round seated so far) or F (the final, once seated).")
@click.option("--list", "as_list", is_flag=True, help="List the warnings recorded (as 'archon warnings FILE').")
@DRY_RUN_OPTION
def warn(file, player, reason, round_key, as_list, dry_run):
    """Record a judge's warning to a player, or list them (--list).

    PLAYER is a player number, a VEKN number or a unique part of a name
    (accents and case aside; "Last, First" too);
    REASON says why, in up to 200 characters. The workbook keeps the
    warnings in its document properties (File > Properties > Custom), which
    Excel and LibreOffice keep and The Archon's formulas ignore; the reports
    list them for the head judge's report to the VEKN. --round names a
    round seated so far, or F once the final is seated; the same warning
    (player, reason, round) is recorded once.

    Exit status: 0 when recorded (or listed); 1 when refused (a round not
    seated yet, the final not seated, the same warning already recorded); 2
    when FILE cannot be read, no player or several fit PLAYER, the reason is
    blank or too long, or the event has no such round; 3 when FILE cannot be
    written.

    \b
    Examples:
      archon warn event.xlsx 12 "slow play" --round 2
      archon warn event.xlsx Kowalski "marked cards"
      archon warn event.xlsx --list
    """
    if as_list:
        if player is not None or reason is not None or round_key is not None:
            raise Unreadable("--list takes no player, reason or --round")
        _print_warnings(file)
        return
    if player is None or reason is None:
        raise Unreadable('give the player and the reason: archon warn FILE PLAYER "reason" [--round N]')
    from archon.api import warn as run

    try:
        rep = run(file, player, reason, round=round_key, dry_run=dry_run)
    except _event_day_errors() as exc:
        raise _failed(exc) from None
    _done(rep)


@main.command("warnings")
@WORKBOOK_ARGUMENT
def warnings_command(file):
    """List the judges' warnings recorded in the workbook (archon warn).

    Exit status: 0; 2 when FILE cannot be read.
    """
    _print_warnings(file)


def _print_warnings(file) -> None:
    from archon.api import warnings as run
    from archon.eventday.judging import warning_line

    try:
        rows = run(file)
    except _workbook_errors() as exc:
        raise _failed(exc) from None
    click.echo("\n".join(warning_line(r) for r in rows) if rows else "no warnings recorded")


@main.command()
@WORKBOOK_ARGUMENT
@click.argument("player")
@DRY_RUN_OPTION
def unregister(file, player, dry_run):
    """Remove a player registered by mistake, or a no-show who played no game.

    PLAYER is a player number, a VEKN number or a unique part of a name
    (accents and case aside; "Last, First" too).
    The players after them move up one number on every sheet (The Archon's
    seating chart seats the players numbered 1 to N). After it the player
    is nowhere: not in the player count, the reports, the rating points or
    the VEKN upload. A no-show seated in a round that has no result yet
    leaves their seat (the players after them move up one seat; a table of 5
    becomes one of 4, the other tables stay); when that would leave a table
    of 3, that round's seating is cleared and the command to seat it again
    is printed. A player who has played is refused: drop them instead.

    Exit status: 0 when removed; 1 when refused (they have played, sit at
    the final table, have a judge's warning, or sit in a round that has
    results); 2 when FILE cannot be read, or no player or several fit
    PLAYER; 3 when FILE cannot be written.

    \b
    Examples:
      archon unregister event.xlsx 12
      archon unregister event.xlsx "Kowalski" --dry-run
    """
    from archon.api import unregister as run

    rep = _changing(file, lambda: run(file, player, dry_run=dry_run))
    _done(rep)


@main.command()
@WORKBOOK_ARGUMENT
@click.argument("player")
@click.option("--reason", default="WD", show_default=True,
              help="Code for the DQ flag: WD (withdrew), DQ, DP, PE, CD, MC, SP, UC, C, N (no-show).")
@click.option("--undo", is_flag=True, help="Clear the flag: the player plays again.")
@DRY_RUN_OPTION
def drop(file, player, reason, undo, dry_run):
    """Take a player out of the event (or back in with --undo).

    PLAYER is a player number, a VEKN number or a unique part of a name
    (accents and case aside; "Last, First" too). The
    player's DQ flag (Methuselahs column G) gets the reason code: they are
    left out of the next seatings and of the final; their results stay. A
    finalist who leaves before the final is seated is replaced by the
    next-ranked player; once the final is seated they keep their seat and
    take a Loss (rules 3.1.4).

    Exit status: 0 when done; 1 when refused (already out, seated at the
    final); 2 when FILE cannot be read, no player or several fit PLAYER, or
    the reason code is unknown; 3 when FILE cannot be written.

    \b
    Examples:
      archon drop event.xlsx 12
      archon drop event.xlsx Kowalski --reason DQ
      archon drop event.xlsx 12 --undo
    """
    from archon.api import drop as run

    rep = _changing(file, lambda: run(file, player, reason=reason, undo=undo, dry_run=dry_run))
    _done(rep)


@main.command()
@WORKBOOK_ARGUMENT
@click.argument("vps", nargs=-1, required=True)
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (1, 2, 3).")
@click.option("--table", type=click.IntRange(1), help="The table number in that round.")
@click.option("--final", is_flag=True, help="The final table.")
@click.option("--override", metavar="REASON", default=None,
              help="Accept a result no game can give, as a judge's decision (recorded on the Override sheet).")
@click.option("--replace", is_flag=True, help="Change a table that already has a complete result.")
@DRY_RUN_OPTION
def result(file, vps, round_number, table, final, override, replace, dry_run):
    """Record a table's VPs, in seat order.

    A result no game can end with is refused with the reason, unless a
    judge accepts it (--override "reason"). A table that already has a
    complete result keeps it: the command shows it and changes nothing,
    unless --replace. VPs may be typed 2.5, 2,5 or 1/2.

    Exit status: 0 when recorded; 1 when refused (a result no game can end
    with, a finished table without --replace, a round not seated yet, a
    change of finalists once the final is seated); 2 when FILE cannot be
    read, the event has no such round or table, or the VPs are not VPs
    (too many, too few, not numbers); 3 when FILE cannot be written.

    \b
    Examples:
      archon result event.xlsx --round 1 --table 3 3 0 0 0 2
      archon result event.xlsx --final 2 0 1 0 2
      archon result event.xlsx --round 3 --table 5 0 1 1 1.5 --override "player 7 ejected"
    """
    from archon.api import result as run

    rep = _changing(file, lambda: run(file, list(vps), round=round_number, table=table, final=final,
                                      override=override, replace=replace, dry_run=dry_run))
    _done(rep)


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--seed", type=int, default=None, help="Seed of the draw (the same seed gives the same draw).")
@DRY_RUN_OPTION
def toss(file, seed, dry_run):
    """Break ties for the final cut and the seeds with a fair random draw.

    Every unresolved tie for a place in the top five gets a coin ranking
    (Methuselahs column M; 1 = won the toss). The draw's seed is printed:
    'archon toss FILE --seed S' repeats the same draw.

    Exit status: 0 when tossed or no tie is left; 1 when refused (the
    preliminary rounds are not over, the final has a result); 2 when FILE
    cannot be read; 3 when FILE cannot be written.
    """
    from archon.api import toss as run

    rep = _changing(file, lambda: run(file, seed=seed, dry_run=dry_run))
    _done(rep)
    if rep.changed:
        _say(f"to {'write' if dry_run else 'repeat'} this draw: archon toss {WORKBOOK} --seed {rep.seed}")


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--round", "round_number", type=int, required=True, help="The preliminary round to seat.")
@click.option("--seed", type=int, default=None, help="Seed of the seating (the same seed gives the same seating).")
@click.option("--force", is_flag=True, help="Draw a new seating of a round already seated (its results, if any, "
                                             "are cleared), or before later rounds seated but not played (their "
                                             "seating is cleared).")
@click.option("--time-budget", type=float, default=None, help="Seconds the seating engine may search.")
@click.option("--print", "print_to", type=click.Path(dir_okay=False), default=None,
              help="Also write the round's seat list, to print and post (OUT.xlsx; it replaces a seat list archon wrote, never another file).")
@click.option("--show", is_flag=True,
              help="Seat nothing: print the round as seated (with --print, write its seat list again).")
@click.option("--json", "as_json", is_flag=True,
              help='Print only {"round", "seed", "tables": [[{"number", "name"}, ...], ...], '
                   '"score", "bounds", "optimal", "gaps"} (the keys of plan --json).')
@DRY_RUN_OPTION
def seat(file, round_number, seed, force, time_budget, print_to, show, as_json, dry_run):
    """Seat a preliminary round with archon's seating engine.

    Rounds already played stay as they were and count in the VEKN seating
    criteria; players flagged out are left out and players registered since
    are in. The seating is typed over The Archon's chart formulas. Prints the
    tables and the seating's score on the nine criteria (R1, no repeated
    predator-prey relationship, is mandatory). A round already seated is
    kept: --show prints it (--print writes its seat list again), --force
    draws a new seating.

    Exit status: 0 when seated (or shown); 1 when refused (an earlier round
    not seated, a round already seated or later rounds seated without
    --force, a later round played, a final seated that the new seating would
    change, too few players; --show: a round not seated); 2 when FILE
    cannot be read, the event has no such round or --show comes with
    --seed, --force, --dry-run or --time-budget; 3 when FILE or the seat
    list cannot be written.

    With --json, prints one JSON object instead: the round, the seed, the
    tables in seat order (player number and name), the score of the rounds
    seated so far on R1 to R9 and, per criterion, its lower bound, whether
    it is reached ("optimal") and the gap.

    \b
    Examples:
      archon seat event.xlsx --round 1
      archon seat event.xlsx --round 2 --print round2.xlsx
      archon seat event.xlsx --round 2 --json
      archon seat event.xlsx --round 2 --show --print round2.xlsx
    """
    from archon.api import seat as run

    report_errors = ()
    if print_to is not None:  # the reports (and xlsxwriter) are imported for a seat list only
        from archon.reports import ReportError

        report_errors = (ReportError,)
    progress = _LazyProgress(f"seating round {round_number}")  # shown once it takes over a second
    try:
        rep = run(file, round_number, seed=seed, force=force, dry_run=dry_run,
                  time_budget=time_budget, progress=progress, print_to=print_to, show=show)
    except (*_event_day_errors(), *report_errors) as exc:
        raise _failed(exc) from None
    finally:
        progress.close()
    seating = rep.seating
    _say_backups_removed(rep)
    if as_json:
        _say_json(seating.as_dict())
        return
    _say("\n".join(rep.lines) if show else rep.describe())
    for k, table in enumerate(seating.tables, start=1):
        click.echo(f"table {k}: " + ", ".join(f"{p} {name}".strip() for p, name in table))
    click.echo(seating.score_line())
    for line in _proof_lines(seating.proof):
        click.echo(line)
    for issue in seating.score.issues.get("R1", [])[:10]:
        click.echo(f"warning: R1 (predator-prey repeated): {issue}")
    if rep.changed and dry_run:
        again = " --force" if force else ""
        if time_budget is not None:
            again += f" --time-budget {time_budget:g}"
        if print_to:
            again += f" --print {shell_word(print_to)}"
        _say(f"to write this seating: archon seat {WORKBOOK} --round {round_number} --seed {rep.seed}{again}"
             + (" (a --time-budget search may stop elsewhere: check the tables)" if time_budget else ""))
    elif rep.changed:
        _say(f"to repeat this seating: archon seat {WORKBOOK} --round {round_number} --seed {rep.seed}")
    if rep.printed is not None:
        click.echo(f"wrote {rep.printed} (round {round_number} seat list)")
    elif print_to and dry_run:
        click.echo(f"dry run: {print_to} not written")


def _seating_list(text: str) -> list[int]:
    out = []
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        if not part.strip():
            continue
        try:
            out.append(int(part.strip().lstrip("#")))
        except ValueError:
            raise Unreadable(f"--seating: {part.strip()!r} is not a player number (e.g. --seating 17,4,9,1,12)") from None
    return out


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--seating", default=None, metavar="N,N,N,N,N",
              help="Record the final table: player numbers in seat order (seat 1 plays first).")
@click.option("--none", "no_final", is_flag=True,
              help="Close the event without a final (rules 3.1.6: fewer than 8 players).")
@DRY_RUN_OPTION
def finals(file, seating, no_final, dry_run):
    """Show the finalists and their seeds, or record the final table.

    Rules 3.1.3: finalists choose their seats in turn, the lowest qualifier
    (seed 5) first and seed 1 last, each placing their card at either end of
    the row or between two cards; the judge then draws who plays first.
    Record the table with --seating, seat 1 being the player who plays
    first. A finalist who leaves before the final is seated is replaced by
    the next-ranked player (archon drop); with fewer than 5 players left the
    final is played with 4.

    Exit status: 0; 1 when a tie at the cut leaves a place in the final
    undecided (archon toss), or --seating or --none is refused
    (not the finalists, the rounds not over); 2 when FILE cannot be read or
    a seat is not a player number; 3 when FILE cannot be written.

    \b
    Examples:
      archon finals event.xlsx
      archon finals event.xlsx --seating 17,4,9,1,12
      archon finals event.xlsx --none
    """
    from archon.api import close_without_final, seat_final
    from archon.api import finals as view

    if seating is not None and no_final:
        raise Unreadable("give --seating or --none, not both")
    if seating is not None:
        numbers = _seating_list(seating)
        _done(_changing(file, lambda: seat_final(file, numbers, dry_run=dry_run)))
        return
    if no_final:
        _done(_changing(file, lambda: close_without_final(file, dry_run=dry_run)))
        return
    if dry_run:
        raise Unreadable("--dry-run goes with --seating or --none")
    v = _changing(file, lambda: view(file))
    _print_finals(v)
    if v.waiting_for_toss:
        sys.exit(ExitStatus.PROBLEMS)


def _print_finals(v) -> None:
    import textwrap

    from archon.eventday import NO_FINAL_SAID, SEAT_CHOICE, SEAT_CHOICE_HOW

    ev = v.standings.event
    if not v.has_final:
        click.echo(NO_FINAL_SAID)
        return
    click.echo(f"{v.title}:")
    keys = v.standings.edition.ranking_keys
    header = f"{'seed':>4} {'#':>3}  {'player':<28} " + " ".join(f"{k.upper():>5}" for k in keys)
    click.echo(header)
    for f in v.finalists:
        s = f.standing
        stats = " ".join(f"{float(getattr(s, k)):>5g}" for k in keys)
        click.echo(f"{(f.seed or '-'):>4} {f.number:>3}  {f.player.name[:28]:<28} {stats}")
    for t in v.ties:
        when = "once the preliminary rounds are over, " if v.unfinished else ""
        _say(f"tie: {t.describe(ev)}: {when}run 'archon toss {WORKBOOK}'")
    for what in v.unfinished[:5]:
        _say(f"not yet: {what}")
    if v.seating:
        click.echo("\nFinal table (seat order):")
        for i, (n, seed) in enumerate(zip(v.seating, v.seeds), start=1):
            vp = v.vps[i - 1] if i - 1 < len(v.vps) else None
            name = ev.player(n).name if n in ev.players_by_number() else "?"
            vp_text = f"  {vp:g} VP" if vp is not None else ""
            click.echo(f"  seat {i}: #{n} {name} (seed {seed if seed is not None else '-'}){vp_text}")
        if v.winner is not None:
            click.echo(f"winner: {ev.player(v.winner)}")
        return
    if v.choosing_order:
        click.echo(f"\n{SEAT_CHOICE}:")
        for i, f in enumerate(v.choosing_order, start=1):
            click.echo(f"  {i}. seed {f.seed}: {f.player}")
        click.echo(textwrap.fill(SEAT_CHOICE_HOW, 86))
    if v.ready:
        _say(f"Once seated, record the table (seat 1 plays first): archon finals {WORKBOOK} --seating "
                   + ",".join("N" for _ in v.finalists))


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--port", type=int, default=8000, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--lan", is_flag=True, help="Listen on every interface, for the players' page on phones (writes still need the token).")
@click.option("--no-browser", is_flag=True, help="Do not open the organizer's page in the browser.")
def serve(file, port, lan, no_browser):
    """The event console: the event day in a browser, beside the spreadsheet.

    Prints the organizer's URL (it carries a secret token: keep it to
    yourself) and the players' URL (read only: tables, standings, final;
    for a projector or phones). Both pages follow the workbook live, also
    when it is saved in Excel or LibreOffice. Ctrl-C stops the server.

    Exit status: 0 once stopped; 2 when FILE cannot be read or the port
    cannot be used.

    \b
    Examples:
      archon serve cup.xlsx
      archon serve cup.xlsx --lan --port 8080
    """
    from archon.web import serve as run

    def ready(urls):
        click.echo(f"organizer: {urls.organizer}")
        click.echo(f"players:   {urls.players}")
        click.echo("Ctrl-C stops the server.")

    try:
        run(file, port=port, lan=lan, open_browser=not no_browser, on_ready=ready)
    except _workbook_errors() as exc:
        raise _failed(exc) from None
    except KeyboardInterrupt:
        pass
    click.echo("stopped")


# ---------------------------------------------------------------------------
# Workbook commands: standings, check, new, update


def _workbook_errors():
    """The errors of the workbook commands, each one line and its exit status;
    taken when an error is raised (``except _workbook_errors()`` is evaluated
    only then: a command that succeeds loads none of their modules)."""
    from archon.formats.players_csv import PlayersCSVError
    from archon.formats.workbook import WorkbookError, WriteError

    return (InputError, WorkbookError, PlayersCSVError, WriteError, FileNotFoundError)


def _fmt_vp(x) -> str:
    if x is None:
        return ""
    return f"{x:g}"


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--json", "as_json", is_flag=True, help="Print the standings contract as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per player.")
@EDITION_OPTION
def standings(file, as_json, as_csv, edition):
    """Print the standings of an Archon workbook.

    Everything is computed from the workbook's inputs by archon's rules
    engine (cached spreadsheet values are never trusted). Players are listed
    by final rank (or rank), then player number; players flagged out last.

    Exit status: 0; 1 when some cells could not be read (the standings still
    print; standard error names the cells and how they were read: see
    'archon check'); 2 when the file cannot be read.

    \b
    Examples:
      archon standings event.xlsx
      archon standings event.xlsx --json > standings.json
      archon standings event.xlsx --csv > standings.csv
    """
    from archon.formats.serialize import standings_to_dict
    from archon.rules.standings import compute
    from archon.formats.workbook import read_event

    try:
        # what archon.api.standings computes, keeping the cells the reader could not use
        read = read_event(file)
        data = standings_to_dict(compute(read.event, edition))
    except _workbook_errors() as exc:
        raise _failed(exc) from None
    _print_standings(file, data, as_json, as_csv)
    for problem in read.problems[:5]:
        _say(f"warning: {problem}", err=True)
    if read.problems:
        more = f"{len(read.problems) - 5} more; " if len(read.problems) > 5 else ""
        _say(f"warning: {more}the standings read these cells as said above: fix them "
             f"(archon check {WORKBOOK})", err=True)
        sys.exit(1)


def _print_standings(file, data, as_json, as_csv) -> None:
    import csv as _csv

    from archon.formats.csvcells import csv_cell
    from archon.formats.serialize import STANDINGS_COLUMNS, standings_rows

    if as_json:
        _say_json(data, ensure_ascii=False, indent=1)
        return
    rows = standings_rows(data)
    if as_csv:
        out = sys.stdout
        w = _csv.DictWriter(out, fieldnames=list(STANDINGS_COLUMNS), lineterminator="\n")
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


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
@EDITION_OPTION
def check(file, as_json, edition):
    """List every problem in an Archon workbook, with its sheet and cell.

    Exit status: 0 when the workbook is clean (seating notes only), 1 when
    there are problems, 2 when the file cannot be read.
    """
    from archon.api import check as check_workbook

    try:
        problems = check_workbook(file, edition)
    except _workbook_errors() as exc:
        raise _failed(exc) from None
    if as_json:
        _say_json([p.as_dict() for p in problems], ensure_ascii=False, indent=1)
    elif not problems:
        click.echo(f"{file}: no problems found")
    else:
        for p in problems:
            _say(f"{p.severity}: {p}")
        errors = sum(1 for p in problems if p.severity == "error")
        notes = sum(1 for p in problems if p.severity == "note")
        click.echo(f"\n{count(len(problems) - notes, 'problem')}, {count(errors, 'error')}"
                   + (f"; {count(notes, 'seating note')}" if notes else ""))
    # Seating notes (criteria R2-R7) describe quality, not something to fix.
    sys.exit(1 if any(p.severity != "note" for p in problems) else 0)


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--name", default="", help="Event name.")
@click.option("--date", default=None, help="Event date, YYYY-MM-DD.")
@click.option("--city", default=None, help="City.")
@click.option("--organizer", default=None, help="Organizer's name.")
@click.option("--level", default=None, help="Level, e.g. 'Standard Constructed', 'National Championship'.")
@click.option("--format", "event_format", default="3R+F", show_default=True, help="2R+F or 3R+F.")
@click.option("--players", type=click.Path(dir_okay=False), default=None, help="Players CSV (first/last name, VEKN, city).")
@click.option("--deck-format", default=None, metavar="|".join(DECK_FORMATS),
              help="The deck format (Tournament Info, Format); the reports show it.")
@click.option("--template", type=click.Path(dir_okay=False, exists=True), default=None, help="An official Archon workbook to copy instead of archon's own template.")
@_edition_option("Rule edition recorded in the new workbook (default: current; see 'archon editions').")
@DRY_RUN_OPTION
def new(file, name, date, city, organizer, level, event_format, players, deck_format, template, edition, dry_run):
    """Create an event workbook.

    From archon's built-in template (same sheets and cells as The Archon,
    results written as values), or from an official Archon you downloaded
    (--template; its formulas stay in place).

    Exit status: 0 when created; 2 when an option, the players CSV or the
    template cannot be read (nothing written); 3 when FILE cannot be
    written (it exists already, its folder is missing or read-only).

    \b
    Example:
      archon new event.xlsx --name "Winter Cup" --date 2026-12-05 --city Lyon --players players.csv
    """
    from archon.api import new as new_workbook

    try:
        rep = new_workbook(
            file, name=name, date=date, city=city, organizer=organizer, level=level,
            format=event_format, players=players, template=template, edition=edition,
            deck_format=deck_format, dry_run=dry_run,
        )
    except _workbook_errors() as exc:
        raise _failed(exc) from None
    click.echo(
        f"{'would create' if dry_run else 'created'} {rep.path} ({rep.kind} template, "
        f"{rep.edition or 'current'} rules, level {rep.level}"
        f"{', ' + rep.deck_format if deck_format and rep.deck_format else ''})"
    )
    if players is not None:
        numbers = "#1" if rep.players == 1 else f"numbered 1 to {rep.players}"
        click.echo(f"{'would register' if dry_run else 'registered'} {count(rep.players, 'player')} ({numbers})")
    for note in rep.notes:
        click.echo(note)
    if dry_run:
        click.echo("dry run: nothing written")


@main.command()
@WORKBOOK_ARGUMENT
@_edition_option("Rule edition to record in the workbook: every command on it ranks by it from then on "
                 "(default: keep the one it records; see 'archon editions').")
@DRY_RUN_OPTION
def update(file, edition, dry_run):
    """Recompute an event workbook and write the results back.

    In archon's built-in template every result is refreshed; in an official
    Archon the inputs stay and its formulas recalculate when opened. The
    previous version is kept as a backup in the NAME-backups folder beside it. A cell archon
    cannot read stops it before anything is written (fix it: 'archon check').
    --edition records another rule edition in the workbook, and says so.

    Exit status: 0 when written or already up to date; 2 when FILE cannot be
    read (or holds cells archon cannot read); 3 when FILE cannot be written.
    """
    from archon.api import update as update_workbook

    rep = _changing(file, lambda: update_workbook(file, edition, dry_run=dry_run))
    if rep.edition_was is not None:
        _say(f"rule edition: {rep.edition_was} -> {rep.edition}: {'would be' if dry_run else 'now'} recorded in "
             f"the workbook; standings, ranks and rating points {'would ' if dry_run else ''}follow the {rep.edition} rules from now on "
             f"('archon update FILE --edition {rep.edition_was}' puts it back)")
    _done(rep)


@main.command()
@click.argument("source", metavar="IN", type=click.Path())
@click.argument("output", metavar="OUT.xlsx", type=click.Path())
@_edition_option("Rule edition recorded in OUT (default: the one IN records, else current; see "
                 "'archon editions').")
@click.option("--template", type=click.Path(dir_okay=False), default=None,
              help="An official Archon workbook to copy instead of archon's built-in template.")
@click.option("--force", is_flag=True, help="Convert even when some values have no place in the current layout (they are left out).")
@click.option("--dry-run", is_flag=True, callback=_remember_dry_run, help="Convert and check, but write nothing; say what would be written.")
@click.option("--json", "as_json", is_flag=True,
              help="A folder: print each file converted, failed, duplicate or skipped as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="A folder: print a row per file as CSV.")
def convert(source, output, edition, template, force, dry_run, as_json, as_csv):
    """Convert an old or foreign event file into a current Archon workbook.

    IN is an Archon workbook of any version and form (.xlsx, .ods, .xls,
    Google Sheets export), the archon Discord bot's CSV set (a folder or a
    .zip of Methuselahs.csv, Round-N.csv, Finals.csv, Report.csv) or the
    output of 'archon standings FILE --json'. Prints what was found, what has
    no place in the current layout, and what 'archon check' finds in OUT.

    The rule edition (--edition, else the one IN records, else current) is
    recorded in OUT and used by every command on it.

    Exit status: 0 when OUT was written; 1 when IN holds values the current
    layout cannot hold (nothing written: check them, or give --force to leave
    them out); 2 when IN cannot be read or an option is wrong; 3 when OUT
    cannot be written (it exists already, its folder is missing).

    \b
    Examples:
      archon convert 2002-cup.xls 2002-cup.xlsx --edition 2001
      archon convert discord-export.zip event.xlsx --template thearchon-1.5l.xlsx
      archon convert standings.json event.xlsx
      archon convert old-events/ new-events/     # every event under a folder

    IN may be a folder of event files (not a CSV set): each one is converted
    into the same place under the folder OUT (.xlsx), with a progress bar;
    a file that cannot be converted is listed with the reason and the rest
    go on; the same event twice (an .xls and its .xlsx) is converted once.
    Exit status then: 0 when every event was converted, 1 when some could
    not be.
    --json or --csv print what became of each file instead of the lines.
    """
    from pathlib import Path

    from archon.api import convert as convert_twin
    from archon.across.archive import is_csv_folder
    from archon.formats.convert import ConversionStopped, ConvertError, convert as run
    from archon.formats.workbook import WriteError

    _one_output(as_json, as_csv)
    if Path(source).is_dir() and not is_csv_folder(Path(source)):
        with _FilesProgress("converting") as bar:
            try:
                folder = convert_twin(source, output, edition=edition, template=template, force=force,
                                      progress=bar, dry_run=dry_run)
            except InputError as exc:
                raise _failed(exc) from None
        _print_folder_conversion(folder, as_json, as_csv)
        sys.exit(1 if folder.failed else 0)
    if as_json or as_csv:
        raise Unreadable(f"--{'json' if as_json else 'csv'} lists what became of each file of a folder "
                         f"(archon convert OLD/ NEW/); {Path(source).name} is one event file")
    try:
        result = run(source, output, edition=edition, template=template, force=force, dry_run=dry_run,
                     progress=lambda msg: click.echo(msg, err=True))
    except ConversionStopped as exc:
        for line in exc.result.lines():
            click.echo(line)
        click.echo(f"stopped: {exc}", err=True)
        sys.exit(1)
    except (ConvertError, WriteError) as exc:
        raise _failed(exc) from None
    for line in result.lines():
        click.echo(line)



def _print_folder_conversion(folder, as_json: bool, as_csv: bool) -> None:
    """``archon convert OLD/ NEW/``'s report: lines, JSON or CSV (the
    summary then on standard error)."""
    if not (as_json or as_csv):
        for line in folder.lines():
            click.echo(line)
        return
    if as_json:
        _say_json(folder.as_dict(), ensure_ascii=False, indent=1)
    else:
        import csv

        from archon.formats.csvcells import csv_row

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(folder.COLUMNS)
        out.writerows(csv_row(r) for r in folder.rows())
    click.echo(folder.summary(), err=True)


class _FilesProgress:
    """A progress bar over files on standard error: called with (done, total, file)."""

    def __init__(self, label: str):
        self._label = label
        self._bar = None

    def __call__(self, done: int, total: int, path) -> None:
        if not sys.stderr.isatty():  # a log or a pipe: the summary lines say it all
            return
        if self._bar is None:
            self._bar = click.progressbar(length=total, label=self._label, file=sys.stderr)
            self._bar.__enter__()
        self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    def __enter__(self) -> "_FilesProgress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _print_frame(frame, as_csv: bool, columns, widths) -> None:
    """A DataFrame as CSV (``--csv``) or as aligned text."""
    if as_csv:
        from pandas.api import types as kinds

        from archon.formats.csvcells import csv_cell

        frame = frame[list(columns)].copy()
        for c in frame.columns:  # text a spreadsheet would run gets a leading '; numbers, dates as they are
            col = frame[c]
            if not (kinds.is_numeric_dtype(col) or kinds.is_bool_dtype(col) or kinds.is_datetime64_any_dtype(col)):
                frame[c] = col.map(csv_cell)
        frame.to_csv(sys.stdout, index=False, lineterminator="\n", date_format="%Y-%m-%d")
        return
    header = " ".join(f"{c:>{w}}" if w > 0 else f"{c:<{-w}}" for c, w in zip(columns, widths))
    click.echo(header)
    click.echo("-" * len(header))
    for row in frame[list(columns)].itertuples(index=False):
        cells = []
        for v, w in zip(row, widths):
            text = "" if v is None or v != v else (f"{v:.2f}" if isinstance(v, float) and not float(v).is_integer()
                                                   else (f"{v:g}" if isinstance(v, float) else str(v)))
            cells.append(f"{text[:abs(w)]:>{w}}" if w > 0 else f"{text[:-w]:<{-w}}")
        click.echo(" ".join(cells))


def _one_output(as_json: bool, as_csv: bool) -> None:
    if as_json and as_csv:
        raise Unreadable("--json and --csv print different things: give one of them")


def _files_report(archive) -> None:
    """What was not counted, on standard error (the output stays clean)."""
    for line in archive.lines():
        click.echo(line, err=True)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD", help="The ranking on that day (default: today); events dated after it are left out, and said so.")
@click.option("--category", type=click.Choice(["constructed", "limited"]), default="constructed", show_default=True,
              help="Standard Constructed or Limited (all limited formats): rated apart.")
@click.option("--country", default=None, help="Only players whose country (or city) in the files is this one.")
@click.option("--system", type=click.Choice(["rtp", "elo2001"]), default=None,
              help="rtp: rating points, best 8 events in 18 months (current rules, Appendix A); elo2001: the "
                   "2001 rules' Elo (default when every event runs under the 2001 rules).")
@click.option("--player", "players", multiple=True, metavar="VEKN",
              help="With --xlsx (or --json): a sheet of this player's events, counted and dropped. Repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the ranking, inactive and unrated players and the files as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the ranking as CSV.")
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), default=None,
              help="Write a report workbook: the ranking, a sheet per --player, a chart of the top players' rating over time.")
@click.option("--force", is_flag=True, help="With --xlsx: replace an earlier rating workbook (never another file).")
@click.option("--processes", type=click.IntRange(1), default=None, help="Processes reading files (default: one per CPU for large archives).")
def rating(paths, as_of, category, country, system, players, as_json, as_csv, xlsx_out, force, processes):
    """The VEKN rating and ranking from event files.

    PATHS are event files in any form archon reads (Archon workbooks, the
    bot's CSV sets, standings JSON) or folders, searched recursively.
    Players are matched by VEKN number; a row without one is listed as
    unrated. Files that cannot be read, duplicates (the same event twice)
    and other files are listed on standard error with the reason.

    Exit status: 0 with a ranking; 2 when no event could be read or an
    argument is wrong; 3 when --xlsx cannot be written (the file exists:
    --force replaces an earlier rating workbook, never another file).

    \b
    Examples:
      archon rating events/ --as-of 2026-06-30
      archon rating events/ --category limited --country France --csv > ranking.csv
      archon rating events/ --xlsx ranking.xlsx --player 3000123
      archon rating 2001-2002/ --system elo2001
    """
    from archon.api import rating as run

    _one_output(as_json, as_csv)
    with _FilesProgress("reading") as bar:
        result = run(paths, as_of=as_of, category=category, country=country, system=system, players=players,
                     xlsx=xlsx_out, force=force, processes=processes, progress=bar)
    if as_json:
        _say_json(result.as_dict(), ensure_ascii=False, indent=1)
    else:
        if not as_csv:
            what = "rating points, best 8 events in 18 months" if result.system == "rtp" else "Elo, 2001 rules"
            click.echo(f"Ranking on {result.as_of.isoformat()}, {result.category} ({what}): "
                       f"{len(result.ranking)} players")
        _print_frame(result.ranking, as_csv, ("rank", "vekn", "name", "city", "rating", "counted", "played",
                                              "games", "gw", "vp"), (4, -8, -26, -14, 8, 7, 6, 5, 3, 5))
        for vekn, events in result.players.items():
            if as_csv:
                break
            click.echo(f"\n{vekn}: events in the window ({'counted: yes = one of the best 8' if 'counted' in events else 'by date'})")
            shown = events.assign(date=events["date"].dt.strftime("%Y-%m-%d"))
            cols = [c for c in ("date", "event", "games", "gw", "vp", "rating_points", "counted") if c in shown]
            _print_frame(shown, False, cols, [-10, -28, 5, 3, 5, 13, 7][:len(cols)])
    if result.written is not None:
        click.echo(f"wrote {result.written}", err=True)
    note = result.left_out()
    if note:
        click.echo(f"note: {note}", err=True)
    groups = result.unrated.groupby(["source", "reason"]).size()
    for k, ((source, reason), n) in enumerate(groups.items()):
        if k == 10:
            click.echo(f"unrated: {count(len(groups) - 10, 'more file')}: see --json", err=True)
            break
        click.echo(f"unrated: {source}: {count(n, 'result')}: {reason}", err=True)
    _files_report(result.archive)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--best", type=click.IntRange(1), default=None, help="How many of each player's results count.")
@click.option("--points", type=click.Choice(["rating", "gw-vp"]), default=None,
              help="Count results by rating points (default), or by GW, then VP, then TP.")
@click.option("--from", "start", default=None, metavar="YYYY-MM-DD", help="First day of the league.")
@click.option("--to", "end", default=None, metavar="YYYY-MM-DD", help="Last day of the league.")
@click.option("--name", default=None, help="The league's name.")
@click.option("--json", "as_json", is_flag=True, help="Print the standings and each result (counted or not) as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the standings as CSV.")
@click.option("--xlsx", "xlsx_out", type=click.Path(dir_okay=False), default=None,
              help="Write a report workbook: the standings, the top players' results, a chart of their running totals.")
@click.option("--force", is_flag=True, help="With --xlsx: replace an earlier league workbook (never another file).")
@click.option("--processes", type=click.IntRange(1), default=None, help="Processes reading files.")
def league(paths, best, points, start, end, name, as_json, as_csv, xlsx_out, force, processes):
    """League standings across a series of events.

    The sum of each player's best N results (--best N) between --from and
    --to, by rating points or by GW then VP then TP; ties share a rank
    (marked '='). PATHS are event files or folders, or one league file
    (TOML) that says it all:

    \b
      name = "Winter League"
      events = ["winter/"]        # relative to the league file
      best = 3
      points = "rating"           # or "gw-vp"
      from = 2025-11-01
      to = 2026-02-28

    Exit status: 0 with the standings; 2 when no event could be read or the
    league file or an argument is wrong; 3 when --xlsx cannot be written
    (the file exists: --force replaces an earlier league workbook, never
    another file).

    \b
    Examples:
      archon league winter/ --best 3 --name "Winter League"
      archon league winter-league.toml --xlsx winter.xlsx
    """
    from archon.api import league as run

    _one_output(as_json, as_csv)
    with _FilesProgress("reading") as bar:
        result = run(paths, best=best, points=points, start=start, end=end, name=name, xlsx=xlsx_out,
                     force=force, processes=processes, progress=bar)
    d = result.definition
    table = result.standings.assign(rank=[f"{r}=" if t else str(r) for r, t in
                                          zip(result.standings["rank"], result.standings["tied"])])
    totals = ("points",) if d.points == "rating" else ("gw", "vp", "tp")
    if as_json:
        _say_json(result.as_dict(), ensure_ascii=False, indent=1)
    elif as_csv:
        _print_frame(result.standings, True, ("rank", "tied", "vekn", "name", "city", *totals, "counted", "played"), ())
    else:
        click.echo(f"{d.name or 'League'}: best {count(d.best, 'result')} by "
                   f"{'rating points' if d.points == 'rating' else 'GW, then VP, then TP'}"
                   f"{', from ' + d.start.isoformat() if d.start else ''}{', to ' + d.end.isoformat() if d.end else ''}")
        _print_frame(table, False, ("rank", "vekn", "name", "city", *totals, "counted", "played"),
                     (5, -8, -26, -14, *([8] if d.points == "rating" else [3, 5, 5]), 7, 6))
    if result.written is not None:
        click.echo(f"wrote {result.written}", err=True)
    _files_report(result.archive)


@main.command()
@WORKBOOK_ARGUMENT
@click.option("--force", is_flag=True, help="Restore even though the workbook was changed since (that change is lost).")
@DRY_RUN_OPTION
def undo(file, force, dry_run):
    """Undo the last archon command that changed a workbook.

    Restores FILE as it was before that command, from its backup in the
    NAME-backups folder beside it, and says which command and when. Run it
    again to go further back. Refused when FILE was changed since archon
    wrote it (typed in a spreadsheet: undo would lose that) unless --force.
    A FILE archon cannot read any more (damaged: cut short by an interrupted
    copy) is put back as archon's last command left it; undo again takes
    back that command. The version undo replaces is kept as a backup too.

    Exit status: 0 when restored; 1 when there is nothing to undo, its
    backup is gone, or FILE changed since; 2 when FILE does not exist;
    3 when FILE cannot be written (open, read-only, held).

    \b
    Examples:
      archon undo event.xlsx --dry-run
      archon undo event.xlsx
    """
    from archon.api import undo as run

    _done(run(file, force=force, dry_run=dry_run))


class _LazyProgress:
    """A progress bar on standard error that shows up only once the work has
    taken more than :data:`SIGN_OF_LIFE_AFTER` seconds (as :class:`_SignOfLife`)."""

    def __init__(self, label: str):
        import time

        self._clock = time.monotonic
        self._start = self._clock()
        self._delay = SIGN_OF_LIFE_AFTER
        self._label = label
        self._bar = None
        self._done = 0

    def __call__(self, fraction: float) -> None:
        if self._bar is None:
            if self._clock() - self._start < self._delay:
                return
            self._bar = click.progressbar(length=100, label=self._label, file=sys.stderr)
            self._bar.__enter__()
        target = min(100, int(fraction * 100))
        if target > self._done:
            self._bar.update(target - self._done)
            self._done = target

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


@main.command()
@click.argument("players", metavar="N", type=int)
@click.option("--rounds", "-r", "rounds", type=int, default=3, show_default=True,
              help="Rounds to plan (1 to 5).")
@click.option("--seed", type=int, default=None,
              help="Seed of the random draw: the same N, rounds and seed give the same plan.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"players": N, "rounds": [[[p, ...], ...], ...], "score": {"R1": ..., "R9": ...}, '
                   '"bounds": {...}, "optimal": {"R1": true, ...}, "gaps": {"R1": 0, ...}}: per criterion the '
                   'lower bound no plan can beat, whether the plan reaches it, and the gap.')
@click.option("--archon", "as_archon", is_flag=True,
              help="Print the plan as The Archon's chart sheets lay it out, ready to paste: one line "
                   "per round, 5 tab-separated slots per table (the 5th empty at a 4-player table).")
@click.option("--time-budget", type=float, default=None, metavar="SECONDS",
              help="Search at most this long; with time to spare, keep looking for a better plan "
                   "until then (the plan then depends on the computer's speed).")
@click.option("--sit-out", is_flag=True,
              help="Staggered plan: some players sit out each round, everyone plays the same number "
                   "of rounds (automatic for 6, 7 and 11 players).")
@click.option("--games", type=int, default=None,
              help="Rounds each player plays in a staggered plan (default: one less than --rounds).")
@click.option("--effort", type=float, default=None,
              help="Search effort (default 0.25: any N in a fraction of a second); more searches "
                   "longer for a better plan, e.g. --effort 4 for a small or unusual event.")
def plan(players, rounds, seed, as_json, as_archon, time_budget, sit_out, games, effort):
    """Plan the seating of N players (numbered 1 to N) over several rounds.

    Tables of 5, of 4 where needed, as many 5s as possible, with the VEKN
    seating criteria R1 (no repeated predator-prey relationship, mandatory)
    to R9 met as well as possible, in that order. Prints the plan, who sits
    out each round in a staggered plan, the seed (to get the same plan
    again) and the plan's figure on each criterion (lower is better), with
    the lower bound no plan can beat: "optimal" where the plan reaches it.

    Exit status: 0 with a plan; 2 when N, the rounds or the games cannot be
    planned, or the options do not go together.

    \b
    Examples:
      archon plan 23 --rounds 3
      archon plan 7 --rounds 3            # staggered: each plays 2 rounds
      archon plan 40 -r 2 --seed 7 --archon
    """
    from archon.api import plan as make_plan
    from archon.seating import SeatingError

    if as_json and as_archon:
        raise Unreadable("--json and --archon print different things: give one of them")
    bar = _LazyProgress(f"seating {players} players")
    try:
        result = make_plan(players, rounds, seed=seed, time_budget=time_budget,
                           sit_out=True if sit_out else None, games=games, progress=bar, effort=effort)
    except (InputError, SeatingError) as exc:
        raise Unreadable(str(exc)) from None  # N and rounds that cannot be planned: wrong usage
    finally:
        bar.close()
    if as_json:
        _say_json(result.as_dict())
        return
    if as_archon:
        for rnd in result.rounds:
            cells = []
            for table in rnd:
                slots = [str(p) for p in table] + [""] * (5 - len(table))
                cells.extend(slots)
            click.echo("\t".join(cells))
        for r, out in enumerate(result.sitting_out, start=1):
            if out:
                click.echo(f"round {r}: sitting out {', '.join(map(str, out))}", err=True)
        return
    click.echo(f"{players} players, {len(result.rounds)} rounds, seed {result.seed} "
               f"(--seed {result.seed} gives this plan again)")
    if len(result.rounds) != rounds:
        click.echo(f"{players} players cannot all sit in each of {rounds} rounds: {len(result.rounds)} rounds "
                   f"of which each plays {rounds}, as The Archon's {rounds}R+F chart seats them")
    if result.staggered:
        per_player = {p: 0 for p in range(1, players + 1)}
        for rnd in result.rounds:
            for table in rnd:
                for p in table:
                    per_player[p] += 1
        each = sorted(set(per_player.values()))
        click.echo(f"staggered: some players sit out each round; each plays "
                   f"{' or '.join(map(str, each))} of the {len(result.rounds)} rounds")
    width = len(str(players))
    for r, rnd in enumerate(result.rounds, start=1):
        click.echo("")
        click.echo(f"Round {r}")
        for t, table in enumerate(rnd, start=1):
            seats = "  ".join(f"{p:>{width}}" for p in table)
            click.echo(f"  table {t:>{len(str(len(rnd)))}}:  {seats}")
        if result.sitting_out[r - 1]:
            click.echo(f"  sitting out: {', '.join(map(str, result.sitting_out[r - 1]))}")
    click.echo("")
    click.echo("Criteria (lower is better; seat 1 plays first, each seat's prey is the next):")
    for line in _proof_lines(result.proof):
        click.echo(line)


def _proof_lines(proof) -> list[str]:
    """Per criterion its figure, title and "optimal" or the lower bound;
    then which criteria are proven optimal."""
    from archon.seating import RULE_TITLES

    lines = []
    for rule, p in proof.items():
        verdict = "optimal" if p.optimal else f"lower bound {figure(p.bound)}, gap {figure(p.gap)}"
        lines.append(f"  {rule}  {figure(p.value):>7}  {RULE_TITLES[rule]}: {verdict}")
    proven = [rule for rule, p in proof.items() if p.optimal]
    if len(proven) == len(proof):
        lines.append("proven optimal on every criterion: no plan is better, rule by rule")
    else:
        lines.append(f"proven optimal on {', '.join(proven) or 'no criterion'}; "
                     f"{', '.join(r for r in proof if r not in proven)} may be improvable by at most "
                     f"the gap shown")
    return lines


if __name__ == "__main__":  # pragma: no cover
    main()
