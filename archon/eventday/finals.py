"""The final: who the finalists are and in which order they choose their
seats (:func:`finals_view`), seating them (:func:`seat_final`), or closing
the event without a final (:func:`close_without_final`, rules 3.1.6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from archon.eventday.change import Change, Locate, copied, who
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.refusals import (final_seating_refused, no_final_refused, preliminaries_finished, refuse,
                                      toss_refused, unfinished)
from archon.rules.editions import FINAL_SIZE
from archon.rules.model import Event, Final, Player
from archon.rules.standings import PlayerStanding, Standings, Tie, compute
from archon.words.message import Message, act, say

__all__ = [
    "NO_FINAL_SAID",
    "SEAT_CHOICE",
    "SEAT_CHOICE_HOW",
    "Finalist",
    "FinalsView",
    "finals_view",
    "seat_final",
    "close_without_final",
]

#: What the finals view says of the final: an event without one, the order
#: of the seat choice and how it goes (rules 3.1.3).
NO_FINAL_SAID = say("finals.no_final")
SEAT_CHOICE = say("finals.seat_choice")
SEAT_CHOICE_HOW = say("finals.seat_choice_how")


@dataclass
class Finalist:
    """A finalist (or a player tied for a place in the final)."""

    seed: Optional[int]
    player: Player
    standing: PlayerStanding

    @property
    def number(self) -> int:
        return self.player.number


@dataclass
class FinalsView:
    """What the finals view shows (``archon.api.finals``).

    ``finalists`` by seed; ``choosing_order``: the order in which they place
    their cards (rules 3.1.3: the lowest qualifier first, seed 5 then 4 ...
    then seed 1); ``ties``: unresolved ties in the top five (to toss);
    ``unfinished``: what keeps the preliminary rounds from being
    over; ``seating`` the final table as recorded (seat order) with
    ``seeds``; ``winner`` once it has a result; ``refused``: why each action
    of the final is refused now (a :class:`~archon.eventday.refusals.Refusal`,
    ``None`` when it would be done): ``"toss"``, ``"seat_final"``, ``"no_final"``.
    """

    has_final: bool
    finalists: list[Finalist]
    choosing_order: list[Finalist]
    ties: list[Tie]
    unfinished: list
    seating: list[int]
    seeds: list[Optional[int]]
    vps: list[Optional[float]]
    winner: Optional[int]
    standings: Standings
    refused: dict = field(default_factory=dict)

    @property
    def title(self) -> Message:
        """What the list of finalists is: the finalists once the preliminary
        rounds are over, the current leaders before."""
        return say("finals.finalists") if not self.unfinished else say("finals.current_leaders")

    @property
    def ready(self) -> bool:
        """The final can be seated: preliminaries over, no tie in the top five."""
        return self.has_final and not self.unfinished and not self.ties

    @property
    def waiting_for_toss(self) -> bool:
        """The preliminaries are over and a tie at the cut (who reaches the
        final) waits for the toss."""
        return not self.unfinished and any(t.at_cut for t in self.ties)


def finals_view(event: Event, st: Optional[Standings] = None) -> FinalsView:
    """The finalists, their seeds and the order they choose their seats in
    (``st``: the event's standings, when the caller has them)."""
    st = st if st is not None else compute(event)
    by = st.by_number()
    finalists = [Finalist(by[n].seed, by[n].player, by[n]) for n in st.finalists]
    finalists.sort(key=lambda f: (f.seed if f.seed is not None else FINAL_SIZE + 1, f.number))
    ready = not st.ties and all(f.seed is not None for f in finalists)
    choosing = list(reversed(finalists)) if ready else []
    seats = st.final.seeds if st.final is not None else []
    return FinalsView(
        has_final=event.has_final,
        finalists=finalists,
        choosing_order=choosing,
        ties=list(st.ties),
        unfinished=unfinished(event, st),
        seating=list(event.final.seating),
        seeds=list(seats),
        vps=list(event.final.vps),
        winner=st.final.winner if st.final is not None else None,
        standings=st,
        refused={"toss": toss_refused(event, st), "seat_final": final_seating_refused(event, st),
                 "no_final": no_final_refused(event)},
    )


def seat_final(event: Event, seating: Sequence[int], *, locate: Optional[Locate] = None) -> Change:
    """Record the final table: the finalists' player numbers in seat order.

    Seat 1 is the player who plays first (the judge draws who, rules 3.1.3).
    Refused before the preliminary rounds are over, while a tie in the top
    five is unresolved (to toss first), once the final has a result, and
    for a seating that is not exactly the finalists.
    """
    ev = copied(event)
    st = compute(ev)
    refuse(final_seating_refused(ev, st))
    by = st.by_number()
    _check_final_seating(ev, st, seating)
    previous = list(ev.final.seating)
    ev.final = Final(list(seating))
    seats = [say("final.seat", seat=i, player=who(ev, n), seed=by[n].seed) for i, n in enumerate(seating, start=1)]
    lines = [say("final.table", seats=seats)]
    if previous and previous != list(seating):
        lines.append(say("final.replaces", previous=previous))
    return Change(ev, lines, changed=previous != list(seating))


def _check_final_seating(ev: Event, st: Standings, seating: Sequence[int]) -> None:
    """Refuse a seating that is not every finalist once each."""
    finalists = list(st.finalists)
    by = st.by_number()
    named = [say("final.seeded", player=who(ev, n), seed=by[n].seed) for n in finalists]
    known = ev.players_by_number()
    seen: set[int] = set()
    for i, n in enumerate(seating, start=1):
        if n in seen:
            raise EventDayError(say("final.seat_twice", seat=i, player=who(ev, n), other=list(seating).index(n) + 1))
        seen.add(n)
        if n not in known:
            raise WrongInput(say("final.no_such_player", seat=i, number=n, finalists=named))
        if n not in finalists:
            p = known[n]
            why = say("final.out", reason=p.out) if p.is_out else say("final.ranked", rank=by[n].rank)
            raise EventDayError(say("final.not_finalist", seat=i, player=str(p), why=why, finalists=named))
    missing = [n for n in finalists if n not in seen]
    if missing:
        raise EventDayError(say("final.missing", players=[who(ev, n) for n in missing], finalists=named))


def close_without_final(event: Event) -> Change:
    """Close the event without a final (rules 3.1.6: fewer than 8 players).

    The preliminary standings are then the final standings.
    """
    ev = copied(event)
    if not ev.has_final:
        return Change(ev, [say("final.already_none")], changed=False)
    refuse(no_final_refused(ev))
    ev.has_final = False
    lines: list[Message] = [say("final.closed_without")]
    st = compute(ev)
    if preliminaries_finished(ev, st) and st.winner is not None and not st.ties:
        lines.append(say("final.winner", player=who(ev, st.winner)))
    elif st.ties and preliminaries_finished(ev, st):
        lines.append(say("toss.needed", ties=[t.said(ev) for t in st.ties], toss=act("toss")))
    return Change(ev, lines)
