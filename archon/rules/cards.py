"""The card list: facts about each VTES card a deck check needs.

Facts only, derived from the VEKN's published card list (its vtescrypt.csv and
vteslib.csv; :mod:`archon.formats.cards_build`): a card's name, whether it is a
crypt or a library card, its group and capacity (crypt cards), whether it is
the advanced version, and the year it was banned, if it was. Pure data and
functions: where the list is kept and read from is :mod:`archon.formats.cards_build`.

A name typed in a deck list is found whatever its case and accents, with
"The" at either end ("The Rack" and "Rack, The"), and with the deck tools'
suffixes: "(ADV)" for the advanced version, "(G5)" for one group's card of
a name several crypt cards share.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Optional

__all__ = ["CRYPT", "LIBRARY", "ANY_GROUP", "Card", "CardList", "normalised", "split_suffixes"]

CRYPT = "crypt"
LIBRARY = "library"
#: The group of a crypt card playable with any group.
ANY_GROUP = "any"

_SUFFIX = re.compile(r"\s*\(\s*(adv|advanced|g\s*(\d+|any))\s*\)\s*$", re.I)


@dataclass(frozen=True)
class Card:
    """One card: ``kind`` is :data:`CRYPT` or :data:`LIBRARY`; ``group``: a
    crypt card's group ("1" to "7", or :data:`ANY_GROUP`), else ""; ``banned``:
    the year it was banned ("" when it is legal)."""

    name: str
    kind: str
    group: str = ""
    capacity: Optional[int] = None
    advanced: bool = False
    banned: str = ""
    #: Another name the list gives the card ("Bloodhunt" for "Blood Hunt").
    aka: str = ""

    def as_row(self) -> list:
        """The card as a compact row (the shipped list's form)."""
        return [self.name, self.kind, self.group, self.capacity, 1 if self.advanced else 0, self.banned,
                self.aka]

    @classmethod
    def of_row(cls, row: list) -> "Card":
        name, kind, group, capacity, advanced, banned, aka = row
        return cls(str(name), str(kind), str(group or ""), None if capacity in (None, "") else int(capacity),
                   bool(advanced), str(banned or ""), str(aka or ""))


def normalised(name: str) -> str:
    """``name`` as looked up: no accents, case or punctuation, "The" moved to the front
    ("Rack, The" and "the rack" are the same card)."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = text.replace("\u2019", "'").replace("`", "'")
    m = re.match(r"^(.*),\s*the$", text.strip())
    if m:
        text = "the " + m.group(1)
    return re.sub(r"[^0-9a-z]+", " ", text).strip()


def split_suffixes(name: str) -> tuple[str, bool, Optional[str]]:
    """``"Theo Bell (G6)"`` -> ``("Theo Bell", False, "6")``; ``"(ADV)"`` sets the second."""
    advanced, group = False, None
    while True:
        m = _SUFFIX.search(name)
        if not m:
            break
        if m.group(2):
            group = m.group(2).lower()
        else:
            advanced = True
        name = name[: m.start()]
    return name.strip(), advanced, group


class CardList:
    """Every card of the list, looked up by name (:meth:`find`)."""

    def __init__(self, cards: Iterable[Card], source: str = "") -> None:
        self.cards = list(cards)
        #: Where the list came from (a file name, or "" for the one shipped).
        self.source = source
        self._by_name: dict[str, list[Card]] = {}
        for card in self.cards:
            self._by_name.setdefault(normalised(card.name), []).append(card)
            if card.aka and normalised(card.aka) != normalised(card.name):
                self._by_name.setdefault(normalised(split_suffixes(card.aka)[0]), []).append(card)

    def __len__(self) -> int:
        return len(self.cards)

    def find(self, name: str) -> Optional[Card]:
        """The card called ``name`` (see the module's doc), or None. Of several
        cards of that name, the one of the group or version said, else the base
        version of the lowest group."""
        base, advanced, group = split_suffixes(name)
        found = self._by_name.get(normalised(base), [])
        if not found:
            return None
        fits = [c for c in found if c.advanced == advanced] or found
        if group is not None:
            fits = [c for c in fits if c.group.lower() == group] or fits
        return sorted(fits, key=lambda c: (c.group == ANY_GROUP, c.group))[0]

    def shared_name(self, card: Card) -> bool:
        """Whether other cards of the list have ``card``'s name (a deck list then says which)."""
        return len(self._by_name.get(normalised(card.name), [])) > 1
