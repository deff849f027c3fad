"""Players report their table through the console (issue 25): ``POST
/api/player-report`` with a personal code and no token, the organizer's
``GET /api/player-reports`` and ``POST /api/pending``, ``archon pending``,
and the players' page's earlier rounds and own results.

The Winter Cup after round 1 with round 2 seated and no result yet, each
player with a personal code (test_player_reports). Round 2, table 2 seats #2
#7 #12 #16 #20; table 4 seats #4 #9 #14 #21.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from archon import api
from archon.api.schemas import schema_of
from archon.formats.workbook import new_event, read_event
from archon.web import console_app
from test_console_api import AUTH, LOCAL, TOKEN, TestClient, cli, console_words
from test_player_reports import OTHER, SWEEP, code, round_2_seated


@pytest.fixture
def cup2(tmp_path) -> Path:
    path = tmp_path / "cup.xlsx"
    new_event(path, round_2_seated())
    return path


@pytest.fixture
def client(cup2):
    with TestClient(console_app(cup2, token=TOKEN, watch=False), base_url=LOCAL, raise_server_exceptions=False) as c:
        yield c


def report(client, who, table, vps, round=2):
    return client.post("/api/player-report", content=json.dumps({"code": who, "round": round, "table": table,
                                                                 "vps": vps}),
                       headers={"Content-Type": "application/json"})


def organizer(client, body, headers=AUTH):
    return client.post("/api/pending", content=json.dumps(body), headers={"Content-Type": "application/json", **headers})


def vps_of(path: Path, table: int, round: int = 2):
    return read_event(path).event.round(round).tables[table - 1].vps


def test_two_players_reporting_the_same_vps_record_the_result_and_undo_takes_it_back(client, cup2):
    first = report(client, code(2), 2, SWEEP)
    assert first.status_code == 200 and first.json()["state"] == "pending"
    assert "Waiting for another player" in first.json()["said"]
    assert vps_of(cup2, 2) == [None] * 5  # nothing enters the workbook's cells yet
    waiting = client.get("/api/player-reports", headers=AUTH).json()
    assert [(t["table"], [r["player"] for r in t["reports"]]) for t in waiting["tables"]] == [(2, [2])]
    second = report(client, code(16).lower(), 2, ["5", "0", "0", "0", "0"])  # typed on a phone: case aside
    assert second.status_code == 200 and second.json()["state"] == "recorded", second.text
    assert vps_of(cup2, 2) == [5, 0, 0, 0, 0]
    assert client.get("/api/player-reports", headers=AUTH).json()["tables"] == []
    api.undo(cup2)  # journaled as every write: undo puts the first report back, waiting
    assert vps_of(cup2, 2) == [None] * 5
    assert [(r.player, r.vps) for r in read_event(cup2).event.player_reports] == [(2, SWEEP)]


def test_the_history_and_undo_name_the_player_who_reported_from_their_phone(client, cup2):
    report(client, code(2), 2, SWEEP)  # #2 Bruno Ferreira: waiting for another player
    assert report(client, code(16), 2, SWEEP).json()["state"] == "recorded"  # #16 Paula Gómez: the result
    page = client.get("/fragment/organizer", headers=AUTH).text
    listed = page[page.index('id="history-list"'):]
    said = "(player): report of round 2, table 2: 5 / 0 / 0 / 0 / 0"
    assert listed.index(f"Paula Gómez {said}") < listed.index(f"Bruno Ferreira {said}")  # the last first
    undone = api.undo(cup2, dry_run=True).describe()
    assert f'before "Paula Gómez {said}"' in undone  # the history's words
    assert "phone:" not in undone


def test_a_conflicting_report_is_held_and_the_organizer_accepts_one(client, cup2):
    report(client, code(2), 2, SWEEP)
    held = report(client, code(7), 2, OTHER)
    assert held.status_code == 200 and held.json()["state"] == "conflict"
    assert vps_of(cup2, 2) == [None] * 5
    tables = client.get("/api/player-reports", headers=AUTH).json()["tables"]
    assert tables[0]["state"] == "conflict"
    assert [(r["player"], r["vps"]) for r in tables[0]["reports"]] == [(2, SWEEP), (7, OTHER)]
    refused = organizer(client, {"accept": 2, "round": 2})
    assert refused.status_code == 409 and "differ" in console_words(refused.json()["error"])
    done = organizer(client, {"accept": 2, "round": 2, "player": 7})
    assert done.status_code == 200, done.text
    assert vps_of(cup2, 2) == OTHER


def test_a_wrong_code_is_refused_and_too_many_wrong_codes_wait(client, cup2):
    before = cup2.read_bytes()
    wrong = report(client, "ZZZZZZZZ", 2, SWEEP)
    assert wrong.status_code == 409 and "personal code" in wrong.json()["error"]
    for _ in range(4):
        report(client, "ZZZZZZZZ", 2, SWEEP)
    blocked = report(client, code(2), 2, SWEEP)  # even the right code, from that client, for a while
    assert blocked.status_code == 429 and "too many wrong codes" in blocked.json()["error"]
    assert "wait 60 seconds" in blocked.json()["error"]
    # one count for every form a code is typed in: the phone's check-in waits too
    assert client.post("/api/checkin/phone", json={"name": "x", "code": code(2)}).status_code == 429
    assert cup2.read_bytes() == before


def test_a_report_for_a_table_one_does_not_sit_at_is_refused(client, cup2):
    before = cup2.read_bytes()
    r = report(client, code(4), 2, SWEEP)
    assert r.status_code == 409 and "does not sit at round 2, table 2" in r.json()["error"]
    illegal = report(client, code(2), 2, [5, 5, 0, 0, 0])
    assert illegal.status_code == 400 and "no game ends this way" in illegal.json()["error"]
    assert cup2.read_bytes() == before


def test_the_organizer_switches_reports_off_with_the_token_only(client, cup2):
    assert organizer(client, {"on": False}, headers={}).status_code == 401
    assert client.get("/api/player-reports").status_code == 401
    assert organizer(client, {"on": False}).status_code == 200
    assert client.get("/api/player-reports", headers=AUTH).json()["on"] is False
    r = report(client, code(2), 2, SWEEP)
    assert r.status_code == 409 and "switched players' reports off" in r.json()["error"]


def test_archon_pending_lists_accepts_and_switches(cup2):
    api.report_table(cup2, code(4), 2, 4, [4, 0, 0, 0])
    printed = json.loads(cli("pending", cup2, "--json"))
    Draft202012Validator(schema_of("pending")).validate(printed)
    assert printed["on"] is True
    assert [(t["round"], t["table"], t["state"], [s["player"] for s in t["seats"]]) for t in printed["tables"]] == [
        (2, 4, "pending", [4, 9, 14, 21])]
    assert "round 2, table 4 (waiting): #4 " in cli("pending", cup2)
    accepted = json.loads(cli("pending", cup2, "--accept", 4, "--json"))  # the one round with reports there
    Draft202012Validator(schema_of("pending")).validate(accepted)
    assert vps_of(cup2, 4) == [4, 0, 0, 0]
    cli("pending", cup2, "--off")
    assert "switched off" in cli("pending", cup2)


def test_the_players_page_shows_the_earlier_rounds_and_each_players_own_results(client):
    page = client.get("/").text
    assert 'id="earlier-r1"' in page and 'id="earlier-r2"' not in page  # round 2 is under way
    own = json.loads(page.split('<script type="application/json" id="own-data">', 1)[1].split("</script>", 1)[0])
    assert own["current"] == 2
    round_1 = next(r for r in own["rounds"] if r["round"] == 1)
    # Winter Cup round 1, table 1: #1 sweeps (5 VP, a game win)
    assert round_1["tables"][0]["seats"][0][:3] == [1, "5", 1]
    assert own["names"]["1"].endswith(read_event_name(client, 1))


def read_event_name(client, number: int) -> str:
    path = client.app.state.book.path
    return read_event(path).event.player(number).last_name


def own_data(client) -> dict:
    """The players' page's data for the phones' own view (one rendering for every phone)."""
    page = client.get("/").text
    return json.loads(page.split('<script type="application/json" id="own-data">')[1].split("</script>")[0])


def test_the_players_page_says_when_reporting_is_off_and_a_send_then_is_refused(client, cup2):
    assert own_data(client)["reporting"] is True
    assert organizer(client, {"on": False}).status_code == 200
    assert own_data(client)["reporting"] is False  # the form is not shown (players_own.js)
    refused = report(client, code(2), 2, SWEEP)
    assert refused.status_code == 409 and "switched players' reports off" in refused.json()["error"]
    assert organizer(client, {"on": True}).status_code == 200
    assert own_data(client)["reporting"] is True


def test_finalists_report_the_final_from_the_players_page(tmp_path):
    from test_player_reports import FINAL_VPS, final_seated

    path = tmp_path / "final.xlsx"
    new_event(path, final_seated())
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL, raise_server_exceptions=False) as c:
        assert own_data(c)["final"] == {"seats": [6, 15, 1, 4, 2], "done": False}
        first = report(c, code(15), 1, FINAL_VPS, round="F")
        assert first.status_code == 200 and first.json()["state"] == "pending"
        assert report(c, code(3), 1, FINAL_VPS, round="F").status_code == 409  # not a finalist
        listed = c.get("/api/player-reports", headers=AUTH).json()["tables"]
        assert [(t["round"], t["table"], t["state"]) for t in listed] == [("F", 1, "pending")]
        done = report(c, code(1), 1, FINAL_VPS, round="F")
        assert done.status_code == 200 and done.json()["state"] == "recorded"
        assert read_event(path).event.final.vps == FINAL_VPS
        assert own_data(c)["final"]["done"] is True


def test_the_organizer_lists_and_accepts_the_finals_reports_from_the_command_line(tmp_path):
    from test_player_reports import FINAL_VPS, final_seated

    path = tmp_path / "final.xlsx"
    new_event(path, final_seated())
    api.report_table(path, code(6), "F", 1, FINAL_VPS)
    printed = json.loads(cli("pending", path, "--json"))
    Draft202012Validator(schema_of("pending")).validate(printed)
    assert [(t["round"], t["table"], t["state"]) for t in printed["tables"]] == [("F", 1, "pending")]
    assert "the final (waiting): #6 " in cli("pending", path)
    cli("pending", path, "--accept", 1, "--round", "F")
    assert read_event(path).event.final.vps == FINAL_VPS
