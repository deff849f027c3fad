"""The players' page in a real browser (headless Chromium, as
``test_console_browser``) hears a result through its gzipped event stream:
the new page comes in the stream itself, the phone asks the server for
nothing, and what the phone had typed in the name search stays."""

from __future__ import annotations

import httpx

from test_console_api import AUTH, TOKEN, cup  # noqa: F401 (cup: a fixture)
from test_console_browser import browser  # noqa: F401 - a fixture
from test_console_fresh import _table_status, _vps, seated  # noqa: F401 (seated: a fixture)


def test_a_phone_shows_a_result_from_its_stream_without_asking_again(browser, seated):  # noqa: F811
    from archon.web import console_app
    from archon.web.server import running

    with running(console_app(seated, token=TOKEN, watch=False)) as base:
        phone = browser.new_page(viewport={"width": 390, "height": 800})
        phone.set_default_timeout(60_000)
        asked: list[str] = []
        phone.on("request", lambda r: asked.append(r.url))
        phone.goto(base + "/")
        phone.fill("#find", "a")
        shown = phone.get_attribute("#live", "data-key")
        asked.clear()
        r = httpx.post(base + "/api/result", json={"round": 2, "table": 1, "vps": _vps(seated, 1)},
                       headers=AUTH, timeout=60)
        assert r.status_code == 200, r.text
        phone.wait_for_function(f"() => document.querySelector('#live').dataset.key !== '{shown}'")
        assert phone.get_attribute("#live", "data-key") == httpx.get(base + "/api/state", timeout=60).json()["key"]
        assert (_table_status(phone.content(), 1), _table_status(phone.content(), 2)) == ("complete", "pending")
        assert phone.input_value("#find") == "a"
        assert not [u for u in asked if "/fragment/" in u], asked
        phone.close()
