"""The event console with many pages open: a change costs the same however many.

At a Grand Prix the players' page is open on hundreds of phones. Each change
must be looked at once by the console and heard by every page (the pages'
event streams never look at the file themselves), each page rendered once
per version and language and served to every phone from there, and the
organizer's page (its forms, what only judges see) never served to a player.
The Winter Cup of ``test_event_e2e`` after round 1, round 2 seated by archon.
"""

from __future__ import annotations

import json
import queue
import threading
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon.web import console_app
from test_console_api import AUTH, LOCAL, TOKEN, cup, post  # noqa: F401 (cup: a fixture)
from rendered import renders_counted
from test_console_fresh import _table_status, _vps, seated  # noqa: F401 (seated: a fixture)

#: What only the organizer's page has: the result forms and what a judge types in them.
ORGANIZER_ONLY = ('name="override"', "Judge's decision")




class Counted:
    """Counts the calls of one method of an object (the workbook the console serves)."""

    def __init__(self, monkeypatch, obj, name: str) -> None:
        self.calls = 0
        real = getattr(obj, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(obj, name, counted)


def _listen(base: str, keys: "queue.Queue[str]") -> None:
    """A players' page's event stream: every key it announces goes into ``keys``."""
    import httpx

    try:
        with httpx.stream("GET", base + "/api/events", timeout=None) as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    keys.put(json.loads(line[6:])["key"])
    except httpx.HTTPError:  # the server stopped
        return


def test_a_change_reaches_every_open_page_and_is_looked_at_once_however_many_are_open(seated, monkeypatch):
    """3 pages open, then 30: each result reaches every page, and the file is
    looked at (hashed, its state read) as often for 30 pages as for 3."""
    import httpx
    from archon.web import app as web_app
    from archon.web.server import running

    monkeypatch.setattr(web_app, "POLL_SECONDS", 3600)  # no periodic look: only the changes count
    app = console_app(seated, token=TOKEN, watch=False)
    book = app.state.book
    hashed, read = Counted(monkeypatch, book, "fingerprint"), Counted(monkeypatch, book, "state")
    pages: list["queue.Queue[str]"] = []
    costs = {}
    with running(app) as base:
        for table, open_pages in ((1, 3), (2, 30)):
            while len(pages) < open_pages:
                pages.append(queue.Queue())
                threading.Thread(target=_listen, args=(base, pages[-1]), daemon=True).start()
                pages[-1].get(timeout=60)  # the page's first key
            before = (hashed.calls, read.calls)
            r = httpx.post(base + "/api/result", json={"round": 2, "table": table, "vps": _vps(seated, table)},
                           headers=AUTH, timeout=60)
            assert r.status_code == 200, r.text
            now = httpx.get(base + "/api/state", timeout=60).json()["key"]
            heard = [keys.get(timeout=60) for keys in pages]
            assert heard == [now] * open_pages  # every page, once, the new key
            costs[open_pages] = (hashed.calls - before[0], read.calls - before[1])
        page = httpx.get(base + "/fragment/players", timeout=60).text
    assert (_table_status(page, 1), _table_status(page, 2)) == ("complete", "complete")
    assert costs[30] == costs[3], costs
    assert costs[3][0] <= 6, costs  # the write's own looks and /api/state's, not one a page


def test_a_players_page_is_rendered_once_per_version_and_again_after_a_change(seated, monkeypatch):
    rendered = renders_counted(monkeypatch)
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url=LOCAL) as client:
        first = client.get("/fragment/players")
        again = [client.get("/fragment/players") for _ in range(5)]
        assert rendered == ["_players_live.html"]
        assert all(r.text == first.text for r in again) and _table_status(first.text, 1) == "pending"
        # phones read it gzipped; a client that does not ask gets the same page as it is
        assert first.headers["content-encoding"] == "gzip"
        plain = client.get("/fragment/players", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.text == first.text
        # another language is its own page
        french = client.get("/fragment/players?lang=fr")
        assert rendered == ["_players_live.html"] * 2 and french.headers["content-language"] == "fr"

        assert post(client, "result", {"round": 2, "table": 1, "vps": _vps(seated, 1)}).status_code == 200
        after = [client.get("/fragment/players") for _ in range(3)]
        assert rendered == ["_players_live.html"] * 3
        assert all(_table_status(r.text, 1) == "complete" for r in after)


def test_an_organizers_page_kept_rendered_never_reaches_a_player(seated):
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url=LOCAL) as client:
        # the organizer's pages first: kept rendered for this version and language
        organizer = client.get("/fragment/organizer", headers=AUTH).text
        assert all(words in organizer for words in ORGANIZER_ONLY)
        assert client.get(f"/organizer?token={TOKEN}").status_code == 200
        client.cookies.clear()
        # then a phone, in the same language, at the same version
        for url in ("/", "/fragment/players"):
            page = client.get(url)
            assert page.status_code == 200 and _table_status(page.text, 1) == "pending", url
            assert not any(words in page.text for words in ORGANIZER_ONLY), url
        for url in ("/organizer", "/fragment/organizer"):
            refused = client.get(url)
            assert refused.status_code == 401
            assert not any(words in refused.text for words in ORGANIZER_ONLY), url
