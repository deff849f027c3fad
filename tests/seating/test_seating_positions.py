"""The best positions outright for the round left to seat (the last round
of most events): checked against every way of giving the positions out,
counted here on their own."""

from __future__ import annotations

import itertools
import random

import pytest

from archon.seating.criteria import TRANSFERS
from archon.seating.positions import assigned_positions
from archon.seating.transport import cheapest


def _every_way(costs, supply, room):
    units = [i for i, k in enumerate(supply) for _ in range(k)]
    slots = [j for j, k in enumerate(room) for _ in range(k)]
    return min(sum(costs[u][s] for u, s in zip(units, order)) for order in set(itertools.permutations(slots)))


def test_a_hand_worked_transportation():
    # two players who want seat 0, one who wants seat 1; seat 0 holds two:
    # the third player is cheapest at seat 1 even though seat 0 costs less
    costs = [[1, 5], [0, 9]]
    assert cheapest(costs, [2, 1], [2, 1]) == [[1, 1], [1, 0]]


@pytest.mark.parametrize("seed", range(300))
def test_the_cheapest_transportation_is_the_cheapest_of_every_way(seed):
    rng = random.Random(seed)
    groups, kinds = rng.randint(1, 4), rng.randint(1, 4)
    supply = [rng.randint(1, 2) for _ in range(groups)]
    room = [0] * kinds
    for _ in range(sum(supply)):
        room[rng.randrange(kinds)] += 1
    costs = [[rng.randint(-5, 20) for _ in range(kinds)] for _ in range(groups)]
    amounts = cheapest(costs, supply, room)
    assert [sum(row) for row in amounts] == supply
    assert [sum(row[j] for row in amounts) for j in range(kinds)] == room
    assert sum(c * a for cs, row in zip(costs, amounts) for c, a in zip(cs, row)) == _every_way(costs, supply, room)


def _positions_key(n, history, free_round):
    """(R3, R5, R7, R8) of the positions, counted from scratch: variances
    times n squared (everyone plays as often), counts of repeats."""
    vp, tr = [0] * n, [0] * n
    seats = [[0] * 5 for _ in range(n)]
    for table in [t for rnd in history for t in rnd] + free_round:
        for s, p in enumerate(table):
            vp[p] += len(table)
            tr[p] += TRANSFERS[s]
            seats[p][s] += 1

    def spread(xs):
        return n * sum(x * x for x in xs) - sum(xs) ** 2

    r5 = sum(1 for p in range(n) if seats[p][4] >= 2)
    r7 = sum(1 for p in range(n) for s in range(5) if seats[p][s] >= 2)
    return spread(vp), r5, r7, spread(tr)


@pytest.mark.parametrize("seed", range(6))
def test_the_last_rounds_positions_are_the_best_of_every_way(seed):
    # 8 players, two rounds played at random, the last round's two tables of
    # four: every way of giving its 8 positions out (2,520), against archon's
    rng = random.Random(seed)
    n = 8
    history = []
    for _ in range(2):
        order = list(range(n))
        rng.shuffle(order)
        history.append([order[:4], order[4:]])
    players = list(range(n))
    types = assigned_positions(n, history, [(players, [4, 4])], [True])
    seat_of = dict(zip(players, types[0]))
    tables = [[None] * 4, [None] * 4]
    used = {(4, s): 0 for s in range(4)}
    for p in players:
        z, s = seat_of[p]
        tables[used[(z, s)]][s] = p
        used[(z, s)] += 1
    best = min(
        _positions_key(n, history, [list(order[:4]), list(order[4:])])
        for order in itertools.permutations(players)
    )
    assert _positions_key(n, history, tables) == best


def test_positions_are_not_given_outright_when_players_have_played_unequally():
    # a late arrival has played fewer games: the spreads no longer add up
    # player by player, and the search places the positions instead
    history = [[[0, 1, 2, 3]]]
    assert assigned_positions(5, history, [([0, 1, 2, 3, 4], [5])], [True]) is None
