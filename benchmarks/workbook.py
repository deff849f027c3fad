"""Benchmark: reading an Archon workbook and writing it back (issue 3 targets).

On a 300-player 3R+F event (random, legal, with a final) typed into a copy
of the official Archon v1.5l:

* read + compute standings (``archon standings``): target 0.5 s median;
* ``archon update``: target no slower than a plain openpyxl load + save of
  the same file.

Run from the repository root::

    python benchmarks/workbook.py [--players 300] [--repeat 7]

The official workbook is found like the tests find it (``../shared/archon``
or ``$ARCHON_OFFICIAL_DIR``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from conftest import official_dir_path  # noqa: E402
from oracle import random_event  # noqa: E402

from archon.standings import compute  # noqa: E402
from archon.workbook import read_event, update, write_event  # noqa: E402


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)

    official = official_dir_path() / "thearchon-1.5l.xlsx"
    if not official.is_file():
        print(f"official Archon not found: put thearchon-1.5l.xlsx in {official.parent} or set ARCHON_OFFICIAL_DIR")
        return 2
    work = Path(tempfile.mkdtemp(prefix="archon-bench-"))
    try:
        event = random_event(random.Random(2026), args.players, 3)
        path = work / "event.xlsx"
        shutil.copy2(official, path)
        write_event(path, event)
        print(f"event: {len(event.players)} players, 3R+F, final; workbook {path.stat().st_size / 1e6:.1f} MB")

        def read_and_compute():
            compute(read_event(path).event)

        t_read = median_time(read_and_compute, args.repeat)
        print(f"read + compute standings: {t_read * 1000:8.1f} ms median  (target 500 ms)  "
              f"{'OK' if t_read <= 0.5 else 'SLOWER THAN TARGET'}")

        def archon_update():
            update(path)

        t_update = median_time(archon_update, args.repeat)

        import openpyxl

        plain = work / "plain.xlsx"

        def openpyxl_round_trip():
            wb = openpyxl.load_workbook(path)
            wb.save(plain)

        t_openpyxl = median_time(openpyxl_round_trip, max(3, args.repeat // 2))
        ratio = t_update / t_openpyxl
        print(f"archon update:            {t_update * 1000:8.1f} ms median")
        print(f"openpyxl load + save:     {t_openpyxl * 1000:8.1f} ms median")
        print(f"ratio update / openpyxl:  {ratio:8.3f}  (target <= 1)  {'OK' if ratio <= 1 else 'SLOWER THAN TARGET'}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
