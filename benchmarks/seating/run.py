"""Benchmark: archon's seating plans against The Archon's optimal seating charts.

Prints, from the repository root::

    python -m benchmarks.seating [--quick] [--jobs J] [--no-krcg] [--seeds S] [--krcg-bend N]
    python -m benchmarks.seating --bend [--sizes 8-60,80,100,150,200] [--seeds S] [--krcg-bend N]
                                        [--save FILE] [--against FILE]
    python benchmarks/seating/run.py ...          (the same)

1. Quality and speed: for every N of the charts (3 rounds: 4..300, 2
   rounds: 4..120; ``--quick``: a subset), archon's plan (seed N, default
   effort) and the chart, scored on R1..R9 the same way, compared rule by
   rule (which is better and on which rule), with the CPU time of archon's
   plan (``time.process_time``: the machine may be shared; plans run in
   parallel, ``--jobs``) and the criteria archon's plan is proven optimal
   on (it reaches their lower bound). Per sweep: the slowest N, and per
   criterion on how many N the plan is proven optimal.
2. Speed, one plan at a time: medians for 3 rounds of 40 and of 300 players,
   and for one more round of 300 players with two rounds played; the
   search for the next round to seat, every N, after a drop or a late
   arrival (the slowest cases); and
   ``archon seat`` (read, seat, write) for rounds 1 to 3 of a 20-, a 28-
   and a 300-player official Archon, CPU time (the least of 3 runs of each
   seating), and for round 2 after a drop or a late arrival, every N from 6
   to 60 and 100, 200, 299/300 (the slowest cases; one run each).
3. Memory: peak resident memory of a process planning 3 rounds for 1000.
4. krcg (the community's seating library), when installed: its time and
   score on the speed inputs, side by side (``--no-krcg`` to skip).
5. Events that bend (:mod:`benchmarks.seating.bend`): one or two drops, a
   late arrival, or both, before round 2 or 3, over sizes and seeds; what
   ``archon seat`` does now against the round-by-round baseline and the
   joint plan ``seat`` kept before (better, equal, worse over the event),
   and the time (``--bend``: this section alone).

The official workbook is found like the tests find it (``../shared/archon``
beside the repository or ``$ARCHON_OFFICIAL_DIR``); without it the quality
section is skipped with a message.
"""

from __future__ import annotations

import argparse
import contextlib
import concurrent.futures
import os
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from archon.formats import layout  # noqa: E402
from archon.seating import RULES, compare_scores, plan, proof, score_plan  # noqa: E402
from benchmarks.seating import bend  # noqa: E402
from conftest import OFFICIAL_NAMES, official_dir_path, official_missing  # noqa: E402

QUICK = {
    3: list(range(4, 31)) + [35, 40, 50, 60, 80, 100, 150, 200, 250, 300],
    2: list(range(4, 31)) + [40, 60, 80, 100, 120],
}


def official_workbook() -> Path:
    return official_dir_path() / OFFICIAL_NAMES["xlsx"]


def _figures(score) -> str:
    d = score.as_dict()
    return " ".join(f"{d[r]:.4f}" if isinstance(d[r], float) else f"{d[r]:>2}" for r in d)


# ---------------------------------------------------------------------------
# 1. quality against the charts

_BOOK = None


def _init(path: str) -> None:
    global _BOOK
    from archon.formats.charts import ChartBook

    _BOOK = ChartBook(path)


def _compare(job: tuple[int, int]) -> tuple:
    rounds, n = job
    chart = _BOOK.plan(rounds, n)
    games = None
    if len(chart) != rounds or any(sum(len(t) for t in rnd) != n for rnd in chart):
        games = 2  # the charts' staggered blocks: three rounds, two games each
    t = time.process_time()
    ours = plan(n, len(chart), seed=n, games=games)
    seconds = time.process_time() - t
    a, c = score_plan(ours), score_plan(chart)
    proven = "".join(r[1] for r, p in proof(ours, score=a).items() if p.optimal)
    played = {}
    for rnd in chart:
        for table in rnd:
            for p in table:
                played[p] = played.get(p, 0) + 1
    note = ""
    if len(set(played.values())) > 1:
        more = sorted(p for p, k in played.items() if k == max(played.values()))
        note = f"chart: players {', '.join(map(str, more))} play {max(played.values())} rounds, others fewer"
    return rounds, n, compare_scores(a, c), a.first_difference(c), _figures(a), _figures(c), seconds, note, proven


def quality(jobs: int, quick: bool) -> None:
    path = official_workbook()
    print("1. Quality: archon's plan against The Archon's chart, rule by rule")
    if not path.is_file():
        print(f"   skipped: {official_missing()}")
        return
    todo = []
    for rounds, chart in sorted(layout.CHARTS.items(), reverse=True):
        ns = QUICK[rounds] if quick else range(chart.min_players, chart.max_players + 1)
        todo += [(rounds, n) for n in ns]
    with concurrent.futures.ProcessPoolExecutor(jobs, initializer=_init, initargs=(str(path),)) as ex:
        results = list(ex.map(_compare, todo))
    head = "R1 R2 R3     R4 R5 R6 R7 R8     R9"
    for rounds in sorted({r for r, _ in todo}, reverse=True):
        rows = [x for x in results if x[0] == rounds]
        print(f"\n   {rounds} rounds ({'subset' if quick else 'every N'}); seed = N; better: "
              "the first rule where the two differ decides")
        print(f"   {'N':>4}  {'CPU s':>5}  {'archon ' + head:<44}  {'chart ' + head:<43}  {'better':<14}  "
              "proven optimal (rules)")
        for _, n, cmp, rule, a, c, seconds, note, proven in rows:
            verdict = {-1: f"archon ({rule})", 0: "tie", 1: f"CHART ({rule})"}[cmp]
            print(f"   {n:>4}  {seconds:5.2f}  archon {a}  chart {c}  {verdict:<14}  {proven}"
                  + (f"  [{note}]" if note else ""))
        wins = [x for x in rows if x[2] < 0]
        ties = [x for x in rows if x[2] == 0]
        losses = [x for x in rows if x[2] > 0]
        print(f"   {rounds} rounds: archon better for {len(wins)} N, tie for {len(ties)}, "
              f"chart better for {len(losses)}"
              + (f": N = {', '.join(str(x[1]) for x in losses)}" if losses else ""))
        for x in losses:
            if x[7]:
                print(f"     N = {x[1]}: {x[7]} (archon keeps the rules' equal number of games)")
        slow = max(rows, key=lambda x: x[6])
        print(f"   slowest plan: N = {slow[1]}, {slow[6]:.2f} s CPU; every N within {slow[6]:.2f} s")
        print("   proven optimal (the plan reaches the criterion's lower bound), on how many of the "
              f"{len(rows)} N: " + ", ".join(f"{r} {sum(r[1] in x[8] for x in rows)}" for r in RULES))


# ---------------------------------------------------------------------------
# 2. speed, 3. memory


def _median(fn, repeat: int) -> tuple[float, list[float]]:
    """Median CPU time (``time.process_time``) of ``fn(k)`` for k = 0 .. repeat - 1."""
    times = []
    for k in range(repeat):
        t = time.process_time()
        fn(k)
        times.append(time.process_time() - t)
    return statistics.median(times), times


def speed(repeat: int) -> dict:
    print(f"\n2. Speed (one plan at a time), CPU time, median of {repeat} runs, seeds 1 .. {repeat}")
    out = {}
    for n in (20, 40, 300):
        med, times = _median(lambda k, n=n: plan(n, 3, seed=k + 1), repeat)
        out[n] = med
        print(f"   3 rounds, {n:>3} players: median {med:.2f} s (target 0.3 s)  runs "
              + " ".join(f"{t:.2f}" for t in times))
    for n in (20, 300):
        played = plan(n, 2, seed=99)
        present = [p for p in range(1, n + 1) if p != 3] + [n + 1]  # a drop and a late arrival
        med, times = _median(lambda k: plan(present, 3, seed=k + 1, fixed_rounds=played), repeat)
        out[f"more {n}"] = med
        print(f"   one more round, {n} players, 2 rounds played, a drop and a late arrival: median "
              f"{med:.2f} s (target 0.3 s)  runs " + " ".join(f"{t:.2f}" for t in times))
        s = score_plan(plan(present, 3, seed=1, fixed_rounds=played))
        print(f"     its score: {_figures(s)}")
    next_rounds(quick=repeat < 5)
    return out


def next_rounds(quick: bool) -> None:
    """The search behind ``archon seat`` for round 2 or 3 of a 3-round event,
    one player dropped or one arrived late, for every N (the seating part of
    the command: reading and writing the workbook come on top)."""
    from archon.seating import SeatingError, next_round

    ns = QUICK[3] if quick else range(4, 301)
    times = []
    for n in ns:
        for played_rounds in (1, 2):
            try:
                played = plan(n, played_rounds, seed=n)
            except SeatingError:  # 6, 7 and 11 players: staggered, seated with their plan
                continue
            for case, present in (("a drop", [p for p in range(1, n + 1) if p != 3]),
                                  ("a late arrival", list(range(1, n + 2)))):
                if len(present) < 4:
                    continue
                t = time.process_time()
                try:
                    next_round(present, 3, seed=1, fixed_rounds=played)
                except SeatingError:  # not everyone can end on as many games: seat sits some out
                    continue
                times.append((time.process_time() - t, n, played_rounds + 1, case))
    times.sort(reverse=True)
    print(f"   the next round to seat ({'subset' if quick else 'every N'} from 4 to 300; round 2 or 3 of 3, "
          f"after a drop or a late arrival; {len(times)} cases): slowest "
          + "; ".join(f"N = {n}, round {r}, {case}, {t:.2f} s" for t, n, r, case in times[:3]))


def seat_speed(quick: bool) -> None:
    """``archon seat`` on an official Archon: read, seat, write, for rounds 1
    to 3 (a drop or a late arrival before round 2 or 3); through its Python
    twin in this process, and as the command an organizer types (a new
    Python each time: its start and imports included, with the compiled
    bytecode an install has). The twin's process keeps the sheets it read
    unchanged since (as the console does), so its figure leaves out part of
    the read; the command's is what an organizer waits. Then the command
    for round 2 after a drop and after a late arrival, every N from 6 to 60
    (``quick``: a subset) and 100, 200 and 299/300."""
    import tempfile

    from archon import api

    path = official_workbook()
    print("\n   archon seat on an official Archon (read, seat, write), CPU time, target 0.5 s")
    if not path.is_file():
        print(f"   skipped: {official_missing()}")
        return
    by_command = _seat_command()

    def by_twin(event: Path, r: int, repeat: int = 1) -> float:  # one run: the process keeps what it read
        t = time.process_time()
        api.seat(event, r, seed=r)
        return time.process_time() - t

    # 28 players with a drop or a late arrival before round 2: among the
    # slowest searches of the next-round sweep above (the pairs of round 1
    # leave little room; a late arrival plays fewer games than the others)
    for n, change, before in ((20, "a drop", 3), (28, "a drop", 2), (28, "a late arrival", 2), (300, "a drop", 3)):
        for label, seat in (("Python twin, in process", by_twin), ("the command, new process", by_command)):
            with tempfile.TemporaryDirectory() as tmp, _plans_kept_in(Path(tmp)):
                event = _event(Path(tmp), n, path)
                times = []
                for r in (1, 2, 3):
                    if r == before:
                        _arrive_or_drop(event, n, change)
                    times.append(seat(event, r, 3))
                print(f"   {n:>3} players, {label}: rounds 1, 2, 3 ({change} before round {before}; "
                      "the command: least of 3 runs): "
                      + ", ".join(f"{t:.2f} s" for t in times))
    ns = [8, 12, 19, 23, 28, 35, 41] if quick else [*range(6, 61), 100, 200]
    times = []
    for n, change in [(n, c) for n in ns for c in ("a drop", "a late arrival")] + [(300, "a drop"), (299, "a late arrival")]:
        with tempfile.TemporaryDirectory() as tmp, _plans_kept_in(Path(tmp)):
            event = _event(Path(tmp), n, path)
            api.seat(event, 1, seed=1)
            _arrive_or_drop(event, n, change)
            times.append((by_command(event, 2), n, change))
    times.sort(reverse=True)
    print(f"   the command, round 2 after a drop or a late arrival ({'subset of N' if quick else 'every N from 6 to 60'}"
          f", 100, 200, 299/300; {len(times)} events, one run each): slowest "
          + "; ".join(f"{n} players, {change}, {t:.2f} s" for t, n, change in times[:3])
          + f"; from 100 players up at most {max(t for t, n, _ in times if n >= 100):.2f} s")


@contextlib.contextmanager
def _plans_kept_in(folder: Path):
    """Each event seated with a plans file of its own, empty at first (as
    on an organizer's machine: the plans another event searched are not
    there), for the twin and the command alike, and nothing in memory."""
    from archon.seating.planner import forget_plans

    was = os.environ.get("ARCHON_CACHE_DIR")
    os.environ["ARCHON_CACHE_DIR"] = str(folder / "cache")
    forget_plans()
    try:
        yield
    finally:
        if was is None:
            del os.environ["ARCHON_CACHE_DIR"]
        else:
            os.environ["ARCHON_CACHE_DIR"] = was


def _seat_command():
    """A function timing ``archon seat EVENT --round R --seed R`` in a new
    process (CPU time), the bytecode compiled beforehand as an install has it;
    ``repeat`` runs of the same seating count by the least (as ``timeit``
    does: on a shared machine another's load adds to one run or another)."""
    import resource

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "archon.cli"]
    subprocess.run([*command, "--version"], env=env, cwd=REPO, capture_output=True)

    def once(event: Path, r: int, cache: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([*command, "seat", str(event), "--round", str(r), "--seed", str(r)],
                       env={**env, "ARCHON_CACHE_DIR": cache}, cwd=REPO, capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

    def by_command(event: Path, r: int, repeat: int = 1) -> float:
        """The least CPU of ``repeat`` runs: the first ones on copies of the
        workbook and of the plans file as they are, the last on them."""
        cache = os.environ.get("ARCHON_CACHE_DIR", "")
        times = []
        for _ in range(repeat - 1):
            with copies_of(event, cache) as (copy, copied):
                times.append(once(copy, r, copied))
        return min([*times, once(event, r, cache)])

    return by_command


@contextlib.contextmanager
def copies_of(event: Path, cache: str):
    """A copy of the workbook ``event`` and of the cache folder ``cache`` as
    they are ("" when there is none: then "" again), in a folder of their
    own that goes when the block ends: ``(workbook, cache folder)``."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / event.name
        shutil.copy2(event, copy)
        copied = Path(tmp) / "cache"
        if cache and Path(cache).is_dir():
            shutil.copytree(cache, copied)
        yield copy, str(copied) if cache else ""


def _event(folder: Path, n: int, template: Path) -> Path:
    """A new official Archon in ``folder`` with ``n`` players registered."""
    from archon import api

    event, players = folder / "event.xlsx", folder / "players.csv"
    players.write_text("name,vekn\n" + "".join(f"Player {i},{3000000 + i}\n" for i in range(1, n + 1)))
    api.new(event, name="Benchmark", template=template, players=players)
    return event


def _arrive_or_drop(event: Path, n: int, change: str) -> None:
    """Player 3 drops, or a player arrives late."""
    from archon import api

    if change == "a drop":
        api.drop(event, 3)
    else:
        api.register(event, "Late Arrival", vekn=str(3000000 + n + 1))


def memory() -> None:
    print("\n3. Memory: 3 rounds for 1000 players, in a fresh process")
    code = textwrap.dedent(
        f"""
        import resource, sys, time
        sys.path.insert(0, {str(REPO)!r})
        from archon.seating import plan, score_plan
        t = time.perf_counter()
        p = plan(1000, 3, seed=1)
        t = time.perf_counter() - t
        s = score_plan(p)
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, t, s.R1, s.R4, s.R8)
        """
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if res.returncode:
        print("   failed:", res.stderr.strip().splitlines()[-1:])
        return
    kb, t, r1, r4, r8 = res.stdout.split()
    print(f"   peak resident memory {int(kb) / 1024:.0f} MB (target under 500 MB); "
          f"{float(t):.1f} s; R1 = {r1}, R4 = {r4}, R8 = {float(r8):.4f}")


# ---------------------------------------------------------------------------
# 4. krcg


def krcg(quick: bool) -> None:
    print("\n4. krcg (krcg.seating), same inputs")
    try:
        from krcg import seating as K
    except ImportError:
        print("   skipped: the krcg package is not installed (pip install krcg)")
        return
    print(f"   krcg.seating.archon_seating uses every CPU ({os.cpu_count()}) for a full plan")

    def shown(rounds) -> list:
        return [[[p + 1 for p in t] for t in rnd] for rnd in rounds]

    for n in (40,) if quick else (40, 300):
        t = time.perf_counter()
        rounds, _ = K.archon_seating(n, 3)
        t = time.perf_counter() - t
        ours = score_plan(plan(n, 3, seed=1))
        print(f"   3 rounds, {n:>3} players: krcg {t:6.1f} s  {_figures(score_plan(shown(rounds)))}")
        print(f"   {'':>22}archon (seed 1)  {_figures(ours)}")
    if quick:
        return
    played = plan(300, 2, seed=99)
    base = [K.Round([[p - 1 for p in t] for t in rnd]) for rnd in played]
    base.append(K.Round.from_players(list(range(300))))
    t = time.perf_counter()
    rounds, _ = K.optimise(base, 20000, fixed=2)
    t = time.perf_counter() - t
    ours = score_plan(plan(300, 3, seed=1, fixed_rounds=played))
    print(f"   one more round, 300 players: krcg {t:6.1f} s  {_figures(score_plan(shown(rounds)))}")
    print(f"   {'':>30}archon (seed 1)  {_figures(ours)}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.seating", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a subset of N, 3 runs per speed figure")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel plans in section 1")
    ap.add_argument("--no-krcg", action="store_true", help="skip section 4")
    ap.add_argument("--bend", action="store_true", help="section 5 alone (events that bend)")
    ap.add_argument("--sizes", default="8-60,80,100,150,200", help="section 5's sizes (default %(default)s)")
    ap.add_argument("--seeds", type=int, default=3, help="section 5's seeds, 1..S (default %(default)s)")
    ap.add_argument("--krcg-bend", type=int, default=0, metavar="N",
                    help="section 5 against krcg's optimiser too, sizes up to N, seed 1 (slow)")
    ap.add_argument("--every-drop", type=int, default=0, metavar="N",
                    help="section 5 then every player in turn dropping before round 3, sizes up to N")
    ap.add_argument("--save", default="", metavar="FILE", help="section 5: save archon's scores, event by event")
    ap.add_argument("--against", default="", metavar="FILE",
                    help="section 5: archon against the scores an earlier run saved (--save)")
    args = ap.parse_args(argv)
    against = None
    if args.against:  # read before the sweep's minutes, not after them
        try:
            against = (args.against, bend.load_saved(args.against))
        except (OSError, ValueError) as exc:
            ap.error(f"--against {args.against}: {getattr(exc, 'strerror', None) or exc}")
    if args.save and not os.path.isdir(os.path.dirname(os.path.abspath(args.save))):
        ap.error(f"--save {args.save}: no such folder")
    start = time.perf_counter()
    if args.bend:
        bend.sweep(bend.sizes_of(args.sizes), args.seeds, args.jobs, args.krcg_bend, args.save, against)
        if args.every_drop:
            bend.every_drop_sweep([n for n in bend.sizes_of(args.sizes) if n <= args.every_drop], args.seeds,
                                  args.jobs)
        print(f"\ndone in {time.perf_counter() - start:.0f} s")
        return
    print(f"archon seating benchmark ({'quick' if args.quick else 'full'}); R3 and R8 are standard "
          "deviations, the other rules counts; lower is better")
    quality(args.jobs, args.quick)
    speed(3 if args.quick else 5)
    seat_speed(args.quick)
    memory()
    if not args.no_krcg:
        krcg(args.quick)
    bend.sweep(bend.sizes_of(args.sizes), 1 if args.quick else args.seeds, args.jobs, args.krcg_bend, args.save,
               against)
    print(f"\ndone in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
