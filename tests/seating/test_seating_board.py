"""The search's board scores a swap before making it (the mends and the
polish refuse most swaps they consider): the score must be the one the swap
would give, or the search keeps worse plans than it reports."""

from __future__ import annotations

import random

import pytest

from archon.seating.board import Board
from archon.seating.tables import table_sizes


def test_a_swap_that_breaks_up_repeated_tables_is_scored_before_it_is_made():
    # round 1: {0,1,2,3} and {4,5,6,7}; round 2 the same tables: all 12 pairs
    # meet again (R4). Swapping players 0 and 4 in round 2 leaves {4,1,2,3}
    # and {0,5,6,7}: only the pairs among 1,2,3 and among 5,6,7 meet again.
    board = Board(8, [[[0, 1, 2, 3], [4, 5, 6, 7]]], [([0, 1, 2, 3, 4, 5, 6, 7], [4, 4])], 2)
    assert board.key()[3] == 12
    assert board.key_after_swap(0, 0, 4)[3] == 6
    assert board.key()[3] == 12 and board.slots[0][:5] == [0, 1, 2, 3, 4]  # nothing moved


@pytest.mark.parametrize("seed", range(40))
def test_every_swap_is_scored_as_making_it_scores_it(seed):
    rng = random.Random(seed)
    n = rng.choice([8, 9, 10, 12, 13, 17, 20, 27, 28, 33])
    sizes = table_sizes(n)

    def drawn() -> list[int]:
        players = list(range(n))
        rng.shuffle(players)
        return players

    def tables(players: list[int]) -> list[list[int]]:
        starts = [sum(sizes[:t]) for t in range(len(sizes))]
        return [players[a : a + z] for a, z in zip(starts, sizes)]

    rounds = rng.randint(2, 4)
    played = rng.randint(0, rounds - 1)
    board = Board(n, [tables(drawn()) for _ in range(played)],
                  [(drawn(), sizes) for _ in range(rounds - played)], rounds)
    for _ in range(150):
        r, i, j = rng.randrange(board.F), rng.randrange(n), rng.randrange(n)
        if board.slot_t[r][i] == board.slot_t[r][j]:
            continue
        before = board.key()
        foreseen = board.key_after_swap(r, i, j)
        assert board.key() == before
        board.swap(r, i, j)
        assert board.key() == foreseen
        if rng.random() < 0.5:
            board.swap(r, i, j)
