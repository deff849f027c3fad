"""Recording a player's deck list, and the lock on it.

The tournament rules (6.3): once a tournament official receives a player's
deck list, the deck may not be altered. archon takes a deck list as
received when round 1 starts (its seats typed, or a result recorded; The
Archon's chart proposing a seating, as it does from the first player
registered, is no start):
from then on a recorded deck is locked, and a new list for that player is
refused until the head judge unlocks it (:func:`unlock_deck`); the list
recorded then is locked again. Before round 1, a deck may be replaced freely.
Pure functions over the event; the deck lists come parsed
(:mod:`archon.formats.decklists`), checked against the card list given.
"""

from __future__ import annotations

from typing import Iterable, Optional

from archon.eventday.change import Change, Locate, copied
from archon.eventday.errors import EventDayError
from archon.eventday.players import find_player
from archon.rules.cards import CardList
from archon.rules.decks import Deck, StoredDeck, deck_problems
from archon.rules.model import Event
from archon.words.message import act, say

__all__ = ["round_one_started", "is_locked", "record_deck", "unlock_deck"]


def round_one_started(event: Event, proposed: Iterable[int] = ()) -> bool:
    """Whether round 1 is seated (its seats typed) or has a result: a round 1
    only The Archon's chart proposes (``proposed``: its formulas fill every
    round of an official workbook from registration on) has not started."""
    chart = set(proposed)
    return any(r.number == 1 and r.tables and (1 not in chart or r.has_results()) for r in event.rounds)


def is_locked(event: Event, player: int, proposed: Iterable[int] = ()) -> bool:
    """Whether ``player``'s recorded deck may no longer be replaced."""
    stored = event.decks.get(player)
    return stored is not None and not stored.unlocked and round_one_started(event, proposed)


def record_deck(event: Event, player: "str | int", deck: Deck, *, cards: Optional[CardList] = None,
                locate: "Optional[Locate]" = None, proposed: Iterable[int] = ()) -> Change:
    """Record ``deck`` as ``player``'s deck list (replacing one recorded
    before round 1, or one the head judge unlocked). The lines say the counts
    and each problem (:func:`archon.rules.decks.deck_problems`). The event is copied.

    Refused (:class:`EventDayError`): a locked deck."""
    ev = copied(event)
    p = find_player(ev, player, locate)
    earlier = ev.decks.get(p.number)
    if is_locked(ev, p.number, proposed):
        raise EventDayError(say("decks.locked", player=str(p), unlock=act("deck", player=p.number, unlock=True)))
    ev.decks[p.number] = StoredDeck(deck, unlocked=False)
    same = earlier is not None and earlier.deck == deck and not earlier.unlocked
    lines: list = [say("decks.replaced" if earlier is not None else "decks.recorded", player=str(p),
                       crypt=deck.crypt_count, library=deck.library_count)]
    problems = deck_problems(deck, cards)
    lines.extend(say("decks.problem", problem=m) for m in problems)
    if not problems:
        lines.append(say("decks.legal"))
    if round_one_started(ev, proposed):
        lines.append(say("decks.now_locked", player=str(p)))
    return Change(ev, lines, changed=not same, player=p)


def unlock_deck(event: Event, player: "str | int", *, locate: "Optional[Locate]" = None,
                proposed: Iterable[int] = ()) -> Change:
    """Unlock ``player``'s recorded deck: the head judge allows one new deck
    list (recorded, it is locked again). Refused: a player with no deck recorded."""
    ev = copied(event)
    p = find_player(ev, player, locate)
    stored = ev.decks.get(p.number)
    if stored is None:
        raise EventDayError(say("decks.none_recorded", player=str(p), enter=act("deck", player=p.number)))
    if stored.unlocked or not round_one_started(ev, proposed):
        return Change(ev, [say("decks.not_locked", player=str(p))], changed=False, player=p)
    stored.unlocked = True
    return Change(ev, [say("decks.unlocked", player=str(p))], player=p)
