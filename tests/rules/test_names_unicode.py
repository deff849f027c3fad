"""Names in Unicode (issue 23): a character that cannot be seen or that turns
the text around is refused in a name, named by its code point and Unicode
name; names compare in their composed form (NFC), so "Chloe" and a combining
accent is "Chloé"; ``check`` flags such a name in an event read from a
workbook (the file is the organizer's: flagged, not refused)."""

from __future__ import annotations

import pytest

from archon.rules.celltext import character_named, is_refused_in_name, nfc, refused_in_name, visible_name
from archon.rules.model import Event, Player, name_key
from archon.rules.validation import WARNING, check_event

#: Each character the issue lists, with the name a message gives it.
REFUSED = {
    "\u200b": "U+200B ZERO WIDTH SPACE",
    "\u200c": "U+200C ZERO WIDTH NON-JOINER",
    "\u200d": "U+200D ZERO WIDTH JOINER",
    "\u200e": "U+200E LEFT-TO-RIGHT MARK",
    "\u200f": "U+200F RIGHT-TO-LEFT MARK",
    "\u202a": "U+202A LEFT-TO-RIGHT EMBEDDING",
    "\u202b": "U+202B RIGHT-TO-LEFT EMBEDDING",
    "\u202c": "U+202C POP DIRECTIONAL FORMATTING",
    "\u202d": "U+202D LEFT-TO-RIGHT OVERRIDE",
    "\u202e": "U+202E RIGHT-TO-LEFT OVERRIDE",
    "\u2060": "U+2060 WORD JOINER",
    "\u2061": "U+2061 FUNCTION APPLICATION",
    "\u2062": "U+2062 INVISIBLE TIMES",
    "\u2063": "U+2063 INVISIBLE SEPARATOR",
    "\u2064": "U+2064 INVISIBLE PLUS",
    "\u2066": "U+2066 LEFT-TO-RIGHT ISOLATE",
    "\u2067": "U+2067 RIGHT-TO-LEFT ISOLATE",
    "\u2068": "U+2068 FIRST STRONG ISOLATE",
    "\u2069": "U+2069 POP DIRECTIONAL ISOLATE",
    "\ufeff": "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    "\u00ad": "U+00AD SOFT HYPHEN",
    "\u180e": "U+180E MONGOLIAN VOWEL SEPARATOR",
    "\u3164": "U+3164 HANGUL FILLER",
    "\u115f": "U+115F HANGUL CHOSEONG FILLER",
    "\u1160": "U+1160 HANGUL JUNGSEONG FILLER",
    "\u2028": "U+2028 LINE SEPARATOR",
    "\u2029": "U+2029 PARAGRAPH SEPARATOR",
    "\U000e0041": "U+E0041 TAG LATIN CAPITAL LETTER A",  # any other format character (Cf)
}


@pytest.mark.parametrize("char, named", REFUSED.items())
def test_each_invisible_or_direction_character_is_refused_and_named(char, named):
    assert is_refused_in_name(char)
    assert refused_in_name(f"Bob{char} Smith") == [char]
    assert character_named(char) == named


@pytest.mark.parametrize("name", [
    "Chloé Marchand", "Łukasz Wójcik", "O'Brien-Smith", "Ζωή Παππά", "Nguyễn Văn", "Анна Петрова", "李 小龙",
    "Anna\u00a0Maria", "محمد علي", "דוד לוי",
])
def test_names_in_any_script_hold_no_refused_character(name):
    assert refused_in_name(name) == []


def test_each_refused_character_is_listed_once_in_the_order_it_comes():
    assert refused_in_name("\u202eAb\u200bc\u202e\u200b") == ["\u202e", "\u200b"]


def test_nfc_composes_a_letter_and_its_combining_accent():
    decomposed = "Chloe\u0301 Marchand"
    assert len(decomposed) == 15 and nfc(decomposed) == "Chloé Marchand" and len(nfc(decomposed)) == 14


def test_a_name_key_is_the_same_for_the_nfd_and_nfc_spellings_and_ignores_invisible_characters():
    assert name_key("Chloe\u0301 Marchand") == name_key("Chloé Marchand")
    assert name_key("Bob Smith\u200b") == name_key("bob  SMITH")
    assert name_key("\u200b\u200b") == ""  # no name at all
    assert visible_name("\u202eBob\u200b  Smith") == "Bob Smith"


def _event(*names: tuple[str, str]) -> Event:
    return Event(level="Standard Constructed",
                 players=[Player(n, first, last) for n, (first, last) in enumerate(names, start=1)])


def test_check_flags_a_name_with_a_direction_override_naming_player_field_and_character():
    ev = _event(("Ada", "Lovelace"), ("Eve", "\u202eanuL"))
    found = [p for p in check_event(ev) if p.id == "check.invisible_character"]
    assert len(found) == 1
    p = found[0]
    assert (p.where.kind, p.where.player, p.where.field, p.severity) == ("player", 2, "last_name", WARNING)
    assert p.message.startswith("player #2's last name '\\u202eanuL' holds U+202E RIGHT-TO-LEFT OVERRIDE")
    assert "\u202e" not in p.message  # said, never passed on to what prints it
    assert "type the name again" in p.advice


def test_check_finds_the_nfd_and_nfc_spellings_of_one_name_registered_twice():
    ev = _event(("Chloé", "Marchand"), ("Chloe\u0301", "Marchand"))
    same = [p for p in check_event(ev) if p.id == "check.same_name"]
    assert [p.where.player for p in same] == [2]
    # an NFD name is not a problem in itself: it prints as the same letters
    assert not [p for p in check_event(ev) if p.id == "check.invisible_character"]


def test_check_finds_a_name_registered_again_with_a_zero_width_space_and_one_that_is_only_that():
    ev = _event(("Bob", "Smith"), ("Bob", "Smith\u200b"), ("\u200b", ""))
    ids = [(p.id, p.where.player) for p in check_event(ev)]
    assert ("check.same_name", 2) in ids
    assert ("check.invisible_character", 2) in ids and ("check.invisible_character", 3) in ids
    assert ("check.no_name", 3) in ids


def test_a_city_with_a_zero_width_space_is_not_a_name_problem():
    ev = _event(("Ada", "Lovelace"))
    ev.players[0].city = "Par\u200bis"
    assert not [p for p in check_event(ev) if p.id == "check.invisible_character"]

