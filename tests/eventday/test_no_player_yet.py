"""An event with no player registered yet: a command naming a player says so
("no player is registered yet"), not "players are numbered 1 to 0"."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from archon.cli import main
from conftest import official_file


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(params=["new", "official"])
def empty_event(request, tmp_path):
    path = tmp_path / "cup.xlsx"
    if request.param == "new":
        assert run("new", path).exit_code == 0
    else:
        shutil.copyfile(official_file(), path)  # the original is read-only (mode 444)
        path.chmod(0o644)
    return path


@pytest.mark.parametrize("command", [["drop", "3"], ["drop", "3", "--undo"], ["unregister", "3"], ["drop", "Ada"]])
def test_naming_a_player_before_any_is_registered(empty_event, command):
    before = empty_event.read_bytes()
    r = run(command[0], empty_event, *command[1:])
    assert r.exit_code == 2, r.output
    assert "no player is registered yet: register the players first" in r.output
    assert "1 to 0" not in r.output
    assert empty_event.read_bytes() == before


def test_seating_before_any_player_is_registered(empty_event):
    r = run("seat", empty_event, "--round", 1)
    assert r.exit_code == 1, r.output
    assert "no player is registered yet" in r.output and "0 players" not in r.output


def test_one_player_registered_is_number_1(empty_event):
    assert run("register", empty_event, "Ada Lovelace").exit_code == 0
    r = run("drop", empty_event, "3")
    assert r.exit_code == 2
    assert "no player has the number or VEKN number 3: players are numbered 1 (" in r.output
