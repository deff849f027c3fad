"""The cheapest way to send supplies to a few destinations (a
transportation problem), solved exactly.

Used to give every player a position (table size and seat) in one round:
the sources are groups of players who cost the same wherever they sit, the
destinations the positions of the round (at most nine: seats 1 to 5 at a
table of five, 1 to 4 at a table of four), each held as many times as the
round has tables of its size.

The method: a greedy start (each group, the most reluctant first, takes
its cheapest destination with room left), then cycle cancelling. A
solution is optimal exactly when no cycle of moves (one unit from
destination a to b, another from b to c, ..., back to a) lowers the cost;
with few destinations those cycles are found by Bellman-Ford on a graph of
the destinations alone, the cost of a move a -> b being the cheapest over
the groups with a unit at a. Costs are integers (any size), so every
cancelled cycle lowers the total by at least one and the method ends.
"""

from __future__ import annotations

from typing import Optional, Sequence


def cheapest(costs: Sequence[Sequence[int]], supply: Sequence[int], room: Sequence[int]) -> list[list[int]]:
    """``amounts[i][j]``: how much group ``i`` sends to destination ``j``, at
    the least total of ``costs[i][j] * amounts[i][j]``, every group sending
    all of ``supply[i]`` and destination ``j`` taking exactly ``room[j]``
    (the supplies and the room must add up to the same)."""
    if sum(supply) != sum(room):
        raise ValueError(f"supplies of {sum(supply)} for room for {sum(room)}")
    amounts = _greedy(costs, supply, room)
    while True:
        cycle = _negative_cycle(costs, amounts, len(room))
        if cycle is None:
            return amounts
        _cancel(cycle, amounts)


def _greedy(costs, supply, room) -> list[list[int]]:
    """A first solution: groups in order of their regret (what they lose
    by their second choice), each to its cheapest destinations with room."""
    k = len(room)
    left = list(room)
    amounts = [[0] * k for _ in supply]

    def regret(i: int) -> int:
        c = sorted(costs[i])
        return c[1] - c[0] if k > 1 else 0

    for i in sorted(range(len(supply)), key=regret, reverse=True):
        need = supply[i]
        for j in sorted(range(k), key=lambda j: costs[i][j]):
            if need == 0:
                break
            take = min(need, left[j])
            amounts[i][j] += take
            left[j] -= take
            need -= take
    return amounts


def _negative_cycle(costs, amounts, k: int) -> Optional[list[tuple[int, int, int]]]:
    """A cycle of moves ``(group, from, to)`` that lowers the total cost, or
    None when the solution is optimal."""
    move: list[list[Optional[tuple[int, int]]]] = [[None] * k for _ in range(k)]  # (cost, group)
    for i, row in enumerate(amounts):
        c = costs[i]
        for a in range(k):
            if row[a]:
                ca = c[a]
                for b in range(k):
                    if b != a:
                        m = move[a][b]
                        d = c[b] - ca
                        if m is None or d < m[0]:
                            move[a][b] = (d, i)
    dist = [0] * k
    before: list[Optional[int]] = [None] * k
    changed = None
    for _ in range(k):
        changed = None
        for a in range(k):
            for b in range(k):
                m = move[a][b]
                if m is not None and dist[a] + m[0] < dist[b]:
                    dist[b] = dist[a] + m[0]
                    before[b] = a
                    changed = b
        if changed is None:
            return None
    # a change in the k-th pass: following the predecessors k times lands on a cycle
    assert changed is not None  # k passes (k >= 1), the last one changed a distance
    b = changed
    for _ in range(k):
        step = before[b]
        if step is None:  # cannot happen (Bellman-Ford); a valid solution rather than a crash
            return None
        b = step
    cycle = []
    node = b
    while True:
        step = before[node]
        assert step is not None  # every node of the cycle was reached by a move
        m = move[step][node]
        assert m is not None
        cycle.append((m[1], step, node))
        node = step
        if node == b:
            break
    return cycle


def _cancel(cycle: list[tuple[int, int, int]], amounts: list[list[int]]) -> None:
    """Move as much as every step of ``cycle`` allows around it (each
    destination is left once in a cycle, so each step has its own units)."""
    step = min(amounts[i][a] for i, a, _b in cycle)
    for i, a, b in cycle:
        amounts[i][a] -= step
        amounts[i][b] += step
