"""Search, way 1: positions first.

Each player's position (table size and seat) in every round is chosen
first, ignoring who sits with whom: that alone decides R3, R5, R7 and R8.
Tables are then dealt position by position, and repeated pairs mended by
swaps that keep every position.
"""

from __future__ import annotations

import math
from typing import Optional

from archon.seating.board import Board, least_met, seat_swap_delta
from archon.seating.criteria import TRANSFERS
from archon.seating.transport import cheapest


def _position_counts(n: int, history: list, free: list, given: Optional[list] = None) -> tuple:
    """Per player VPs available, transfers, seat counts and games over the
    rounds played and the free rounds, their players in slot order (or at
    the positions ``given``, per free round); and per free round the
    position (table size, seat) of each of its players."""
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
    for k, (players, sizes) in enumerate(free):
        ty = list(given[k]) if given is not None else [(z, s) for z in sizes for s in range(z)]
        types.append(ty)
        for p, (z, s) in zip(players, ty):
            take(p, z, s)
    return vp, tr, sc, played, types


def positions_plan(
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
    the position of each of its players (in the order of ``free[r][0]``).
    The loop is one function on purpose (but for :func:`_spread_change`,
    called only for the sums a move changes): it runs tens of thousands of
    times, and local names are what keeps it fast in CPython."""
    vp, tr, sc, played, types = _position_counts(n, history, free)
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
    movable_rounds = [(free[r][0], types[r], len(free[r][0])) for r in rounds]
    nr = len(rounds)
    for it in range(iterations):
        if tick is not None and it % step == 0 and tick(it / iterations):
            break
        players, ty, m = movable_rounds[int(rand() * nr)]
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
        d1v, dq3 = _spread_change(dz, vp[x], vp[y], lx, ly, s1v, nplay) if dz else (0, 0)
        d1t, dq8 = _spread_change(dt, tr[x], tr[y], lx, ly, s1t, nplay) if dt else (0, 0)
        d5 = d7 = 0
        if sa != sb:
            kxa, kxb = x * 6 + sa + 1, x * 6 + sb + 1
            kya, kyb = y * 6 + sa + 1, y * 6 + sb + 1
            d5, d7 = seat_swap_delta(sc, kxa, kxb, kyb, kya, sa, sb)
        delta = (W3 * dq3 + dq8) / unit + W5 * d5 + W7 * d7
        if delta <= 0 or rand() < exp(-delta / (t_hi * exp(ratio * it / iterations))):
            ty[i] = b
            ty[j] = a
            vp[x] += dz
            vp[y] -= dz
            tr[x] += dt
            tr[y] -= dt
            s1v += d1v
            s1t += d1t
            if sa != sb:
                sc[kxa] -= 1
                sc[kxb] += 1
                sc[kyb] -= 1
                sc[kya] += 1
    return types


def _spread_change(d: int, x0: int, y0: int, lx: int, ly: int, s1: int, nplay: int) -> tuple[int, int]:
    """When player x's total moves by ``d`` and y's by ``-d`` (from ``x0``
    and ``y0``; ``lx``, ``ly`` their weights): the change of the weighted
    sum ``s1``, and of ``nplay`` times the sum of squares less the sum
    squared (the variance the spread counts, in whole numbers)."""
    d1 = d * (lx - ly)
    d2 = (2 * x0 + d) * d * lx * lx + (d - 2 * y0) * d * ly * ly  # (x0 + d)² - x0², weighted, and y's
    return d1, nplay * d2 - (2 * s1 * d1 + d1 * d1)


def assigned_positions(n: int, history: list, free: list, movable: list[bool], rng=None,
              passes: int = 8) -> Optional[list[list[tuple[int, int]]]]:
    """The positions of every free round, each round's the best given the
    others' (:func:`_place_round`), when every round to place has players
    on as many games; None otherwise. With one round to place they are the
    best outright; with more, rounds are placed in turn from a random start
    (``rng``) until none changes (at most ``passes`` times each). Returns,
    like :func:`positions_plan`, the position of every player of every free
    round."""
    rounds = [r for r in range(len(free)) if movable[r] and len(free[r][0]) > 1]
    if not rounds:
        return None
    _vp, _tr, _sc, played, types = _position_counts(n, history, free)
    if any(len({played[p] for p in free[r][0]}) != 1 for r in rounds):
        return None
    if len(rounds) > 1:
        for r in rounds:
            rng.shuffle(types[r])
    last = None
    for _ in range(passes if len(rounds) > 1 else 1):
        for r in rounds:
            types[r] = _place_round(n, history, free, types, r)
        now = _spreads(n, history, free, types)
        if last is not None and now >= last:
            break  # a pass that gains nothing (ties may still move players)
        last = now
    return types


def _spreads(n: int, history: list, free: list, types: list) -> tuple:
    """(R3, R5, R7, R8) of the positions ``types``: R3 and R8 as the sums
    of squares they grow with (everyone on as many games), R5 and R7 the
    repeated seats."""
    vp, tr, sc, _played, _ = _position_counts(n, history, free, types)
    r5 = sum(1 for p in range(n) if sc[p * 6 + 5] >= 2)
    r7 = sum(1 for k in range(6 * n) if k % 6 and sc[k] >= 2)
    return sum(v * v for v in vp), r5, r7, sum(t * t for t in tr)


def _place_round(n: int, history: list, free: list, types: list, r: int) -> list[tuple[int, int]]:
    """The best positions of free round ``r``'s players, the other rounds as
    ``types`` has them, when its players all play as many games: then R3,
    R5, R7 and R8 add up player by player (the total of VPs and of
    transfers is the round's, whoever sits where), so the positions are a
    transportation problem from the players (grouped by what each position
    would cost them) to the round's positions, solved exactly
    (:mod:`.transport`)."""
    vp, tr, sc, _played, _ = _position_counts(n, history, free, types)
    players = free[r][0]
    kinds = sorted(set(types[r]))
    room = [types[r].count(kind) for kind in kinds]
    own = {}  # each player's cost of each position, the round itself left out
    for p, (z0, s0) in zip(players, types[r]):
        v, t = vp[p] - z0, tr[p] - TRANSFERS[s0]
        seats = sc[p * 6 + 1 : p * 6 + 6]
        seats[s0] -= 1
        own[p] = [((v + z) ** 2, s == 4 and seats[4] == 1, seats[s] == 1, (t + TRANSFERS[s]) ** 2) for z, s in kinds]
    # one integer per cost, R3 before R5 before R7 before R8 whatever the sums
    m = len(players)
    w7 = m * max(c[3] for costs in own.values() for c in costs) + 1
    w5 = w7 * (m + 1)
    w3 = w5 * (m + 1)
    groups: dict[tuple, list[int]] = {}
    for p in players:
        groups.setdefault(tuple(c3 * w3 + c5 * w5 + c7 * w7 + c8 for c3, c5, c7, c8 in own[p]), []).append(p)
    costs = list(groups)
    amounts = cheapest(costs, [len(groups[c]) for c in costs], room)
    position = {}
    for c, row in zip(costs, amounts):
        members = iter(groups[c])
        for kind, k in zip(kinds, row):
            for _ in range(k):
                position[next(members)] = kind
    return [position[p] for p in players]


def deal_tables(n: int, history: list, free: list, types: list, rng) -> list[list[list[int]]]:
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
                best_i = least_met(cands, seated, met, n)
                c = cands[best_i]
                cands[best_i] = cands[-1]
                cands.pop()
                table[s] = c
                seated.append(c)
            meet(table)
            tables.append(table)
        out.append(tables)
    return out


def _signature(board: "Board", r: int, i: int) -> tuple:
    """Everything the position criteria see, outside free round ``r``, of
    the player in its slot ``i``: games, VPs, transfers, seats."""
    p = board.slots[r][i]
    s = board.slot_s[r][i]
    seats = list(board.sc[p * 6 + 1 : p * 6 + 6])
    seats[s] -= 1
    return board.played[p], board.vp[p] - board.slot_z[r][i], board.tr[p] - TRANSFERS[s], tuple(seats)


def _twins(signatures: list) -> dict:
    """The slots of a free round grouped by their players' signatures
    (:func:`_signature`), each slot mapped to its group when it has
    company: two such players can trade their places in that round without
    changing R3, R5, R7 or R8."""
    groups: dict = {}
    for i, sig in enumerate(signatures):
        groups.setdefault(sig, []).append(i)
    return {i: group for group in groups.values() if len(group) > 1 for i in group}


# Longer than a screen on purpose: one pass of swaps over the conflicts,
# with its three kinds of move side by side; it runs in the search's hot path.
def mend_repeats(board: "Board", movable: list[bool], rng, moves: int, tick=None) -> None:
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
    # every player's signature in every free round, kept up to date swap by swap
    signatures = {r: [_signature(board, r, i) for i in range(len(board.slots[r]))] for r in rounds}
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
        twins = {r: _twins(signatures[r]) for r in rounds}
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
            if board.key_after_swap(r, i, j) > board.key():
                continue
            moved = board.slots[r][i], board.slots[r][j]
            board.swap(r, i, j)
            for q in rounds:  # only the two players' positions changed
                for p in moved:
                    k = board.pos[q][p]
                    if k >= 0:
                        signatures[q][k] = _signature(board, q, k)
            if not neutral:
                twins = {r: _twins(signatures[r]) for r in rounds}
