"""The shells api and cli: one contract per command (its --help and its twin's
docstring say the same), --json errors as one object a script can read, the
api's refusals as messages, and a command line that loads only the command
it runs."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from archon import api
from archon.api.contracts import CONTRACTS, DOCSTRING
from archon.cli import COMMANDS, main
from archon.cli.words import CliRenderer
from archon.seating.seeds import SEEDS
from conftest import REPO

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def unwrapped(text: str) -> str:
    """``text`` without its white space: as wrapped for a terminal or a
    docstring (which may break a line after a hyphen) or not."""
    return "".join(text.split())


@pytest.fixture
def cup(tmp_path):
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--players", PLAYERS_CSV)
    assert r.exit_code == 0, r.output
    return path


def error_object(r) -> dict:
    """The one JSON object a failed command printed on standard output, after
    checking it says what standard error says, with the same exit status."""
    obj = json.loads(r.stdout)
    assert obj["ok"] is False and obj["exit_status"] == r.exit_code
    assert set(obj["error"]) == {"id", "fields", "text"}
    assert isinstance(obj["error"]["id"], str) and isinstance(obj["error"]["fields"], dict)
    assert r.stderr.strip() == "Error: " + obj["error"]["text"]
    return obj["error"]


# ---------------------------------------------------------------------------
# --json errors


def test_seating_a_seated_round_again_with_json_prints_the_refusal_as_one_object(cup):
    assert run("seat", cup, "--round", 1, "--seed", 4).exit_code == 0
    before = cup.read_bytes()
    r = run("seat", cup, "--round", 1, "--json")
    assert r.exit_code == 1
    error = error_object(r)
    assert error["id"] == "seat.already_seated"
    assert error["fields"]["round"] == 1
    assert error["fields"]["show"] == {"action": "seat", "args": {"round": 1, "show": True}}
    assert error["fields"]["again"] == {"action": "seat", "args": {"round": 1, "force": True}}
    # the command line's sentence names the command to type, with the workbook as typed, and the flag
    assert f"'archon seat {cup} --round 1 --show' prints it" in error["text"]
    assert "add --force to draw a new seating" in error["text"]
    assert cup.read_bytes() == before


@pytest.mark.parametrize("command", ["standings", "check"])
def test_an_unreadable_file_with_json_prints_one_object_and_exits_2(tmp_path, command):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"this is not a workbook")
    r = run(command, path, "--json")
    assert r.exit_code == 2
    error = error_object(r)
    assert "cup.xlsx" in error["text"]


def test_a_plan_that_cannot_be_asked_for_is_an_api_message_with_its_fields():
    r = run("plan", 3, "--json")
    assert r.exit_code == 2
    error = error_object(r)
    assert error == {"id": "api.plan_too_few", "fields": {"players": 3, "least": 4},
                     "text": "3 players: a seating plan needs at least 4"}


def test_a_usage_error_click_finds_with_json_is_an_object_too():
    r = run("score", "--json", "--edition", "1066", "1", "0", "0", "0")
    assert r.exit_code == 2
    obj = json.loads(r.stdout)
    assert obj["ok"] is False and obj["exit_status"] == 2 and obj["error"]["id"] == "cli.usage"
    assert "1066" in obj["error"]["text"]


def test_without_json_a_failure_prints_nothing_on_standard_output(tmp_path):
    path = tmp_path / "cup.xlsx"
    path.write_bytes(b"this is not a workbook")
    r = run("standings", path)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.startswith("Error: ")


# ---------------------------------------------------------------------------
# The api's refusals are messages; the command line names the workbook in them


def test_the_api_refuses_with_a_message_that_names_options_not_flags():
    with pytest.raises(api.InputError) as refused:
        api.plan(8, 2, time_budget=-1)
    assert refused.value.message.id == "api.bad_time_budget"
    with pytest.raises(api.InputError) as refused:
        api.result("cup.xlsx", [1, 2, 1, 1], round=1, table=1, final=True)
    said = refused.value.message
    assert said.id == "api.final_alone"
    assert str(refused.value) == "final records the final table: leave out round and table"
    assert CliRenderer("cup.xlsx").render(said) == "--final records the final table: leave out --round and --table"


def test_showing_a_round_not_seated_names_the_command_that_seats_it(cup):
    r = run("seat", cup, "--round", 2, "--show", "--json")
    assert r.exit_code == 1
    error = error_object(r)
    assert error["id"] == "api.round_not_seated"
    assert error["fields"] == {"file": "cup.xlsx", "round": 2, "seat": {"action": "seat", "args": {"round": 2}}}
    assert error["text"] == f"cup.xlsx: round 2 is not seated yet: seat it (archon seat {cup} --round 2)"


# ---------------------------------------------------------------------------
# One contract per command


def test_every_command_has_a_contract_and_every_contract_a_command():
    assert set(CONTRACTS) == set(COMMANDS) == set(main.list_commands(click.Context(main)))


def test_seat_help_and_the_twin_docstring_say_the_same_contract():
    contract = CONTRACTS["seat"]
    helped = unwrapped(run("seat", "--help").output)
    documented = unwrapped(api.seat.__doc__)
    sentence = unwrapped("Rounds already played stay as they were and count in the VEKN seating criteria")
    assert sentence in helped and sentence in documented
    cli = CliRenderer()
    for part in (contract.summary, contract.does, contract.exits):
        assert unwrapped(cli.render(part)) in helped
        assert unwrapped(DOCSTRING.render(part)) in documented
    # the twin's docstring names the options as arguments, the help as flags
    assert unwrapped("``show`` comes with ``seed``, ``force``, ``dry_run`` or ``time_budget``") in documented
    assert unwrapped("--show comes with --seed, --force, --dry-run or --time-budget") in helped


@pytest.mark.parametrize("name", sorted(CONTRACTS))
def test_each_help_shows_its_whole_contract_and_its_exit_statuses(name):
    helped = unwrapped(run(name, "--help").output)
    cli = CliRenderer()
    contract = CONTRACTS[name]
    for part in (contract.summary, contract.does, contract.exits):
        text = cli.render(part)
        assert "{" not in text, f"{name}: a field of its contract is missing: {text}"
        assert unwrapped(text) in helped, name
    assert unwrapped("Exit status:") in helped
    twin = getattr(api, name, None)
    if callable(twin):
        assert unwrapped(contract.text(DOCSTRING)) in unwrapped(twin.__doc__), name


# ---------------------------------------------------------------------------
# The lazy group


def test_the_list_of_commands_names_every_command_with_its_contract():
    r = run("--help")
    assert r.exit_code == 0
    listed = r.output.split("Commands:")[1]
    for name in COMMANDS:
        assert f"\n  {name} " in listed, name
    assert "Seat a preliminary round with archon's seating engine." in listed


CHILD = """
import sys
from archon.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exit:
    status = exit.code
heavy = ("openpyxl", "pandas", "xlsxwriter", "xlrd", "starlette", "uvicorn", "jinja2", "filelock",
         "archon.formats.workbook", "archon.formats.workbook.safety", "archon.across", "archon.reports", "archon.web")
loaded = sorted(m for m in heavy if m in sys.modules)
from archon.cli import COMMANDS
commands = sorted({where.partition(":")[0] for where in COMMANDS.values()} & set(sys.modules))
print(repr((status, loaded, commands)), file=sys.stderr)
"""


def loaded_by(*args) -> tuple:
    """(exit status, heavy modules loaded, command modules loaded) of ``archon args`` in a new process."""
    proc = subprocess.run([sys.executable, "-c", CHILD, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    return eval(proc.stderr.strip().splitlines()[-1])


def test_help_and_score_load_no_workbook_pandas_or_web_module():
    assert loaded_by("--help") == (0, [], [])
    assert loaded_by("score", "5", "0", "0", "0", "0") == (0, [], ["archon.cli.scoring"])


def test_a_command_loads_its_own_module_only():
    status, _, commands = loaded_by("standings", str(REPO / "samples" / "sample-event.xlsx"))
    assert status == 0 and commands == ["archon.cli.workbooks"]


# ---------------------------------------------------------------------------
# One range for every fresh seed


def test_a_fresh_seed_comes_from_the_one_range(cup):
    assert api.plan(8, 2).seed in SEEDS
    assert api.seat(cup, 1, dry_run=True).seed in SEEDS
