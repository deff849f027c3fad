"""The players' page's event stream brings the new page itself.

At a Grand Prix 300 phones have the players' page open: after a result,
each phone's stream sends it the page's new live part (``event: page``),
the same bytes for every phone in a language, gzipped as the phones read
everything, so no phone has to ask the server again. What the phone gets
must be exactly what the page would fetch, in its language, and a stream
read to its end must be a whole, valid gzip member. The Winter Cup of
``test_event_e2e`` after round 1, round 2 seated by archon.
"""

from __future__ import annotations

import gzip
import queue
import random
import threading
import zlib

import httpx
import pytest

from archon.web import console_app
from archon.web.sse import Piece, Stream, page_event
from test_console_api import AUTH, TOKEN, cup  # noqa: F401 (cup: a fixture)
from rendered import renders_counted
from test_console_fresh import _table_status, _vps, seated  # noqa: F401 (seated: a fixture)


class Phone:
    """A players' page's event stream read as a browser reads it: every
    event decoded as it arrives (``events``: (kind, id, data)), and every
    raw byte kept (``raw``: the whole gzip member once the stream ends)."""

    def __init__(self, base: str, query: str, headers: dict | None = None) -> None:
        self.events: "queue.Queue[tuple[str, str, str]]" = queue.Queue()
        self.raw = bytearray()
        self.encoding: str | None = None
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, args=(base + "/api/events" + query, headers or {}),
                                       daemon=True)
        self.thread.start()

    def _read(self, url: str, headers: dict) -> None:
        try:
            with httpx.stream("GET", url, headers=headers, timeout=None) as r:
                self.encoding = r.headers.get("content-encoding")
                inflate = zlib.decompressobj(31) if self.encoding == "gzip" else None
                text = b""
                for chunk in r.iter_raw():
                    self.raw += chunk
                    text += inflate.decompress(chunk) if inflate else chunk
                    while b"\n\n" in text:
                        event, text = text.split(b"\n\n", 1)
                        self._heard(event.decode())
        except httpx.HTTPError:
            pass
        finally:
            self.ended.set()

    def _heard(self, event: str) -> None:
        kind, ident, data = "message", "", []
        for line in event.split("\n"):
            field, _, value = line.partition(": ")
            if field == "event":
                kind = value
            elif field == "id":
                ident = value
            elif field == "data":
                data.append(value)
        if data:
            self.events.put((kind, ident, "\n".join(data)))

    def next(self) -> tuple[str, str, str]:
        return self.events.get(timeout=60)


def _key(base: str) -> str:
    return httpx.get(base + "/api/state", timeout=60).json()["key"]


def test_a_phone_hears_the_new_page_itself_as_the_page_would_fetch_it(seated):
    from archon.web.server import running

    app = console_app(seated, token=TOKEN, watch=False)
    with running(app) as base:
        before = _key(base)
        phone = Phone(base, f"?page=players&lang=en&key={before}")
        french = Phone(base, f"?page=players&lang=fr&key={before}")
        stale = Phone(base, "?page=players&lang=en&key=an-older-version")
        # a page that shows an older version gets the page now; the others nothing yet
        kind, key, page = stale.next()
        assert (kind, key, _table_status(page, 1)) == ("page", before, "pending")
        r = httpx.post(base + "/api/result", json={"round": 2, "table": 1, "vps": _vps(seated, 1)},
                       headers=AUTH, timeout=60)
        assert r.status_code == 200, r.text
        after = _key(base)
        kind, key, page = phone.next()
        assert (kind, key) == ("page", after) and after != before
        assert _table_status(page, 1) == "complete"
        assert page == httpx.get(base + "/fragment/players?lang=en", timeout=60).text
        kind, key, page_fr = french.next()
        assert (kind, key) == ("page", after)
        assert page_fr == httpx.get(base + "/fragment/players?lang=fr", timeout=60).text
        assert page_fr != page
        assert stale.next()[:2] == ("page", after)
        assert phone.encoding == "gzip"
    # the server stopped: each stream ended with its gzip trailer, and the
    # whole of it decodes (its CRC and length checked) to what was heard
    for p in (phone, french, stale):
        assert p.ended.wait(60)
        whole = gzip.decompress(bytes(p.raw)).decode()
        assert whole.startswith("retry: 1000\n\n") and f"id: {after}\n" in whole
        assert p.events.empty()


def test_a_browser_that_does_not_read_gzip_hears_the_page_plain(seated):
    from archon.web.server import running

    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        phone = Phone(base, "?page=players", {"Accept-Encoding": "identity"})
        kind, key, page = phone.next()
        assert (kind, key, _table_status(page, 2)) == ("page", _key(base), "pending")
        assert phone.encoding is None and bytes(phone.raw).startswith(b"retry: 1000\n\n")


def test_the_organizers_page_and_a_plain_stream_hear_the_key_only(seated):
    """The organizer's page fetches its own part (what only the organizer
    sees is never sent on a stream): its stream says the new key."""
    from archon.web.server import running

    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        for query in ("", "?page=organizer"):
            kind, _, data = Phone(base, query, AUTH).next()
            assert (kind, data) == ("state", f'{{"key": "{_key(base)}"}}'), query


def test_many_phones_share_one_rendering_of_each_page(seated, monkeypatch):
    from archon.web.server import running

    rendered = renders_counted(monkeypatch)
    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        phones = [Phone(base, "?page=players&lang=en&key=old") for _ in range(12)]
        first = {p.next() for p in phones}
        assert len(first) == 1 and rendered == ["_players_live.html"]
        r = httpx.post(base + "/api/result", json={"round": 2, "table": 2, "vps": _vps(seated, 2)},
                       headers=AUTH, timeout=60)
        assert r.status_code == 200, r.text
        second = {p.next() for p in phones}
        assert len(second) == 1 and _table_status(second.pop()[2], 2) == "complete"
        assert rendered == ["_players_live.html"] * 2


def test_any_sequence_of_pieces_is_one_valid_gzip_member():
    rng = random.Random(24)
    texts = [bytes(rng.randrange(256) for _ in range(rng.randrange(0, 5000))) for _ in range(8)]
    texts += [b"", b"data: " + b"<tr>" * 20000 + b"\n\n"]
    pieces = [Piece(t) for t in texts]
    for order in (list(range(len(pieces))), [3, 3, 9, 0, 8, 3]):
        stream = Stream(True)
        body = stream.start() + b"".join(stream.send(pieces[i]) for i in order) + stream.end()
        assert gzip.decompress(body) == b"".join(texts[i] for i in order)
    plain = Stream(False)
    assert plain.start() + plain.send(pieces[1]) + plain.end() == texts[1]


def test_a_page_event_keeps_every_line_of_the_page():
    html = "<p>Ana</p>\r\n<p>Bé\u2028rt</p>\r<p>Cy</p>\n\n<p>end</p>".encode()
    event = page_event("1a2b-locked", html).text.decode()
    assert event.startswith("event: page\nid: 1a2b-locked\n") and event.endswith("\n\n")
    data = [line[len("data: "):] for line in event[:-2].split("\n") if line.startswith("data: ")]
    # a browser joins the data lines with newlines: the page, its line ends made plain
    assert "\n".join(data) == "<p>Ana</p>\n<p>Bé\u2028rt</p>\n<p>Cy</p>\n\n<p>end</p>"


def test_a_burst_of_changes_sends_the_last_page_only(seated, monkeypatch):
    """A second result while the first one's page is being made: the phones
    get the page with both, never the one already out of date."""
    import time

    from archon.web import app as web_app
    from archon.web.server import running

    real = web_app.render
    entered, gate, armed = threading.Event(), threading.Event(), [False]

    def held(template, lang, **context):
        if armed[0] and template == "_players_live.html":
            armed[0] = False
            entered.set()
            gate.wait(60)
        return real(template, lang, **context)

    monkeypatch.setattr(web_app, "render", held)
    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        first = _key(base)
        phone = Phone(base, f"?page=players&lang=en&key={first}")
        deadline = time.monotonic() + 60
        while not phone.raw and time.monotonic() < deadline:  # the stream is open (its retry: no event)
            time.sleep(0.02)
        armed[0] = True
        for table in (1, 2):
            r = httpx.post(base + "/api/result", json={"round": 2, "table": table, "vps": _vps(seated, table)},
                           headers=AUTH, timeout=60)
            assert r.status_code == 200, r.text
            assert entered.wait(60)  # the first result's page is being made
        last = _key(base)
        gate.set()
        kind, key, page = phone.next()
        assert (kind, key) == ("page", last)
        assert (_table_status(page, 1), _table_status(page, 2)) == ("complete", "complete")


def test_a_phone_that_reloads_the_page_it_has_is_told_so_and_an_old_one_gets_the_new(seated):
    from starlette.testclient import TestClient

    from test_console_api import LOCAL, post

    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url=LOCAL) as client:
        for url in ("/", "/fragment/players"):
            first = client.get(url)
            tag = first.headers["etag"]
            assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
            again = client.get(url, headers={"If-None-Match": tag})
            assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
            # the same page, not gzipped, in another language: each its own
            plain = client.get(url, headers={"If-None-Match": tag, "Accept-Encoding": "identity"})
            french = client.get(url + "?lang=fr", headers={"If-None-Match": tag})
            assert (plain.status_code, french.status_code) == (200, 200)
            assert len({tag, plain.headers["etag"], french.headers["etag"]}) == 3
            client.cookies.clear()  # ?lang=fr kept French for this browser
        # the organizer's page is never kept by a browser
        organizer = client.get("/fragment/organizer", headers=AUTH)
        assert organizer.headers["cache-control"] == "no-store" and "etag" not in organizer.headers
        old = client.get("/fragment/players").headers["etag"]
        assert post(client, "result", {"round": 2, "table": 1, "vps": _vps(seated, 1)}).status_code == 200
        new = client.get("/fragment/players", headers={"If-None-Match": old})
        assert new.status_code == 200 and _table_status(new.text, 1) == "complete"
        assert new.headers["etag"] != old
        assert client.get("/fragment/players", headers={"If-None-Match": new.headers["etag"]}).status_code == 304


def test_a_spreadsheet_opening_the_file_reaches_the_phones_and_renames_the_page(seated):
    """The file opened in LibreOffice (its lock file beside it): writes are
    off, and the phones hear a page of the new key, as they would a result."""
    from archon.web.server import running

    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        before = _key(base)
        tag = httpx.get(base + "/fragment/players", timeout=60).headers["etag"]
        phone = Phone(base, f"?page=players&lang=en&key={before}")
        lock = seated.parent / f".~lock.{seated.name}#"
        lock.write_text("someone,host,user,23.11.2026 10:00,file:///cup.xlsx;")
        kind, key, page = phone.next()  # the console's own look, every second, sees it
        assert (kind, key) == ("page", before + "-locked") and key == _key(base)
        again = httpx.get(base + "/fragment/players", headers={"If-None-Match": tag}, timeout=60)
        assert again.status_code == 200 and again.headers["etag"] != tag
        lock.unlink()
        assert phone.next()[:2] == ("page", before)
