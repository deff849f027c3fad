"""samples/: the complete fictional event the README's quickstart runs on."""

from __future__ import annotations

import csv
import json
import re
import shlex
import shutil

from click.testing import CliRunner

from archon.cli import main
from conftest import REPO

SAMPLES = REPO / "samples"
WORKBOOK = SAMPLES / "sample-event.xlsx"
PLAYERS_CSV = SAMPLES / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def standings():
    r = run("standings", WORKBOOK, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_the_sample_is_a_complete_3r_f_event_of_about_25_players_with_a_final():
    data = standings()
    assert data["event"]["format"] == "3R+F" and 20 <= data["event"]["players"] <= 30
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    for r in data["rounds"]:
        seated = [s["player"] for t in r["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(p["number"] for p in data["players"]), f"round {r['round']}"
        assert all(t["status"] == "complete" for t in r["tables"]), f"round {r['round']}"
    final = data["final"]
    assert final is not None and len(final["seats"]) == 5 and final["winner"] is not None
    assert all(s["vp"] is not None for s in final["seats"])
    winner = [p for p in data["players"] if p["final_rank"] == 1]
    assert [p["number"] for p in winner] == [final["winner"]]
    # nothing for an organizer to fix (seating notes aside)
    assert run("check", WORKBOOK).exit_code == 0


def test_the_sample_holds_the_players_of_its_csv_in_file_order():
    with open(PLAYERS_CSV, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    players = sorted(standings()["players"], key=lambda p: p["number"])
    assert [(p["first_name"], p["last_name"], p["city"], p["vekn"]) for p in players] == [
        (r["First Name"], r["Last Name"], r["City"], r["VEKN Number"]) for r in rows
    ]


def test_the_committed_sample_is_up_to_date_with_the_rules_engine(tmp_path):
    """Its results are values (built-in template): 'archon update' finds nothing to change."""
    copy = tmp_path / WORKBOOK.name
    shutil.copy2(WORKBOOK, copy)
    r = run("update", copy)
    assert r.exit_code == 0 and "already up to date" in r.output, r.output


def test_the_readme_quickstart_runs_on_the_sample(monkeypatch):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = [line.split("#")[0].strip() for block in re.findall(r"```(?:sh|bash)?\n(.*?)```", section, re.S)
                for line in block.splitlines() if line.strip().startswith("archon ")]
    assert any(c.startswith("archon standings samples/sample-event.xlsx") for c in commands), commands
    monkeypatch.chdir(REPO)
    winner = standings()["final"]["winner"]
    for command in commands:
        r = CliRunner().invoke(main, shlex.split(command)[1:])
        assert r.exit_code == 0, f"{command}: {r.output}"
        if command.split()[1] == "standings" and "--json" not in command and "--csv" not in command:
            assert f"(#{winner})" in r.output  # the table names the winner
