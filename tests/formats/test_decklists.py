"""Deck lists read in each format the deck tools write, checked against the
construction rules and the card list, and kept in a workbook's properties.

The decks in ``tests/formats/decks/`` are hand-made; their counts are worked
by hand in each test (each line's count, added up).
"""

from __future__ import annotations

import gzip
import json

import pytest

from archon.formats.cards_build import SHIPPED, build, card_list, read_card_list, write_card_list
from archon.formats.decklists import DeckListError, deck_list_text, read_deck_list
from archon.formats.workbook.deck_records import PART, deck_properties, read_decks
from archon.rules.cards import Card, CardList
from archon.rules.decks import Deck, StoredDeck, deck_problems
from archon.words.render import PLAIN
from conftest import REPO

DECKS = REPO / "tests" / "formats" / "decks"


def deck_of(name: str, with_cards: bool = True) -> Deck:
    deck, notes = read_deck_list((DECKS / name).read_text(encoding="utf-8"), card_list() if with_cards else None)
    assert notes == [], [PLAIN.render(n) for n in notes]
    return deck


@pytest.mark.parametrize("name, crypt, library", [
    ("amaranth.txt", 3 + 2 + 3 + 2 + 2, (8 + 4 + 2) + (6 + 6) + 4 + (10 + 6 + 4) + (6 + 4)),     # 12, 60
    ("vdb.txt", 4 + 3 + 2 + 2 + 2, (10 + 2 + 3) + (10 + 5) + (6 + 2) + (12 + 8) + (7 + 4 + 6)),  # 13, 75
    ("twd.txt", 3 + 3 + 3 + 3, (12 + 8) + (20 + 10) + 20 + (10 + 10)),                           # 12, 90
    ("jol.txt", 3 + 3 + 3 + 2 + 1, 12 + 8 + 20 + 20 + 10 + 10),                                  # 12, 80
    ("lackey.txt", 4 + 4 + 3 + 3, 10 + 10 + 20 + 20 + 15 + 15),                                  # 14, 90
    ("plain_headings.txt", 6 + 6, 30 + 31),                                                      # 12, 61
    ("plain.txt", 5 + 7, 20 + 30 + 20),                                                          # 12, 70
])
def test_each_format_is_read_with_the_counts_worked_by_hand(name, crypt, library):
    deck = deck_of(name)
    assert (deck.crypt_count, deck.library_count) == (crypt, library)
    assert deck_problems(deck, card_list()) == []


def test_the_cards_are_the_ones_listed_named_as_the_card_list_names_them():
    amaranth = deck_of("amaranth.txt")
    assert amaranth.name == "Tremere Bleed (hand-made test deck)"
    assert amaranth.crypt[2] == (3, "Muaziz, Archon of Ulugh Beg")  # the columns after the name left out
    assert amaranth.library[:3] == [(8, "Blood Doll"), (4, "Vessel"), (2, "Dreams of the Sphinx")]
    twd = deck_of("twd.txt")  # the TWD header ("12 players", the winner) is not a card
    assert twd.crypt[2] == (3, "Theo Bell (G6)") and twd.crypt[3] == (3, "Nassir")
    jol = deck_of("jol.txt")  # "2x Nassir" then "Nassir": one card, 3 copies
    assert (3, "Nassir") in jol.crypt and len(jol.crypt) == 4
    lackey = deck_of("lackey.txt")  # the library first, then "Crypt:"
    assert lackey.crypt[0] == (4, "Anson") and lackey.library[0] == (10, "Blood Doll")


def test_without_a_card_list_headings_or_the_first_block_say_the_crypt():
    jol = deck_of("jol.txt", with_cards=False)
    assert (jol.crypt_count, jol.library_count) == (12, 80)
    lackey = deck_of("lackey.txt", with_cards=False)
    assert (lackey.crypt_count, lackey.library_count) == (14, 90)


def test_names_are_found_whatever_their_case_accents_the_and_suffixes():
    cards = card_list()
    assert cards.find("the rack").name == cards.find("Rack, The").name == "Rack, The"
    assert cards.find("ÁNSON").name == "Anson"
    assert cards.find("Theo Bell (G6)").group == "6" and cards.find("Theo Bell").group == "2"
    assert cards.find("Theo Bell (ADV)").advanced and not cards.find("Theo Bell (G6)").advanced
    assert cards.find("No Such Card") is None


def test_the_illegal_deck_is_flagged_with_each_problem():
    """11 crypt cards (4 + 4 + 3) of groups 2, 3 and 4; 91 library cards (4 + 87), 4 of them banned."""
    deck = deck_of("illegal.txt")
    said = [(m.id, dict(m.fields)) for m in deck_problems(deck, card_list())]
    assert said == [
        ("decks.crypt_too_small", {"n": 11, "least": 12}),
        ("decks.library_too_large", {"n": 91, "most": 90}),
        ("decks.banned", {"card": "Protect Thine Own", "year": "2008"}),
        ("decks.too_many_groups", {"n": 3, "groups": ["2", "3", "4"]}),
    ]
    text = [PLAIN.render(m) for m in deck_problems(deck, card_list())]
    assert text[0] == "the crypt has 11 cards: at least 12 are needed"
    assert text[2] == "Protect Thine Own: banned since 2008"
    assert text[3].startswith("the crypt's vampires are of 3 groups 2-3-4")


def test_other_problems_are_named():
    deck, _ = read_deck_list("Crypt\n6 Anson\n6 Nassir\n1 Blood Doll\nLibrary\n49 Blood Doll\n"
                             "9 Dreamz of the Sphinx\n1 Etrius\n", card_list())
    said = [(m.id, dict(m.fields)) for m in deck_problems(deck, card_list())]
    assert said == [
        ("decks.library_too_small", {"n": 49 + 9 + 1, "least": 60}),  # each card counts where it is listed
        ("decks.library_in_crypt", {"card": "Blood Doll"}),
        ("decks.unknown_card", {"card": "Dreamz of the Sphinx"}),
        ("decks.crypt_in_library", {"card": "Etrius"}),
        ("decks.groups_not_consecutive", {"groups": ["1", "6"]}),
    ]


def test_a_line_not_read_is_said_and_a_text_without_cards_refused():
    deck, notes = read_deck_list("Crypt\n12 Anson\nLibrary\n60 Blood Doll\nsee you at the final!\n", card_list())
    assert deck.library_count == 60
    assert [PLAIN.render(n) for n in notes] == ["line 5 not read: see you at the final!"]
    with pytest.raises(DeckListError) as said:
        read_deck_list("Dear judge,\nhere is my deck.\n", card_list())
    assert said.value.message.id == "decks.nothing_read"


def test_a_deck_is_kept_in_properties_under_excels_255_characters_and_read_back():
    deck = deck_of("vdb.txt")
    props = deck_properties({7: StoredDeck(deck), 12: StoredDeck(deck_of("plain.txt"), unlocked=True)})
    assert all(len(v) <= 255 for v in props.values())
    assert props["archon:deck:7"].endswith("|locked") and props["archon:deck:12"].endswith("|unlocked")
    assert len([k for k in props if k.startswith("archon:deck:7:")]) > 1  # a deck takes several parts
    decks, bad = read_decks(props)
    assert bad == [] and decks[7].deck == deck and not decks[7].unlocked and decks[12].unlocked
    props["archon:deck:7"] = "9|locked"  # parts missing
    decks, bad = read_decks(props)
    assert 7 not in decks and [name for name, _ in bad] == ["archon:deck:7"]
    assert PART < 255


def test_the_twd_listing_reads_back_as_the_same_deck():
    deck = deck_of("vdb.txt")
    again, notes = read_deck_list(deck_list_text(deck), card_list())
    assert again == deck and notes == []


def test_the_card_list_is_built_from_the_vekn_csv_files(tmp_path):
    crypt = tmp_path / "vtescrypt.csv"
    crypt.write_text('"Id","Name","Aka","Type","Clan","Path","Adv","Group","Capacity","Disciplines","Banned"\n'
                     '"1","Anson","","Vampire","Tremere","","","1","8","AUS DOM THA",""\n'
                     '"2","Theo Bell","","Vampire","Brujah","","Advanced","2","7","",""\n'
                     '"3","Old One","","Vampire","Brujah","","","ANY","9","","2020"\n', encoding="utf-8")
    lib = tmp_path / "vteslib.csv"
    lib.write_text('"Id","Name","Aka","Type","Banned"\n"9","Rack, The","","Master",""\n'
                   '"10","Blood Hunt","Bloodhunt","Political Action",""\n', encoding="utf-8")
    cards = build([crypt, lib])
    assert [(c.name, c.kind, c.group, c.capacity, c.advanced, c.banned) for c in cards.cards] == [
        ("Anson", "crypt", "1", 8, False, ""), ("Theo Bell", "crypt", "2", 7, True, ""),
        ("Old One", "crypt", "any", 9, False, "2020"), ("Rack, The", "library", "", None, False, ""),
        ("Blood Hunt", "library", "", None, False, "")]
    out = tmp_path / "cards.json.gz"
    write_card_list(cards.cards, out)
    again = read_card_list(out)
    assert again.find("Bloodhunt").name == "Blood Hunt" and again.find("the rack").kind == "library"
    assert again.find("Theo Bell (ADV)").advanced


def test_the_shipped_card_list_is_facts_only_and_knows_the_whole_list():
    rows = json.loads(gzip.decompress(SHIPPED.read_bytes()))
    assert all(len(r) == 7 for r in rows)  # name, kind, group, capacity, advanced, banned, other name
    cards = read_card_list(SHIPPED)
    assert len(cards) > 4000
    assert {c.kind for c in cards.cards} == {"crypt", "library"}
    assert isinstance(cards, CardList) and isinstance(cards.cards[0], Card)
