"""`archon new`, `update` and `convert`: --dry-run writes nothing; `new`
records the deck format and says how many players it registered; counts
are said in good English ("1 cell", "1 player")."""

from __future__ import annotations

import shutil

import openpyxl
from click.testing import CliRunner

from archon.cli import main
from archon.formats.workbook import read_event
from conftest import REPO, official_file

SAMPLE = REPO / "samples" / "sample-event.xlsx"


def run(*args) -> str:
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, r.output
    return r.output


def players_csv(path, n: int):
    rows = ["Name,VEKN,City"] + [f"Player{k} Surname{k},{3000800 + k},Brest" for k in range(1, n + 1)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_new_dry_run_checks_everything_and_creates_nothing(tmp_path):
    out = run("new", tmp_path / "cup.xlsx", "--players", players_csv(tmp_path / "p.csv", 3), "--dry-run")
    assert "would create" in out and "would register 3 players" in out and "dry run: nothing written" in out
    assert list(tmp_path.glob("*.xlsx")) == []


def test_update_dry_run_says_what_it_would_write_and_leaves_the_file(tmp_path):
    book = tmp_path / "cup.xlsx"
    shutil.copy(SAMPLE, book)
    before = book.read_bytes()
    out = run("update", book, "--edition", "2004", "--dry-run")  # the 2004 rules rank by VP: results change
    would = out.split("would write ")[1].split(" cells")[0]
    assert int(would) > 0 and "dry run: nothing written" in out
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]  # no backup either
    out = run("update", book, "--edition", "2004")
    assert f"wrote {would} cells" in out and book.read_bytes() != before


def test_convert_dry_run_converts_and_checks_but_writes_nothing(tmp_path):
    out = run("convert", SAMPLE, tmp_path / "new.xlsx", "--dry-run")
    assert f"would write {tmp_path / 'new.xlsx'}" in out and "archon check new.xlsx: no problems found" in out
    assert "dry run: nothing written" in out
    assert list(tmp_path.iterdir()) == []


def test_new_records_the_deck_format_and_says_how_many_players_it_registered(tmp_path):
    one = run("new", tmp_path / "one.xlsx", "--players", players_csv(tmp_path / "one.csv", 1),
              "--deck-format", "limited")
    assert "registered 1 player (#1)" in one and "player(s)" not in one
    assert openpyxl.load_workbook(tmp_path / "one.xlsx")["Tournament Info"]["B8"].value == "Limited"
    five = run("new", tmp_path / "five.xlsx", "--players", players_csv(tmp_path / "five.csv", 5),
               "--template", official_file("xlsx"), "--deck-format", "Constructed")
    assert "registered 5 players (numbered 1 to 5)" in five
    assert read_event(tmp_path / "five.xlsx").event.deck_format == "Constructed"
    assert openpyxl.load_workbook(tmp_path / "five.xlsx")["Tournament Info"]["B8"].value == "Constructed"
    r = CliRunner().invoke(main, ["new", str(tmp_path / "x.xlsx"), "--deck-format", "Sealed"])
    assert r.exit_code == 2 and "Constructed" in r.output and not (tmp_path / "x.xlsx").exists()


def test_a_limited_event_is_of_the_limited_level_unless_told_otherwise(tmp_path):
    """The Archon's levels include "Limited" (Appendix A rates Limited events
    apart): a Limited event created without --level is of that level, and
    the command says the level the workbook got."""
    from archon import api

    out = run("new", tmp_path / "sealed.xlsx", "--deck-format", "limited")
    assert "level Limited, Limited)" in out and "Standard Constructed" not in out
    assert read_event(tmp_path / "sealed.xlsx").event.level == "Limited"
    api.new(tmp_path / "twin.xlsx", deck_format="Limited")
    assert read_event(tmp_path / "twin.xlsx").event.level == "Limited"
    out = run("new", tmp_path / "nq.xlsx", "--deck-format", "Limited", "--level", "national qualifier")
    assert "level National Qualifier, Limited)" in out
    assert read_event(tmp_path / "nq.xlsx").event.level == "National Qualifier"
    out = run("new", tmp_path / "plain.xlsx")
    assert "level Standard Constructed)" in out
    assert read_event(tmp_path / "plain.xlsx").event.level == "Standard Constructed"


def test_one_cell_written_is_said_in_the_singular(tmp_path):
    book = tmp_path / "cup.xlsx"
    run("new", book, "--players", players_csv(tmp_path / "p.csv", 5), "--template", official_file("xlsx"))
    out = run("drop", book, "3")  # an official Archon: only the DQ flag is written
    assert "wrote 1 cell (official workbook)" in out


def test_a_command_that_takes_over_a_second_says_it_is_working(tmp_path, monkeypatch):
    """'archon result' on a large official workbook can take a second: it then
    says so on standard error (here the second is made 0); one done before the
    second (here an hour) says nothing."""
    from archon.cli import progress

    book = tmp_path / "cup.xlsx"
    shutil.copy(SAMPLE, book)
    monkeypatch.setattr(progress, "SIGN_OF_LIFE_AFTER", 3600)
    quick = CliRunner().invoke(main, ["info", str(book), "--organizer", "Ada Lovelace"])  # the finished sample takes it
    assert quick.exit_code == 0 and "working on" not in quick.stderr
    monkeypatch.setattr(progress, "SIGN_OF_LIFE_AFTER", 0)
    slow = CliRunner().invoke(main, ["info", str(book), "--organizer", "Grace Hopper"])
    assert slow.exit_code == 0 and f"working on {book}" in slow.stderr
    assert "working on" not in slow.stdout  # the output stays clean for scripts


def test_counts_are_said_in_good_english(tmp_path):
    """'1 problem, 0 errors', never '1 problem(s), 0 error(s)'."""
    from archon.rules.model import Event, Player
    from archon.formats.workbook import new_event

    book = tmp_path / "club.xlsx"
    new_event(book, Event(name="Club", level="", preliminary_rounds=2,
                          players=[Player(n, f"P{n}", "Test", vekn=str(3000400 + n)) for n in range(1, 5)]))
    r = CliRunner().invoke(main, ["check", str(book)])
    assert "1 problem, 0 errors" in r.output and "(s)" not in r.output  # the blank level: a warning
