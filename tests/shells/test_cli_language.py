"""The commands speak the organizer's language (issue 21): ``--lang`` on the
group or on the command, else ``ARCHON_LANG``, else the system's locale,
else English; refusals, summaries and counts in that language, with its own
plural forms and decimal comma; JSON the same in every language."""

from __future__ import annotations

import ast
import string

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.words.catalogue import TEXTS
from conftest import REPO

PLAYERS_CSV = REPO / "samples" / "players.csv"

#: No language chosen by the environment the tests run in.
NO_LANGUAGE = {"ARCHON_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env={**NO_LANGUAGE, **(env or {})})


def event_of(folder, players: int):
    """A new event (archon's own template) with the first ``players`` of the sample players."""
    rows = PLAYERS_CSV.read_text(encoding="utf-8").splitlines()
    csv = folder / f"players{players}.csv"
    csv.write_text("\n".join(rows[:players + 1]) + "\n", encoding="utf-8")
    path = folder / f"event{players}.xlsx"
    r = run("new", path, "--players", csv)
    assert r.exit_code == 0, r.output
    return path


@pytest.fixture(scope="module")
def four(tmp_path_factory):
    """A 4-player event, round 1 seated: its one table takes results."""
    path = event_of(tmp_path_factory.mktemp("four"), 4)
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    return path


# What a result no game can give is refused with, in English and in Spanish.
ENGLISH_REFUSAL = ("if a judge accepts this result", "check the VPs with the table", "record it with")
SPANISH_REFUSAL = ("si un juez acepta este resultado", "compruebe los PV con la mesa")
IMPOSSIBLE = ("--round", 1, "--table", 1, "1", "1", "1", "1")  # four players cannot all score 1 VP


def test_an_impossible_table_is_refused_in_spanish_with_the_english_exit_status(four):
    before = four.read_bytes()
    english = run("result", four, *IMPOSSIBLE)
    spanish = run("--lang", "es", "result", four, *IMPOSSIBLE)
    assert english.exit_code == spanish.exit_code == 1
    assert all(words in english.output for words in ENGLISH_REFUSAL)
    assert all(words in spanish.output for words in SPANISH_REFUSAL), spanish.output
    assert not any(words in spanish.output for words in ENGLISH_REFUSAL), spanish.output
    assert four.read_bytes() == before


def test_lang_after_the_commands_name_works_too(four):
    spanish = run("result", four, *IMPOSSIBLE, "--lang", "es")
    assert spanish.exit_code == 1
    assert all(words in spanish.output for words in SPANISH_REFUSAL), spanish.output
    assert not any(words in spanish.output for words in ENGLISH_REFUSAL)


PLAN = ("plan", 12, "--rounds", 2, "--seed", 2)


@pytest.mark.parametrize("env, first_line", [
    ({}, "12 players, 2 rounds, seed 2"),
    ({"ARCHON_LANG": "fr"}, "12 joueurs, 2 rondes, graine 2"),
    ({"LANG": "de_DE.UTF-8"}, "12 Spieler, 2 Runden, Seed 2"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "12 players, 2 rounds, seed 2"),  # gettext's order: LC_ALL first
    ({"ARCHON_LANG": "fr", "LANG": "de_DE.UTF-8"}, "12 joueurs, 2 rondes"),
])
def test_the_environment_chooses_the_language(env, first_line):
    r = run(*PLAN, env=env)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith(first_line)


@pytest.mark.parametrize("where", ["group", "command"])
def test_lang_beats_archon_lang_and_the_locale(where):
    args = ["--lang", "pl", *PLAN] if where == "group" else [*PLAN, "--lang", "pl"]
    r = run(*args, env={"ARCHON_LANG": "fr", "LANG": "de_DE.UTF-8"})
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("12 graczy, 2 rundy, ziarno 2")


@pytest.mark.parametrize("where", ["group", "command"])
def test_an_unknown_language_is_wrong_usage_naming_the_languages(where):
    args = ["--lang", "xx", *PLAN] if where == "group" else [*PLAN, "--lang", "xx"]
    r = run(*args)
    assert r.exit_code == 2
    assert "'xx'" in r.output
    assert all(code in r.output for code in ("en", "fr", "es", "it", "pt", "de", "pl", "cs"))


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    """Events of 4, 8 and 25 players (1, 2 and 5 tables), nothing seated."""
    folder = tmp_path_factory.mktemp("sizes")
    return {n: event_of(folder, n) for n in (4, 8, 25)}


@pytest.mark.parametrize("lang, players, tables", [
    ("pl", 4, "1 stół"), ("pl", 8, "2 stoły"), ("pl", 25, "5 stołów"),
    ("cs", 4, "1 stůl"), ("cs", 8, "2 stoly"), ("cs", 25, "5 stolů"),
    ("en", 4, "1 table"), ("en", 8, "2 tables"),
])
def test_seating_counts_the_tables_in_the_languages_plural_forms(events, lang, players, tables):
    r = run("--lang", lang, "seat", events[players], "--round", 1, "--seed", 4, "--dry-run")
    assert r.exit_code == 0, r.output
    assert f" {tables} (" in r.output, r.output


def test_figures_and_vps_a_person_reads_take_the_decimal_comma():
    english = run("score", "1.5", "0", "0.5", "1.5", "0")
    french = run("--lang", "fr", "score", "1.5", "0", "0.5", "1.5", "0")
    assert english.exit_code == french.exit_code == 0
    assert "1.5" in english.output and "1,5" not in english.output
    assert "1,5" in french.output and "0,5" in french.output and "1.5" not in french.output
    assert "légal" in french.output


@pytest.mark.parametrize("args", [
    ("plan", 12, "--rounds", 2, "--seed", 2, "--json"),
    ("plan", 6, "--json", "--archon"),  # a refusal of the command line's own
    ("score", "--json", "1", "1", "1", "1"),
])
def test_a_json_output_is_the_same_in_every_language(args):
    english = run(*args)
    for lang in ("fr", "es", "pl", "cs", "de"):
        other = run("--lang", lang, *args)
        assert other.exit_code == english.exit_code
        assert other.stdout == english.stdout, lang


def test_a_refusal_with_json_says_it_in_the_language_on_standard_error_only():
    r = run("--lang", "pl", "plan", 6, "--json", "--archon")
    assert r.exit_code == 2
    assert "podaj tylko jedno" in r.stderr
    assert "give one of them" in r.stdout and "podaj" not in r.stdout


def _cli_ids():
    """Every message id archon/cli says or prints: the first argument of
    say, as_printed or message (archon.words' say), when it is a constant."""
    for path in sorted((REPO / "archon" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("say", "as_printed", "message") and node.args
                    and isinstance(node.args[0], ast.Constant) and str(node.args[0].value).startswith("cli.")):
                yield path.name, node.lineno, node.args[0].value, {k.arg for k in node.keywords} - {"err"}


def test_every_sentence_the_command_line_prints_is_a_message_with_its_fields():
    ids = list(_cli_ids())
    assert len(ids) > 50  # the command line's own sentences are messages
    bad = []
    for name, line, mid, given in ids:
        if mid not in TEXTS:
            bad.append(f"{name}:{line}: {mid} is in no catalogue")
            continue
        wanted = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(TEXTS[mid]) if f}
        if wanted - given:
            bad.append(f"{name}:{line}: {mid} lacks {sorted(wanted - given)}")
    assert not bad, "\n".join(bad)


def test_a_header_word_longer_in_the_language_widens_its_column(four):
    r = run("--lang", "es", "standings", four)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    header, rows = lines[1], lines[3:7]
    assert header.split()[0] == "puesto" and header.endswith("clasificación")
    assert len(rows) == 4 and all(len(row) == len(header) for row in rows), r.output  # the figures end under it
