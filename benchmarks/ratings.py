"""Benchmark: rating a whole archive (issue 15 targets).

Builds a synthetic archive in a temporary folder (never committed): 5,000
events of 20 to 40 players (about 150,000 player results) over six years,
drawn from 4,000 VEKN members, as archon's standings JSON (the cheap bulk
form), plus a few Archon workbooks. Then prints

* reading it (:func:`archon.across.archive.read_archive`: find the files, read each
  one with the reader of ``archon convert``, compute its standings, check
  duplicates), in one process and in one process per CPU, wall and CPU time;
* the file-format bound: parsing the same JSON files and nothing else
  (``json.loads``), and how far reading is from it;
* the rating once the files are read (:func:`archon.across.rating.ratings` and
  :func:`archon.across.rating.ranking` on the 150,000-row frame): target 2 s; and the
  2001 Elo over every game.

Run from the repository root::

    python -m benchmarks.ratings [--events 5000] [--workbooks 10]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from archon.across.archive import read_archive
from archon.rules.model import Event, Final, Player, Round, Table
from archon.across.rating import elo2001, games_frame, ranking, ratings, results_frame
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute
from archon.formats.workbook import new_event

#: Legal 5-player and 4-player results to draw from (each sums to the table size).
FIVE = ([5, 0, 0, 0, 0], [2, 0, 1.5, 0, 1.5], [3, 0, 0, 1, 1], [1.5, 0, 1.5, 0, 0.5], [1, 1, 1, 1, 1])
FOUR = ([4, 0, 0, 0], [2, 0, 1.5, 0], [1.5, 0, 0.5, 0.5], [1, 1, 1, 1])
MEMBERS = 4000
LEVELS = ("Standard Constructed",) * 6 + ("National Championship", "Limited")


def _tables(players: list[int], rng: random.Random) -> list[Table]:
    rng.shuffle(players)
    n = len(players)
    fours = (5 - n % 5) % 5
    sizes = [4] * fours + [5] * ((n - 4 * fours) // 5)
    out, k = [], 0
    for size in sizes:
        vps = list(rng.choice(FIVE if size == 5 else FOUR))
        out.append(Table(players[k:k + size], vps))
        k += size
    return out


def synthetic_event(k: int, rng: random.Random) -> Event:
    n = rng.randint(20, 40)
    members = rng.sample(range(MEMBERS), n)
    players = [Player(i, f"F{m}", f"L{m}", city=rng.choice(("France", "Spain", "Italy")),
                      vekn=f"{3000000 + m}", coin=i) for i, m in enumerate(members, start=1)]
    day = dt.date(2020, 1, 1) + dt.timedelta(days=rng.randrange(6 * 365))
    level = rng.choice(LEVELS)
    ev = Event(name=f"Event {k}", date=day, level=level, deck_format="Limited" if level == "Limited" else "Constructed",
               preliminary_rounds=3, players=players,
               rounds=[Round(r, _tables(list(range(1, n + 1)), rng)) for r in (1, 2, 3)])
    ev.final = Final(list(compute(ev).finalists), [3, 0, 0, 0, 2])
    return ev


def build(folder: Path, events: int, workbooks: int, seed: int = 15) -> int:
    rng = random.Random(seed)
    results = 0
    for k in range(events):
        ev = synthetic_event(k, rng)
        results += len(ev.players)
        if k < workbooks:
            new_event(folder / f"{k:05d}.xlsx", ev)
        else:
            data = standings_to_dict(compute(ev), extras=True)
            (folder / f"{k:05d}.json").write_text(json.dumps(data), encoding="utf-8")
    return results


def timed(what):
    wall, cpu = time.perf_counter(), time.process_time()
    out = what()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--workbooks", type=int, default=10)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="archon-ratings-bench-") as tmp:
        folder = Path(tmp)
        _, wall, _ = timed(lambda: build(folder, args.events, args.workbooks))
        files = sorted(folder.iterdir())
        print(f"built {args.events} events ({args.workbooks} workbooks) in {wall:.1f} s")

        def bound():
            for f in files:
                if f.suffix == ".json":
                    json.loads(f.read_bytes())
        _, bound_wall, bound_cpu = timed(bound)
        cpus = os.cpu_count() or 1
        archive, wall1, cpu1 = timed(lambda: read_archive([folder], processes=1))
        _, wallp, _ = timed(lambda: read_archive([folder], processes=cpus))
        frame = results_frame(archive.events)
        games = games_frame(archive.events)
        print(f"read: {len(archive.events)} events, {len(frame)} results, {len(games)} seats; "
              f"{len(archive.failed)} failed, {len(archive.duplicates)} duplicates")
        print(f"  one process:   {wall1:6.2f} s wall, {cpu1:6.2f} s CPU")
        print(f"  {cpus} processes:   {wallp:6.2f} s wall")
        print(f"  format bound (json.loads of the JSON files only): {bound_wall:.2f} s wall, {bound_cpu:.2f} s CPU; "
              f"reading takes {cpu1 / max(bound_cpu, 1e-9):.0f}x that CPU (the reader checks the document and "
              f"computes each event's standings)")
        as_of = dt.date(2025, 12, 31)
        _, wall, cpu = timed(lambda: ranking(ratings(frame, as_of)))
        print(f"rating + ranking once read: {wall:.3f} s wall, {cpu:.3f} s CPU (target 2 s)")
        _, wall, cpu = timed(lambda: elo2001(games, frame, as_of))
        print(f"Elo 2001 over every game: {wall:.3f} s wall, {cpu:.3f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
