"""Seating: table sizes, the nine VEKN seating criteria, and a planner.

Pure Python over plain data: a *plan* is a list of rounds, a round a list of
tables, a table a list of player numbers in seat order (seat 1 first; each
seat's prey is the next seat, the last seat's prey is seat 1). A player who
sits a round out is simply absent from it.

* :func:`table_sizes`, :func:`can_seat`, :func:`staggered_round_sizes`,
  :func:`sit_out_schedule`: tables of 5, of 4 where needed; who sits out
  when 6, 7 or 11 players (or a request) call for a staggered plan.
* :func:`score_plan` gives a :class:`Score`: the nine criteria R1..R9 (see
  its documentation for the exact counting), with the players behind every
  violation. Scores compare rule by rule, R1 first.
* :func:`plan` computes a plan, possibly after rounds already played, for
  any player numbers.

How :func:`plan` searches
-------------------------
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

import itertools
import math
import operator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Optional, Sequence

from .exits import ExitStatus
from .editions import TABLE_SIZES

__all__ = [
    "Plan", "RULES", "RULE_TITLES", "TRANSFERS", "SeatingError", "PairIssue", "SeatIssue", "SpreadIssue",
    "Score", "compare_scores", "check_plan", "score_plan", "can_seat", "table_sizes",
    "needs_sit_out", "staggered_round_sizes", "sit_out_schedule", "plan",
]

#: A plan: rounds of tables of player numbers in seat order.
Plan = list[list[list[int]]]

#: The rules in priority order (lexicographic comparison).
RULES: tuple[str, ...] = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9")

#: What each rule measures, as printed next to its figure.
RULE_TITLES: dict[str, str] = {
    "R1": "predator-prey relationship repeated (mandatory)",
    "R2": "opponents at the same table in every round",
    "R3": "available VPs per round, standard deviation",
    "R4": "opponents at the same table more than once",
    "R5": "fifth seat more than once",
    "R6": "same relative position repeated",
    "R7": "same seat more than once",
    "R8": "starting transfers per round, standard deviation",
    "R9": "same position group repeated",
}

#: First-turn transfers by seat (1-based): seats 4 and 5 both start with 4.
TRANSFERS: tuple[int, ...] = (1, 2, 3, 4, 4)

MIN_TABLE = min(TABLE_SIZES)
MAX_TABLE = max(TABLE_SIZES)

#: Relation of the player ``k`` seats after a player, by table size:
#: ``RELATIONS[size][k]`` (k = 1 .. size - 1).
RELATIONS: dict[int, tuple[str, ...]] = {
    4: ("", "prey", "cross-table", "predator"),
    5: ("", "prey", "grand-prey", "grand-predator", "predator"),
}
ADJACENT = ("prey", "predator")


class SeatingError(ValueError):
    """A seating request or plan archon cannot handle, with what to do about it."""

    exit_status = ExitStatus.PROBLEMS


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PairIssue:
    """Two players behind a violation of R1, R2, R4, R6 or R9.

    ``relation`` is what ``other`` was to ``player`` (``"prey"``,
    ``"grand-prey"``, ``"grand-predator"``, ``"predator"``,
    ``"cross-table"``; for R9 ``"adjacent"`` or ``"non-adjacent"``; ``None``
    for R2 and R4, which are about sharing a table). ``rounds`` are the
    1-based rounds of the plan where it happened.
    """

    rule: str
    player: int
    other: int
    relation: Optional[str]
    rounds: tuple[int, ...]

    def __str__(self) -> str:
        when = _rounds_text(self.rounds)
        if self.relation is None:
            return f"players {self.player} and {self.other} share a table in {when}"
        if self.relation in ("adjacent", "non-adjacent"):
            return f"players {self.player} and {self.other} sit {self.relation} in {when}"
        if self.relation == "cross-table":
            return f"players {self.player} and {self.other} sit cross-table in {when}"
        return f"player {self.other} is player {self.player}'s {self.relation} in {when}"


@dataclass(frozen=True)
class SeatIssue:
    """A player behind a violation of R5 or R7: ``seat`` taken in ``rounds``."""

    rule: str
    player: int
    seat: int
    rounds: tuple[int, ...]

    def __str__(self) -> str:
        return f"player {self.player} sits in seat {self.seat} in {_rounds_text(self.rounds)}"


@dataclass(frozen=True)
class SpreadIssue:
    """A player behind R3: VPs ``available`` per round played further from
    the ``mean`` over players than 1 / (rounds of the plan), the community's
    seating tool's (krcg) threshold. ``rounds``: where the player sat at a
    4-player table (below the mean) or a 5-player table (above it)."""

    rule: str
    player: int
    available: Fraction
    mean: Fraction
    rounds: tuple[int, ...]

    def __str__(self) -> str:
        mine, mean = (f"{float(x):.2f}".rstrip("0").rstrip(".") for x in (self.available, self.mean))
        size = MIN_TABLE if self.available < self.mean else MAX_TABLE
        return (
            f"player {self.player} has {mine} VPs available per round played against a mean of {mean} "
            f"({size}-player tables in {_rounds_text(self.rounds)})"
        )


def _rounds_text(rounds: Sequence[int]) -> str:
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return "rounds " + ", ".join(str(r) for r in rounds[:-1]) + f" and {rounds[-1]}"


@dataclass(frozen=True, eq=False)
class Score:
    """How well a plan meets the nine criteria (lower is better on each).

    R1, R2, R4, R5, R6, R7 and R9 count violations; R3 and R8 are standard
    deviations (population, over the players who play at least one round).
    Scores compare rule by rule in order, R1 first (``<`` means better);
    R3 and R8 compare on their exact variances, so two plans with the same
    spread compare equal whatever the float rounding.

    ``issues[rule]`` lists the players behind every violation of the counted
    rules (:class:`PairIssue` or :class:`SeatIssue`) and of R3
    (:class:`SpreadIssue`: players whose VPs available per round are far
    from the mean).
    """

    R1: int
    R2: int
    R3: float
    R4: int
    R5: int
    R6: int
    R7: int
    R8: float
    R9: int
    r3_variance: Fraction = field(repr=False)
    r8_variance: Fraction = field(repr=False)
    issues: dict = field(repr=False, default_factory=dict)

    @property
    def key(self) -> tuple:
        """The comparison key: the rules in priority order, variances exact."""
        return (
            self.R1, self.R2, self.r3_variance, self.R4, self.R5, self.R6, self.R7,
            self.r8_variance, self.R9,
        )

    def as_dict(self) -> dict[str, float]:
        """``{"R1": 0, ..., "R9": 0}``; R3 and R8 as floats."""
        return {r: getattr(self, r) for r in RULES}

    def first_difference(self, other: "Score") -> Optional[str]:
        """The first rule on which the two scores differ, or None when they tie."""
        for rule, a, b in zip(RULES, self.key, other.key):
            if a != b:
                return rule
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: "Score") -> bool:
        return self.key < other.key

    def __le__(self, other: "Score") -> bool:
        return self.key <= other.key

    def __gt__(self, other: "Score") -> bool:
        return self.key > other.key

    def __ge__(self, other: "Score") -> bool:
        return self.key >= other.key


def compare_scores(a: Score, b: Score) -> int:
    """-1 when ``a`` is the better plan, 1 when ``b`` is, 0 on a tie (rule by rule)."""
    return (a.key > b.key) - (a.key < b.key)


def _variance(values: list[Fraction]) -> Fraction:
    if not values:
        return Fraction(0)
    n = len(values)
    mean = sum(values, Fraction(0)) / n
    return sum(((v - mean) ** 2 for v in values), Fraction(0)) / n


def check_plan(rounds: Sequence[Sequence[Sequence[int]]]) -> None:
    """Raise :class:`SeatingError` for a table not of 4 or 5 players or a
    player seated twice in a round (naming the round and table)."""
    for r, rnd in enumerate(rounds, start=1):
        seen: dict[int, int] = {}
        for t, table in enumerate(rnd, start=1):
            if len(table) not in TABLE_SIZES:
                raise SeatingError(
                    f"round {r}, table {t}: {len(table)} players; a table seats "
                    f"{MIN_TABLE} or {MAX_TABLE}"
                )
            for p in table:
                if p in seen:
                    where = f"twice at table {t}" if seen[p] == t else f"at tables {seen[p]} and {t}"
                    raise SeatingError(f"round {r}: player {p} is seated {where}")
                seen[p] = t


def _least_met(candidates: list[int], seated: Sequence[int], met: Sequence[int], n: int, look: int = 24) -> int:
    """Index of the candidate (among the first ``look``) who has met the
    players already ``seated`` least often; ``met[a * n + b]`` counts meetings."""
    best_i, best_c = 0, -1
    for k in range(min(len(candidates), look)):
        row = candidates[k] * n
        cost = 0
        for q in seated:
            cost += met[row + q]
        if best_c < 0 or cost < best_c:
            best_i, best_c = k, cost
            if cost == 0:
                break
    return best_i


def _seat_swap_delta(sc, x_from: int, x_to: int, y_from: int, y_to: int, a: int, b: int) -> tuple[int, int]:
    """Change in R5 and R7 when player x moves from seat ``a`` to ``b`` and y from ``b`` to ``a``.

    ``sc`` counts (player, seat) uses; the four keys are x's count in seat a
    and b and y's in b and a. Seat index 4 is the fifth seat (R5).
    """
    if a == b:
        return 0, 0
    d5 = d7 = 0
    if sc[x_from] == 2:
        d7 -= 1
        d5 -= a == 4
    if sc[x_to] == 1:
        d7 += 1
        d5 += b == 4
    if sc[y_from] == 2:
        d7 -= 1
        d5 -= b == 4
    if sc[y_to] == 1:
        d7 += 1
        d5 += a == 4
    return d5, d7


def score_plan(rounds: Sequence[Sequence[Sequence[int]]]) -> Score:
    """Score a plan on the nine VEKN seating criteria.

    Conventions (those of the community's seating tools, so figures compare):

    * In a round, a player's *prey* is the next seat, *grand-prey* the one
      after (5-player table), *grand-predator* and *predator* the seats
      before; at a 4-player table the seat opposite is *cross-table*.
      Prey and predator are *adjacent*, the others *non-adjacent*.
    * R1: ordered pairs (A, B) where B was A's prey in two rounds or more
      (which is the same as A being B's predator twice): one violation per
      pair and direction. Being each other's prey in different rounds is
      allowed.
    * R2: pairs who share a table in every round of the plan (plans of two
      rounds or more; in a 2-round plan this is every pair meeting twice,
      in a staggered plan where everyone plays 2 of 3 rounds it cannot
      happen).
    * R3: standard deviation over players of (VPs available / rounds played),
      a 5-player table offering 5 VPs and a 4-player table 4. Its issues
      name the players further from the mean than 1 / (rounds of the plan),
      as krcg does.
    * R4: pairs sharing a table in two rounds or more.
    * R5: players in seat 5 in two rounds or more.
    * R6: pairs repeating the same relation (one violation per pair and
      relation: B as A's prey, grand-prey, grand-predator or predator twice,
      or cross-table twice). R6 includes R1.
    * R7: (player, seat) combinations used in two rounds or more.
    * R8: standard deviation over players of (first-turn transfers / rounds
      played), seats 1 to 5 starting with 1, 2, 3, 4, 4 transfers.
    * R9: pairs repeating the same position group (adjacent twice, or
      non-adjacent twice; one violation per pair and group).

    A violation repeated in three rounds still counts once. Players sitting a
    round out are simply absent from it.
    """
    check_plan(rounds)
    played: dict[int, int] = {}
    vps: dict[int, int] = {}
    transfers: dict[int, int] = {}
    seats: dict[tuple[int, int], list[int]] = {}
    meets: dict[tuple[int, int], list[int]] = {}
    relations: dict[tuple[int, int, str], list[int]] = {}
    groups: dict[tuple[int, int, str], list[int]] = {}
    for r, rnd in enumerate(rounds, start=1):
        for table in rnd:
            size = len(table)
            names = RELATIONS[size]
            for i, p in enumerate(table):
                played[p] = played.get(p, 0) + 1
                vps[p] = vps.get(p, 0) + size
                transfers[p] = transfers.get(p, 0) + TRANSFERS[i]
                seats.setdefault((p, i + 1), []).append(r)
                for k in range(1, size):
                    q = table[(i + k) % size]
                    if p < q:
                        name = names[k]
                        meets.setdefault((p, q), []).append(r)
                        relations.setdefault((p, q, name), []).append(r)
                        group = "adjacent" if name in ADJACENT else "non-adjacent"
                        groups.setdefault((p, q, group), []).append(r)
    every = max(2, len(rounds))  # R2: a table shared in every round
    issues: dict[str, list] = {rule: [] for rule in ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R9")}
    for (p, q), when in sorted(meets.items()):
        if len(when) >= 2:
            issues["R4"].append(PairIssue("R4", p, q, None, tuple(when)))
            if len(when) >= every:
                issues["R2"].append(PairIssue("R2", p, q, None, tuple(when)))
    for (p, q, name), when in sorted(relations.items()):
        if len(when) >= 2:
            issues["R6"].append(PairIssue("R6", p, q, name, tuple(when)))
            if name in ADJACENT:
                issues["R1"].append(PairIssue("R1", p, q, name, tuple(when)))
    for (p, q, group), when in sorted(groups.items()):
        if len(when) >= 2:
            issues["R9"].append(PairIssue("R9", p, q, group, tuple(when)))
    for (p, seat), when in sorted(seats.items()):
        if len(when) >= 2:
            issues["R7"].append(SeatIssue("R7", p, seat, tuple(when)))
            if seat == MAX_TABLE:
                issues["R5"].append(SeatIssue("R5", p, seat, tuple(when)))
    v3 = _variance([Fraction(vps[p], played[p]) for p in sorted(played)])
    issues["R3"] = _spread_issues(rounds, played, vps)
    v8 = _variance([Fraction(transfers[p], played[p]) for p in sorted(played)])
    return Score(
        R1=len(issues["R1"]),
        R2=len(issues["R2"]),
        R3=math.sqrt(v3),
        R4=len(issues["R4"]),
        R5=len(issues["R5"]),
        R6=len(issues["R6"]),
        R7=len(issues["R7"]),
        R8=math.sqrt(v8),
        R9=len(issues["R9"]),
        r3_variance=v3,
        r8_variance=v8,
        issues={k: tuple(v) for k, v in issues.items()},
    )


def _spread_issues(rounds, played: dict[int, int], vps: dict[int, int]) -> list:
    """R3's issues, as krcg's seating scores list them: players whose VPs
    available per round played are further from the mean than 1 / (rounds
    of the plan)."""
    value = {p: Fraction(vps[p], played[p]) for p in played}
    if not value:
        return []
    mean = sum(value.values(), Fraction(0)) / len(value)
    limit = Fraction(1, len(rounds))
    out = []
    for p in sorted(value):
        if abs(value[p] - mean) > limit:
            size = MIN_TABLE if value[p] < mean else MAX_TABLE
            where = tuple(r for r, rnd in enumerate(rounds, start=1) if any(p in t and len(t) == size for t in rnd))
            out.append(SpreadIssue("R3", p, value[p], mean, where))
    return out


# ---------------------------------------------------------------------------
# Table sizes and sit-out schedules
# ---------------------------------------------------------------------------


def can_seat(players: int) -> bool:
    """Whether ``players`` can sit at tables of 4 and 5 with nobody left out
    (every number from 4 up except 6, 7 and 11)."""
    return players >= MIN_TABLE and (-players) % MAX_TABLE * MIN_TABLE <= players


def table_sizes(players: int) -> list[int]:
    """Table sizes for one round: as many 5-player tables as possible, then
    4-player tables (5s first). Raises :class:`SeatingError` for fewer than 4
    players and for 6, 7 or 11 (which need a staggered plan)."""
    if players < MIN_TABLE:
        raise SeatingError(f"{players} players: a table needs at least {MIN_TABLE}")
    fours = (-players) % MAX_TABLE
    if fours * MIN_TABLE > players:
        raise SeatingError(
            f"{players} players cannot sit at tables of {MIN_TABLE} and {MAX_TABLE}: "
            "use a staggered plan, where some players sit out each round"
        )
    fives = (players - fours * MIN_TABLE) // MAX_TABLE
    return [MAX_TABLE] * fives + [MIN_TABLE] * fours


def needs_sit_out(players: int) -> bool:
    """True for 6, 7 and 11 players (and fewer than 4): no round seats them all."""
    return not can_seat(players)


def staggered_round_sizes(players: int, rounds: int, games: Optional[int] = None) -> list[int]:
    """Players seated in each round of a staggered plan.

    ``players`` players, ``rounds`` rounds, every player plays ``games``
    rounds (default: one less than ``rounds``, as the rules suggest). The
    sizes are as equal as possible (larger rounds first). Raises
    :class:`SeatingError`, suggesting what would work, when it is impossible.
    """
    if games is None:
        games = rounds - 1
    sizes = _split_seats(players * games, rounds, players)
    if sizes is None or games < 1 or games > rounds:
        hint = _staggered_hint(players, rounds, max(games, 1))
        raise SeatingError(
            f"{players} players cannot all play {_count(games, 'round')} of {_count(rounds, 'round')} "
            f"at tables of {MIN_TABLE} and {MAX_TABLE}{hint}"
        )
    return sizes


def _split_seats(total: int, rounds: int, cap: int) -> Optional[list[int]]:
    """``rounds`` seatable numbers (each <= cap) adding up to ``total``, as
    equal as possible, larger first; None when there are none."""
    options = [m for m in range(cap, MIN_TABLE - 1, -1) if can_seat(m)]
    best: Optional[tuple] = None

    def search(left: int, k: int, chosen: list[int], top: int) -> None:
        nonlocal best
        if k == 0:
            if left == 0:
                key = (chosen[0] - chosen[-1], [-m for m in chosen])
                if best is None or key < best[0]:
                    best = (key, list(chosen))
            return
        for m in options:  # non-increasing sequences, largest first
            if m > top or m > left:
                continue
            if m * k < left:  # the rest cannot be larger than m
                break
            chosen.append(m)
            search(left - m, k - 1, chosen, m)
            chosen.pop()

    search(total, rounds, [], cap)
    return None if best is None else best[1]


def _count(k: int, noun: str) -> str:
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def _staggered_hint(players: int, rounds: int, games: int) -> str:
    for g in sorted({games, rounds}):
        for r in range(g + 1, g + 4):
            if (r, g) != (rounds, games) and _split_seats(players * g, r, players) is not None:
                return f"; {r} rounds where each player plays {g} would work"
    return ""


# ---------------------------------------------------------------------------
# The search state
# ---------------------------------------------------------------------------


class _Board:
    """Players as indices 0..n-1; the rounds already played (``history``) and
    the rounds being planned (``free``: per round, the players in slot order
    and the table sizes). Keeps every criterion's count up to date as players
    swap slots, so a move is scored in constant time.

    Pair counters are flat ``bytearray`` matrices indexed ``a * n + b``:
    ``adj``/``nadj`` (unordered, a < b) count the rounds two players sat
    adjacent / non-adjacent (so they met ``adj + nadj`` times); ``prey``
    (ordered) counts the rounds ``b`` was ``a``'s prey, ``gprey`` grand-prey;
    ``cross`` (unordered) cross-table at a 4.
    """

    def __init__(self, n: int, history: list, free: list, lcm: int):
        self.n = n
        nn = n * n
        self.adj = bytearray(nn)
        self.nadj = bytearray(nn)
        self.prey = bytearray(nn)
        self.gprey = bytearray(nn)
        self.cross = bytearray(nn)
        self.vp = [0] * n
        self.tr = [0] * n
        self.sc = [0] * (n * 6)
        self.played = [0] * n
        self.t2 = max(2, len(history) + len(free))  # R2: met in every round
        self.r1 = self.r2 = self.r4 = self.r5 = self.r6 = self.r7 = self.r9 = 0
        # structure of the free rounds
        self.F = len(free)
        self.slots: list[list[int]] = []
        self.slot_t: list[list[int]] = []
        self.slot_s: list[list[int]] = []
        self.slot_z: list[list[int]] = []
        self.starts: list[list[int]] = []
        self.sizes: list[list[int]] = []
        self.pos: list[list[int]] = []
        for players, sizes in free:
            st, ss, sz, starts = [], [], [], []
            k = 0
            for t, z in enumerate(sizes):
                starts.append(k)
                for s in range(z):
                    st.append(t)
                    ss.append(s)
                    sz.append(z)
                k += z
            self.slots.append(list(players))
            self.slot_t.append(st)
            self.slot_s.append(ss)
            self.slot_z.append(sz)
            self.starts.append(starts)
            self.sizes.append(list(sizes))
            pos = [-1] * n
            for i, p in enumerate(players):
                pos[p] = i
            self.pos.append(pos)
        # who plays how often (fixed for the whole search)
        for rnd in history:
            for table in rnd:
                for p in table:
                    self.played[p] += 1
        for players, _ in free:
            for p in players:
                self.played[p] += 1
        self.lm = [lcm // k if k else 0 for k in self.played]
        self.nplay = sum(1 for k in self.played if k)
        self.s1v = self.s2v = self.s1t = self.s2t = 0
        for rnd in history:
            for table in rnd:
                self._add_table(table, 1)
        for r in range(self.F):
            for t in range(len(self.sizes[r])):
                self._add_table(self.table(r, t), 1)

    # -- reading -----------------------------------------------------------
    def table(self, r: int, t: int) -> list[int]:
        a = self.starts[r][t]
        return self.slots[r][a : a + self.sizes[r][t]]

    def key(self) -> tuple:
        """Exact criteria, comparable within this search (R3/R8 as integers
        proportional to the variances)."""
        q3 = self.nplay * self.s2v - self.s1v * self.s1v
        q8 = self.nplay * self.s2t - self.s1t * self.s1t
        return (self.r1, self.r2, q3, self.r4, self.r5, self.r6, self.r7, q8, self.r9)

    # -- updates -----------------------------------------------------------
    def _add_table(self, table: list[int], sign: int) -> None:
        z = len(table)
        for i, p in enumerate(table):
            self._player(p, z, i, sign)
            for j in range(i + 1, z):
                self._pair(p, table[j], j - i, z, sign)

    def _player(self, p: int, z: int, s: int, sign: int) -> None:
        """Player ``p`` takes (sign 1) or leaves (sign -1) seat ``s`` (0-based)
        at a table of ``z``."""
        lm = self.lm[p]
        v0 = self.vp[p]
        t0 = self.tr[p]
        v1 = v0 + sign * z
        t1 = t0 + sign * TRANSFERS[s]
        self.vp[p] = v1
        self.tr[p] = t1
        self.s1v += (v1 - v0) * lm
        self.s2v += (v1 * v1 - v0 * v0) * lm * lm
        self.s1t += (t1 - t0) * lm
        self.s2t += (t1 * t1 - t0 * t0) * lm * lm
        k = p * 6 + s + 1
        c = self.sc[k]
        if sign > 0:
            self.sc[k] = c + 1
            if c == 1:
                self.r7 += 1
                if s == 4:
                    self.r5 += 1
        else:
            self.sc[k] = c - 1
            if c == 2:
                self.r7 -= 1
                if s == 4:
                    self.r5 -= 1

    def _pair(self, a: int, b: int, d: int, z: int, sign: int) -> None:
        """``b`` sits ``d`` seats after ``a`` at a table of ``z``: add or remove."""
        n = self.n
        key = a * n + b if a < b else b * n + a
        if d == 1 or d == z - 1:
            group = self.adj
            rel = self.prey
            idx = a * n + b if d == 1 else b * n + a
            bump6 = True
        elif z == 5:
            group = self.nadj
            rel = self.gprey
            idx = a * n + b if d == 2 else b * n + a
            bump6 = False
        else:
            group = self.nadj
            rel = self.cross
            idx = key
            bump6 = False
        if sign > 0:
            c = group[key] + 1
            group[key] = c
            if c == 2:
                self.r9 += 1
            m = self.adj[key] + self.nadj[key]
            if m == 2:
                self.r4 += 1
            if m == self.t2:
                self.r2 += 1
            c = rel[idx] + 1
            rel[idx] = c
            if c == 2:
                self.r6 += 1
                if bump6:
                    self.r1 += 1
        else:
            m = self.adj[key] + self.nadj[key]
            if m == 2:
                self.r4 -= 1
            if m == self.t2:
                self.r2 -= 1
            c = group[key]
            group[key] = c - 1
            if c == 2:
                self.r9 -= 1
            c = rel[idx]
            rel[idx] = c - 1
            if c == 2:
                self.r6 -= 1
                if bump6:
                    self.r1 -= 1

    def _seat(self, r: int, i: int, p: int, sign: int) -> None:
        """Player ``p`` takes (sign 1) or leaves (sign -1) slot ``i`` of free
        round ``r``: their position and every pair with the players present
        at the table (a slot being emptied holds -1)."""
        slots = self.slots[r]
        z = self.slot_z[r][i]
        s = self.slot_s[r][i]
        a = i - s
        # the player's position: VPs available, transfers, seat counts
        lm = self.lm[p]
        vp = self.vp
        tr = self.tr
        v0 = vp[p]
        t0 = tr[p]
        v1 = v0 + sign * z
        t1 = t0 + sign * TRANSFERS[s]
        vp[p] = v1
        tr[p] = t1
        self.s1v += (v1 - v0) * lm
        self.s2v += (v1 * v1 - v0 * v0) * lm * lm
        self.s1t += (t1 - t0) * lm
        self.s2t += (t1 * t1 - t0 * t0) * lm * lm
        sc = self.sc
        k = p * 6 + s + 1
        c = sc[k]
        if sign > 0:
            sc[k] = c + 1
            if c == 1:
                self.r7 += 1
                if s == 4:
                    self.r5 += 1
        else:
            sc[k] = c - 1
            if c == 2:
                self.r7 -= 1
                if s == 4:
                    self.r5 -= 1
        n = self.n
        adj, nadj, prey, gprey, cross = self.adj, self.nadj, self.prey, self.gprey, self.cross
        t2 = self.t2
        r1 = r2 = r4 = r6 = r9 = 0
        for k in range(a, a + z):
            if k == i:
                continue
            q = slots[k]
            if q < 0:
                continue
            d = (k - i) % z  # q sits d seats after p
            key = p * n + q if p < q else q * n + p
            if d == 1 or d == z - 1:
                group = adj
                rel = prey
                idx = p * n + q if d == 1 else q * n + p
                is1 = True
            elif z == 5:
                group = nadj
                rel = gprey
                idx = p * n + q if d == 2 else q * n + p
                is1 = False
            else:
                group = nadj
                rel = cross
                idx = key
                is1 = False
            if sign > 0:
                c = group[key] + 1
                group[key] = c
                if c == 2:
                    r9 += 1
                m = adj[key] + nadj[key]
                if m == 2:
                    r4 += 1
                if m == t2:
                    r2 += 1
                c = rel[idx] + 1
                rel[idx] = c
                if c == 2:
                    r6 += 1
                    if is1:
                        r1 += 1
            else:
                m = adj[key] + nadj[key]
                if m == 2:
                    r4 -= 1
                if m == t2:
                    r2 -= 1
                c = group[key]
                group[key] = c - 1
                if c == 2:
                    r9 -= 1
                c = rel[idx]
                rel[idx] = c - 1
                if c == 2:
                    r6 -= 1
                    if is1:
                        r1 -= 1
        self.r1 += r1
        self.r2 += r2
        self.r4 += r4
        self.r6 += r6
        self.r9 += r9

    def swap(self, r: int, i: int, j: int) -> None:
        """Swap the players in slots ``i`` and ``j`` of free round ``r``."""
        slots = self.slots[r]
        x, y = slots[i], slots[j]
        self._seat(r, i, x, -1)
        slots[i] = -1
        self._seat(r, j, y, -1)
        slots[j] = -1
        slots[i] = y
        self._seat(r, i, y, 1)
        slots[j] = x
        self._seat(r, j, x, 1)
        pos = self.pos[r]
        pos[x], pos[y] = j, i


# ---------------------------------------------------------------------------
# Search, way 1: positions first (table size and seat for every player and
# round), then tables that keep them
# ---------------------------------------------------------------------------


def _positions(
    n: int,
    history: list,
    free: list,
    movable: list[bool],
    lcm: int,
    most: int,
    rng,
    iterations: int,
    tick=None,
) -> list[list[tuple[int, int]]]:
    """Choose each player's position (table size, seat) in every free round,
    ignoring who sits with whom: minimise R3, then R5, R7 and R8, which
    depend on positions only. Simulated annealing over swaps of two players'
    positions in a round, scored in constant time. Returns, per free round,
    the position of each of its players (in the order of ``free[r][0]``)."""
    vp = [0] * n
    tr = [0] * n
    sc = [0] * (n * 6)
    played = [0] * n
    def take(p: int, z: int, s: int) -> None:  # player p at a z-player table, seat index s
        vp[p] += z
        tr[p] += TRANSFERS[s]
        sc[p * 6 + s + 1] += 1
        played[p] += 1

    for rnd in history:
        for table in rnd:
            for s, p in enumerate(table):
                take(p, len(table), s)
    types: list[list[tuple[int, int]]] = []
    for players, sizes in free:
        ty = [(z, s) for z in sizes for s in range(z)]
        types.append(ty)
        for p, (z, s) in zip(players, ty):
            take(p, z, s)
    lm = [lcm // k if k else 0 for k in played]
    nplay = sum(1 for k in played if k)
    unit = (lcm // most) ** 2 * nplay
    s1v = sum(vp[p] * lm[p] for p in range(n))
    s1t = sum(tr[p] * lm[p] for p in range(n))
    rounds = [r for r in range(len(free)) if movable[r] and len(free[r][0]) > 1]
    if not rounds or iterations <= 0:
        return types
    W3, W5, W7 = 1e7, 1e5, 1e3
    t_hi, t_lo = 30.0, 0.05
    ratio = math.log(t_lo / t_hi)
    rand, exp = rng.random, math.exp
    step = max(1, iterations // 100)
    for it in range(iterations):
        if tick is not None and it % step == 0 and tick(it / iterations):
            break
        temp = t_hi * exp(ratio * it / iterations)
        r = rounds[int(rand() * len(rounds))]
        players = free[r][0]
        ty = types[r]
        m = len(players)
        i = int(rand() * m)
        j = int(rand() * m)
        a = ty[i]
        b = ty[j]
        if a == b:
            continue
        x = players[i]
        y = players[j]
        za, sa = a
        zb, sb = b
        # x: a -> b ; y: b -> a
        dz = zb - za
        dt = TRANSFERS[sb] - TRANSFERS[sa]
        lx, ly = lm[x], lm[y]
        vx0, vy0, tx0, ty0 = vp[x], vp[y], tr[x], tr[y]
        vx1, vy1, tx1, ty1 = vx0 + dz, vy0 - dz, tx0 + dt, ty0 - dt
        d1v = dz * lx - dz * ly
        d2v = (vx1 * vx1 - vx0 * vx0) * lx * lx + (vy1 * vy1 - vy0 * vy0) * ly * ly
        d1t = dt * lx - dt * ly
        d2t = (tx1 * tx1 - tx0 * tx0) * lx * lx + (ty1 * ty1 - ty0 * ty0) * ly * ly
        dq3 = nplay * d2v - (2 * s1v * d1v + d1v * d1v)
        dq8 = nplay * d2t - (2 * s1t * d1t + d1t * d1t)
        kxa, kxb = x * 6 + sa + 1, x * 6 + sb + 1
        kya, kyb = y * 6 + sa + 1, y * 6 + sb + 1
        d5, d7 = _seat_swap_delta(sc, kxa, kxb, kyb, kya, sa, sb)
        delta = (W3 * dq3 + dq8) / unit + W5 * d5 + W7 * d7
        if delta <= 0 or rand() < exp(-delta / temp):
            ty[i] = b
            ty[j] = a
            vp[x], vp[y], tr[x], tr[y] = vx1, vy1, tx1, ty1
            s1v += d1v
            s1t += d1t
            if sa != sb:
                sc[kxa] -= 1
                sc[kxb] += 1
                sc[kyb] -= 1
                sc[kya] += 1
    return types


def _deal(n: int, history: list, free: list, types: list, rng) -> list[list[list[int]]]:
    """Tables from positions: each table takes, seat by seat, a player
    holding that position, preferring one who has met the fewest of the
    players already there."""
    met = bytearray(n * n)

    def meet(table: list[int]) -> None:
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                met[p * n + q] += 1
                met[q * n + p] += 1

    for rnd in history:
        for table in rnd:
            meet(table)
    out = []
    for (players, sizes), ty in zip(free, types):
        pool: dict[tuple[int, int], list[int]] = {}
        for p, t in zip(players, ty):
            pool.setdefault(t, []).append(p)
        for lst in pool.values():
            rng.shuffle(lst)
        tables = []
        for z in sizes:
            table = [-1] * z
            seated: list[int] = []
            order = list(range(z))
            rng.shuffle(order)
            for s in order:
                cands = pool[(z, s)]
                best_i = _least_met(cands, seated, met, n)
                c = cands[best_i]
                cands[best_i] = cands[-1]
                cands.pop()
                table[s] = c
                seated.append(c)
            meet(table)
            tables.append(table)
        out.append(tables)
    return out


def _twins(board: "_Board", r: int) -> dict:
    """Players of free round ``r`` grouped by everything the position
    criteria see of them outside that round (games, VPs, transfers, seats):
    two such players can trade their places in round ``r`` without changing
    R3, R5, R7 or R8."""
    groups: dict = {}
    sc = board.sc
    for i, p in enumerate(board.slots[r]):
        z = board.slot_z[r][i]
        s = board.slot_s[r][i]
        seats = list(sc[p * 6 + 1 : p * 6 + 6])
        seats[s] -= 1
        sig = (board.played[p], board.vp[p] - z, board.tr[p] - TRANSFERS[s], tuple(seats))
        groups.setdefault(sig, []).append(i)
    return {i: group for group in groups.values() if len(group) > 1 for i in group}


def _mend(board: "_Board", movable: list[bool], rng, moves: int, tick=None) -> None:
    """Remove repeated opponents with swaps that leave R3, R5, R7 and R8 as
    they are: two players holding the same position at two tables, or two
    players whose other rounds look alike. Now and then any swap, kept when
    the plan is better on the whole (a repeated pair outweighs a worse
    spread of transfers)."""
    rounds = [r for r in range(board.F) if movable[r]]
    if not rounds:
        return
    n = board.n
    adj, nadj = board.adj, board.nadj
    rand = rng.random
    done = 0
    while done < moves and (board.r4 or board.r2 or board.r1):
        conflicts = []
        for r in rounds:
            slots = board.slots[r]
            for t, z in enumerate(board.sizes[r]):
                a = board.starts[r][t]
                for i in range(a, a + z):
                    p = slots[i]
                    for j in range(i + 1, a + z):
                        q = slots[j]
                        k = p * n + q if p < q else q * n + p
                        if adj[k] + nadj[k] >= 2:
                            conflicts.append((r, i))
                            conflicts.append((r, j))
        if not conflicts:
            return
        rng.shuffle(conflicts)
        twins = {r: _twins(board, r) for r in rounds}
        for r, i in conflicts:
            if done >= moves:
                break
            done += 1
            if tick is not None and done % 256 == 0 and tick(done / moves):
                return
            z = board.slot_z[r][i]
            tables = [t for t, size in enumerate(board.sizes[r]) if size == z]
            u = rand()
            neutral = True
            if len(tables) > 1 and u < 0.5:
                # the same position at another table: only the company changes
                t1 = tables[int(rand() * len(tables))]
                j = board.starts[r][t1] + board.slot_s[r][i]
            elif i in twins[r] and u < 0.9:
                group = twins[r][i]
                j = group[int(rand() * len(group))]
            else:
                j = int(rand() * len(board.slots[r]))
                neutral = False
            if board.slot_t[r][j] == board.slot_t[r][i]:
                continue
            before = board.key()
            board.swap(r, i, j)
            if board.key() > before:
                board.swap(r, i, j)
            elif not neutral:
                twins = {r: _twins(board, r) for r in rounds}


# ---------------------------------------------------------------------------
# Search, way 2: groups first (who sits with whom), then seat orders
# ---------------------------------------------------------------------------


def _groups(
    n: int,
    history: list,
    free: list,
    movable: list[bool],
    lcm: int,
    most: int,
    rng,
    iterations: int,
    tick=None,
) -> list[list[list[int]]]:
    """Group the players of each free round into tables, ignoring seats:
    minimise R2, then R3, then R4, the criteria that depend on groups only.

    Start: the 4-player tables go to the players with the most VPs available
    so far (R3), and tables are filled one player at a time with whoever has
    met the fewest of the players already there. Then simulated annealing
    over swaps of two players between tables, scored in constant time from
    a matrix of how often each pair has met. Stops as soon as nobody meets
    anyone twice and, with no round played yet, the VPs are spread as evenly
    as they can be.
    """
    meet = bytearray(n * n)
    played = [0] * n
    vp = [0] * n

    def add(table: list[int]) -> None:
        for i, p in enumerate(table):
            row = p * n
            for q in table[i + 1 :]:
                meet[row + q] += 1
                meet[q * n + p] += 1

    for rnd in history:
        for table in rnd:
            add(table)
            for p in table:
                played[p] += 1
                vp[p] += len(table)
    for players, _ in free:
        for p in players:
            played[p] += 1
    lm = [lcm // k if k else 0 for k in played]
    nplay = sum(1 for k in played if k)
    unit = (lcm // most) ** 2 * nplay
    t2 = max(2, len(history) + len(free))  # R2: met in every round
    tables: list[list[list[int]]] = []
    for r, (players, sizes) in enumerate(free):
        out: list[list[int]] = []
        if not movable[r]:
            k = 0
            for z in sizes:
                out.append(list(players[k : k + z]))
                k += z
        else:
            order = list(players)
            rng.shuffle(order)
            fours = sum(z for z in sizes if z == MIN_TABLE)
            if fours:
                order.sort(key=lambda p: -vp[p] * lm[p])  # stable: ties stay random
            pools = {MIN_TABLE: order[:fours], MAX_TABLE: order[fours:]}
            for pool in pools.values():
                rng.shuffle(pool)
            for z in sizes:
                pool = pools[z]
                table: list[int] = []
                for _ in range(z):
                    best_i = _least_met(pool, table, meet, n)
                    table.append(pool[best_i])
                    pool[best_i] = pool[-1]
                    pool.pop()
                out.append(table)
        for table in out:
            add(table)
            for p in table:
                vp[p] += len(table)
        tables.append(out)
    rounds = [r for r in range(len(free)) if movable[r] and len(tables[r]) > 1]
    if not rounds or iterations <= 0:
        return tables
    r4 = r2 = 0
    for a in range(n):
        row = a * n
        for b in range(a + 1, n):
            c = meet[row + b]
            if c >= 2:
                r4 += 1
                if c >= t2:
                    r2 += 1
    s1 = sum(vp[p] * lm[p] for p in range(n))
    s2 = sum((vp[p] * lm[p]) ** 2 for p in range(n))
    floor = _r3_floor(history, free, n) if not history else None
    where: list[dict[int, tuple[int, int]]] = []
    for r in range(len(free)):
        w = {}
        for t, table in enumerate(tables[r]):
            for i, p in enumerate(table):
                w[p] = (t, i)
        where.append(w)
    W2, W3 = 1000.0, 30.0  # per repeated-always pair, per unit of R3; R4 counts 1
    t_hi, t_lo = 2.0, 0.05
    ratio = math.log(t_lo / t_hi)
    rand, exp = rng.random, math.exp
    hot: list[tuple[int, int]] = []
    step = max(1, iterations // 100)
    for it in range(iterations):
        if it % step == 0 and tick is not None and tick(it / iterations):
            break
        if r4 == 0 and r2 == 0 and (floor is None or nplay * s2 - s1 * s1 <= floor):
            break  # nothing left to gain
        temp = t_hi * exp(ratio * it / iterations)
        if not hot or it % 200 == 0:
            hot = []
            for r in rounds:
                for table in tables[r]:
                    for i, p in enumerate(table):
                        row = p * n
                        for q in table[i + 1 :]:
                            if meet[row + q] >= 2:
                                hot.append((r, p))
                                hot.append((r, q))
        if hot and rand() < 0.7:
            r, x = hot[int(rand() * len(hot))]
        else:
            r = rounds[int(rand() * len(rounds))]
            x = free[r][0][int(rand() * len(free[r][0]))]
        players = free[r][0]
        y = players[int(rand() * len(players))]
        tx, ix = where[r][x]
        ty, iy = where[r][y]
        if tx == ty:
            continue
        X = tables[r][tx]
        Y = tables[r][ty]
        rowx, rowy = x * n, y * n
        d4 = d2 = 0
        for m in X:
            if m != x:
                c = meet[rowx + m]
                d4 -= c == 2
                d2 -= c == t2
                c = meet[rowy + m]
                d4 += c == 1
                d2 += c == t2 - 1
        for m in Y:
            if m != y:
                c = meet[rowy + m]
                d4 -= c == 2
                d2 -= c == t2
                c = meet[rowx + m]
                d4 += c == 1
                d2 += c == t2 - 1
        zx, zy = len(X), len(Y)
        dq = d1 = 0
        if zx != zy:
            dz = zy - zx
            lx, ly = lm[x], lm[y]
            wx0, wy0 = vp[x] * lx, vp[y] * ly
            wx1, wy1 = wx0 + dz * lx, wy0 - dz * ly
            d1 = wx1 - wx0 + wy1 - wy0
            dq = nplay * (wx1 * wx1 - wx0 * wx0 + wy1 * wy1 - wy0 * wy0) - (2 * s1 * d1 + d1 * d1)
        delta = W2 * d2 + W3 * dq / unit + d4
        if delta <= 0 or rand() < exp(-delta / temp):
            for m in X:
                if m != x:
                    meet[rowx + m] -= 1
                    meet[m * n + x] -= 1
                    meet[rowy + m] += 1
                    meet[m * n + y] += 1
            for m in Y:
                if m != y:
                    meet[rowy + m] -= 1
                    meet[m * n + y] -= 1
                    meet[rowx + m] += 1
                    meet[m * n + x] += 1
            X[ix] = y
            Y[iy] = x
            where[r][x] = (ty, iy)
            where[r][y] = (tx, ix)
            r4 += d4
            r2 += d2
            if zx != zy:
                vp[x] += zy - zx
                vp[y] -= zy - zx
                s1 += d1
                s2 += wx1 * wx1 - wx0 * wx0 + wy1 * wy1 - wy0 * wy0
    return tables


def _r3_floor(history: list, free: list, n: int) -> Optional[int]:
    """The smallest R3 key (``nplay * S2 - S1**2``) possible when nobody has
    played yet and everyone plays every round: 4-player tables spread as
    evenly as possible. None in other cases."""
    if history or any(len(players) != n for players, _ in free):
        return None
    rounds = len(free)
    fours = sum(z for _, sizes in free for z in sizes if z == MIN_TABLE)
    low, extra = divmod(fours, n)  # 'extra' players sit at one more 4-table
    base = MAX_TABLE * rounds
    vps = [base - low - 1] * extra + [base - low] * (n - extra)
    return n * sum(v * v for v in vps) - sum(vps) ** 2


# ---------------------------------------------------------------------------
# Search, way 2, second part: the seat order at every table
# ---------------------------------------------------------------------------


def _seat_orders(
    n: int,
    history: list,
    tables: list[list[list[int]]],
    movable: list[bool],
    lcm: int,
    most: int,
    rng,
    iterations: int,
    tick=None,
    t_hi: float = 30.0,
    t_lo: float = 0.05,
) -> list[list[list[int]]]:
    """Order the players at every table: minimise R1, R5, R6, R7, R8, R9.

    Simulated annealing over two moves: swap two players' seats at a table,
    or swap two players holding the same seat at two tables of the same
    size, when that makes no pair meet twice (positions stay, so only the
    company changes: it opens new seat swaps). Repeated pairs (meeting twice
    or more) are tracked for R1, R6 and R9; other pairs cannot violate them.
    """
    tr = [0] * n
    sc = [0] * (n * 6)
    played = [0] * n
    meetc: dict[tuple[int, int], int] = {}

    def count(table: list[int]) -> None:
        for s, p in enumerate(table):
            tr[p] += TRANSFERS[s]
            sc[p * 6 + s + 1] += 1
            played[p] += 1
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                k = (p, q) if p < q else (q, p)
                meetc[k] = meetc.get(k, 0) + 1

    for rnd in history:
        for table in rnd:
            count(table)
    for rnd in tables:
        for table in rnd:
            count(table)
    hotpairs = {k for k, c in meetc.items() if c >= 2}
    meet = bytearray(n * n)
    for (a, b), c in meetc.items():
        meet[a * n + b] = min(c, 255)
        meet[b * n + a] = min(c, 255)
    lm = [lcm // k if k else 0 for k in played]
    nplay = sum(1 for k in played if k)
    unit = (lcm // most) ** 2 * nplay
    s1 = sum(tr[p] * lm[p] for p in range(n))

    def relations(table: list[int]) -> list[tuple]:
        """Counter keys of the repeated pairs at a table, from its seat order:
        ("p", a, b) b is a's prey, ("g", a, b) grand-prey, ("c", a, b)
        cross-table, ("A"/"N", a, b) adjacent / non-adjacent."""
        z = len(table)
        out = []
        for i, a in enumerate(table):
            for j in range(i + 1, z):
                b = table[j]
                k = (a, b) if a < b else (b, a)
                if k not in hotpairs:
                    continue
                d = j - i
                if d == 1:
                    out.append(("p", a, b))
                    out.append(("A",) + k)
                elif d == z - 1:
                    out.append(("p", b, a))
                    out.append(("A",) + k)
                elif z == 5:
                    out.append(("g", a, b) if d == 2 else ("g", b, a))
                    out.append(("N",) + k)
                else:
                    out.append(("c",) + k)
                    out.append(("N",) + k)
        return out

    rel: dict[tuple, int] = {}
    if hotpairs:
        for rnd in list(history) + list(tables):
            for table in rnd:
                for key in relations(table):
                    rel[key] = rel.get(key, 0) + 1

    def weight(key: tuple, c: int) -> tuple[int, int, int]:
        """(R1, R6, R9) violations of one counter at value ``c``."""
        if c < 2:
            return 0, 0, 0
        kind = key[0]
        if kind == "p":
            return 1, 1, 0
        if kind == "g" or kind == "c":
            return 0, 1, 0
        return 0, 0, 1

    rounds = [r for r in range(len(tables)) if movable[r]]
    cells = [(r, t) for r in rounds for t in range(len(tables[r]))]
    if not cells or iterations <= 0:
        return tables
    hot_cell = {}
    for r, t in cells:
        table = tables[r][t]
        hot_cell[(r, t)] = any(
            ((a, b) if a < b else (b, a)) in hotpairs for i, a in enumerate(table) for b in table[i + 1 :]
        )
    same: dict[tuple[int, int], list[int]] = {}
    for r in rounds:
        for t, table in enumerate(tables[r]):
            same.setdefault((r, len(table)), []).append(t)
    W1, W5, W6, W7, W9 = 1e7, 1e5, 1e4, 1e3, 0.1
    ratio = math.log(t_lo / t_hi)
    rand, exp = rng.random, math.exp
    step = max(1, iterations // 100)
    change: dict[tuple, int] = {}
    for it in range(iterations):
        if tick is not None and it % step == 0 and tick(it / iterations):
            break
        temp = t_hi * exp(ratio * it / iterations)
        r, t = cells[int(rand() * len(cells))]
        table = tables[r][t]
        z = len(table)
        i = int(rand() * z)
        hot = hot_cell[(r, t)]
        if rand() < 0.5:
            # swap with a player at another table of the same size, if
            # nobody involved has met anyone there before
            others = same[(r, z)]
            u = others[int(rand() * len(others))]
            if u == t or hot or hot_cell[(r, u)]:
                continue
            other = tables[r][u]
            j = int(rand() * z)
            x, y = table[i], other[j]
            rowx, rowy = x * n, y * n
            ok = True
            for m in table:
                if m != x and (meet[rowx + m] != 1 or meet[rowy + m] != 0):
                    ok = False
                    break
            if ok:
                for m in other:
                    if m != y and (meet[rowy + m] != 1 or meet[rowx + m] != 0):
                        ok = False
                        break
            if not ok:
                continue
        else:
            other = table
            j = int(rand() * (z - 1))
            if j >= i:
                j += 1
            x, y = table[i], table[j]
        # x: seat i -> j ; y: seat j -> i
        dt = TRANSFERS[j] - TRANSFERS[i]
        lx, ly = lm[x], lm[y]
        tx0, ty0 = tr[x], tr[y]
        tx1, ty1 = tx0 + dt, ty0 - dt
        d1 = dt * lx - dt * ly
        d2 = (tx1 * tx1 - tx0 * tx0) * lx * lx + (ty1 * ty1 - ty0 * ty0) * ly * ly
        dq8 = nplay * d2 - (2 * s1 * d1 + d1 * d1)
        kxi, kxj, kyj, kyi = x * 6 + i + 1, x * 6 + j + 1, y * 6 + j + 1, y * 6 + i + 1
        d5, d7 = _seat_swap_delta(sc, kxi, kxj, kyj, kyi, i, j)
        dr1 = d6 = d9 = 0
        if hot:
            change.clear()
            for key in relations(table):
                change[key] = change.get(key, 0) - 1
            table[i], table[j] = y, x
            for key in relations(table):
                change[key] = change.get(key, 0) + 1
            table[i], table[j] = x, y
            for key, dc in change.items():
                if dc:
                    c = rel.get(key, 0)
                    a0 = weight(key, c)
                    a1 = weight(key, c + dc)
                    dr1 += a1[0] - a0[0]
                    d6 += a1[1] - a0[1]
                    d9 += a1[2] - a0[2]
        delta = W1 * dr1 + W5 * d5 + W6 * d6 + W7 * d7 + dq8 / unit + W9 * d9
        if delta <= 0 or rand() < exp(-delta / temp):
            if other is not table:
                for m in table:
                    if m != x:
                        meet[rowx + m] = meet[m * n + x] = 0
                        meet[rowy + m] = meet[m * n + y] = 1
                for m in other:
                    if m != y:
                        meet[rowy + m] = meet[m * n + y] = 0
                        meet[rowx + m] = meet[m * n + x] = 1
            table[i], other[j] = y, x
            if i != j:
                tr[x], tr[y] = tx1, ty1
                s1 += d1
                sc[kxi] -= 1
                sc[kxj] += 1
                sc[kyj] -= 1
                sc[kyi] += 1
            if hot:
                for key, dc in change.items():
                    if dc:
                        rel[key] = rel.get(key, 0) + dc
    return tables


# ---------------------------------------------------------------------------
# Search, last part: polish on every criterion, a whole table at a time
# ---------------------------------------------------------------------------

#: Seat-order costs of (R1, R5, R6, R7, R8, R9) when a table is re-seated
#: (R8 in "sum of squares per round" units). Each rule outweighs what one
#: table can do to the rules after it, so the choice follows the priority
#: order; the search then only keeps changes that improve the exact scores.
_ORDER_WEIGHTS = (1e8, 1e6, 1e5, 1e4, 1.0, 0.4)

def _set_order(board: _Board, r: int, t: int, order: list[int]) -> None:
    """Seat table ``t`` of free round ``r`` in ``order`` (same players)."""
    a = board.starts[r][t]
    z = board.sizes[r][t]
    slots = board.slots[r]
    for k in range(z):
        board._seat(r, a + k, slots[a + k], -1)
        slots[a + k] = -1
    pos = board.pos[r]
    for k in range(z):
        slots[a + k] = order[k]
        pos[order[k]] = a + k
        board._seat(r, a + k, order[k], 1)


def _order_getters(z: int) -> list[tuple[tuple[int, ...], "operator.itemgetter"]]:
    """For every seat order of a table of ``z``: the order (``perm[i]`` is
    the seat of the i-th player) and a getter picking, from a flat cost list
    (z*z player costs, then z costs per pair of players by gap), the costs
    that order adds up."""
    pairs = [(i, j) for i in range(z) for j in range(i + 1, z)]
    out = []
    for perm in itertools.permutations(range(z)):
        idx = [i * z + perm[i] for i in range(z)]
        idx += [z * z + k * z + (perm[j] - perm[i]) % z for k, (i, j) in enumerate(pairs)]
        out.append((perm, operator.itemgetter(*idx)))
    return out


_ORDERS = {z: _order_getters(z) for z in TABLE_SIZES}


def _best_order(board: _Board, r: int, t: int, unit: float, rng) -> list[int]:
    """The best seat order for table ``t`` of free round ``r``, all others
    as they are: every order of its players is tried (24 or 120). The
    table's own current order is discounted from the board's counts."""
    a = board.starts[r][t]
    z = board.sizes[r][t]
    players = board.slots[r][a : a + z]
    n = board.n
    w1, w5, w6, w7, w8, w9 = _ORDER_WEIGHTS
    sc, tr, lm = board.sc, board.tr, board.lm
    nplay = board.nplay
    s1 = board.s1t
    for k, p in enumerate(players):
        s1 -= TRANSFERS[k] * lm[p]
    costs: list[float] = []
    for k, p in enumerate(players):
        base = p * 6 + 1
        t0 = tr[p] - TRANSFERS[k]
        for s in range(z):
            c = 0.0
            if sc[base + s] - (s == k) == 1:  # a second time in this seat
                c += w7
                if s == 4:
                    c += w5
            w = (t0 + TRANSFERS[s]) * lm[p]
            costs.append(c + w8 * (nplay * w * w - 2 * s1 * w) / unit)
    adj, nadj, prey, gprey, cross = board.adj, board.nadj, board.prey, board.gprey, board.cross
    for i in range(z):
        x = players[i]
        for j in range(i + 1, z):
            y = players[j]
            key = x * n + y if x < y else y * n + x
            # this table's own contribution: y sits d0 seats after x
            d0 = j - i
            near = d0 == 1 or d0 == z - 1
            ka = adj[key] - near
            kn = nadj[key] - (not near)
            if not (ka or kn):
                costs.extend([0.0] * z)  # no other meeting: any order is fine
                continue
            # a cost only where a count would reach 2 (a new violation)
            costs.append(0.0)
            for d in range(1, z):  # y sits d seats after x
                if d == 1 or d == z - 1:
                    c = w9 if ka == 1 else 0.0
                    if prey[x * n + y if d == 1 else y * n + x] - (d == d0) == 1:
                        c += w1 + w6
                elif z == 5:
                    c = w9 if kn == 1 else 0.0
                    if gprey[x * n + y if d == 2 else y * n + x] - (d == d0) == 1:
                        c += w6
                else:
                    c = w9 if kn == 1 else 0.0
                    if cross[key] - (d == d0) == 1:
                        c += w6
                costs.append(c)
    values = [sum(get(costs)) for _, get in _ORDERS[z]]
    low = min(values)
    ties = [k for k, v in enumerate(values) if v <= low + 1e-9]
    perm = _ORDERS[z][ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]][0]
    order = [0] * z
    for i in range(z):
        order[perm[i]] = players[i]
    return order


def _polish(
    board: _Board, movable: list[bool], unit: float, rng, iterations: int, tick=None,
    t_hi: float = 3e4, t_lo: float = 0.3, target: Optional[tuple] = None,
) -> tuple:
    """Iterated local search on the board, on every criterion.

    Each step shakes the plan a little (reshuffles a table, or swaps two
    players between tables of the same size without adding a repeated
    pair), then re-seats the tables involved and those of the same players
    in other rounds, each in its best order. The step is kept when the exact
    scores are no worse, undone otherwise. Returns (best key, best slots).
    """
    rounds = [r for r in range(board.F) if movable[r]]
    cells = [(r, t) for r in rounds for t in range(len(board.sizes[r]))]
    best_key = board.key()
    if not cells or iterations <= 0:
        return best_key, [list(s) for s in board.slots]
    same: dict[tuple[int, int], list[int]] = {}
    for r, t in cells:
        same.setdefault((r, board.sizes[r][t]), []).append(t)
    rand = rng.random

    def table(r: int, t: int) -> list[int]:
        a = board.starts[r][t]
        return board.slots[r][a : a + board.sizes[r][t]]

    def reseat(r: int, t: int, log: list) -> None:
        order = _best_order(board, r, t, unit, rng)
        old = table(r, t)
        if order != old:
            log.append((r, t, old))
            _set_order(board, r, t, order)

    def settle(touched: list[tuple[int, int]], log: list) -> None:
        players = set()
        for r, t in touched:
            players.update(table(r, t))
        # the shaken tables last: re-seating them first would mostly undo
        # the shake
        around = []
        for r in rounds:
            for p in players:
                i = board.pos[r][p]
                if i >= 0:
                    cell = (r, board.slot_t[r][i])
                    if cell not in around and cell not in touched:
                        around.append(cell)
        around.extend(touched)
        for _ in range(2):
            for r, t in around:
                reseat(r, t, log)

    def troubled() -> list[tuple[int, int]]:
        """Tables where two players meet again or a player repeats a seat."""
        n = board.n
        adj, nadj, sc = board.adj, board.nadj, board.sc
        out = []
        for r, t in cells:
            players = table(r, t)
            bad = any(sc[p * 6 + s + 1] >= 2 for s, p in enumerate(players))
            if not bad:
                for i, p in enumerate(players):
                    for q in players[i + 1 :]:
                        k = p * n + q if p < q else q * n + p
                        if adj[k] + nadj[k] >= 2:
                            bad = True
                            break
                    if bad:
                        break
            if bad:
                out.append((r, t))
        return out

    # a first pass over every table
    best_slots = [list(s) for s in board.slots]
    log: list = []
    for r, t in cells:
        reseat(r, t, log)
    key = board.key()
    if key <= best_key:
        best_key = key
        best_slots = [list(s) for s in board.slots]
    cur = _key_energy(key, unit)
    ratio = math.log(t_lo / t_hi)
    exp = math.exp
    step = max(1, iterations // 100)
    trouble: list[tuple[int, int]] = []
    for it in range(iterations):
        if tick is not None and it % step == 0 and tick(it / iterations):
            break
        temp = t_hi * exp(ratio * it / iterations)
        log = []
        swaps: list[tuple[int, int, int]] = []
        touched: list[tuple[int, int]] = []
        if it % 16 == 0:
            trouble = troubled()
        if trouble and rand() < 0.5:
            r, t = trouble[int(rand() * len(trouble))]
        else:
            r, t = cells[int(rand() * len(cells))]
        ntab = len(board.sizes[r])
        if rand() < 0.5 and ntab > 1:
            # swap two players between tables (usually of the same size),
            # if no more pairs meet again and the VP spread is no worse
            z = board.sizes[r][t]
            others = same[(r, z)]
            u = others[int(rand() * len(others))] if rand() < 0.8 else int(rand() * ntab)
            if u == t:
                continue
            i = board.starts[r][t] + int(rand() * z)
            j = board.starts[r][u] + int(rand() * board.sizes[r][u])
            before = board.key()
            board.swap(r, i, j)
            after = board.key()
            if (after[1], after[2], after[3]) > (before[1], before[2], before[3]):
                board.swap(r, i, j)
                continue
            swaps.append((r, i, j))
            touched = [(r, t), (r, u)]
        else:
            old = table(r, t)
            order = list(old)
            rng.shuffle(order)
            log.append((r, t, old))
            _set_order(board, r, t, order)
            touched = [(r, t)]
        settle(touched, log)
        key = board.key()
        e = _key_energy(key, unit)
        if e <= cur or rand() < exp((cur - e) / temp):
            cur = e
            if key <= best_key:
                if key < best_key:
                    best_slots = [list(s) for s in board.slots]
                best_key = key
                if target is not None and key <= target:
                    break
            continue
        for r, t, old in reversed(log):
            _set_order(board, r, t, old)
        for r, i, j in reversed(swaps):
            board.swap(r, i, j)
    if board.key() == best_key:
        best_slots = [list(s) for s in board.slots]
    return best_key, best_slots


def _key_energy(key: tuple, unit: float) -> float:
    """A plan's criteria as one number, for accepting worse steps now and
    then: each rule outweighs what a step can do to the rules after it."""
    return (
        1e10 * key[0] + 1e9 * key[1] + 3e7 * key[2] / unit + 1e7 * key[3] + 1e6 * key[4]
        + 1e5 * key[5] + 1e4 * key[6] + key[7] / unit + 0.4 * key[8]
    )


# ---------------------------------------------------------------------------
# The planner
# ---------------------------------------------------------------------------


def _player_list(players: "int | Iterable[int]") -> list[int]:
    if isinstance(players, int):
        if players < 1:
            raise SeatingError(f"{players} players: nothing to seat")
        return list(range(1, players + 1))
    out = []
    seen = set()
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int):
            raise SeatingError(f"player numbers are whole numbers, not {p!r}")
        if p in seen:
            raise SeatingError(f"player {p} is listed twice")
        seen.add(p)
        out.append(p)
    return out


def sit_out_schedule(
    players: Sequence[int],
    rounds: int,
    games: Optional[int] = None,
    played: Optional[dict[int, int]] = None,
    seed=None,
) -> list[list[int]]:
    """Who plays each of ``rounds`` rounds so that every player ends with
    ``games`` games (default: ``rounds - 1``, counting games already
    ``played``, a mapping player -> games). Returns the players of each
    round; the number seated per round is as equal as possible.
    Raises :class:`SeatingError` when it cannot be done."""
    import random

    played = played or {}
    total_rounds = rounds + max(played.values(), default=0)
    if games is None:
        games = total_rounds - 1
    need = {p: games - played.get(p, 0) for p in players}
    bad = [p for p, k in need.items() if k < 0 or k > rounds]
    if bad:
        raise SeatingError(
            f"player {bad[0]} has played {played.get(bad[0], 0)} games: cannot end with {games} "
            f"after {rounds} more round(s)"
        )
    sizes = _split_seats(sum(need.values()), rounds, len(players))
    if sizes is None:
        if any(played.values()):
            raise SeatingError(
                f"{len(players)} players cannot all end with {_count(games, 'game')} after "
                f"{_count(rounds, 'more round')} at tables of {MIN_TABLE} and {MAX_TABLE}"
            )
        raise SeatingError(
            f"{len(players)} players cannot all play {_count(games, 'round')} of {_count(rounds, 'round')} "
            f"at tables of {MIN_TABLE} and {MAX_TABLE}{_staggered_hint(len(players), rounds, games)}"
        )
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    rank = {p: i for i, p in enumerate(order)}
    out = []
    for r, m in enumerate(sizes):
        left = rounds - r
        # players who must play every remaining round first, then by need;
        # ties rotate so the same players do not always sit out
        pick = sorted(
            players,
            key=lambda p: (-(need[p] >= left), -need[p], (rank[p] - r * m) % len(order)),
        )[:m]
        if any(need[p] == 0 for p in pick) or any(need[p] >= left + 1 for p in players):
            raise SeatingError(f"no sit-out schedule for {len(players)} players")  # pragma: no cover
        for p in pick:
            need[p] -= 1
        chosen = set(pick)
        out.append([p for p in order if p in chosen])
    return out


class _Clock:
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


def plan(
    players: "int | Iterable[int]",
    rounds: int,
    seed=None,
    fixed_rounds: Sequence[Sequence[Sequence[int]]] = (),
    time_budget: Optional[float] = None,
    progress=None,
    *,
    sit_out: Optional[bool] = None,
    games: Optional[int] = None,
    effort: float = 1.0,
) -> Plan:
    """Compute a seating plan of ``rounds`` rounds.

    ``players``: a number N (players 1..N) or the player numbers to seat in
    the rounds to compute (late arrivals in, dropped or disqualified players
    out). ``fixed_rounds``: rounds already played, kept unchanged as the
    first rounds of the plan; they count in the criteria. So seating "one
    more round" is ``plan(present, len(played) + 1, fixed_rounds=played)``.

    ``sit_out``: a staggered plan, where some players sit out each round and
    every player ends with ``games`` games (default one less than
    ``rounds``; games already played count). ``None`` (default) means
    staggered only when the players cannot all be seated (6, 7 or 11
    players) or ``games`` is less than ``rounds``.

    ``seed``: the same inputs and seed give the same plan on any machine
    (``None``: a fresh random seed). The search effort is fixed in advance
    (scaled by ``effort``); ``time_budget`` (seconds) stops it early when
    reached, or, if time is left, lets it keep looking for a better plan
    until then (the plan then depends on the machine's speed).
    ``progress(fraction)`` is called as the search advances (0.0 to 1.0).

    Returns the plan: rounds of tables of player numbers in seat order,
    5-player tables first. Raises :class:`SeatingError` on impossible
    requests.

    How: see the module documentation.
    """
    import random

    if rounds < 1:
        raise SeatingError(f"{rounds} rounds: plan at least one")
    if rounds > _MAX_ROUNDS:
        raise SeatingError(f"{rounds} rounds: archon plans at most {_MAX_ROUNDS}")
    present = _player_list(players)
    fixed = [[list(t) for t in rnd] for rnd in fixed_rounds]
    check_plan(fixed)
    free_count = rounds - len(fixed)
    if free_count < 0:
        raise SeatingError(f"{len(fixed)} rounds already played: more than the {rounds} planned")
    if free_count == 0:
        return fixed
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    rng = random.Random(f"archon-seating:{seed}")
    clock = _Clock(time_budget, progress)

    played_before: dict[int, int] = {}
    for rnd in fixed:
        for table in rnd:
            for p in table:
                played_before[p] = played_before.get(p, 0) + 1
    if sit_out is None:
        staggered = needs_sit_out(len(present)) or (games is not None and games < rounds)
    else:
        staggered = sit_out
    if staggered:
        if games is None:
            games = rounds - 1
        schedule = sit_out_schedule(
            present, free_count, games, {p: played_before.get(p, 0) for p in present},
            seed=rng.random(),
        )
    else:
        table_sizes(len(present))  # raises for 6, 7, 11 or fewer than 4
        schedule = [list(present) for _ in range(free_count)]

    # players as indices; without history, who sits where in the first
    # round is a random draw (the search then leaves that round alone)
    everyone = sorted(set(present) | set(played_before))
    if not fixed:
        rng.shuffle(everyone)
        for rnd_players in schedule:
            rng.shuffle(rnd_players)
    index = {p: i for i, p in enumerate(everyone)}
    n = len(everyone)
    history = [[[index[p] for p in t] for t in rnd] for rnd in fixed]
    free = []
    for rnd_players in schedule:
        idx = [index[p] for p in rnd_players]
        free.append((idx, table_sizes(len(idx))))
    counts = dict(played_before)
    for rnd_players in schedule:
        for p in rnd_players:
            counts[p] = counts.get(p, 0) + 1
    lcm = 1
    for k in set(counts.values()):
        lcm = lcm * k // math.gcd(lcm, k)
    most = max(counts.values())
    # without history, round 1 can be anything: everyone is still anonymous
    movable = [True] * free_count
    if not fixed and not staggered:
        movable[0] = False
    unit = float((lcm // most) ** 2 * sum(1 for k in counts.values() if k))

    best = _search(n, history, free, movable, lcm, most, unit, rng, effort, clock)
    # time to spare: fresh searches until the deadline, unless nothing is left
    # to gain on the counted rules
    while clock.deadline is not None and not clock.expired() and best[0] > _floor(best[0]):
        again = random.Random(rng.random())
        found = _search(n, history, free, movable, lcm, most, unit, again, effort, clock)
        if found[0] < best[0]:
            best = found
    if progress is not None:
        progress(1.0)
    key, slots = best
    out = [[list(t) for t in rnd] for rnd in fixed]
    for (idx, sizes), rnd_slots in zip(free, slots):
        tables = []
        k = 0
        for z in sizes:
            tables.append([everyone[p] for p in rnd_slots[k : k + z]])
            k += z
        out.append(tables)
    return out


def _floor(key: tuple) -> tuple:
    """The key of a plan with no violation of the counted rules and the same
    spreads (R3, R8) as ``key``'s."""
    return (0, 0, key[2], 0, 0, 0, 0, key[7], 0)


#: Pair counters are bytes: no plan of more rounds than this.
_MAX_ROUNDS = 250


def _search(n, history, free, movable, lcm, most, unit, rng, effort, clock) -> tuple:
    """One deterministic search; returns (key, slots) of the best plan found.

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
    size = sum(len(p) for (p, _), mv in zip(free, movable) if mv)  # seats to decide
    attempts = max(1, round(effort * (4 if size <= 40 else 2 if size <= 120 else 1)))
    it_a = int(effort * max(5000, 50 * size))
    it_b = int(effort * (2000 if size <= 60 else 150 * size))
    it_c = int(effort * max(60, min(600, 36000 // max(size, 1))))
    it_p = int(effort * max(20000, 200 * size))
    deals = max(1, round(effort * 6))
    best: Optional[tuple] = None
    for attempt in range(attempts):
        base = attempt / attempts
        span = 1 / attempts

        def stage(a: float, b: float):
            return clock.stage(base + span * a, span * (b - a))

        # way 1, positions first; twice, as they also set the target
        target = types = None
        for k in range(2):
            tick = stage(0.05 * k, 0.05 * (k + 1))
            tried = _positions(n, history, free, movable, lcm, most, rng, it_p, tick)
            key = _board(n, history, free, _deal(n, history, free, tried, rng), lcm).key()
            key = (0, 0, key[2], 0, key[4], 0, key[6], key[7], 0)
            if target is None or key < target:
                target, types = key, tried
        board = None
        for deal in range(deals):  # dealing and mending is cheap: a few tries
            dealt = _board(n, history, free, _deal(n, history, free, types, rng), lcm)
            _mend(dealt, movable, rng, int(effort * max(2000, 20 * size)),
                  stage(0.1 + 0.05 * deal / deals, 0.1 + 0.05 * (deal + 1) / deals))
            if dealt.key() <= target:
                return dealt.key(), [list(s) for s in dealt.slots]
            if board is None or dealt.key() < board.key():
                board = dealt
        # way 2, groups first
        tables = _groups(n, history, free, movable, lcm, most, rng, it_a, stage(0.15, 0.25))
        tables = _seat_orders(n, history, tables, movable, lcm, most, rng, it_b, stage(0.25, 0.4))
        other = _board(n, history, free, tables, lcm)
        if other.key() <= target:
            return other.key(), [list(s) for s in other.slots]
        # both polished; way 1's board holds its best deal
        for b, (a0, a1) in ((other, (0.4, 0.75)), (board, (0.75, 1.0))):
            share = it_c if b is other else it_c // 2
            found = _polish(b, movable, unit, rng, share, stage(a0, a1), target=target)
            if best is None or found[0] < best[0]:
                best = found
            if best[0] <= target or clock.expired():
                return best
    assert best is not None
    return best


def _board(n: int, history: list, free: list, tables: list, lcm: int) -> _Board:
    """A board for the given tables (per free round, tables in the order of
    that round's sizes)."""
    slots = [[p for t in rnd for p in t] for rnd in tables]
    return _Board(n, history, [(s, sz) for s, (_, sz) in zip(slots, free)], lcm)
