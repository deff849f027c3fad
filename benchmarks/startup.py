"""Benchmark: what a command costs before it does anything.

The command line loads a command's module only when that command runs (a
lazy click group, :mod:`archon.cli.group`), so ``archon score`` should cost
little more than ``archon --help``: the target is a ratio score / --help of
at most 1.2. ``archon standings samples/sample-event.xlsx`` reads a workbook
and is measured beside them for scale.

Run from the repository root::

    python benchmarks/startup.py [--repeat 7]

Each command runs as a new process (``python -m archon.cli ...``); its CPU
time is the user and system time of that child process (the deltas of
``resource.getrusage(RUSAGE_CHILDREN)``), the median of ``--repeat`` runs:
on a shared machine the wall time counts the others' load, the CPU time
does not. POSIX only (the resource module).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "samples" / "sample-event.xlsx"

#: The commands measured, by the name the report gives them.
COMMANDS = {
    "--help": ["--help"],
    "score": ["score", "5", "0", "0", "0", "0"],
    "standings": ["standings", str(SAMPLE)],
}
#: The most ``archon score`` may cost, as a multiple of ``archon --help``.
TARGET_RATIO = 1.2


def cpu_seconds(args: list[str]) -> float:
    """The CPU time (user + system) of one ``archon`` process run with ``args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "archon.cli", *args], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(repeat: int) -> dict[str, float]:
    """The median CPU seconds of each command, the runs interleaved (so that a
    busy moment of the machine weighs on every command alike)."""
    runs: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for name in COMMANDS:  # a first run of each warms the file cache (bytecode, the sample)
        cpu_seconds(COMMANDS[name])
    for _ in range(repeat):
        for name, args in COMMANDS.items():
            runs[name].append(cpu_seconds(args))
    return {name: statistics.median(times) for name, times in runs.items()}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command (the median is shown)")
    args = parser.parse_args(argv)
    medians = measure(args.repeat)
    for name, seconds in medians.items():
        print(f"archon {name:<10} {seconds * 1000:7.1f} ms CPU (median of {args.repeat})")
    ratio = medians["score"] / medians["--help"]
    verdict = "within" if ratio <= TARGET_RATIO else "over"
    print(f"score / --help: {ratio:.2f} ({verdict} the target of {TARGET_RATIO})")
    print(f"standings / --help: {medians['standings'] / medians['--help']:.2f}")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
