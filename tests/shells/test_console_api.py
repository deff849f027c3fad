"""The event console's JSON API and pages (``archon serve``), in process.

The Winter Cup of ``test_event_e2e`` (hand-worked there) after 1 round is
written to a workbook; the console's application is driven with Starlette's
test client (no browser: ``test_console_browser`` drives the pages). Every
write goes through the same twins as the command line, so the answers are
compared with what ``archon`` prints for the same action on a copy of the
same file.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon import api
from archon.formats import layout as L
from archon.cli import main
from archon.web import console_app
from archon.rules.model import Round, Table
from archon.formats.workbook import new_event, read_event
from archon.web.words import CONSOLE
from archon.words import message_of
from test_eventday import winter_cup
from test_words import COMMAND_TEXT

TOKEN = "test-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
REPO = Path(__file__).resolve().parents[2]
#: Where the test client sends its requests: a host the console serves.
LOCAL = "http://127.0.0.1"

#: What the console never says: a command line to type ("archon seat cup.xlsx"),
#: an option of one ("--force"), or the core's stand-in for the workbook (FILE).
COMMAND_LINE = re.compile(COMMAND_TEXT.pattern + r"|(?<![\w-])--[a-z]|\bFILE\b")


def console_words(text: str) -> str:
    """``text``, once checked to name no command line."""
    assert not COMMAND_LINE.search(text), f"a command line in the console's words: {text!r}"
    return text


def refusal(twin, *args, **kwargs):
    """The exception the Python twin raises for the same request (called on a copy)."""
    with pytest.raises(Exception) as raised:
        twin(*args, **kwargs)
    return raised.value


def twin_copy(path: Path, tmp_path: Path) -> Path:
    """A copy of ``path`` under the same name, for the twin to be refused on."""
    (tmp_path / "twin").mkdir(exist_ok=True)
    copy = tmp_path / "twin" / path.name
    shutil.copyfile(path, copy)
    return copy


@pytest.fixture
def cup(tmp_path) -> Path:
    """The Winter Cup after round 1 (22 players, round 1 complete)."""
    path = tmp_path / "cup.xlsx"
    event = winter_cup(1)
    event.date = datetime.date(2026, 12, 5)
    new_event(path, event)
    return path


@pytest.fixture
def client(cup):
    with TestClient(console_app(cup, token=TOKEN, watch=False), base_url=LOCAL, raise_server_exceptions=False) as c:
        yield c


def post(client, action, body, headers=AUTH, **kw):
    return client.post(f"/api/{action}", content=json.dumps(body),
                       headers={"Content-Type": "application/json", **headers}, **kw)


def cli(*args) -> str:
    out = CliRunner().invoke(main, [str(a) for a in args])
    return out.output


def test_standings_and_check_are_the_command_lines(client, cup):
    # the command line's objects name their schema; the console's API serves the same content
    printed = json.loads(cli("standings", cup, "--json"))
    assert printed.pop("schema") == "archon.standings/1"
    assert client.get("/api/standings", headers=AUTH).json() == printed
    assert client.get("/api/check").json() == json.loads(cli("check", cup, "--json"))["problems"]


def test_the_judges_warnings_are_served_only_with_the_organizers_token(client, cup):
    """With 'serve --lan' every player's phone reaches the API: the warnings
    and their reasons are the head judge's report, not the room's (review 4)."""
    assert CONSOLE.field(api.warn(cup, 6, "marked cards", round=1).lines[0]).endswith("round 1: marked cards")
    standings = json.loads(cli("standings", cup, "--json"))
    assert standings.pop("schema") == "archon.standings/1"  # the console serves the content, without it
    assert [(w["player"], w["round"], w["reason"]) for w in standings["warnings"]] == [(6, 1, "marked cards")]
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        r = client.get("/api/standings", headers=headers)
        assert r.status_code == 200 and "warnings" not in r.json() and "marked cards" not in r.text
        assert r.json()["players"] == standings["players"]  # the players' standings stay public
        for name in ("report.html", "report.xlsx"):  # the reports list the warnings
            r = client.get(f"/download/{name}", headers=headers)
            assert r.status_code == 401 and "organizer's token" in r.json()["error"], name
    assert client.get("/download/round-1.xlsx").status_code == 200  # a seat list has none
    assert client.get("/api/standings", headers=AUTH).json() == standings
    r = client.get("/download/report.html", headers=AUTH)  # the report to post: no warning
    assert r.status_code == 200 and "marked cards" not in r.text
    r = client.get("/download/report.html?judges_notes=1", headers=AUTH)  # the judges' copy
    assert r.status_code == 200 and "marked cards" in r.text


def test_every_write_needs_the_token(client, cup):
    before = cup.read_bytes()
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic " + TOKEN}):
        r = post(client, "register", {"name": "Xavier Late"}, headers=headers)
        assert r.status_code == 401 and "token" in r.json()["error"]
    for action in ("drop", "result", "seat", "toss", "finals", "undo"):
        assert post(client, action, {}, headers={}).status_code == 401
    assert client.get("/organizer").status_code == 401
    assert client.get("/fragment/organizer").status_code == 401
    assert cup.read_bytes() == before
    # The players' page is open and never shows the token.
    page = client.get("/")
    assert page.status_code == 200 and TOKEN not in page.text and "Anna Kowalski" in page.text


def test_the_organizers_page_shows_the_event_at_a_glance(client, cup):
    post(client, "seat", {"round": 2, "seed": 5})
    tables = len(read_event(cup).event.rounds[1].tables)
    post(client, "result", {"round": 2, "table": 1, "vps": [0.5] * len(read_event(cup).event.rounds[1].tables[0].players)})
    page = client.get("/fragment/organizer", headers=AUTH).text
    # round 1: its 5 tables complete (test_event_e2e); round 2: 1 complete, the others pending
    assert '<tr><td>Round 1</td><td class="n">5</td><td class="n">0</td><td class="n">0</td></tr>' in page
    assert f'<tr><td>Round 2</td><td class="n">1</td><td class="n">{tables - 1}</td><td class="n">0</td></tr>' in page
    assert "<b>Now:</b> round 2" in page


def test_the_server_binds_127_0_0_1_unless_lan():
    from archon.web.server import bind

    for lan, host in ((False, "127.0.0.1"), (True, "0.0.0.0")):
        sock = bind(0, lan)
        try:
            assert sock.getsockname()[0] == host
        finally:
            sock.close()


def test_organizer_url_sets_a_session_and_hides_the_token(client):
    r = client.get(f"/organizer?token={TOKEN}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/organizer"
    assert "httponly" in r.headers["set-cookie"].lower() and "samesite=strict" in r.headers["set-cookie"].lower()
    page = client.get("/organizer")  # the client keeps the cookie
    assert page.status_code == 200 and TOKEN not in page.text and 'id="registration"' in page.text
    assert client.get(f"/organizer?token=nope", follow_redirects=False).status_code == 401


def test_a_result_answers_what_the_command_line_prints(client, cup, tmp_path):
    twin = tmp_path / "twin.xlsx"
    shutil.copy(cup, twin)
    r = post(client, "seat", {"round": 2, "seed": 5})
    assert r.status_code == 200, r.text
    printed = [line for line in cli("seat", twin, "--round", 2, "--seed", 5).splitlines()
               if not line.startswith("seating round")]  # the progress line, on stderr
    assert r.json()["lines"][0] == printed[0] and printed[0].startswith("round 2 seated: ")
    # the score on the nine criteria, as the command line prints it
    assert r.json()["lines"][-1] == next(line for line in printed if line.startswith("score: "))
    tables = read_event(cup).event.rounds[1].tables
    vps = {4: [2, 1, 1, 0], 5: [2, 1, 1, 1, 0]}[len(tables[0].players)]
    r = post(client, "result", {"round": 2, "table": 1, "vps": vps})
    assert r.status_code == 200, r.text
    printed = cli("result", twin, "--round", 2, "--table", 1, *vps).splitlines()
    assert r.json()["lines"][0] == printed[0] and r.json()["lines"][0].startswith("round 2, table 1: seat 1 #")
    assert read_event(cup).event.rounds[1].tables[0].vps == vps


def test_an_impossible_result_is_409_until_a_judge_overrides_it(client, cup):
    post(client, "seat", {"round": 2, "seed": 5})
    table = read_event(cup).event.rounds[1].tables[-1]
    vps = [0, 1, 1, 1.5] + ([0] if len(table.players) == 5 else [])
    before = cup.read_bytes()
    r = post(client, "result", {"round": 2, "table": len(read_event(cup).event.rounds[1].tables), "vps": vps})
    assert r.status_code == 409 and r.json()["exit_status"] == 1
    assert "no order of ousts" in r.json()["error"] or "cannot" in r.json()["error"]
    assert cup.read_bytes() == before
    r = post(client, "result", {"round": 2, "table": len(read_event(cup).event.rounds[1].tables), "vps": vps,
                                "override": "<b>player 7</b> ejected"})
    assert r.status_code == 200, r.text
    assert [o.reason for o in read_event(cup).event.overrides] == ["<b>player 7</b> ejected"]
    # the judge's reason is text on both pages
    for page in (client.get("/fragment/organizer", headers=AUTH).text, client.get("/fragment/players").text):
        assert "<b>player 7" not in page
    assert "&lt;b&gt;player 7&lt;/b&gt; ejected" in client.get("/fragment/organizer", headers=AUTH).text


def test_a_result_with_a_seat_left_blank_names_the_seat(client, cup):
    before = cup.read_bytes()
    r = post(client, "result", {"round": 1, "table": 3, "vps": ["4", "", " ", "0"], "replace": True})
    assert r.status_code == 400 and r.json()["error"] == (
        "no VP typed for seat 2, 3: type 0 for a player who scored none")
    assert cup.read_bytes() == before
    # the command line and the twin say the same (the check is api.parse_vps')
    out = CliRunner().invoke(main, ["result", str(cup), "--round", "1", "--table", "3", "--replace", "4", "", "0", "0"])
    assert out.exit_code == 2 and "no VP typed for seat 2: type 0" in out.output, out.output
    with pytest.raises(api.InputError, match="no VP typed for seat 3"):
        api.result(cup, [4, 0, "", 0], round=1, table=3, replace=True)
    assert cup.read_bytes() == before


def test_a_finished_table_is_not_replaced_without_saying_so(client, cup):
    before = cup.read_bytes()
    r = post(client, "result", {"round": 1, "table": 1, "vps": [3, 0, 0, 0, 2]})
    assert r.status_code == 409 and cup.read_bytes() == before
    r = post(client, "result", {"round": 1, "table": 1, "vps": [3, 0, 0, 0, 2], "replace": True})
    assert r.status_code == 200, r.text


def test_writes_are_423_while_the_workbook_is_open_in_a_spreadsheet(client, cup):
    lock = cup.parent / f".~lock.{cup.name}#"
    lock.write_text("someone,host,user,23.11.2026 10:00,file:///cup.xlsx;")
    before = cup.read_bytes()
    r = post(client, "register", {"name": "Xavier Late"})
    assert r.status_code == 423
    assert r.json()["error"].startswith(f"close {cup.name} in LibreOffice to enter results here")
    assert cup.read_bytes() == before
    # reads keep working, and the organizer's page shows why writes are off
    assert client.get("/api/standings").status_code == 200
    page = client.get("/fragment/organizer", headers=AUTH).text
    assert 'id="locked"' in page and "close cup.xlsx in LibreOffice" in page
    assert page.count("disabled title=") >= page.count('class="write"') > 5
    lock.unlink()
    assert post(client, "register", {"name": "Xavier Late"}).status_code == 200


def test_a_write_from_a_page_that_read_an_older_version_is_refused(client, cup):
    seen = client.get("/api/state").json()["version"]
    api.register(cup, "Saved Inspreadsheet")  # the organizer saved meanwhile
    saved = cup.read_bytes()
    r = post(client, "register", {"name": "Xavier Late", "version": seen})
    assert r.status_code == 409 and r.json()["reload"] is True and "changed since this page read it" in r.json()["error"]
    assert cup.read_bytes() == saved
    now = client.get("/api/state").json()["version"]
    assert now != seen
    assert post(client, "register", {"name": "Xavier Late", "version": now}).status_code == 200


@pytest.mark.parametrize("body, content_type, status, words", [
    (b"{not json", "application/json", 400, "not JSON"),
    (b"[1, 2]", "application/json", 400, "JSON object"),
    (b'{"name": "x"}', "text/plain", 415, "application/json"),
    (b'{"round": "one", "table": 1, "vps": [1]}', "application/json", 400, '"round" must be a whole number'),
    (b'{"round": 1, "table": 1, "vps": "3 0 0 2"}', "application/json", 400, '"vps" must be a list'),
    (b'{"round": 1, "table": 1, "vps": [{"a": 1}]}', "application/json", 400, '"vps" must hold numbers'),
    (b'{"round": 1, "table": 1, "vps": ["x", 0, 0, 0, 0]}', "application/json", 400, "not a number of VPs"),
    (b'{"round": 1, "table": 1}', "application/json", 400, '"vps" is missing'),
    (b"\xff\xfe", "application/json", 400, "not JSON"),
])
def test_malformed_requests_are_4xx_with_a_message(client, cup, body, content_type, status, words):
    before = cup.read_bytes()
    r = client.post("/api/result", content=body, headers={"Content-Type": content_type, **AUTH})
    assert r.status_code == status and words in r.json()["error"], r.text
    assert r.json()["exit_status"] == 2  # wrong usage, as archon.exits says; 4 would claim a bug in archon
    assert "Traceback" not in r.text and cup.read_bytes() == before


def test_oversized_bodies_are_refused(client, cup):
    from archon.web.app import MAX_BODY

    before = cup.read_bytes()
    big = json.dumps({"name": "x" * (MAX_BODY + 1)}).encode()
    r = client.post("/api/register", content=big, headers={"Content-Type": "application/json", **AUTH})
    assert r.status_code == 413
    # without a Content-Length (chunked): counted as it arrives
    r = client.post("/api/register", content=iter([big[:40000], big[40000:]]),
                    headers={"Content-Type": "application/json", **AUTH})
    assert r.status_code == 413 and cup.read_bytes() == before


def test_a_text_too_long_for_a_field_is_refused_as_a_bad_request(client, cup):
    from archon.web.app import MAX_TEXT

    before = cup.read_bytes()
    # under the body limit, but no name is this long (a cell holds 32,767 characters): 400, not 423 "locked"
    for field in ("name", "city"):
        body = {"name": "Anna Long", field: "x" * 40_000}
        r = post(client, "register", body)
        assert r.status_code == 400 and r.json()["error"] == f'"{field}" is 40000 characters long: at most {MAX_TEXT}'
    assert cup.read_bytes() == before


def test_a_name_with_a_control_character_is_refused_as_a_bad_request(client, cup):
    # the console registers through archon.api.register: the same refusal as the command line
    before = cup.read_bytes()
    for field, value, shown in (("name", "Anna\x00 Long", "player's name 'Anna\\x00 Long'"),
                                ("city", "Ly\x01on", "city 'Ly\\x01on'")):
        body = {"name": "Anna Long", field: value}
        r = post(client, "register", body)
        assert r.status_code == 400, r.text
        assert f"the {shown} holds a control character" in r.json()["error"]
    assert cup.read_bytes() == before


def test_unknown_routes_and_bad_scores_are_json_errors(client):
    assert client.post("/api/nothing", content=b"{}", headers=AUTH).status_code == 404
    r = client.get("/api/nothing")
    assert r.status_code == 405 and "not found" in r.json()["error"]
    r = client.get("/api/score", params={"vps": "3,0,abc,1"})
    assert r.status_code == 400 and "not a number of VPs" in r.json()["error"]
    r = client.get("/api/score", params={"vps": "3,0,0,1,0,0"})
    assert r.status_code == 400
    # seats 1 and 4 already hold 3 + 1 = 4 VP, all a 4-player game hands out, and no game gives
    # them together (seat 4's only prey is seat 1): whatever seat 3 gets, invalid
    assert client.get("/api/score", params={"vps": "3,0,,1"}).json()["status"] == "invalid"
    # 4 0 0 0 ends a game (seat 1 ousts all three: 3 VP, and 1 as the last one left), but three
    # seats are not typed yet: pending, with the words the record would refuse it with
    verdict = client.get("/api/score", params={"vps": "4,,,"}).json()
    assert (verdict["status"], verdict["legal"]) == ("pending", False)
    assert verdict["reason"] == "no VP typed for seat 2, 3, 4: type 0 for a player who scored none"
    assert client.get("/api/score", params={"vps": "4,0,0,0"}).json()["status"] == "complete"
    assert client.get("/api/score", params={"vps": "2.5,0,0,0.5"}).json()["status"] == "complete"
    # a decimal comma, as typed in much of Europe: ';' between the VPs (what the page sends)
    assert client.get("/api/score", params={"vps": "2,5;0;0;0,5"}).json()["status"] == "complete"
    r = client.post("/", content=b"{}", headers=AUTH)  # the players' page is read only
    assert r.status_code == 405 and r.text == "/: not found for POST"


HOSTILE = ["<script>alert(1)</script> Smith", '=HYPERLINK("http://evil.invalid") Jones']


def test_hostile_names_are_text_everywhere(client, cup):
    for name in HOSTILE:
        assert post(client, "register", {"name": name, "city": "<b>Lyon</b>"}).status_code == 200, name
    for page in (client.get("/").text, client.get("/fragment/organizer", headers=AUTH).text):
        assert "<script>alert" not in page and "<b>Lyon" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "=HYPERLINK(&#34;http://evil.invalid&#34;) Jones" in page
    # in the workbook: text cells, never formulas
    wb = openpyxl.load_workbook(cup)
    ws = wb[L.METHUSELAHS.sheet]
    cells = [c for row in ws.iter_rows(min_row=L.METHUSELAHS.first_row) for c in row
             if isinstance(c.value, str) and ("HYPERLINK" in c.value or "<script>" in c.value)]
    assert len(cells) == 2 and all(c.data_type == "s" for c in cells)
    assert {c.value for c in cells} == {"<script>alert(1)</script>", '=HYPERLINK("http://evil.invalid")'}
    # the reports the organizer downloads escape them too
    html = client.get("/download/report.html", headers=AUTH).text
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_reports_download(client, cup):
    r = client.get("/download/report.xlsx", headers=AUTH)
    assert r.status_code == 200 and r.content[:2] == b"PK"
    assert "cup-report.xlsx" in r.headers["content-disposition"]
    r = client.get("/download/round-1.xlsx")
    assert r.status_code == 200 and r.content[:2] == b"PK"
    assert client.get("/download/round-3.xlsx").status_code == 409  # not seated yet: said, not a 500
    r = client.get("/api/twd")  # the TWD entry waits for the winner, as 'archon report --twd' does
    assert r.status_code == 409 and "no winner yet" in r.json()["error"]
    # the organizer's page links to them: a browser that follows the link reads the reason, not JSON
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for url in ("/api/twd", "/api/archondata", "/download/round-3.xlsx"):
        r = client.get(url, headers=html)
        assert r.status_code == 409 and r.headers["content-type"].startswith("text/plain"), url
        assert not r.text.startswith("{") and r.text == client.get(url).json()["error"]


def test_archon_serve_prints_both_urls_and_stops_on_ctrl_c(cup):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "archon.cli", "serve", str(cup), "--port", "0", "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    try:
        organizer = proc.stdout.readline().split()
        players = proc.stdout.readline().split()
        assert organizer[0] == "organizer:" and "/organizer?token=" in organizer[1]
        assert organizer[1].startswith("http://127.0.0.1:")
        assert players[0] == "players:" and players[1].startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(players[1], timeout=60).read().decode()
        token = organizer[1].split("token=")[1]
        assert "Winter Cup" in page and token not in page
        # a players' page stays open on the event stream: Ctrl-C does not wait for it
        events = urllib.request.urlopen(players[1] + "api/events", timeout=60)
        assert events.readline().startswith(b"retry:")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert out.strip().endswith("stopped")


def test_serve_refuses_a_missing_file_and_a_taken_port(cup, tmp_path):
    r = CliRunner().invoke(main, ["serve", str(tmp_path / "nope.xlsx"), "--no-browser"])
    assert r.exit_code == 2 and "no such workbook" in r.output
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        r = CliRunner().invoke(main, ["serve", str(cup), "--port", str(port), "--no-browser"])
    assert r.exit_code == 2 and f"port {port} cannot be used" in r.output


def test_serve_refuses_a_file_that_is_not_a_workbook_before_serving_it(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("First Name,Last Name,City,VEKN Number\nAnna,Kowalski,Krakow,3200101\n")
    r = CliRunner().invoke(main, ["serve", str(players), "--no-browser", "--port", "0"])
    assert r.exit_code == 2 and "players.csv is not a spreadsheet archon can read" in r.output
    assert "organizer:" not in r.output and "Traceback" not in r.output


def test_undo_takes_back_the_consoles_last_change_and_names_it(client, cup):
    before = {p.number for p in read_event(cup).event.players}
    assert post(client, "register", {"name": "Mistaken Entry"}).status_code == 200
    r = post(client, "undo", {})
    assert r.status_code == 200, r.text
    # the change taken back, named with who made it (the organizer's own link: no head judge in Tournament Info)
    assert r.json()["lines"][0].startswith(f"restored {cup.name} as it was before \"organizer: Mistaken Entry registered\"")
    assert {p.number for p in read_event(cup).event.players} == before


def test_eleven_players_in_a_2r_f_event_can_seat_a_third_round(tmp_path):
    from archon.rules.model import Event, Player

    path = tmp_path / "small.xlsx"
    new_event(path, Event(name="Eleven", preliminary_rounds=2, level="Standard Constructed",
                          players=[Player(n, f"P{n}", "Q") for n in range(1, 12)]))
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        page = c.get("/fragment/organizer", headers=AUTH).text
        assert 'id="seat-round" type="number" min="1" max="3"' in page  # 3 rounds of which each plays 2


def organizer_fragment(client) -> str:
    return client.get("/fragment/organizer", headers=AUTH).text


def test_the_organizers_page_lists_archon_checks_problems_with_their_cells(tmp_path):
    event = winter_cup(2)
    event.rounds[1].tables[3].vps = [1, 1, 1, 1]  # round 2, table 4: no game ends this way
    path = tmp_path / "cup.xlsx"
    new_event(path, event)
    printed = json.loads(cli("check", path, "--json"))["problems"]
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        page = organizer_fragment(c)
    from markupsafe import escape

    assert any(p["where"].startswith("Round 2!") and p["severity"] == "error" for p in printed)
    for p in printed:  # each problem with its sheet and cell, as 'archon check' says it
        assert f"<b>{escape(p['where'])}</b>: {escape(p['message'])}" in page, p
    # the glance counts round 2's table 4 as invalid: 4 complete, 0 pending, 1 invalid
    assert '<tr><td>Round 2</td><td class="n">4</td><td class="n">0</td><td class="n">1</td></tr>' in page


def test_the_finalists_and_their_seat_choice_order_then_the_final(tmp_path):
    from test_eventday import tossed

    path = tmp_path / "cup.xlsx"
    new_event(path, tossed(winter_cup(3), winner=15))
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        page = organizer_fragment(c)
        # test_event_e2e: seeds 1 to 4 are #1, #2, #4, #6 (by GW, VP); #15 won the toss for seed 5
        seeds = [(1, 1, "Anna Kowalski"), (2, 2, "Bruno Ferreira"), (3, 4, "Dmitri Volkov"), (4, 6, "Farid Haddad"),
                 (5, 15, "Oscar Jensen")]
        rows = [f'<tr><td class="n">{seed}</td><td class="n">{n}</td><td class="name">{name}</td>'
                for seed, n, name in seeds]
        assert [page.index(row) for row in rows] == sorted(page.index(row) for row in rows)
        # rules 3.1.3: the lowest qualifier chooses first, in the command line's words
        assert "<p id=\"seat-choice\">Seat choice (rules 3.1.3): the lowest qualifier places first:</p>" in page
        assert ('<ol class="choosing" id="choosing"><li>seed 5: #15 Oscar Jensen</li><li>seed 4: #6 Farid Haddad</li>'
                '<li>seed 3: #4 Dmitri Volkov</li><li>seed 2: #2 Bruno Ferreira</li><li>seed 1: #1 Anna Kowalski</li>'
                '</ol>') in page
        assert 'id="no-final"' in page
        r = post(c, "finals", {"seating": [6, 15, 1, 4, 2]})
        assert r.status_code == 200, r.text
        page = organizer_fragment(c)
        # the final is seated: its result form, and no button that could only be refused
        assert 'id="final-vp5"' in page and 'id="no-final"' not in page and "Close without a final" not in page


def test_tied_finalists_say_their_seed_is_not_decided(tmp_path):
    from archon.rules.model import Event, Player

    # 8 players, round 1 only: each table's seat 1 wins with 2 VP (GW 1, VP 2,
    # TP 60): tied for places 1 and 2, both in the final, their seeds undecided.
    path = tmp_path / "tied.xlsx"
    event = Event(name="Tied", level="Standard Constructed", preliminary_rounds=3,
                  players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, 9)])
    event.rounds.append(Round(1, [Table([1, 2, 3, 4], [2, 1, 1, 0]), Table([5, 6, 7, 8], [2, 1, 1, 0])]))
    new_event(path, event)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        page = organizer_fragment(c)
    # their seed is '-', as 'archon finals' prints it, and the tie says which places the toss decides
    for n in (1, 5):
        assert f'<tr><td class="n">-</td><td class="n">{n}</td><td class="name">First{n} Last{n}</td>' in page
    assert ("tie: players #1 First1 Last1, #5 First5 Last5 are tied for places 1 to 2; a coin toss "
            "(coin ranking) must decide their seeds in the final") in page
    assert "seed :" not in page and "seed not decided" not in page


def test_a_small_event_closes_without_a_final_from_the_console(tmp_path):
    from archon.rules.model import Event, Player

    path = tmp_path / "small.xlsx"
    new_event(path, Event(name="Six", level="Standard Constructed", preliminary_rounds=2,
                          players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, 7)]))
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        assert 'id="no-final"' in organizer_fragment(c)
        r = post(c, "finals", {"none": True})
        assert r.status_code == 200, r.text
        assert r.json()["lines"][0].startswith("this event closes without a final (rules 3.1.6)")
        page = organizer_fragment(c)
        assert "This event closes without a final" in page and 'id="no-final"' not in page
    assert read_event(path).event.has_final is False


def test_the_reports_of_a_finished_event_are_the_command_lines(tmp_path):
    from archon.rules.model import Final
    from test_event_e2e import FINAL_VPS
    from test_eventday import tossed

    path = tmp_path / "cup.xlsx"
    event = tossed(winter_cup(3), winner=15)
    event.final = Final([6, 15, 1, 4, 2], list(FINAL_VPS))
    event.date = datetime.date(2026, 12, 5)
    new_event(path, event)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        archondata = c.get("/api/archondata")
        assert archondata.status_code == 200
        assert archondata.text.strip() == cli("report", path, "--archondata").strip()
        twd = c.get("/api/twd")
        assert twd.status_code == 200 and twd.text.strip() == cli("report", path, "--twd").strip()
        assert "Bruno Ferreira" in twd.text  # the winner, #2 (test_event_e2e)
        html = c.get("/download/report.html", headers=AUTH)
        assert html.status_code == 200 and "cup-report.html" in html.headers["content-disposition"]
        assert "Winner" in html.text and "Bruno Ferreira" in html.text


def test_archon_serve_lan_prints_a_players_url_for_phones_and_never_gives_the_token_away(cup):
    from archon.web.server import lan_address

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "archon.cli", "serve", str(cup), "--port", "0", "--lan",
                             "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=REPO)
    try:
        organizer = proc.stdout.readline().split()[1]
        players = proc.stdout.readline().split()[1]
        token = organizer.split("token=")[1]
        port = organizer.split(":")[2].split("/")[0]
        # the organizer's URL stays on this machine; the players' URL is the one phones can reach
        assert organizer.startswith(f"http://127.0.0.1:{port}/organizer?token=")
        assert players == f"http://{lan_address()}:{port}/"
        seen = []
        for path in ("", "fragment/players", "api/state", "api/standings", "api/check", "static/console.js"):
            with urllib.request.urlopen(players + path, timeout=10) as r:
                seen.append(r.read().decode())
        with urllib.request.urlopen(players + "api/events", timeout=10) as r:
            seen.append(r.readline().decode() + r.readline().decode() + r.readline().decode())
        assert "Winter Cup" in seen[0] and all(token not in text for text in seen)
        # over the network address too, a write without the token is refused
        req = urllib.request.Request(players + "api/register", data=b'{"name": "Lan Intruder"}', method="POST",
                                     headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(req, timeout=10)
        assert refused.value.code == 401
        assert "Lan Intruder" not in {p.name for p in read_event(cup).event.players}
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_archon_serve_opens_the_organizers_page_in_the_default_browser(cup, tmp_path):
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"  # the default browser, as $BROWSER names it: it writes down what it opens
    browser.write_text(f'#!/bin/sh\nprintf "%s" "$1" > "{opened}"\n')
    browser.chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(REPO), "BROWSER": str(browser)}
    proc = subprocess.Popen([sys.executable, "-m", "archon.cli", "serve", str(cup), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    try:
        organizer = proc.stdout.readline().split()[1]
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert opened.read_text() == organizer and "/organizer?token=" in organizer
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_the_pages_load_nothing_from_the_network(client):
    import re

    for page in (client.get("/").text, client.get(f"/organizer?token={TOKEN}").text):
        assert 'id="live"' in page
        loaded = re.findall(r'<(?:script|link|img|iframe)\b[^>]*?(?:src|href)="([^"]*)"', page)
        assert loaded and all(url.startswith("/static/") for url in loaded), loaded
        assert "@import" not in page and "url(http" not in page
    for name in ("words.js", "console.js", "console.css"):
        text = client.get(f"/static/{name}").text
        assert "http://" not in text and "https://" not in text and "@import" not in text


def test_every_write_of_the_api_is_documented_and_needs_the_token(client):
    from archon.web import app as web_app

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for action in web_app.WRITES:
        assert f"/api/{action}`" in readme, f"README: the console's API table misses POST /api/{action}"
        assert f"``POST /api/{action}``" in web_app.__doc__, action
        assert post(client, action, {}, headers={}).status_code == 401, action


@pytest.mark.parametrize("body", [
    '{"round": "\u00b2", "table": 1, "vps": [3, 0, 0, 0, 2]}',  # '²'.isdigit() is True, int('²') fails
    '{"round": 1, "table": 1, "vps": [' + "9" * 5000 + ', 0, 0, 0, 0]}',  # json reads it, int() refuses
    "[" * 5000 + "]" * 5000,
])
def test_a_body_archon_cannot_read_is_a_400_not_a_bug(client, cup, body):
    before = cup.read_bytes()
    r = client.post("/api/result", content=body.encode(), headers={"Content-Type": "application/json", **AUTH})
    assert r.status_code == 400, r.text
    assert "archon failed" not in r.json()["error"] and r.json()["exit_status"] == 2
    assert cup.read_bytes() == before


def test_a_round_download_in_other_digits_is_not_found_not_a_bug(client):
    assert client.get("/download/round-\u00b2.xlsx").status_code == 404


def test_the_console_finds_a_name_as_the_command_line_does_and_says_what_to_do_in_its_own_words(
        client, cup, tmp_path):
    twin = twin_copy(cup, tmp_path)
    r = post(client, "drop", {"player": "martin, chloe", "version": client.get("/api/state").json()["version"]})
    assert r.status_code == 200, r.text
    assert r.json()["lines"][0].startswith("#3 Chloé Martin is out (WD")
    # a refusal says where to look on the page, not what to type: the twin's message, in the console's words
    r = post(client, "drop", {"player": "24", "version": client.get("/api/state").json()["version"]})
    assert r.status_code == 400, r.text
    exc = refusal(api.drop, twin, "24")
    assert r.json()["message"] == message_of(exc).as_dict()
    assert console_words(r.json()["error"]) == CONSOLE.render(message_of(exc))
    assert r.json()["error"].startswith("no player has the number or VEKN number 24: players are numbered 1 to 23")


def test_the_read_endpoints_say_what_to_do_in_the_consoles_words(client, cup, tmp_path):
    # after round 1 there is no final result: archondata's refusal says so, and what to do, as the page offers it
    r = client.get("/api/archondata")
    assert r.status_code == 409, r.text
    exc = refusal(api.archondata, twin_copy(cup, tmp_path))
    assert r.json()["message"] == message_of(exc).as_dict() and r.json()["exit_status"] == 1
    assert console_words(r.json()["error"]) == CONSOLE.render(message_of(exc))
    assert r.json()["error"].startswith("the event is not finished: the final has no result yet")
    # followed as a link from the organizer's page: the same words, as text
    r = client.get("/api/archondata", headers={"Accept": "text/html"})
    assert r.status_code == 409 and r.text == CONSOLE.render(message_of(exc))


def test_round_1_is_seated_again_once_round_2_is_seated_with_force_as_the_twin_does(client, cup, tmp_path):
    api.seat(cup, 2, seed=7)  # round 2 seated, not played
    twin = twin_copy(cup, tmp_path)
    before = cup.read_bytes()
    # without force: refused as the twin refuses it, and the answer says force would do it
    r = post(client, "seat", {"round": 1, "seed": 5})
    assert r.status_code == 409 and r.json()["force"] is True, r.text
    exc = refusal(api.seat, twin, 1, seed=5)
    assert r.json()["message"] == message_of(exc).as_dict()
    assert console_words(r.json()["error"]) == CONSOLE.render(message_of(exc))
    assert r.json()["error"].startswith("round 1 already has results: archon will not reseat it")
    assert cup.read_bytes() == before
    # with force: done, saying what it cleared (round 2's seating) as the twin says it, in the console's words
    r = post(client, "seat", {"round": 1, "seed": 5, "force": True})
    assert r.status_code == 200, r.text
    lines = r.json()["lines"]
    done = api.seat(twin, 1, seed=5, force=True)
    said = [CONSOLE.render(x) if not isinstance(x, str) else x for x in done.lines]
    assert lines[:len(said)] == said and lines[-1] == CONSOLE.field(done.seating.score_line())
    assert any(line.startswith("the seating of round 2 (no result yet) is cleared") for line in lines)
    assert all(console_words(line) for line in lines)
    after = read_event(cup).event
    assert [r.number for r in after.rounds if r.tables] == [1] and not after.round(1).has_results()
    # and 'archon undo' puts it all back
    assert post(client, "undo", {}).status_code == 200
    assert cup.read_bytes() == before


def test_the_checks_advice_is_in_the_consoles_words_on_the_page_and_in_api_check(tmp_path):
    from markupsafe import escape

    event = winter_cup(2)
    event.rounds[0].tables[1].vps = [None] * len(event.rounds[0].tables[1].players)  # round 1, table 2 forgotten
    path = tmp_path / "cup.xlsx"
    new_event(path, event)
    printed = json.loads(cli("check", path, "--json"))["problems"]
    problems = api.check(path)
    forgotten = next(p for p in problems if p.where.startswith("Round 1!") and "table 2 has no result" in str(p))
    advice = CONSOLE.field(forgotten.advice_said)  # the advice says how to record it: on this page
    assert advice.startswith("record it (") and advice.endswith("), or type its VPs")
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        served = c.get("/api/check").json()
        page = organizer_fragment(c)
    # the check's problems, each where and as severe as 'check --json' says, in the console's words
    assert [(p["where"], p["severity"]) for p in served] == [(p["where"], p["severity"]) for p in printed]
    assert [p.get("id") for p in served] == [p.get("id") for p in printed]
    assert [(p["message"], p["advice"]) for p in served] == [
        (CONSOLE.field(p.said), CONSOLE.field(p.advice_said) if p.advice_said else "") for p in problems]
    assert any(p["advice"] == advice for p in served)
    for p in served:  # no advice names a command line (a note has none)
        console_words(p["advice"])
    assert str(escape(advice)) in page and "FILE" not in page
