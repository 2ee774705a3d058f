"""The rules of Domineering, Cram, Clobber, Konane and Toads and Frogs on 64-bit boards (numba
kernels), for the shared compiled search of :mod:`misere.rulesets.board_jit` (issue 10 item 3,
issue 23 item 3).

A position is two ``int64`` words ``(a, b)`` and a side to move (0 Left, 1 Right):

* **Domineering** (Milley 001 App. A): ``a`` the free squares, ``b = 0``; Left covers two free
  squares one above the other, Right two side by side. One exact shortcut (misère play): a mover
  whose opponent has no placement loses if she has one (moves only remove squares, so the
  opponent still has none after it) (:func:`settled`).
* **Cram** (Winning Ways ch. 22): ``a`` the free squares, ``b = 0``; a move covers two free
  squares side by side or one above the other, for either player (impartial).
* **Clobber** (Albert, Grossman, Nowakowski, Wolfe 2002): ``a`` Left's stones ``x``, ``b``
  Right's ``o``; a stone moves onto an orthogonally adjacent stone of the other colour, which
  is removed.
* **Konane** (Ernst 1995): ``a``, ``b`` as in Clobber; a stone jumps orthogonally over an
  adjacent stone of the other colour onto an empty square of the board (``ctx[ONBOARD]``),
  capturing it, and may go on jumping in the same direction (every stop is a move).
* **Toads and Frogs** (Winning Ways ch. 1): a strip of ``n`` squares, square ``i`` bit ``i``;
  ``a`` the toads (Left, moving right), ``b`` the frogs (Right, moving left) plus a sentinel
  bit ``n`` (so the word says the length); a creature moves one square into an empty square,
  or jumps one creature of the other kind into the empty square beyond.

Grids use the layout of :mod:`misere.rulesets.grid_bits` (square ``(r, c)`` is bit ``8 r + c``,
column 7 a guard that is never set), so a shift by 1 or 8 moves every square at once and a
shift never carries a square into the next row.

:func:`canon` puts a position in a canonical form, the least of its images under symmetries
that keep the game (the outcome is unchanged): the symmetries of the frame allowed by
``ctx[SYMS]`` (the eight of a square, the four reflections of another rectangle; for Konane,
whose empty squares matter, only those that map its board onto itself), and the
exchange of colours (Clobber, Konane: ``x`` and ``o`` swapped, Left and Right swapped), the
transposes of Domineering (which exchange Left's and Right's dominoes: the side flips), or the
reversal of a strip with toads and frogs exchanged (Toads and Frogs). Squares and stones that
can never take part in a move again are dropped first: Cram and Domineering squares with no
free neighbour, Clobber's 4-connected groups of stones of one colour (the occupied squares only
shrink, so no one ever moves in them), frogs packed against the left end of a strip and toads
packed against its right end (the strip is cut there; :func:`misere.rulesets.toads_frogs.cut`).
Cram and Clobber positions are also translated to touch row 0 and column 0 and take their
symmetries in the frame of their own bounding box (their games do not depend on the empty
squares around them), so a shape met anywhere on the board is one entry.

numba caches each kernel by its own file: after editing this module, touch
:mod:`misere.rulesets.board_jit` too (its cached kernels inline these).
"""
from __future__ import annotations

import numpy as np

from misere.core.jit import njit as _njit
from misere.rulesets.bits_jit import _flip, _key, _mirror, _popcount, _transpose

__all__ = ["DOMINEERING", "CRAM", "CLOBBER", "KONANE", "TOADS", "ROWS", "COLS", "ONBOARD", "SYMS",
           "MISERE", "WEIGHTED", "CTX", "children", "canon", "score", "settled", "image", "table_key",
           "MAX_KIDS"]

DOMINEERING, CRAM, CLOBBER, KONANE, TOADS = 0, 1, 2, 3, 4
#: the fields of the ``ctx`` array passed to every kernel (WEIGHTED: replacement by subtree size)
ROWS, COLS, ONBOARD, SYMS, MISERE, WEIGHTED = 0, 1, 2, 3, 4, 5
CTX = 6
#: most moves of one player: Konane on 8 x 7 (every start and landing square in one line at
#: an even distance: 8 rows x 18 + 7 columns x 24 = 312); Cram and Clobber at most 97
MAX_KIDS = 320
_REV8 = np.array([int(f"{i:08b}"[::-1], 2) for i in range(256)], np.int64)


@_njit(cache=True)
def _near(x):  # pragma: no cover - compiled
    """Squares with an orthogonal neighbour in ``x`` (guard bits and bit 63 may be set)."""
    return (x << 1) | (x >> 1) | (x << 8) | (x >> 8)


@_njit(cache=True)
def _fwd(x, d):  # pragma: no cover - compiled
    """Move every square of ``x`` by ``d`` bits (``d`` in +-1, +-8; ``x`` non-negative)."""
    return x << d if d > 0 else x >> (-d)


@_njit(cache=True)
def image(x, g, rows, cols):  # pragma: no cover - compiled
    """Symmetry ``g`` of the ``rows x cols`` frame applied to ``x``: bit 2 transposes first (the
    frame becomes ``cols x rows``), then bit 0 reflects in the vertical axis, bit 1 in the
    horizontal one."""
    h, w = rows, cols
    if g & 4:
        x = _transpose(x)
        h, w = cols, rows
    if g & 1:
        x = _mirror(x, w)
    if g & 2:
        x = _flip(x, h)
    return x


@_njit(cache=True)
def _orbit(x, rows, cols, trans):  # pragma: no cover - compiled
    """The eight images :func:`image` ``g`` of ``x``, g = 0..7 (the last four are ``x`` again
    unless ``trans``), each reflection and the transpose computed once."""
    m = _mirror(x, cols)
    if not trans:
        return (x, m, _flip(x, rows), _flip(m, rows), x, x, x, x)
    t = _transpose(x)
    tm = _mirror(t, rows)
    return (x, m, _flip(x, rows), _flip(m, rows), t, tm, _flip(t, cols), _flip(tm, cols))


@_njit(cache=True)
def _box(x):  # pragma: no cover - compiled
    """(bits to shift ``x`` right by to touch row 0 and column 0, rows, columns of its box)."""
    if x == 0:
        return 0, 1, 1
    r0 = _popcount((x & -x) - 1) >> 3
    y = x >> (8 * r0)
    c = y | (y >> 32)
    c |= c >> 16
    c |= c >> 8
    c &= 0xFF
    c0 = _popcount((c & -c) - 1)
    y >>= c0
    return 8 * r0 + c0, (_bitlen(y) + 7) >> 3, _bitlen(c) - c0


@_njit(cache=True)
def _rev(x, n):  # pragma: no cover - compiled
    """Bits ``0 .. n-1`` of ``x`` in reverse order (``n <= 56``)."""
    r = 0
    for k in range(7):
        r |= _REV8[(x >> (8 * k)) & 255] << (48 - 8 * k)
    return r >> (56 - n)


@_njit(cache=True)
def _bitlen(x):  # pragma: no cover - compiled
    n = 0
    while x:
        x >>= 1
        n += 1
    return n


@_njit(cache=True)
def _least_pair(a, b, side, ctx, swap):  # pragma: no cover - compiled
    """The least ``(a, b)`` over the allowed symmetries, and with colours exchanged (side flipped)
    when ``swap``; a position equal to an image of its colour swap takes side 0 (both sides to
    move are the same game up to symmetry then)."""
    rows, cols, syms = ctx[ROWS], ctx[COLS], ctx[SYMS]
    oa = _orbit(a, rows, cols, syms >> 4 != 0)
    ob = _orbit(b, rows, cols, syms >> 4 != 0)
    ua, ub = a, b
    sa, sb = b, a
    for g in range(8):
        if syms >> g & 1:
            ia, ib = oa[g], ob[g]
            if ia < ua or (ia == ua and ib < ub):
                ua, ub = ia, ib
            if ib < sa or (ib == sa and ia < sb):
                sa, sb = ib, ia
    if not swap or ua < sa or (ua == sa and ub < sb):
        return ua, ub, side
    if ua == sa and ub == sb:
        return ua, ub, 0  # the position is its own colour swap: either side, say Left's
    return sa, sb, 1 - side


@_njit(cache=True)
def canon(game, a, b, side, ctx):  # pragma: no cover - compiled
    """``(a, b, side)`` in canonical form (dead material dropped, least image)."""
    if game == CRAM:
        a &= _near(a)
        sh, h, w = _box(a)
        a >>= sh
        o = _orbit(a, h, w, h <= 7)
        best = a
        for g in range(1, 8 if h <= 7 else 4):
            best = min(best, o[g])
        return best, 0, 0
    if game == CLOBBER:
        rest = a | b
        while rest:  # drop every 4-connected group of one colour (no move in it, ever)
            g = rest & -rest
            while True:
                g2 = (g | _near(g)) & rest
                if g2 == g:
                    break
                g = g2
            rest ^= g
            if not (g & a) or not (g & b):
                a &= ~g
                b &= ~g
        sh, h, w = _box(a | b)
        a >>= sh
        b >>= sh
        oa = _orbit(a, h, w, h <= 7)
        ob = _orbit(b, h, w, h <= 7)
        ua, ub = a, b
        sa, sb = b, a
        for g in range(8 if h <= 7 else 4):
            ia, ib = oa[g], ob[g]
            if ia < ua or (ia == ua and ib < ub):
                ua, ub = ia, ib
            if ib < sa or (ib == sa and ia < sb):
                sa, sb = ib, ia
        if ua < sa or (ua == sa and ub < sb):
            return ua, ub, side
        if ua == sa and ub == sb:
            return ua, ub, 0
        return sa, sb, 1 - side
    if game == DOMINEERING or game == CRAM:
        a &= _near(a)
        syms = ctx[SYMS]
        o = _orbit(a, ctx[ROWS], ctx[COLS], syms >> 4 & 1)
        u, t = a, o[4]
        for g in range(1, 8):
            if syms >> g & 1:
                if g < 4:
                    u = min(u, o[g])
                else:
                    t = min(t, o[g])
        if game == CRAM:  # impartial: the side to move does not matter
            return min(u, t) if syms >> 4 & 1 else u, 0, 0
        # Domineering: transposes (g >= 4) exchange the players' dominoes
        if not syms >> 4 & 1 or u < t:
            return u, 0, side
        return t, 0, 0 if t == u else 1 - side
    if game == CLOBBER or game == KONANE:
        if game == CLOBBER:
            keep = _near(a | b)
            a &= keep
            b &= keep
        return _least_pair(a, b, side, ctx, True)
    # Toads and Frogs: cut frogs packed at the left end and toads packed at the right end
    n = _bitlen(b) - 1
    f = b ^ (1 << n)
    k = 0
    while k < n and f >> k & 1:
        k += 1
    a >>= k
    f >>= k
    n -= k
    while n > 0 and a >> (n - 1) & 1:
        n -= 1
        a ^= 1 << n
    if n == 0:
        return 0, 1, 0  # the empty strip
    ra, rf = _rev(f, n), _rev(a, n)
    if ra < a or (ra == a and rf < f):
        return ra, rf | (1 << n), 1 - side
    return a, f | (1 << n), 0 if ra == a and rf == f else side


@_njit(cache=True)
def _mobility(game, a, b, side, ctx):  # pragma: no cover - compiled
    """How many moves ``side`` has (Konane: single jumps only; for move ordering)."""
    if game == DOMINEERING:
        return _popcount(a & (a >> (8 if side == 0 else 1)))
    if game == CRAM:
        return _popcount(a & (a >> 1)) + _popcount(a & (a >> 8))
    if game == TOADS:
        n = _bitlen(b) - 1
        f = b ^ (1 << n)
        empty = ((1 << n) - 1) & ~(a | f)
        if side == 0:
            return _popcount(a & (empty >> 1)) + _popcount(a & (f >> 1) & (empty >> 2))
        return _popcount(f & (empty << 1)) + _popcount(f & (a << 1) & (empty << 2))
    me, you = (a, b) if side == 0 else (b, a)
    if game == CLOBBER:
        return (_popcount(me & (you >> 1)) + _popcount(me & (you << 1)) + _popcount(me & (you >> 8))
                + _popcount(me & (you << 8)))
    empty = ctx[ONBOARD] & ~(a | b)
    return (_popcount(me & (you >> 1) & (empty >> 2)) + _popcount(me & (you << 1) & (empty << 2))
            + _popcount(me & (you >> 8) & (empty >> 16)) + _popcount(me & (you << 8) & (empty << 16)))


@_njit(cache=True)
def score(game, a, b, side, ctx):  # pragma: no cover - compiled
    """Order of trial of a child whose mover is ``side`` (least first): 2 x the mover's moves
    minus the other's (the order of :mod:`misere.rulesets.grid_jit`, seen from the child)."""
    if game == CRAM or game == CLOBBER:  # both players have the same number of moves
        return _mobility(game, a, b, side, ctx)
    return 2 * _mobility(game, a, b, side, ctx) - _mobility(game, a, b, 1 - side, ctx)


@_njit(cache=True)
def settled(game, a, b, side, ctx):  # pragma: no cover - compiled
    """0 when the mover, who has a move, is known to lose at once (misère Domineering: the
    opponent has no placement now nor after any move); -1 otherwise."""
    if game == DOMINEERING and ctx[MISERE] and _mobility(game, a, b, 1 - side, ctx) == 0:
        return 0
    return -1


@_njit(cache=True)
def _push(out, n, a, b):  # pragma: no cover - compiled
    out[n, 0] = a
    out[n, 1] = b
    return n + 1


@_njit(cache=True)
def _dominoes(out, n, a, step):  # pragma: no cover - compiled
    """Append every domino on squares ``i, i + step`` both free in ``a``; the new count."""
    pairs = a & (a >> step)
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        n = _push(out, n, a ^ low ^ (low << step), 0)
    return n


@_njit(cache=True)
def children(game, a, b, side, ctx, out):  # pragma: no cover - compiled
    """Write every move of ``side`` from ``(a, b)`` into the rows of ``out``; return how many."""
    n = 0
    if game == DOMINEERING:
        return _dominoes(out, n, a, 8 if side == 0 else 1)
    if game == CRAM:
        return _dominoes(out, _dominoes(out, n, a, 1), a, 8)
    if game == TOADS:
        ln = _bitlen(b) - 1
        f = b ^ (1 << ln)
        empty = ((1 << ln) - 1) & ~(a | f)
        for jump in (1, 2):
            if side == 0:
                src = a & (empty >> jump) if jump == 1 else a & (f >> 1) & (empty >> 2)
            else:
                src = f & (empty << jump) if jump == 1 else f & (a << 1) & (empty << 2)
            while src:
                low = src & -src
                src ^= low
                if side == 0:
                    n = _push(out, n, a ^ low ^ (low << jump), b)
                else:
                    n = _push(out, n, a, b ^ low ^ (low >> jump))
        return n
    me, you = (a, b) if side == 0 else (b, a)
    onb = ctx[ONBOARD]
    for d in (1, -1, 8, -8):
        if game == CLOBBER:
            src = me & (you >> d) if d > 0 else me & (you << (-d))
            while src:
                low = src & -src
                src ^= low
                tgt = _fwd(low, d)
                m2, y2 = me ^ low ^ tgt, you ^ tgt
                n = _push(out, n, m2, y2) if side == 0 else _push(out, n, y2, m2)
            continue
        src = me
        while src:  # Konane: every stone, every number of jumps in direction d
            low = src & -src
            src ^= low
            m2, y2, at = me, you, low
            while True:
                over = _fwd(at, d)
                land = _fwd(over, d)
                if not (y2 & over) or not (onb & ~(m2 | y2) & land):
                    break
                m2 ^= at ^ land
                y2 ^= over
                at = land
                n = _push(out, n, m2, y2) if side == 0 else _push(out, n, y2, m2)
    return n


@_njit(cache=True)
def table_key(game, a, b):  # pragma: no cover - compiled
    """The table key words of a canonical position: ``(k1, k2)`` with ``k2 < 2**56``."""
    if game == CRAM or game == DOMINEERING:
        return 0, _key(a)
    if game == TOADS:
        return a, b
    return a, _key(b)
