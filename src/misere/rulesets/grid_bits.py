"""Bitmask boards for placement games on grids, and a fast misère search for Domineering.

A board with at most 7 columns is one int: square ``(r, c)`` is bit ``8 r + c``; column 7 of
every row is a guard that is never set, so shifting by 1 never carries a square into the next
row. A vertical domino (Left) covers bits ``i, i + 8``, a horizontal one (Right) ``i, i + 1``,
so ``b & (b >> 8)`` marks every Left placement at once.

The search (:func:`domineering_wins`) is depth-first with an explicit stack, memoised in two
tables shared by all calls (``cache.clear()`` empties them). Before recursing, every child is
looked up (a child known lost for the opponent ends the search), and the others are tried in
order of (opponent's placements - mover's placements) after the move, fewest first: on empty
rectangles up to 5x5 this explores about half the positions of the plain lowest-square-first
order. Roots are normalised by translation and by the reflections in a horizontal or vertical
axis (they keep Domineering as it is; a transpose swaps Left and Right), so repeated calls and
sub-boards share work.

We measured the alternatives the issue suggested: splitting every position into normalised
connected regions and searching multisets of region shapes explores fewer positions (about
24 000 instead of 35 000 at 5x5), but in pure Python the flood fill and normalisation of each
child cost more than they save, up to 5x5 and at 6x6 alike (see benchmarks/README.md).

With numba installed the search runs compiled (:mod:`misere.rulesets.grid_jit`: every position
stored under its least reflection or transpose, a bounded transposition table with replacement,
a weighted move order; about 25x faster than the naive bitmask search on rectangles up to 5x5).

References: Domineering, Milley 001 App. A; misère play, Siegel 003 §2.
"""
from __future__ import annotations

from typing import Iterable

from misere.core.search import mover_wins
from misere.core import cache

__all__ = ["STRIDE", "pack_cells", "normalise", "domineering_wins", "domineering_outcome_pair"]

STRIDE = 8
_REV = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))

_memo: tuple[dict[int, bool], dict[int, bool]] = (
    cache.table("domineering_bits_left_first"), cache.table("domineering_bits_right_first"))


def pack_cells(cells: Iterable[tuple[int, int]]) -> int:
    """The bitmask of a set of ``(row, column)`` cells with columns in ``0..6``."""
    b = 0
    for r, c in cells:
        if not 0 <= c < STRIDE - 1 or r < 0:
            raise ValueError(f"cell {(r, c)!r} outside a board of width {STRIDE - 1}")
        b |= 1 << (STRIDE * r + c)
    return b


def normalise(b: int) -> int:
    """The least of the four reflections of ``b`` after translating it to the origin."""
    if not b:
        return 0
    low = (b & -b).bit_length() - 1
    b >>= (low >> 3) << 3
    c, s, n = b, STRIDE, b.bit_length()
    while s < n:  # fold every row onto row 0: the columns in use
        c |= c >> s
        s <<= 1
    c &= 0xFF
    c0 = (c & -c).bit_length() - 1
    b >>= c0
    rows = b.to_bytes((b.bit_length() + 7) >> 3, "little")
    shift = STRIDE - (c >> c0).bit_length()
    mirror = rows.translate(_REV)
    return min(b, int.from_bytes(rows[::-1], "little"), int.from_bytes(mirror, "little") >> shift,
               int.from_bytes(mirror[::-1], "little") >> shift)


def _expand(b: int, left: bool, memo: tuple[dict[int, bool], dict[int, bool]]) -> bool | list[int]:
    """The result when known without recursion (misère), else the children to search."""
    step, ostep = (STRIDE, 1) if left else (1, STRIDE)
    pairs = b & (b >> step)
    if not pairs:
        return True  # no move: the player to move wins
    get = memo[not left].get
    kids = []
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        c = b ^ low ^ (low << step)
        r = get(c)
        if r is False:
            return True
        if r is None:
            kids.append(((c & (c >> ostep)).bit_count() - (c & (c >> step)).bit_count(), c))
    if not kids:
        return False
    kids.sort()
    return [c for _, c in kids]


def domineering_wins(b: int, left: bool, compiled: bool | None = None) -> bool:
    """Does the player to move (Left: vertical dominoes) win board ``b`` in misère play?

    ``compiled`` (default: when numba is installed) runs the compiled search of
    :mod:`misere.rulesets.grid_jit` on boards of at most 8 rows; ``False`` the pure-Python
    search below (same order, any number of rows).
    """
    b = normalise(b)
    if (compiled is None or compiled) and b < 1 << 63:  # 8 rows at most: one int64
        from misere.rulesets import grid_jit  # numba is imported on first use only
        if grid_jit.available or compiled:
            return grid_jit.wins(b, left)
    return _python_wins(b, left)


def _python_wins(b: int, left: bool) -> bool:
    """:func:`domineering_wins` in pure Python, memoised in tables shared by all calls."""
    return mover_wins(b, left, lambda pos, side: _expand(pos, side, _memo), _memo, flip=lambda s: not s)


def domineering_outcome_pair(b: int, compiled: bool | None = None) -> tuple[bool, bool]:
    """(Left wins moving first, Right wins moving first) on board ``b``, misère play."""
    return domineering_wins(b, True, compiled), domineering_wins(b, False, compiled)
