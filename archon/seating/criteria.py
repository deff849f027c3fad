"""The nine VEKN seating criteria and how a plan is scored.

A *plan* is a list of rounds, a round a list of tables, a table a list of
player numbers in seat order (seat 1 first; each seat's prey is the next
seat, the last seat's prey is seat 1). :func:`score_plan` gives a
:class:`Score`: the nine criteria R1..R9 (see its documentation for the
exact counting), with the players behind every violation. Scores compare
rule by rule, R1 first.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

from archon.words.message import Message, say
from archon.seating.tables import MAX_TABLE, MIN_TABLE, TABLE_SIZES, SeatingError

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

#: :data:`RULE_TITLES` as messages (said in the reader's language).
RULE_SAID: dict[str, Message] = {
    "R1": say("seating.rule.r1"),
    "R2": say("seating.rule.r2"),
    "R3": say("seating.rule.r3"),
    "R4": say("seating.rule.r4"),
    "R5": say("seating.rule.r5"),
    "R6": say("seating.rule.r6"),
    "R7": say("seating.rule.r7"),
    "R8": say("seating.rule.r8"),
    "R9": say("seating.rule.r9"),
}

#: What a player is to another at a table, as a message id of :attr:`PairIssue.said`.
_RELATION_SAID = {
    "prey": "seating.issue.prey", "grand-prey": "seating.issue.grand_prey",
    "grand-predator": "seating.issue.grand_predator", "predator": "seating.issue.predator",
    "cross-table": "seating.issue.cross_table", "adjacent": "seating.issue.adjacent",
    "non-adjacent": "seating.issue.non_adjacent",
}

#: First-turn transfers by seat (1-based): seats 4 and 5 both start with 4.
TRANSFERS: tuple[int, ...] = (1, 2, 3, 4, 4)

#: Relation of the player ``k`` seats after a player, by table size:
#: ``RELATIONS[size][k]`` (k = 1 .. size - 1).
RELATIONS: dict[int, tuple[str, ...]] = {
    4: ("", "prey", "cross-table", "predator"),
    5: ("", "prey", "grand-prey", "grand-predator", "predator"),
}
ADJACENT = ("prey", "predator")


def r9_group(relation: str) -> str:
    """R9's group of a relation: ``"adjacent"`` (prey, predator) or ``"non-adjacent"``."""
    return "adjacent" if relation in ADJACENT else "non-adjacent"


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

    @property
    def said(self) -> Message:
        """:meth:`__str__` as a message (in the reader's language)."""
        when = rounds_said(self.rounds)
        if self.relation is None:
            return say("seating.issue.share_table", player=self.player, other=self.other, when=when)
        id = _RELATION_SAID.get(self.relation)
        if id is None:
            return say("text", text=str(self))
        return say(id, player=self.player, other=self.other, when=when)


@dataclass(frozen=True)
class SeatIssue:
    """A player behind a violation of R5 or R7: ``seat`` taken in ``rounds``."""

    rule: str
    player: int
    seat: int
    rounds: tuple[int, ...]

    def __str__(self) -> str:
        return f"player {self.player} sits in seat {self.seat} in {_rounds_text(self.rounds)}"

    @property
    def said(self) -> Message:
        """:meth:`__str__` as a message (in the reader's language)."""
        return say("seating.issue.seat", player=self.player, seat=self.seat, when=rounds_said(self.rounds))


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

    @property
    def said(self) -> Message:
        """:meth:`__str__` as a message (in the reader's language)."""
        size = MIN_TABLE if self.available < self.mean else MAX_TABLE
        return say("seating.issue.spread", player=self.player, available=round(float(self.available), 2),
                   mean=round(float(self.mean), 2), size=size, when=rounds_said(self.rounds))


def rounds_said(rounds: Sequence[int]) -> Message:
    """"round 2", "rounds 1, 2 and 3" as a message (in the reader's language)."""
    if len(rounds) == 1:
        return say("seating.rounds.one", round=rounds[0])
    return say("seating.rounds.many", rounds=list(rounds))


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


def _variance(totals: dict[int, int], played: dict[int, int]) -> Fraction:
    """The population variance of ``totals[p] / played[p]`` over the
    players, exactly (in whole numbers over a common denominator: the
    rounds played are few numbers)."""
    if not played:
        return Fraction(0)
    common = math.lcm(*set(played.values()))
    whole = [totals[p] * (common // k) for p, k in played.items()]
    n, total = len(whole), sum(whole)
    return Fraction(n * sum(x * x for x in whole) - total * total, n * n * common * common)


def check_plan(rounds: Sequence[Sequence[Sequence[int]]]) -> None:
    """Raise :class:`SeatingError` for a table not of 4 or 5 players or a
    player seated twice in a round (naming the round and table)."""
    for r, rnd in enumerate(rounds, start=1):
        seen: dict[int, int] = {}
        for t, table in enumerate(rnd, start=1):
            if len(table) not in TABLE_SIZES:
                raise SeatingError(say("seating.table_size", round=r, table=t, players=len(table), min=MIN_TABLE,
                                       max=MAX_TABLE))
            for p in table:
                if p in seen:
                    where = (say("seating.twice_at_table", table=t) if seen[p] == t
                             else say("seating.at_tables", first=seen[p], table=t))
                    raise SeatingError(say("seating.seated_twice", round=r, player=p, where=where))
                seen[p] = t


# Longer than a screen: half of it is the documentation of how each
# criterion is counted, which belongs with the counting.
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
    meets: dict[tuple[int, int], list[tuple[int, str]]] = {}  # (p, q), p < q: (round, what q was to p)
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
                        meets.setdefault((p, q), []).append((r, names[k]))
    issues = _repeats(meets, max(2, len(rounds)))  # R2: a table shared in every round
    for (p, seat), when in sorted(item for item in seats.items() if len(item[1]) >= 2):
        issues["R7"].append(SeatIssue("R7", p, seat, tuple(when)))
        if seat == MAX_TABLE:
            issues["R5"].append(SeatIssue("R5", p, seat, tuple(when)))
    v3 = _variance(vps, played)
    issues["R3"] = _spread_issues(rounds, played, vps)
    v8 = _variance(transfers, played)
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


class TableRules:
    """R2, R3 (its variance) and R4 of some rounds followed by one more
    round, found faster than :func:`score_plan` finds them: who sits with
    whom decides them, whatever the seat orders (:mod:`.exact` compares
    thousands of last rounds so). Counted as :func:`score_plan` counts them."""

    def __init__(self, rounds: Sequence[Sequence[Sequence[int]]]):
        self.every = max(2, len(rounds) + 1)  # R2: a table shared in every round, this one too
        self.met: dict[tuple[int, int], int] = {}
        self.played: dict[int, int] = {}
        self.vps: dict[int, int] = {}
        for rnd in rounds:
            _count_games(rnd, self.played, self.vps)
            for table in rnd:
                for pair in itertools.combinations(sorted(table), 2):
                    self.met[pair] = self.met.get(pair, 0) + 1
        self.twice = sum(1 for c in self.met.values() if c >= 2)

    def with_round(self, tables: Sequence[Sequence[int]]) -> tuple[int, Fraction, int]:
        """(R2, R3's variance, R4) of the rounds followed by ``tables``."""
        played, vps = dict(self.played), dict(self.vps)
        _count_games(tables, played, vps)
        r2, r4 = 0, self.twice
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                before = self.met.get(pair, 0)
                r4 += before == 1
                r2 += before + 1 >= self.every
        return r2, _variance(vps, played), r4


def _count_games(tables: Sequence[Sequence[int]], played: dict[int, int], vps: dict[int, int]) -> None:
    """Add a round's games and the VPs its tables offer to ``played`` and ``vps``."""
    for table in tables:
        for p in table:
            played[p] = played.get(p, 0) + 1
            vps[p] = vps.get(p, 0) + len(table)


def _repeats(meets: dict[tuple[int, int], list[tuple[int, str]]], every: int) -> dict[str, list]:
    """The issues of R1, R2, R4, R6 and R9 (R3, R5 and R7 empty) from every
    pair's meetings, each rule's in the order of its players, then of its
    relation: only pairs who met twice can repeat anything."""
    issues: dict[str, list] = {rule: [] for rule in ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R9")}
    relations, groups = [], []
    for (p, q), met in sorted(item for item in meets.items() if len(item[1]) >= 2):
        when = tuple(r for r, _ in met)
        issues["R4"].append(PairIssue("R4", p, q, None, when))
        if len(when) >= every:
            issues["R2"].append(PairIssue("R2", p, q, None, when))
        by_name: dict[str, list[int]] = {}
        by_group: dict[str, list[int]] = {}
        for r, name in met:
            by_name.setdefault(name, []).append(r)
            by_group.setdefault(r9_group(name), []).append(r)
        relations += [(p, q, name, tuple(rs)) for name, rs in by_name.items() if len(rs) >= 2]
        groups += [(p, q, group, tuple(rs)) for group, rs in by_group.items() if len(rs) >= 2]
    for p, q, name, when in sorted(relations):
        issues["R6"].append(PairIssue("R6", p, q, name, when))
        if name in ADJACENT:
            issues["R1"].append(PairIssue("R1", p, q, name, when))
    issues["R9"] = [PairIssue("R9", p, q, group, when) for p, q, group, when in sorted(groups)]
    return issues


def _spread_issues(rounds, played: dict[int, int], vps: dict[int, int]) -> list:
    """R3's issues, as krcg's seating scores list them: players whose VPs
    available per round played are further from the mean than 1 / (rounds
    of the plan). Counted in whole numbers (the mean is ``total / (common
    * n)``), the fractions made for the players named only."""
    if not played:
        return []
    common = math.lcm(*set(played.values()))
    n = len(played)
    total = sum(vps[p] * (common // k) for p, k in played.items())
    mean = Fraction(total, common * n)
    out = []
    for p in sorted(played):
        off = vps[p] * (common // played[p]) * n - total  # (value - mean) times common * n
        if abs(off) * len(rounds) > common * n:
            size = MIN_TABLE if off < 0 else MAX_TABLE
            where = tuple(r for r, rnd in enumerate(rounds, start=1) if any(p in t and len(t) == size for t in rnd))
            out.append(SpreadIssue("R3", p, Fraction(vps[p], played[p]), mean, where))
    return out
