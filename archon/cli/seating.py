"""``archon seat`` (a preliminary round of the workbook) and ``archon plan``
(a seating plan for N players); twins in :mod:`archon.api.seating`."""

from __future__ import annotations

import click

from archon.api import seating as twins
from archon.api.errors import InputError
from archon.api.json_output import versioned
from archon.cli.errors import UsageRefused, failed
from archon.cli.options import DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.output import renderer, say, say_json, say_lines
from archon.cli.output import chosen_language
from archon.cli.progress import LazyProgress
from archon.cli.writing import say_backups_removed, writes
from archon.exits import ExitStatus
from archon.seating import RULE_TITLES, SeatingError
from archon.words.message import act
from archon.words.wording import figure

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
@json_option('Print only {"schema", "round", "seed", "tables": [[{"number", "name"}, ...], ...], '
             '"score", "bounds", "optimal", "gaps"} (the keys of plan --json).')
@DRY_RUN_OPTION
@writes
def seat(file, round_number, seed, force, time_budget, print_to, show, as_json, dry_run):
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
    """
    progress = LazyProgress(f"seating round {round_number}")  # shown once it takes over a second
    try:
        rep = twins.seat(file, round_number, seed=seed, force=force, dry_run=dry_run,
                         time_budget=time_budget, progress=progress, print_to=print_to, show=show,
                         lang=chosen_language())
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
        click.echo(f"wrote {rep.printed} (round {round_number} seat list)")
    elif print_to and dry_run:
        click.echo(f"dry run: {print_to} not written")


def _print_seating(seating) -> None:
    for k, table in enumerate(seating.tables, start=1):
        click.echo(f"table {k}: " + ", ".join(f"{p} {name}".strip() for p, name in table))
    click.echo(seating.score_line())
    for line in proof_lines(seating.proof):
        click.echo(line)
    for issue in seating.score.issues.get("R1", [])[:10]:
        click.echo(f"warning: R1 (predator-prey repeated): {issue}")


def _say_seed(rep, round_number, force, time_budget, print_to, dry_run) -> None:
    """The command that gives this seating again (a dry run's: that writes it)."""
    if not dry_run:
        again = renderer().action(act("seat", round=round_number, seed=rep.seed))
        say(f"to repeat this seating: {again}")
        return
    again = renderer().action(act("seat", round=round_number, seed=rep.seed, force=force,
                                  time_budget=time_budget, print=print_to))
    say(f"to write this seating: {again}"
        + (" (a --time-budget search may stop elsewhere: check the tables)" if time_budget else ""))


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
        raise UsageRefused("--json and --archon print different things: give one of them")
    bar = LazyProgress(f"seating {players} players")
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
            click.echo(f"round {r}: sitting out {', '.join(map(str, out))}", err=True)


def _print_plan(result, players: int, rounds: int) -> None:
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
    for line in proof_lines(result.proof):
        click.echo(line)


def proof_lines(proof) -> list[str]:
    """Per criterion its figure, title and "optimal" or the lower bound;
    then which criteria are proven optimal."""
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
