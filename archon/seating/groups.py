"""Search, way 2: groups first (who sits with whom), then seat orders.

For events where players must meet again: simulated annealing over who sits
at which table (R2, then R3, then R4), then over the seat order at every
table (R1, R5 to R9).
"""

from __future__ import annotations

import math
from typing import Optional

from archon.seating.board import least_met, seat_swap_delta
from archon.seating.criteria import TRANSFERS
from archon.seating.tables import MAX_TABLE, MIN_TABLE


class _Meetings:
    """Who has met whom how often (``meet[a * n + b]``), games and VPs
    available per player, over the rounds played and those grouped so far."""

    def __init__(self, n: int, history: list, free: list, lcm: int, most: int):
        self.n = n
        self.meet = bytearray(n * n)
        self.played = [0] * n
        self.vp = [0] * n
        for rnd in history:
            self.add(rnd)
        for players, _ in free:
            for p in players:
                self.played[p] += 1
        self.lm = [lcm // k if k else 0 for k in self.played]
        self.nplay = sum(1 for k in self.played if k)
        self.unit = (lcm // most) ** 2 * self.nplay
        self.t2 = max(2, len(history) + len(free))  # R2: met in every round

    def add(self, rnd: list, played: bool = True) -> None:
        """Count a round's tables: meetings, VPs and (``played``) games."""
        n, meet = self.n, self.meet
        for table in rnd:
            for i, p in enumerate(table):
                row = p * n
                for q in table[i + 1 :]:
                    meet[row + q] += 1
                    meet[q * n + p] += 1
                self.vp[p] += len(table)
                if played:
                    self.played[p] += 1

    def repeats(self) -> tuple[int, int]:
        """(R4, R2): pairs met twice, and in every round."""
        r4 = r2 = 0
        for a in range(self.n):
            row = a * self.n
            for b in range(a + 1, self.n):
                c = self.meet[row + b]
                if c >= 2:
                    r4 += 1
                    if c >= self.t2:
                        r2 += 1
        return r4, r2


def _first_tables(m: _Meetings, players: list[int], sizes: list[int], movable: bool, rng) -> list[list[int]]:
    """A first grouping of a round: the 4-player tables go to the players
    with the most VPs available so far (R3), and tables are filled one
    player at a time with whoever has met the fewest of those already
    there. A round the search may not change keeps its order."""
    out: list[list[int]] = []
    if not movable:
        k = 0
        for z in sizes:
            out.append(list(players[k : k + z]))
            k += z
        return out
    order = list(players)
    rng.shuffle(order)
    fours = sum(z for z in sizes if z == MIN_TABLE)
    if fours:
        order.sort(key=lambda p: -m.vp[p] * m.lm[p])  # stable: ties stay random
    pools = {MIN_TABLE: order[:fours], MAX_TABLE: order[fours:]}
    for pool in pools.values():
        rng.shuffle(pool)
    for z in sizes:
        pool = pools[z]
        table: list[int] = []
        for _ in range(z):
            best_i = least_met(pool, table, m.meet, m.n)
            table.append(pool[best_i])
            pool[best_i] = pool[-1]
            pool.pop()
        out.append(table)
    return out


def table_groups(
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

    Start from :func:`_first_tables`, then simulated annealing over swaps of
    two players between tables (:func:`_anneal_groups`). Returns, per free
    round, its tables (in the order of that round's sizes).
    """
    m = _Meetings(n, history, free, lcm, most)
    tables: list[list[list[int]]] = []
    for r, (players, sizes) in enumerate(free):
        out = _first_tables(m, players, sizes, movable[r], rng)
        m.add(out, played=False)
        tables.append(out)
    rounds = [r for r in range(len(free)) if movable[r] and len(tables[r]) > 1]
    if rounds and iterations > 0:
        floor = _r3_floor(history, free, n) if not history else None
        _anneal_groups(m, tables, free, rounds, floor, rng, iterations, tick)
    return tables


def _hot_players(m: _Meetings, tables: list, rounds: list[int]) -> list[tuple[int, int]]:
    """(round, player) for every player meeting someone at their table again."""
    hot = []
    for r in rounds:
        for table in tables[r]:
            for i, p in enumerate(table):
                row = p * m.n
                for q in table[i + 1 :]:
                    if m.meet[row + q] >= 2:
                        hot.append((r, p))
                        hot.append((r, q))
    return hot


def _pair_delta(m: _Meetings, x: int, y: int, X: list[int], Y: list[int]) -> tuple[int, int]:
    """Change in (R4, R2) when ``x`` at table ``X`` and ``y`` at ``Y`` trade places."""
    meet, t2 = m.meet, m.t2
    rowx, rowy = x * m.n, y * m.n
    d4 = d2 = 0
    for mine, row_in, row_out, me in ((X, rowy, rowx, x), (Y, rowx, rowy, y)):
        for q in mine:
            if q != me:
                c = meet[row_out + q]
                d4 -= c == 2
                d2 -= c == t2
                c = meet[row_in + q]
                d4 += c == 1
                d2 += c == t2 - 1
    return d4, d2


def _trade(m: _Meetings, x: int, y: int, X: list[int], Y: list[int]) -> None:
    """Count ``x`` and ``y`` trading places: ``x`` leaves ``X`` for ``Y``."""
    meet, n = m.meet, m.n
    for mine, gone, came in ((X, x, y), (Y, y, x)):
        for q in mine:
            if q != gone:
                meet[gone * n + q] -= 1
                meet[q * n + gone] -= 1
                meet[came * n + q] += 1
                meet[q * n + came] += 1


def _anneal_groups(m: _Meetings, tables: list, free: list, rounds: list[int], floor: Optional[int],
                   rng, iterations: int, tick) -> None:
    """Simulated annealing over swaps of two players between tables of a
    round (usually one who meets someone again), scored in constant time
    from the meeting counts: R2, then R3, then R4. Stops as soon as nobody
    meets anyone twice and the VPs are spread as evenly as they can be
    (``floor``: that spread, when known). The loop is one function on
    purpose: it runs thousands of times, local names keep it fast."""
    r4, r2 = m.repeats()
    s1 = sum(m.vp[p] * m.lm[p] for p in range(m.n))
    s2 = sum((m.vp[p] * m.lm[p]) ** 2 for p in range(m.n))
    where = [{p: (t, i) for t, table in enumerate(tables[r]) for i, p in enumerate(table)} for r in range(len(free))]
    W2, W3 = 1000.0, 30.0  # per repeated-always pair, per unit of R3; R4 counts 1
    t_hi, t_lo = 2.0, 0.05
    ratio = math.log(t_lo / t_hi)
    rand, exp = rng.random, math.exp
    hot: list[tuple[int, int]] = []
    step = max(1, iterations // 100)
    for it in range(iterations):
        if it % step == 0 and tick is not None and tick(it / iterations):
            break
        if r4 == 0 and r2 == 0 and (floor is None or m.nplay * s2 - s1 * s1 <= floor):
            break  # nothing left to gain
        temp = t_hi * exp(ratio * it / iterations)
        if not hot or it % 200 == 0:
            hot = _hot_players(m, tables, rounds)
        if hot and rand() < 0.7:
            r, x = hot[int(rand() * len(hot))]
        else:
            r = rounds[int(rand() * len(rounds))]
            x = free[r][0][int(rand() * len(free[r][0]))]
        players = free[r][0]
        y = players[int(rand() * len(players))]
        (tx, ix), (ty, iy) = where[r][x], where[r][y]
        if tx == ty:
            continue
        X, Y = tables[r][tx], tables[r][ty]
        d4, d2 = _pair_delta(m, x, y, X, Y)
        dz = len(Y) - len(X)
        dq = d1 = d2v = 0
        if dz:  # x goes to a table of another size: VPs available change
            lx, ly = m.lm[x], m.lm[y]
            wx0, wy0 = m.vp[x] * lx, m.vp[y] * ly
            wx1, wy1 = wx0 + dz * lx, wy0 - dz * ly
            d1 = wx1 - wx0 + wy1 - wy0
            d2v = wx1 * wx1 - wx0 * wx0 + wy1 * wy1 - wy0 * wy0
            dq = m.nplay * d2v - (2 * s1 * d1 + d1 * d1)
        delta = W2 * d2 + W3 * dq / m.unit + d4
        if delta <= 0 or rand() < exp(-delta / temp):
            _trade(m, x, y, X, Y)
            X[ix], Y[iy] = y, x
            where[r][x], where[r][y] = (ty, iy), (tx, ix)
            r4 += d4
            r2 += d2
            if dz:
                m.vp[x] += dz
                m.vp[y] -= dz
                s1 += d1
                s2 += d2v


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


def _relations(table: list[int], hotpairs: set) -> list[tuple]:
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


def _weight(key: tuple, c: int) -> tuple[int, int, int]:
    """(R1, R6, R9) violations of one relation counter at value ``c``."""
    if c < 2:
        return 0, 0, 0
    kind = key[0]
    if kind == "p":
        return 1, 1, 0
    if kind == "g" or kind == "c":
        return 0, 1, 0
    return 0, 0, 1


class _Orders:
    """What seat orders change, counted over the rounds played and the
    tables grouped: transfers and seats per player, meetings, and the
    relations of the pairs who meet more than once (``hotpairs``; other
    pairs cannot violate R1, R6 or R9)."""

    def __init__(self, n: int, history: list, tables: list, lcm: int, most: int):
        self.n = n
        self.tr = [0] * n
        self.sc = [0] * (n * 6)
        played = [0] * n
        meetc: dict[tuple[int, int], int] = {}
        for rnd in list(history) + list(tables):
            for table in rnd:
                for s, p in enumerate(table):
                    self.tr[p] += TRANSFERS[s]
                    self.sc[p * 6 + s + 1] += 1
                    played[p] += 1
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        k = (p, q) if p < q else (q, p)
                        meetc[k] = meetc.get(k, 0) + 1
        self.hotpairs = {k for k, c in meetc.items() if c >= 2}
        self.meet = bytearray(n * n)
        for (a, b), c in meetc.items():
            self.meet[a * n + b] = min(c, 255)
            self.meet[b * n + a] = min(c, 255)
        self.lm = [lcm // k if k else 0 for k in played]
        self.nplay = sum(1 for k in played if k)
        self.unit = (lcm // most) ** 2 * self.nplay
        self.s1 = sum(self.tr[p] * self.lm[p] for p in range(n))
        self.rel: dict[tuple, int] = {}
        if self.hotpairs:
            for rnd in list(history) + list(tables):
                for table in rnd:
                    for key in _relations(table, self.hotpairs):
                        self.rel[key] = self.rel.get(key, 0) + 1

    def strangers(self, x: int, y: int, table: list[int], other: list[int]) -> bool:
        """Whether ``x`` (at ``table``) and ``y`` (at ``other``) can trade
        places with nobody meeting anyone twice: x has met each of the
        others at ``table`` once (this round) and none at ``other``, and
        the same for y."""
        meet, rowx, rowy = self.meet, x * self.n, y * self.n
        return (all(q == x or (meet[rowx + q] == 1 and meet[rowy + q] == 0) for q in table)
                and all(q == y or (meet[rowy + q] == 1 and meet[rowx + q] == 0) for q in other))

    def trade(self, x: int, y: int, table: list[int], other: list[int]) -> None:
        """Count ``x`` leaving ``table`` for ``other`` and ``y`` the reverse."""
        meet, n = self.meet, self.n
        for mine, gone, came in ((table, x, y), (other, y, x)):
            for q in mine:
                if q != gone:
                    meet[gone * n + q] = meet[q * n + gone] = 0
                    meet[came * n + q] = meet[q * n + came] = 1

    def relation_delta(self, table: list[int], i: int, j: int, change: dict) -> tuple[int, int, int]:
        """Change in (R1, R6, R9) when seats ``i`` and ``j`` of ``table``
        swap; ``change`` is filled with the counters that move."""
        change.clear()
        for key in _relations(table, self.hotpairs):
            change[key] = change.get(key, 0) - 1
        table[i], table[j] = table[j], table[i]
        for key in _relations(table, self.hotpairs):
            change[key] = change.get(key, 0) + 1
        table[i], table[j] = table[j], table[i]
        dr1 = d6 = d9 = 0
        for key, dc in change.items():
            if dc:
                c = self.rel.get(key, 0)
                a0 = _weight(key, c)
                a1 = _weight(key, c + dc)
                dr1 += a1[0] - a0[0]
                d6 += a1[1] - a0[1]
                d9 += a1[2] - a0[2]
        return dr1, d6, d9


def seat_orders(
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
    company changes: it opens new seat swaps). Each move is scored in
    constant time from the counts of :class:`_Orders`. The loop is one
    function on purpose: it runs thousands of times, and local names are
    what keeps it fast in CPython.
    """
    o = _Orders(n, history, tables, lcm, most)
    rounds = [r for r in range(len(tables)) if movable[r]]
    cells = [(r, t) for r in rounds for t in range(len(tables[r]))]
    if not cells or iterations <= 0:
        return tables
    hot_cell = {(r, t): bool(_relations(tables[r][t], o.hotpairs)) for r, t in cells}  # a pair meets again
    same: dict[tuple[int, int], list[int]] = {}
    for r in rounds:
        for t, table in enumerate(tables[r]):
            same.setdefault((r, len(table)), []).append(t)
    W1, W5, W6, W7, W9 = 1e7, 1e5, 1e4, 1e3, 0.1
    ratio = math.log(t_lo / t_hi)
    rand, exp = rng.random, math.exp
    step = max(1, iterations // 100)
    change: dict[tuple, int] = {}
    tr, sc, lm = o.tr, o.sc, o.lm
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
            if not o.strangers(x, y, table, other):
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
        dq8 = o.nplay * d2 - (2 * o.s1 * d1 + d1 * d1)
        kxi, kxj, kyj, kyi = x * 6 + i + 1, x * 6 + j + 1, y * 6 + j + 1, y * 6 + i + 1
        d5, d7 = seat_swap_delta(sc, kxi, kxj, kyj, kyi, i, j)
        dr1, d6, d9 = o.relation_delta(table, i, j, change) if hot else (0, 0, 0)
        delta = W1 * dr1 + W5 * d5 + W6 * d6 + W7 * d7 + dq8 / o.unit + W9 * d9
        if delta <= 0 or rand() < exp(-delta / temp):
            if other is not table:
                o.trade(x, y, table, other)
            table[i], other[j] = y, x
            if i != j:
                tr[x], tr[y] = tx1, ty1
                o.s1 += d1
                sc[kxi] -= 1
                sc[kxj] += 1
                sc[kyj] -= 1
                sc[kyi] += 1
            if hot:
                for key, dc in change.items():
                    if dc:
                        o.rel[key] = o.rel.get(key, 0) + dc
    return tables
