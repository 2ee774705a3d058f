"""A compiled misère Domineering search over 64-bit boards (issue 10 item 3), numba when present.

Boards are the bitmasks of :mod:`misere.rulesets.grid_bits` (square ``(r, c)`` is bit
``8 r + c``, column 7 a guard), so a board of at most 8 rows and 7 columns is one ``int64``.
The search is the same definition as :func:`misere.rulesets.grid_bits.domineering_wins`: a
depth-first search with an explicit stack, children looked up first (one known lost for the
opponent ends the node), the others tried in order of (opponent's placements - mover's
placements) after the move, fewest first. Its memo is an open-addressing hash table in numpy
arrays (key: the board; value: four bits, known/wins for Left and for Right to move), kept
across calls and grown by doubling; :func:`misere.core.cache.clear` empties it.

The compiled kernel runs at most :data:`CHUNK` expansions per call and then returns to Python,
which calls :func:`misere.budget.check` and resumes (solved positions are in the memo, so a
resumed search only re-walks the current path, at most 32 expansions, so a chunk of at least
40 always makes progress). Without numba the same kernel runs as plain
Python (slow; :mod:`misere.rulesets.grid_bits` keeps its own pure-Python search for that case).

References: Domineering, Milley 001 App. A; misère play, Siegel 003 §2.
"""
from __future__ import annotations

import numpy as np

from misere.budget import current as _current
from misere.budget import reserve as _reserve
from misere.core import cache
from misere.core.jit import available, njit as _njit

__all__ = ["available", "wins", "CHUNK"]

#: expansions per compiled call between two budget checks
CHUNK = 200_000
_MULT = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit integer
_FULL, _MORE = -1, -2



@_njit(cache=True)
def _popcount(x):  # pragma: no cover - compiled
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@_njit(cache=True)
def _slot(keys, b, shift, mask):  # pragma: no cover - compiled
    h = ((b * _MULT) >> shift) & mask
    while keys[h] != 0 and keys[h] != b:
        h = (h + 1) & mask
    return h


@_njit(cache=True)
def _lookup(keys, vals, b, side, shift, mask):  # pragma: no cover - compiled
    """-1 unknown, 1 the player ``side`` (0 Left) to move wins ``b``, 0 loses."""
    v = vals[_slot(keys, b, shift, mask)]
    if (v >> (2 * side)) & 1:
        return (v >> (2 * side + 1)) & 1
    return -1


@_njit(cache=True)
def _store(keys, vals, used, b, side, win, shift, mask):  # pragma: no cover - compiled
    h = _slot(keys, b, shift, mask)
    if keys[h] == 0:
        keys[h] = b
        used[0] += 1
    vals[h] |= (1 + 2 * win) << (2 * side)


@_njit(cache=True)
def _expand(keys, vals, b, side, kids, scores, d, shift, mask):  # pragma: no cover - compiled
    """Fill ``kids[d]`` with the unknown children of ``b`` in search order; return their
    number, or -1 when ``b`` is won at once (no move, or a child lost for the opponent)."""
    step = 8 if side == 0 else 1
    ostep = 1 if side == 0 else 8
    pairs = b & (b >> step)
    if pairs == 0:
        return -1
    n = 0
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        c = b ^ low ^ (low << step)
        r = _lookup(keys, vals, c, 1 - side, shift, mask)
        if r == 0:
            return -1
        if r == -1:
            s = _popcount(c & (c >> ostep)) - _popcount(c & (c >> step))
            j = n
            while j > 0 and scores[j - 1] > s:  # insertion sort, stable
                scores[j] = scores[j - 1]
                kids[d, j] = kids[d, j - 1]
                j -= 1
            scores[j] = s
            kids[d, j] = c
            n += 1
    return n


@_njit(cache=True)
def _search(root, side0, keys, vals, used, limit, shift):  # pragma: no cover - compiled
    """1/0: does ``side0`` (0 Left) to move win ``root``; -1 table too full; -2 ``limit`` hit.
    ``shift`` is 64 - log2 of the table size."""
    mask = keys.size - 1
    r = _lookup(keys, vals, root, side0, shift, mask)
    if r != -1:
        return r
    kids = np.empty((40, 64), np.int64)  # depth <= 31 moves, <= 56 placements per node
    scores = np.empty(64, np.int64)
    pos = np.empty(40, np.int64)
    nk = np.empty(40, np.int64)
    nxt = np.empty(40, np.int64)
    d = 0
    pos[0] = root
    side = side0
    n = _expand(keys, vals, root, side, kids, scores, 0, shift, mask)
    if n < 0:
        return 1
    nk[0], nxt[0] = n, 0
    steps = 0
    res = -1  # result of the child just solved, as seen by its mover
    while True:
        if res == 0 or (res == -1 and nxt[d] == nk[d]) or (res == 1 and nxt[d] == nk[d]):
            win = 1 if res == 0 else 0
            if used[0] * 10 >= keys.size * 7:
                return _FULL
            _store(keys, vals, used, pos[d], side, win, shift, mask)
            if d == 0:
                return win
            d -= 1
            side = 1 - side
            res = win
            continue
        res = -1
        c = kids[d, nxt[d]]
        nxt[d] += 1
        r = _lookup(keys, vals, c, 1 - side, shift, mask)
        if r != -1:
            res = r
            continue
        steps += 1
        if steps > limit:
            return _MORE
        n = _expand(keys, vals, c, 1 - side, kids, scores, d + 1, shift, mask)
        if n < 0:
            res = 1
            continue
        if n == 0:
            res = 0
            continue
        d += 1
        side = 1 - side
        pos[d], nk[d], nxt[d] = c, n, 0


@_njit(cache=True)
def _rehash(keys, vals, new_keys, new_vals, shift):  # pragma: no cover - compiled
    mask = new_keys.size - 1
    for i in range(keys.size):
        if keys[i] != 0:
            h = _slot(new_keys, keys[i], shift, mask)
            new_keys[h] = keys[i]
            new_vals[h] = vals[i]


class _Table:
    """The shared memo: keys, values and the number of used slots."""

    def __init__(self, size: int = 1 << 16) -> None:
        self.keys = np.zeros(size, np.int64)
        self.vals = np.zeros(size, np.uint8)
        self.used = np.zeros(1, np.int64)

    def grow(self) -> None:
        size = 2 * self.keys.size
        _reserve(9 * size, "the Domineering transposition table")
        keys, vals = np.zeros(size, np.int64), np.zeros(size, np.uint8)
        _rehash(self.keys, self.vals, keys, vals, 65 - size.bit_length())
        self.keys, self.vals = keys, vals


_table = _Table()


@cache.on_clear
def _reset() -> None:
    global _table
    _table = _Table()


def wins(b: int, left: bool) -> bool:
    """Does the player to move (Left: vertical dominoes) win board ``b`` in misère play?"""
    if not 0 <= b < 1 << 63:
        raise ValueError(f"board {b:#x} does not fit in 63 bits")
    while True:
        t = _table
        r = _search(b, 0 if left else 1, t.keys, t.vals, t.used, max(CHUNK, 40), 65 - t.keys.size.bit_length())
        if r >= 0:
            return bool(r)
        if r == _FULL:
            t.grow()
        _current().check(force=True)  # once per chunk: read the clock every time
