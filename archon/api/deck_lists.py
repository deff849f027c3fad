"""Twins of the deck commands: ``deck`` (record or unlock a player's deck
list), ``decks`` (list them with their counts and problems, export them)
and ``cards update`` (a newer VEKN card list).

The deck lists are read by :mod:`archon.formats.decklists`, checked by
:mod:`archon.rules.decks` against the card list of
:mod:`archon.formats.cards_build`, recorded by :mod:`archon.eventday.decks`
in the workbook's document properties, through the same lock, backup,
journal and undo as every change (:func:`archon.api.changes.event_day`).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Optional, Sequence

from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.eventday import decks as deck_rules
from archon.eventday.change import Change
from archon.formats.cards_build import CardListError, build, card_list, updated_list_path, write_card_list
from archon.formats.decklists import DeckListError, deck_list_text, read_deck_list
from archon.formats.workbook import read_event
from archon.rules.decks import Deck, deck_problems
from archon.rules.model import Event
from archon.words.message import Message, message_of, option, say

__all__ = ["deck", "decks", "deck_of", "export_decks", "cards_update", "read_deck_text"]


def read_deck_text(text: str) -> tuple[Deck, list[Message]]:
    """The deck ``text`` lists, read against the card list, and the lines not read.
    Raises :class:`InputError` when nothing in it is a card."""
    try:
        return read_deck_list(text, _cards())
    except DeckListError as exc:
        raise InputError(message_of(exc)) from None


def _cards():
    try:
        return card_list()
    except CardListError:
        return None  # a damaged updated list: the deck is still counted and its sizes checked


@twin_of("deck")
def deck(path, player, text: Optional[str] = None, *, unlock: bool = False, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon deck FILE PLAYER deck.txt [--unlock]``: record
    ``text`` (a deck list in any of the formats
    :mod:`archon.formats.decklists` reads) as ``player``'s deck; ``unlock``:
    the head judge unlocks the player's locked deck first (alone, it only unlocks)."""
    if text is None and not unlock:
        raise InputError(say("decks.text_or_unlock", unlock=option("unlock")))
    parsed = read_deck_text(text) if text is not None else None

    def change(ev, proposed, locate):
        lines: list = []
        if unlock:
            done = deck_rules.unlock_deck(ev, player, locate=locate, proposed=proposed)
            ev, lines = done.event, list(done.lines)
            if parsed is None:
                return done
        assert parsed is not None
        new, notes = parsed
        done = deck_rules.record_deck(ev, player, new, cards=_cards(), locate=locate, proposed=proposed)
        return Change(done.event, lines + done.lines + notes, changed=done.changed, player=done.player)

    return event_day(path, change, dry_run=dry_run)


def _row(event: Event, number: int, proposed) -> dict:
    p = event.player(number)
    stored = event.decks.get(number)
    row = {"player": number, "name": p.name, "deck_name": None, "crypt": None, "library": None,
           "locked": False, "problems": [], "cards": None}
    if stored is not None:
        d = stored.deck
        row.update(deck_name=d.name or None, crypt=d.crypt_count, library=d.library_count,
                   locked=deck_rules.is_locked(event, number, proposed), problems=deck_problems(d, _cards()),
                   cards={"crypt": [[n, name] for n, name in d.crypt], "library": [[n, name] for n, name in d.library]})
    return row


@twin_of("decks")
def decks(path) -> list[dict]:
    """Twin of ``archon decks FILE``: every registered player's deck list, in
    player order: ``player`` (number), ``name``, ``deck_name``, ``crypt`` and
    ``library`` (counts; None without a deck), ``locked``, ``problems``
    (messages: :func:`archon.rules.decks.deck_problems`) and ``cards``
    (``{"crypt": [[count, name]...], "library": [...]}``, None without a deck)."""
    read = read_event(path)
    ev = read.event
    return [_row(ev, p.number, read.chart_rounds) for p in sorted(ev.players, key=lambda p: p.number)]


def deck_of(event: Event, player: int) -> Optional[Deck]:
    """``player``'s recorded deck, or None."""
    stored = event.decks.get(player)
    return stored.deck if stored is not None else None


def _file_name(number: int, name: str) -> str:
    safe = re.sub(r"[^\w.-]+", "_", name, flags=re.UNICODE).strip("_")[:60]
    return f"{number:03d}_{safe or 'player'}.txt"


def export_decks(path, out) -> list[str]:
    """Write every recorded deck list (as a TWD entry lists it:
    :func:`archon.formats.decklists.deck_list_text`) to ``out``: a ``.zip``
    file, else a folder (made if needed), one ``NNN_Name.txt`` a player.
    Returns the names written."""
    ev = read_event(path).event
    files = {_file_name(n, ev.player(n).name): deck_list_text(s.deck, _cards()) + "\n"
             for n, s in sorted(ev.decks.items()) if n in ev.players_by_number()}
    out = Path(out)
    try:
        if out.suffix.lower() == ".zip":
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
                for name, text in files.items():
                    zf.writestr(name, text)
        else:
            out.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                (out / name).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(say("decks.export_failed", out=str(out), error=exc.strerror or str(exc))) from None
    return list(files)


def cards_update(files: Sequence) -> dict:
    """Twin of ``archon cards update FILE...``: read the VEKN's card list
    (``vtescrypt.csv`` and ``vteslib.csv``, as downloaded from vekn.net) and
    keep it in the user's data folder, where archon reads it instead of the
    list it ships. Returns ``{"cards": count, "path": where}``. Raises
    :class:`InputError` for a file that is not one of those CSVs."""
    target = updated_list_path()
    if target is None:
        raise InputError(say("decks.no_data_folder"))
    try:
        cards = build([Path(f) for f in files])
        write_card_list(cards.cards, target)
    except CardListError as exc:
        raise InputError(message_of(exc)) from None
    except OSError as exc:
        raise InputError(say("decks.export_failed", out=str(target), error=exc.strerror or str(exc))) from None
    return {"cards": len(cards), "path": str(target)}
