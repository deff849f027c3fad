"""``archon seat`` (a preliminary round of the workbook) and ``archon plan``
(a seating plan for N players); twins in :mod:`archon.api.seating`."""

from __future__ import annotations

import click

from archon.api import seating as twins
from archon.api.errors import InputError
from archon.api.json_output import versioned
from archon.cli.errors import UsageRefused, failed
from archon.cli.options import DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import as_printed, chosen_language, renderer, say, say_json, say_lines
from archon.cli.progress import LazyProgress
from archon.cli.writing import say_backups_removed, writes
from archon.exits import ExitStatus
from archon.seating import SeatingError
from archon.words.message import act, option
from archon.words.message import say as message
from archon.words.wording import FIGURE_DECIMALS

__all__ = ["seat", "plan", "proof_lines"]


@command("seat")
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
@click.option("--swap", nargs=2, type=str, default=None, metavar="A B",
              help="Swap the seats of two players of the round (a number, a VEKN number or a name), at tables "
                   "without results; prints the new score and its change per criterion.")
@click.option("--move", "move_player", type=str, default=None, metavar="A",
              help="Move a player to the table given by --table (its last seat), at tables without results; "
                   "tables stay of 4 or 5 players.")
@click.option("--table", "to_table", type=int, default=None, metavar="T", help="The table --move moves the player to.")
@click.option("--absent", type=click.Choice(["drop", "unregister"]), default=None,
              help="Round 1 once check-in has begun: the players not checked in are dropped as no-shows (drop) "
                   "or unregistered, in the same write.")
@json_option('Print only {"schema", "round", "seed", "tables": [[{"number", "name"}, ...], ...], '
             '"score", "bounds", "optimal", "gaps", "edit"} (the keys of plan --json; "seed": null with --show, '
             '--swap and --move, which draw nothing; "edit": null, or after --swap/--move {"kind", "round", '
             '"players", "tables", "before", "change"}).')
@DRY_RUN_OPTION
@writes
def seat(file, round_number, seed, force, time_budget, print_to, show, swap, move_player, to_table, absent,
         as_json, dry_run):
    """Prints the tables (player number and name, in seat order), the score
    and, per criterion, "optimal" or the lower bound no seating can beat.

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
      archon seat event.xlsx --round 2 --swap 3 17 --dry-run
      archon seat event.xlsx --round 2 --move "Ada Lovelace" --table 4
    """
    if (move_player is None) != (to_table is None):
        raise UsageRefused(message("cli.seat.move_needs_table" if to_table is None else "cli.seat.table_needs_move"))
    if swap or move_player is not None:
        _edit(file, round_number, seed, force, time_budget, print_to, show, swap,
              (move_player, to_table) if move_player is not None else None, as_json, dry_run)
        return
    progress = LazyProgress(as_printed("cli.seat.progress", round=round_number))  # shown once it takes over a second
    try:
        rep = twins.seat(file, round_number, seed=seed, force=force, dry_run=dry_run,
                         time_budget=time_budget, progress=progress, print_to=print_to, show=show,
                         lang=chosen_language(), absent=absent)
    finally:
        progress.close()
    say_backups_removed(rep)
    if as_json:
        say_json(versioned("seat", rep.seating.as_dict()))
        return
    say_lines(rep.lines if show else rep.said())
    _print_seating(rep.seating)
    if rep.changed:
        _say_seed(rep, round_number, force, time_budget, print_to, dry_run)
    if rep.printed is not None:
        say("cli.seat.wrote_seat_list", file=str(rep.printed), round=round_number)
    elif print_to and dry_run:
        say("cli.dry_run.not_written", file=print_to)


def _edit(file, round_number, seed, force, time_budget, print_to, show, swap, move, as_json, dry_run) -> None:
    """``--swap A B`` or ``--move A --table T``: the seats edited, the
    new tables and score, and the change per criterion."""
    rep = twins.seat(file, round_number, seed=seed, force=force, dry_run=dry_run, time_budget=time_budget,
                     print_to=print_to, show=show, swap=tuple(swap) if swap else None, move=move,
                     lang=chosen_language())
    say_backups_removed(rep)
    if as_json:
        say_json(versioned("seat", rep.seating.as_dict()))
        return
    say_lines(rep.said())
    _print_seating(rep.seating)
    if dry_run:
        say("cli.seat.edit_to_write", dry_run=option("dry_run"))
    if rep.printed is not None:
        say("cli.seat.wrote_seat_list", file=str(rep.printed), round=round_number)
    elif print_to and dry_run:
        say("cli.dry_run.not_written", file=print_to)


def _print_seating(seating) -> None:
    for k, table in enumerate(seating.tables, start=1):
        say("cli.seat.table", table=k, players=[f"{p} {name}".strip() for p, name in table])
    say("cli.seat.score", figures=[message("cli.seat.figure", rule=rule, value=_figure(value))
                                   for rule, value in seating.score.as_dict().items()])
    for line in proof_lines(seating.proof):
        click.echo(line)
    for issue in seating.score.issues.get("R1", [])[:10]:
        say("cli.seat.r1_repeated", issue=str(issue))


def _say_seed(rep, round_number, force, time_budget, print_to, dry_run) -> None:
    """The command that gives this seating again (a dry run's: that writes it)."""
    if not dry_run:
        again = renderer().action(act("seat", round=round_number, seed=rep.seed))
        say("cli.seat.to_repeat", again=again)
        return
    again = renderer().action(act("seat", round=round_number, seed=rep.seed, force=force,
                                  time_budget=time_budget, print=print_to))
    say("cli.seat.to_write_budget" if time_budget else "cli.seat.to_write", again=again)


@command("plan")
@click.argument("players", metavar="N", type=int)
@click.option("--rounds", "-r", "rounds", type=int, default=3, show_default=True,
              help="Rounds to plan (1 to 5).")
@click.option("--seed", type=int, default=None,
              help="Seed of the random draw: the same N, rounds and seed give the same plan.")
@json_option('Print {"schema": "archon.plan/1", "players": N, "rounds": [[[p, ...], ...], ...], "score": {"R1": ..., "R9": ...}, '
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
    """\b
    Examples:
      archon plan 23 --rounds 3
      archon plan 7 --rounds 3            # staggered: each plays 2 rounds
      archon plan 40 -r 2 --seed 7 --archon
    """
    if as_json and as_archon:
        raise UsageRefused(message("cli.plan.json_or_archon"))
    bar = LazyProgress(as_printed("cli.plan.progress", players=players))
    try:
        result = twins.plan(players, rounds, seed=seed, time_budget=time_budget,
                            sit_out=True if sit_out else None, games=games, progress=bar, effort=effort)
    except (InputError, SeatingError) as exc:
        raise failed(exc, ExitStatus.UNREADABLE) from None  # N and rounds that cannot be planned: wrong usage
    finally:
        bar.close()
    if as_json:
        say_json(versioned("plan", result.as_dict()))
    elif as_archon:
        _print_for_the_archon(result)
    else:
        _print_plan(result, players, rounds)


def _print_for_the_archon(result) -> None:
    for rnd in result.rounds:
        cells = []
        for table in rnd:
            cells.extend([str(p) for p in table] + [""] * (5 - len(table)))
        click.echo("\t".join(cells))
    for r, out in enumerate(result.sitting_out, start=1):
        if out:
            say("cli.plan.sitting_out_in_round", err=True, round=r, players=out)


def _print_plan(result, players: int, rounds: int) -> None:
    say("cli.plan.summary", players=players, rounds=len(result.rounds), seed=result.seed)
    if len(result.rounds) != rounds:
        say("cli.plan.cannot_all_sit", players=players, rounds=rounds, planned=len(result.rounds))
    if result.staggered:
        per_player = {p: 0 for p in range(1, players + 1)}
        for rnd in result.rounds:
            for table in rnd:
                for p in table:
                    per_player[p] += 1
        each = sorted(set(per_player.values()))
        say("cli.plan.staggered", each=each, rounds=len(result.rounds))
    width = len(str(players))
    for r, rnd in enumerate(result.rounds, start=1):
        click.echo("")
        say("cli.plan.round", round=r)
        for t, table in enumerate(rnd, start=1):
            seats = "  ".join(f"{p:>{width}}" for p in table)
            say("cli.plan.table", table=f"{t:>{len(str(len(rnd)))}}", numbers=seats)
        if result.sitting_out[r - 1]:
            say("cli.plan.sitting_out", players=list(result.sitting_out[r - 1]))
    click.echo("")
    say("cli.plan.criteria")
    for line in proof_lines(result.proof):
        click.echo(line)


def _figure(value):
    """A criterion's figure to :data:`FIGURE_DECIMALS` decimals, a number the
    renderer writes in the command's language ("0.12", "0,12")."""
    return round(value, FIGURE_DECIMALS) + 0.0 if isinstance(value, float) else value


#: Each seating criterion's title, by its rule.
_RULE_TITLES = {"R1": "cli.rule.R1", "R2": "cli.rule.R2", "R3": "cli.rule.R3", "R4": "cli.rule.R4",
                "R5": "cli.rule.R5", "R6": "cli.rule.R6", "R7": "cli.rule.R7", "R8": "cli.rule.R8",
                "R9": "cli.rule.R9"}


def proof_lines(proof) -> list[str]:
    """Per criterion its figure, title and "optimal" or the lower bound;
    then which criteria are proven optimal (in the command's language)."""
    lines = []
    for rule, p in proof.items():
        verdict = (message("cli.proof.optimal") if p.optimal
                   else message("cli.proof.bound", bound=_figure(p.bound), gap=_figure(p.gap)))
        lines.append(as_printed("cli.proof.line", rule=rule, figure=renderer().field(_figure(p.value)).rjust(7),
                                title=as_printed(_RULE_TITLES[rule]) if rule in _RULE_TITLES else rule,
                                verdict=verdict))
    proven = [rule for rule, p in proof.items() if p.optimal]
    others = [r for r in proof if r not in proven]
    if len(proven) == len(proof):
        lines.append(as_printed("cli.proof.all"))
    elif proven:
        lines.append(as_printed("cli.proof.some", proven=proven, others=others))
    else:
        lines.append(as_printed("cli.proof.none", others=others))
    return lines
