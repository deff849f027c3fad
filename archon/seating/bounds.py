"""Lower bounds: per criterion, a figure no plan can beat.

An organizer (or a judge answering a complaint) wants to know whether a
seating could have been better. For each criterion this module computes a
lower bound that holds for *every* plan with the same rounds already played,
the same players in each round and the same table sizes (for a plan where
everyone plays, that is: the same number of players, rounds and history).
Where a plan reaches the bound of a criterion, no plan does better on that
criterion: it is proven optimal there. Each bound stands alone: a plan may
have to stay above the bound of one criterion to honour an earlier one.

The bounds count what the table sizes force:

* R1, R4, R5, R6, R7, R9 (counts of things repeated): how many predator-prey
  pairs, meetings, fifth seats, seats, relations and position groups the
  rounds hand out, against how many distinct ones there are (per player and
  overall); a repetition counts once however often it happens, so each
  violation absorbs at most ``rounds - 1`` of the excess. R4 also counts,
  for every two rounds, the pairs that must share a table in both (a table
  of one round draws on the tables of the other, pigeonhole), among the
  players of both rounds (a dropped player or a late arrival takes a seat
  of one round only). Violations in the rounds already played stay.
* R2: pairs sharing a table in every round: a 2-round plan has R2 = R4;
  one table for everyone in every round puts every pair there; when only
  the last round is left to seat, its tables draw on the groups of players
  who shared every table so far (pigeonhole, as for R4); three rounds of
  at most three tables: the same over every way the first two can cross.
* R3 and R8: the VPs available (4 or 5 a round) and the first-turn
  transfers (1, 2, 3, 4, 4 by seat) handed out in total are fixed by the
  table sizes; spreading them over the players as evenly as whole numbers
  allow (each player within what their games permit, players of fewer
  games after a drop or a late arrival too) gives the smallest spread any
  plan can have. :func:`proof` also compares R8 with the plans
  that seat nobody twice in the same seat, when those are the only ones
  that could beat the plan (:mod:`.transfers`).

When every round seats the same players at one table (4 or 5 players:
everyone meets everyone each round) and few plans remain, :func:`proof`
scores every one of them: per criterion, the best figure among the plans
as good as this one on every criterion before it, which is what a plan
must beat to be better (R7 and R9 after one round of 5: 1 and 10). The
same when one round follows the rounds played, nobody arrived late, and
its players can sit in few enough ways to compare them all (:mod:`.exact`:
up to 10 players): each criterion's bound is then the figure of the best
such round, on every criterion until the plan differs from it.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Sequence

from archon.seating.criteria import RULES, TRANSFERS, Score, TableRules, score_plan
from archon.seating.exact import best_last_round, orders_exact
from archon.seating.pairings import best_pairings
from archon.seating.tables import MAX_TABLE, MIN_TABLE
from archon.seating.transfers import r8_variance_without_repeated_seats

#: Relations at a 5-player table from the lower-numbered player's view
#: (prey, grand-prey, grand-predator, predator), at a 4-player table (prey,
#: cross-table, predator): every (pair, relation) key that R6 counts.
_RELATION_NAMES = 5


@dataclass(frozen=True)
class Bounds:
    """Per criterion, the lowest figure any plan can reach (R3 and R8 as
    standard deviations, with their exact variances)."""

    R1: int
    R2: int
    R3: float
    R4: int
    R5: int
    R6: int
    R7: int
    R8: float
    R9: int
    r3_variance: Fraction
    r8_variance: Fraction

    def as_dict(self) -> dict[str, float]:
        """``{"R1": 0, ..., "R9": 0}``; R3 and R8 as floats."""
        return {r: getattr(self, r) for r in RULES}

    def exact(self, rule: str):
        """The figure compared with a plan's: counts, or R3/R8 variances."""
        return _figure(self, rule)


@dataclass(frozen=True)
class RuleProof:
    """One criterion of a plan against its bound: ``optimal`` when the plan
    reaches it; ``gap``: how far above the bound the plan is (0 when
    optimal), an upper limit of what a better plan could gain."""

    rule: str
    value: float
    bound: float
    optimal: bool

    @property
    def gap(self) -> float:
        return 0 if self.optimal else self.value - self.bound

    def as_dict(self) -> dict:
        return {"value": self.value, "bound": self.bound, "optimal": self.optimal, "gap": self.gap}


def proof_as_dict(proof: dict[str, RuleProof]) -> dict:
    """A :func:`proof` as JSON keys (``archon plan --json``, ``archon seat --json``):
    ``{"bounds": {"R1": ..., ..., "R9": ...}, "optimal": {"R1": true, ...},
    "gaps": {"R1": 0, ...}}``: per criterion the lower bound no plan can beat,
    whether the plan reaches it, and how far above it the plan is (0 when optimal)."""
    return {
        "bounds": {rule: p.bound for rule, p in proof.items()},
        "optimal": {rule: p.optimal for rule, p in proof.items()},
        "gaps": {rule: p.gap for rule, p in proof.items()},
    }


def proof(rounds: Sequence[Sequence[Sequence[int]]], fixed: int = 0,
          score: Optional[Score] = None) -> dict[str, RuleProof]:
    """Per criterion, the plan's figure against its lower bound
    (:func:`lower_bounds`); ``fixed``: how many of the first rounds were
    already played.

    Plans compare rule by rule, so when the plan is proven optimal on R1 to
    R7 and seats nobody twice in the same seat, only plans that do the same
    could beat it, on R8: R8's bound is then the one among those plans
    (:mod:`.transfers`), computed when no round was played yet. At one
    table of everyone, each criterion's bound is the best figure among the
    plans as good as this one before it, when they are few enough to score
    (:func:`_single_table_bests`)."""
    score = score or score_plan(rounds)
    shape = _Shape(rounds, fixed)
    bounds = _bounds(shape)
    bests = _single_table_bests(shape, score) or _last_round_bests(shape, score)
    out: dict[str, RuleProof] = {}
    for rule in RULES:
        mine = _figure(score, rule)
        bound, bound_exact = getattr(bounds, rule), bounds.exact(rule)
        tighter = bests.get(rule)
        if rule == "R8" and score.R7 == 0 and fixed == 0 and all(p.optimal for p in out.values()):
            tighter = max(shape.r8_variance_without_repeated_seats() or 0, tighter or 0)
        if tighter is not None and tighter > bound_exact:
            bound, bound_exact = (math.sqrt(tighter) if rule in ("R3", "R8") else tighter), tighter
        out[rule] = RuleProof(rule, getattr(score, rule), bound, mine <= bound_exact)
    return out


def _figure(figures: "Score | Bounds", rule: str):
    """The figure of ``rule`` that plans compare on: counts, or R3/R8 variances."""
    return {"R3": figures.r3_variance, "R8": figures.r8_variance}.get(rule, getattr(figures, rule))


#: The most plans :func:`_single_table_bests` scores (a round of 5 players:
#: 120 seat orders; two rounds of 4: 576).
_SCORED_PLANS = 600


def _single_table_bests(shape: "_Shape", score: Score) -> dict:
    """When every round seats the same players at one table: per criterion,
    in order, the best figure among the plans that match ``score`` on every
    criterion before it (only those could beat it), while ``score`` is the
    best there; from every plan with the rounds already played (with none,
    the first round as it is: the players are anonymous until then). Empty
    when the plans to score are more than :data:`_SCORED_PLANS`."""
    rounds = shape.rounds
    players = sorted(rounds[0][0]) if rounds and all(len(rnd) == 1 for rnd in rounds) else []
    if not players or any(sorted(rnd[0]) != players for rnd in rounds):
        return {}
    kept = rounds[:max(shape.fixed, 1)]
    free = len(rounds) - len(kept)
    if math.factorial(len(players)) ** free > _SCORED_PLANS:
        return {}
    orders = [[list(order)] for order in itertools.permutations(players)]
    scores = [score_plan([*kept, *rest]) for rest in itertools.product(orders, repeat=free)]
    bests = {}
    for rule in RULES:
        bests[rule] = min(_figure(s, rule) for s in scores)
        if _figure(score, rule) != bests[rule]:
            break  # a better plan differs here: the criteria after it are free
        scores = [s for s in scores if _figure(s, rule) == bests[rule]]
    return bests


def _last_round_bests(shape: "_Shape", score: Score) -> dict:
    """When one round follows the rounds played and its players can sit in
    few enough ways, nobody arriving late (:mod:`.exact`): per criterion,
    in order, the figure of the best such round of all, while ``score`` is
    as good until then (on the first criterion where it is worse, the best
    round shows what it could be; the criteria after it are free). With
    more ways, but few enough to look through (:mod:`.pairings`), the same
    for R2, R3 and R4, which seat orders do not change. Empty otherwise."""
    rounds = shape.rounds
    if not rounds or shape.fixed != len(rounds) - 1 or shape.fixed < 1:
        return {}
    fixed, present = [list(rnd) for rnd in rounds[:-1]], [p for t in rounds[-1] for p in t]
    if not orders_exact(fixed, present):
        return {}
    found = best_last_round(fixed, present)
    if found is not None:
        figures, rules = [_figure(found[1], rule) for rule in RULES], RULES
    else:
        pairings = best_pairings(fixed, present)
        if pairings is None:
            return {}
        figures, rules = list(TableRules(fixed).with_round(pairings[1][0])), ("R2", "R3", "R4")
    bests = {}
    for rule, figure in zip(rules, figures):
        bests[rule] = figure
        if _figure(score, rule) != figure:
            break
    return bests


def lower_bounds(rounds: Sequence[Sequence[Sequence[int]]], fixed: int = 0) -> Bounds:
    """Lower bounds of the nine criteria for every plan with the same table
    sizes and players in each round as ``rounds`` and the same first
    ``fixed`` rounds (already played)."""
    return _bounds(_Shape(rounds, fixed))


def _bounds(shape: "_Shape") -> Bounds:
    """:func:`lower_bounds` of a plan's shape."""
    before = score_plan(shape.rounds[:shape.fixed]) if shape.fixed >= 2 else None

    def floor(rule: str, bound: int) -> int:  # violations already played stay
        return max(bound, getattr(before, rule)) if before is not None else bound

    r1 = floor("R1", shape.r1())
    r4 = shape.r4()  # the rounds played count in it (_Shape._certain_repeats)
    v3, v8 = shape.r3_variance(), shape.r8_variance()
    return Bounds(
        R1=r1, R2=shape.r2(r4), R3=math.sqrt(v3), R4=r4, R5=floor("R5", shape.r5()),
        R6=floor("R6", max(r1, shape.r6())), R7=floor("R7", shape.r7()), R8=math.sqrt(v8),
        R9=floor("R9", shape.r9()), r3_variance=v3, r8_variance=v8,
    )


def _excess(used: int, distinct: int, spread: int) -> int:
    """Violations forced when ``used`` uses fall on ``distinct`` keys and
    one violation absorbs at most ``spread`` extra uses."""
    if used <= distinct or spread < 1:
        return 0
    return -(-(used - distinct) // spread)


class _Shape:
    """What the bounds need of a plan: the players, their games, the table
    sizes of every round and the rounds already played."""

    def __init__(self, rounds, fixed: int):
        self.rounds = [[list(t) for t in rnd] for rnd in rounds]
        self.fixed = fixed
        self.games: dict[int, int] = {}
        for rnd in self.rounds:
            for table in rnd:
                for p in table:
                    self.games[p] = self.games.get(p, 0) + 1
        self.n = len(self.games)
        self.pairs = self.n * (self.n - 1) // 2
        self.spread = len(self.rounds) - 1  # most extra uses one violation absorbs
        self.sizes = [[len(t) for t in rnd] for rnd in self.rounds]
        self.players = [{p for t in rnd for p in t} for rnd in self.rounds]
        self.tables = [z for rnd in self.sizes for z in rnd]
        #: How many times each seat (1 to 5) is handed out.
        self.seat_uses = [sum(1 for z in self.tables if z > s) for s in range(MAX_TABLE)]
        #: The games every player plays; None when they play unequal numbers
        #: (no bound of R8 among plans that seat nobody twice in a seat then).
        self.games_each = next(iter(self.games.values()), 1) if len(set(self.games.values())) <= 1 else None

    # -- counted rules -----------------------------------------------------
    def r1(self) -> int:
        """Predator-prey pairs: every seated player has one prey a round."""
        arcs = len(self.tables) and sum(self.tables)
        overall = _excess(arcs, self.n * (self.n - 1), self.spread)
        each = sum(_excess(g, self.n - 1, g - 1) for g in self.games.values())
        return max(overall, each)

    def r2(self, r4: int) -> int:
        """Pairs at one table in every round."""
        if len(self.rounds) == 2:
            return r4
        if len(self.rounds) > 2 and all(len(s) == 1 for s in self.sizes) and len(set(
                frozenset(rnd[0]) for rnd in self.rounds)) == 1:
            return self.pairs
        return self._met_in_every_round()

    def _met_in_every_round(self) -> int:
        """Pairs at one table in every round, when at most the last round is
        still to plan (0 when more are): the players of every round, grouped
        by their tables in the rounds played, are the groups the last
        round's tables draw on (pigeonhole, as for two rounds in R4)."""
        if len(self.rounds) < 2:
            return 0
        if self.fixed < len(self.rounds) - 1:
            return self._met_in_three_rounds()
        every = set.intersection(*self.players)
        where = [{p: t for t, table in enumerate(rnd) for p in table} for rnd in self.rounds[:self.fixed]]
        groups: dict[tuple, int] = {}
        for p in every:
            key = tuple(w[p] for w in where)
            groups[key] = groups.get(key, 0) + 1
        together = list(groups.values())
        if self.fixed == len(self.rounds):
            return sum(k * (k - 1) // 2 for k in together)
        last = self.sizes[-1]
        return max(_forced_pairs(last, None, together, len(every)),
                   _forced_pairs(together, together, last, len(every)))

    def _met_in_three_rounds(self) -> int:
        """Pairs at one table in all three rounds of a plan whose last two
        are still to plan (the first is anyone's before it is played), the
        same players in each, at most :data:`_FEW_TABLES` tables a round:
        every way the first two rounds' tables can cross, the third round
        drawing on the groups they make; 0 otherwise."""
        first, second, third = self.sizes if len(self.sizes) == 3 else ([], [], [])
        if not first or max(len(first), len(second)) > _FEW_TABLES or len(set(map(frozenset, self.players))) > 1:
            return 0
        return min(max(_forced_pairs(third, None, groups, self.n), _forced_pairs(groups, groups, third, self.n))
                   for groups in _crossings(first, second))

    def r4(self) -> int:
        """Pairs meeting twice: meetings against pairs, per player and overall,
        and the pairs any two rounds force to meet again."""
        meetings = sum(z * (z - 1) // 2 for z in self.tables)
        overall = _excess(meetings, self.pairs, self.spread)
        each = -(-sum(_excess(self._least_opponents(p), self.n - 1, g - 1)
                      for p, g in self.games.items()) // 2)
        shared = [self._shared(r, s) for r in range(len(self.rounds)) for s in range(r + 1, len(self.rounds))]
        pigeonhole = max(shared, default=0)
        rounds = len(self.rounds)
        together = -(-sum(shared) // (rounds * (rounds - 1) // 2)) if shared else 0
        return max(overall, each, pigeonhole, together, self._certain_repeats())

    def _certain_repeats(self) -> int:
        """Pairs meeting twice in the rounds whose tables are certain: the
        rounds played, and the rounds of one table (its players all meet,
        as a staggered round of 5 or a final does), whatever the others."""
        return score_plan([rnd for r, rnd in enumerate(self.rounds) if r < self.fixed or len(rnd) == 1]).R4

    def _least_opponents(self, p: int) -> int:
        """The fewest opponents ``p`` can face: the smallest table of every
        round they play (their own table where the round is played)."""
        total = 0
        for r, rnd in enumerate(self.rounds):
            mine = [len(t) for t in rnd if p in t]
            if not mine:
                continue
            total += (mine[0] if r < self.fixed else min(self.sizes[r])) - 1
        return total

    def _shared(self, r: int, s: int) -> int:
        """Fewest pairs at one table in both rounds ``r`` and ``s`` (exact when
        both were played). Only players of both rounds can be such a pair: a
        player who dropped or arrived late takes a seat of one round, none of
        the other, and the seats left to plan go to those who help most."""
        if s < self.fixed:
            first = {p: t for t, table in enumerate(self.rounds[r]) for p in table}
            count = 0
            for table in self.rounds[s]:
                seen: dict[int, int] = {}
                for p in table:
                    if p in first:
                        seen[first[p]] = seen.get(first[p], 0) + 1
                count += sum(k * (k - 1) // 2 for k in seen.values())
            return count
        both = self.players[r] & self.players[s]
        # round r's tables: the players of both rounds at each (played), else its seats
        mine = [sum(p in both for p in t) for t in self.rounds[r]] if r < self.fixed else None
        seats_r, seats_s = mine or self.sizes[r], self.sizes[s]
        return max(_forced_pairs(seats_s, None, seats_r, len(both)),
                   _forced_pairs(seats_r, mine, seats_s, len(both)))

    def r5(self) -> int:
        """Fifth seats: one per 5-player table."""
        fifths = sum(1 for z in self.tables if z == MAX_TABLE)
        return _excess(fifths, self.n, self.spread)

    def r7(self) -> int:
        """Seats: each seat of each table, against one use per player."""
        return sum(_excess(uses, self.n, self.spread) for uses in self.seat_uses)

    def r6(self) -> int:
        """Relations: prey, grand-prey and cross-table keys are distinct."""
        fives = sum(1 for z in self.tables if z == MAX_TABLE)
        fours = sum(1 for z in self.tables if z == MIN_TABLE)
        meetings = sum(z * (z - 1) // 2 for z in self.tables)
        ordered = self.n * (self.n - 1)
        split = (_excess(sum(self.tables), ordered, self.spread) + _excess(MAX_TABLE * fives, ordered, self.spread)
                 + _excess(2 * fours, self.pairs, self.spread))
        return max(split, _excess(meetings, _RELATION_NAMES * self.pairs, self.spread))

    def r9(self) -> int:
        """Position groups: adjacent (z pairs a table) and non-adjacent."""
        adjacent = sum(self.tables)
        apart = sum(z * (z - 1) // 2 - z for z in self.tables)
        overall = _excess(adjacent, self.pairs, self.spread) + _excess(apart, self.pairs, self.spread)
        near = -(-sum(_excess(2 * g, self.n - 1, g - 1) for g in self.games.values()) // 2)
        return max(overall, near)

    # -- spreads -----------------------------------------------------------
    def _per_player(self, value) -> tuple[dict[int, int], dict[int, int]]:
        """Per player, ``value(z, seat)`` summed over the rounds played, and
        the number of rounds still to plan."""
        played = {p: 0 for p in self.games}
        free = {p: 0 for p in self.games}
        for r, rnd in enumerate(self.rounds):
            for table in rnd:
                for s, p in enumerate(table):
                    if r < self.fixed:
                        played[p] += value(len(table), s)
                    else:
                        free[p] += 1
        return played, free

    def r3_variance(self) -> Fraction:
        """VPs available: the 4-player seats still to hand out go where they
        spread the VPs per round least (a player at most one a round)."""
        had, free = self._per_player(lambda z, s: z == MIN_TABLE)
        fours = sum(MIN_TABLE for r in range(self.fixed, len(self.rounds)) for z in self.sizes[r] if z == MIN_TABLE)
        return _least_variance(had, {p: 0 for p in had}, free, fours, self.games)

    def r8_variance(self) -> Fraction:
        """Transfers: each player takes at least 1 and at most 4 a round; the
        total of the rounds to plan is spread as evenly as it can be."""
        had, free = self._per_player(lambda z, s: TRANSFERS[s])
        total = sum(sum(TRANSFERS[:z]) for r in range(self.fixed, len(self.rounds)) for z in self.sizes[r])
        least = {p: k * min(TRANSFERS) for p, k in free.items()}
        most = {p: k * max(TRANSFERS) for p, k in free.items()}
        return _least_variance(had, least, most, total, self.games)

    def r8_variance_without_repeated_seats(self) -> Optional[Fraction]:
        """R8's bound among the plans that seat nobody twice in the same seat
        (:mod:`.transfers`); None when players play unequal numbers of games."""
        if self.games_each is None or not self.games:
            return None
        return r8_variance_without_repeated_seats(self.n, self.games_each, self.seat_uses)


def _forced_pairs(takers: Sequence[int], taken: Optional[Sequence[int]], sources: Sequence[int], players: int) -> int:
    """Fewest pairs of ``players`` (who play two rounds) at one table in
    both: in one round they sit at tables of ``takers`` seats (``taken``:
    how many of them sit at each, when known; else as many as help most),
    each table drawing them from the other round's tables, which hold at
    most ``sources`` of them each. Each table alone draws as evenly as the
    sources allow (the rows of the other round's tables are not checked
    against each other: a lower bound, exact when those are never short)."""
    marginal = _draw_costs(sources, max(takers, default=0))
    if taken is not None:
        return sum(sum(marginal[:k]) for k in taken)
    # each player added to a table costs the pairs they make there; the
    # cheapest choice of ``players`` seats takes the lowest costs (each
    # table's costs rise seat by seat, so its cheapest seats come first)
    costs = sorted(c for z in takers for c in marginal[:z])
    return sum(costs[:players])


#: The most tables a round of :meth:`_Shape._met_in_three_rounds` (beyond,
#: the crossings are many and no third round need repeat a pair anyway).
_FEW_TABLES = 3


def _crossings(rows: Sequence[int], columns: Sequence[int]):
    """The sizes of the groups (above 0) of every way tables of ``rows``
    players and tables of ``columns`` players can share them out: who sat
    at table i of one round and table j of the other."""
    if not rows:
        yield []
        return
    first, rest = rows[0], rows[1:]

    def share(j: int, left: int, taken: list[int]):
        if j == len(columns):
            if left == 0:
                room = [c - t for c, t in zip(columns, taken)]
                for tail in _crossings(rest, room):
                    yield [t for t in taken if t] + tail
            return
        for k in range(min(left, columns[j]), -1, -1):
            yield from share(j + 1, left - k, [*taken, k])

    yield from share(0, first, [])


def _draw_costs(sources: Sequence[int], most: int) -> list[int]:
    """The pairs the k-th player drawn to a table makes with those drawn
    before (k = 1 .. ``most``), drawing each from the source with the fewest
    drawn so far that has one left: ``sources[i]`` players in source i."""
    drawn = [0] * len(sources)
    costs = []
    for _ in range(most):
        room = [i for i, k in enumerate(sources) if drawn[i] < k]
        if not room:
            break
        i = min(room, key=lambda i: drawn[i])
        costs.append(drawn[i])
        drawn[i] += 1
    return costs


#: The most ways :func:`_least_variance` tries of sharing the units
#: between players of different numbers of games (beyond: no bound, 0).
_SHARES = 20000


def _least_variance(had: dict[int, int], least: dict[int, int], most: dict[int, int], total: int,
                    games: dict[int, int]) -> Fraction:
    """The smallest population variance over the players of (units /
    games) when ``total`` units are handed out, each player taking between
    ``least`` and ``most`` on top of what they ``had``; whole units, but
    any player may take any unit (so a lower bound of what tables allow).

    Players of the same number of games share their group's units as
    evenly as they can (:func:`_square_sums`); between the groups (a
    dropped player or a late arrival plays fewer games) every share of the
    units is tried: the variance is the mean of the squares less the
    square of the mean, both fixed by the shares."""
    groups: dict[int, list[int]] = {}
    for p, g in games.items():
        groups.setdefault(g, []).append(p)
    if not groups:
        return Fraction(0)
    extra = total - sum(least.values())
    parts = [(g, sum(had[p] + least[p] for p in ps),
              _square_sums([had[p] + least[p] for p in ps], [most[p] - least[p] for p in ps]))
             for g, ps in groups.items()]
    parts.sort(key=lambda part: len(part[2]))
    *chosen, last = parts
    if math.prod(len(part[2]) for part in chosen) > _SHARES:
        return Fraction(0)  # too many shares to try: no bound
    n, m = len(games), math.lcm(*groups)
    best = None
    for share in itertools.product(*(range(len(part[2])) for part in chosen)):
        rest = extra - sum(share)
        if not 0 <= rest < len(last[2]):
            continue
        units = [*zip(chosen, share), (last, rest)]
        # n^2 m^2 variance = n * sum of (m/g)^2 * squares - (sum of (m/g) * totals)^2
        squares = sum((m // g) ** 2 * sums[e] for (g, _, sums), e in units)
        totals = sum(m // g * (base + e) for (g, base, _), e in units)
        scaled = n * squares - totals * totals
        best = scaled if best is None else min(best, scaled)
    return Fraction(0) if best is None else Fraction(best, n * n * m * m)


def _square_sums(values: list[int], room: list[int]) -> list[int]:
    """``sums[e]``: the least sum of squares of ``values`` after ``e`` units
    are added to them, each value taking at most its ``room`` (e = 0 up to
    all the room): each unit to the value lowest so far, which is the best
    for every ``e`` at once (each unit adds 2v + 1 to the sum, the least
    with the lowest v)."""
    heap = [(v, i) for i, v in enumerate(values) if room[i] > 0]
    heapq.heapify(heap)
    left = list(room)
    sums = [sum(v * v for v in values)]
    while heap:
        v, i = heapq.heappop(heap)
        sums.append(sums[-1] + 2 * v + 1)
        left[i] -= 1
        if left[i] > 0:
            heapq.heappush(heap, (v + 1, i))
    return sums
