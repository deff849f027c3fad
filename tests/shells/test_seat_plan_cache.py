"""``archon seat`` keeps the plans it searched in the user's cache folder
(:mod:`archon.formats.plan_cache`) so the next round's ``seat`` finds them
again: the seating must be the one seated without the cache, a damaged
cache file changes nothing, and ``ARCHON_CACHE=off`` writes no file."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.formats.plan_cache import PLANS_FILE
from archon.formats.workbook import load_event, write_event
from archon.rules.model import Player
from archon.seating.planner import forget_plans
from conftest import REPO, official_file

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    forget_plans()  # each command a new process: nothing searched before is in memory
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def bent(tmp_path):
    """A 25-player event, round 1 seated, then a drop and a late arrival."""
    path = tmp_path / "cup.xlsx"
    assert run("new", path, "--players", PLAYERS_CSV, "--template", official_file()).exit_code == 0
    assert run("seat", path, "--round", 1, "--seed", 3).exit_code == 0
    ev = load_event(path)
    ev.player(7).out = "WD"
    ev.players.append(Player(26, "Late", "Arrival"))
    write_event(path, ev)
    return path


def _rounds_2_and_3(path, seed: int) -> dict:
    """Rounds 2 and 3 seated, each by a command of its own: its tables."""
    for k in (2, 3):
        r = run("seat", path, "--round", k, "--seed", seed)
        assert r.exit_code == 0, r.output
        said = r.output.lower()  # nothing said of the cache: it is never the organizer's problem
        assert PLANS_FILE not in said and "sqlite" not in said and "traceback" not in said
    ev = load_event(path)
    return {k: [list(t.players) for t in ev.round(k).tables] for k in (2, 3)}


def _without_cache(bent, tmp_path, monkeypatch, seed: int) -> dict:
    """Rounds 2 and 3 of a copy of ``bent`` seated with ``ARCHON_CACHE=off``."""
    copy = tmp_path / "copy.xlsx"
    shutil.copy(bent, copy)
    monkeypatch.setenv("ARCHON_CACHE", "off")
    seated = _rounds_2_and_3(copy, seed)
    monkeypatch.delenv("ARCHON_CACHE")
    return seated


def _plans_kept(folder) -> int:
    with sqlite3.connect(folder / PLANS_FILE) as db:
        return db.execute("SELECT count(*) FROM plans_1").fetchone()[0]


def test_rounds_seated_with_the_plans_kept_are_those_seated_without(bent, tmp_path, monkeypatch):
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(tmp_path / "cache"))
    without = _without_cache(bent, tmp_path, monkeypatch, seed=5)
    assert not (tmp_path / "cache" / PLANS_FILE).exists()
    r = run("seat", bent, "--round", 2, "--seed", 5)
    assert r.exit_code == 0, r.output
    assert _plans_kept(tmp_path / "cache") >= 2  # the joint plan and the plans it was judged by
    r = run("seat", bent, "--round", 3, "--seed", 5)
    assert r.exit_code == 0, r.output
    ev = load_event(bent)
    assert {k: [list(t.players) for t in ev.round(k).tables] for k in (2, 3)} == without


def test_a_damaged_plans_file_changes_nothing(bent, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(cache))
    without = _without_cache(bent, tmp_path, monkeypatch, seed=8)
    cache.mkdir()
    (cache / PLANS_FILE).write_bytes(b"not a database, " * 500)
    assert _rounds_2_and_3(bent, seed=8) == without
    assert _plans_kept(cache) >= 2  # a new file replaced the damaged one


@pytest.mark.parametrize("folder", ["a plain file", "a name too long for the system"])
def test_a_cache_folder_archon_cannot_use_changes_nothing(bent, tmp_path, monkeypatch, folder):
    without = _without_cache(bent, tmp_path, monkeypatch, seed=2)
    if folder == "a plain file":
        where = tmp_path / "cache"
        where.write_text("not a folder")
    else:
        where = tmp_path / ("x" * 300)  # longer than a file name may be: looking at it fails
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(where))
    assert _rounds_2_and_3(bent, seed=2) == without


def test_a_plans_file_another_process_holds_changes_nothing(bent, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(cache))
    without = _without_cache(bent, tmp_path, monkeypatch, seed=6)
    cache.mkdir()
    holder = sqlite3.connect(cache / PLANS_FILE, isolation_level=None)
    holder.execute("CREATE TABLE plans_1 (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
    holder.execute("BEGIN EXCLUSIVE")  # another process writing it, for as long as this test seats
    try:
        assert _rounds_2_and_3(bent, seed=6) == without
    finally:
        holder.execute("ROLLBACK")
        holder.close()
