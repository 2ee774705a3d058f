"""The packed sum search compiled (issue 10 item 2): count vectors as mixed-radix keys, numba.

The same search as :mod:`misere.core.packed` (same positions, same move order, same
cut-offs, the same exact pruning by a universe's order: :mod:`misere.core.packed_theory`),
with the memo in numpy arrays and the depth-first search in one compiled loop. The counts
of the position at every depth are kept (the identities ``x + y = z`` rewrite them).

*Fields.* Field 0 is the total of the positive integer components, field 1 that of the
negative ones (Siegel 003 §2: the forms ``n = {n-1|}`` add as forms, so ``m + n`` and ``m+n``
are one position), then one field per non-integer follower of the components (a *type*), in
the order of :class:`misere.core.packed.Layout` (simplest first). A count can never exceed
the number of components that have the type as a follower (a rewriting or a monotone
neighbour that would is skipped), so field ``f`` has a radix ``r_f`` and a position is the
mixed-radix number ``sum_f count_f * weight_f``, split over
:data:`WORDS` 62-bit words (fields are given to words greedily). A move of one copy of type
``t`` to an option ``x`` is a fixed key delta per word (and ``-1`` in field ``t``, ``+k`` in the
field of ``x``); the count vector is kept beside the key for move generation and updated on
the way down and back up.

*Memo.* Open addressing over ``WORDS`` int64 words per slot (word 0 stored plus one, so 0
marks an empty slot) and one byte of value: bit ``2s`` known for side ``s`` (0 Left, 1 Right),
bit ``2s+1`` the mover wins. The table doubles when 70 % full (the search is resumed, solved
positions are kept).

*Budget.* The kernel runs at most :data:`CHUNK` expansions per call and returns to Python,
which calls :func:`misere.budget.check` and resumes from the root (solved positions are in the
memo, so only the current path is walked again).

A layout that needs more than :data:`WORDS` words returns ``None`` from :func:`plan`; the
caller then uses the Python search (arbitrary-precision keys).

References: outcomes of sums from the definition, Siegel 003 §2 (misère play: a player with no
move wins) and normal play; integers as forms, Siegel 003 §2.
"""
from __future__ import annotations

from typing import Any, Sequence

import sys as _sys

import numpy as np

from misere.budget import current as _current
from misere.budget import reserve as _reserve
from misere.errors import BudgetExceededError

from . import jit as _jit
from .jit import available, njit as _njit
from .packed_jit_theory import target, theory_tables
from .ops import followers
from .table import ZERO, GameId, birthday

__all__ = ["available", "Plan", "plan", "outcome_pair", "wins_first", "CHUNK", "WORDS"]

#: expansions per compiled call between two budget checks
CHUNK = 100_000
#: most 62-bit words per key (a sum uses as few as its radices allow)
WORDS = 4
_BITS = 62
_M1 = -7046029254386353131  # 0x9E3779B97F4A7C15
_M2 = -4658895280553007687  # 0xBF58476D1CE4E5B9
_FULL, _MORE = -1, -2



@_njit(cache=True)
def _slot(tab, k, shift, mask):  # pragma: no cover - compiled
    """The row of key ``k`` (its words) in ``tab``: its own, or the empty one where it would go."""
    h = 0
    for w in range(k.size):
        h = (h ^ k[w]) * _M1
        h ^= (h >> 29)
    h = ((h * _M2) >> shift) & mask
    while True:
        if tab[h, 0] == 0:
            return h
        same = tab[h, 0] == k[0] + 1
        w = 1
        while same and w < k.size:
            same = tab[h, w] == k[w]
            w += 1
        if same:
            return h
        h = (h + 1) & mask


@_njit(cache=True)
def _lookup(tab, k, side, shift, mask):  # pragma: no cover - compiled
    """-1 unknown, 1 the player ``side`` to move wins, 0 loses."""
    v = tab[_slot(tab, k, shift, mask), k.size]
    if (v >> (2 * side)) & 1:
        return (v >> (2 * side + 1)) & 1
    return -1


@_njit(cache=True)
def _store(tab, used, k, side, win, shift, mask):  # pragma: no cover - compiled
    h = _slot(tab, k, shift, mask)
    if tab[h, 0] == 0:
        tab[h, 0] = k[0] + 1
        for w in range(1, k.size):
            tab[h, w] = k[w]
        used[0] += 1
    tab[h, k.size] |= (1 + 2 * win) << (2 * side)


@_njit(cache=True)
def _normal(key, cnt, th):  # pragma: no cover - compiled
    """Apply the identities ``x + y = z`` of :func:`misere.core.packed_theory.rewrite_rules`
    to the key and counts while any applies (skipping one whose ``z`` field is full)."""
    radix, rx, ry, rz, rkd = th[6], th[7], th[8], th[9], th[10]
    again = rx.size > 0
    while again:
        again = False
        for e in range(rx.size):
            x, y, z = rx[e], ry[e], rz[e]
            ok = cnt[x] >= 2 if y < 0 else (cnt[x] >= 1 and cnt[y] >= 1)
            if ok and (z < 0 or cnt[z] + 1 < radix[z]):
                cnt[x] -= 1
                cnt[x if y < 0 else y] -= 1
                if z >= 0:
                    cnt[z] += 1
                for w in range(key.size):
                    key[w] += rkd[e, w]
                again = True


@_njit(cache=True)
def _child(pos, counts, m, kd, msrc, mdst, mdk, child, ctmp, th):  # pragma: no cover - compiled
    """The key (``child``) and counts (``ctmp``) of ``pos`` after move ``m``, rewritten."""
    for w in range(child.size):
        child[w] = pos[w] + kd[m, w]
    if th[7].size > 0:
        for f in range(counts.size):
            ctmp[f] = counts[f]
        ctmp[msrc[m]] -= 1
        if mdst[m] >= 0:
            ctmp[mdst[m]] += mdk[m]
        _normal(child, ctmp, th)


@_njit(cache=True)
def _expand(tab, pos, counts, side, misere, mv, kids, d, child, ctmp, shift, mask, th, stats):  # pragma: no cover
    """Fill ``kids[d]`` with the moves to unknown children of ``pos[d]`` in search order;
    return their number, or -1 when the mover wins at once (no move in misère play, a child
    already known lost for the opponent, or a comparable neighbour known won), 0 when the
    mover loses at once. The children are looked up before the neighbours (fewer look-ups;
    either decides a position exactly, so the positions searched are the same). ``th``: the
    pruning tables (:func:`misere.core.packed_jit_theory.theory_tables`)."""
    mstart, kd, msrc, mdst, mdk = mv
    kstart, kfield, nsrc, ndst, nsign, nkd, radix, nsrc2 = th[0], th[1], th[2], th[3], th[4], th[5], th[6], th[11]
    n = 0
    moved = False
    for f in range(counts.size):
        if counts[f] == 0:
            continue
        for m in range(mstart[side, f], mstart[side, f + 1]):
            moved = True
            dominated = False
            for j in range(kstart[m], kstart[m + 1]):
                if counts[kfield[j]] > 0:
                    dominated = True
                    break
            if dominated:
                continue
            _child(pos[d], counts, m, kd, msrc, mdst, mdk, child, ctmp, th)
            r = _lookup(tab, child, 1 - side, shift, mask)
            if r == 0:
                return -1
            if r == -1:
                kids[d, n] = m
                n += 1
    if not moved:
        return -1 if misere else 0
    if n == 0:
        return 0
    for e in range(nsrc.size):  # the monotone memo (misere.core.packed_theory)
        f, g, t = nsrc[e], nsrc2[e], ndst[e]
        if (f >= 0 and counts[f] == 0) or (g >= 0 and counts[g] < (2 if g == f else 1)):
            continue  # P lacks a form the neighbour removes
        if t >= 0 and counts[t] + 1 >= radix[t]:
            continue
        for w in range(child.size):
            child[w] = pos[d, w] + nkd[e, w]
        r = _lookup(tab, child, side, shift, mask)
        if r >= 0 and (r == 1 - side) == (nsign[e] < 0):
            stats[1] += 1
            return -1 if r == 1 else 0
    return n


@_njit(cache=True)
def _search(root, counts0, side0, misere, mv, tab, used, depth, width, limit, shift, stats, th):  # pragma: no cover
    """1/0: does ``side0`` (0 Left) to move win ``root``; -1 table too full; -2 ``limit`` hit.
    ``stats[0]`` counts expansions, ``stats[1]`` those the monotone memo decided. ``mv``: the
    move tables (``mstart``, key deltas, source field, target field, copies)."""
    mstart, kd, msrc, mdst, mdk = mv
    mask = tab.shape[0] - 1
    nw = root.size
    r = _lookup(tab, root, side0, shift, mask)
    if r != -1:
        return r
    cnt = np.empty((depth, counts0.size), np.int64)  # counts of the position at each depth
    cnt[0] = counts0
    pos = np.empty((depth, nw), np.int64)
    kids = np.empty((depth, width), np.int64)
    nk = np.empty(depth, np.int64)
    nxt = np.empty(depth, np.int64)
    child = np.empty(nw, np.int64)
    ctmp = np.empty(counts0.size, np.int64)
    for w in range(nw):
        pos[0, w] = root[w]
    d = 0
    side = side0
    n = _expand(tab, pos, cnt[0], side, misere, mv, kids, 0, child, ctmp, shift, mask, th, stats)
    stats[0] += 1
    if n < 0:
        _store(tab, used, root, side, 1, shift, mask)
        return 1
    nk[0], nxt[0] = n, 0
    steps = 0
    res = -1  # result of the child just solved, as seen by its mover
    while True:
        if res == 0 or nxt[d] == nk[d]:
            win = 1 if res == 0 else 0
            if used[0] * 2 >= mask:
                return _FULL
            _store(tab, used, pos[d], side, win, shift, mask)
            if d == 0:
                return win
            d -= 1
            side = 1 - side
            res = win
            continue
        res = -1
        m = kids[d, nxt[d]]
        nxt[d] += 1
        _child(pos[d], cnt[d], m, kd, msrc, mdst, mdk, child, ctmp, th)
        r = _lookup(tab, child, 1 - side, shift, mask)
        if r != -1:
            res = r
            continue
        steps += 1
        if steps > limit:
            return _MORE
        if th[7].size > 0:
            cnt[d + 1] = ctmp
        else:
            cnt[d + 1] = cnt[d]
            cnt[d + 1, msrc[m]] -= 1
            if mdst[m] >= 0:
                cnt[d + 1, mdst[m]] += mdk[m]
        for w in range(nw):
            pos[d + 1, w] = child[w]
        stats[0] += 1
        n = _expand(tab, pos, cnt[d + 1], 1 - side, misere, mv, kids, d + 1, child, ctmp, shift, mask, th, stats)
        if n <= 0:  # decided at once: store it
            win = 1 if n < 0 else 0
            _store(tab, used, pos[d + 1], 1 - side, win, shift, mask)
            res = win
            continue
        d += 1
        side = 1 - side
        nk[d], nxt[d] = n, 0


@_njit(cache=True)
def _rehash(tab, new, shift):  # pragma: no cover - compiled
    mask = new.shape[0] - 1
    nw = tab.shape[1] - 1
    k = np.empty(nw, np.int64)
    for i in range(tab.shape[0]):
        if tab[i, 0] != 0:
            k[0] = tab[i, 0] - 1
            for w in range(1, nw):
                k[w] = tab[i, w]
            h = _slot(new, k, shift, mask)
            for w in range(nw + 1):
                new[h, w] = tab[i, w]


class Plan:
    """Fields, radices and move tables of one sum (see the module docstring)."""

    def __init__(self, games: Sequence[GameId], lay: Any, theory: Any = None) -> None:
        self.ids = list(lay.ids)  # types, simplest first
        nt = len(self.ids)
        field = {g: 2 + t for t, g in enumerate(self.ids)}
        radix = [1] * (2 + nt)
        counts = [0] * (2 + nt)
        self.depth = 2
        for g in games:
            if g == ZERO:
                continue
            self.depth += birthday(g)
            hi = lo = 0
            for x in followers(g):
                n = lay.ints.get(x) if x != ZERO else None
                if n is None and x != ZERO:
                    radix[field[x]] += 1
                elif n is not None:
                    hi, lo = max(hi, n), max(lo, -n)
            radix[0] += hi
            radix[1] += lo
            n = lay.ints.get(g)
            if n is None:
                counts[field[g]] += 1
            else:
                counts[0 if n > 0 else 1] += abs(n)
        self.fits = self._place(radix)
        if not self.fits:
            return
        self.counts = np.array(counts, np.int64)
        self.root = self.key(counts)
        self._moves(lay, field)
        self.radix = np.array(radix, np.int64)
        self.th = theory_tables(self, lay, field, theory)
        _normal(self.root, self.counts, self.th)  # the root rewritten like every position

    def _place(self, radix: list[int]) -> bool:
        """Give fields to words greedily: ``word[f]``, ``weight[f]``; False if it overflows."""
        self.word, self.weight = [], []
        w, cap = 0, 1
        for r in radix:
            if cap * r >= 1 << _BITS:
                w, cap = w + 1, 1
                if w == WORDS or r >= 1 << _BITS:
                    return False
            self.word.append(w)
            self.weight.append(cap)
            cap *= r
        self.nw = w + 1
        return True

    def key(self, counts: Sequence[int]) -> np.ndarray:
        """The packed key of a count vector: each count times its weight, summed per word."""
        k = [0] * self.nw
        for f, c in enumerate(counts):
            k[self.word[f]] += c * self.weight[f]
        return np.array(k, np.int64)

    def _moves(self, lay, field: dict[GameId, int]) -> None:
        """Move tables per side in search order: integer counter, then types, options by id."""
        nf = len(self.word)
        mstart = np.zeros((2, nf + 1), np.int64)
        src, dst, dk = [], [], []
        for side in (0, 1):
            for f in range(nf):
                mstart[side, f] = len(src)
                if f < 2:
                    if f == side:  # Left lowers the positive total, Right the negative one
                        src.append(f), dst.append(-1), dk.append(0)
                    continue
                for x in lay.options(f - 2, side):  # one per target, in the Python search's order
                    t, k = target(lay, field, x)
                    src.append(f), dst.append(t), dk.append(k)
            mstart[side, nf] = len(src)
        self.mstart = mstart
        self.msrc, self.mdst, self.mdk = (np.array(a, np.int64) for a in (src, dst, dk))
        self.kd = self.deltas(src, dst, dk)
        self.width = max(1, int(max(mstart[0, nf] - mstart[0, 0], mstart[1, nf] - mstart[1, 0])))

    def deltas(self, src: list[int], dst: list[int], dk: list[int]) -> np.ndarray:
        """Key deltas: one copy leaves field ``src`` (none if -1), ``dk`` copies enter ``dst``."""
        kd = np.zeros((max(len(src), 1), self.nw), np.int64)
        for m, (s, t, k) in enumerate(zip(src, dst, dk)):
            if s >= 0:
                kd[m, self.word[s]] -= self.weight[s]
            if t >= 0:
                kd[m, self.word[t]] += k * self.weight[t]
        return kd


def plan(games: Sequence[GameId], layout: Any, theory: Any = None) -> Plan | None:
    """The compiled plan of a sum (``layout``: its :class:`misere.core.packed.Layout`, which
    numbers the types), or ``None`` when numba is missing or the keys need more than
    :data:`WORDS` words."""
    if not available:
        return None
    p = Plan(games, layout, theory)
    return p if p.fits else None


class _Table:
    """One search's memo (shared by the Left-first and Right-first searches): per row the key
    words and the value bits, so that a lookup touches one cache line."""

    def __init__(self, nw: int, size: int = 1 << 14) -> None:
        self.tab = np.zeros((size, nw + 1), np.int64)
        self.used = np.zeros(1, np.int64)

    def grow(self) -> None:
        size, cols = 2 * self.tab.shape[0], self.tab.shape[1]
        _reserve(8 * cols * size, "the sum transposition table")
        new = np.zeros((size, cols), np.int64)
        _rehash(self.tab, new, 65 - size.bit_length())
        self.tab = new


def _wins(p: Plan, t: _Table, side: int, misere: bool, stats: np.ndarray) -> bool:
    while True:
        r = _search(p.root, p.counts, side, misere, (p.mstart, p.kd, p.msrc, p.mdst, p.mdk),
                    t.tab, t.used, p.depth, p.width, CHUNK, 65 - t.tab.shape[0].bit_length(), stats, p.th)
        if r >= 0:
            return bool(r)
        if r == _FULL:
            t.grow()
        try:
            _current().check(force=True)  # once per chunk: read the clock every time
        except BudgetExceededError as e:  # say what the search holds
            e.partial.setdefault("positions_stored", int(t.used[0]))
            raise


def outcome_pair(p: Plan, misere: bool = True, stats: np.ndarray | None = None) -> tuple[bool, bool]:
    """(Left wins moving first, Right wins moving first) in the sum planned by ``p``;
    ``stats`` (if given, two int64): positions expanded, and how many of them the monotone
    memo decided."""
    t = _Table(p.nw)
    st = np.zeros(2, np.int64)
    r = _wins(p, t, 0, misere, st), _wins(p, t, 1, misere, st)
    if stats is not None:
        stats[:2] = st[:stats.size]
    return r


def wins_first(p: Plan, left_moves: bool, misere: bool = True) -> bool:
    """Does Left (``left_moves``) or Right win the sum planned by ``p`` moving first?"""
    return _wins(p, _Table(p.nw), 0 if left_moves else 1, misere, np.zeros(2, np.int64))


_jit.announce(_sys.modules[__name__], "the compiled sum search")  # numba compiles these on first use
