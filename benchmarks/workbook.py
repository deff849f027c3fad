"""Benchmark: reading an Archon workbook and writing it back (issue 3 targets).

On a 300-player 3R+F event (random, legal, with a final) typed into a copy
of the official Archon v1.5l:

* read + compute standings (``archon standings``): target 0.5 s median;
* ``archon update`` (:func:`archon.api.update`): target no slower than a
  plain openpyxl load + save of the same file. Measured where it writes: an
  event in archon's built-in template whose VPs were typed in after its
  results were written (every result is recomputed and rewritten), and on the
  official workbook, where nothing needs writing.

Run from the repository root::

    python benchmarks/workbook.py [--players 300] [--repeat 7]

The official workbook is found like the tests find it (``../shared/archon``
or ``$ARCHON_OFFICIAL_DIR``).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from conftest import OFFICIAL_NAMES, official_dir_path, official_missing  # noqa: E402
from oracle import random_event  # noqa: E402

from archon.api import new, update  # noqa: E402
from archon.rules.model import Round, Table  # noqa: E402
from archon.rules.standings import compute  # noqa: E402
from archon.formats.workbook import read_event, write_event  # noqa: E402


def median_time(fn, repeat: int, before=None) -> float:
    """Median seconds of ``fn()``; ``before()`` runs untimed ahead of each call."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _rotated_vps(event):
    """The event with every table's VPs moved one seat on (still legal: the
    seats' roles rotate), so standings and results all change."""
    import copy

    ev = copy.deepcopy(event)
    ev.rounds = [Round(r.number, [Table(list(t.players), t.vps[1:] + t.vps[:1]) for t in r.tables])
                 for r in ev.rounds]
    return ev


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)

    official = official_dir_path() / OFFICIAL_NAMES["xlsx"]
    if not official.is_file():
        print(official_missing())
        return 2
    work = Path(tempfile.mkdtemp(prefix="archon-bench-"))
    try:
        event = random_event(random.Random(2026), args.players, 3)
        path = work / "event.xlsx"
        shutil.copyfile(official, path)
        write_event(path, event)
        print(f"event: {len(event.players)} players, 3R+F, final; workbook {path.stat().st_size / 1e6:.1f} MB")

        def read_and_compute():
            compute(read_event(path).event)

        from archon.formats.workbook import grid, inflated

        def new_process():  # each read a first read, as a command's: nothing kept in memory from the last
            grid.SCANS.clear()
            inflated.forget_all()

        # a cache folder of the benchmark's own: the scans a command keeps for the next (scan_store)
        os.environ["ARCHON_CACHE_DIR"] = str(work / "cache")
        os.environ["ARCHON_CACHE"] = "off"
        t_read = median_time(read_and_compute, args.repeat, before=new_process)
        os.environ["ARCHON_CACHE"] = "on"
        read_and_compute()  # the write before it (an archon command) is followed by a read that keeps the scans
        t_kept = median_time(read_and_compute, args.repeat, before=new_process)
        for label, t in (("a workbook new to archon (a spreadsheet saved it)", t_read),
                         ("the sheets kept by the command before", t_kept)):
            print(f"read + compute standings, {label}: {t * 1000:8.1f} ms median  (target 500 ms)  "
                  f"{'OK' if t <= 0.5 else 'SLOWER THAN TARGET'}")

        # archon's built-in template, its results written; then VPs typed in
        # (inputs only, as an organizer types them): the results are stale.
        builtin = work / "builtin.xlsx"
        new(builtin)
        write_event(builtin, event)
        typed = _rotated_vps(event)
        write_event(builtin, typed, kind="official")
        stale = builtin.read_bytes()

        def restore_stale():
            builtin.write_bytes(stale)

        written = update(builtin)
        assert written.changed and written.cells_changed > len(event.players), written.describe()
        t_update = median_time(lambda: update(builtin), args.repeat, before=restore_stale)
        t_noop = median_time(lambda: update(path), args.repeat)

        import openpyxl

        plain = work / "plain.xlsx"

        def openpyxl_round_trip(source):
            wb = openpyxl.load_workbook(source)
            wb.save(plain)

        def line(label, t_archon, source, what):
            t_plain = median_time(lambda: openpyxl_round_trip(source), max(3, args.repeat // 2))
            ratio = t_archon / t_plain
            print(f"archon update, {label}:")
            print(f"  archon update:            {t_archon * 1000:8.1f} ms median  ({what})")
            print(f"  openpyxl load + save:     {t_plain * 1000:8.1f} ms median  (the same file)")
            print(f"  ratio update / openpyxl:  {ratio:8.3f}  (target <= 1)  "
                  f"{'OK' if ratio <= 1 else 'SLOWER THAN TARGET'}")

        line("built-in template, VPs typed since the last write", t_update, builtin,
             f"{written.cells_changed} cells rewritten")
        line("official workbook, nothing to change", t_noop, path, "read, compared, nothing written")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
