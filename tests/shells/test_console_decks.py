"""The console's deck lists: the organizer enters a deck (pasted or read from
a file by the page) and sees its counts and problems, unlocks a locked one;
a player hands one in with their personal code."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from archon.formats.workbook import load_event, new_event
from archon.web import console_app
from conftest import REPO
from test_console_api import AUTH, LOCAL, TOKEN, TestClient, client, cup, post  # noqa: F401
from test_eventday import small_no_final

DECKS = REPO / "tests" / "formats" / "decks"


def text(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


def test_the_organizer_enters_a_deck_and_the_section_lists_its_problems(client, cup):
    r = post(client, "deck", {"player": "1", "text": text("illegal.txt")})
    assert r.status_code == 200, r.text
    lines = r.json()["lines"]
    assert lines[0].endswith("deck list recorded: 11 crypt cards, 91 library cards")
    assert "problem: Protect Thine Own: banned since 2008" in lines
    page = client.get("/fragment/decks", headers=AUTH)
    assert page.status_code == 200
    row = page.text.split('id="deck-row-1"')[1].split("</tr>")[0]
    assert "<td>11</td><td>91</td>" in row
    assert "the crypt has 11 cards: at least 12 are needed" in row and "Protect Thine Own: banned since 2008" in row
    assert "Unlock (head judge)" in row  # round 1 has started: the deck is locked
    assert 'id="deck-row-2"' in page.text and "no deck list" in page.text.split('id="deck-row-2"')[1]
    assert client.get("/fragment/decks").status_code == 401  # the organizer's, not the room's
    zipped = client.get("/download/decks.zip", headers=AUTH)
    assert zipped.status_code == 200 and zipped.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(zipped.content)) as zf:
        assert zf.namelist() == ["001_Anna_Kowalski.txt"]
        assert zf.read(zf.namelist()[0]).decode("utf-8").startswith("Crypt (11 cards)")
    assert client.get("/download/decks.zip").status_code == 401
    assert 'id="decks"' in client.get("/organizer", headers=AUTH).text


def test_a_locked_deck_is_refused_in_the_console_until_unlocked(client, cup):
    assert post(client, "deck", {"player": "3", "text": text("plain.txt")}).status_code == 200
    r = post(client, "deck", {"player": "3", "text": text("vdb.txt")})
    assert r.status_code == 409 and "is locked: round 1 has started" in r.json()["error"]
    r = post(client, "deck", {"player": "3", "text": text("vdb.txt"), "unlock": True})
    assert r.status_code == 200, r.text
    assert any("unlocked" in line for line in r.json()["lines"])
    assert load_event(cup).decks[3].deck.library_count == 75


def test_a_deck_with_no_card_in_it_is_a_bad_request(client, cup):
    r = post(client, "deck", {"player": "1", "text": "hello judge"})
    assert r.status_code == 400 and "no card found" in r.json()["error"]
    assert 1 not in load_event(cup).decks


@pytest.fixture
def before_round_1(tmp_path):
    path = tmp_path / "tiny.xlsx"
    new_event(path, small_no_final(rounds=0))
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL,
                    raise_server_exceptions=False) as c:
        yield path, c


def submit(c, body):
    return c.post("/deck/submit", content=json.dumps(body), headers={"Content-Type": "application/json"})


def codes_of(path):
    """The players' personal codes, made as the organizer makes them (``archon codes``)."""
    from archon import api

    return api.codes(path).event.codes


def test_a_player_hands_in_a_deck_with_their_code(before_round_1):
    path, c = before_round_1
    assert 'id="deck-submit-form"' in c.get("/").text
    codes = codes_of(path)
    r = submit(c, {"code": "NOPE", "text": text("plain.txt")})
    assert r.status_code == 403 and 1 not in load_event(path).decks
    typed = codes[2].lower()[:4] + "-" + codes[2].lower()[4:]  # as typed on a phone
    r = submit(c, {"code": typed, "text": text("lackey.txt")})
    assert r.status_code == 200, r.text
    assert r.json()["lines"][0] == "#2 Bo Chen's deck list recorded: 14 crypt cards, 90 library cards"
    assert load_event(path).decks[2].deck.crypt_count == 14
    journal = (path.parent / "tiny-backups" / "journal.jsonl").read_text(encoding="utf-8")
    assert codes[2] not in journal and "Crypt" not in journal and "Lackey" not in journal
    assert '\\"player\\": 2' in journal or '"player": 2' in journal  # the player, not their code


def test_wrong_deck_codes_count_with_check_ins_and_the_phone_must_wait(before_round_1):
    from archon.web.checkin import WRONG_CODES

    path, c = before_round_1
    codes = codes_of(path)
    for _ in range(WRONG_CODES - 1):
        assert submit(c, {"code": "22222222", "text": text("plain.txt")}).status_code == 403
    wrong = c.post("/api/checkin/phone", json={"name": "Bo Chen", "code": "333333"})
    assert wrong.status_code == 403  # the same count: a phone cannot try codes on both forms
    blocked = submit(c, {"code": codes[3], "text": text("plain.txt")})
    assert blocked.status_code == 429 and "wait 60 seconds" in blocked.json()["error"]
    assert 3 not in load_event(path).decks  # even the right code waits


def test_once_round_1_started_a_player_cannot_hand_in_a_deck(client, cup):
    codes = codes_of(cup)
    r = submit(client, {"code": codes[4], "text": text("plain.txt")})
    assert r.status_code == 409 and 4 not in load_event(cup).decks


def test_the_organizers_deck_is_journaled_without_its_text(client, cup):
    assert post(client, "deck", {"player": "3", "text": text("plain.txt")}).status_code == 200
    journal = (cup.parent / "cup-backups" / "journal.jsonl").read_text(encoding="utf-8")
    assert "POST /api/deck" in journal and "Crypt" not in journal and "player" in journal


def test_in_an_official_archon_players_hand_in_decks_until_round_1_is_seated_and_the_form_then_goes(
        tmp_path, official_xlsx):
    from archon import api

    path = tmp_path / "cup.xlsx"
    api.new(path, name="Winter Cup", template=official_xlsx, players=REPO / "samples" / "players.csv")
    codes = codes_of(path)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL,
                    raise_server_exceptions=False) as c:
        assert 'id="deck-submit-form"' in c.get("/").text  # The Archon's chart proposing round 1 is no start
        r = submit(c, {"code": codes[3], "text": text("lackey.txt")})
        assert r.status_code == 200, r.text
        assert load_event(path).decks[3].deck.crypt_count == 14
        api.seat(path, 1, seed=1)
        assert 'id="deck-submit-form"' not in c.get("/").text  # handing in would be refused: no form
        assert submit(c, {"code": codes[4], "text": text("plain.txt")}).status_code == 409
