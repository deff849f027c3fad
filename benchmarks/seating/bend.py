"""Benchmark section 5: events that bend (a drop, a late arrival) seated round by round.

Prints, from the repository root::

    python -m benchmarks.seating --bend [--seeds S] [--sizes 8-60,80,100] [--jobs J] [--krcg-bend N] [--every-drop N]

For every size, change (one drop, two drops, a late arrival, a drop and a
late arrival), round before which it happens (2 or 3) and seed, a 3-round
event is seated the way ``archon seat`` seats it (players shuffled by the
seed and the round as :func:`archon.eventday.seat_round` shuffles them):
round 1 once, then rounds 2 and 3 three ways from the same round 1:

* archon: :func:`archon.seating.seat_next`, what ``seat`` does now;
* the joint plan as ``seat`` did before it: :func:`archon.seating.next_round`
  (the rounds left planned together, the round to seat kept);
* the round-by-round baseline: each round the best plan of that round alone.

The three events are scored over the three rounds on the nine criteria and
compared rule by rule: how many archon ends better, equal or worse than each
of the others, the worse ones listed, and the CPU time of one round seated
(``time.process_time``, the search alone; reading and writing the workbook
come on top, see section 2). Events whose players cannot all play every round
(6, 7 or 11 players: some sit out) are left out and counted.

After a change before round 3, round 2 was seated before anyone knew of
it, so the event also owes something to round 2. Two more lines say how
much: each way's round 3 seated from archon's own rounds 1 and 2 (the
rounds played when the change is known), against archon's round 3; and
archon's round 3 had round 2 been seated the baseline's way (against the
joint plan) or the joint plan's way (against the baseline), beside the
same counts with archon's own round 2.

``--every-drop N``: then, for sizes up to N, every player in turn drops
before round 3 (round 2 seated before anyone knew who would): each way
against the others over all those drops, and in how many events a way
ends worse than another after some drop and better after another (no
way is then never worse than the other, whoever drops).

``--against FILE``: also archon against the scores saved in FILE by an
earlier archon (``--save FILE``: this run's scores), event by event: the
baseline and the joint plan move with archon's own planner and library,
a saved run does not. ``benchmarks/seating/bend_reference.json`` holds
archon's seating, seeds 1..3, since the plans kept for 4 to 64 players
begin with the best 2 rounds when that costs the whole event nothing
(:mod:`archon.seating.library_build`).

``--krcg-bend N``: also krcg's optimiser (``krcg.seating.optimise``, 20,000
iterations, the rounds played fixed, the rounds left free, the round to seat
kept) for sizes up to N, one seed: slow (seconds a round).

Then the target of ``archon seat`` (0.5 s): the CPU time of one round
seated by :func:`archon.seating.seat_next` (every round after each change,
one seating at a time) at 20 and 300 players, over seeds 1..3: median and
max, as a new process (``archon seat``) and in a process that seated the
rounds before (the console: the plans searched then are found again).
"""

from __future__ import annotations

import concurrent.futures
import json
import math
import random
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Optional

from archon.seating import SeatingError, next_round, plan, score_plan, seat_next
from archon.seating.criteria import Score
from archon.formats.plan_cache import PlanCache
from archon.seating.planner import forget_plans, keeping_plans
from archon.seating.tables import needs_sit_out

CHANGES = ("a drop", "two drops", "a late arrival", "a drop and a late arrival")
SIZES = [*range(8, 61), 80, 100, 150, 200]
ROUNDS = 3


def sizes_of(text: str) -> list[int]:
    """``"8-60,80,100"`` as a list of sizes."""
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b) + 1)) if b else [int(a)]
    return out


def _changed(present: list[int], n: int, change: str) -> list[int]:
    gone = {"a drop": {3}, "two drops": {3, 5}, "a drop and a late arrival": {3}}.get(change, set())
    late = [n + 1] if "late" in change else []
    return [p for p in present if p not in gone] + late


def _shuffled(present: list[int], seed: int, r: int) -> list[int]:
    """The players in the order ``seat_round`` hands them to the seating."""
    out = list(present)
    random.Random(f"archon-seat:{seed}:{r}").shuffle(out)
    return out


def _round_1(first: list[int], seed: int) -> list:
    """Round 1 of the sweep's event of players ``first``, as ``seat`` seats it."""
    return next_round(_shuffled(first, seed, 1), ROUNDS, seed=seed)


def _krcg_round(present: list[int], fixed: list, seed: int) -> list:
    from krcg import seating as K

    base = [K.Round([list(t) for t in rnd]) for rnd in fixed]
    base += [K.Round.from_players(list(present)) for _ in range(ROUNDS - len(fixed))]
    rounds, _ = K.optimise(base, 20000, fixed=len(fixed))
    return [list(t) for t in rounds[len(fixed)]]


def _seat(how: str, present: list[int], fixed: list, seed: int):
    if how == "archon":
        return seat_next(present, ROUNDS, seed, fixed).tables
    if how == "joint":
        return next_round(present, ROUNDS, seed=seed, fixed_rounds=fixed)
    if how == "krcg":
        return _krcg_round(present, fixed, seed)
    return plan(present, len(fixed) + 1, seed=seed, fixed_rounds=fixed)[len(fixed)]


def one_event(job: tuple) -> dict:
    """The three (or four) seatings of one changed event: scores and times."""
    n, change, before, seed, ways = job
    first = list(range(1, n + 1))
    after = _changed(first, n, change)
    if needs_sit_out(n) or needs_sit_out(len(after)) or len(after) < 4:
        return {"job": job, "skipped": True}
    round1 = _round_1(first, seed)
    out = {"job": job, "skipped": False, "score": {}, "times": {}}
    events = {}
    for how in ways:
        forget_plans()  # each way from nothing: the plans another way searched are not reused
        fixed, times = [round1], []
        for r in (2, 3):
            present = _shuffled(after if r >= before else first, seed, r)
            t = time.process_time()
            try:
                fixed = fixed + [_seat(how, present, fixed, seed)]
            except SeatingError:
                return {"job": job, "skipped": True}
            times.append(time.process_time() - t)
        out["score"][how], out["times"][how], events[how] = score_plan(fixed), times, fixed
    if before == 3 and "archon" in ways and len(ways) > 1:
        out["score"].update(_round_3_crossed(events, _shuffled(after, seed, 3), seed))
    return out


def _round_3_crossed(events: dict, present: list[int], seed: int) -> dict:
    """After a change before round 3, each way's round 3 from another way's
    rounds 1 and 2 (scores by ``"<way of round 3> after <way of round 2>"``):
    every other way from archon's rounds (the rounds played when archon
    learns of the change), and archon from every other way's round 2 (a
    round 2 seated another way before anyone knew of the change)."""
    out = {}
    others = [how for how in events if how != "archon"]
    for third, second in [(how, "archon") for how in others] + [("archon", how) for how in others]:
        forget_plans()
        played = events[second][:2]
        out[f"{third} after {second}"] = score_plan(played + [_seat(third, present, played, seed)])
    return out


#: The ways of seating as the reports name them.
WAY_NAMES = {"archon": "archon", "alone": "the round-by-round baseline",
             "joint": "the joint plan as seat made it before", "krcg": "krcg's optimiser"}


def _tally(rows: list[dict], other: str, mine: str = "archon") -> tuple[list, list, list]:
    """The events where ``mine`` ends better, equally, worse than ``other``."""
    better, equal, worse = [], [], []
    for row in rows:
        a, b = row["score"][mine], row["score"][other]
        (better if a < b else worse if a > b else equal).append(row)
    return better, equal, worse


def _counts(rows: list[dict], mine: str, other: str) -> str:
    better, equal, worse = _tally(rows, other, mine)
    return f"better {len(better)}, equal {len(equal)}, worse {len(worse)}"


def report_crossed(rows: list[dict]) -> None:
    """What a change before round 3 owes to round 2, seated before anyone
    knew of it (:func:`_round_3_crossed`): archon's round 3 against the
    other ways' rounds 3 from the same rounds 1 and 2, then archon's round 3
    had round 2 been seated the baseline's or the joint plan's way."""
    crossed = [r for r in rows if "alone after archon" in r["score"]]
    if crossed:
        print(f"   change before round 3 ({len(crossed)} events), round 3 seated from archon's rounds 1 and 2 "
              f"(the rounds played when the change is known): archon against the round-by-round baseline's round 3 "
              f"{_counts(crossed, 'archon', 'alone after archon')}; against the joint plan's round 3 "
              f"{_counts(crossed, 'archon', 'joint after archon')}")
        print(f"   had archon seated round 2 as the round-by-round baseline does, against the joint plan: "
              f"{_counts(crossed, 'archon after alone', 'joint')} (its own round 2: "
              f"{_counts(crossed, 'archon', 'joint')}); had it seated round 2 as the joint plan does, against the "
              f"round-by-round baseline: {_counts(crossed, 'archon after joint', 'alone')} (its own round 2: "
              f"{_counts(crossed, 'archon', 'alone')})")
    crossed = [r for r in rows if "krcg after archon" in r["score"]]
    if crossed:
        print(f"   change before round 3 ({len(crossed)} events), round 3 seated from archon's rounds 1 and 2: "
              f"archon against the round 3 of krcg's optimiser {_counts(crossed, 'archon', 'krcg after archon')}; "
              f"from krcg's rounds 1 and 2: archon's round 3 against krcg's "
              f"{_counts(crossed, 'archon after krcg', 'krcg')}")


def report(rows: list[dict], others: tuple[str, ...], label: str, names: Optional[dict] = None,
           times: bool = True) -> None:
    """Archon against each of ``others`` (named by ``names`` when not one of
    the ways of seating): better, equal, worse, the worse ones listed; then,
    with ``times``, the time of one round seated by each way."""
    names = {**WAY_NAMES, **(names or {})}
    for other in others:
        todo = [r for r in rows if other in r["score"]]
        if not todo:
            continue
        for group in ("before round 2", "before round 3", "all"):
            part = [r for r in todo if group == "all" or r["job"][2] == int(group[-1])]
            better, equal, worse = _tally(part, other)
            print(f"   {label}, archon against {names[other]}, change {group} ({len(part)} events): "
                  f"better {len(better)}, equal {len(equal)}, worse {len(worse)}")
            if group == "all":
                for row in worse[:40]:
                    n, change, before, seed, _ = row["job"]
                    a, b = row["score"]["archon"], row["score"][other]
                    rule = a.first_difference(b)
                    print(f"     worse: {n} players, {change} before round {before}, seed {seed}: "
                          f"{rule} {getattr(a, rule):.4g} against {getattr(b, rule):.4g}")
    for how in ("archon", *others) if times else ():
        times_of = [t for r in rows if how in r["times"] for t in r["times"][how]]
        if times_of:
            slow = max((t, r["job"]) for r in rows if how in r["times"] for t in r["times"][how])
            print(f"   {label}, time of one round seated by {how}: median {statistics.median(times_of):.3f} s, "
                  f"max {slow[0]:.3f} s ({slow[1][0]} players, {slow[1][1]} before round {slow[1][2]})")


def _job_key(job: tuple) -> str:
    n, change, before, seed = job[:4]
    return f"{n}|{change}|{before}|{seed}"


def save_scores(rows: list[dict], path: str) -> None:
    """Archon's score of every event of the sweep (its key: the rules in
    order, the variances exact), one event a line, in ``path`` (JSON)."""
    scores = sorted((_job_key(r["job"]), [str(x) for x in r["score"]["archon"].key]) for r in rows)
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in scores) + "\n}\n")


def _score_of(key: list) -> Score:
    """The score whose key :func:`save_scores` saved."""
    r1, r2, v3, r4, r5, r6, r7, v8, r9 = (Fraction(x) for x in key)
    return Score(R1=int(r1), R2=int(r2), R3=math.sqrt(v3), R4=int(r4), R5=int(r5), R6=int(r6), R7=int(r7),
                 R8=math.sqrt(v8), R9=int(r9), r3_variance=v3, r8_variance=v8)


def load_saved(path: str) -> dict[str, Score]:
    """The scores :func:`save_scores` saved in ``path``, by event; OSError
    or ValueError (naming what is wrong) for a file that is not such."""
    with open(path, encoding="utf-8") as f:
        saved = json.load(f)
    if not isinstance(saved, dict):
        raise ValueError("not a set of scores by event")
    try:
        return {str(k): _score_of(v) for k, v in saved.items()}
    except (TypeError, ValueError, ZeroDivisionError):
        raise ValueError("an event's score is not the nine figures --save writes") from None


def against_saved(rows: list[dict], path: str, saved: dict[str, Score]) -> None:
    """Archon against the scores an earlier run saved in ``path``: better, equal, worse."""
    todo = [{**r, "score": {**r["score"], "saved": saved[_job_key(r["job"])]}}
            for r in rows if _job_key(r["job"]) in saved]
    report(todo, ("saved",), "seat", {"saved": f"the scores saved in {path}"}, times=False)


def sweep(sizes: list[int], seeds: int, jobs: int, krcg_up_to: int = 0, save: str = "",
          against: Optional[tuple[str, dict[str, Score]]] = None) -> None:
    print(f"\n5. Events that bend: {ROUNDS} rounds, sizes {sizes[0]}..{sizes[-1]} ({len(sizes)}), "
          f"changes: {', '.join(CHANGES)}; before round 2 or 3; seeds 1..{seeds}")
    start = time.perf_counter()
    todo = [(n, c, b, s, ("archon", "joint", "alone")) for s in range(1, seeds + 1) for n in sizes
            for c in CHANGES for b in (2, 3)]
    with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
        rows = list(ex.map(one_event, todo, chunksize=4))
    kept = [r for r in rows if not r["skipped"]]
    print(f"   {len(kept)} events ({len(rows) - len(kept)} left out: some players must sit out); "
          f"{time.perf_counter() - start:.0f} s")
    report(kept, ("alone", "joint"), "seat")
    report_crossed(kept)
    if against:
        against_saved(kept, *against)
    if save:
        save_scores(kept, save)
        print(f"   archon's scores saved in {save}")
    seat_times(1)  # one at a time: the CPU time of a seat alone on the machine
    before = _tally([{**r, "score": {"archon": r["score"]["joint"], "alone": r["score"]["alone"]}} for r in kept],
                    "alone")
    print(f"   for comparison, the joint plan as seat made it before against the round-by-round baseline: "
          f"better {len(before[0])}, equal {len(before[1])}, worse {len(before[2])}")
    if krcg_up_to:
        try:
            import krcg.seating  # noqa: F401
        except ImportError:
            print("   krcg: skipped, the krcg package is not installed (pip install krcg)")
            return
        todo = [(n, c, b, 1, ("archon", "krcg")) for n in sizes if n <= krcg_up_to for c in CHANGES for b in (2, 3)]
        with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
            rows = [r for r in ex.map(one_event, todo) if not r["skipped"]]
        report(rows, ("krcg",), "krcg")
        report_crossed(rows)


def every_drop(job: tuple) -> list[dict]:
    """One event of ``n`` players seated the three ways up to round 2, then
    round 3 after each player in turn drops before it (one event a
    player: :func:`one_event`'s "a drop before round 3" for that player)."""
    n, seed = job
    first = list(range(1, n + 1))
    if needs_sit_out(n) or needs_sit_out(n - 1):
        return []
    round1 = _round_1(first, seed)
    played = {}
    for how in ("archon", "joint", "alone"):
        forget_plans()
        played[how] = [round1, _seat(how, _shuffled(first, seed, 2), [round1], seed)]
    rows = []
    for gone in first:
        after = _shuffled([p for p in first if p != gone], seed, 3)
        score = {}
        for how, fixed in played.items():
            forget_plans()
            score[how] = score_plan(fixed + [_seat(how, after, fixed, seed)])
        rows.append({"job": (n, f"player {gone} drops", 3, seed), "score": score})
    return rows


def every_drop_sweep(sizes: list[int], seeds: int, jobs: int) -> None:
    """Which player drops before round 3 is not known when round 2 is
    seated: every player in turn, each way against the others, and the
    events (size, seed) where a way ends worse than another after some
    drops and better after others (no way of seating round 2 is then
    never worse than that other whoever drops)."""
    print(f"\n5b. Every player in turn drops before round 3: sizes {sizes[0]}..{sizes[-1]}, seeds 1..{seeds}")
    start = time.perf_counter()
    todo = [(n, s) for s in range(1, seeds + 1) for n in sizes]
    with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
        events = [rows for rows in ex.map(every_drop, todo) if rows]
    rows = [row for rows in events for row in rows]
    print(f"   {len(rows)} drops in {len(events)} events; {time.perf_counter() - start:.0f} s")
    for mine, other in (("archon", "alone"), ("archon", "joint"), ("alone", "joint")):
        worse = [(better, lost) for better, _, lost in (_tally(e, other, mine) for e in events) if lost]
        both = [t for t in worse if t[0]]
        print(f"   {WAY_NAMES[mine]} against {WAY_NAMES[other]}: {_counts(rows, mine, other)}; worse after "
              f"some drop in {len(worse)} of {len(events)} events, of which better after another in {len(both)}")
    split = [e for e in events if _tally(e, "alone")[2] and _tally(e, "joint")[2]]
    print(f"   archon worse than the round-by-round baseline after one drop and than the joint plan after "
          f"another: {len(split)} of {len(events)} events")


#: The ways ``seat_next`` is timed: each round as a new process with
#: nothing kept (the first ``seat`` on a machine, or ``ARCHON_CACHE=off``),
#: as a new process with the plans the rounds before kept in the user's
#: cache folder (``archon seat``: :mod:`archon.formats.plan_cache`), and in
#: a process that seated the rounds before (the console).
WAYS = {
    "new": "as a new process, nothing kept",
    "cache": "as a new process, with the plans kept in the cache folder (archon seat)",
    "console": "in a process that seated the rounds before (the console)",
}


def seat_time(job: tuple) -> list[tuple]:
    """(players, round, CPU seconds, round of the change) of every round
    seated by ``seat_next`` after a change: rounds 2 and 3 after a change
    before round 2, round 3 after one before round 3. ``job[4]``: the way
    it is seated (:data:`WAYS`)."""
    n, change, before, seed, way = job
    forget_plans()
    first = list(range(1, n + 1))
    after = _changed(first, n, change)
    fixed = [_round_1(first, seed)]
    out = []
    with tempfile.TemporaryDirectory() as folder:
        for r in range(2, ROUNDS + 1):
            present = _shuffled(after if r >= before else first, seed, r)
            if way != "console":
                forget_plans()
            store = PlanCache(Path(folder)) if way == "cache" else None
            t = time.process_time()
            with keeping_plans(store):
                fixed.append(seat_next(present, ROUNDS, seed, fixed).tables)
            if store is not None:
                store.close()  # the plans written, as the command does before it ends
            if r >= before:
                out.append((n, r, time.process_time() - t, before))
    return out


def seat_times(jobs: int, sizes: tuple[int, ...] = (20, 300), seeds: int = 3, repeat: int = 3) -> None:
    """The target of ``seat``: one round after a change within 0.5 s of CPU,
    each way of :data:`WAYS`. Each seating is timed ``repeat`` times (the
    same seating each time) and counts by its least CPU time, as ``timeit``
    does: on a shared machine a neighbour's load adds to one run or another
    (the same seatings have measured 0.47 and 0.74 s at most in two runs a
    minute apart); the slowest single run is printed beside it."""
    for way, how in WAYS.items():
        todo = [(n, c, b, s, way) for n in sizes for c in CHANGES for b in (2, 3) for s in range(1, seeds + 1)]
        with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
            runs = list(ex.map(seat_time, todo * repeat))
        rows = []  # (players, round, least CPU, round of the change, most CPU)
        for k in range(len(todo)):
            for same in zip(*(runs[k + i * len(todo)] for i in range(repeat))):
                n, r, _, before = same[0]
                rows.append((n, r, min(t for _, _, t, _ in same), before, max(t for _, _, t, _ in same)))
        for n in sizes:
            times = [t for m, _, t, _, _ in rows if m == n]
            slow = max((t, r) for m, r, t, _, _ in rows if m == n)
            single = max(t for m, _, _, _, t in rows if m == n)
            print(f"   seat one round after a change, {how}, {n} players ({len(times)} seatings: "
                  f"{len(CHANGES)} changes, rounds 2 and 3 after one before round 2, round 3 after one before "
                  f"round 3, seeds 1..{seeds}; each the least of {repeat} runs): CPU median "
                  f"{statistics.median(times):.3f} s, max {slow[0]:.3f} s (round {slow[1]}; target 0.5 s); "
                  f"slowest single run {single:.3f} s")
            parts = []
            for before, r in ((2, 2), (2, 3), (3, 3)):
                part = [t for m, rr, t, b, _ in rows if m == n and rr == r and b == before]
                parts.append(f"round {r} after a change before round {before} median {statistics.median(part):.3f} s, "
                             f"max {max(part):.3f} s")
            print(f"     of which {'; '.join(parts)}")
