"""``archon finals``: the finalists and their seeds, or the final table
recorded (twins in :mod:`archon.api.eventday`)."""

from __future__ import annotations

import sys
import textwrap

import click

from archon import eventday
from archon.api import eventday as twins
from archon.api.json_output import change_json, finals_json
from archon.cli.errors import UsageRefused
from archon.cli.options import CHANGE_KEYS, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import as_printed, number, renderer, say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.exits import ExitStatus
from archon.words.message import act
from archon.words.message import say as message

__all__ = ["finals"]


def _seating_list(text: str) -> list[int]:
    out = []
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        if not part.strip():
            continue
        try:
            out.append(int(part.strip().lstrip("#")))
        except ValueError:
            raise UsageRefused(message("cli.finals.not_a_number", part=repr(part.strip()))) from None
    return out


@command("finals")
@WORKBOOK_ARGUMENT
@click.option("--seating", default=None, metavar="N,N,N,N,N",
              help="Record the final table: player numbers in seat order (seat 1 plays first).")
@click.option("--none", "no_final", is_flag=True,
              help="Close the event without a final (rules 3.1.6: fewer than 8 players).")
@json_option('Print one JSON object: the finalists (seed, number, names, VEKN, city and the ranking figures), '
             '"choosing_order", "ties", "unfinished", "ready", "waiting_for_toss" and the "final" table; with '
             '--seating or --none: ' + CHANGE_KEYS + ".")
@DRY_RUN_OPTION
@writes
def finals(file, seating, no_final, as_json, dry_run):
    """\b
    Examples:
      archon finals event.xlsx
      archon finals event.xlsx --seating 17,4,9,1,12
      archon finals event.xlsx --none
    """
    if seating is not None and no_final:
        raise UsageRefused(message("cli.finals.seating_or_none"))
    if seating is not None:
        numbers = _seating_list(seating)
        rep = changing(file, lambda: twins.seat_final(file, numbers, dry_run=dry_run))
        say_done(rep, change_json("finals", rep) if as_json else None)
        return
    if no_final:
        rep = changing(file, lambda: twins.close_without_final(file, dry_run=dry_run))
        say_done(rep, change_json("finals", rep) if as_json else None)
        return
    if dry_run:
        raise UsageRefused(message("cli.finals.dry_run_alone"))
    v = changing(file, lambda: twins.finals(file))
    if as_json:
        say_json(finals_json(v), ensure_ascii=False)
    else:
        _print_finals(v)
    if v.waiting_for_toss:
        sys.exit(ExitStatus.PROBLEMS)


def _print_finals(v) -> None:
    if not v.has_final:
        say(eventday.NO_FINAL_SAID)
        return
    say("cli.heading", title=v.title)
    keys = v.standings.edition.ranking_keys
    seed = as_printed("cli.column.seed")
    width = max(4, len(seed))  # a longer word widens its column
    click.echo(f"{seed:>{width}} {'#':>3}  {as_printed('cli.column.player'):<28} "
               + " ".join(f"{k.upper():>5}" for k in keys))
    for f in v.finalists:
        s = f.standing
        stats = " ".join(f"{number(float(getattr(s, k))):>5}" for k in keys)
        click.echo(f"{(f.seed or '-'):>{width}} {f.number:>3}  {f.player.name[:28]:<28} {stats}")
    _print_ties(v)
    if v.seating:
        _print_final_table(v)
        return
    if v.choosing_order:
        click.echo("")
        say("cli.heading", title=eventday.SEAT_CHOICE)
        for i, f in enumerate(v.choosing_order, start=1):
            say("cli.finals.choice", place=i, seed=f.seed, player=str(f.player))
        click.echo(textwrap.fill(as_printed(eventday.SEAT_CHOICE_HOW), 86))
    if v.ready:
        record = renderer().action(act("finals", seating=",".join("N" for _ in v.finalists)))
        say("cli.finals.record", record=record)


def _print_ties(v) -> None:
    ev = v.standings.event
    toss = renderer().action(act("toss"))
    for t in v.ties:
        say("cli.finals.tie_later" if v.unfinished else "cli.finals.tie", tie=t.describe(ev), toss=toss)
    for what in v.unfinished[:5]:
        say("cli.finals.not_yet", what=what)


def _print_final_table(v) -> None:
    ev = v.standings.event
    click.echo("")
    say("cli.finals.final_table")
    for i, (n, seed) in enumerate(zip(v.seating, v.seeds), start=1):
        vp = v.vps[i - 1] if i - 1 < len(v.vps) else None
        name = ev.player(n).name if n in ev.players_by_number() else "?"
        seed = seed if seed is not None else "-"
        if vp is None:
            say("cli.finals.seat", seat=i, number=n, name=name, seed=seed)
        else:
            say("cli.finals.seat_vp", seat=i, number=n, name=name, seed=seed, vp=float(vp))
    if v.winner is not None:
        say("cli.winner", player=str(ev.player(v.winner)))
