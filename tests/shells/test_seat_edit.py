"""`archon seat FILE --round N --swap A B` / `--move A --table T` and the
console's swap and move forms (issue 22, seat edits after the draw): the new
score and its change shown before anything is written, the edit written
through the project's write path, the JSON as its schema says."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from archon.api.schemas import schema_of
from archon.cli import main
from archon.formats.workbook import new_event, read_event
from test_seat_edits import LATIN, event_of

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "seat-edit-token-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def tables(path, round_: int) -> list[list[int]]:
    return [list(t.players) for t in read_event(path).event.round(round_).tables]


@pytest.fixture
def latin(tmp_path):
    path = tmp_path / "edit.xlsx"
    new_event(path, event_of(16, LATIN))
    return path


def test_a_dry_run_swap_prints_the_new_score_and_its_change_and_writes_nothing(latin):
    before = latin.read_bytes()
    out = run("seat", latin, "--round", 2, "--swap", 5, "Bob", "--dry-run")
    assert out.exit_code == 0, out.output
    assert latin.read_bytes() == before
    assert "#5 Ed Wood (table 1, seat 2) and #2 Bob Ross (table 2, seat 1) swap their seats" in out.output
    assert "change: R1 +2, R2 +2, R4 +2" in out.output  # two pairs meet again (worked out in test_seat_edits)
    assert "table 1: 1 Ada Lovelace, 2 Bob Ross, 9 Ivy Lane, 13 Mo Farah" in out.output
    assert "to write it, run the same command without --dry-run" in out.output


def test_a_move_is_written_and_its_json_follows_the_seat_schema(latin):
    out = run("seat", latin, "--round", 2, "--move", "Ada", "--table", 2, "--json")
    assert out.exit_code == 1, out.output  # table 1 would keep 3 players
    refused = json.loads(out.stdout)
    Draft202012Validator(schema_of("seat")).validate(refused)
    assert refused["error"]["id"] == "seat.edit_table_too_small"

    nine = latin.parent / "nine.xlsx"
    new_event(nine, event_of(9, [[[1, 2, 3, 4, 5], [6, 7, 8, 9]]]))
    out = run("seat", nine, "--round", 1, "--move", "Ada", "--table", 2, "--json")
    assert out.exit_code == 0, out.output
    one = json.loads(out.stdout)
    Draft202012Validator(schema_of("seat")).validate(one)
    assert one["edit"]["kind"] == "move" and one["edit"]["players"] == [1] and one["edit"]["tables"] == [1, 2]
    assert [[s["number"] for s in t] for t in one["tables"]] == [[2, 3, 4, 5], [6, 7, 8, 9, 1]]
    assert tables(nine, 1) == [[2, 3, 4, 5], [6, 7, 8, 9, 1]]


def test_move_and_table_go_together_and_a_swap_refuses_a_seed(latin):
    before = latin.read_bytes()
    out = run("seat", latin, "--round", 2, "--move", "Ada")
    assert out.exit_code == 2 and "--move needs --table T" in out.output
    out = run("seat", latin, "--round", 2, "--table", 3)
    assert out.exit_code == 2 and "--table goes with --move A" in out.output
    out = run("seat", latin, "--round", 2, "--swap", 1, 2, "--seed", 4)
    assert out.exit_code == 2 and "--swap edits the seats of a round as seated: leave out --seed" in out.output
    assert latin.read_bytes() == before


def test_undo_after_a_swap_on_the_command_line_restores_the_seating(latin):
    before = tables(latin, 2)
    assert run("seat", latin, "--round", 2, "--swap", 1, 16).exit_code == 0
    assert tables(latin, 2)[0][0] == 16 and tables(latin, 2)[3][3] == 1
    out = run("undo", latin)
    assert out.exit_code == 0, out.output
    assert tables(latin, 2) == before


@pytest.fixture
def console(latin):
    from archon.web import console_app

    with TestClient(console_app(latin, token=TOKEN, watch=False), base_url="http://127.0.0.1",
                    raise_server_exceptions=False) as c:
        yield c


def post(client, body):
    return client.post("/api/seat", content=json.dumps(body), headers={"Content-Type": "application/json", **AUTH})


def test_the_console_shows_a_swap_first_then_writes_it(console, latin):
    page = console.get("/fragment/organizer", headers=AUTH).text
    assert 'id="swap-r2"' in page and 'id="move-r2"' in page  # round 2: seated, no result
    before = latin.read_bytes()
    shown = post(console, {"round": 2, "swap": ["5", "2"], "dry_run": True})
    assert shown.status_code == 200, shown.text
    said = "\n".join(shown.json()["lines"])
    assert said.startswith("dry run: nothing written")
    assert "change: R1 +2, R2 +2, R4 +2" in said
    assert latin.read_bytes() == before
    written = post(console, {"round": 2, "swap": ["5", "2"]})
    assert written.status_code == 200, written.text
    assert tables(latin, 2)[:2] == [[1, 2, 9, 13], [5, 6, 10, 14]]


def test_the_console_refuses_a_move_that_would_leave_three_and_names_the_table(console, latin):
    before = latin.read_bytes()
    answer = post(console, {"round": 2, "move": "Ada", "table": 3, "dry_run": True})
    assert answer.status_code == 409, answer.text  # refused by the rules, as the command line exits 1
    assert "would leave table 1 with 3 players" in answer.json()["error"]
    assert latin.read_bytes() == before
