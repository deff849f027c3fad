"""Registering players: each gets the next player number; a late arrival
joins from the next round (rules 3.3.1)."""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from archon.eventday.change import Change, Locate, copied, place, seat_again
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import checked_vekn, typed_text, with_vekn
from archon.eventday.refusals import NO_FINAL_MAX_PLAYERS
from archon.rules.model import Event, Player, name_key
from archon.rules.standings import planned_rounds
from archon.rules.validation import Where
from archon.words.message import Message, act, option, say

__all__ = ["register", "register_many", "namesakes", "namesake_line"]


def register(
    event: Event,
    first_name: str,
    last_name: str = "",
    *,
    vekn: Optional[str] = None,
    city: Optional[str] = None,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Register a player under the next player number.

    A player registered once a round has results is a late arrival: they
    join from the next round (rules 3.3.1). A player of the same name as
    another is registered when either has a VEKN number (two people, told
    apart by their numbers: a line says so); a name already registered
    without a VEKN number, typed again without one, is refused (the same
    player typed twice, most likely). ``proposed``: rounds the
    workbook shows from The Archon's optimal seating chart without typed
    seats or results; they follow the number of players, so the new event
    leaves them out (the workbook's formulas seat them again).
    """
    return register_many(
        event, [(first_name, last_name, vekn, city, None)], proposed=proposed, locate=locate
    )


def register_many(
    event: Event,
    rows: Sequence[object],
    *,
    source: str = "",
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Register several players (all or none), numbered in order.

    ``rows``: ``(first name, last name, VEKN number, city, line)`` tuples or
    objects with those attributes (:class:`archon.formats.players_csv.PlayerRow`);
    ``line`` names the row of ``source`` (a file name) in messages.
    """
    proposed = set(proposed)
    ev = copied(event)
    if ev.final.seated:
        raise EventDayError(say("register.final_seated"))
    joins, seated_without = _registration_state(ev, proposed)
    if joins > planned_rounds(ev):
        raise EventDayError(say("register.rounds_over", round=joins - 1, format=ev.format))
    added = _players_to_register(ev, rows, source, locate)
    _check_room_without_final(ev, added)
    ev.players.extend(added)
    lines = _registered_lines(event, ev, added, joins, seated_without, proposed)
    lines[len(added):len(added)] = [said for said in (namesake_line(ev, p) for p in added) if said is not None]
    return Change(ev, lines, player=added[0] if len(added) == 1 else None)


def _registration_state(event: Event, proposed: Iterable[int]) -> tuple[int, list[int]]:
    """(the round a player registered now joins from, rounds already seated without them)."""
    proposed = set(proposed)
    started = [r.number for r in event.rounds if r.has_results()]
    joins = max(started, default=0) + 1
    seated = sorted(
        r.number for r in event.rounds
        if r.tables and r.number >= joins and r.number not in proposed
    )
    return joins, seated


def _row_fields(row: object) -> tuple:
    """(first name, last name, VEKN number, city, line) of a row given as
    a tuple or as an object with those attributes."""
    if isinstance(row, tuple):
        return tuple((list(row) + [None] * 5)[:5])
    return (getattr(row, "first_name", ""), getattr(row, "last_name", ""), getattr(row, "vekn", None),
            getattr(row, "city", None), getattr(row, "line", None))


class _Registering:
    """The players registered and listed so far, to refuse one twice: a
    VEKN number twice, or a name twice when neither has a VEKN number (two
    players of the same name are told apart by their numbers)."""

    def __init__(self, ev: Event, locate: Optional[Locate]) -> None:
        self.locate = locate
        self.names = {name_key(p.name): p for p in ev.players if p.name and not p.vekn}
        self.vekns = {p.vekn: p for p in ev.players if p.vekn}
        self.new_names: dict[str, "Message | str"] = {}
        self.new_vekns: dict[str, "Message | str"] = {}

    def check(self, full: str, vekn: Optional[str], where: "Message | str") -> None:
        key = name_key(full)
        if not vekn and key in self.names:
            p = self.names[key]
            cell = place(self.locate, Where("player", player=p.number, field="first_name"))
            raise EventDayError(say("register.same_name_no_vekn", where=where, name=full, cell=cell, player=str(p),
                                    vekn=option("vekn")))
        if not vekn and key in self.new_names:
            raise EventDayError(say("register.listed_twice", where=where, name=full, first=self.new_names[key]))
        if vekn and vekn in self.vekns:
            p = self.vekns[vekn]
            cell = place(self.locate, Where("player", player=p.number, field="vekn"))
            raise EventDayError(say("register.vekn_registered", where=where, vekn=vekn, cell=cell, player=str(p)))
        if vekn and vekn in self.new_vekns:
            raise EventDayError(say("register.vekn_listed_twice", where=where, vekn=vekn, first=self.new_vekns[vekn]))

    def add(self, full: str, vekn: Optional[str], line: Optional[int]) -> None:
        listed = say("register.line", line=line) if line else full
        if vekn:
            self.new_vekns[vekn] = listed
        else:
            self.new_names[name_key(full)] = listed


def namesakes(event: Event, player: Player) -> list[Player]:
    """The other players of ``event`` registered under ``player``'s name
    (:func:`archon.rules.model.name_key`: accents and case aside)."""
    key = name_key(player.name)
    return [p for p in event.players if p.number != player.number and key and name_key(p.name) == key]


def namesake_line(event: Event, player: Player) -> Optional[Message]:
    """What registering ``player`` says when another player has their name:
    who, with their VEKN numbers, and how to name each from now on."""
    others = namesakes(event, player)
    if not others:
        return None
    return say("register.namesake", player=with_vekn(player), others=[with_vekn(p) for p in others],
               number=player.number)


def _players_to_register(ev: Event, rows: Sequence[object], source: str, locate: Optional[Locate]) -> list[Player]:
    """The new players, numbered after the last one: each with a name, a
    well-formed VEKN number or none, and neither already registered nor
    listed twice (messages name ``source``'s line)."""
    seen = _Registering(ev, locate)
    added: list[Player] = []
    number = max((p.number for p in ev.players), default=0)
    for row in rows:
        first, last, vekn, city, line = _row_fields(row)
        where = say("where.line", source=source, line=line) if source and line else ""
        first = typed_text(first, say("field.first_name"), where, name=True)
        last = typed_text(last, say("field.last_name"), where, name=True)
        full = " ".join(x for x in (first, last) if x)
        if not full:
            raise WrongInput(say("register.name_needed", where=where))
        v = checked_vekn(vekn, where)
        seen.check(full, v, where)
        seen.add(full, v, line)
        number += 1
        city_text = typed_text(city, say("field.city"), where) if city else None
        added.append(Player(number, first, last, city=city_text or None, vekn=v))
    if not added:
        raise EventDayError(say("register.nobody", source=source or say("register.the_players_list")))
    return added


def _check_room_without_final(ev: Event, added: list[Player]) -> None:
    """Rules 3.1.6: an event without a final, once seated, admits no player
    who would make it too large for one."""
    if not ev.has_final and any(r.tables for r in ev.rounds):
        playing = sum(1 for p in ev.players if not p.is_out) + len(added)
        if playing > NO_FINAL_MAX_PLAYERS:
            raise EventDayError(say("register.no_room_without_final", limit=NO_FINAL_MAX_PLAYERS + 1,
                                    playing=playing, added=len(added)))


def _registered_lines(event: Event, ev: Event, added: list[Player], joins: int, seated_without: list[int],
                      proposed: set[int]) -> list[Message]:
    """What registering says: each player registered (a late arrival's
    first round), rounds already seated without them, and The Archon's chart
    rounds it clears from ``ev``."""
    late = joins > 1
    lines = [_registered(p, joins if late else None) for p in added]
    if seated_without:
        lines.append(_seat_again_advice(seated_without, say("register.them") if len(added) > 1 else str(added[0])))
    chart = sorted(k for k in proposed if any(r.number == k and r.tables for r in event.rounds))
    if chart:
        ev.rounds = [r for r in ev.rounds if r.number not in proposed]
        if late:
            lines.append(say("register.chart_cleared", rounds=chart, players=len(ev.players),
                             played=list(range(1, joins)), seat=act("seat", round=chart[0])))
    return lines


def _registered(p: Player, joins: Optional[int]) -> Message:
    """"registered #6 Zoe Adler (Nantes), VEKN 3000999" (``joins``: a late arrival's first round)."""
    return say(
        "register.registered",
        player=str(p),
        city=say("register.city", city=p.city) if p.city else "",
        vekn=say("register.vekn", vekn=p.vekn) if p.vekn else say("register.no_vekn"),
        late=say("register.late", round=joins) if joins else "",
    )


def _seat_again_advice(seated_without: list[int], who: "Message | str") -> Message:
    """What to do about rounds seated, none played, before ``who`` registered:
    seat the first again if it has not started (with force when later
    rounds are seated too: they are cleared), else the next one."""
    first, *later = seated_without
    if not later:
        return say("register.seated_without", rounds=seated_without, who=who, round=first,
                   again=seat_again([first], force=True), next=first + 1)
    return say("register.seated_without_later", rounds=seated_without, who=who, round=first, later=later,
               again=act("seat", round=first, force=True), next=first + 1,
               next_again=act("seat", round=first + 1, force=True))
