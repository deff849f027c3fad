"""The search for a plan: how the ways in and the polish fit together.

Plans compare rule by rule, so the search follows the rules' order and
splits them by what they depend on: R2 and R4 (and R3) only on who sits with
whom; R3, R5, R7 and R8 only on each player's *position* (table size and
seat) in each round; R1, R6 and R9 only on pairs who meet more than once.

1. Positions first. Simulated annealing over swaps of two players'
   positions in a round finds the best R3, R5, R7 and R8 regardless of who
   meets whom (each move scored in constant time). Tables are then dealt
   position by position, preferring players who have not met, and repeated
   pairs are removed by swaps that keep every position (the same position
   at another table, or two players whose other rounds look alike). When
   nobody meets twice any more, the plan is as good as the positions alone,
   which no plan beats on R1 to R8: the search ends there (the usual case
   from about 25 players up, in well under a second).
2. Groups first, for events where players must meet again: simulated
   annealing over who sits at which table (R2, then R3, then R4, each move
   scored in constant time from a matrix of meetings), then over seat orders
   (R1, R5 to R9: two players' seats at a table, or two players in the same
   seat at two tables when nobody would meet twice).
3. Polish: iterated local search on every criterion at once. Each step
   shakes the plan a little (reshuffles a table, or swaps two players
   between tables without adding a repeated pair or spreading VPs worse),
   then re-seats the tables involved and those of the same players in other
   rounds, each in its best order of all 120 (or 24), counted exactly from
   incremental counters. Steps are accepted by simulated annealing on a
   weighted sum of the rules; the best plan by the exact rule-by-rule
   comparison is kept.

Small events get a few attempts of each; the best plan wins. With no round
played yet, the first round is a random draw that the search leaves alone
(players are anonymous until then). The work depends only on the size of
the problem, never on the clock: the same inputs and seed give the same plan
on any machine; a time budget only cuts the search short or, with time to
spare, lets it try again with fresh draws.
"""

from __future__ import annotations

import random
from typing import Optional

from archon.seating.board import Board
from archon.seating.groups import table_groups, seat_orders
from archon.seating.polish import polish_plan
from archon.seating.positions import assigned_positions, deal_tables, mend_repeats, positions_plan


class Clock:
    """Progress and time budget for one :func:`plan` call."""

    def __init__(self, budget: Optional[float], progress):
        import time

        self._now = time.perf_counter
        self.start = self._now()
        self.deadline = None if budget is None else self.start + budget
        self.progress = progress
        self.base = 0.0
        self.span = 1.0
        self.last = -1.0

    def stage(self, base: float, span: float):
        self.base, self.span = base, span
        return self.tick

    def tick(self, fraction: float) -> bool:
        if self.progress is not None:
            done = min(1.0, self.base + self.span * fraction)
            if self.deadline is not None:  # searching until the deadline
                elapsed = self._now() - self.start
                done = max(done, min(1.0, elapsed / max(self.deadline - self.start, 1e-9)))
            if done - self.last >= 0.01:
                self.last = done
                self.progress(done)
        return self.expired()

    def expired(self) -> bool:
        return self.deadline is not None and self._now() >= self.deadline


def _positions_only(key: tuple) -> tuple:
    """The key of a plan where nobody meets twice, with the positions (R3,
    R5, R7, R8) of ``key``'s: no plan on those positions is better."""
    return (0, 0, key[2], 0, key[4], 0, key[6], key[7], 0)


def floor_key(key: tuple) -> tuple:
    """The key of a plan with no violation of the counted rules and the same
    spreads (R3, R8) as ``key``'s."""
    return (0, 0, key[2], 0, 0, 0, 0, key[7], 0)


#: Pair counters are bytes: no plan of more rounds than this.
MAX_ROUNDS = 250


def search_once(n, history, free, movable, lcm, most, unit, rng, effort, clock) -> tuple:
    """One deterministic search; returns (key, slots) of the best plan found.

    When every round to place has players on as many games, positions are
    placed outright (:func:`.positions._assigned`): the best ones when a
    single round is to place (the last round of most events), else each
    round's best given the others'. Tables dealt from them and mended
    without a repeated pair or a worse position end the search at once
    (with one round to place no plan beats them on R1 to R8; with more,
    the quality sweep of ``python -m benchmarks.seating`` finds them as good
    as the annealing of positions they replace). When they cannot be dealt
    so, the best of those deals and its target replace way 1 of the ways
    in (:func:`_ways_in`): annealing positions again and dealing them
    reached no better plans, over 2,560 seatings of round 2 or 3 after a
    drop (12 to 300 players), than :func:`_deals` of the outright positions,
    and took a third of the search's time. Otherwise both ways in search from
    scratch.
    """
    size = _seats_to_decide(free, movable)
    outright = _outright(n, history, free, movable, lcm, rng, _mend_moves(effort, size), _deals(effort))
    if outright is not None and outright[0] <= outright[2]:
        return outright[:2]
    found = _ways_in(n, history, free, movable, lcm, most, unit, rng, effort, clock, outright)
    return outright[:2] if outright is not None and outright[0] < found[0] else found


def _seats_to_decide(free: list, movable: list[bool]) -> int:
    """The seats of the rounds the search may change: the size of the problem."""
    return sum(len(p) for (p, _), mv in zip(free, movable) if mv)


def _deals(effort: float) -> int:
    """How many times tables are dealt from positions and mended: six at
    least, as a deal and its mending cost a few thousandths of a second, the
    groups-first way that follows a failed one ten times more. Six deals of
    one annealing of positions reached as good plans as three deals of the
    better of two annealings, in a third less time (1,280 seatings of round
    2 or 3 after a late arrival, 12 to 300 players)."""
    return max(6, round(effort * 12))


def _mend_moves(effort: float, size: int) -> int:
    """The swaps one mending of a deal may try."""
    return int(effort * max(2000, 20 * size))


def _outright(n, history, free, movable, lcm, rng, moves: int, deals: int) -> Optional[tuple]:
    """(key, slots, target) of the best of ``deals`` tables dealt from the
    best positions and mended, ``target`` the key of a plan on those
    positions where nobody meets twice; None when the positions are not
    known outright. Draws from a copy of ``rng``: the ways in that may
    follow draw as they would have without it."""
    own = random.Random()
    own.setstate(rng.getstate())
    types = assigned_positions(n, history, free, movable, own)
    if types is None:
        return None
    best = None
    for _ in range(deals):
        board = _board(n, history, free, deal_tables(n, history, free, types, own), lcm)
        target = _positions_only(board.key())  # the same positions for every deal
        mend_repeats(board, movable, own, moves)
        if best is None or board.key() < best[0]:
            best = (board.key(), [list(s) for s in board.slots], target)
        if best[0] <= target:
            break
    return best


# Longer than a screen: the two ways in and the polish, with their early
# exits, read best in one place (each step is a function of its own).
def _ways_in(n, history, free, movable, lcm, most, unit, rng, effort, clock, start=None) -> tuple:
    """The search by the two ways in; returns (key, slots) of the best plan found.
    ``start``: (key, slots, target) of tables dealt from the best positions
    (:func:`_outright`), way 1's board and target instead of its search.

    Two ways in, each finished by the same polish on every criterion:
    *positions first* (every player's table size and seat, then tables that
    respect them) reaches the best spread of VPs and transfers when there is
    room for nobody to meet twice; *groups first* (who sits with whom, then
    seat orders) suits plans where some must meet again. The positions
    alone, chosen without caring who meets whom, are also a target: a plan
    as good as them cannot be improved on R1 to R8, and ends the search.
    The amount of work depends only on the size of the problem (and
    ``effort``), never on the clock, so the same seed gives the same plan on
    any machine.
    """
    size = _seats_to_decide(free, movable)
    attempts = max(1, round(effort * (4 if size <= 40 else 2 if size <= 120 else 1)))
    it_a = int(effort * max(5000, 50 * size))
    it_b = int(effort * (2000 if size <= 60 else 150 * size))
    it_c = int(effort * max(60, min(600, 36000 // max(size, 1))))
    # positions are cheap and decide R3, R5, R7 and R8: never fewer than
    # effort 1 would give, up to 30000 moves (about 0.05 s); 10000 at least
    # (20000 reached no better plans over 1,280 seatings after a late arrival)
    base_p = max(10000, 200 * size)
    it_p = int(max(effort * base_p, min(base_p, 30000)))
    deals = _deals(effort)
    best: Optional[tuple] = None
    for attempt in range(attempts):
        base = attempt / attempts
        span = 1 / attempts

        def stage(a: float, b: float):
            return clock.stage(base + span * a, span * (b - a))

        # way 1, positions first, or the best deal of the outright positions
        if start:
            target, board = start[2], Board(n, history, [(list(s), z) for s, (_, z) in zip(start[1], free)], lcm)
        else:
            target, board = None, None
            types = positions_plan(n, history, free, movable, lcm, most, rng, it_p, stage(0.0, 0.1))
            for deal in range(deals):  # dealing and mending is cheap: a few tries
                dealt = _board(n, history, free, deal_tables(n, history, free, types, rng), lcm)
                target = target or _positions_only(dealt.key())  # the positions', whoever meets
                mend_repeats(dealt, movable, rng, _mend_moves(effort, size),
                      stage(0.1 + 0.05 * deal / deals, 0.1 + 0.05 * (deal + 1) / deals))
                if dealt.key() <= target:
                    return dealt.key(), [list(s) for s in dealt.slots]
                if board is None or dealt.key() < board.key():
                    board = dealt
        # way 2, groups first
        tables = table_groups(n, history, free, movable, lcm, most, rng, it_a, stage(0.15, 0.25))
        tables = seat_orders(n, history, tables, movable, lcm, most, rng, it_b, stage(0.25, 0.4))
        other = _board(n, history, free, tables, lcm)
        if other.key() <= target:
            return other.key(), [list(s) for s in other.slots]
        # both polished; way 1's board holds its best deal
        assert board is not None  # six deals at least (_deals)
        for b, (a0, a1) in ((other, (0.4, 0.75)), (board, (0.75, 1.0))):
            share = it_c if b is other else it_c // 2
            found = polish_plan(b, movable, unit, rng, share, stage(a0, a1), target=target)
            if best is None or found[0] < best[0]:
                best = found
            if best[0] <= target or clock.expired():
                return best
    assert best is not None
    return best


def _board(n: int, history: list, free: list, tables: list, lcm: int) -> Board:
    """A board for the given tables (per free round, tables in the order of
    that round's sizes)."""
    slots = [[p for t in rnd for p in t] for rnd in tables]
    return Board(n, history, [(s, sz) for s, (_, sz) in zip(slots, free)], lcm)
