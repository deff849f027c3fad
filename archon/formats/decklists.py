"""Reading a deck list as the deck tools write it.

Read alike, line by line:

* Amaranth's and VDB's text exports, and the TWD's entries: a "Deck Name:",
  "Author:", "Description:" preface, then "Crypt (12 cards, ...)" and
  "Library (90 cards)" headings, card-type headings ("Master (14 cards)"),
  and card lines "2x Anson   8  AUS DOM THA  prince  Tremere:1" (the name
  ends where two spaces or a tab start the card's other columns);
* JOL's text: "2x Anson" lines (or a name alone, one copy), crypt first;
* Lackey's tab-separated deck: "4<TAB>Blood Doll" lines, the library first,
  then a "Crypt:" line and the crypt;
* a plain "count name" list ("3 Anson", "3x Anson", "3 x Anson"), with or
  without "Crypt" and "Library" headings.

Where no heading says it, the card list (:mod:`archon.rules.cards`) tells a
crypt card from a library card; without one, the first block of lines is
the crypt. The same card on several lines is counted once with their
counts added. A name the card list knows is kept as the list spells it
("The Rack" -> "Rack, The"), with "(ADV)" or "(G6)" when other crypt cards
share it.
"""

from __future__ import annotations

import re
from typing import Optional

from archon.rules.cards import CRYPT, LIBRARY, CardList
from archon.rules.decks import Deck
from archon.words.errors import WordedError
from archon.words.message import Message, say

__all__ = ["MAX_DECK_TEXT", "DeckListError", "read_deck_list", "deck_list_text"]

#: Longest deck list read (characters): a 90-card deck with every column is far shorter.
MAX_DECK_TEXT = 40_000

_CARD = re.compile(r"^(\d{1,3})\s*(?:[xX×]\s*)?(?:\t|\s+)(\S.*)$")
_PREFACE = re.compile(r"^(deck\s*name|name|author|created\s+by|description|player|event|date)\s*:", re.I)
_HEADING = re.compile(r"^(crypt|library)\b\s*(?::|\(|\[|\d|$)", re.I)
_TYPE_HEADING = re.compile(r"^[A-Za-z][A-Za-z /'&-]*\s*(?:[\(\[]\s*\d+[^\)\]]*[\)\]]|:)\s*$")
_RULE = re.compile(r"^[-=_*~\s]+$")
_COLUMNS = re.compile(r"\t|\s{2,}")


class DeckListError(WordedError):
    """A deck list that cannot be read (nothing in it is a card, or it is too long)."""


def _name_of(rest: str) -> str:
    """A card line's name: up to the first tab or run of two spaces."""
    return _COLUMNS.split(rest.strip(), maxsplit=1)[0].strip()


def _display(name: str, cards: Optional[CardList]) -> str:
    card = cards.find(name) if cards is not None else None
    if card is None:
        return name
    if card.advanced:
        return f"{card.name} (ADV)"
    if card.kind == CRYPT and cards is not None and cards.shared_name(card):
        return f"{card.name} (G{card.group})"
    return card.name


def _side_of(name: str, section: Optional[str], cards: Optional[CardList]) -> Optional[str]:
    if section is not None:
        return section
    card = cards.find(name) if cards is not None else None
    return card.kind if card is not None else None


def _add(entries: list[tuple[int, str]], count: int, name: str) -> None:
    for i, (n, known) in enumerate(entries):
        if known.casefold() == name.casefold():
            entries[i] = (n + count, known)
            return
    entries.append((count, name))


def read_deck_list(text: str, cards: Optional[CardList] = None) -> tuple[Deck, list[Message]]:
    """The deck ``text`` lists, and a message for each line after the first
    card that is not read (see the module's doc). Raises :class:`DeckListError`
    when no card is read or the text is longer than :data:`MAX_DECK_TEXT`."""
    if len(text) > MAX_DECK_TEXT:
        raise DeckListError(say("decks.text_too_long", most=MAX_DECK_TEXT))
    deck, notes = Deck(), []
    section: Optional[str] = None
    started, block = False, 0
    headings: list[str] = []
    undecided: list[tuple[int, int, str]] = []  # (block, count, name): no heading and no card list says its side
    for number, raw in enumerate(text.replace("\ufeff", "").splitlines(), start=1):
        line = raw.strip()
        if not line:
            block += 1 if started else 0
            continue
        if _PREFACE.match(line) and not started:
            if line.lower().startswith(("deck name", "name")) and not deck.name:
                deck.name = line.split(":", 1)[1].strip()
            continue
        heading = _HEADING.match(line)
        if heading and not _CARD.match(line):
            section, started = (CRYPT if heading.group(1).lower() == CRYPT else LIBRARY), True
            headings.append(section)
            continue
        m = _CARD.match(line)
        if m is None and (_RULE.match(line) or _TYPE_HEADING.match(line)):
            continue
        count, name = (int(m.group(1)), _name_of(m.group(2))) if m else (1, line)
        known = cards.find(name) is not None if cards is not None else started  # JOL: a name alone is one copy
        if m is None and not known or not started and section is None and cards is not None and not known:
            if started:  # before the first card: a preface (a TWD entry's header: "12 players")
                notes.append(say("decks.line_not_read", line=number, text=line[:80]))
            continue
        started = True
        side = _side_of(name, section, cards)
        if side is None:
            undecided.append((block, count, name))
            continue
        _add(deck.crypt if side == CRYPT else deck.library, count, _display(name, cards))
    _place_undecided(deck, undecided, lackey=headings[:1] == [CRYPT] and LIBRARY not in headings)
    if deck.is_empty():
        raise DeckListError(say("decks.nothing_read"))
    return deck, notes


def _place_undecided(deck: Deck, undecided: list[tuple[int, int, str]], lackey: bool) -> None:
    """Cards no heading or card list placed (all before the first heading):
    before a "Crypt:" heading with no library heading, Lackey's library; else
    the first block of lines is the crypt."""
    first = min((b for b, _, _ in undecided), default=0)
    for block, count, name in undecided:
        crypt = not lackey and block == first and len({b for b, _, _ in undecided}) > 1
        _add(deck.crypt if crypt else deck.library, count, name)


def _crypt_line(count: int, name: str, cards: Optional[CardList], width: int) -> str:
    """"3x Theo Bell (G6)  8  :6": the TWD's crypt line, with the capacity and
    the group the card list knows (the TWD archive's parser takes the group there)."""
    card = cards.find(name) if cards is not None else None
    if card is None or card.kind != CRYPT or card.capacity is None:
        return f"{count}x {name}"
    group = f"  :{card.group}" if card.group.isdigit() else ""
    return f"{count}x {name:<{width}}  {card.capacity:>2}{group}"


def deck_list_text(deck: Deck, cards: Optional[CardList] = None) -> str:
    """The deck as a TWD entry lists it: "Crypt (12 cards)" and "Library (90 cards)"
    headings, a "2x Name" line a card, a crypt card's capacity and group after
    its name when ``cards`` knows them (what the TWD archive's parser reads)."""
    lines = []
    if deck.name:
        lines += [f"Deck Name: {deck.name}", ""]
    lines += [f"Crypt ({deck.crypt_count} cards)", "-" * 16]
    width = max((len(name) for _, name in deck.crypt), default=0)
    lines += [_crypt_line(n, name, cards, width) for n, name in deck.crypt]
    lines += ["", f"Library ({deck.library_count} cards)", "-" * 18]
    lines += [f"{n}x {name}" for n, name in deck.library]
    return "\n".join(lines)
