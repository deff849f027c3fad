"""The coin toss: a reproducible fair draw (``random.Random(seed)``) for every
tie that decides the final cut or the seeds, written as coin rankings."""

from __future__ import annotations

import random
from typing import Callable, Sequence

from archon.eventday.change import Change, copied, who
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.refusals import final_guard, refuse, toss_refused
from archon.rules.editions import FINAL_SIZE
from archon.rules.model import Event
from archon.rules.standings import PlayerStanding, Standings, Tie, compute, preliminary_key
from archon.words.message import Message, act, say

__all__ = ["toss", "toss_as_tossed"]


def toss(event: Event, seed: int) -> Change:
    """Break every unresolved tie for a place in the top five with a fair draw.

    The draw is ``random.Random(seed)``: the same seed gives the same draw.
    Each tied player gets a coin ranking (The Archon's Methuselahs column M;
    1 = won the toss). As The Archon computes it, a player without a coin
    ranking ties with the worst coin given anywhere, so every player of a
    tied group (players equal on the edition's keys, GW, VP and TP) gets a
    distinct coin ranking, keeping the order coin rankings already gave:
    the order is then total whatever coins other players hold. Refused
    before the preliminary rounds are over, and once the final has a result.
    """
    ev = copied(event)
    st = compute(ev)
    refuse(toss_refused(ev, st))
    if not st.ties:
        return Change(ev, [say("toss.no_tie")], changed=False, seed=seed)
    rng = random.Random(seed)
    keys = st.edition.ranking_keys
    lines = [say("toss.seed", seed=seed)]
    first_ties = list(st.ties)
    for _ in range(FINAL_SIZE + 1):
        st = compute(ev)
        if not st.ties:
            break
        lines += _toss_group(ev, st, st.ties[0], keys, _shuffled(rng))
    st = compute(ev)
    if st.ties:  # pragma: no cover - the coins above make every order total
        raise EventDayError(say("toss.unresolved", ties=[t.said(ev) for t in st.ties]))
    final_guard(event, ev, say("guard.this_draw"))
    if ev.has_final:
        lines += [_cut_line(ev, st, tie) for tie in first_ties if tie.at_cut]
    return Change(ev, lines, seed=seed)


def _shuffled(rng: random.Random) -> Callable[[list[int]], list[int]]:
    def arrange(players: list[int]) -> list[int]:
        rng.shuffle(players)
        return players
    return arrange


def toss_as_tossed(event: Event, order: Sequence[int]) -> Change:
    """The coin toss of one tie as tossed at the table: ``order`` is the
    tied players' numbers in the order the coin ranked them (the first won).
    It must name exactly the players of one tie that decides the final cut
    or the seeds (refused saying which are missing or not in it:
    :class:`WrongInput`); refused when :func:`toss` is. Other ties are left
    for another toss, and said."""
    ev = copied(event)
    st = compute(ev)
    refuse(toss_refused(ev, st))
    if not st.ties:
        return Change(ev, [say("toss.no_tie")], changed=False)
    order = [int(n) for n in order]
    twice = sorted({n for n in order if order.count(n) > 1})
    if twice:
        raise WrongInput(say("toss.order_twice", players=[who(ev, n) for n in twice]))
    tie = _tie_of(ev, st.ties, order)
    lines = _toss_group(ev, st, tie, st.edition.ranking_keys, lambda players: list(order), entered=True)
    after = compute(ev)
    final_guard(event, ev, say("guard.this_toss"))
    if ev.has_final and tie.at_cut:
        lines.append(_cut_line(ev, after, tie))
    if after.ties:
        lines.append(say("toss.needed", ties=[t.said(ev) for t in after.ties], toss=act("toss")))
    return Change(ev, lines)


def _tie_of(ev: Event, ties: Sequence[Tie], order: Sequence[int]) -> Tie:
    """The tie whose players ``order`` names, or refused saying who is missing and who is not in it."""
    named = set(order)
    for tie in ties:
        if set(tie.players) == named:
            return tie
    nearest = max(ties, key=lambda t: len(named & set(t.players)))
    missing = [who(ev, n) for n in nearest.players if n not in named]
    extra = [who(ev, n) for n in order if n not in nearest.players]
    raise WrongInput(say("toss.order_not_a_tie", tie=nearest.said(ev),
                         missing=say("toss.order_missing", players=missing) if missing else "",
                         extra=say("toss.order_extra", players=extra) if extra else ""))


def _cut_line(ev: Event, st: Standings, tie: Tie) -> Message:
    """Who of a tie at the cut reaches the final, and where the others rank."""
    by = st.by_number()
    ins = [n for n in tie.players if by[n].finalist]
    outs = sorted((n for n in tie.players if not by[n].finalist), key=lambda n: by[n].rank or 0)
    below = [say("toss.ranked", player=who(ev, n), rank=by[n].rank, place=_ordinal(by[n].rank or 0)) for n in outs]
    return say("toss.reach_final", players=[who(ev, n) for n in ins], below=below)


def _ordinal(n: int) -> Message:
    """A place as an ordinal: "1st", "2nd", "11th", "23rd" in English (a
    message by the English suffix; a language says its own: "6.", "6e")."""
    if 10 <= n % 100 <= 20:
        return say("toss.ordinal.th", rank=n)
    return {1: say("toss.ordinal.st", rank=n), 2: say("toss.ordinal.nd", rank=n),
            3: say("toss.ordinal.rd", rank=n)}.get(n % 10, say("toss.ordinal.th", rank=n))


def _stats(s: PlayerStanding, keys: Sequence[str]) -> list[Message]:
    return [say("toss.stat", key=k.upper(), value=float(getattr(s, k) or 0)) for k in keys]


def _toss_group(ev: Event, st: Standings, tie: Tie, keys: Sequence[str],
                arrange: Callable[[list[int]], list[int]], entered: bool = False) -> list[Message]:
    """Give coin rankings to the group of players tied with ``tie``'s: the
    order ``arrange`` gives the tie's players (a draw, or the order tossed at
    the table: ``entered``), the order coins already gave for the others."""
    by = st.by_number()
    pk = preliminary_key(by[tie.players[0]], st.edition)
    group = [s for s in st.players if not s.player.is_out and preliminary_key(s, st.edition) == pk]
    coins = [p.coin for p in ev.players if p.coin]
    max_coin = max(coins) if coins else 0

    def order(s: PlayerStanding) -> int:  # The Archon's coin arithmetic: higher is better
        return (max_coin - s.player.coin) if s.player.coin else 0

    blocks: dict[int, list[PlayerStanding]] = {}
    for s in group:
        blocks.setdefault(order(s), []).append(s)
    tied = set(tie.players)
    lines = []
    coin = 0
    for value in sorted(blocks, reverse=True):
        members = sorted(blocks[value], key=lambda s: s.number)
        if {s.number for s in members} == tied:
            drawn = arrange([s.number for s in members])
            for k, n in enumerate(drawn, start=coin + 1):
                ev.player(n).coin = k
            lines.append(say("toss.entered" if entered else "toss.drawn", first=tie.first, last=tie.last, stake=tie.stake(ev),
                             stats=_stats(members[0], keys), winner=who(ev, drawn[0]),
                             coins=[say("toss.coin", player=who(ev, n), coin=k)
                                    for k, n in enumerate(drawn, start=coin + 1)]))
            coin += len(drawn)
        else:  # one player; or a tie below the top five: one coin for all keeps it a tie
            coin += 1
            for s in members:
                ev.player(s.number).coin = coin
    return lines
