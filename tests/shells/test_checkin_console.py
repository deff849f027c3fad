"""The console's check-in (issue 25) through its HTTP API: a phone needs
the event's code, not the organizer's token; wrong codes are limited per
phone; a second claim is refused and listed for the organizer only; the
personal codes and the QR code are the organizer's, never on the players'
page nor the standings the room reads."""

from __future__ import annotations

import re

import pytest

from archon.formats.workbook import new_event, read_event
from archon.web import console_app
from archon.web.checkin import WRONG_CODES
from test_checkin import club

TOKEN = "checkin-console-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def served(tmp_path):
    from starlette.testclient import TestClient

    path = tmp_path / "club.xlsx"
    new_event(path, club(6))  # "Ada Test" to "Finn Test"
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url="http://127.0.0.1",
                    raise_server_exceptions=False) as c:
        assert c.post("/api/codes", json={}, headers=AUTH).status_code == 200
        yield c, path


def test_a_phone_checks_in_with_the_events_code_and_gets_its_own(served):
    client, path = served
    ev = read_event(path).event
    r = client.post("/api/checkin/phone", json={"name": "cleo test", "code": ev.checkin_code.lower()})
    assert r.status_code == 200, r.text
    assert r.json()["code"] == ev.codes[3] and r.json()["player"] == "Cleo Test"
    assert read_event(path).event.checked_in[3].by == "phone"
    again = client.post("/api/checkin/phone", json={"name": "Cleo Test", "code": ev.checkin_code})
    assert again.status_code == 409 and ev.codes[3] not in again.text
    assert client.get("/api/checkin/alerts").status_code == 401
    alerts = client.get("/api/checkin/alerts", headers=AUTH).json()["alerts"]
    assert [(a["player"], a["name"]) for a in alerts] == [(3, "Cleo Test")]


def test_an_alert_outlives_the_console_and_goes_once_dismissed(served, tmp_path):
    """The alert of a player claimed twice is kept with the event: a console
    started again on the file shows it, until the organizer dismisses it;
    the journal says who was claimed, never the code typed."""
    from starlette.testclient import TestClient

    client, path = served
    ev = read_event(path).event
    assert client.post("/api/checkin/phone", json={"name": "Dan Test", "code": ev.checkin_code}).status_code == 200
    assert client.post("/api/checkin/phone", json={"name": "Dan Test", "code": ev.checkin_code}).status_code == 409
    journal = (path.parent / "club-backups" / "journal.jsonl").read_text()
    assert "checkin-alert" in journal and ev.checkin_code not in journal and ev.codes[4] not in journal
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url="http://127.0.0.1",
                    raise_server_exceptions=False) as again:
        alerts = again.get("/api/checkin/alerts", headers=AUTH).json()["alerts"]
        assert [(a["player"], a["name"]) for a in alerts] == [(4, "Dan Test")]
        assert again.post("/api/checkin-alerts", json={"player": 4}).status_code == 401
        done = again.post("/api/checkin-alerts", json={"player": 4}, headers=AUTH)
        assert done.status_code == 200 and "1 alert dismissed" in " ".join(done.json()["lines"])
        assert again.get("/api/checkin/alerts", headers=AUTH).json()["alerts"] == []
    assert read_event(path).event.claim_alerts == []


def test_wrong_codes_are_limited_per_phone(served):
    client, path = served
    ev = read_event(path).event
    wrong = "222222" if ev.checkin_code != "222222" else "333333"
    for _ in range(WRONG_CODES):
        assert client.post("/api/checkin/phone", json={"name": "Ben Test", "code": wrong}).status_code == 403
    blocked = client.post("/api/checkin/phone", json={"name": "Ben Test", "code": ev.checkin_code})
    assert blocked.status_code == 429 and "wait 60 seconds" in blocked.json()["error"]
    assert 2 not in read_event(path).event.checked_in  # even the right code waits


def test_codes_are_the_organizers_only(served):
    client, path = served
    ev = read_event(path).event
    client.post("/api/checkin", json={"all": True}, headers=AUTH)
    room = client.get("/").text + client.get("/api/standings").text + client.get("/fragment/players").text
    assert not any(code in room for code in ev.codes.values())
    organizer = client.get("/fragment/organizer", headers=AUTH).text
    assert all(code in organizer for code in ev.codes.values())
    assert client.get("/checkin/qr.svg").status_code == 401
    qr = client.get("/checkin/qr.svg", headers=AUTH)
    assert qr.status_code == 200 and qr.text.startswith("<svg") and f"?checkin={ev.checkin_code}" in qr.text


def test_the_organizer_checks_in_undoes_and_reissues(served):
    client, path = served
    old = read_event(path).event.codes[4]
    r = client.post("/api/checkin", json={"player": "Dan"}, headers=AUTH)
    assert r.status_code == 200 and "#4 Dan Test checked in: 1 of 6" in r.json()["lines"][0]
    assert client.post("/api/checkin", json={"player": "Dan"}).status_code == 401
    r = client.post("/api/checkin", json={"player": 4, "undo": True}, headers=AUTH)
    assert "no longer checked in" in r.json()["lines"][0]
    r = client.post("/api/codes", json={"reissue": 4}, headers=AUTH)
    assert r.status_code == 200
    new = read_event(path).event.codes[4]
    assert new != old
    assert client.post("/api/checkin/phone", json={"name": "", "code": old}).status_code == 403
    assert client.post("/api/checkin/phone", json={"name": "", "code": new}).json()["player"] == "Dan Test"


def test_the_phones_form_waits_for_the_check_in_code(tmp_path):
    from starlette.testclient import TestClient

    ev = club(6)
    path = tmp_path / "fresh.xlsx"
    new_event(path, ev)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url="http://127.0.0.1") as client:
        assert 'id="phone-checkin"' not in client.get("/").text  # no code to type yet
        assert 'id="checkin-codes"' in client.get("/fragment/organizer", headers=AUTH).text
        client.post("/api/codes", json={}, headers=AUTH)
        assert 'id="phone-checkin"' in client.get("/").text


def test_the_check_in_section_goes_once_round_one_has_results(served):
    client, path = served
    client.post("/api/checkin", json={"all": True}, headers=AUTH)
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert 'id="checkin"' in page and 'id="phone-checkin"' in client.get("/").text
    assert client.post("/api/seat", json={"round": 1, "seed": 1}, headers=AUTH).status_code == 200
    seating = read_event(path).event.round(1).tables[0].players
    vps = [4] + [0] * (len(seating) - 1)
    assert client.post("/api/result", json={"round": 1, "table": 1, "vps": vps}, headers=AUTH).status_code == 200
    assert 'id="checkin"' not in client.get("/fragment/organizer", headers=AUTH).text
    assert 'id="phone-checkin"' not in client.get("/").text
    assert re.search(r"round 1 has results", client.post("/api/checkin", json={"player": 1, "undo": True},
                                                         headers=AUTH).json()["error"])


def test_the_projector_shows_the_rooms_check_in_code_and_the_players_page_does_not(served):
    """The projector view (/screen) puts the event's check-in code and its QR
    code on the wall while check-in is open; the players' page, which anyone
    may open from anywhere, never prints it, nor any player's code."""
    client, path = served
    ev = read_event(path).event
    screen = client.get("/screen").text
    assert ev.checkin_code in screen and "/screen/checkin.svg" in screen
    qr = client.get("/screen/checkin.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml") and "<svg" in qr.text
    players = client.get("/").text
    assert ev.checkin_code not in players
    assert not any(code in players or code in screen for code in ev.codes.values())


def test_the_organizer_downloads_the_code_slips_in_the_pages_language(served):
    """``archon codes --print`` from the console: the organizer's only, one
    slip per player with their code, in the language the page asked for; a
    player registered after the codes were made gets one too."""
    import io

    import openpyxl

    client, path = served
    assert client.get("/download/code-slips.xlsx?lang=fr").status_code == 401  # codes are private
    organizer = client.get("/organizer", headers=AUTH).text
    assert 'href="/download/code-slips.xlsx?lang=en"' in organizer
    assert client.post("/api/register", json={"name": "Gus Test"}, headers=AUTH).status_code == 200
    r = client.get("/download/code-slips.xlsx?lang=fr", headers=AUTH)
    assert r.status_code == 200, r.text
    assert "club-code-slips.xlsx" in r.headers["content-disposition"]
    ws = openpyxl.load_workbook(io.BytesIO(r.content)).active
    texts = [str(c.value) for row in ws.iter_rows() for c in row if c.value is not None]
    ev = read_event(path).event
    assert len(ev.codes) == 7  # Gus's code was made for his slip
    for number, code in ev.codes.items():
        assert f"{code[:4]} {code[4:]}" in texts
    assert "Club Night : votre code personnel" in texts
    assert all("Club Night: your personal code" != t for t in texts)
