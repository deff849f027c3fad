"""The console does what the commands do: every command an organizer uses
on the event day is a write action of the organizer's page, calling the
same Python twin; the others are read endpoints of the console, or not in it
for a reason written down here.

The Winter Cup after round 1 (test_console_api's ``cup``) is driven with
Starlette's test client; each answer is compared with what the command line
does on a copy of the same file.
"""

from __future__ import annotations

import json

import pytest

from archon import api
from archon.api.contracts import CONTRACTS
from archon.formats.workbook import read_event
from archon.web import app as web_app
from archon.web.words import CONSOLE
from archon.words import message_of
from archon.words.message import act
from test_console_api import AUTH, LOCAL, TOKEN, TestClient, cli, client, console_words, cup, post, refusal, twin_copy  # noqa: F401

#: The commands of the event day an organizer uses: each one is a POST /api/<command> of the console.
DAY = ("register", "unregister", "drop", "warn", "result", "seat", "toss", "finals", "undo", "info", "clock")

#: The commands the console answers as a read (GET), not a write.
READS = {
    "standings": "/api/standings",
    "check": "/api/check",
    "score": "/api/score",
    "report": "/download/report.xlsx",  # also report.html, round-N.xlsx, /api/archondata, /api/twd
    "warnings": "/organizer",  # the judges' warnings are listed on the organizer's page
    "decks": "/fragment/decks",  # the deck lists' section of the organizer's page
}

#: The commands deliberately not in the console, and why.
NOT_IN_THE_CONSOLE = {
    "serve": "it is the console",
    "new": "the console serves a workbook that exists: it is made before the event",
    "update": "a repair after the workbook was edited by hand, before serving it",
    "convert": "old Archons and other files into a new workbook: work between events, not the event day's",
    "rating": "across many events' files, not the one the console serves",
    "league": "across many events' files, not the one the console serves",
    "plan": "seating plans for a number of players, no workbook: the console seats the event's rounds",
    "editions": "the rule editions, a reference: the workbook records its own",
    "cards": "the card list is updated between events, from files downloaded from vekn.net",
}


def test_every_command_is_a_console_action_a_read_or_left_out_for_a_reason():
    """A command added without a place in the console fails here until it has one."""
    for command in CONTRACTS:
        places = [command in web_app.WRITES, command in READS, command in NOT_IN_THE_CONSOLE]
        assert places.count(True) == 1, f"{command}: a console write, a read, or left out with a reason"
    for command in DAY:
        assert command in web_app.WRITES, f"the console has no POST /api/{command}"
        assert callable(getattr(api, command)), f"no Python twin archon.api.{command}"


def test_each_read_is_served(client):
    for command, url in READS.items():
        query = "?vps=3,0,0,0,2" if command == "score" else ""
        assert client.get(url + query, headers=AUTH).status_code == 200, command


def test_a_no_show_is_unregistered_from_the_console_as_by_the_command(client, cup, tmp_path):
    api.register(cup, "Nora Noshow")  # a late arrival: plays from round 2, has played nothing
    twin = twin_copy(cup, tmp_path)
    number = len(read_event(cup).event.players)
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert f'action="/api/unregister" class="inline unregister"><input type="hidden" name="player" value="{number}">' \
        in page.replace('data-action', 'action')
    assert 'name="player" value="1"><button class="write">Unregister' not in page  # Anna Kowalski has played
    r = post(client, "unregister", {"player": "Noshow"})
    assert r.status_code == 200, r.text
    assert r.json()["lines"][0] == cli("unregister", twin, "Noshow").splitlines()[0]
    assert "Nora Noshow" not in {p.name for p in read_event(cup).event.players}
    assert read_event(cup).event.players == read_event(twin).event.players


def test_a_player_who_has_played_is_not_unregistered_and_the_page_says_to_drop_them(client, cup, tmp_path):
    twin = twin_copy(cup, tmp_path)
    before = cup.read_bytes()
    r = post(client, "unregister", {"player": 1})
    assert r.status_code == 409 and r.json()["exit_status"] == 1, r.text
    exc = refusal(api.unregister, twin, 1)
    assert r.json()["message"] == message_of(exc).as_dict()
    assert console_words(r.json()["error"]) == CONSOLE.render(message_of(exc))
    assert "Drop (WD)" in r.json()["error"]  # what to do: the page's own button
    assert cup.read_bytes() == before


def test_a_judges_warning_is_recorded_and_listed_from_the_console(client, cup, tmp_path):
    twin = twin_copy(cup, tmp_path)
    r = post(client, "warn", {"player": "Kowalski", "reason": "slow play", "round": "1"})
    assert r.status_code == 200, r.text
    assert r.json()["lines"][0] == cli("warn", twin, "Kowalski", "slow play", "--round", 1).splitlines()[0]
    assert api.warnings(cup) == api.warnings(twin) == [
        {"player": 1, "name": "Anna Kowalski", "round": 1, "reason": "slow play", "level": "warning",
         "category": None, "table": None, "judge": None}]
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert "#1 Anna Kowalski, round 1: slow play" in page
    # the same warning again: refused as the command refuses it, the workbook untouched
    before = cup.read_bytes()
    r = post(client, "warn", {"player": 1, "reason": "Slow play", "round": 1})
    assert r.status_code == 409, r.text
    assert r.json()["message"]["id"] == message_of(refusal(api.warn, twin, 1, "Slow play", round=1)).id
    assert cup.read_bytes() == before


def test_a_warning_in_a_round_not_seated_names_the_pages_round_field(client, cup):
    r = post(client, "warn", {"player": 2, "reason": "slow play", "round": 3})
    assert r.status_code == 409, r.text
    assert console_words(r.json()["error"]).startswith("round 3 is not seated")
    r = post(client, "warn", {"player": 2, "reason": ""})
    assert r.status_code == 400 and "reason" in r.json()["error"]


def test_the_new_actions_read_as_the_pages_controls():
    assert CONSOLE.field(act("unregister", player=5)) == '"Unregister" on player #5\'s row'
    assert CONSOLE.field(act("warn", file="cup.xlsx")) == '"Warn" under "Judges\' warnings"'


def test_the_new_actions_need_the_token(client, cup):
    before = cup.read_bytes()
    for action in ("unregister", "warn"):
        r = post(client, action, {"player": 1, "reason": "x"}, headers={})
        assert r.status_code == 401 and r.json()["ok"] is False, action
    assert cup.read_bytes() == before


def test_the_event_details_form_sets_them_as_the_command_does(client, cup, tmp_path):
    twin = twin_copy(cup, tmp_path)
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert 'id="info-city" value="Lyon"' in page and 'data-action="/api/info"' in page
    sent = {"organizer": "Anna Kowalski", "organizer_vekn": "3000101", "head_judge": "Bruno Da Silva",
            "city": "Lyon", "date": "2026-12-05", "format": "3R+F"}
    r = post(client, "info", sent)
    assert r.status_code == 200, r.text
    printed = cli("info", twin, "--organizer", "Anna Kowalski", "--organizer-vekn", "3000101", "--head-judge",
                  "Bruno Da Silva", "--city", "Lyon", "--date", "2026-12-05", "--format", "3R+F").splitlines()
    assert r.json()["lines"][:3] == printed[:3] == [
        "organizer: Anna Kowalski (was blank)", "organizer's VEKN number: 3000101 (was blank)",
        "head judge: Bruno Da Silva (was blank)"]
    assert api.details_of(api.info(cup).event) == api.details_of(api.info(twin).event)
    assert 'id="info-head_judge" value="Bruno Da Silva"' in client.get("/fragment/organizer", headers=AUTH).text
    before = cup.read_bytes()
    r = post(client, "info", {"head_judge_vekn": "12"})
    assert r.status_code == 400 and "VEKN number '12' is not 7 digits" in r.json()["error"], r.text
    assert cup.read_bytes() == before
    r = post(client, "info", {"organizer": ""})  # a blank clears it
    assert r.status_code == 200 and r.json()["lines"][0] == "organizer: blank (was Anna Kowalski)", r.text


def test_a_toss_made_at_the_table_is_entered_from_the_finals_section(tmp_path):
    from archon.formats.workbook import new_event
    from test_eventday import winter_cup

    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(3))  # #11 and #15 tie for the last place in the final
    twin = twin_copy(path, tmp_path)
    with TestClient(web_app.create_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        assert 'id="toss-order-players"' in c.get("/fragment/organizer", headers=AUTH).text
        r = post(c, "toss", {"order": "15,11", "seed": None})
        assert r.status_code == 200, r.text
        assert r.json()["lines"][:2] == cli("toss", twin, "--order", "15,11").splitlines()[:2]
        r = post(c, "toss", {"order": "15,12"})  # after the toss: no tie left
        assert r.status_code == 200 and r.json()["lines"][0] == "no tie to break: the top five are decided", r.text
    assert [p.coin for p in read_event(path).event.players] == [p.coin for p in read_event(twin).event.players]
