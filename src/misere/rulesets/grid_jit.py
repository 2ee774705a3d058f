"""A compiled misère Domineering search over 64-bit boards (issue 10 item 3), numba when present.

Boards are the bitmasks of :mod:`misere.rulesets.grid_bits` (square ``(r, c)`` is bit
``8 r + c``, column 7 a guard), so a board of at most 8 rows and 7 columns is one ``int64``.
The search is the definition of misère play (Siegel 003 §2: a player with no move wins), as
:func:`misere.rulesets.grid_bits.domineering_wins`: depth first with an explicit stack, every
child looked up first (one known lost for the opponent ends the node), the others tried in
order of 2 x (opponent's placements) - (mover's placements) after the move, fewest first
(:data:`ORDER`; of eight orders measured on 6x6 and 6x7 it expanded the fewest positions, see
benchmarks/README.md). Two exact
shortcuts: a mover with a move whose opponent has none loses (moves only remove squares, so the
opponent still has none after it), and squares with no free neighbour are dropped (no domino
can ever cover them).

Every position is stored in a canonical form: within the rows x columns frame of the root, the
least of the board's reflections in a horizontal and a vertical axis (and their composition,
the half turn), which keep each player's dominoes as they are; on a square frame also the
least of the four transposed images, which swap Left and Right (Left's vertical domino becomes
a horizontal one), so a transposed entry answers for the other player to move. Domineering is
invariant under these symmetries, so the outcome is unchanged.

The memo is a bounded transposition table (:mod:`misere.core.hashtable_jit`, 8 bytes a slot,
buckets of 4 with replacement of the lightest entry, the weight being log2 of the number of
expansions below the node). It grows by doubling while it is 70 % full, up to
:data:`MAX_SLOTS` (or what :func:`misere.budget.reserve` allows), and then replaces entries.
The answer is exact whatever the table size: a lost entry is searched again, and the game
tree is finite and acyclic. :func:`configure` sets the size (the 7x7 run uses 2**28 slots).

The compiled kernel runs at most :data:`CHUNK` expansions per call and returns to Python, which
calls :func:`misere.budget.check` and resumes where it stopped (the whole search stack lives in
numpy arrays between calls). Without numba the same kernels run as plain Python (slow).

References: Domineering, Milley 001 App. A; misère play, Siegel 003 §2.
"""
from __future__ import annotations

import numpy as np

from misere.budget import current as _current
from misere.budget import reserve as _reserve
from misere.core import cache
from misere.core import hashtable_jit as ht
from misere.core import jit as _jit
from misere.core.jit import available, njit as _njit
from misere.errors import BudgetExceededError
from misere.rulesets.bits_jit import _flip, _key, _mirror, _popcount, _transpose

__all__ = ["available", "warm", "wins", "configure", "stats", "CHUNK", "MAX_SLOTS", "ORDER", "SYMMETRY",
           "WEIGHTED"]

#: expansions per compiled call between two budget checks
CHUNK = 200_000
#: the table stops growing here (2**26 slots: 512 MiB) and replaces entries instead
MAX_SLOTS = 1 << 26
#: move order, by a score of the child, least first (po, pm: the opponent's and the mover's
#: placements after the move): 0 po - pm, 1 pm - po, 2 none (as generated), 3 history
#: heuristic (moves that refuted most, weighted by squares left, first), 4 order 0 with ties
#: broken by history, 5 po, 6 -pm, 7 2 po - pm (the default: fewest expansions measured)
ORDER = 7
#: symmetries used in canonical forms: 0 none, 1 the reflections, 2 and the transposes
SYMMETRY = 2
#: replacement: evict the entry with the smallest subtree (True) or simply the oldest (False)
WEIGHTED = True
_FULL, _MORE = -1, -2
_DEPTH = 40  # > 31 moves: a board of 63 squares


@_njit(cache=True)
def _least(x, rows, cols):  # pragma: no cover - compiled
    m = _mirror(x, cols)
    return min(min(x, m), min(_flip(x, rows), _flip(m, rows)))


@_njit(cache=True)
def _canon(b, side, rows, cols, sym):  # pragma: no cover - compiled
    """(board, side) in canonical form: dead squares dropped, least image under the symmetries
    of the frame (``sym`` 0: none, 1: reflections, 2: and transposes on square frames); a
    transposed image swaps the side to move."""
    b &= (b << 1) | (b >> 1) | (b << 8) | (b >> 8)
    if sym == 0:
        return b, side
    best = _least(b, rows, cols)
    if rows == cols and sym == 2:
        t = _least(_transpose(b), rows, cols)
        if t < best:
            return t, 1 - side
    return best, side


@_njit(cache=True)
def _lookup(tab, b, side, shift):  # pragma: no cover - compiled
    """-1 unknown, 1 the player ``side`` (0 Left) to move wins canonical ``b``, 0 loses."""
    v = ht.probe(tab, _key(b), shift) >> (2 * side)
    return (v >> 1) & 1 if v & 1 else -1


@_njit(cache=True)
def _expand(tab, b, side, kids, ksd, kmv, hist, scores, d, shift, rows, cols, order):  # pragma: no cover
    """Fill ``kids[d]``/``ksd[d]`` with the unknown children of ``b`` (canonical, with their side
    to move) in search order; return their number, or -1 when the mover wins at once."""
    step = 8 if side == 0 else 1
    ostep = 1 if side == 0 else 8
    pairs = b & (b >> step)
    if pairs == 0:
        return -1  # no move: the mover wins
    if b & (b >> ostep) == 0:
        return 0  # the opponent has no move now nor after any move: the mover loses
    n = 0
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        c = b ^ low ^ (low << step)
        po, pm = _popcount(c & (c >> ostep)), _popcount(c & (c >> step))
        s = po - pm
        c, cs = _canon(c, 1 - side, rows, cols, order >> 4)
        r = _lookup(tab, c, cs, shift)
        mv = _popcount(low - 1)
        if r == 0:
            if order & 8:
                hist[side, mv] += _popcount(b) * _popcount(b)
            return -1
        if r == -1:
            o = order & 7
            if o == 1:
                s = -s
            elif o == 2:
                s = 0
            elif o == 3:
                s = -hist[side, mv]
            elif o == 4:
                s = (s << 40) - hist[side, mv]
            elif o == 5:
                s = po
            elif o == 6:
                s = -pm
            elif o == 7:
                s = 2 * po - pm
            j = n
            while j > 0 and scores[j - 1] > s:  # insertion sort, stable
                scores[j] = scores[j - 1]
                kids[d, j] = kids[d, j - 1]
                ksd[d, j] = ksd[d, j - 1]
                kmv[d, j] = kmv[d, j - 1]
                j -= 1
            scores[j] = s
            kids[d, j] = c
            ksd[d, j] = cs
            kmv[d, j] = mv
            n += 1
    return n


@_njit(cache=True)
def _bitlen(x):  # pragma: no cover - compiled
    n = 0
    while x:
        x >>= 1
        n += 1
    return n


@_njit(cache=True)
def _search(tab, tstats, kids, ksd, kmv, hist, scores, pos, psd, nk, nxt, start, sc, limit, shift,
            rows, cols, order, may_grow):  # pragma: no cover - compiled
    """Resume the search on the stack (``sc``: depth, pending child result, expansions so far).
    Return 1/0: the root's mover wins/loses; -1 the table wants to grow; -2 ``limit`` hit."""
    d, res, total = sc[0], sc[1], sc[2]
    steps = 0
    result = _MORE
    while True:
        if res == 0 or nxt[d] == nk[d]:
            win = 1 if res == 0 else 0
            if may_grow and tstats[0] * 10 >= tab.size * 7:
                result = _FULL
                break
            if win and order & 8:
                hist[psd[d], kmv[d, nxt[d] - 1]] += _popcount(pos[d]) * _popcount(pos[d])
            w = 0 if order & 64 else min(_bitlen(total - start[d]), 15)
            ht.store(tab, _key(pos[d]), (1 + 2 * win) << (2 * psd[d]), w, shift, tstats)
            res = win
            if d == 0:
                result = win
                break
            d -= 1
            continue
        res = -1
        c, cs = kids[d, nxt[d]], ksd[d, nxt[d]]
        r = _lookup(tab, c, cs, shift)
        if r != -1:
            nxt[d] += 1
            res = r
            continue
        if steps >= limit:
            break
        steps += 1
        total += 1
        n = _expand(tab, c, cs, kids, ksd, kmv, hist, scores, d + 1, shift, rows, cols, order)
        nxt[d] += 1
        if n < 0:
            res = 1
            continue
        if n == 0:
            res = 0
            continue
        d += 1
        pos[d], psd[d], nk[d], nxt[d], start[d] = c, cs, n, 0, total
    sc[0], sc[1], sc[2] = d, res, total
    return result


class _Table:
    """The shared memo: the slots, their shift, and [used, evicted, stores]."""

    def __init__(self, size: int = 1 << 16) -> None:
        self.tab = ht.new_table(size)
        self.shift = ht.bucket_shift(size)
        self.stats = np.zeros(3, np.int64)
        self.expansions = 0
        self.max_slots = max(size, MAX_SLOTS)

    def grow(self) -> bool:
        """Double the table if allowed (size cap and memory budget); False when it may not."""
        size = 2 * self.tab.size
        if size > self.max_slots:
            return False
        try:
            _reserve(8 * size, "the Domineering transposition table")
        except BudgetExceededError:
            self.max_slots = self.tab.size
            return False
        new, fresh = ht.new_table(size), np.zeros(3, np.int64)
        ht.rehash(self.tab, new, ht.bucket_shift(size), fresh)
        self.tab, self.shift, self.stats[0] = new, ht.bucket_shift(size), fresh[0]
        return True


_table = _Table()

#: whether the kernels have run in this process (loaded or compiled): callers with a choice of
#: engine use the compiled one from then on (:func:`misere.rulesets.grid_bits.domineering_wins`)
warm = False


@cache.on_clear
def _reset() -> None:
    global _table
    _table = _Table()


def configure(slots: int, max_slots: int | None = None) -> None:
    """Start a fresh table of ``slots`` slots (8 bytes each) that grows up to ``max_slots``
    (default: ``slots``, i.e. a fixed size with replacement)."""
    global _table
    _reserve(8 * slots, "the Domineering transposition table")
    _table = _Table(slots)
    _table.max_slots = max_slots or slots


def stats() -> dict[str, int]:
    """Slots, slots in use, entries evicted, stores, and positions expanded by the searches that
    used the shared table so far."""
    t = _table
    return {"slots": int(t.tab.size), "used": int(t.stats[0]), "evicted": int(t.stats[1]),
            "stores": int(t.stats[2]), "expansions": t.expansions}


def _frame(b: int) -> tuple[int, int]:
    rows, cols, x = (b.bit_length() + 7) >> 3, 0, b
    while x:
        cols |= x & 0xFF
        x >>= 8
    return rows, cols.bit_length()


def wins(b: int, left: bool, on_chunk=None) -> bool:
    """Does the player to move (Left: vertical dominoes) win board ``b`` in misère play?

    ``b`` lies in a frame starting at square (0, 0) (as :func:`~misere.rulesets.grid_bits.normalise`
    leaves it); ``on_chunk(expansions, path)``, if given, is called after every chunk (progress
    logs): ``path`` lists, for the top three levels of the stack, (children tried, children).
    """
    global warm
    if not 0 <= b < 1 << 63:
        raise ValueError(f"board {b:#x} does not fit in 63 bits")
    if not warm:  # load (or compile, saying so) every kernel on a 3x3 board first
        import sys
        with _jit.compiling(sys.modules[__name__], "the Domineering search"):
            _wins(0x70707, True, None)
        warm = True
    return _wins(b, left, on_chunk)


def _wins(b: int, left: bool, on_chunk) -> bool:
    rows, cols = _frame(b)
    rows, cols = max(rows, 1), max(cols, 1)
    t = _table
    mode = ORDER | (8 if ORDER >= 3 else 0) | SYMMETRY << 4 | (0 if WEIGHTED else 64)
    root, side = _canon(b, 0 if left else 1, rows, cols, SYMMETRY)
    r = _lookup(t.tab, root, side, t.shift)
    if r != -1:
        return bool(r)
    kids, ksd, kmv = (np.empty((_DEPTH, 64), np.int64) for _ in range(3))
    hist = np.zeros((2, 64), np.int64)  # history heuristic (ORDER 3, 4): cut-offs per move
    pos, psd, nk, nxt, start = (np.zeros(_DEPTH, np.int64) for _ in range(5))
    scores, sc = np.empty(64, np.int64), np.zeros(3, np.int64)
    n = _expand(t.tab, root, side, kids, ksd, kmv, hist, scores, 0, t.shift, rows, cols, mode)
    if n < 0:
        return True
    pos[0], psd[0], nk[0], sc[1] = root, side, n, -1
    done = 0
    while True:
        t = _table
        r = _search(t.tab, t.stats, kids, ksd, kmv, hist, scores, pos, psd, nk, nxt, start, sc,
                    max(CHUNK, 1), t.shift, rows, cols, mode, t.tab.size < t.max_slots)
        t.expansions += int(sc[2]) - done
        done = int(sc[2])
        if r >= 0:
            return bool(r)
        if r == _FULL and not t.grow():
            t.max_slots = t.tab.size
        if on_chunk is not None:
            on_chunk(int(sc[2]), [(int(nxt[i]), int(nk[i])) for i in range(min(int(sc[0]) + 1, 3))])
        try:
            _current().check(force=True)  # once per chunk: read the clock every time
        except BudgetExceededError as err:
            err.partial.update({"search": "misère Domineering", "positions_expanded": done,
                                "table": stats()})
            raise
