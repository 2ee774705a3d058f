"""Pascal's Beans (seed 002 §3): beans slide up Pascal's triangle; each bean is a component.

A bean on the interior cell ``(r, c)`` (row ``r >= 2``, ``1 <= c <= r - 1``) moves to
``(r-1, c-1)`` or ``(r-1, c)``; a bean reaching the boundary (``c = 0`` or ``c = r``) leaves
play. Positions are multisets of occupied interior cells, so the game is a heap game whose
"heaps" are the cells, numbered row by row.
"""
from __future__ import annotations

from misere.errors import RulesetError
from misere.impartial.heap import HeapGame

__all__ = ["pascal_beans", "cell_index", "cell_of"]


def cell_index(r: int, c: int) -> int:
    """Heap number of interior cell ``(r, c)`` (``(2, 1)`` is heap 1)."""
    if r < 2 or not 1 <= c <= r - 1:
        raise RulesetError(f"({r}, {c}) is not an interior cell of Pascal's triangle")
    return (r - 1) * (r - 2) // 2 + c


def cell_of(n: int) -> tuple[int, int]:
    """Inverse of :func:`cell_index`."""
    r = 2
    while cell_index(r, r - 1) < n:
        r += 1
    return r, n - (r - 1) * (r - 2) // 2


def pascal_beans(rows: int = 12) -> HeapGame:
    """Pascal's Beans on rows ``0..rows`` of the triangle.

    Examples
    --------
    >>> g = pascal_beans(4)
    >>> g.options(cell_index(4, 2))
    ((2,), (3,))
    """
    if rows < 2:
        raise RulesetError("Pascal's Beans needs at least rows 0..2")

    def moves(n: int):
        r, c = cell_of(n)
        for cc in (c - 1, c):
            yield (cell_index(r - 1, cc),) if 1 <= cc <= r - 2 else ()

    last = cell_index(rows, rows - 1)
    labels = ["-"] + [str(cell_of(n)) for n in range(1, last + 1)]
    return HeapGame(f"pascal-beans:{rows}", moves, labels=labels, max_heap=last)
