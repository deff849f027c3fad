"""Damaged, hostile and unusual files against every archon command that takes a file.

Each corpus category below is generated here, in ``tmp_path``, at test time
(nothing binary is committed). Every command that takes a file runs on every
category (in-process, through the command line), and the test asserts what an
organizer would notice:

* no traceback, and an exit status archon documents for a refusal (1, 2 or
  3; 4 means archon itself failed);
* the error is one line and names the file;
* the input file is byte-for-byte unchanged, and nothing was written beside it.

To add a category (hostile text, say), append a ``Category`` to
:data:`CATEGORIES` whose ``make(folder)`` writes the file and returns its path.
To add a command, append to :data:`COMMANDS`.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import pytest
from click.testing import CliRunner

from archon import cli
from archon.exits import ExitStatus

from conftest import official_dir_path

from hostile_files import (  # noqa: F401 (the names other tests took from here)
    METHUSELAHS_PART, SAMPLE, SHARED_STRINGS_PART, WORKBOOK_PART, Watchdog, cut_after_row, rezip, with_part,
)


# ---------------------------------------------------------------- making files

@dataclass(frozen=True)
class Category:
    name: str
    make: Callable[[Path], Path]
    needs: Optional[Callable[[], bool]] = None  # None: always possible


def _sample_with(part: str, new: Callable[[bytes], Optional[bytes]], name: str = "cup.xlsx"):
    return lambda folder: rezip(SAMPLE, folder / name, with_part(part, new))


def _truncated_at(fraction: float):
    return _sample_with(METHUSELAHS_PART, lambda xml: xml[: int(len(xml) * fraction)])


def _directory(folder: Path) -> Path:
    d = folder / "cup.xlsx"
    d.mkdir()
    return d


def _fifo(folder: Path) -> Path:
    p = folder / "cup.xlsx"
    os.mkfifo(p)
    return p


def _bytes(name: str, data: bytes):
    def make(folder: Path) -> Path:
        p = folder / name
        p.write_bytes(data)
        return p

    return make


def _zip_of(name: str, members: dict[str, bytes]):
    def make(folder: Path) -> Path:
        p = folder / name
        with zipfile.ZipFile(p, "w") as zf:
            for member, data in members.items():
                zf.writestr(member, data)
        return p

    return make


def _ods_broken(folder: Path) -> Path:
    ods = official_dir_path() / "thearchon-1.5l.ods"
    return rezip(ods, folder / "cup.ods", with_part("content.xml", lambda xml: xml[: len(xml) // 2]))


def _deep_json(folder: Path) -> Path:
    p = folder / "standings.json"
    p.write_text("[" * 10_000 + "]" * 10_000)
    return p


def _wrong_shape_json(folder: Path) -> Path:
    """The sample's standings JSON with the event's name a list."""
    doc = json.loads(CliRunner().invoke(cli.main, ["standings", str(SAMPLE), "--json"]).output)
    doc["event"]["name"] = ["Winter", "Cup"]
    p = folder / "standings.json"
    p.write_text(json.dumps(doc))
    return p


CATEGORIES: list[Category] = [
    # a Methuselahs sheet cut at several points, one of them cleanly after row 20
    Category("sheet cut at 30%", _truncated_at(0.3)),
    Category("sheet cut at 60%", _truncated_at(0.6)),
    Category("sheet cut at 99%", _truncated_at(0.99)),
    Category("sheet cut after row 20", _sample_with(METHUSELAHS_PART, lambda xml: cut_after_row(xml, 20))),
    Category("sheet part missing", _sample_with(METHUSELAHS_PART, lambda xml: None)),
    Category("sheet of garbage bytes", _sample_with(METHUSELAHS_PART, lambda xml: random.Random(1).randbytes(5000))),
    Category("shared strings cut", _sample_with(SHARED_STRINGS_PART, lambda xml: xml[: len(xml) // 2])),
    Category("shared strings not XML", _sample_with(SHARED_STRINGS_PART, lambda xml: b"<sst><si><t>Ann</si></sst>")),
    Category("workbook part missing", _sample_with(WORKBOOK_PART, lambda xml: None)),
    Category("workbook part cut", _sample_with(WORKBOOK_PART, lambda xml: xml[: len(xml) // 2])),
    Category("zip that is not a workbook", _zip_of("cup.xlsx", {"readme.txt": b"hello"})),
    Category("empty file", _bytes("cup.xlsx", b"")),
    Category("random bytes", _bytes("cup.xlsx", random.Random(2).randbytes(4096))),
    Category("zip cut in half", lambda folder: _bytes("cup.xlsx", SAMPLE.read_bytes()[: SAMPLE.stat().st_size // 2])(folder)),
    Category("a directory", _directory),
    Category("a FIFO", _fifo, needs=lambda: hasattr(os, "mkfifo")),
    Category(".ods with broken content.xml", _ods_broken,
             needs=lambda: (official_dir_path() / "thearchon-1.5l.ods").is_file()),
    Category("JSON of wrong shape", _wrong_shape_json),
    Category("JSON nested 10,000 deep", _deep_json),
    Category("empty zip", _zip_of("export.zip", {})),
    Category("zip with no bot CSV", _zip_of("export.zip", {"notes.txt": b"round 1 went well"})),
    # players lists (new --players) the csv module's quoting rules refuse, naming the line
    Category("players list with a quote never closed",
             _bytes("players.txt", b'First Name,Last Name,VEKN\nAnna,Kowalski,3000001\n"unterminated,Last,3000002\n')),
    Category("players list with a quoted field over two lines",
             _bytes("players.txt", b'First Name,Last Name,VEKN\n"Anna,Kowalski,3000001\nBruno",Da Silva,3000002\n')),
]


# ---------------------------------------------------------------- commands

#: every command that takes a file: its arguments, FILE standing for the corpus
#: file and OUT for a fresh path in an output folder
COMMANDS: list[list[str]] = [
    ["standings", "FILE"],
    ["standings", "FILE", "--json"],
    ["standings", "FILE", "--csv"],
    ["check", "FILE"],
    ["report", "FILE"],
    ["report", "FILE", "--xlsx", "OUT.xlsx"],
    ["report", "FILE", "--html", "OUT.html"],
    ["report", "FILE", "--csv", "OUT"],
    ["report", "FILE", "--round", "1", "--xlsx", "OUT.xlsx"],
    ["report", "FILE", "--archondata"],
    ["report", "FILE", "--twd"],
    ["update", "FILE"],
    ["register", "FILE", "Ann Example", "--vekn", "1234567"],
    ["drop", "FILE", "3"],
    ["unregister", "FILE", "3"],
    ["result", "FILE", "2", "1", "1", "0", "1", "--round", "1", "--table", "1"],
    ["seat", "FILE", "--round", "1", "--force"],
    ["toss", "FILE"],
    ["finals", "FILE"],
    ["convert", "FILE", "OUT.xlsx"],
    ["new", "OUT.xlsx", "--template", "FILE"],
    ["new", "OUT.xlsx", "--players", "FILE"],
    ["warn", "FILE", "3", "slow play"],
    ["warnings", "FILE"],
    ["undo", "FILE"],
    ["rating", "FILE"],
    ["league", "FILE", "--best", "3"],
]


def _snapshot(path: Path) -> object:
    """What must not change: the bytes of a file, the listing of a folder or
    of the file's own folder (nothing written beside it)."""
    if path.is_fifo():
        return ("fifo",)
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    return path.read_bytes()


def _run(args: list[str], file: Path, out_dir: Path):
    argv = [str(file) if a == "FILE" else str(out_dir / a) if a.startswith("OUT") else a for a in args]
    watchdog = Watchdog(file)
    try:
        result = CliRunner().invoke(cli.main, argv)
    finally:
        watchdog.stop()
    return result, watchdog.fired


@pytest.mark.parametrize("category", CATEGORIES, ids=lambda c: c.name)
def test_every_command_refuses_the_file_cleanly(category, tmp_path):
    if category.needs is not None and not category.needs():
        pytest.skip(f"{category.name}: cannot be made here")
    folder = tmp_path / "in"
    folder.mkdir()
    file = category.make(folder)
    before = _snapshot(file)
    listing = sorted(p.name for p in folder.iterdir())
    failures = []
    for n, args in enumerate(COMMANDS):
        out_dir = tmp_path / f"out{n}"
        out_dir.mkdir()
        result, hung = _run(args, file, out_dir)
        text = result.output
        errors = [line for line in text.splitlines() if line.startswith(("Error:", "stopped:"))]
        what = f"archon {' '.join(args)} on {category.name}: exit {result.exit_code}, output {text[-400:]!r}"
        if hung:
            failures.append(f"{what}: hung opening the file")
        elif result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(f"{what}: raised {type(result.exception).__name__}")
        elif "Traceback" in text:
            failures.append(f"{what}: printed a traceback")
        elif result.exit_code not in (ExitStatus.PROBLEMS, ExitStatus.UNREADABLE, ExitStatus.NOT_WRITTEN):
            failures.append(f"{what}: exit status not 1, 2 or 3")
        elif len(errors) != 1 or file.name not in errors[0]:
            failures.append(f"{what}: not one error line naming {file.name}")
        if _snapshot(file) != before:
            failures.append(f"{what}: changed the input file")
        if sorted(p.name for p in folder.iterdir()) != listing:
            failures.append(f"{what}: wrote beside the input file")
        if any(out_dir.iterdir()):
            failures.append(f"{what}: wrote {sorted(p.name for p in out_dir.iterdir())}")
    assert not failures, "\n".join(failures)
