"""Removing a player registered by mistake, or a no-show who has played no
game: the players after them move up one number."""

from __future__ import annotations

from typing import Iterable, Optional

from archon.eventday.change import Change, Locate, copied, seat_again
from archon.eventday.errors import EventDayError
from archon.eventday.players import find_player
from archon.rules.editions import TABLE_SIZES
from archon.rules.model import Event, Player
from archon.rules.validation import ERROR, check_event
from archon.words.message import Message, act, say

__all__ = ["unregister"]


def unregister(
    event: Event,
    player: "str | int",
    *,
    proposed: Iterable[int] = (),
    locate: Optional[Locate] = None,
) -> Change:
    """Remove a player registered by mistake, or a no-show who has played no game.

    The players after them move up one number, everywhere the number
    appears (Methuselahs, the round sheets, the final table, the judges'
    warnings): The Archon's
    seating chart seats the players numbered 1 to N and its formulas count
    the players of column A, so a number left free would seat a player who
    does not exist and leave the last one out. At a table of a round seated
    without results they leave their seat and the players after them move up
    one seat: a table of 5 stays a table of 4, the other tables as they
    were; a table left with 3 is named, with the action that seats its
    round again. Refused for a player who has played (a table with a
    result, the final) or sits in a round under way: drop them instead.
    ``proposed``: rounds only shown by The Archon's chart (they follow the
    number of players by themselves).
    """
    ev = copied(event)
    p = find_player(ev, player, locate)
    _refuse_unregistering(ev, p, set(proposed))
    seats_left = _leave_the_tables(ev, p, set(proposed))
    ev.players = [q for q in ev.players if q.number != p.number]
    moved = _close_the_gap(ev, p.number)
    lines = [say("unregister.done", player=str(p), remaining=len(ev.players))]
    if moved:
        lines.append(say("unregister.moved_up", first_was=moved[0] + 1, last_was=moved[-1] + 1,
                         first=moved[0], last=moved[-1]))
    broken = _prey_repeated(ev, set(proposed)) if seats_left else []
    return Change(ev, lines + seats_left + broken, player=p)


def _prey_repeated(ev: Event, proposed: set[int]) -> list[Message]:
    """The mandatory R1 (no predator-prey relationship repeated) that the
    players moving up one seat now break in a round not played yet: what
    ``archon check`` says of it, and its advice to seat that round again."""
    out = []
    for problem in check_event(ev, chart_rounds=proposed):
        if problem.id == "check.seating_rule" and problem.severity == ERROR:
            out += [problem.said] + ([problem.advice_said] if problem.advice_said is not None else [])
    return out


def _leave_the_tables(ev: Event, p: Player, proposed: set[int]) -> list[Message]:
    """Take ``p`` out of every table of a round seated without results (the
    players after them move up one seat); a round where that leaves a table
    of 3 is cleared instead (The Archon holds no such table). What became
    of each table, in words."""
    lines = []
    cleared = []
    for r in sorted(ev.rounds, key=lambda r: r.number):
        spot = next(((k, t) for k, t in enumerate(r.tables, start=1) if p.number in t.players), None)
        if spot is None or r.number in proposed:
            continue
        k, t = spot
        t.players = [n for n in t.players if n != p.number]
        t.vps = [None] * len(t.players)
        if len(t.players) in TABLE_SIZES:
            lines.append(say("unregister.leaves_seat", round=r.number, table=k, player=str(p), size=len(t.players)))
            continue
        r.tables = []
        cleared.append((r.number, k, len(t.players)))
    for n, k, size in cleared:
        later = any(o.tables for o in ev.rounds if o.number > n and o.number not in proposed)
        lines.append(say("unregister.table_too_small", round=n, table=k, size=size, smallest=min(TABLE_SIZES),
                         largest=max(TABLE_SIZES), again=seat_again([n], force=later)))
    return lines


def _refuse_unregistering(ev: Event, p: Player, proposed: set[int]) -> None:
    """A player who has played, or sits at a table of a round under way, is dropped, not unregistered."""
    instead = say("unregister.drop_instead", drop=act("drop", player=p.number))
    if ev.final.seated and p.number in ev.final.seating:
        raise EventDayError(say("unregister.at_final", player=str(p), instead=instead))
    warned = [w for w in ev.warnings if w.player == p.number]
    if warned:
        raise EventDayError(say("unregister.warned", player=str(p), reason=warned[0].reason, instead=instead))
    for r in sorted(ev.rounds, key=lambda r: r.number):
        if r.number in proposed:
            continue
        begun = r.has_results()
        for k, t in enumerate(r.tables, start=1):
            if p.number not in t.players:
                continue
            if any(v is not None for v in t.vps):
                raise EventDayError(say("unregister.played", player=str(p), round=r.number, table=k,
                                        instead=instead))
            if begun:
                raise EventDayError(say("unregister.round_begun", player=str(p), round=r.number, table=k,
                                        instead=instead))


def _close_the_gap(ev: Event, number: int) -> list[int]:
    """Move every player numbered after ``number`` up one number, in the
    players, the rounds, the final, the judges' warnings, the check-ins,
    the personal codes, the deck lists, the players' reports and the
    claimed-twice alerts (the player's own are gone); returns their new numbers."""

    def new(n: int) -> int:
        return n - 1 if n > number else n

    moved = []
    for q in ev.players:
        if q.number > number:
            q.number -= 1
            moved.append(q.number)
    for r in ev.rounds:
        for t in r.tables:
            t.players = [new(n) for n in t.players]
    ev.final.seating = [new(n) for n in ev.final.seating]
    for w in ev.warnings:
        w.player = new(w.player)
    # check-ins, personal codes, deck lists, the players' reports and the claimed-twice
    # alerts follow their players (archon.eventday.checkin, .codes, .decks, .player_reports)
    ev.checked_in = {new(n): c for n, c in ev.checked_in.items() if n != number}
    ev.codes = {new(n): c for n, c in ev.codes.items() if n != number}
    ev.decks = {new(n): d for n, d in ev.decks.items() if n != number}
    ev.player_reports = [rep for rep in ev.player_reports if rep.player != number]
    for rep in ev.player_reports:
        rep.player = new(rep.player)
    ev.claim_alerts = [a for a in ev.claim_alerts if a.player != number]
    for a in ev.claim_alerts:
        a.player = new(a.player)
    return sorted(moved)
