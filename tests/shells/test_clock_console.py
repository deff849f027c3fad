"""The round's clock in the event console, without a browser (issue 25):
``POST /api/clock`` is a write as every other (the token, the journal,
undo), ``GET /api/clock`` the room's figures (no name), and ``/screen``
shows the room's data only."""

from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.workbook import load_event
from archon.web import console_app
from conftest import REPO

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "clock-test-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def seated(tmp_path, official_xlsx):
    path = tmp_path / "cup.xlsx"
    for args in (("new", path, "--name", "Clock Cup", "--template", official_xlsx, "--players",
                  REPO / "samples" / "players.csv"), ("seat", path, "--round", 1, "--seed", 1)):
        r = CliRunner().invoke(main, [str(a) for a in args])
        assert r.exit_code == 0, r.output
    return path


def test_the_clock_through_the_console(seated):
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url="http://127.0.0.1") as client:
        assert client.get("/api/clock").json()["state"] == "not_started"
        assert client.post("/api/clock", json={"action": "start"}).status_code == 401  # the organizer's only
        r = client.post("/api/clock", json={"action": "start", "minutes": 100}, headers=AUTH)
        assert r.status_code == 200 and "the clock started" in r.json()["lines"][0]
        figures = client.get("/api/clock").json()
        assert figures["round"] == 1 and figures["state"] == "running" and 5990 <= figures["remaining"] <= 6000
        r = client.post("/api/clock", json={"action": "add", "minutes": "7", "table": 4}, headers=AUTH)
        assert r.status_code == 200, r.json()
        assert [t["table"] for t in client.get("/api/clock").json()["tables"]] == [4]
        assert client.get("/api/clock?table=2").json()["tables"] == []  # a phone at table 2: none of table 4's
        client.post("/api/clock", json={"action": "pause"}, headers=AUTH)
        r = client.post("/api/clock", json={"action": "pause"}, headers=AUTH)
        assert r.status_code == 409 and r.json()["message"]["id"] == "clock.already_paused"
        assert '"Resume"' in r.json()["error"]  # the page's own button
        r = client.post("/api/clock", json={"action": "add", "minutes": 5, "table": 99}, headers=AUTH)
        assert r.status_code == 400 and r.json()["message"]["id"] == "clock.no_such_table"
        # undo takes the pause back, as any write
        assert client.post("/api/undo", json={}, headers=AUTH).status_code == 200
        assert client.get("/api/clock").json()["state"] == "running"
    assert load_event(seated).clock.tables == {4: 7}


def test_the_projector_view_shows_no_sanction_nor_reason(seated):
    first = load_event(seated).round(1).tables[0].players[0]
    api.sanction(seated, str(first), "ejected for cheating", category="cheating", round="1")
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url="http://127.0.0.1") as client:
        page = client.get("/screen").text
        organizer = client.get("/organizer", headers=AUTH).text
    assert "Clock Cup" in page and "screen-standings" in page
    assert "ejected for cheating" in organizer and "ejected for cheating" not in page
    assert "<form" not in page and "<button" not in page


@pytest.mark.parametrize("body, said", [
    ({}, '"action" is missing'),
    ({"action": "   "}, '"action" is missing'),
    ({"action": "add", "minutes": "1234567890123"}, '"minutes" is 13 characters long: at most 12'),
    ({"action": "add", "minutes": [5]}, '"minutes" must be text'),
    ({"action": "start", "round": True}, '"round" must be text'),
    ({"action": "add", "minutes": 5, "table": {"n": 4}}, '"table" must be text'),
])
def test_a_bad_clock_form_names_its_field_and_changes_nothing(seated, body, said):
    before = seated.read_bytes()
    with TestClient(console_app(seated, token=TOKEN, watch=False), base_url="http://127.0.0.1") as client:
        r = client.post("/api/clock", json=body, headers=AUTH)
        assert r.status_code == 400 and r.json()["error"] == said, r.text
        assert client.get("/api/clock").json()["state"] == "not_started"
    assert seated.read_bytes() == before
