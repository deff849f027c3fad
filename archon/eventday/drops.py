"""Dropping a player: The Archon's DQ flag (a reason code, Methuselahs column
G) takes them out of the next seatings and of the final; undoing it puts
them back."""

from __future__ import annotations

from typing import Iterable, Optional

from archon.eventday.change import Change, Locate, copied, place, who
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.eventday.refusals import final_guard, unfinished
from archon.rules.model import OUT_REASONS, OUT_REASONS_SAID, Event, Player
from archon.rules.standings import Standings, compute
from archon.rules.validation import Where
from archon.words.message import Message, act, option, say

__all__ = ["drop", "undo_drop"]


def drop(
    event: Event,
    player: "str | int",
    reason: str = "WD",
    *,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Flag a player out (The Archon's DQ flag, with a reason code).

    ``reason`` is one of :data:`archon.rules.model.OUT_REASONS` (WD: withdrew, DQ:
    disqualified, ...). A flagged player is left out of the next seatings and
    of the final; their results so far stay. A finalist who leaves before the
    final is seated is replaced by the next-ranked player (rules 3.1: a
    player who left has no rank). Refused for a player seated at a final
    table that is already seated (rules 3.1.4: they keep their seat and take
    a Loss, recorded with the final's result), and for anyone once the final
    has a result (the event is over: a drop would move everyone below up a
    rank; ``undo`` or a judge's override recorded with the final's result
    are the ways to change it).
    """
    ev = copied(event)
    p = find_player(ev, player, locate)
    code = str(reason or "").strip().upper()
    if code not in OUT_REASONS:
        codes = [say("drop.code", code=k, meaning=OUT_REASONS_SAID[k]) for k in OUT_REASONS]
        raise WrongInput(say("drop.unknown_reason", reason=reason, codes=codes))
    _refuse_dropping(ev, p, locate)
    before = compute(ev)
    p.out = code
    after = compute(ev)
    lines = [say("drop.out", player=str(p), code=code, meaning=OUT_REASONS_SAID[code])]
    lines += _still_seated_lines(after, p.number, set(proposed))
    # Who reaches the final, and a tie for its last place, are known once
    # the preliminary rounds are over (as the finals view says): not before.
    if ev.has_final and before.by_number()[p.number].finalist and not unfinished(ev, after):
        lines += _final_place_lines(ev, before, after)
    return Change(ev, lines, player=p)


def _refuse_dropping(ev: Event, p: Player, locate: Optional[Locate]) -> None:
    """A player already out, or seated at a final already seated, is not
    dropped; nor anyone once the final has a result: the event is over."""
    if ev.has_final and ev.final.seated and any(v is not None for v in ev.final.vps):
        raise EventDayError(say("drop.event_over", player=str(p), undo=act("undo"),
                                result=act("result", final=True, vps="...", replace=True),
                                override=option("override")))
    if p.is_out:
        cell = place(locate, Where("player", player=p.number, field="out"))
        raise EventDayError(say("drop.already_out", player=str(p), number=p.number, reason=p.out, cell=cell,
                                undo=act("drop", player=p.number, undo=True)))
    if ev.has_final and ev.final.seated and p.number in ev.final.seating:
        raise EventDayError(say("drop.at_final", player=str(p), number=p.number,
                                result=act("result", final=True, vps="..."), override=option("override")))


def _final_place_lines(ev: Event, before: Standings, after: Standings) -> list[Message]:
    """Who reaches the final in a dropped finalist's place, or the tie that decides it."""
    lines = []
    came = [n for n in after.finalists if n not in before.finalists]
    if came:
        lines.append(say("drop.replaced_in_final", players=[who(ev, n) for n in came]))
    if after.cut_tie is not None:
        lines.append(say("toss.needed", ties=[after.cut_tie.said(ev)], toss=act("toss")))
    return lines


def _still_seated_lines(after: Standings, number: int, proposed: set[int]) -> list[Message]:
    """What to do about each table without a result where a dropped player
    is still seated: a chart round to seat again, or a round begun (a Loss)."""
    lines = []
    for rs in after.rounds:
        for t in rs.tables:
            if number not in t.players:
                continue
            if t.result is not None and t.result.scored:
                continue
            if rs.number in proposed:
                lines.append(say("drop.chart_still_seats", round=rs.number, seat=act("seat", round=rs.number)))
            else:
                lines.append(say("drop.still_seated", round=rs.number, table=t.number,
                                 again=act("seat", round=rs.number, force=True)))
    return lines


def undo_drop(event: Event, player: "str | int", *, locate: Optional[Locate] = None) -> Change:
    """Clear a player's DQ flag: they play again."""
    ev = copied(event)
    p = find_player(ev, player, locate)
    if not p.is_out:
        raise EventDayError(say("drop.not_out", player=str(p)))
    was = p.out
    p.out = None
    final_guard(event, ev, say("guard.putting_back", player=str(p)))
    return Change(ev, [say("drop.plays_again", player=str(p), flag=was)], player=p)
