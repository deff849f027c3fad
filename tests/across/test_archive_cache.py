"""Reading an archive twice: the second read takes each unchanged file's
results from the cache (issue 24), and never a wrong one."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3

import pytest

from archon.across import archive
from archon.across.archive import read_archive
from archon.across.cache import CACHE_FILE
from archon.across.rating import games_frame, results_frame
from archon.formats.csvset import write_csv_set
from archon.formats.serialize import standings_to_dict
from archon.rules.model import Event, Final, Player, Round, Table
from archon.rules.standings import compute


def event(day: str, name: str, sweeper: int = 1) -> Event:
    """10 players, two rounds of two tables (a sweep at each), a final:
    ``sweeper`` (1 to 5) is the seat that sweeps round 1's first table."""
    players = [Player(n, f"First{n}", f"Last{n}", city="Lyon", vekn=f"30000{n:02d}", coin=n) for n in range(1, 11)]
    first = [0] * 5
    first[sweeper - 1] = 5
    ev = Event(name=name, date=dt.date.fromisoformat(day), level="Standard Constructed", deck_format="Constructed",
               preliminary_rounds=2, players=players,
               rounds=[Round(1, [Table([1, 2, 3, 4, 5], first), Table([6, 7, 8, 9, 10], [5, 0, 0, 0, 0])]),
                       Round(2, [Table([1, 3, 5, 7, 9], [0, 0, 0, 0, 5]), Table([2, 4, 6, 8, 10], [0, 0, 0, 0, 5])])])
    ev.final = Final(list(compute(ev).finalists), [5, 0, 0, 0, 0])
    return ev


def write_json(path, ev: Event):
    path.write_text(json.dumps(standings_to_dict(compute(ev), extras=True)), encoding="utf-8")
    return path


def archive_folder(folder):
    folder.mkdir()
    write_json(folder / "2026-01-10.json", event("2026-01-10", "January Cup"))
    write_json(folder / "2026-02-14.json", event("2026-02-14", "February Cup", sweeper=2))
    write_csv_set(event("2026-03-21", "March Cup", sweeper=3), folder / "2026-03-21 March Cup")
    return folder


@pytest.fixture
def reads(monkeypatch):
    """The files read_archive reads itself (not from the cache), in order."""
    read = []
    real = archive.read_event_file

    def counting(path, *data):
        read.append(path.name)
        return real(path, *data)

    monkeypatch.setattr(archive, "read_event_file", counting)
    return read


def frames(result):
    return results_frame(result.events), games_frame(result.events)


def assert_same(a, b):
    ra, ga = frames(a)
    rb, gb = frames(b)
    assert ra.equals(rb) and ga.equals(gb)
    assert a.editions == b.editions
    assert [str(f) for f in a.failed] == [str(f) for f in b.failed]
    assert [str(d) for d in a.duplicates] == [str(d) for d in b.duplicates]


def test_a_second_read_of_an_unchanged_archive_reads_no_file_and_gives_the_same_rows(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    first = read_archive([folder], processes=1)
    assert sorted(reads) == ["2026-01-10.json", "2026-02-14.json", "2026-03-21 March Cup"]
    assert (cache_dir / CACHE_FILE).is_file()
    reads.clear()
    second = read_archive([folder], processes=1)
    assert reads == []
    assert_same(first, second)
    assert len(second.events) == 3
    uncached = read_archive([folder], processes=1, cache=False)
    assert_same(uncached, second)


def test_a_file_whose_bytes_change_is_read_again_and_its_new_results_count(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    before, _ = frames(read_archive([folder], processes=1))
    write_json(folder / "2026-02-14.json", event("2026-02-14", "February Cup", sweeper=4))
    (folder / "2026-03-21 March Cup" / "Methuselahs.csv").write_text(
        (folder / "2026-03-21 March Cup" / "Methuselahs.csv").read_text(encoding="utf-8").replace("First1", "Anna"),
        encoding="utf-8")
    reads.clear()
    again = read_archive([folder], processes=1)
    assert sorted(reads) == ["2026-02-14.json", "2026-03-21 March Cup"]
    frame, _ = frames(again)
    february = frame[frame["event"] == "February Cup"].set_index("number")
    was = before[before["event"] == "February Cup"].set_index("number")
    # seat 4 swept round 1's first table, no longer seat 2
    assert february.loc[2, "vp"] < was.loc[2, "vp"] and february.loc[4, "vp"] > was.loc[4, "vp"]
    march = frame[frame["event"] == "March Cup"]
    assert "Anna Last1" in set(march["name"]) and "First1 Last1" not in set(march["name"])
    assert_same(again, read_archive([folder], processes=1, cache=False))


def test_a_copy_elsewhere_comes_from_the_cache_with_its_own_path(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    read_archive([folder], processes=1)
    other = tmp_path / "copy"
    shutil.copytree(folder, other)
    reads.clear()
    copied = read_archive([other], processes=1)
    assert reads == []
    frame, games = frames(copied)
    paths = {str(other / "2026-01-10.json"), str(other / "2026-02-14.json"), str(other / "2026-03-21 March Cup")}
    assert set(frame["event_id"]) == paths and set(frame["source"]) == paths and set(games["event_id"]) == paths
    assert {e.event_id for e in copied.events} == paths
    # both folders at once: each event once, the copy listed as the same event
    both = read_archive([folder, other], processes=1)
    assert len(both.events) == 3 and len(both.duplicates) == 3


def test_a_damaged_cache_file_is_ignored_then_replaced(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    expected = read_archive([folder], processes=1, cache=False)
    cache_dir.mkdir()
    (cache_dir / CACHE_FILE).write_bytes(b"not a database at all, " * 200)
    reads.clear()
    got = read_archive([folder], processes=1)
    assert len(reads) == 3
    assert_same(expected, got)
    with sqlite3.connect(cache_dir / CACHE_FILE) as db:  # a cache again
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))
    assert reads == []


def test_a_damaged_value_is_a_miss_never_a_wrong_result(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    expected = read_archive([folder], processes=1)
    with sqlite3.connect(cache_dir / CACHE_FILE) as db:
        tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert len(tables) == 1
        values = db.execute(f"SELECT key, value FROM {tables[0]}").fetchall()
        assert len(values) == 3
        for key, value in values:  # one byte changed in the middle of each value, one cut short
            damaged = value[:len(value) // 2] + bytes([value[len(value) // 2] ^ 0x55]) + value[len(value) // 2 + 1:]
            db.execute(f"UPDATE {tables[0]} SET value = ? WHERE key = ?", (damaged, key))
        db.execute(f"UPDATE {tables[0]} SET value = ? WHERE key = ?", (values[0][1][:40], values[0][0]))
    reads.clear()
    got = read_archive([folder], processes=1)
    assert len(reads) == 3
    assert_same(expected, got)


def test_a_cache_folder_that_cannot_be_made_is_ignored(tmp_path, monkeypatch, reads):
    folder = archive_folder(tmp_path / "events")
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(blocker / "cache"))  # under a file: no folder can be made there
    expected = read_archive([folder], processes=1, cache=False)
    got = read_archive([folder], processes=1)
    assert_same(expected, got)
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))
    assert len(reads) == 3  # nothing kept: read again
    assert blocker.read_text() == "not a folder"


def test_archon_cache_off_reads_every_file_and_keeps_nothing(tmp_path, cache_dir, reads, monkeypatch):
    folder = archive_folder(tmp_path / "events")
    monkeypatch.setenv("ARCHON_CACHE", "off")
    first = read_archive([folder], processes=1)
    second = read_archive([folder], processes=1)
    assert len(reads) == 6
    assert not cache_dir.exists()
    assert_same(first, second)


def test_a_file_that_cannot_be_read_is_not_kept_and_is_listed_again(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    first = read_archive([folder], processes=1)
    reads.clear()
    second = read_archive([folder], processes=1)
    assert reads == ["broken.json"]
    assert [f.path.name for f in second.failed] == ["broken.json"]
    assert str(second.failed[0]) == str(first.failed[0]) and "not valid JSON" in second.failed[0].reason
    # mended: read, and counted
    write_json(folder / "broken.json", event("2026-04-18", "April Cup"))
    reads.clear()
    mended = read_archive([folder], processes=1)
    assert reads == ["broken.json"] and not mended.failed and len(mended.events) == 4


def test_the_rating_command_uses_the_cache(tmp_path, cache_dir, reads):
    from archon import api

    folder = archive_folder(tmp_path / "events")
    first = api.rating([folder], as_of="2026-06-30")
    reads.clear()
    second = api.rating([folder], as_of="2026-06-30")
    assert reads == []
    assert first.ranking.equals(second.ranking)
