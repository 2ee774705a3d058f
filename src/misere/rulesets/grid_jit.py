"""The compiled misère Domineering search over 64-bit boards (issue 10 item 3), numba when present:
Domineering's entry point to the search shared by the board rulesets, :mod:`misere.rulesets.board_jit`
(driver) with the rules of :mod:`misere.rulesets.board_rules_jit` (``DOMINEERING``).

Boards are the bitmasks of :mod:`misere.rulesets.grid_bits` (square ``(r, c)`` is bit
``8 r + c``, column 7 a guard), so a board of at most 8 rows and 7 columns is one ``int64``.
The search is the definition of misère play (Siegel 003 §2: a player with no move wins), as
:func:`misere.rulesets.grid_bits.domineering_wins`: depth first with an explicit stack, every
child looked up first (one known lost for the opponent ends the node), the others tried in
order of 2 x (opponent's placements) - (mover's placements) after the move, fewest first (of
eight orders measured on 6x6 and 6x7 it expanded the fewest positions, see
benchmarks/README.md; the other seven were dropped when the search became shared). Two exact
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
expansions below the node), kept by :mod:`misere.rulesets.board_jit`: it grows by doubling
while it is 70 % full, up to ``board_jit.MAX_SLOTS`` (or what :func:`misere.budget.reserve`
allows), and then replaces entries. The answer is exact whatever the table size: a lost entry
is searched again, and the game tree is finite and acyclic. :func:`configure` sets the size
(the 7x7 run uses 2**28 slots). The kernel runs at most ``board_jit.CHUNK`` expansions per call
and returns to Python, which checks the budget and resumes where it stopped.

References: Domineering, Milley 001 App. A; misère play, Siegel 003 §2.
"""
from __future__ import annotations

import numpy as np

from misere.core.jit import available
from misere.rulesets import board_jit
from misere.rulesets import board_rules_jit as _rules
from misere.rulesets.bits_jit import _flip, _key, _mirror, _popcount, _transpose  # noqa: F401 - re-exported

__all__ = ["available", "wins", "configure", "stats", "SYMMETRY", "WEIGHTED"]

#: symmetries used in canonical forms: 0 none, 1 the reflections, 2 and the transposes
SYMMETRY = 2
#: replacement: evict the entry with the smallest subtree (True) or simply the oldest (False)
WEIGHTED = True


def _canon(b: int, side: int, rows: int, cols: int, sym: int) -> tuple[int, int]:
    """(board, side) in the canonical form the search stores (dead squares dropped, least image
    under the symmetries of level ``sym``; a transposed image swaps the side to move)."""
    ctx = np.zeros(_rules.CTX, np.int64)
    ctx[_rules.ROWS], ctx[_rules.COLS] = rows, cols
    ctx[_rules.SYMS] = board_jit._symmetries(_rules.DOMINEERING, rows, cols, 0, sym)
    a, _, s = _rules.canon(_rules.DOMINEERING, b, 0, side, ctx)
    return int(a), int(s)


def configure(slots: int, max_slots: int | None = None) -> None:
    """Start a fresh table of ``slots`` slots (8 bytes each) that grows up to ``max_slots``
    (default: ``slots``, i.e. a fixed size with replacement); :func:`misere.rulesets.board_jit.configure`."""
    board_jit.configure(slots, max_slots)


def stats() -> dict[str, int]:
    """Slots, slots in use, entries evicted, stores, and positions expanded by the searches that
    used the Domineering table so far."""
    return board_jit.stats(board_jit.DOMINEERING)


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
    if not 0 <= b < 1 << 63:
        raise ValueError(f"board {b:#x} does not fit in 63 bits")
    rows, cols = _frame(b)
    return board_jit.wins(board_jit.DOMINEERING, b, 0, left, max(rows, 1), max(cols, 1),
                          on_chunk=on_chunk, symmetry=SYMMETRY, weighted=WEIGHTED)
