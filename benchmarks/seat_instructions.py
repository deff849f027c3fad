"""Benchmark: ``archon seat`` as a command, counted in instructions.

The CPU time of the same command on this shared machine moves by a third
from one run to the next, more than a change of archon moves it. valgrind's
callgrind counts the instructions a process executes instead: the same
count for the same command on the same files, whatever the machine's load.

For 20 and 300 players in an official Archon, a drop before round 3: each
of rounds 1, 2 and 3 seated by ``archon seat`` as an organizer types it (a
new process), the event and the user's cache folder (plans, scans, sheets
unchanged) as the commands before left them; each count is taken on copies
of both, then the round is seated for real. Also Python's start, and the
modules ``seat`` loads. About a minute a count (valgrind runs Python some
fifty times slower).

Run from the repository root (POSIX, valgrind installed)::

    python benchmarks/seat_instructions.py [--players 20 300]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.seating.run import _arrive_or_drop, _event, copies_of, official_missing, official_workbook  # noqa: E402

COMMAND = [sys.executable, "-m", "archon.cli"]


def instructions(args: list[str], env: dict) -> float:
    """The billions of instructions ``args`` executes under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *args],
                           cwd=REPO, env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {' '.join(args)}:\n{p.stderr[-2000:]}")
    return int(found.group(1)) / 1e9


def seat_rounds(n: int, env: dict) -> list[float]:
    """Rounds 1 to 3 of ``n`` players, a drop before round 3, each counted."""
    counts = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cache = root / "cache"
        os.environ["ARCHON_CACHE_DIR"] = str(cache)  # the drop, seated in this process, keeps there too
        event = _event(root, n, official_workbook())
        for r in (1, 2, 3):
            if r == 3:
                _arrive_or_drop(event, n, "a drop")
            with copies_of(event, str(cache)) as (copy, copied):
                args = [*COMMAND, "seat", str(copy), "--round", str(r), "--seed", str(r)]
                counts.append(instructions(args, {**env, "ARCHON_CACHE_DIR": copied}))
            subprocess.run([*COMMAND, "seat", str(event), "--round", str(r), "--seed", str(r)], cwd=REPO,
                           env={**env, "ARCHON_CACHE_DIR": str(cache)}, capture_output=True, check=True)
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[20, 300])
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)")
        return 2
    if not official_workbook().is_file():
        print(official_missing())
        return 2
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([*COMMAND, "--version"], cwd=REPO, env=env, capture_output=True)  # the bytecode written
    start = instructions([sys.executable, "-c", "pass"], env)
    modules = instructions([sys.executable, "-c", "import archon.cli.seating, archon.api.seating, "
                            "archon.formats.workbook.safety, archon.formats.workbook.writer"], env)
    print(f"Python's start: {start:.2f} billion instructions; the modules seat loads: {modules - start:.2f}")
    for n in args.players:
        counts = seat_rounds(n, env)
        print(f"archon seat, {n} players, a drop before round 3: rounds 1, 2, 3: "
              + ", ".join(f"{c:.2f}" for c in counts) + " billion instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
