"""The search state: a plan being searched, every criterion kept up to date.

Players are indices 0..n-1. :class:`Board` holds the rounds already played
and the rounds being planned, and keeps every criterion's count up to date
as players swap slots, so the search scores a move in constant time.
"""

from __future__ import annotations

from typing import Sequence

from archon.seating.criteria import TRANSFERS


def least_met(candidates: list[int], seated: Sequence[int], met: Sequence[int], n: int, look: int = 24) -> int:
    """Index of the candidate (among the first ``look``) who has met the
    players already ``seated`` least often; ``met[a * n + b]`` counts meetings."""
    best_i, best_c = 0, -1
    for k in range(min(len(candidates), look)):
        row = candidates[k] * n
        cost = 0
        for q in seated:
            cost += met[row + q]
        if best_c < 0 or cost < best_c:
            best_i, best_c = k, cost
            if cost == 0:
                break
    return best_i


def seat_swap_delta(sc, x_from: int, x_to: int, y_from: int, y_to: int, a: int, b: int) -> tuple[int, int]:
    """Change in R5 and R7 when player x moves from seat ``a`` to ``b`` and y from ``b`` to ``a``.

    ``sc`` counts (player, seat) uses; the four keys are x's count in seat a
    and b and y's in b and a. Seat index 4 is the fifth seat (R5).
    """
    if a == b:
        return 0, 0
    d5 = d7 = 0
    if sc[x_from] == 2:
        d7 -= 1
        d5 -= a == 4
    if sc[x_to] == 1:
        d7 += 1
        d5 += b == 4
    if sc[y_from] == 2:
        d7 -= 1
        d5 -= b == 4
    if sc[y_to] == 1:
        d7 += 1
        d5 += a == 4
    return d5, d7


class Board:
    """Players as indices 0..n-1; the rounds already played (``history``) and
    the rounds being planned (``free``: per round, the players in slot order
    and the table sizes). Keeps every criterion's count up to date as players
    swap slots, so a move is scored in constant time.

    Pair counters are flat ``bytearray`` matrices indexed ``a * n + b``:
    ``adj``/``nadj`` (unordered, a < b) count the rounds two players sat
    adjacent / non-adjacent (so they met ``adj + nadj`` times); ``prey``
    (ordered) counts the rounds ``b`` was ``a``'s prey, ``gprey`` grand-prey;
    ``cross`` (unordered) cross-table at a 4.
    """

    # Longer than a screen: the layout of every free round's slots (table,
    # seat, size) and the counters, set up once per search.
    def __init__(self, n: int, history: list, free: list, lcm: int):
        self.n = n
        nn = n * n
        self.adj = bytearray(nn)
        self.nadj = bytearray(nn)
        self.prey = bytearray(nn)
        self.gprey = bytearray(nn)
        self.cross = bytearray(nn)
        self.vp = [0] * n
        self.tr = [0] * n
        self.sc = [0] * (n * 6)
        self.played = [0] * n
        self.t2 = max(2, len(history) + len(free))  # R2: met in every round
        self.r1 = self.r2 = self.r4 = self.r5 = self.r6 = self.r7 = self.r9 = 0
        # structure of the free rounds
        self.F = len(free)
        self.slots: list[list[int]] = []
        self.slot_t: list[list[int]] = []
        self.slot_s: list[list[int]] = []
        self.slot_z: list[list[int]] = []
        self.starts: list[list[int]] = []
        self.sizes: list[list[int]] = []
        self.pos: list[list[int]] = []
        for players, sizes in free:
            st, ss, sz, starts = [], [], [], []
            k = 0
            for t, z in enumerate(sizes):
                starts.append(k)
                for s in range(z):
                    st.append(t)
                    ss.append(s)
                    sz.append(z)
                k += z
            self.slots.append(list(players))
            self.slot_t.append(st)
            self.slot_s.append(ss)
            self.slot_z.append(sz)
            self.starts.append(starts)
            self.sizes.append(list(sizes))
            pos = [-1] * n
            for i, p in enumerate(players):
                pos[p] = i
            self.pos.append(pos)
        # who plays how often (fixed for the whole search)
        for rnd in history:
            for table in rnd:
                for p in table:
                    self.played[p] += 1
        for players, _ in free:
            for p in players:
                self.played[p] += 1
        self.lm = [lcm // k if k else 0 for k in self.played]
        self.nplay = sum(1 for k in self.played if k)
        self.s1v = self.s2v = self.s1t = self.s2t = 0
        for rnd in history:
            for table in rnd:
                self._add_table(table, 1)
        for r in range(self.F):
            for t in range(len(self.sizes[r])):
                self._add_table(self.table(r, t), 1)

    # -- reading -----------------------------------------------------------
    def table(self, r: int, t: int) -> list[int]:
        a = self.starts[r][t]
        return self.slots[r][a : a + self.sizes[r][t]]

    def key(self) -> tuple:
        """Exact criteria, comparable within this search (R3/R8 as integers
        proportional to the variances)."""
        q3 = self.nplay * self.s2v - self.s1v * self.s1v
        q8 = self.nplay * self.s2t - self.s1t * self.s1t
        return (self.r1, self.r2, q3, self.r4, self.r5, self.r6, self.r7, q8, self.r9)

    # -- updates -----------------------------------------------------------
    def _add_table(self, table: list[int], sign: int) -> None:
        z = len(table)
        for i, p in enumerate(table):
            self._player(p, z, i, sign)
            for j in range(i + 1, z):
                self._pair(p, table[j], j - i, z, sign)

    def _player(self, p: int, z: int, s: int, sign: int) -> None:
        """Player ``p`` takes (sign 1) or leaves (sign -1) seat ``s`` (0-based)
        at a table of ``z``."""
        lm = self.lm[p]
        v0 = self.vp[p]
        t0 = self.tr[p]
        v1 = v0 + sign * z
        t1 = t0 + sign * TRANSFERS[s]
        self.vp[p] = v1
        self.tr[p] = t1
        self.s1v += (v1 - v0) * lm
        self.s2v += (v1 * v1 - v0 * v0) * lm * lm
        self.s1t += (t1 - t0) * lm
        self.s2t += (t1 * t1 - t0 * t0) * lm * lm
        k = p * 6 + s + 1
        c = self.sc[k]
        if sign > 0:
            self.sc[k] = c + 1
            if c == 1:
                self.r7 += 1
                if s == 4:
                    self.r5 += 1
        else:
            self.sc[k] = c - 1
            if c == 2:
                self.r7 -= 1
                if s == 4:
                    self.r5 -= 1

    def _pair(self, a: int, b: int, d: int, z: int, sign: int) -> None:
        """``b`` sits ``d`` seats after ``a`` at a table of ``z``: add or remove."""
        n = self.n
        key = a * n + b if a < b else b * n + a
        if d == 1 or d == z - 1:
            group = self.adj
            rel = self.prey
            idx = a * n + b if d == 1 else b * n + a
            bump6 = True
        elif z == 5:
            group = self.nadj
            rel = self.gprey
            idx = a * n + b if d == 2 else b * n + a
            bump6 = False
        else:
            group = self.nadj
            rel = self.cross
            idx = key
            bump6 = False
        if sign > 0:
            c = group[key] + 1
            group[key] = c
            if c == 2:
                self.r9 += 1
            m = self.adj[key] + self.nadj[key]
            if m == 2:
                self.r4 += 1
            if m == self.t2:
                self.r2 += 1
            c = rel[idx] + 1
            rel[idx] = c
            if c == 2:
                self.r6 += 1
                if bump6:
                    self.r1 += 1
        else:
            m = self.adj[key] + self.nadj[key]
            if m == 2:
                self.r4 -= 1
            if m == self.t2:
                self.r2 -= 1
            c = group[key]
            group[key] = c - 1
            if c == 2:
                self.r9 -= 1
            c = rel[idx]
            rel[idx] = c - 1
            if c == 2:
                self.r6 -= 1
                if bump6:
                    self.r1 -= 1

    def _seat(self, r: int, i: int, p: int, sign: int) -> None:
        """Player ``p`` takes (sign 1) or leaves (sign -1) slot ``i`` of free
        round ``r``: their position and every pair with the players present
        at the table (a slot being emptied holds -1)."""
        slots = self.slots[r]
        z = self.slot_z[r][i]
        s = self.slot_s[r][i]
        self._player(p, z, s, sign)
        a = i - s
        for k in range(a, a + z):
            q = slots[k]
            if k != i and q >= 0:
                self._pair(p, q, (k - i) % z, z, sign)  # q sits that many seats after p

    # Longer than a screen: the pairs a swap changes, each pair's counters
    # read once, inline (it scores every move of the mends). Each other
    # player of the two tables is read once for the one who leaves and the
    # one who takes the slot (the same distance, so the same counters).
    def key_after_swap(self, r: int, i: int, j: int) -> tuple:
        """:meth:`key` as it would be after :meth:`swap` of slots ``i`` and
        ``j`` of free round ``r``, at two different tables, the board left
        as it is. Each pair that changes is a different pair of players
        (the mover with the players of the table left or joined), so each
        counter moves once and its new count decides the criteria."""
        slots, slot_z, slot_s = self.slots[r], self.slot_z[r], self.slot_s[r]
        x, y = slots[i], slots[j]
        zi, si, zj, sj = slot_z[i], slot_s[i], slot_z[j], slot_s[j]
        r1, r2, r4, r6, r9 = self.r1, self.r2, self.r4, self.r6, self.r9
        n, t2 = self.n, self.t2
        adj, nadj, prey, gprey, cross = self.adj, self.nadj, self.prey, self.gprey, self.cross
        # per table: the slot that changes hands, its size, who leaves it and
        # who takes it; each other player q of the table sits d seats after
        # that slot, for the leaver as for the newcomer
        for at, z, out, new in ((i, zi, x, y), (j, zj, y, x)):
            a = at - slot_s[at]
            for k in range(a, a + z):
                if k == at:
                    continue
                q = slots[k]
                d = (k - at) % z
                ko = out * n + q if out < q else q * n + out
                kn = new * n + q if new < q else q * n + new
                if d == 1 or d == z - 1:
                    group, rel, adjacent = adj, prey, True
                    io, inew = (out * n + q, new * n + q) if d == 1 else (q * n + out, q * n + new)
                elif z == 5:
                    group, rel, adjacent = nadj, gprey, False
                    io, inew = (out * n + q, new * n + q) if d == 2 else (q * n + out, q * n + new)
                else:
                    group, rel, adjacent = nadj, cross, False
                    io, inew = ko, kn
                met = adj[ko] + nadj[ko]  # the leaver and q
                r9 -= group[ko] == 2
                r4 -= met == 2
                r2 -= met == t2
                if rel[io] == 2:
                    r6 -= 1
                    r1 -= adjacent
                met = adj[kn] + nadj[kn]  # the newcomer and q
                r9 += group[kn] == 1
                r4 += met == 1
                r2 += met + 1 == t2
                if rel[inew] == 1:
                    r6 += 1
                    r1 += adjacent
        # positions: VPs available, transfers, seats
        lx, ly = self.lm[x], self.lm[y]
        vx0, vy0, tx0, ty0 = self.vp[x], self.vp[y], self.tr[x], self.tr[y]
        dz, dt = zj - zi, TRANSFERS[sj] - TRANSFERS[si]
        vx1, vy1, tx1, ty1 = vx0 + dz, vy0 - dz, tx0 + dt, ty0 - dt
        s1v = self.s1v + dz * lx - dz * ly
        s2v = self.s2v + (vx1 * vx1 - vx0 * vx0) * lx * lx + (vy1 * vy1 - vy0 * vy0) * ly * ly
        s1t = self.s1t + dt * lx - dt * ly
        s2t = self.s2t + (tx1 * tx1 - tx0 * tx0) * lx * lx + (ty1 * ty1 - ty0 * ty0) * ly * ly
        d5, d7 = seat_swap_delta(self.sc, x * 6 + si + 1, x * 6 + sj + 1, y * 6 + sj + 1, y * 6 + si + 1, si, sj)
        q3 = self.nplay * s2v - s1v * s1v
        q8 = self.nplay * s2t - s1t * s1t
        return (r1, r2, q3, r4, self.r5 + d5, r6, self.r7 + d7, q8, r9)

    def swap(self, r: int, i: int, j: int) -> None:
        """Swap the players in slots ``i`` and ``j`` of free round ``r``."""
        slots = self.slots[r]
        x, y = slots[i], slots[j]
        self._seat(r, i, x, -1)
        slots[i] = -1
        self._seat(r, j, y, -1)
        slots[j] = -1
        slots[i] = y
        self._seat(r, i, y, 1)
        slots[j] = x
        self._seat(r, j, x, 1)
        pos = self.pos[r]
        pos[x], pos[y] = j, i
