"""Finding the player typed (a number, a VEKN number, a part of a name), and
text typed for a cell (:func:`typed_text`)."""

from __future__ import annotations

import re
from typing import Optional

from archon.eventday.change import Locate, place
from archon.eventday.errors import AmbiguousPlayer, WrongInput
from archon.rules.celltext import CONTROL_CHARACTER, character_named, nfc, refused_in_name
from archon.rules.model import MAX_CELL_TEXT, Event, Player, name_key, plain_name, typed_name_forms
from archon.rules.typed import is_whole_number_text
from archon.rules.validation import Where
from archon.words.message import Message, act, option, say

__all__ = ["find_player", "typed_text", "checked_vekn", "with_vekn"]

_VEKN = re.compile(r"^\d{7}$")

#: The longest part of a text a refusal quotes.
_SHOWN = 40


def find_player(event: Event, text: "str | int", locate: Optional[Locate] = None) -> Player:
    """The player ``text`` names: a player number, a VEKN number or a unique
    part of a name, accents and case ignored, "Last, First" as well as
    "First Last" (:func:`archon.rules.model.typed_name_forms`); a name typed
    exactly as registered wins over the others it is part of.

    Raises :class:`AmbiguousPlayer` listing the candidates when a part of a
    name fits several players (players of the same name: with their VEKN
    numbers, to be named by number, ``#12``, or VEKN number), :class:`WrongInput` when none fits.
    """
    raw = nfc(str(text)).strip()  # a name typed decomposed ("Chloe" + U+0301) is the name stored composed
    if not raw:
        raise WrongInput(say("player.none_given"))
    if not event.players:
        raise WrongInput(say("player.none_registered", register=act("register", name="First Last"),
                             csv=option("from")))
    if raw.startswith("#") and is_whole_number_text(raw[1:]):
        raw = raw[1:]
    if is_whole_number_text(raw):
        return _by_number(event, raw)
    return _by_name(event, raw, locate)


def _by_number(event: Event, raw: str) -> Player:
    """The player whose number or VEKN number is ``raw`` (digits)."""
    found = [p for p in event.players if p.number == int(raw) or (p.vekn or "") == raw]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        named = [say("player.by_number" if p.number == int(raw) else "player.by_vekn", player=str(p), typed=raw)
                 for p in found]
        raise AmbiguousPlayer(say("player.number_and_vekn", typed=raw, players=named), found)
    last = max(p.number for p in event.players)
    numbered = say("player.numbered", last=last) if last > 1 else 1
    raise WrongInput(say("player.no_such_number", typed=raw, numbered=numbered, standings=act("standings")))


def _by_name(event: Event, raw: str, locate: Optional[Locate]) -> Player:
    """The one player whose name fits ``raw`` best."""
    forms = typed_name_forms(raw)
    plain = {p.number: plain_name(p.name) for p in event.players}
    found = [p for p in event.players if any(f in plain[p.number] for f in forms)]
    key = name_key(raw)
    closest = (  # first the whole name as spelled, then the whole name, then a part with its accents
        [p for p in found if name_key(p.name) == key],
        [p for p in found if plain[p.number] in forms],
        [p for p in found if key in name_key(p.name)] if key != plain_name(raw) else [],
        found,
    )
    best = next((fit for fit in closest if len(fit) == 1), None)
    if best:
        return best[0]
    if not found:
        raise WrongInput(say("player.no_name_fits", typed=raw))
    nearest = next(fit for fit in closest if fit)
    if len({name_key(p.name) for p in nearest}) == 1:  # namesakes: told apart by their numbers
        listed = [say("player.at", player=with_vekn(p), cell=place(locate, Where(
            "player", player=p.number, field="number"))) for p in nearest]
        raise AmbiguousPlayer(say("player.same_name", typed=raw, count=len(nearest), players=listed,
                                  number=nearest[0].number), nearest)
    listed = [say("player.at", player=str(p), cell=place(locate, Where("player", player=p.number, field="number")))
              for p in found]
    raise AmbiguousPlayer(say("player.ambiguous", typed=raw, count=len(found), players=listed), found)


def with_vekn(p: Player) -> "Message | str":
    """"#3 João Silva (VEKN 3000123)", or "#3 João Silva" without a VEKN number."""
    return say("player.with_vekn", player=str(p), vekn=p.vekn) if p.vekn else str(p)


def typed_text(text: object, field: "Message | str", where: "Message | str" = "", *, name: bool = False) -> str:
    """``text`` as a cell will hold it: in Unicode's composed form (NFC,
    :func:`archon.rules.celltext.nfc`), runs of spaces, tabs and line breaks
    as one space. Text with a control character, or longer than a cell
    holds (:data:`archon.rules.model.MAX_CELL_TEXT`), is refused naming ``field``
    (a message: ``field.first_name``...) (:class:`WrongInput`), before
    anything is written; so is a ``name``
    (a player's) with a character that cannot be seen or turns the text
    around (:func:`archon.rules.celltext.refused_in_name`). ``where``: where it
    was typed, said first ("players.csv, line 3: ", a message of id
    ``where.line``)."""
    raw = nfc(str(text or ""))
    shown = raw if len(raw) <= _SHOWN else raw[:_SHOWN] + "..."
    bad = CONTROL_CHARACTER.search(raw)
    if bad:
        raise WrongInput(say("text.control_character", where=where, field=field, text=shown,
                             code=f"{ord(bad.group(0)):04X}"))
    invisible = refused_in_name(raw) if name else []
    if invisible:
        raise WrongInput(say("text.invisible_character", where=where, field=field, text=shown,
                             characters=[character_named(c) for c in invisible]))
    out = " ".join(raw.split())
    if len(out) > MAX_CELL_TEXT:
        raise WrongInput(say("text.too_long", where=where, field=field, length=len(out), most=MAX_CELL_TEXT))
    return out


def checked_vekn(vekn: Optional[str], where: "Message | str" = "") -> Optional[str]:
    """A VEKN number as typed (7 digits; a spreadsheet's "3000103.0" too), or
    None for none; refused (:class:`WrongInput`) when it is not 7 digits."""
    if vekn is None:
        return None
    v = str(vekn).strip()
    if not v:
        return None
    if re.fullmatch(r"\d+\.0+", v):
        v = v.split(".")[0]
    if not _VEKN.match(v):
        raise WrongInput(say("player.vekn_not_7_digits", where=where, vekn=v))
    return v
