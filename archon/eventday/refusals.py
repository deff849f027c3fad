"""Why an action of the event day is refused now, asked before it is tried.

The event console turns a button off with the :class:`Refusal`'s ``short``
(:func:`toss_refused`, :func:`final_seating_refused`,
:func:`no_final_refused`); the actions raise its ``message``
(:func:`refuse`). :func:`final_guard` refuses a change that would alter a
final already seated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from archon.eventday.change import who
from archon.eventday.errors import EventDayError
from archon.rules.editions import TABLE_SIZES, get_edition
from archon.rules.model import Event
from archon.rules.standings import Standings, compute, unfinished_preliminaries
from archon.words.message import Message, act, say
from archon.words.render import PLAIN

__all__ = [
    "Refusal",
    "ONCE_PRELIMINARIES_OVER",
    "NO_FINAL_MAX_PLAYERS",
    "unfinished",
    "preliminaries_finished",
    "refuse",
    "final_guard",
    "toss_refused",
    "final_seating_refused",
    "no_final_refused",
]

#: Rules 3.1.6: a tournament without a final has fewer than 8 players.
NO_FINAL_MAX_PLAYERS = 7

#: When the actions of the final are accepted.
ONCE_PRELIMINARIES_OVER = say("final.once_preliminaries_over")

#: The most unfinished tables a refusal lists.
_LISTED = 3


@dataclass(frozen=True)
class Refusal:
    """Why an action of the event day is refused now: ``message``, what the
    action says when refused, and ``short``, the part that says when it will
    be accepted (the event console shows it beside a button it turns off);
    both are :class:`~archon.words.message.Message` s."""

    message: Message
    short: Message

    def __str__(self) -> str:
        return PLAIN.render(self.message)


def said(message: Message) -> Refusal:
    """A refusal whose message is short enough to show as it is."""
    return Refusal(message, message)


def refuse(refusal: Optional[Refusal]) -> None:
    """Raise the refusal's message (:class:`EventDayError`), if there is one."""
    if refusal is not None:
        raise EventDayError(refusal.message)


def unfinished(event: Event, st: Optional[Standings] = None) -> list:
    """What keeps the preliminary rounds from being over, in words (empty when over)."""
    return unfinished_preliminaries(event, st if st is not None else compute(event))


def preliminaries_finished(event: Event, st: Optional[Standings] = None) -> bool:
    """Every planned preliminary round is seated and every table scored."""
    return not unfinished(event, st)


def _preliminaries_refused(event: Event, st: Standings, id: str) -> Optional[Refusal]:
    """Message ``id`` (the toss's, the final's) while a preliminary table has no result."""
    left = unfinished(event, st)
    if not left:
        return None
    shown = list(left[:_LISTED]) + (["..."] if len(left) > _LISTED else [])
    return Refusal(say(id, left=shown), ONCE_PRELIMINARIES_OVER)


def toss_refused(event: Event, st: Optional[Standings] = None) -> Optional[Refusal]:
    """Why :func:`~archon.eventday.toss` is refused now (``None``: it may run):
    before the preliminary rounds are over, and for a tie once the final has a result."""
    st = st if st is not None else compute(event)
    refused = _preliminaries_refused(event, st, "toss.preliminaries_not_over")
    if refused is None and st.ties and st.final is not None and st.final.played:
        refused = said(say("toss.final_has_result"))
    return refused


def final_seating_refused(event: Event, st: Optional[Standings] = None) -> Optional[Refusal]:
    """Why :func:`~archon.eventday.seat_final` is refused now whatever the
    seating (``None``: the finalists may be seated): no final, the
    preliminary rounds not over, a tie in the top five, a final with a
    result, too few finalists."""
    if not event.has_final:
        return said(say("final.no_final_to_seat"))
    st = st if st is not None else compute(event)
    refused = _preliminaries_refused(event, st, "final.preliminaries_not_over")
    if refused is not None:
        return refused
    if st.ties:
        return Refusal(say("final.toss_first", ties=[t.said(event) for t in st.ties], toss=act("toss")),
                       say("final.once_tossed"))
    if any(v is not None for v in event.final.vps):
        return said(say("final.has_result"))
    if len(st.finalists) not in TABLE_SIZES:
        return said(say("final.too_few", finalists=len(st.finalists), sizes=list(TABLE_SIZES),
                        none=act("finals", none=True)))
    return None


def no_final_refused(event: Event) -> Optional[Refusal]:
    """Why :func:`~archon.eventday.close_without_final` is refused (``None``:
    the event may close without a final): a final seated, rules without it,
    too many players."""
    if not event.has_final:
        return None
    if event.final.seated:
        return said(say("final.seated_clear_first"))
    ed = get_edition(event.edition)
    if not ed.no_final_allowed:
        return said(say("final.edition_has_no_none", edition=ed.name, title=ed.title, finals=act("finals")))
    attended = len(event.attended())  # a no-show (flagged N, no game played) did not attend
    if attended > NO_FINAL_MAX_PLAYERS:
        return said(say("final.too_many_players", players=attended, limit=NO_FINAL_MAX_PLAYERS + 1))
    return None


def final_guard(before: Event, after: Event, what: Message) -> None:
    """Refuse a change (``what`` names it: "this draw") that alters who
    reaches a final already seated, or undoes the preliminary results that decided it."""
    if not (after.has_final and after.final.seated):
        return
    old_st = compute(before)
    old = set(old_st.finalists)
    new_st = compute(after)
    new = set(new_st.finalists)
    seating = set(after.final.seating)
    reopened = unfinished(after, new_st) if not unfinished(before, old_st) else []
    if not reopened and (old == new or (new == seating and old != seating)):
        return  # same finalists, or the change makes them match the seated final
    details = _finalists_changing(after, old, new, new_st, reopened)
    raise EventDayError(say("final.guard", what=what, details=details or [say("guard.finalists_change")]))


def _finalists_changing(after: Event, old: set, new: set, new_st: Standings, reopened: list) -> list[Message]:
    """How a change alters who reaches the final, one message a way."""
    gone = [who(after, n) for n in sorted(old - new)]
    came = [who(after, n) for n in sorted(new - old)]
    details = []
    if gone:
        details.append(say("guard.gone", players=gone))
    if came:
        details.append(say("guard.came", players=came))
    if new_st.cut_tie is not None and not came:
        details.append(say("guard.new_tie", stake=new_st.cut_tie.stake(after)))
    if reopened and not details:
        details.append(say("guard.reopened", left=reopened[0]))
    return details
