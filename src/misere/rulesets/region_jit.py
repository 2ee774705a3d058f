"""A compiled search of Cram and Clobber positions as sums of independent regions (issue 23
item 3), numba when present; the rules are those of :mod:`misere.rulesets.board_rules_jit`.

A position is a multiset of *regions*: the 4-connected components of the free squares (Cram:
a domino covers two adjacent squares, so components never interact again) or of the stones
(Clobber: stones only move onto occupied squares, so the occupied set shrinks and components
never touch again). Regions with no move for either player are dropped (Cram: single squares;
Clobber: groups of one colour). Each region is *interned* as a canonical bitboard: translated
to touch row 0 and column 0 and reduced by the symmetries of its bounding box (the eight of
the square when the transpose fits in the 8 x 7 frame, else the four reflections; no exchange
of colours, which would exchange Left and Right in that region only), and gets an id. A
position is the sorted tuple of its region ids, interned in turn as a hash-consed list
(``id(r1..rk) = cons(id(r1..r(k-1)), rk)``, the empty position 0), so every position has one
exact integer id and its outcomes (Left and Right to move) are kept in an array by that id:
no hash key stands for a position, two positions share an id only when they are equal sums of
equal regions (Milley 001 §5.1: a position is the sum of its independent components).

The search is the definition of the outcome (misère play: a player with no move wins, Siegel
003 §2; normal play: such a player loses, Winning Ways ch. 2): depth first (recursive; a game
on 56 squares lasts at most 28 Cram or 55 Clobber moves), a move in one region replaced by the
regions it leaves, every child looked up first (one known lost for the opponent ends the
node), the others tried least total mobility first (the order of
:func:`~misere.rulesets.board_rules_jit.score`, summed over the regions).

Tables (:class:`_State`, one per ruleset and play convention, kept between calls) are exact
open-addressing tables in numpy arrays that grow by doubling within the memory budget
(:func:`misere.budget.reserve`); when the position tables may not grow, they are emptied
(positions are searched again; the region table stays). The kernel stops after
:data:`CHUNK` expansions or when a table needs to grow, unwinding without storing anything
unfinished; Python checks the budget, grows the table and calls it again from the root, which
finds the finished subtrees in the table.

Boards use the 64-bit layout of :mod:`misere.rulesets.grid_bits` (square ``(r, c)`` bit
``8 r + c``, column 7 a guard): a position fits when its regions can be stacked in 8 rows of 7
columns (56 squares).
"""
from __future__ import annotations

import sys

import numpy as np

from misere.budget import current as _current
from misere.budget import reserve as _reserve
from misere.core import cache
from misere.core import jit as _jit
from misere.core.jit import available, njit as _njit
from misere.errors import BudgetExceededError
from misere.rulesets import board_rules_jit as rules
from misere.rulesets.bits_jit import _popcount
from misere.rulesets.board_rules_jit import CLOBBER, CRAM

__all__ = ["available", "warm", "wins", "stats", "CHUNK", "GAMES", "MAXR", "SMALL"]

#: expansions per compiled call between two budget checks
CHUNK = 200_000
#: most regions in one position (56 squares, every region at least two)
MAXR = 32
#: the rulesets this search serves (names of :meth:`misere.rulesets.board_base.BoardRuleset.bitboard`)
GAMES = {"cram": CRAM, "clobber": CLOBBER}
_WIDTH = 128  # most moves of one player in one region of 56 squares (97 dominoes; 97 clobbers)
_DEPTH = 60
_SLACK = 1 << 16  # room every expansion may need in the tables (moves x regions, the small regions' values)
_M = -7046029254386353131  # 0x9E3779B97F4A7C15, signed
_ABORT, _FULL = -2, -3
#: regions of at most this many squares (Cram) or stones (Clobber) get a value class (:func:`_value`)
SMALL = 10
# the fields of ``cnt``: next region id, next position id, region slots used, position slots used,
# expansions so far, stop after this many expansions, the id of the least region equal to *
_NREG, _NPOS, _USED_R, _USED_C, _EXP, _LIMIT, _STAR = 0, 1, 2, 3, 4, 5, 6


@_njit(cache=True)
def _slot(t1, t2, tv, k1, k2):  # pragma: no cover - compiled
    """The slot of key ``(k1, k2)`` in an open-addressing table, or the empty slot it would take."""
    mask = tv.size - 1
    h = ((k1 * _M) ^ k2) * _M
    i = (h ^ (h >> 31)) & mask
    while tv[i] != 0 and (t1[i] != k1 or t2[i] != k2):
        i = (i + 1) & mask
    return i


@_njit(cache=True)
def _rehash(t1, t2, tv, n1, n2, nv):  # pragma: no cover - compiled
    for i in range(tv.size):
        if tv[i] != 0:
            j = _slot(n1, n2, nv, t1[i], t2[i])
            n1[j], n2[j], nv[j] = t1[i], t2[i], tv[i]


@_njit(cache=True)
def _canon(a, b):  # pragma: no cover - compiled
    """A region translated to its bounding box and reduced by the box's symmetries (no colour
    exchange): the least ``(a, b)``."""
    sh, h, w = rules._box(a | b)
    a >>= sh
    b >>= sh
    oa = rules._orbit(a, h, w, h <= 7)
    ob = rules._orbit(b, h, w, h <= 7)
    ua, ub = a, b
    for g in range(1, 8 if h <= 7 else 4):
        if oa[g] < ua or (oa[g] == ua and ob[g] < ub):
            ua, ub = oa[g], ob[g]
    return ua, ub


@_njit(cache=True)
def _region(game, a, b, rt1, rt2, rtv, ra, rb, rsc, cnt, ctx):  # pragma: no cover - compiled
    """The id of a region (interned on first sight)."""
    a, b = _canon(a, b)
    i = _slot(rt1, rt2, rtv, a, b)
    if rtv[i] == 0:
        r = cnt[_NREG]
        cnt[_NREG] += 1
        cnt[_USED_R] += 1
        rt1[i], rt2[i], rtv[i] = a, b, r
        ra[r], rb[r] = a, b
        rsc[r] = rules.score(game, a, b, 0, ctx)
    return rtv[i]


@_njit(cache=True)
def _regions_of(game, a, b, buf):  # pragma: no cover - compiled
    """The live regions of ``(a, b)`` into the rows of ``buf`` (a, b); their number."""
    rest = a | b
    n = 0
    while rest:
        g = rest & -rest
        while True:
            g2 = (g | rules._near(g)) & rest
            if g2 == g:
                break
            g = g2
        rest ^= g
        ga, gb = a & g, b & g
        if game == CRAM:
            if _popcount(ga) < 2:
                continue
        elif ga == 0 or gb == 0:
            continue
        buf[n, 0], buf[n, 1] = ga, gb
        n += 1
    return n


@_njit(cache=True)
def _value(game, r, rt1, rt2, rtv, ra, rb, rsc, rval, cnt, ctx):  # pragma: no cover - compiled
    """The value class of region ``r`` when it has at most :data:`SMALL` squares (Cram) or
    stones (Clobber): 1 when it is equivalent to 0, 2 when to ``*``, 3 otherwise or unknown
    (memoised in ``rval``). A region whose options (both players') all equal 0 is
    ``{0 | 0} = *``; one whose options all equal ``*`` is ``{* | *} = 0``; a sum of such regions
    equals ``*`` or 0 by the parity of its ``*`` terms, since ``* + * = 0``. In impartial misère
    play (Cram) these hold outright (Conway, ONAG ch. 12); for Clobber, whose positions are all
    dicots, modulo the dicot universe (Larsson et al. 004; Dorbec et al.), which is enough
    because every sum they are added to is a dicot; in normal play they are nim arithmetic.
    The identities are checked against the project's canonical forms and dicot comparison in
    the tests."""
    if rval[r]:
        return rval[r]
    if _popcount(ra[r] | rb[r]) > SMALL:
        rval[r] = 3
        return 3
    raw = np.empty((_WIDTH, 2), np.int64)
    buf = np.empty((MAXR, 2), np.int64)
    seen = 0  # bit 0: an option equal to 0; bit 1: an option equal to *
    for side in range(1 if game == CRAM else 2):
        m = rules.children(game, ra[r], rb[r], side, ctx, raw)
        for j in range(m):
            k = _regions_of(game, raw[j, 0], raw[j, 1], buf)
            par = 0
            for i in range(k):
                v = _value(game, _region(game, buf[i, 0], buf[i, 1], rt1, rt2, rtv, ra, rb, rsc, cnt, ctx),
                           rt1, rt2, rtv, ra, rb, rsc, rval, cnt, ctx)
                if v == 3:
                    rval[r] = 3
                    return 3
                par ^= v - 1
            seen |= 1 << par
    rval[r] = 2 if seen == 1 else 1 if seen == 2 else 3
    return rval[r]


@_njit(cache=True)
def _split(game, a, b, out, n, rt1, rt2, rtv, ra, rb, rsc, rval, cnt, ctx):  # pragma: no cover - compiled
    """Insert the ids of the live regions of ``(a, b)`` into the sorted ``out[:n]``; the new
    length. Regions equal to 0 (:func:`_value`) are dropped, those equal to ``*`` become the
    least such region (Cram: the domino; Clobber: ``xo``), and two of those cancel (``* + * = 0``)."""
    buf = np.empty((MAXR, 2), np.int64)
    k = _regions_of(game, a, b, buf)
    for q in range(k):
        r = _region(game, buf[q, 0], buf[q, 1], rt1, rt2, rtv, ra, rb, rsc, cnt, ctx)
        v = _value(game, r, rt1, rt2, rtv, ra, rb, rsc, rval, cnt, ctx)
        if v == 1:
            continue
        if v == 2:
            r = cnt[_STAR]
            j = 0
            while j < n and out[j] != r:
                j += 1
            if j < n:  # cancel the pair
                for i in range(j, n - 1):
                    out[i] = out[i + 1]
                n -= 1
                continue
        j = n
        while j > 0 and out[j - 1] > r:
            out[j] = out[j - 1]
            j -= 1
        out[j] = r
        n += 1
    return n


@_njit(cache=True)
def _pid(ct1, ct2, ctv, cnt, pos, n, create):  # pragma: no cover - compiled
    """The id of the sorted region tuple ``pos[:n]`` (0 the empty position); -1 when it has none
    and ``create`` is false."""
    p = 0
    for k in range(n):
        i = _slot(ct1, ct2, ctv, p, pos[k])
        if ctv[i] == 0:
            if not create:
                return -1
            ct1[i], ct2[i], ctv[i] = p, pos[k], cnt[_NPOS]
            cnt[_NPOS] += 1
            cnt[_USED_C] += 1
        p = ctv[i]
    return p


@_njit(cache=True)
def _set(outc, pid, side, win, game):  # pragma: no cover - compiled
    if game == CRAM:  # impartial: the same for both sides
        outc[pid] = (1 + 2 * win) * 5
    else:
        outc[pid] |= (1 + 2 * win) << (2 * side)


@_njit(cache=True)
def _solve(game, misere, rt1, rt2, rtv, ra, rb, rsc, rval, ct1, ct2, ctv, outc, cnt, ctx, raw, kid, klen,
           ksc, kord, pos, n, side, d):  # pragma: no cover - compiled
    """1/0: the player ``side`` (0 Left) to move wins/loses the sorted regions ``pos[:n]``;
    -2 the expansion limit, -3 a table must grow first (nothing unfinished is stored)."""
    if (2 * (cnt[_USED_R] + _SLACK) > rtv.size or cnt[_NREG] + _SLACK > ra.size
            or 2 * (cnt[_USED_C] + _SLACK) > ctv.size or cnt[_NPOS] + _SLACK > outc.size):
        return _FULL
    pid = _pid(ct1, ct2, ctv, cnt, pos, n, True)
    v = outc[pid] >> (2 * side)
    if v & 1:
        return (v >> 1) & 1
    if cnt[_EXP] >= cnt[_LIMIT]:
        return _ABORT
    cnt[_EXP] += 1
    total = 0
    for k in range(n):
        total += rsc[pos[k]]
    moved = False
    nk = 0
    for k in range(n):
        r = pos[k]
        if k > 0 and pos[k - 1] == r:
            continue
        m = rules.children(game, ra[r], rb[r], side, ctx, raw[d])
        for j in range(m):
            moved = True
            c = kid[d, nk]
            for i in range(k):
                c[i] = pos[i]
            for i in range(k + 1, n):
                c[i - 1] = pos[i]
            nn = _split(game, raw[d, j, 0], raw[d, j, 1], c, n - 1, rt1, rt2, rtv, ra, rb, rsc, rval, cnt, ctx)
            cp = _pid(ct1, ct2, ctv, cnt, c, nn, False)
            if cp >= 0:
                w = outc[cp] >> (2 * (1 - side))
                if w & 1:
                    if (w >> 1) & 1 == 0:
                        _set(outc, pid, side, 1, game)
                        return 1
                    continue
            s = total - rsc[r]
            for i in range(nn):
                s += rsc[c[i]]
            ksc[d, nk] = s
            klen[d, nk] = nn
            i = nk  # insertion sort of the unknown children's indices by score (stable)
            while i > 0 and ksc[d, kord[d, i - 1]] > s:
                kord[d, i] = kord[d, i - 1]
                i -= 1
            kord[d, i] = nk
            nk += 1
    if not moved:
        win = 1 if misere else 0
        _set(outc, pid, side, win, game)
        return win
    for q in range(nk):
        o = kord[d, q]
        r = _solve(game, misere, rt1, rt2, rtv, ra, rb, rsc, rval, ct1, ct2, ctv, outc, cnt, ctx, raw, kid, klen,
                   ksc, kord, kid[d, o], klen[d, o], 1 - side, d + 1)
        if r < 0:
            return r
        if r == 0:
            _set(outc, pid, side, 1, game)
            return 1
    _set(outc, pid, side, 0, game)
    return 0


class _State:
    """The tables of one ruleset and play convention: regions (key -> id, bitboards, scores) and
    positions (cons cells -> id, outcomes by id: known/wins for Left, known/wins for Right)."""

    def __init__(self, game: int, misere: bool, size: int = 1 << 18) -> None:
        self.game, self.misere = game, misere
        _reserve(64 * size, "the region search's tables")
        self.rt = [np.zeros(size, np.int64) for _ in range(3)]
        self.rv = [np.zeros(size // 2, np.int64) for _ in range(4)]  # ra, rb, rsc, rval
        self.cnt = np.zeros(7, np.int64)
        self.cnt[_NREG] = 1
        self.cnt[_STAR] = _region(game, 3 if game == CRAM else 1, 0 if game == CRAM else 2, *self.rt, *self.rv[:3], self.cnt, np.zeros(rules.CTX, np.int64))
        self._new_positions(size)

    def _new_positions(self, size: int) -> None:
        self.ct = [np.zeros(size, np.int64) for _ in range(3)]
        self.outc = np.zeros(size // 2, np.int8)
        self.outc[0] = 15 if self.misere else 5  # the empty position: the mover has no move
        self.cnt[_NPOS], self.cnt[_USED_C] = 1, 0

    def grow(self) -> None:
        """Double the tables that are too full for one more expansion (or empty the position
        tables when the memory budget refuses them more room)."""
        c = self.cnt
        if 2 * (c[_USED_R] + _SLACK) > self.rt[2].size or c[_NREG] + _SLACK > self.rv[0].size:
            size = 2 * self.rt[2].size
            _reserve(36 * size, "the region search's region table")
            new = [np.zeros(size, np.int64) for _ in range(3)]
            _rehash(*self.rt, *new)
            self.rt = new
            self.rv = [np.concatenate([v, np.zeros(v.size, v.dtype)]) for v in self.rv]
        if 2 * (c[_USED_C] + _SLACK) > self.ct[2].size or c[_NPOS] + _SLACK > self.outc.size:
            size = 2 * self.ct[2].size
            try:
                _reserve(25 * size, "the region search's position table")
            except BudgetExceededError:
                if self.cnt[_NPOS] == 1:  # already empty: there is no room to search at all
                    raise
                self._new_positions(self.ct[2].size)  # exact: positions are searched again
                return
            new = [np.zeros(size, np.int64) for _ in range(3)]
            _rehash(*self.ct, *new)
            self.ct = new
            self.outc = np.concatenate([self.outc, np.zeros(self.outc.size, np.int8)])

    def solve(self, a: int, b: int, side: int) -> bool:
        """Does ``side`` to move win ``(a, b)``? Chunks of :data:`CHUNK` expansions, budget checks."""
        ctx = np.zeros(rules.CTX, np.int64)
        raw = np.empty((_DEPTH, _WIDTH, 2), np.int64)
        kid = np.empty((_DEPTH, _WIDTH, MAXR), np.int64)
        klen, ksc, kord = (np.zeros((_DEPTH, _WIDTH), np.int64) for _ in range(3))
        while True:
            if 2 * (self.cnt[_USED_R] + _SLACK) > self.rt[2].size or self.cnt[_NREG] + _SLACK > self.rv[0].size:
                self.grow()
                continue
            root = np.zeros(MAXR, np.int64)
            n = _split(self.game, a, b, root, 0, *self.rt, *self.rv, self.cnt, ctx)
            self.cnt[_LIMIT] = self.cnt[_EXP] + CHUNK
            r = _solve(self.game, self.misere, *self.rt, *self.rv, *self.ct, self.outc, self.cnt, ctx, raw, kid,
                       klen, ksc, kord, root, n, side, 0)
            if r >= 0:
                return bool(r)
            if r == _FULL:
                self.grow()
            try:
                _current().check(force=True)
            except BudgetExceededError as err:
                err.partial.update({"search": f"{'misère' if self.misere else 'normal'} regions",
                                    **stats(self.game, self.misere)})
                raise


_states: dict[tuple[int, bool], _State] = {}

#: whether the kernels have run in this process (loaded or compiled)
warm = False


@cache.on_clear
def _reset() -> None:
    _states.clear()


def stats(game: int, misere: bool = True) -> dict[str, int]:
    """Regions and positions interned, and positions expanded, by the searches of one ruleset
    and convention so far."""
    s = _states.get((game, misere))
    if s is None:
        return {"regions": 0, "positions": 0, "expansions": 0}
    return {"regions": int(s.cnt[_NREG]) - 1, "positions": int(s.cnt[_NPOS]), "expansions": int(s.cnt[_EXP])}


def wins(game: int, a: int, b: int, left: bool, misere: bool = True) -> bool:
    """Does the player to move (Left if ``left``) win the Cram (``a`` the free squares, ``b = 0``)
    or Clobber (``a`` Left's stones, ``b`` Right's) position ``(a, b)`` on the 64-bit board of
    :mod:`misere.rulesets.grid_bits` (at most 8 rows of 7 columns)? Misère play unless
    ``misere=False``. Raises :class:`~misere.errors.BudgetExceededError` when the budget in
    force runs out (checked after every :data:`CHUNK` expansions)."""
    global warm
    if game not in (CRAM, CLOBBER):
        raise ValueError(f"the region search serves Cram and Clobber, not game {game}")
    if not (0 <= a < 1 << 63 and 0 <= b < 1 << 63) or (a | b) & 0x8080808080808080:
        raise ValueError("position does not fit in a 64-bit board of 8 rows and 7 columns")
    if not warm:  # load (or compile, saying so) the kernels on tiny boards first
        with _jit.compiling(sys.modules[__name__], "the region searches"):
            for g, x, y in ((CRAM, 0x30303, 0), (CLOBBER, 0x5, 0x2)):
                _State(g, True).solve(x, y, 0)
        warm = True
    s = _states.get((game, misere))
    if s is None:
        s = _states[(game, misere)] = _State(game, misere)
    return s.solve(a, b, 0 if left else 1)
