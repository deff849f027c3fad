"""Search, way 2: groups first (who sits with whom), then seat orders.

For events where players must meet again: simulated annealing over who sits
at which table (R2, then R3, then R4), then over the seat order at every
table (R1, R5 to R9).
"""

from __future__ import annotations

import math
from typing import Optional

from .board import _least_met, _seat_swap_delta
from .criteria import TRANSFERS
from .tables import MAX_TABLE, MIN_TABLE


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
