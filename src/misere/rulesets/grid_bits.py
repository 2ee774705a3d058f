"""Bitmask boards for placement games on grids, and a fast misère search for Domineering.

A board with at most 7 columns is one int: square ``(r, c)`` is bit ``8 r + c``; column 7 of
every row is a guard that is never set, so shifting by 1 never carries a square into the next
row. A vertical domino (Left) covers bits ``i, i + 8``, a horizontal one (Right) ``i, i + 1``,
so ``b & (b >> 8)`` marks every Left placement at once.

The search (:func:`domineering_wins`) is depth-first (recursive: a board of at most 8 rows is at
most 28 moves deep, and recursion is twice as fast as an explicit stack here), memoised in two
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

With numba installed a board that needs more than :data:`PYTHON_FIRST` positions runs compiled
(:mod:`misere.rulesets.grid_jit`: every position stored under its least reflection or transpose,
a bounded transposition table with replacement, a weighted move order; about 25x faster than the
naive bitmask search on rectangles up to 5x5 once loaded); small boards in a fresh process stay in
Python, which is faster than loading numba.

References: Domineering, Milley 001 App. A; misère play, Siegel 003 §2.
"""
from __future__ import annotations

import sys
from typing import Iterable

from misere import budget
from misere.errors import BudgetExceededError
from misere.core import cache

__all__ = ["STRIDE", "PYTHON_FIRST", "compiled_loaded", "pack_cells", "normalise", "domineering_wins",
           "domineering_outcome_pair"]

STRIDE = 8
#: positions the pure-Python search may expand on a board before it is handed to the compiled
#: search (when the compiled kernels are not loaded yet): ~0.3 s, more than every rectangle up to
#: 5x5 needs together (63 516 positions), far less than loading numba and the kernels (~0.8 s)
PYTHON_FIRST = 100_000
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


class _Handover(Exception):
    """The Python search expanded its allowance: the board goes to the compiled search."""


def _python_wins(b: int, left: bool, limit: int | None = None) -> bool:
    """Does the mover win ``b``? Pure Python, recursive (a board of at most 8 x 7 squares is at
    most 28 moves deep), memoised in the tables shared by all calls. A position is won iff some
    child is lost for the opponent; every child is looked up first (one known lost ends the
    node), the others are tried fewest (opponent's placements - mover's) first. Two exact
    shortcuts of misère play (placements are never created, only removed): a mover whose
    opponent has no placement loses if she has one herself, and a child in which the opponent
    has a placement and the mover none is lost for the opponent. Raises
    :class:`_Handover` after ``limit`` expansions; the memo stays exact."""
    left_memo, right_memo = _memo
    count = [0]

    def wins(b: int, left: bool) -> bool:
        count[0] += 1
        if not count[0] & 1023:
            budget.check()
            if limit is not None and count[0] > limit:
                raise _Handover
        step, ostep = (STRIDE, 1) if left else (1, STRIDE)
        mine, theirs = (left_memo, right_memo) if left else (right_memo, left_memo)
        pairs = b & (b >> step)
        if not pairs:
            mine[b] = True
            return True  # no move: the player to move wins (misère)
        if not b & (b >> ostep):  # the opponent has no placement, now nor after any move: she wins
            mine[b] = False
            return False
        get, kids = theirs.get, []
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            c = b ^ low ^ (low << step)
            r = get(c)
            if r is False:
                mine[b] = True
                return True
            if r is None:
                o, m = (c & (c >> ostep)).bit_count(), (c & (c >> step)).bit_count()
                if not m and o:  # she must move, then the mover has no placement and wins
                    mine[b] = True
                    return True
                if o:  # (o == 0: she has no placement and wins that child)
                    kids.append((o - m, c))
        kids.sort()
        for _, c in kids:
            if not wins(c, not left):
                mine[b] = True
                return True
        mine[b] = False
        return False

    r = (left_memo if left else right_memo).get(b)
    if r is not None:
        return r
    try:
        return wins(b, left)
    except BudgetExceededError as err:  # say what the search holds when it stops
        err.partial.setdefault("positions_stored", len(left_memo) + len(right_memo))
        tb, depth = err.__traceback__, -1  # the recursion's frames: one a move on the path
        while tb is not None:
            depth += tb.tb_frame.f_code is wins.__code__
            tb = tb.tb_next
        err.partial.setdefault("search_depth", depth)
        raise


def compiled_loaded() -> bool:
    """Whether the compiled board searches (:mod:`misere.rulesets.board_jit`, Domineering's
    too, or :mod:`misere.rulesets.region_jit`) have run in this process, so a caller with a choice of engine uses them at once;
    looked up without importing numba."""
    return any(getattr(sys.modules.get(f"misere.rulesets.{m}"), "warm", False) for m in ("board_jit", "region_jit"))


def domineering_wins(b: int, left: bool, compiled: bool | None = None) -> bool:
    """Does the player to move (Left: vertical dominoes) win board ``b`` in misère play?

    ``compiled=True`` runs the compiled search of :mod:`misere.rulesets.grid_jit` on boards of
    at most 8 rows; ``False`` the pure-Python search below (same order, any number of rows).
    ``None`` (default) chooses by the work: the compiled search when its kernels are loaded in
    this process already, else the Python search for up to :data:`PYTHON_FIRST` positions and
    the compiled one (loaded, or compiled once per machine with a note on stderr) only for a
    board that needs more, so small boards never pay for numba (issue 23 item 4). The Python
    search's memo is exact, so positions it settled before handing over stay valid.
    """
    b = normalise(b)
    fits = b < 1 << 63  # 8 rows at most: one int64
    if compiled is False or not fits:
        return _python_wins(b, left)
    if compiled is None and not compiled_loaded():
        try:
            return _python_wins(b, left, PYTHON_FIRST)
        except _Handover:
            pass
    from misere.rulesets import grid_jit  # numba is imported on first use only
    if not (grid_jit.available or compiled):
        return _python_wins(b, left)
    return grid_jit.wins(b, left)


def domineering_outcome_pair(b: int, compiled: bool | None = None) -> tuple[bool, bool]:
    """(Left wins moving first, Right wins moving first) on board ``b``, misère play."""
    return domineering_wins(b, True, compiled), domineering_wins(b, False, compiled)
