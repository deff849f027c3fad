"""What the event console shows the room (issue 22): nothing the organizer
has not seated, and no judge's warning nor reason of a judge's decision.

The players' page never shows The Archon's chart proposal (an official
Archon seats every round by its formulas until a seat is typed) as a
seating; the report downloads are the ones to post unless the organizer
asks for the judges' copy.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon.cli import main
from archon.rules.model import JudgeWarning
from archon.web import console_app
from conftest import REPO, official_file
from test_eventday import book, winter_cup
from test_event_e2e import OVERRIDE_REASON

TOKEN = "test-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
LOCAL = "http://127.0.0.1"
CHEATING = "ejected for cheating"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def client_of(path: Path) -> TestClient:
    return TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL)


def found(page: str, number: int) -> str:
    """What "find your name" shows for player ``number`` on the players' page."""
    li = re.search(rf'<li data-name="[^"]* {number}" hidden>(.*?)</li>', page)
    assert li, f"player {number} is not on the page"
    return re.sub(r"<[^>]+>", "", li.group(1))


@pytest.fixture
def fresh(tmp_path) -> Path:
    """25 players typed into a copy of the official Archon, no seat typed:
    its chart formulas propose a seating for every round."""
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--players", REPO / "samples" / "players.csv", "--template", official_file())
    assert r.exit_code == 0, r.output
    return path


def test_the_players_page_shows_no_table_until_the_round_is_seated(fresh):
    with client_of(fresh) as client:
        page = client.get("/").text
        assert "not seated yet" in found(page, 1) and "table" not in found(page, 1).lower()
        assert 'id="round"' not in page and "Round 1: table" not in page
        assert "Round 1 is not seated yet" in page
        # nor does the API a phone reaches; the organizer's is the command line's contract
        public = client.get("/api/standings").json()
        assert [r for r in public["rounds"] if r["tables"]] == [] and len(public["players"]) == 25
        assert [r["round"] for r in client.get("/api/standings", headers=AUTH).json()["rounds"]] == [1, 2, 3]
        fragment = client.get("/fragment/players").text
        assert "Round 1: table" not in fragment and "Round 1 is not seated yet" in fragment
        # the organizer sees the chart's proposal, said to be one, and is offered round 1 to seat
        organizer = client.get("/fragment/organizer", headers=AUTH).text
        assert "The Archon's chart proposal, not seated" in organizer
        assert 'id="seat-round" type="number" min="1" max="3" value="1"' in organizer
        assert "Now:</b> registration" in organizer
        assert client.post("/api/seat", json={"round": 1, "seed": 7}, headers=AUTH).status_code == 200
        page = client.get("/").text
    assert re.fullmatch(r"Round 1: table \d, seat \d", found(page, 1).split("#1 ")[-1].strip())
    assert 'id="round"' in page and "is not seated yet" not in page


def test_a_round_seated_on_the_command_line_is_the_players_and_no_proposal_is_left(fresh):
    assert run("seat", fresh, "--round", 1, "--seed", 3).exit_code == 0  # clears the chart's rounds 2 and 3
    with client_of(fresh) as client:
        organizer = client.get("/fragment/organizer", headers=AUTH).text
        page = client.get("/").text
    assert "Round 1: table" in found(page, 1) and "is not seated yet" not in page
    assert "chart proposal" not in organizer and "Now:</b> round 1" in organizer


@pytest.fixture
def judged(tmp_path) -> Path:
    """The Winter Cup after 3 rounds: round 3, table 5 accepted by a judge, #5 warned for cheating."""
    event = winter_cup(3)
    event.warnings.append(JudgeWarning(5, CHEATING, 2))
    return book(tmp_path, event)


def test_the_report_downloads_leave_out_the_judges_notes_unless_asked(judged, tmp_path):
    with client_of(judged) as client:
        organizer = client.get("/fragment/organizer", headers=AUTH).text
        html = client.get("/download/report.html", headers=AUTH)
        html_notes = client.get("/download/report.html?judges_notes=1", headers=AUTH)
        xlsx = client.get("/download/report.xlsx", headers=AUTH)
        xlsx_notes = client.get("/download/report.xlsx?judges_notes=1", headers=AUTH)
        refused = client.get("/download/report.html?judges_notes=1")
        players = client.get("/").text
        room = client.get("/api/standings").text
        judges = client.get("/api/standings", headers=AUTH).text
    assert OVERRIDE_REASON not in room and CHEATING not in room and '"overridden"' in room
    assert OVERRIDE_REASON in judges and CHEATING in judges
    assert 'href="/download/report.html?lang=en&amp;judges_notes=1"' in organizer
    assert 'href="/download/report.xlsx?lang=en&amp;judges_notes=1"' in organizer
    assert html.status_code == 200 and CHEATING not in html.text and OVERRIDE_REASON not in html.text
    assert "Accepted by a judge." in html.text
    assert html_notes.status_code == 200 and CHEATING in html_notes.text and OVERRIDE_REASON in html_notes.text
    assert "cup-report-judges.html" in html_notes.headers["content-disposition"]
    assert "cup-report.html" in html.headers["content-disposition"]
    for name, r in (("public.xlsx", xlsx), ("judges.xlsx", xlsx_notes)):
        assert r.status_code == 200
        (tmp_path / name).write_bytes(r.content)
    public = openpyxl.load_workbook(tmp_path / "public.xlsx")
    judges = openpyxl.load_workbook(tmp_path / "judges.xlsx")
    assert "Warnings" not in public.sheetnames and "Warnings" in judges.sheetnames
    assert [c.value for c in judges["Warnings"][2]][3] == CHEATING
    said = [str(c.value) for ws in public.worksheets for row in ws.iter_rows() for c in row if c.value]
    assert not [t for t in said if CHEATING in t or OVERRIDE_REASON in t]
    assert refused.status_code == 401
    # the players' page: a judge accepted the table, not why; no warning
    assert "Accepted by a judge." in players and OVERRIDE_REASON not in players and CHEATING not in players
