"""A player's deck and the construction rules a deck list is checked against.

The VEKN tournament rules (6.2, constructed deck size limits): a library of
60 to 90 cards, a crypt of at least 12. The rulebook: a crypt's vampires
are of at most two groups, and two consecutive ones (group "any" goes with
every group). With a card list (:mod:`archon.rules.cards`): every name is a
card of the list, on the right side (crypt or library), and none is banned.

A deck keeps its cards as ``(count, name)`` pairs, crypt and library apart,
in the order given; its compact text (:meth:`Deck.as_text`) is how an event
keeps it: one ``c|count|name`` or ``l|count|name`` line a card. Pure data
and functions; each problem is a message (``decks.*``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from archon.rules.cards import ANY_GROUP, CRYPT, LIBRARY, CardList
from archon.words.message import Message, say

__all__ = ["MIN_CRYPT", "MIN_LIBRARY", "MAX_LIBRARY", "Deck", "StoredDeck", "deck_problems", "crypt_groups"]

MIN_CRYPT = 12
MIN_LIBRARY = 60
MAX_LIBRARY = 90


@dataclass
class Deck:
    """A deck list: its crypt and library as ``(count, name)`` pairs, and its name if it gives one."""

    crypt: list[tuple[int, str]] = field(default_factory=list)
    library: list[tuple[int, str]] = field(default_factory=list)
    name: str = ""

    @property
    def crypt_count(self) -> int:
        return sum(n for n, _ in self.crypt)

    @property
    def library_count(self) -> int:
        return sum(n for n, _ in self.library)

    def is_empty(self) -> bool:
        return not self.crypt and not self.library

    def as_text(self) -> str:
        """The compact form kept with the event: ``n|name`` lines (``c|`` crypt, ``l|`` library);
        the deck's name, if any, on a first ``n|`` line."""
        lines = [f"n|{self.name}"] if self.name else []
        lines += [f"c|{n}|{name}" for n, name in self.crypt]
        lines += [f"l|{n}|{name}" for n, name in self.library]
        return "\n".join(lines)

    @classmethod
    def of_text(cls, text: str) -> Optional["Deck"]:
        """The deck :meth:`as_text` wrote, or None when ``text`` is not one."""
        deck = cls()
        for line in text.splitlines():
            if not line.strip():
                continue
            side, _, rest = line.partition("|")
            if side == "n":
                deck.name = rest
                continue
            count, _, name = rest.partition("|")
            if side not in ("c", "l") or not count.isdigit() or not name.strip():
                return None
            (deck.crypt if side == "c" else deck.library).append((int(count), name))
        return deck


@dataclass
class StoredDeck:
    """A player's deck as the event keeps it: ``unlocked`` once the head judge
    allowed a change after round 1 started (a received deck list is locked then:
    tournament rules 6.3)."""

    deck: Deck
    unlocked: bool = False


def crypt_groups(deck: Deck, cards: CardList) -> list[str]:
    """The groups of the crypt's vampires found in ``cards``, sorted ("any" apart)."""
    groups = set()
    for _, name in deck.crypt:
        card = cards.find(name)
        if card is not None and card.kind == CRYPT and card.group and card.group != ANY_GROUP:
            groups.add(card.group)
    return sorted(groups, key=lambda g: (not g.isdigit(), int(g) if g.isdigit() else 0, g))


def _group_problem(groups: list[str]) -> Optional[Message]:
    if len(groups) > 2:
        return say("decks.too_many_groups", n=len(groups), groups=groups)
    if len(groups) == 2 and all(g.isdigit() for g in groups) and int(groups[1]) - int(groups[0]) != 1:
        return say("decks.groups_not_consecutive", groups=groups)
    return None


def _card_problems(deck: Deck, cards: CardList) -> list[Message]:
    out = []
    for side, entries in ((CRYPT, deck.crypt), (LIBRARY, deck.library)):
        for _, name in entries:
            card = cards.find(name)
            if card is None:
                out.append(say("decks.unknown_card", card=name))
            elif card.kind != side:
                out.append(say("decks.library_in_crypt" if side == CRYPT else "decks.crypt_in_library", card=name))
            elif card.banned:
                out.append(say("decks.banned", card=card.name, year=card.banned))
    return out


def deck_problems(deck: Deck, cards: Optional[CardList] = None) -> list[Message]:
    """Each way ``deck`` breaks the construction rules (see the module's doc), one message each."""
    out = []
    if deck.crypt_count < MIN_CRYPT:
        out.append(say("decks.crypt_too_small", n=deck.crypt_count, least=MIN_CRYPT))
    if deck.library_count < MIN_LIBRARY:
        out.append(say("decks.library_too_small", n=deck.library_count, least=MIN_LIBRARY))
    if deck.library_count > MAX_LIBRARY:
        out.append(say("decks.library_too_large", n=deck.library_count, most=MAX_LIBRARY))
    if cards is not None:
        out.extend(_card_problems(deck, cards))
        group = _group_problem(crypt_groups(deck, cards))
        if group is not None:
            out.append(group)
    return out
