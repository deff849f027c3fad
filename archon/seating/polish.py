"""Search, last part: polish on every criterion, a whole table at a time."""

from __future__ import annotations

import functools
import itertools
import math
import operator
from typing import Optional

from archon.seating.board import Board
from archon.seating.criteria import TRANSFERS
from archon.seating.tables import TABLE_SIZES


#: Seat-order costs of (R1, R5, R6, R7, R8, R9) when a table is re-seated
#: (R8 in "sum of squares per round" units). Each rule outweighs what one
#: table can do to the rules after it, so the choice follows the priority
#: order; the search then only keeps changes that improve the exact scores.
_ORDER_WEIGHTS = (1e8, 1e6, 1e5, 1e4, 1.0, 0.4)

def _set_order(board: Board, r: int, t: int, order: list[int]) -> None:
    """Seat table ``t`` of free round ``r`` in ``order`` (same players).
    Only what changes is counted again: the players who change seat, and
    the pairs whose distance at the table changes."""
    a = board.starts[r][t]
    z = board.sizes[r][t]
    slots = board.slots[r]
    old = slots[a : a + z]
    seat = {p: k for k, p in enumerate(order)}
    for k, p in enumerate(old):
        if seat[p] != k:
            board._player(p, z, k, -1)
            board._player(p, z, seat[p], 1)
    for i in range(z):
        p = old[i]
        for j in range(i + 1, z):
            q = old[j]
            was, now = j - i, (seat[q] - seat[p]) % z  # q sits that many seats after p
            if was != now:
                board._pair(p, q, was, z, -1)
                board._pair(p, q, now, z, 1)
    pos = board.pos[r]
    for k in range(z):
        slots[a + k] = order[k]
        pos[order[k]] = a + k


#: Every seat order of a table of each size: ``perm[i]`` is the seat of
#: the i-th player.
_ORDERS = {z: list(itertools.permutations(range(z))) for z in TABLE_SIZES}


@functools.lru_cache(maxsize=256)  # 3 KB (tables of 4) to 19 KB (of 5) each: at most about 5 MB
def _getters(z: int, pairs: tuple[int, ...]) -> list["operator.itemgetter"]:
    """For every seat order of a table of ``z`` (:data:`_ORDERS`), a getter
    picking the costs that order adds up from a flat cost list: z*z player
    costs (player i in seat s), then z costs for each pair of players in
    ``pairs`` (numbers counting (0, 1), (0, 2), ... (z - 2, z - 1)), by how
    many seats the second sits after the first. The pairs left out cost
    nothing in any order, and leaving them out of a sum changes no sum
    (adding 0.0 is exact), in fewer additions."""
    seats = [(i, j) for i in range(z) for j in range(i + 1, z)]
    out = []
    for perm in _ORDERS[z]:
        idx = [i * z + perm[i] for i in range(z)]
        idx += [z * z + k * z + (perm[seats[m][1]] - perm[seats[m][0]]) % z for k, m in enumerate(pairs)]
        out.append(operator.itemgetter(*idx))
    return out


# Longer than a screen on purpose: it runs for every table of every polish
# step, and one function with local names is what keeps it fast in CPython.
def _best_order(board: Board, r: int, t: int, unit: float, rng) -> list[int]:
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
    kept = []  # the pairs that meet in another round: the others cost nothing in any order
    m = -1
    for i in range(z):
        x = players[i]
        for j in range(i + 1, z):
            y = players[j]
            m += 1
            key = x * n + y if x < y else y * n + x
            # this table's own contribution: y sits d0 seats after x
            d0 = j - i
            near = d0 == 1 or d0 == z - 1
            ka = adj[key] - near
            kn = nadj[key] - (not near)
            if not (ka or kn):
                continue
            kept.append(m)
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
    values = [sum(get(costs)) for get in _getters(z, tuple(kept))]
    limit = min(values) + 1e-9
    ties = [k for k, v in enumerate(values) if v <= limit]
    perm = _ORDERS[z][ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]]
    order = [0] * z
    for i in range(z):
        order[perm[i]] = players[i]
    return order


def _table(board: Board, r: int, t: int) -> list[int]:
    a = board.starts[r][t]
    return board.slots[r][a : a + board.sizes[r][t]]


def _reseat(board: Board, r: int, t: int, unit: float, rng, log: list) -> None:
    """Seat table ``t`` of free round ``r`` in its best order, logging the old one."""
    order = _best_order(board, r, t, unit, rng)
    old = _table(board, r, t)
    if order != old:
        log.append((r, t, old))
        _set_order(board, r, t, order)


def _settle(board: Board, rounds: list[int], touched: list[tuple[int, int]], unit: float, rng, log: list) -> None:
    """Re-seat the tables of the players at the ``touched`` tables in every
    round, twice, the touched tables last (re-seating them first would
    mostly undo the shake)."""
    players = set()
    for r, t in touched:
        players.update(_table(board, r, t))
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
            _reseat(board, r, t, unit, rng, log)


def _troubled(board: Board, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Tables where two players meet again or a player repeats a seat."""
    n = board.n
    adj, nadj, sc = board.adj, board.nadj, board.sc
    out = []
    for r, t in cells:
        players = _table(board, r, t)
        bad = any(sc[p * 6 + s + 1] >= 2 for s, p in enumerate(players))
        if not bad:
            bad = any(adj[k] + nadj[k] >= 2 for k in (
                p * n + q if p < q else q * n + p for i, p in enumerate(players) for q in players[i + 1 :]))
        if bad:
            out.append((r, t))
    return out


def _shake(board: Board, r: int, t: int, same: dict, rng, log: list, swaps: list) -> Optional[list]:
    """Shake table ``t`` of free round ``r`` a little: swap one of its
    players with a player at another table (usually of the same size) when
    no more pairs meet again and the VP spread is no worse, or reshuffle
    it. Returns the tables touched (None: no move this time)."""
    rand = rng.random
    ntab = len(board.sizes[r])
    if rand() < 0.5 and ntab > 1:
        z = board.sizes[r][t]
        others = same[(r, z)]
        u = others[int(rand() * len(others))] if rand() < 0.8 else int(rand() * ntab)
        if u == t:
            return None
        i = board.starts[r][t] + int(rand() * z)
        j = board.starts[r][u] + int(rand() * board.sizes[r][u])
        before = board.key()
        after = board.key_after_swap(r, i, j)
        if (after[1], after[2], after[3]) > (before[1], before[2], before[3]):
            return None
        board.swap(r, i, j)
        swaps.append((r, i, j))
        return [(r, t), (r, u)]
    old = _table(board, r, t)
    order = list(old)
    rng.shuffle(order)
    log.append((r, t, old))
    _set_order(board, r, t, order)
    return [(r, t)]


def polish_plan(
    board: Board, movable: list[bool], unit: float, rng, iterations: int, tick=None,
    t_hi: float = 3e4, t_lo: float = 0.3, target: Optional[tuple] = None,
) -> tuple:
    """Iterated local search on the board, on every criterion.

    Each step shakes the plan a little (:func:`_shake`), then re-seats the
    tables involved and those of the same players in other rounds, each in
    its best order (:func:`_settle`). The step is kept by simulated
    annealing on :func:`_key_energy`, undone otherwise; the best plan by the
    exact rule-by-rule comparison is kept. Returns (best key, best slots).
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
    best_key, best_slots = _first_pass(board, cells, unit, rng, best_key)
    cur = _key_energy(board.key(), unit)
    ratio = math.log(t_lo / t_hi)
    step = max(1, iterations // 100)
    trouble: list[tuple[int, int]] = []
    for it in range(iterations):
        if tick is not None and it % step == 0 and tick(it / iterations):
            break
        temp = t_hi * math.exp(ratio * it / iterations)
        log: list = []
        swaps: list[tuple[int, int, int]] = []
        if it % 16 == 0:
            trouble = _troubled(board, cells)
        r, t = trouble[int(rand() * len(trouble))] if trouble and rand() < 0.5 else cells[int(rand() * len(cells))]
        touched = _shake(board, r, t, same, rng, log, swaps)
        if touched is None:
            continue
        _settle(board, rounds, touched, unit, rng, log)
        key = board.key()
        e = _key_energy(key, unit)
        if e <= cur or rand() < math.exp((cur - e) / temp):
            cur = e
            if key <= best_key:
                if key < best_key:
                    best_slots = [list(s) for s in board.slots]
                best_key = key
                if target is not None and key <= target:
                    break
            continue
        _undo(board, log, swaps)
    if board.key() == best_key:
        best_slots = [list(s) for s in board.slots]
    return best_key, best_slots


def _first_pass(board: Board, cells: list, unit: float, rng, best_key: tuple) -> tuple:
    """Every table re-seated once in its best order; returns the better of
    the plan before and after, as (key, slots)."""
    best_slots = [list(s) for s in board.slots]
    for r, t in cells:
        _reseat(board, r, t, unit, rng, [])
    key = board.key()
    if key <= best_key:
        return key, [list(s) for s in board.slots]
    return best_key, best_slots


def _undo(board: Board, log: list, swaps: list) -> None:
    """Undo a polish step: seat orders, then swaps, latest first."""
    for r, t, old in reversed(log):
        _set_order(board, r, t, old)
    for r, i, j in reversed(swaps):
        board.swap(r, i, j)


def _key_energy(key: tuple, unit: float) -> float:
    """A plan's criteria as one number, for accepting worse steps now and
    then: each rule outweighs what a step can do to the rules after it."""
    return (
        1e10 * key[0] + 1e9 * key[1] + 3e7 * key[2] / unit + 1e7 * key[3] + 1e6 * key[4]
        + 1e5 * key[5] + 1e4 * key[6] + key[7] / unit + 0.4 * key[8]
    )
