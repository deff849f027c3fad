"""Table sizes and who sits out.

Tables seat 5 players, 4 where needed (as many 5s as possible). 6, 7 and 11
players cannot all sit at once: a *staggered* plan has some players sit out
each round, everyone ending with the same number of games (rules 3.1.2).
A player who sits a round out is simply absent from it.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from archon.words.errors import WordedError
from archon.words.message import Message, say
from archon.exits import ExitStatus

#: Legal numbers of seats at a table (rules 3.1.2: groups of 5, 4 where
#: needed), the same in every rule edition (:mod:`archon.rules.editions`
#: names it among the rules' constants).
TABLE_SIZES: tuple[int, ...] = (4, 5)
MIN_TABLE = min(TABLE_SIZES)
MAX_TABLE = max(TABLE_SIZES)


class SeatingError(WordedError, ValueError):
    """A seating request or plan archon cannot handle, with what to do about it."""

    exit_status = ExitStatus.PROBLEMS


def can_seat(players: int) -> bool:
    """Whether ``players`` can sit at tables of 4 and 5 with nobody left out
    (every number from 4 up except 6, 7 and 11)."""
    return players >= MIN_TABLE and (-players) % MAX_TABLE * MIN_TABLE <= players


def table_sizes(players: int) -> list[int]:
    """Table sizes for one round: as many 5-player tables as possible, then
    4-player tables (5s first). Raises :class:`SeatingError` for fewer than 4
    players and for 6, 7 or 11 (which need a staggered plan)."""
    if players < MIN_TABLE:
        raise SeatingError(say("seating.too_few", players=players, min=MIN_TABLE))
    fours = (-players) % MAX_TABLE
    if fours * MIN_TABLE > players:
        raise SeatingError(say("seating.staggered_needed", players=players, min=MIN_TABLE, max=MAX_TABLE))
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
        raise SeatingError(say("seating.cannot_all_play", players=players, games=games, rounds=rounds,
                               min=MIN_TABLE, max=MAX_TABLE, hint=hint))
    return sizes


def rounds_to_play(players: int, rounds: int) -> int:
    """The rounds ``players`` play in an event of ``rounds`` preliminary
    rounds: ``rounds``, or one more when they cannot all sit at once and a
    staggered plan of ``rounds`` rounds cannot be made but one of ``rounds
    + 1`` where each plays ``rounds`` can (6, 7 or 11 players in a 2R+F
    event: 3 rounds of which each plays 2, as The Archon's 2R+F chart)."""
    if can_seat(players) or players < MIN_TABLE:
        return rounds
    if _split_seats(players * (rounds - 1), rounds, players) is not None and rounds > 1:
        return rounds
    if _split_seats(players * rounds, rounds + 1, players) is not None:
        return rounds + 1
    return rounds


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


def _staggered_hint(players: int, rounds: int, games: int) -> Message:
    for g in sorted({games, rounds}):
        for r in range(g + 1, g + 4):
            if (r, g) != (rounds, games) and _split_seats(players * g, r, players) is not None:
                return say("seating.hint", rounds=r, games=g)
    return say("text", text="")


def player_list(players: "int | Iterable[int]") -> list[int]:
    if isinstance(players, int):
        if players < 1:
            raise SeatingError(say("seating.nothing", players=players))
        return list(range(1, players + 1))
    out = []
    seen = set()
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int):
            raise SeatingError(say("seating.not_a_number", value=repr(p)))
        if p in seen:
            raise SeatingError(say("seating.listed_twice", player=p))
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
        raise SeatingError(say("seating.played_too_many", player=bad[0], played=played.get(bad[0], 0), games=games,
                               rounds=rounds))
    sizes = _split_seats(sum(need.values()), rounds, len(players))
    if sizes is None:
        if any(played.values()):
            raise SeatingError(say("seating.cannot_all_end", players=len(players), games=games, rounds=rounds,
                                   min=MIN_TABLE, max=MAX_TABLE))
        raise SeatingError(say("seating.cannot_all_play", players=len(players), games=games, rounds=rounds,
                               min=MIN_TABLE, max=MAX_TABLE, hint=_staggered_hint(len(players), rounds, games)))
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
            raise SeatingError(say("seating.no_schedule", players=len(players)))  # pragma: no cover
        for p in pick:
            need[p] -= 1
        chosen = set(pick)
        out.append([p for p in order if p in chosen])
    return out
