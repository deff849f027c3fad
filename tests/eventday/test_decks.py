"""A player's deck list recorded with the event: counted, checked, locked
when round 1 starts, unlocked by the head judge, undone, listed, exported."""

from __future__ import annotations

import json
import zipfile

from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.workbook import load_event
from archon.formats.workbook.xlsxpatch import read_custom_properties
from conftest import REPO
from test_eventday import book, small_no_final

DECKS = REPO / "tests" / "formats" / "decks"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def text(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


def test_a_deck_is_recorded_with_its_counts_and_problems_and_kept_in_the_workbook(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    r = run("deck", path, "Byron", DECKS / "illegal.txt")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "#1 Ada Byron's deck list recorded: 11 crypt cards, 91 library cards"
    assert "problem: the crypt has 11 cards: at least 12 are needed" in lines
    assert "problem: Protect Thine Own: banned since 2008" in lines
    assert "problem: the library has 91 cards: at most 90 are allowed" in lines
    assert any(line.startswith("problem: the crypt's vampires are of 3 groups 2-3-4") for line in lines)
    props = read_custom_properties(str(path))
    assert props["archon:deck:1"].endswith("|locked")
    stored = load_event(path).decks[1].deck
    assert (stored.crypt_count, stored.library_count) == (11, 91)
    listed = api.decks(path)
    assert [(d["player"], d["crypt"], d["library"]) for d in listed] == [
        (1, 11, 91), (2, None, None), (3, None, None), (4, None, None), (5, None, None)]
    assert [m.id for m in listed[0]["problems"]] == ["decks.crypt_too_small", "decks.library_too_large",
                                                      "decks.banned", "decks.too_many_groups"]


def test_deck_json_says_the_change_as_its_schema_says(tmp_path):
    from jsonschema import Draft202012Validator

    from archon.api.schemas import schema_of

    path = book(tmp_path, small_no_final(rounds=0))
    r = run("deck", path, 4, DECKS / "amaranth.txt", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    Draft202012Validator(schema_of("deck")).validate(data)
    assert data["schema"] == "archon.deck/1" and data["written"] is True and data["player"]["number"] == 4
    assert [m["id"] for m in data["messages"][:2]] == ["decks.recorded", "decks.legal"]
    assert data["messages"][0]["fields"]["crypt"] == 12 and data["messages"][0]["fields"]["library"] == 60
    r = run("deck", path, 4, tmp_path / "nothing.txt", "--json")
    assert r.exit_code == 2
    Draft202012Validator(schema_of("deck")).validate(json.loads(r.output.splitlines()[0]))  # then the error in words


def test_a_deck_is_read_from_standard_input_and_replaced_freely_before_round_1(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    r = run("deck", path, 2, "-", input=text("lackey.txt"))
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[:2] == ["#2 Bo Chen's deck list recorded: 14 crypt cards, 90 library cards",
                                         "the deck list follows the construction rules"]
    r = run("deck", path, 2, DECKS / "vdb.txt")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "#2 Bo Chen's deck list replaced: 13 crypt cards, 75 library cards"
    assert load_event(path).decks[2].deck.library_count == 75


def test_in_an_official_archon_a_deck_is_replaced_freely_until_round_1_is_seated(tmp_path, official_xlsx):
    # The Archon's chart proposes a round 1 from the first player registered: that is no start of round 1
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--name", "Winter Cup", "--template", official_xlsx,
            "--players", REPO / "samples" / "players.csv")
    assert r.exit_code == 0, r.output
    r = run("deck", path, 3, DECKS / "amaranth.txt")
    assert r.exit_code == 0, r.output
    assert not any("locked" in line for line in r.output.splitlines())
    assert api.decks(path)[2]["locked"] is False
    r = run("deck", path, 3, DECKS / "vdb.txt")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "#3 Chloé Marchand's deck list replaced: 13 crypt cards, 75 library cards"
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    assert api.decks(path)[2]["locked"] is True
    r = run("deck", path, 3, DECKS / "plain.txt")
    assert r.exit_code == 1 and "#3 Chloé Marchand's deck list is locked: round 1 has started" in r.output


def test_a_locked_deck_refuses_a_change_until_the_head_judge_unlocks_it(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    assert run("deck", path, 3, DECKS / "amaranth.txt").exit_code == 0
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    before = path.read_bytes()
    r = run("deck", path, 3, DECKS / "vdb.txt")
    assert r.exit_code == 1
    assert "#3 Cy Dunn's deck list is locked: round 1 has started" in r.output
    assert f"archon deck {path} 3 --unlock" in r.output
    assert path.read_bytes() == before  # nothing written
    assert api.decks(path)[2]["locked"] is True
    r = run("deck", path, 3, "--unlock")
    assert r.exit_code == 0 and "#3 Cy Dunn's deck list is unlocked" in r.output
    assert api.decks(path)[2]["locked"] is False
    r = run("deck", path, 3, DECKS / "vdb.txt")
    assert r.exit_code == 0, r.output
    assert "round 1 has started: #3 Cy Dunn's deck list is locked" in r.output
    assert load_event(path).decks[3].deck.crypt_count == 13
    assert run("deck", path, 3, DECKS / "plain.txt").exit_code == 1  # locked again
    # a player with no deck yet may still hand one in
    assert run("deck", path, 4, DECKS / "plain.txt").exit_code == 0


def test_undo_takes_back_a_deck(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    assert run("deck", path, 5, DECKS / "twd.txt").exit_code == 0
    assert run("deck", path, 5, DECKS / "jol.txt").exit_code == 0
    assert load_event(path).decks[5].deck.library_count == 80
    r = run("undo", path)
    assert r.exit_code == 0, r.output
    assert load_event(path).decks[5].deck.library_count == 90  # the TWD deck again
    assert run("undo", path).exit_code == 0
    assert 5 not in load_event(path).decks


def test_unreadable_deck_lists_and_players_are_refused_without_writing(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    before = path.read_bytes()
    (tmp_path / "letter.txt").write_text("Dear judge, here is my deck.\n", encoding="utf-8")
    r = run("deck", path, 1, tmp_path / "letter.txt")
    assert r.exit_code == 2 and "no card found in this deck list" in r.output and "Traceback" not in r.output
    r = run("deck", path, 1, tmp_path / "missing.txt")
    assert r.exit_code == 2 and "missing.txt" in r.output
    r = run("deck", path, "Nobody", DECKS / "plain.txt")
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = run("deck", path, 1)
    assert r.exit_code == 2 and "--unlock" in r.output
    r = run("deck", path, 1, "--unlock")
    assert r.exit_code == 1 and "#1 Ada Byron has no deck list recorded" in r.output
    assert path.read_bytes() == before


def test_decks_lists_exports_and_prints_json(tmp_path):
    path = book(tmp_path, small_no_final(rounds=0))
    assert run("deck", path, 1, DECKS / "illegal.txt").exit_code == 0
    assert run("deck", path, 2, DECKS / "plain_headings.txt").exit_code == 0
    r = run("decks", path)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "#1 Ada Byron: 11 crypt cards, 91 library cards"
    assert lines[1] == "  problem: the crypt has 11 cards: at least 12 are needed"
    assert "#2 Bo Chen: 12 crypt cards, 61 library cards" in lines and "#3 Cy Dunn: no deck list" in lines
    assert lines[-1] == "2 deck lists of 5 players, 1 with problems"
    r = run("decks", path, "--json", "--export", tmp_path / "decks.zip")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["schema"] == "archon.decks/1" and data["exported"] == ["001_Ada_Byron.txt", "002_Bo_Chen.txt"]
    assert data["decks"][1]["cards"] == {"crypt": [[6, "Anson"], [6, "Etrius"]],
                                         "library": [[30, "Blood Doll"], [31, "Deflection"]]}
    assert data["decks"][0]["problems"][0]["text"] == "the crypt has 11 cards: at least 12 are needed"
    with zipfile.ZipFile(tmp_path / "decks.zip") as zf:
        bo = zf.read("002_Bo_Chen.txt").decode("utf-8")
    # the capacity and group after each vampire, as the TWD lists them: Anson 8, group 1; Etrius 11, group 2
    assert bo.splitlines()[:4] == ["Crypt (12 cards)", "----------------", "6x Anson    8  :1", "6x Etrius  11  :2"]
    assert api.export_decks(path, tmp_path / "out") == ["001_Ada_Byron.txt", "002_Bo_Chen.txt"]
    assert (tmp_path / "out" / "001_Ada_Byron.txt").read_text(encoding="utf-8").startswith("Crypt (11 cards)")


def test_cards_update_puts_the_vekn_list_in_the_data_folder_and_decks_are_checked_against_it(tmp_path, monkeypatch):
    monkeypatch.setenv("ARCHON_DATA_DIR", str(tmp_path / "data"))
    crypt, lib = tmp_path / "vtescrypt.csv", tmp_path / "vteslib.csv"
    crypt.write_text('"Id","Name","Aka","Type","Clan","Path","Adv","Group","Capacity","Disciplines","Banned"\n'
                     '"1","Anson","","Vampire","Tremere","","","1","8","AUS DOM THA",""\n', encoding="utf-8")
    lib.write_text('"Id","Name","Aka","Type","Banned"\n"9","Blood Doll","","Master","2031"\n', encoding="utf-8")
    r = run("cards", "update", crypt)
    assert r.exit_code == 2 and "vteslib.csv is missing" in r.output
    r = run("cards", "update", crypt, lib)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("2 cards read: archon now checks deck lists against")
    assert (tmp_path / "data" / "cards.json.gz").is_file()
    path = book(tmp_path, small_no_final(rounds=0))
    r = run("deck", path, 1, "-", input="Crypt\n12 Anson\nLibrary\n60 Blood Doll\n")
    assert "problem: Blood Doll: banned since 2031" in r.output  # the updated list, not the shipped one
