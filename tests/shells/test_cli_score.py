"""`archon score`: the table calculator on the command line."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner

from archon import __version__
from archon.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_version_and_help():
    r = run("--version")
    assert r.exit_code == 0 and __version__ in r.output
    r = run("--help")
    assert r.exit_code == 0 and "score" in r.output


def test_legal_table_prints_each_seat_and_exits_0():
    r = run("score", "1.5", "0", "0.5", "1.5", "0")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    # seat 1: 1.5 VP, no GW, 54 TP (tied for first with seat 4)
    assert lines[1].split() == ["1", "1.5", "0", "54"]
    assert lines[5].split() == ["5", "0", "0", "18"]
    assert "legal" in lines[-1]


def test_illegal_table_says_why_and_exits_1():
    r = run("score", "2", "0", "0", "1.5")
    assert r.exit_code == 1
    assert "invalid" in r.output and "seats 1 and 4" in r.output


def test_json_output_contract():
    r = run("score", "--json", "2", "0", "1.5", "0")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert data["legal"] is True and data["status"] == "complete" and data["reason"] is None
    assert data["seats"][0] == {"seat": 1, "vp": 2.0, "gw": 1, "tp": 60.0}
    assert [s["tp"] for s in data["seats"]] == [60, 18, 48, 18]
    # exactly the keys and types of the contract
    assert set(data) == {"schema", "legal", "status", "reason", "seats"} and data["schema"] == "archon.score/1"
    for s in data["seats"]:
        assert set(s) == {"seat", "vp", "gw", "tp"}
        assert (type(s["seat"]), type(s["vp"]), type(s["gw"]), type(s["tp"])) == (int, float, int, float)
    r = run("score", "--json", "2", "0", "0", "1.5")
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert data["legal"] is False and data["status"] == "invalid" and "seats 1 and 4" in data["reason"]


def test_decimal_comma_is_accepted():
    r = run("score", "--json", "1,5", "0", "0,5", "0,5")
    assert json.loads(r.output)["legal"] is True


def test_stdin_one_json_object_per_line():
    r = run("score", "-", input="1.5 0 1.5 0 0.5\n\n2 0 0 1.5\n")
    assert r.exit_code == 1  # the second table is illegal
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert [o["legal"] for o in objs] == [True, False]
    assert [s["tp"] for s in objs[0]["seats"]] == [54, 18, 54, 18, 36]


def test_stdin_all_legal_exits_0():
    r = run("score", "-", input="5 0 0 0 0\n0.5 0.5 0.5 0.5\n")
    assert r.exit_code == 0


def test_unreadable_input_exits_2_without_traceback():
    r = run("score", "2", "zero", "1", "1")
    assert r.exit_code == 2
    assert "zero" in r.output and "Traceback" not in r.output
    r = run("score", "-", input="1 2 x\n")
    assert r.exit_code == 2 and "line 1" in r.output


def test_infinite_or_not_a_number_vps_are_unreadable():
    for vps in (["inf", "0", "0", "0"], ["nan", "1", "1", "1"], ["1e999", "0", "0", "0"]):
        r = run("score", *vps)
        assert r.exit_code == 2, r.output
        assert vps[0] in r.output and "Traceback" not in r.output
    r = run("score", "-", input="0 0 0 0\ninf 0 0 0\n")
    assert r.exit_code == 2 and "line 2" in r.output


def test_wrong_table_size_is_unreadable():
    r = run("score", "1", "1", "1")
    assert r.exit_code == 2 and "4 or 5" in r.output


def test_edition_changes_withdrawal_vp():
    assert run("score", "0.5", "3", "0", "0").exit_code == 0
    assert run("score", "--edition", "2001", "0.5", "3", "0", "0").exit_code == 1


def test_every_command_has_a_documented_python_twin():
    import archon.api as api
    from archon.rules.editions import EDITIONS

    for name in main.list_commands(click.Context(main)):
        if name == "editions":  # a listing: its Python twin is the table archon.rules.editions.EDITIONS
            assert EDITIONS
            continue
        if name == "serve":  # the console is a shell over archon.api: its twin is archon.web.serve
            import archon.web as web

            assert "serve" in web.__all__ and "archon serve" in (web.serve.__doc__ or "")
            continue
        if name == "cards":  # a group of one: 'archon cards update' has the twin archon.api.cards_update
            assert "cards_update" in api.__all__ and "archon cards update" in (api.cards_update.__doc__ or "")
            continue
        assert name in api.__all__, f"archon.api.{name} is not exported"
        twin = getattr(api, name)
        assert callable(twin) and f"archon {name}" in (twin.__doc__ or ""), f"archon.api.{name} is not documented"
