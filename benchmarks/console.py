"""Benchmark: a result entered in the event console until the players' page shows it.

On a 300-player 3R+F event in a copy of the official Archon v1.5l, rounds 1
and 2 played and round 3 seated with no result yet:

* console: ``POST /api/result`` (one table), then the players' page's event
  stream (``GET /api/events``) announces the new version and its live part
  (``GET /fragment/players``) shows the table complete. Target 0.5 s.
* the same action from the command line: ``archon result FILE --round 3
  --table T ...`` as a new process, and its Python twin
  (:func:`archon.api.result`) in process.

Run from the repository root::

    python benchmarks/console.py [--players 300] [--repeat 5]

Medians of wall-clock and CPU time (CPU: this process's threads, the
server's included, and the command's process): on a shared machine the wall
time counts the others' load, the CPU time does not.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from conftest import OFFICIAL_NAMES, official_dir_path, official_missing  # noqa: E402
from oracle import random_event  # noqa: E402

from archon import api  # noqa: E402
from archon.rules.model import Final, Round, Table  # noqa: E402
from archon.formats.workbook import write_event  # noqa: E402

TOKEN = "benchmark"


def event_before_round_3_results(players: int):
    ev = random_event(random.Random(2026), players, 3, with_final=False, flagged=False, overrides=False)
    last = max(ev.rounds, key=lambda r: r.number)
    ev.rounds = [r for r in ev.rounds if r is not last] + [
        Round(last.number, [Table(list(t.players), [None] * len(t.players)) for t in last.tables])]
    ev.final = Final()
    return ev


def vps_for(size: int) -> list[float]:
    return [0.5] * size  # time out, no ousts: legal at 4 and 5 seats


class Console:
    """``archon serve`` in a thread, with one players' page listening to its events."""

    def __init__(self, path: Path) -> None:
        from archon.web import console_app
        from archon.web.server import running

        self.serving = running(console_app(path, token=TOKEN))
        self.keys: "queue.Queue[str]" = queue.Queue()

    def listen(self) -> None:
        import httpx

        try:
            with httpx.stream("GET", self.base + "/api/events", timeout=None) as r:
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        self.keys.put(json.loads(line[6:])["key"])
        except httpx.HTTPError:  # the server stopped
            return

    def __enter__(self):
        self.base = self.serving.__enter__()
        threading.Thread(target=self.listen, daemon=True).start()
        self.keys.get(timeout=30)  # the page's first state
        return self

    def __exit__(self, *exc):
        self.serving.__exit__(*exc)


def cpu_now() -> float:
    """CPU seconds of this process (all its threads: the server's too) and its finished children."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def console_times(path: Path, tables: list[int], sizes: dict[int, int]) -> list[tuple[float, float]]:
    import httpx

    times = []
    with Console(path) as c, httpx.Client(base_url=c.base, timeout=60) as http:
        http.get("/fragment/players")  # the page has loaded once
        for t in tables:
            start, cpu = time.perf_counter(), cpu_now()
            r = http.post("/api/result", json={"round": 3, "table": t, "vps": vps_for(sizes[t])},
                          headers={"Authorization": f"Bearer {TOKEN}"})
            assert r.status_code == 200, r.text
            c.keys.get(timeout=30)  # the event stream says the workbook changed
            page = http.get("/fragment/players").text
            assert f'Table {t} <span class="status s-complete">' in page
            times.append((time.perf_counter() - start, cpu_now() - cpu))
            while not c.keys.empty():
                c.keys.get()
    return times


def cli_times(path: Path, tables: list[int], sizes: dict[int, int]) -> list[tuple[float, float]]:
    times = []
    for t in tables:
        start, cpu = time.perf_counter(), cpu_now()
        subprocess.run([sys.executable, "-m", "archon.cli", "result", str(path), "--round", "3", "--table", str(t),
                        *map(str, vps_for(sizes[t]))], check=True, capture_output=True, cwd=REPO)
        times.append((time.perf_counter() - start, cpu_now() - cpu))
    return times


def twin_times(path: Path, tables: list[int], sizes: dict[int, int]) -> list[tuple[float, float]]:
    times = []
    for t in tables:
        start, cpu = time.perf_counter(), cpu_now()
        api.result(path, vps_for(sizes[t]), round=3, table=t)
        times.append((time.perf_counter() - start, cpu_now() - cpu))
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    official = official_dir_path() / OFFICIAL_NAMES["xlsx"]
    if not official.is_file():
        print(official_missing())
        return 2
    work = Path(tempfile.mkdtemp(prefix="archon-bench-console-"))
    try:
        ev = event_before_round_3_results(args.players)
        sizes = {k: len(t.players) for k, t in enumerate(ev.rounds[-1].tables, start=1)}
        paths = {}
        for what in ("console", "cli", "twin"):
            paths[what] = work / what / "event.xlsx"
            paths[what].parent.mkdir()
            shutil.copyfile(official, paths[what])  # the shared official file is read-only
            write_event(paths[what], ev)
        print(f"event: {len(ev.players)} players, round 3 seated ({len(sizes)} tables), "
              f"workbook {paths['console'].stat().st_size / 1e6:.1f} MB")
        tables = list(range(1, args.repeat + 1))
        results = {
            "console: POST /api/result until the players' page shows it": console_times(paths["console"], tables, sizes),
            "command line: archon result (a new process)": cli_times(paths["cli"], tables, sizes),
            "Python twin: archon.api.result (in process)": twin_times(paths["twin"], tables, sizes),
        }
        print(f"{'':62} {'wall':>8} {'CPU':>8}   (medians of {len(tables)}, ms; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        for label, times in results.items():
            wall = statistics.median(w for w, _ in times)
            cpu = statistics.median(c for _, c in times)
            print(f"{label:62} {wall * 1000:8.0f} {cpu * 1000:8.0f}")
        console = statistics.median(w for w, _ in next(iter(results.values())))
        print(f"target: console at most 500 ms wall: {'OK' if console <= 0.5 else 'SLOWER THAN TARGET'}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
