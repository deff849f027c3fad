"""The planner: :func:`plan`, the one entry point of the search.

A request (players, rounds, rounds already played, staggered or not) is
first looked up in :mod:`.library`, the plans computed in advance for the
common event sizes; otherwise (or when asked for more ``effort`` or a
``time_budget``) :mod:`.search` computes one.
"""

from __future__ import annotations

import hashlib
import math
import random
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Protocol, Sequence

from archon.words.message import say
from archon.seating import library  # noqa: the module, for library.lookup and library.EFFORT
from archon.seating.seeds import new_seed
from archon.seating.criteria import Plan, check_plan, score_plan
from archon.seating.search import MAX_ROUNDS, Clock, floor_key, search_once
from archon.seating.tables import MAX_TABLE, MIN_TABLE, SeatingError, player_list, needs_sit_out, rounds_to_play, sit_out_schedule, table_sizes

#: The search effort of a plain :func:`plan` call: every event size from 4
#: to 300 players in a fraction of a second. Higher values search longer
#: (``archon plan --effort``); the plans of :mod:`.library` were searched
#: with ``library.EFFORT``.
DEFAULT_EFFORT = 0.25


# Longer than a screen by its documentation only (the entry point of the
# seating engine, every argument explained): the code is 35 lines.
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
    effort: float = DEFAULT_EFFORT,
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
    (``None``: a fresh random seed). Once a round is played, the seed no
    longer matters: the plan follows from the players and the rounds played
    alone (:func:`played_seed`), so seating round k + 1 finds again the
    rounds planned after round k, whatever seed each ``seat`` draws (in the
    same process, or from a store of plans given by :func:`keeping_plans`,
    as ``archon seat`` does between commands). Common requests (no round played yet,
    or rounds played as archon planned them, with the same players) come
    from the plans computed in advance (:mod:`.library`); others are
    searched with a fixed amount of work scaled by ``effort`` (default
    :data:`DEFAULT_EFFORT`; more finds better plans for small and unusual
    events, slowly). ``time_budget`` (seconds) stops the search early when
    reached, or, if time is left, lets it keep looking for a better plan
    until then (the plan then depends on the machine's speed).
    ``progress(fraction)`` is called as the search advances (0.0 to 1.0).

    Returns the plan: rounds of tables of player numbers in seat order,
    5-player tables first. Raises :class:`SeatingError` on impossible
    requests.
    """
    if rounds < 1:
        raise SeatingError(say("seating.no_round", rounds=rounds))
    if rounds > MAX_ROUNDS:
        raise SeatingError(say("seating.too_many_rounds", rounds=rounds, max=MAX_ROUNDS))
    present = player_list(players)
    fixed = _copy(fixed_rounds)
    check_plan(fixed)
    if rounds < len(fixed):
        raise SeatingError(say("seating.played_more", played=len(fixed), rounds=rounds))
    if rounds == len(fixed):
        return fixed
    if fixed:  # players are known now: the plan follows from who plays and what they played
        present = sorted(present)
        rng = random.Random(f"archon-seating:{played_seed(present, fixed)}")
    else:
        rng = random.Random(f"archon-seating:{new_seed() if seed is None else seed}")
    games = _games_each(present, rounds, fixed, sit_out, games)
    memo = (tuple(present), rounds, _frozen(fixed), games, effort) if fixed and time_budget is None else None
    if memo in _PLANNED:
        if progress is not None:
            progress(1.0)
        return _copy(_PLANNED[memo])
    known = library.lookup(present, rounds, games, fixed, rng)
    if known is not None and time_budget is None and effort <= library.EFFORT:
        if progress is not None:
            progress(1.0)
        return known
    store = _STORE.get() if games is None else None  # plans kept between processes (keeping_plans)
    found = _kept(store, memo, present, rounds, fixed)
    if found is not None and progress is not None:
        progress(1.0)
    if found is None:
        found = searched(present, rounds, fixed, games, rng, effort, Clock(time_budget, progress))
        if known is not None and score_plan(known) <= score_plan(found):
            found = known
        if store is not None and memo is not None:
            store.remember(request_key(memo), _copy(found))
    if memo is not None:
        _PLANNED[memo] = _copy(found)
        while len(_PLANNED) > _PLANNED_KEPT:
            del _PLANNED[next(iter(_PLANNED))]
    return found


#: Plans searched after rounds played, by request: the players, the rounds,
#: the rounds played, the games and the effort decide such a plan, so a
#: process that seated a round finds again, without searching, the plans
#: seating the next one judges it by (the console; each ``seat`` command
#: is a new process). The oldest goes first.
_PLANNED: dict[tuple, Plan] = {}
_PLANNED_KEPT = 32


class PlanStore(Protocol):
    """Where plans searched after rounds played are kept between processes
    (:func:`keeping_plans`): each ``seat`` command is a new process, and
    seating round k + 1 judges it by plans searched when round k was
    seated. What it gives back is never trusted: a plan that does not fit
    its request is searched again."""

    def lookup(self, key: str) -> object:
        """The plan kept under ``key``, or None."""

    def remember(self, key: str, plan: Plan) -> None:
        """Keep ``plan`` under ``key``."""


_STORE: ContextVar[Optional[PlanStore]] = ContextVar("archon_plan_store", default=None)


@contextmanager
def keeping_plans(store: Optional[PlanStore]) -> Iterator[None]:
    """Within the block, plans searched after rounds played (everyone on
    every round) are kept in ``store`` and looked up there before a search.
    A plan found there is the one the search would find (the request's
    plan depends on the request alone), checked to fit it."""
    token = _STORE.set(store)
    try:
        yield
    finally:
        _STORE.reset(token)


def request_key(memo: tuple) -> str:
    """A request (players, rounds, rounds played, games, effort) as text
    for a :class:`PlanStore`: the same request, the same key."""
    return hashlib.sha256(repr(memo).encode()).hexdigest()


def _kept(store: Optional[PlanStore], memo: Optional[tuple], present: list[int], rounds: int,
          fixed: list) -> Optional[Plan]:
    """The plan ``store`` keeps for the request when it fits it: the rounds
    played as they were (checked by :func:`plan`), then rounds seating
    every player of ``present`` (distinct numbers) once, at tables of the
    sizes the search gives: a valid plan throughout, as
    :func:`.criteria.check_plan` would find it."""
    if store is None or memo is None:
        return None
    given = store.lookup(request_key(memo))
    if not isinstance(given, list) or len(given) != rounds:
        return None
    sizes = table_sizes(len(present))
    try:
        kept = _copy(given)
        if kept[:len(fixed)] != fixed or any(
            sorted(p for t in rnd for p in t) != present or [len(t) for t in rnd] != sizes
            for rnd in kept[len(fixed):]
        ):
            return None
    except (TypeError, ValueError):  # not lists, or numbers of several kinds
        return None
    if not all(type(p) is int for rnd in kept for t in rnd for p in t):
        return None
    return kept


def forget_plans() -> None:
    """Forget the plans searched so far (a benchmark times a seating as a
    new process makes it)."""
    _PLANNED.clear()


def _frozen(fixed: list) -> tuple:
    return tuple(tuple(tuple(t) for t in rnd) for rnd in fixed)


def _copy(rounds: Sequence) -> Plan:
    """``rounds`` as lists of lists, none shared with the caller's."""
    return [[list(t) for t in rnd] for rnd in rounds]


def played_seed(present: Sequence[int], fixed: Sequence) -> int:
    """The seed of a plan after rounds played: drawn from the players
    (in any order) and the rounds played alone."""
    text = repr((sorted(present), _copy(fixed)))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def next_round(players: "int | Iterable[int]", rounds: int, seed=None,
               fixed_rounds: Sequence[Sequence[Sequence[int]]] = (), **options) -> list[list[int]]:
    """The tables of the round that follows ``fixed_rounds`` in a plan of
    ``rounds`` rounds: ``plan(players, rounds, seed, fixed_rounds,
    **options)[len(fixed_rounds)]`` (the options are :func:`plan`'s).

    Before anyone has played, when everyone plays every round, players are
    anonymous: any draw of them into the first round's tables is as good as
    any other (renumber the players of the best plan to match it). That
    round is then drawn at once, without searching the later rounds, which
    depend on it and would only be thrown away; sizes the library keeps
    still come from it, so the later rounds can follow its plan.
    """
    present = player_list(players)
    if (
        not fixed_rounds
        and rounds > 1
        and not library.covers(rounds, len(present))
        and _games_each(present, rounds, [], options.get("sit_out"), options.get("games")) is None
    ):
        return plan(present, 1, seed, **{**options, "sit_out": False, "games": None})[0]
    return plan(present, rounds, seed, fixed_rounds, **options)[len(fixed_rounds)]


def _games_each(present: list[int], rounds: int, fixed: list, sit_out: Optional[bool],
                games: Optional[int]) -> Optional[int]:
    """The games every player ends with in a staggered plan, or None when
    everyone plays every round."""
    if sit_out is None:
        staggered = needs_sit_out(len(present)) or (games is not None and games < rounds)
    else:
        staggered = sit_out
    if not staggered:
        table_sizes(len(present))  # raises for 6, 7, 11 or fewer than 4
        return None
    if games is None and rounds == 1:
        raise SeatingError(say("seating.one_round", players=len(present), min=MIN_TABLE, max=MAX_TABLE,
                               rounds=rounds_to_play(len(present), 2)))
    return rounds - 1 if games is None else games


@dataclass
class _Problem:
    """A request in the search's terms: players as indices 0..n-1
    (``everyone[i]`` is player i's number), the rounds played
    (``history``), per round to plan its players and table sizes
    (``free``), which of them the search may change (``movable``), and the
    weights of the spreads (``lcm``, ``most``, ``unit``: see
    :class:`.board.Board`)."""

    everyone: list[int]
    history: list
    free: list
    movable: list[bool]
    lcm: int
    most: int
    unit: float

    @property
    def n(self) -> int:
        return len(self.everyone)


def searched(present: list[int], rounds: int, fixed: list, games: Optional[int], rng,
             effort: float, clock: Clock) -> Plan:
    """The plan the search finds (:mod:`.search`): its best within the
    effort, then fresh searches while the time budget lasts and something
    is left to gain."""
    problem = _problem(present, rounds, fixed, games, rng)
    args = (problem.n, problem.history, problem.free, problem.movable, problem.lcm, problem.most,
            problem.unit)
    best = search_once(*args, rng, effort, clock)
    while clock.deadline is not None and not clock.expired() and best[0] > floor_key(best[0]):
        found = search_once(*args, random.Random(rng.random()), effort, clock)
        if found[0] < best[0]:
            best = found
    if clock.progress is not None:
        clock.progress(1.0)
    return fixed + _tables(problem, best[1])


def _problem(present: list[int], rounds: int, fixed: list, games: Optional[int], rng) -> _Problem:
    """Who plays which round to plan, and the request as indices. Without
    a round played, who sits where in the first round is a random draw that
    the search leaves alone (everyone is still anonymous)."""
    played_before: dict[int, int] = {}
    for rnd in fixed:
        for table in rnd:
            for p in table:
                played_before[p] = played_before.get(p, 0) + 1
    free_count = rounds - len(fixed)
    if games is not None:
        schedule = sit_out_schedule(
            present, free_count, games, {p: played_before.get(p, 0) for p in present}, seed=rng.random(),
        )
    else:
        schedule = [list(present) for _ in range(free_count)]
    everyone = sorted(set(present) | set(played_before))
    if not fixed:
        rng.shuffle(everyone)
        for rnd_players in schedule:
            rng.shuffle(rnd_players)
    index = {p: i for i, p in enumerate(everyone)}
    history = [[[index[p] for p in t] for t in rnd] for rnd in fixed]
    free = [([index[p] for p in rnd_players], table_sizes(len(rnd_players))) for rnd_players in schedule]
    counts = dict(played_before)
    for rnd_players in schedule:
        for p in rnd_players:
            counts[p] = counts.get(p, 0) + 1
    lcm = 1
    for k in set(counts.values()):
        lcm = lcm * k // math.gcd(lcm, k)
    most = max(counts.values())
    movable = [True] * free_count
    if not fixed and games is None:
        movable[0] = False
    unit = float((lcm // most) ** 2 * sum(1 for k in counts.values() if k))
    return _Problem(everyone, history, free, movable, lcm, most, unit)


def _tables(problem: _Problem, slots: list) -> Plan:
    """The rounds planned, from the search's slots, as player numbers."""
    out = []
    for (_, sizes), rnd_slots in zip(problem.free, slots):
        tables = []
        k = 0
        for z in sizes:
            tables.append([problem.everyone[p] for p in rnd_slots[k : k + z]])
            k += z
        out.append(tables)
    return out
