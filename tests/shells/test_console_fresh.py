"""The event console never shows a stale event, however fast the file changes.

The console keeps what it read of the workbook (and its own writes read
those same bytes again) until the *content* of the file changes: these
tests change it the ways a spreadsheet does, right after a console write,
and look at what the pages show. The Winter Cup of ``test_event_e2e``
(hand-worked there) after round 1, round 2 seated by archon.
"""

from __future__ import annotations

import io
import json
import os
import queue
import re
import shutil
import threading
import warnings
import zipfile
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon import api
from archon.web import console_app
from archon.formats.workbook import read_event
from test_console_api import AUTH, TOKEN, cup, post  # noqa: F401 (cup: a fixture)


@pytest.fixture
def seated(cup) -> Path:
    api.seat(cup, 2, seed=5)
    return cup


def _vps(path: Path, table: int) -> list[float]:
    size = len(read_event(path).event.rounds[1].tables[table - 1].players)
    return {4: [2, 1, 1, 0], 5: [2, 1, 1, 1, 0]}[size]


def _table_status(page: str, table: int) -> str:
    """The status the players' page shows for round 2's table ``table``."""
    start = page.index(f"Table {table} <span class=\"status s-")
    return page[start:].split('s-', 1)[1].split('"', 1)[0]


def _same_size(data: bytes, size: int) -> bytes:
    """``data`` (an .xlsx) made exactly ``size`` bytes long: its parts
    compressed harder, then a stored part no application reads fills the
    rest. A save can keep a file's size: this makes one that does."""
    def rezip(pad: int) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
            for info in src.infolist():
                dst.writestr(info.filename, src.read(info), zipfile.ZIP_DEFLATED, compresslevel=9)
            if pad >= 0:
                dst.writestr("customXml/pad.bin", b"\0" * pad, zipfile.ZIP_STORED)
        return out.getvalue()

    overhead = len(rezip(0))
    assert overhead <= size, "the other save compresses worse: cannot make it the same size"
    made = rezip(size - overhead)
    assert len(made) == size
    return made


def _save_behind_the_back(path: Path, data: bytes) -> None:
    """Write ``data`` over ``path`` in place (same inode) and give it back
    its size and modification time, as a spreadsheet saving within the same
    clock tick would leave it."""
    st = path.stat()
    assert len(data) == st.st_size
    with open(path, "r+b") as f:
        f.write(data)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (st.st_size, st.st_mtime_ns, st.st_ino)


def test_a_save_right_after_a_console_write_is_shown_even_with_the_same_size_and_time(seated, tmp_path):
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        r = post(client, "result", {"round": 2, "table": 1, "vps": _vps(seated, 1)})
        assert r.status_code == 200, r.text
        seen = r.json()["version"]
        page = client.get("/fragment/players").text
        assert (_table_status(page, 1), _table_status(page, 2)) == ("complete", "pending")

        # the organizer types table 2's result in the spreadsheet and saves at once
        other = tmp_path / "spreadsheet.xlsx"
        shutil.copy(seated, other)
        api.result(other, _vps(other, 2), round=2, table=2)
        _save_behind_the_back(seated, _same_size(other.read_bytes(), seated.stat().st_size))

        page = client.get("/fragment/players").text
        assert (_table_status(page, 1), _table_status(page, 2)) == ("complete", "complete")
        assert client.get("/api/state").json()["version"] != seen
        # a page that still shows the console's write records table 3, which the save did not touch:
        # it is written onto the save, and both tables stay
        r = post(client, "result", {"round": 2, "table": 3, "vps": _vps(seated, 3), "version": seen})
        assert r.status_code == 200, r.text
        # table 2, which the save changed, is refused from that page
        r = post(client, "result", {"round": 2, "table": 2, "vps": _vps(seated, 2), "version": seen})
        assert r.status_code == 409 and "round 2, table 2 was recorded meanwhile" in r.json()["error"]
    tables = read_event(seated).event.rounds[1].tables
    assert [t.vps for t in tables[:3]] == [_vps(seated, k) for k in (1, 2, 3)]


def _without_history(page: str) -> str:
    return re.sub(r'<section id="history".*?</section>', "", page, flags=re.S)


def test_what_the_console_shows_after_its_writes_is_what_the_file_says(seated, tmp_path):
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        client.get("/fragment/players")
        for action, body in [
            ("result", {"round": 2, "table": 1, "vps": _vps(seated, 1)}),
            ("register", {"name": "Xavier Late", "vekn": "3999123"}),
            ("drop", {"player": "Xavier Late"}),
            ("result", {"round": 2, "table": 2, "vps": [3, 3, 0, 0, 0][:len(_vps(seated, 2))],
                        "override": "judge: the table agreed"}),
        ]:
            r = post(client, action, body)
            assert r.status_code == 200, (action, r.text)
            shown = {"players": client.get("/fragment/players").text,
                     "organizer": client.get("/fragment/organizer", headers=AUTH).text}
            # a console that never saw the file before shows the same (its version too)
            fresh = tmp_path / f"fresh-{action}.xlsx"
            shutil.copy(seated, fresh)
            with TestClient(console_app(fresh, token=TOKEN, watch=False), base_url="http://127.0.0.1") as other:
                assert other.get("/fragment/players").text == shown["players"].replace(seated.name, fresh.name)
                # (but for the history of changes: the copy has no journal)
                assert (_without_history(other.get("/fragment/organizer", headers=AUTH).text)
                        == _without_history(shown["organizer"]).replace(seated.name, fresh.name))
    assert "Xavier Late" in shown["players"]


def test_a_write_is_announced_to_open_pages_at_once(seated, monkeypatch):
    """With the file watcher off and the pages' periodic look at the file
    an hour apart, a console write still reaches an open page."""
    from archon.web import app as web_app
    from archon.web.server import running
    import httpx

    monkeypatch.setattr(web_app, "POLL_SECONDS", 3600)
    keys: "queue.Queue[str]" = queue.Queue()
    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        def listen():
            try:
                with httpx.stream("GET", base + "/api/events", timeout=None) as r:
                    for line in r.iter_lines():
                        if line.startswith("data: "):
                            keys.put(json.loads(line[6:])["key"])
            except httpx.HTTPError:
                return

        threading.Thread(target=listen, daemon=True).start()
        first = keys.get(timeout=60)
        r = httpx.post(base + "/api/result", json={"round": 2, "table": 1, "vps": _vps(seated, 1)},
                       headers=AUTH, timeout=60)
        assert r.status_code == 200, r.text
        assert keys.get(timeout=60) not in (first, None)
        page = httpx.get(base + "/fragment/players", timeout=60).text
        assert _table_status(page, 1) == "complete"


def test_one_process_changing_more_workbooks_than_it_keeps_reads_writes_each_its_own(cup, tmp_path):
    """The reads kept per process (the last workbooks read, the sheets last
    scanned) are found by workbook and content: six copies of one cup, more
    than are kept, changed in turn, each get their own late players only."""
    from archon.formats.workbook import readcache

    books = [tmp_path / f"cup{k}.xlsx" for k in range(readcache.KEEP + 2)]
    for book in books:
        shutil.copy(cup, book)
    for turn in (1, 2):
        for k, book in enumerate(books):
            report = api.register(book, f"Late{turn} Book{k}")
            assert report.path == book
    for k, book in enumerate(books):
        names = [p.name for p in read_event(book).event.players]
        assert len(names) == 23 + 2 and names[-2:] == [f"Late1 Book{k}", f"Late2 Book{k}"]
