"""Personal codes and the event's check-in code (issue 25).

Each player gets a short personal code, given privately (a slip, the
organizer's page, their phone when they check in): it lets its player check
in, submit a deck and report their table, and nothing else. The event has
one check-in code too, shown large on the projector, that a player types on
their phone with their name to check in.

Codes are drawn with :mod:`secrets` from :data:`ALPHABET` (no look-alikes:
no 0/O, 1/I/L), so they cannot be guessed; a code typed is read without
case, spaces or dashes (:func:`typed_code`). :func:`player_of_code` finds a
code's player comparing every code in constant time. The workbook keeps
them in its custom document properties
(:mod:`archon.formats.workbook.event_records`). Pure functions over the event.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Iterable, Optional

from archon.eventday.change import Change, Locate, copied
from archon.eventday.players import find_player
from archon.rules.model import Event
from archon.words.message import say

__all__ = ["ALPHABET", "CODE_LENGTH", "CHECKIN_CODE_LENGTH", "new_code", "typed_code", "is_code", "same_code",
           "player_of_code", "with_codes", "make_codes", "reissue", "code_rows"]

#: The characters of a code: digits and capitals without look-alikes.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: A personal code's length: 31**8 (about 8.5e11) codes.
CODE_LENGTH = 8
#: The event's check-in code's length: short, to type on a phone (wrong
#: guesses are rate-limited by the console).
CHECKIN_CODE_LENGTH = 6


def new_code(length: int = CODE_LENGTH, taken: Iterable[str] = ()) -> str:
    """A fresh code of ``length`` characters of :data:`ALPHABET`, none of ``taken``."""
    used = set(taken)
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(length))
        if code not in used:
            return code


def typed_code(text: object) -> str:
    """A code as typed, read as stored: capitals, without spaces or dashes
    ("k7m2-qx9a" is "K7M2QX9A")."""
    return "".join(ch for ch in str(text or "").upper() if not ch.isspace() and ch not in "-_.")


def is_code(text: str, length: "int | None" = None) -> bool:
    """Whether ``text`` reads as a code (of ``length`` characters when given)."""
    return bool(text) and all(ch in ALPHABET for ch in text) and (length is None or len(text) == length)


def same_code(a: str, b: str) -> bool:
    """Constant-time comparison of two codes."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def player_of_code(event: Event, code: object) -> Optional[int]:
    """The number of the player whose personal code ``code`` is (as typed:
    :func:`typed_code`), or None. Every code is compared, in constant time,
    so neither the answer's time nor its absence tells how close a guess was.
    A player no longer registered has no code."""
    typed = typed_code(code)
    found: Optional[int] = None
    registered = {p.number for p in event.players}
    for number, stored in sorted(event.codes.items()):
        if same_code(typed, stored) and number in registered and typed:
            found = number
    return found


def with_codes(event: Event) -> tuple[Event, bool]:
    """``event`` (a copy) where every registered player has a personal code
    and the event a check-in code; whether any was made."""
    ev = copied(event)
    made = False
    for p in ev.players:
        if not ev.codes.get(p.number):
            ev.codes[p.number] = new_code(CODE_LENGTH, ev.codes.values())
            made = True
    if not ev.checkin_code:
        ev.checkin_code = new_code(CHECKIN_CODE_LENGTH, ev.codes.values())
        made = True
    return ev, made


def make_codes(event: Event) -> Change:
    """Make the codes the event lacks (:func:`with_codes`); nothing to write when none."""
    if not event.players:
        return Change(event, [say("codes.no_player")], changed=False)
    ev, made = with_codes(event)
    count = sum(1 for p in event.players if not event.codes.get(p.number))
    lines = [say("codes.made", count=count)] if count else []
    if made and not event.checkin_code:
        lines.append(say("codes.checkin_code_made"))
    return Change(ev, lines, changed=made)


def reissue(event: Event, player: "str | int", locate: Optional[Locate] = None) -> Change:
    """Give ``player`` (a number, VEKN number or part of a name) a new
    personal code: the old one stops working at once."""
    ev, _ = with_codes(event)
    p = find_player(ev, player, locate)
    ev.codes[p.number] = new_code(CODE_LENGTH, [*ev.codes.values(), ev.checkin_code or ""])
    return Change(ev, [say("codes.reissued", player=str(p))], player=p)


def code_rows(event: Event) -> list[dict]:
    """Every registered player's code as plain data, by player number:
    ``{"player": 7, "name": "Anna Kowalski", "code": "K7M2QX9A" | None}``.
    For the organizer only: codes never go on a posted list."""
    return [{"player": p.number, "name": p.name, "code": event.codes.get(p.number) or None}
            for p in sorted(event.players, key=lambda p: p.number)]
