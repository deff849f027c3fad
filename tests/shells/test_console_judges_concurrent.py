"""Several judges at once (issue 22): each judge's own link, their name in
the journal and the page's history, and two judges writing at the same
moment from pages that read the same version.

The event: 160 players seated at 40 tables in round 1, no result yet, built
with the official Archon (archon's ``new_event``). Each result below is a
sweep (4 VP to one seat), a legal end of a game whatever archon says.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import pytest

from archon import api
from archon.rules.model import Event, Player, Round, Table
from archon.formats.workbook.backups import journal_entries

ORGANIZER_TOKEN = "organizer-token-0123456789"
JUDGES = {"Ada": "ada-token-0123456789", "Bruno": "bruno-token-0123456789"}
TABLES = 40


def judges_cup(path: Path, tables: int = TABLES, head_judge=None) -> Path:
    """An event of ``tables`` tables of 4 seated in round 1, no result."""
    from archon.formats.workbook import new_event

    ev = Event(name="Judges Cup", city="Lyon", level="Standard Constructed", preliminary_rounds=3)
    ev.head_judge = head_judge
    for k in range(1, 4 * tables + 1):
        ev.players.append(Player(k, f"First{k}", f"Last{k}", city="Lyon"))
    ev.rounds.append(Round(1, [Table(list(range(4 * t + 1, 4 * t + 5))) for t in range(tables)]))
    new_event(path, ev)
    return path


def sweep(table: int) -> list[int]:
    """Table ``table``'s result: one seat (turning with the table) takes 4 VP."""
    vps = [0, 0, 0, 0]
    vps[table % 4] = 4
    return vps


@pytest.fixture
def cup(tmp_path) -> Path:
    return judges_cup(tmp_path / "cup.xlsx")


def served(path: Path):
    from archon.web import console_app
    from archon.web.server import running

    return running(console_app(path, token=ORGANIZER_TOKEN, judges=JUDGES))


def post(base: str, token: str, action: str, body: dict):
    """A POST sent with a judge's cookie, as their page sends it."""
    import httpx

    return httpx.post(f"{base}/api/{action}", content=json.dumps(body), timeout=60,
                      headers={"Content-Type": "application/json", "Cookie": f"archon_organizer={token}"})


def version(base: str) -> str:
    import httpx

    return httpx.get(f"{base}/api/state", timeout=60).json()["version"]


def at_once(*calls):
    """Run each call in its own thread, all released together; their answers."""
    answers: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(k, call):
        start.wait()
        answers[k] = call()

    threads = [threading.Thread(target=run, args=(k, c)) for k, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers


def recorded(path: Path, table: int):
    rnd = api.standings(path)["rounds"][0]
    return [s["vp"] for s in rnd["tables"][table - 1]["seats"]]


def test_two_judges_recording_two_tables_at_once_both_land_twenty_times(cup):
    with served(cup) as base:
        for k in range(20):
            a, b = 2 * k + 1, 2 * k + 2
            seen = version(base)  # both pages read the same version
            ra, rb = at_once(
                lambda: post(base, JUDGES["Ada"], "result", {"round": 1, "table": a, "vps": sweep(a), "version": seen}),
                lambda: post(base, JUDGES["Bruno"], "result", {"round": 1, "table": b, "vps": sweep(b),
                                                               "version": seen}))
            assert (ra.status_code, rb.status_code) == (200, 200), (k, ra.text, rb.text)
    for table in range(1, 41):
        assert recorded(cup, table) == sweep(table), table
    # the journal names who recorded each table
    said = {(e["judge"], e["console"]["body"]["table"]) for e in journal_entries(cup) if e.get("console")}
    assert said == {("Ada", t) for t in range(1, 41, 2)} | {("Bruno", t) for t in range(2, 41, 2)}
    assert all(e["command"].startswith(e["judge"] + ": ") for e in journal_entries(cup))


def test_the_same_table_from_both_one_is_refused_naming_the_table_and_the_other_result(cup):
    with served(cup) as base:
        seen = version(base)
        ada, bruno = at_once(
            lambda: post(base, JUDGES["Ada"], "result", {"round": 1, "table": 3, "vps": [4, 0, 0, 0],
                                                         "version": seen}),
            lambda: post(base, JUDGES["Bruno"], "result", {"round": 1, "table": 3, "vps": [0, 0, 4, 0],
                                                           "version": seen}))
        answers = {"Ada": ada, "Bruno": bruno}
        assert sorted(r.status_code for r in answers.values()) == [200, 409]
        landed = next(name for name, r in answers.items() if r.status_code == 200)
        refused = answers["Bruno" if landed == "Ada" else "Ada"].json()
        kept = [4, 0, 0, 0] if landed == "Ada" else [0, 0, 4, 0]
        assert recorded(cup, 3) == kept
        assert refused["error"].startswith(f"round 1, table 3 was recorded meanwhile by {landed}: "
                                           f"{' / '.join(str(v) for v in kept)}; nothing was written")
        assert refused["conflict"] == {"round": 1, "table": 3, "vps": kept, "who": landed}
        assert "reload" not in refused  # the page keeps what its judge typed
        # with "replace", from the version now shown, the second judge's result is written
        other = [0, 0, 4, 0] if landed == "Ada" else [4, 0, 0, 0]
        second = "Bruno" if landed == "Ada" else "Ada"
        r = post(base, JUDGES[second], "result", {"round": 1, "table": 3, "vps": other, "replace": True,
                                                  "version": version(base)})
        assert r.status_code == 200, r.text
    assert recorded(cup, 3) == other


def test_a_drop_lands_unless_that_player_changed_and_a_sanction_always_lands(cup):
    with served(cup) as base:
        seen = version(base)
        assert post(base, JUDGES["Ada"], "drop", {"player": "5", "reason": "WD", "version": seen}).status_code == 200
        # another player, the same old version: written; the same player: refused, naming them
        assert post(base, JUDGES["Bruno"], "drop", {"player": "6", "reason": "WD", "version": seen}).status_code == 200
        r = post(base, JUDGES["Bruno"], "drop", {"player": "5", "reason": "DQ", "version": seen})
        assert r.status_code == 409 and r.json()["error"].startswith("player 5 was changed meanwhile by Ada")
        r = post(base, JUDGES["Bruno"], "sanction", {"player": "5", "reason": "slow play", "level": "warning", "version": seen})
        assert r.status_code == 200, r.text
        # seating a round is not merged: any change since the page read it refuses it, as before
        r = post(base, ORGANIZER_TOKEN, "seat", {"round": 2, "version": seen})
        assert r.status_code == 409 and "changed since this page read it" in r.json()["error"]
    statuses = {p["number"]: p["status"] for p in api.standings(cup)["players"]}
    assert (statuses[5], statuses[6]) == ("out (WD)", "out (WD)")
    # the sanction names the judge who recorded it
    assert [(w["player"], w["judge"]) for w in api.warnings(cup)] == [(5, "Bruno")]


def test_each_link_signs_its_judge_in_and_the_history_says_who_did_what(tmp_path):
    from archon.web import console_app

    with warnings.catch_warnings():  # as test_console_api imports it
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    path = judges_cup(tmp_path / "cup.xlsx", tables=2, head_judge="Hana Head")
    app = console_app(path, token=ORGANIZER_TOKEN, judges=JUDGES)
    with TestClient(app, base_url="http://127.0.0.1") as ada, TestClient(app, base_url="http://127.0.0.1") as org:
        page = ada.get(f"/organizer?token={JUDGES['Ada']}")
        assert page.status_code == 200 and "Signed in as Ada" in page.text
        assert "Signed in as Hana Head" in org.get(f"/organizer?token={ORGANIZER_TOKEN}").text
        assert ada.get("/organizer?token=not-a-judge").status_code == 401
        r = ada.post("/api/result", json={"round": 1, "table": 2, "vps": [0, 4, 0, 0]})
        assert r.status_code == 200
        assert org.post("/api/drop", json={"player": "1"}).status_code == 200
        history = org.get("/fragment/organizer").text
        top = history[history.index('id="history-list"'):]
        assert top.index("Hana Head: drop of player 1 (WD)") < top.index("Ada: result of round 1, table 2: 0 / 4 / 0 / 0")
    # undo says who made the change it takes back
    assert '"Hana Head: drop of player 1 (WD)"' in api.undo(path, dry_run=True).describe()


def test_judges_need_names_and_tokens_of_their_own(cup):
    from archon.web import console_app
    from archon.web.errors import ConsoleError

    with pytest.raises(ConsoleError, match="a judge's name is given once"):
        console_app(cup, judges={" ": "x-token"})
    with pytest.raises(ConsoleError, match="a token of their own"):
        console_app(cup, token="same-token", judges={"Ada": "same-token"})


def test_archon_serve_prints_each_judges_link_which_signs_them_in(cup):
    import httpx

    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(repo)}
    proc = subprocess.Popen([sys.executable, "-m", "archon.cli", "serve", str(cup), "--port", "0", "--no-browser",
                             "--judge", "Ada", "--judge", "Bruno Silva"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=repo)
    try:
        lines = [proc.stdout.readline().rstrip("\n") for _ in range(4)]
        assert lines[0].startswith("organizer: http://127.0.0.1:") and lines[1].startswith("players:")
        ada, bruno = lines[2].split(": ", 1), lines[3].split(": ", 1)
        assert (ada[0], bruno[0]) == ("Ada", "Bruno Silva")
        tokens = {line.split("token=")[1] for line in (lines[0], ada[1], bruno[1])}
        assert len(tokens) == 3  # a token each
        for name, url in (ada, bruno):
            with httpx.Client(follow_redirects=True, timeout=60) as browser:
                assert f"Signed in as {name}" in browser.get(url).text
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_archon_serve_refuses_a_judge_named_twice_before_serving(cup):
    from click.testing import CliRunner

    from archon.cli import main

    r = CliRunner().invoke(main, ["serve", str(cup), "--no-browser", "--port", "0", "--judge", "Ada", "--judge", "Ada"])
    assert r.exit_code == 2 and "a judge's name is given once" in r.output and "'Ada'" in r.output
