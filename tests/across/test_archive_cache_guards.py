"""The archive's cache never gives a wrong figure (issue 24): a file whose
bytes change is read anew even when its size and time are the same; a cache
cut short, overwritten with garbage, or written by another archon is
ignored and rebuilt; two archon processes reading at once leave a cache
both can use; a named pipe in the archive is refused, not waited on."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from archon.across.archive import read_archive
from archon.across.cache import CACHE_FILE, content_key, encode
from archon.across.results import EventResults

from test_archive_cache import archive_folder, assert_same, event, frames, reads, write_json  # noqa: F401


def test_a_file_changed_in_place_with_the_same_size_and_time_is_read_anew(tmp_path, cache_dir, reads):
    folder = archive_folder(tmp_path / "events")
    read_archive([folder], processes=1)
    path = folder / "2026-01-10.json"
    st = path.stat()
    text = path.read_text(encoding="utf-8")
    assert text.count('"First1"') == 1
    text = text.replace('"First1"', '"Zelda1"')  # as long as before: the same size
    assert len(text.encode("utf-8")) == st.st_size
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same modification time
    reads.clear()
    again = read_archive([folder], processes=1)
    assert reads == ["2026-01-10.json"]
    frame, _ = frames(again)
    january = frame[frame["event"] == "January Cup"]
    assert "Zelda1 Last1" in set(january["name"]) and "First1 Last1" not in set(january["name"])
    assert_same(again, read_archive([folder], processes=1, cache=False))


@pytest.mark.parametrize("damage", ["cut short", "garbage over its middle", "emptied"])
def test_a_damaged_cache_file_gives_the_right_figures_then_works_again(tmp_path, cache_dir, reads, damage):
    folder = archive_folder(tmp_path / "events")
    expected = read_archive([folder], processes=1, cache=False)
    read_archive([folder], processes=1)
    path = cache_dir / CACHE_FILE
    data = path.read_bytes()
    if damage == "cut short":
        path.write_bytes(data[: len(data) // 3])
    elif damage == "garbage over its middle":
        path.write_bytes(data[:len(data) // 4] + os.urandom(len(data) // 2) + data[3 * len(data) // 4:])
    else:
        path.write_bytes(b"")
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))
    assert reads == [], "the cache was rebuilt: the third read reads no file"


def test_a_cache_written_by_another_archon_is_ignored_and_replaced(tmp_path, cache_dir, reads):
    """Another archon's cache file in the same place: its table has the same
    name but other columns, and a value under this archon's own key in
    another layout (with a right CRC). Neither is taken for a result."""
    folder = archive_folder(tmp_path / "events")
    expected = read_archive([folder], processes=1, cache=False)
    from archon.across import cache

    january = folder / "2026-01-10.json"
    key = content_key(january, january.read_bytes(), cache._VERSION)
    cache_dir.mkdir()
    table = cache._TABLE
    with sqlite3.connect(cache_dir / CACHE_FILE) as db:
        db.execute(f"CREATE TABLE {table} (key TEXT PRIMARY KEY, value BLOB NOT NULL, written TEXT)")
        wrong = encode(key, EventResults(str(january), [("not", "a", "row")], []), ("2026-01-10", ()), "current")
        db.execute(f"INSERT INTO {table} (key, value, written) VALUES (?, ?, 'x')", (key, wrong))
        db.execute("CREATE TABLE other_archon (anything)")
    reads.clear()
    got = read_archive([folder], processes=1)
    assert len(reads) == 3
    assert_same(expected, got)
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))


_READER = """
import json, sys
from archon.across.archive import read_archive
from archon.across.rating import results_frame
read = read_archive([sys.argv[1]], processes=1)
frame = results_frame(read.events)
print(json.dumps({"events": len(read.events), "duplicates": len(read.duplicates), "failed": len(read.failed),
                  "vp": sorted(frame["vp"].tolist()), "rating": sorted(frame["rating_points"].round(6).tolist())}))
"""


def test_two_processes_reading_at_once_both_get_the_figures_and_leave_a_usable_cache(tmp_path, cache_dir, reads):
    folder = tmp_path / "events"
    folder.mkdir()
    for k in range(60):
        write_json(folder / f"{k:03d}.json", event(f"2026-{1 + k % 12:02d}-{1 + k % 28:02d}", f"Cup {k}",
                                                   sweeper=1 + k % 5))
    env = dict(os.environ, ARCHON_CACHE_DIR=str(cache_dir), PYTHONPATH=os.pathsep.join(sys.path))
    procs = [subprocess.Popen([sys.executable, "-c", _READER, str(folder)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outs]
    assert all(not err.strip() for _, err in outs), "no traceback, no warning"
    expected = read_archive([folder], processes=1, cache=False)
    frame, _ = frames(expected)
    want = {"events": len(expected.events), "duplicates": len(expected.duplicates), "failed": 0,
            "vp": sorted(frame["vp"].tolist()), "rating": sorted(frame["rating_points"].round(6).tolist())}
    assert [json.loads(out) for out, _ in outs] == [want, want]
    with sqlite3.connect(cache_dir / CACHE_FILE) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    reads.clear()
    assert_same(expected, read_archive([folder], processes=1))
    assert reads == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_named_like_a_standings_json_is_refused_not_waited_on(tmp_path, cache_dir):
    folder = archive_folder(tmp_path / "events")
    os.mkfifo(folder / "2026-05-01.json")
    got: list = []
    reader = threading.Thread(target=lambda: got.append(read_archive([folder], processes=1)), daemon=True)
    reader.start()
    reader.join(timeout=60)
    assert got, "the read waited on the named pipe"
    assert len(got[0].events) == 3
    assert [Path(f.path).name for f in got[0].failed] == ["2026-05-01.json"]
    assert "named pipe" in got[0].failed[0].reason


def test_a_read_in_several_processes_keeps_what_a_read_in_one_finds_again(tmp_path, cache_dir, monkeypatch):
    from archon.across import archive

    folder = archive_folder(tmp_path / "events")
    expected = read_archive([folder], processes=1, cache=False)
    assert_same(expected, read_archive([folder], processes=2))  # each file keyed here, read by the processes
    read: list = []
    real = archive.read_event_file
    monkeypatch.setattr(archive, "read_event_file", lambda path, *data: read.append(path) or real(path, *data))
    assert_same(expected, read_archive([folder], processes=1))
    assert read == []
