"""`archon seat FILE --round N --json` and its twin's ``.seating``: the round's
tables, its score and, criterion by criterion, the bound no seating can beat
("optimal" or the gap), with the keys of `archon plan --json` (issue 13, Proof)."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.seating import RULES
from archon.formats.workbook import load_event
from conftest import official_file

NAMES = ["Ada Lovelace", "Bob Ross", "Cy Twombly", "Di Fox", "Ed Wood"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def five_player_event(tmp_path):
    """A copy of the official Archon with five players registered."""
    path = tmp_path / "five.xlsx"
    shutil.copyfile(official_file(), path)  # the original is read-only (mode 444)
    path.chmod(0o644)
    for name in NAMES:
        assert run("register", path, name).exit_code == 0
    return path


def test_seat_json_prints_the_table_names_and_per_criterion_bound_and_gap(tmp_path):
    path = five_player_event(tmp_path)
    first = run("seat", path, "--round", 1, "--seed", 3, "--json")
    assert first.exit_code == 0, first.output
    one = json.loads(first.stdout)  # one JSON object, nothing else on standard output
    assert list(one) == ["schema", "round", "seed", "tables", "score", "bounds", "optimal", "gaps", "edit"]
    assert one["edit"] is None  # a seating drawn, not edited
    assert one["round"] == 1 and one["seed"] == 3
    # five players: one table of five, each with the name registered
    assert len(one["tables"]) == 1
    assert sorted((s["number"], s["name"]) for s in one["tables"][0]) == list(enumerate(NAMES, start=1))
    # the workbook holds that seating, in seat order
    assert [list(t.players) for t in load_event(path).round(1).tables] == [[s["number"] for s in one["tables"][0]]]
    # one round of one table: nothing is repeated yet, and that is the best any seating can do
    for rule in ("R1", "R2", "R4", "R5", "R6", "R7", "R9"):
        assert one["score"][rule] == 0 and one["bounds"][rule] == 0, rule
    assert all(one["optimal"][rule] is True and one["gaps"][rule] == 0 for rule in RULES)

    second = json.loads(run("seat", path, "--round", 2, "--seed", 3, "--json").stdout)
    assert second["round"] == 2
    assert sorted(s["number"] for s in second["tables"][0]) == [1, 2, 3, 4, 5]
    # the same five at the one table again: each of the 10 pairs of players
    # meets in every round (R2) and more than once (R4); no seating avoids it,
    # so 10 is the bound and the seating reaches it
    for rule in ("R2", "R4"):
        assert second["score"][rule] == 10 and second["bounds"][rule] == 10 and second["optimal"][rule] is True
    assert second["score"]["R1"] == 0 and second["optimal"]["R1"] is True
    for rule in RULES:  # a gap is what the seating is above its bound
        gap = second["score"][rule] - second["bounds"][rule]
        assert abs(second["gaps"][rule] - (0 if second["optimal"][rule] else gap)) < 1e-9, rule


def test_seat_json_uses_the_keys_of_plan_json_for_the_proof(tmp_path):
    path = five_player_event(tmp_path)
    seat = json.loads(run("seat", path, "--round", 1, "--seed", 1, "--json").stdout)
    plan = json.loads(run("plan", 5, "--rounds", 1, "--seed", 1, "--json").stdout)
    for key in ("score", "bounds", "optimal", "gaps"):
        assert list(seat[key]) == list(plan[key]) == list(RULES), key


def test_the_twin_carries_the_proof_the_command_prints(tmp_path):
    path = five_player_event(tmp_path)
    rep = api.seat(path, 1, seed=3)
    seating = rep.seating
    assert seating.round == 1 and seating.seed == 3
    assert [p for p, _ in seating.tables[0]] == list(load_event(path).round(1).tables[0].players)
    assert dict(seating.tables[0])[1] == "Ada Lovelace"
    assert set(seating.proof) == set(RULES) and all(p.optimal for p in seating.proof.values())
    assert seating.as_dict()["optimal"] == {rule: True for rule in RULES}
    # the command prints the same: "optimal" on every criterion
    out = run("seat", path, "--round", 1, "--seed", 3, "--force").output
    assert "proven optimal on every criterion" in out
    assert "table 1: " in out and "Ada Lovelace" in out
