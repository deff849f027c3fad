"""The check-in commands (issue 25): ``checkin`` (twin
:func:`archon.api.checkin`) and ``codes`` (twins :func:`archon.api.codes`,
:func:`archon.api.print_codes`)."""

from __future__ import annotations

import datetime as _dt

import click

from archon.api import checkins as twins
from archon.api.errors import InputError
from archon.eventday.checkin import alert_rows
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import chosen_language, say, say_lines
from archon.cli.progress import changing
from archon.cli.writing import say_backups_removed, say_done, writes
from archon.words.message import act, option
from archon.words.message import say as say_message

__all__ = ["checkin", "codes"]


@command("checkin")
@WORKBOOK_ARGUMENT
@click.argument("player", required=False)
@click.option("--undo", is_flag=True, help="Take the player's check-in back.")
@click.option("--all", "everyone", is_flag=True, help="Check in every registered player still playing.")
@json_option(CHANGE_JSON + ' And "checkin": {"checked_in", "registered", "players": [{"player", "name", '
                           '"checked_in", "when", "by", "out"}]}.')
@DRY_RUN_OPTION
@writes
def checkin(file, player, undo, everyone, as_json, dry_run):
    """\b
    Examples:
      archon checkin event.xlsx 12
      archon checkin event.xlsx Kowalski --undo
      archon checkin event.xlsx --all
    """
    rep = changing(file, lambda: twins.checkin(file, player, undo=undo, all=everyone, dry_run=dry_run))
    say_done(rep, twins.checkin_json(rep) if as_json else None)


@command("codes")
@WORKBOOK_ARGUMENT
@click.option("--reissue", default=None, metavar="PLAYER",
              help="Give this player a new personal code: the old one stops working.")
@click.option("--print", "print_to", type=click.Path(dir_okay=False), default=None, metavar="OUT.xlsx",
              help="Also write one slip per player to cut out and hand over (it replaces slips archon wrote, "
                   "with --force, never another file).")
@click.option("--address", default=None, metavar="URL",
              help="The players' page address to print on the slips (archon serve --lan says it).")
@click.option("--force", is_flag=True, help="Replace slips archon wrote before under that name.")
@click.option("--dismiss", default=None, metavar="PLAYER|all",
              help="Dismiss the alerts that a second phone claimed this player (or every alert), once checked.")
@json_option(CHANGE_JSON + ' And "checkin_code", "codes": [{"player", "name", "code"}], '
                           '"alerts": [{"player", "name", "when"}] (claimed twice, not dismissed), "printed".')
@DRY_RUN_OPTION
@writes
def codes(file, reissue, print_to, address, force, dismiss, as_json, dry_run):
    """Lists each registered player's personal code (made the first time),
    to give privately, the event's check-in code, and the alerts of a
    player claimed twice from a phone.

    \b
    Examples:
      archon codes event.xlsx
      archon codes event.xlsx --print slips.xlsx
      archon codes event.xlsx --reissue 12
      archon codes event.xlsx --dismiss 12
      archon codes event.xlsx --dismiss all
      archon codes event.xlsx --json
    """
    if dismiss is not None:
        if print_to is not None:
            raise InputError(say_message("codes.dismiss_alone", dismiss=option("dismiss"), reissue=option("reissue"),
                                         slips=option("print")))
        _dismiss(file, reissue, dismiss, as_json, dry_run)
        return
    if print_to is not None and reissue is None:
        rep = changing(file, lambda: twins.print_codes(file, print_to, lang=chosen_language(), force=force,
                                                       address=address, dry_run=dry_run))
    else:
        rep = changing(file, lambda: twins.codes(file, reissue=reissue, dry_run=dry_run))
        if print_to is not None and not dry_run:
            rep.printed = twins.print_codes(file, print_to, lang=chosen_language(), force=force,
                                            address=address).printed
    if as_json:
        say_done(rep, twins.codes_json(rep))
        return
    if rep.changed:
        say_lines(rep.said())
    ev = rep.event
    if ev is not None:
        if ev.checkin_code:
            say("codes.checkin_code", code=ev.checkin_code)
        rows = twins.coding.code_rows(ev)
        width = len(str(max((r["player"] for r in rows), default=1)))
        for r in rows:
            click.echo(f"#{r['player']:<{width}}  {r['code'] or '-':<8}  {r['name']}")
        _say_alerts(ev)
    if getattr(rep, "printed", None) is not None:
        say("codes.printed", file=str(rep.printed), count=sum(1 for c in (ev.codes if ev else {}).values() if c))
    say_backups_removed(rep)


def _dismiss(file, reissue, dismiss, as_json, dry_run) -> None:
    """``archon codes --dismiss PLAYER|all``: what it dismissed, and the alerts still waiting (no code)."""
    rep = changing(file, lambda: twins.codes(file, reissue=reissue, dismiss=dismiss, dry_run=dry_run))
    if as_json:
        say_done(rep, twins.codes_json(rep))
        return
    say_lines(rep.said())
    if rep.event is not None:
        _say_alerts(rep.event)
    say_backups_removed(rep)


def _say_alerts(event) -> None:
    """The claimed-twice alerts waiting, newest first, each with how to dismiss it."""
    for row in alert_rows(event):
        say("codes.alert", name=row["name"], number=row["player"], when=_local_time(row["when"]),
            dismiss=act("codes", dismiss=row["player"]))


def _local_time(stamp: str) -> str:
    """An alert's time ("2026-12-05T09:05:00Z") as this computer's clock says it ("10:05"), else as stored."""
    try:
        return _dt.datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone().strftime("%H:%M")
    except ValueError:
        return stamp
