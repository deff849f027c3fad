"""Standard input: ``register --from -`` and ``new --players -`` read the
players CSV from it (a sign-up form's export piped in), and ``score -``
answers each line as soon as it is read, not once the input ends (issue 23)."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys

from click.testing import CliRunner

from archon.cli import main
from conftest import REPO

PLAYERS = REPO / "samples" / "players.csv"
LATECOMERS = "First Name,Last Name,VEKN Number,City\nZoe,Latecomer,1234567,Lyon\nYves,Tardif,,Nantes\n"


def run(*args, stdin=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def registered(path) -> dict:
    data = json.loads(run("standings", path, "--json").stdout)
    return {p["number"]: (p["first_name"], p["last_name"], p["vekn"], p["city"]) for p in data["players"]}


def test_new_and_register_read_the_players_csv_from_standard_input(tmp_path):
    path = tmp_path / "cup.xlsx"
    made = run("new", path, "--players", "-", stdin=PLAYERS.read_bytes())
    assert made.exit_code == 0, made.output
    from_file = tmp_path / "from-file.xlsx"
    assert run("new", from_file, "--players", PLAYERS).exit_code == 0
    assert registered(path) == registered(from_file) and len(registered(path)) == 25

    r = run("register", path, "--from", "-", "--json", stdin=LATECOMERS.encode("cp1252"))
    assert r.exit_code == 0, r.output
    said = json.loads(r.stdout)
    assert said["schema"] == "archon.register/1" and said["written"]
    players = registered(path)
    assert players[26] == ("Zoe", "Latecomer", "1234567", "Lyon") and players[27][:2] == ("Yves", "Tardif")
    assert len(players) == 27


def test_an_empty_standard_input_is_refused_naming_it_and_nothing_is_written(tmp_path):
    path = tmp_path / "cup.xlsx"
    assert run("new", path, "--players", PLAYERS).exit_code == 0
    before = path.read_bytes()
    r = run("register", path, "--from", "-", stdin=b"")
    assert r.exit_code != 0 and "stdin" in r.stderr and "Traceback" not in r.output
    assert path.read_bytes() == before


def test_the_help_of_register_and_new_says_dash_is_standard_input():
    for command, option in (("register", "--from"), ("new", "--players")):
        text = " ".join(run(command, "--help").stdout.split())
        assert option in text and "'-' reads it from standard input" in text, command


def _line_within(proc, seconds: float) -> str:
    """The next line ``proc`` prints, waiting at most ``seconds`` (generous:
    this asserts that an answer comes before standard input is closed)."""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    try:
        assert sel.select(seconds), "no answer while standard input stays open"
        return proc.stdout.readline()
    finally:
        sel.unregister(proc.stdout)


def test_score_dash_answers_each_line_before_standard_input_ends():
    env = {**os.environ, "PYTHONUNBUFFERED": "0", "ARCHON_LANG": "en"}
    proc = subprocess.Popen([sys.executable, "-m", "archon", "score", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        proc.stdin.write("5 0 0 0 0\n")
        proc.stdin.flush()
        first = json.loads(_line_within(proc, 60))
        assert first["schema"] == "archon.score/1" and first["legal"] is True
        assert [s["gw"] for s in first["seats"]] == [1, 0, 0, 0, 0]
        proc.stdin.write("1 1 1 1\n")  # every seat 1 VP at a table of 4: no game ends so
        proc.stdin.flush()
        second = json.loads(_line_within(proc, 60))
        assert second["legal"] is False and second["status"] == "invalid"
        proc.stdin.close()
        assert proc.wait(timeout=60) == 1  # a line was not legal
        assert proc.stdout.read() == ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
