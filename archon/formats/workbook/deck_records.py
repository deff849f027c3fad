"""The players' decks in a workbook: custom document properties.

Kept as the judges' warnings are (:mod:`archon.formats.workbook.judge_records`),
where The Archon's formulas never look and Excel and LibreOffice keep them
when they save. A player's deck takes a head property and its parts:
Excel keeps at most 255 characters in a property, and a deck is longer::

    archon:deck:7 = 2|locked
    archon:deck:7:1 = c|3|Anson;c|2|Theo Bell (G6);...
    archon:deck:7:2 = ...;l|4|Blood Doll

The head: how many parts, and ``locked`` or ``unlocked`` (the head judge
allowed a change after round 1 started). The parts, joined, are the deck's
compact text (:meth:`archon.rules.decks.Deck.as_text`) with ``;`` between
its lines. Parts left over from a longer deck are ignored.
"""

from __future__ import annotations

import re
from typing import Mapping

from archon.formats import layout as L
from archon.rules.decks import Deck, StoredDeck
from archon.rules.typed import is_whole_number_text
from archon.words.message import Message, say

__all__ = ["PART", "deck_properties", "read_decks"]

_PREFIX = L.ARCHON_MARKS.deck_property_prefix
#: Characters in a part: under Excel's 255.
PART = 240
_HEAD = re.compile(r"^\s*(\d+)\s*\|\s*(locked|unlocked)\s*$")


def _text(deck: Deck) -> str:
    return ";".join(line.replace(";", ",") for line in deck.as_text().splitlines())


def deck_properties(decks: Mapping[int, StoredDeck]) -> dict[str, str]:
    """The document properties that hold ``decks`` (player number -> deck)."""
    out = {}
    for player, stored in sorted(decks.items()):
        text = _text(stored.deck)
        parts = [text[i:i + PART] for i in range(0, len(text), PART)] or [""]
        out[f"{_PREFIX}{player}"] = f"{len(parts)}|{'unlocked' if stored.unlocked else 'locked'}"
        out.update({f"{_PREFIX}{player}:{i}": part for i, part in enumerate(parts, start=1)})
    return out


def read_decks(properties: Mapping[str, str]) -> tuple[dict[int, StoredDeck], list[tuple[str, Message]]]:
    """The decks in a workbook's properties, by player number, and what could
    not be read as ``(property name, message)``."""
    decks: dict[int, StoredDeck] = {}
    bad: list[tuple[str, Message]] = []
    for name, value in properties.items():
        if not name.startswith(_PREFIX) or ":" in name[len(_PREFIX):]:
            continue
        player, m = name[len(_PREFIX):], _HEAD.match(value or "")
        parts = [properties.get(f"{name}:{i}") for i in range(1, int(m.group(1)) + 1)] if m else [None]
        whole = None if None in parts else "".join(p or "" for p in parts)
        deck = None if whole is None else Deck.of_text(whole.replace(";", "\n"))
        if not is_whole_number_text(player) or deck is None:
            bad.append((name, say("decks.record_unreadable", value=value)))
            continue
        assert m is not None
        decks[int(player)] = StoredDeck(deck, unlocked=m.group(2) == "unlocked")
    return decks, bad
