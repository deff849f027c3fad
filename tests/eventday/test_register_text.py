"""A player's name, city (and a judge's reason) with a control character, or
longer than a workbook cell holds, is refused before anything is written
(exit status 2, naming the field); it was written as "_x0000_", or refused
by the writer with exit status 3 naming a cell but no sheet."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.eventday import WrongInput
from archon.formats.workbook import load_event
from conftest import official_file
from test_eventday import said


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def blank(tmp_path):
    path = tmp_path / "cup.xlsx"
    shutil.copyfile(official_file(), path)  # the original is read-only (mode 444)
    path.chmod(0o644)
    return path


@pytest.mark.parametrize("args, field, shown", [
    (["Ada\x00 Lovelace"], "player's name", "'Ada\\x00 Lovelace'"),
    (["Ada Love\x1blace"], "player's name", "'Ada Love\\x1blace'"),
    (["Ada Lovelace", "--city", "Pa\x01ris"], "city", "'Pa\\x01ris'"),
    (["Ada Lovelace", "--city", "Paris\x7f"], "city", "'Paris\\x7f'"),
])
def test_register_refuses_a_control_character_naming_the_field(blank, args, field, shown):
    before = blank.read_bytes()
    r = run("register", blank, *args)
    assert r.exit_code == 2, r.output
    assert f"the {field} {shown} holds a control character" in r.output
    assert "type it again" in r.output and "Traceback" not in r.output
    assert blank.read_bytes() == before  # nothing written


def test_a_tab_or_line_break_in_a_name_is_a_space(blank):
    r = run("register", blank, "Ada\tLovelace", "--city", "New\nYork")
    assert r.exit_code == 0, r.output
    p = load_event(blank).players[0]
    assert (p.name, p.city) == ("Ada Lovelace", "New York")


@pytest.mark.parametrize("args, field", [
    (["A" * 40_000 + " Lovelace"], "player's name"),
    (["Ada Lovelace", "--city", "P" * 32_768], "city"),
])
def test_register_refuses_a_text_longer_than_a_cell_before_writing(blank, args, field):
    before = blank.read_bytes()
    r = run("register", blank, *args)
    assert r.exit_code == 2, r.output
    assert f"the {field} is " in r.output and "a workbook cell holds at most 32,767" in r.output
    assert blank.read_bytes() == before


def test_a_city_of_exactly_a_cells_length_is_registered(blank):
    assert run("register", blank, "Ada Lovelace", "--city", "P" * 32_767).exit_code == 0
    assert load_event(blank).players[0].city == "P" * 32_767


def test_a_players_csv_with_a_control_character_is_refused_naming_its_line(blank, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text("First Name,Last Name,City\nAda,Lovelace,London\nBob,R\x01oss,Paris\n", encoding="utf-8")
    before = blank.read_bytes()
    r = run("register", blank, "--from", csv)
    assert r.exit_code == 2, r.output
    assert "players.csv, line 3: the last name 'R\\x01oss' holds a control character" in r.output
    assert blank.read_bytes() == before  # all or none: Ada is not registered either


def test_the_twin_refuses_it_too(blank):
    with pytest.raises(WrongInput, match="the player's name 'Lovelace, Ada\\\\x00' holds a control character"):
        api.register(blank, "Lovelace, Ada\x00")
    assert load_event(blank).players == []


def test_a_judges_reason_with_a_control_character_is_refused(tmp_path):
    path = tmp_path / "five.xlsx"
    shutil.copyfile(official_file(), path)
    path.chmod(0o644)
    for name in ("Ada Lovelace", "Bob Ross", "Cy Twombly", "Di Fox", "Ed Wood"):
        assert run("register", path, name).exit_code == 0
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    before = path.read_bytes()
    r = run("result", path, "--round", 1, "--table", 1, "5", "5", "0", "0", "0", "--override", "ok\x00")
    assert r.exit_code == 2, r.output
    assert "the judge's reason 'ok\\x00' holds a control character" in r.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("option, value, message", [
    ("--name", "N" * 33_000, "the event name is 33,000 characters long: a workbook cell holds at most 32,767"),
    ("--city", "Ly\x02on", "the event city 'Ly\\x02on' holds a control character"),
    ("--organizer", "O" * 32_768, "the event organizer is 32,768 characters long"),
])
def test_new_refuses_an_event_text_a_cell_cannot_hold_and_writes_nothing(tmp_path, option, value, message):
    path = tmp_path / "cup.xlsx"
    r = run("new", path, option, value)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert not path.exists()


def test_the_writer_names_the_sheet_of_a_text_too_long_for_its_cell(blank):
    # the commands refuse such a text first; a program writing an event
    # itself is told the sheet and cell, and the workbook is left as it was
    from archon.rules.model import Player
    from archon.formats.workbook import write_event

    before = blank.read_bytes()
    ev = load_event(blank)
    ev.players.append(Player(1, "A" * 40_000, "Lovelace"))
    with pytest.raises(ValueError, match="sheet 'Methuselahs', cell B7: a text of 40,000 characters, "
                                         "longer than a cell holds \\(32,767\\)"):
        write_event(blank, ev)
    assert blank.read_bytes() == before


def test_a_last_name_of_several_words_is_typed_last_name_first_and_a_long_name_says_its_split(blank):
    """Trial finding 13: "Carl de la Cruz" was stored as first name "Carl de la",
    last name "Cruz" without a word, and that is what the vekn.net upload sends."""
    r = run("register", blank, "Carl de la Cruz")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1] == (
        '"Carl de la Cruz" is read as first name "Carl de la", last name "Cruz" (the last word), as vekn.net '
        'receives it; for last name "de la Cruz" type it last name first: "de la Cruz, Carl"'), r.output
    p = load_event(blank).player(1)
    assert (p.first_name, p.last_name) == ("Carl de la", "Cruz")
    r = run("register", blank, "de la Cruz, Maria")  # what the message says to type
    assert r.exit_code == 0 and "read as" not in r.output, r.output
    p = load_event(blank).player(2)
    assert (p.first_name, p.last_name) == ("Maria", "de la Cruz")
    rep = api.register(blank, "Anna Kowalski")  # two words: nothing to say
    assert not any("read as" in line for line in said(rep.lines))
    rep = api.register(blank, "Jean Paul Sartre", dry_run=True)
    assert '"Jean Paul Sartre" is read as first name "Jean Paul", last name "Sartre"' in said(rep.lines)[1]


def test_a_players_csv_with_one_name_column_says_how_long_names_were_split(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text('Name,VEKN\nCarl de la Cruz,\nAnna Kowalski,\n"de la Rosa, Ana",\n', encoding="utf-8")
    said = ('players.csv, line 2: "Carl de la Cruz" is read as first name "Carl de la", last name "Cruz" (the '
            'last word), as vekn.net receives it; for last name "de la Cruz" type it last name first: '
            '"de la Cruz, Carl"')
    r = run("new", tmp_path / "cup.xlsx", "--players", players)
    assert r.exit_code == 0 and said in r.output.splitlines(), r.output
    assert "Kowalski" not in r.output and "Rosa" not in r.output  # two words, or "Last, First": nothing to say
    r = run("new", tmp_path / "late.xlsx")
    r = run("register", tmp_path / "late.xlsx", "--from", players)
    assert r.exit_code == 0 and r.output.splitlines()[3] == said, r.output
    p = load_event(tmp_path / "late.xlsx").player(3)
    assert (p.first_name, p.last_name) == ("Ana", "de la Rosa")
