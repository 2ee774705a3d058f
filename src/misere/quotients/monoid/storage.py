"""Multiplication tables and P-masks held as Python lists (small) or numpy arrays (large).

A quotient of a few dozen elements (0.123: 20, Kayles 0.77: 40) is computed faster with plain
lists than with numpy, whose import alone costs more than the whole computation (issue 10,
item 5: ``misere quotient 0.123`` in 0.25 s). So tables, P-masks and candidate monoids of at
most :data:`SMALL_ORDER` elements are Python lists (a table is its list of rows, a P-mask a list
of bools) and numpy is imported only when something grows past it. Every function of the
quotient engine accepts both representations; the helpers here are the few operations whose
implementation depends on it. The representation never changes a result: the tests run the
same quotients with every table held either way and compare every field.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["SMALL_ORDER", "small", "is_array", "column", "columns_array", "p_mask", "nonzero", "count", "set_bits", "as_lists",
           "rows_of"]

#: tables and candidate monoids of at most this many elements are held as Python lists (measured
#: in benchmarks/README.md, "Start-up": lists are faster up to a few hundred elements)
SMALL_ORDER = 256

Table = Any  # list of rows, a square numpy array, or an ActionMonoid (no table: actions)
Mask = Any  # list of bool or a numpy bool array


def small(order: int) -> bool:
    """Whether a table or candidate of ``order`` elements is held as Python lists."""
    return order <= SMALL_ORDER


def is_array(x: object) -> bool:
    """Whether ``x`` is a numpy array or scalar (tested without importing numpy)."""
    return type(x).__module__ == "numpy"


def column(table: Table, v: int) -> list[int]:
    """Column ``v`` of a table as a list: ``x -> x * v`` for every element ``x``."""
    if hasattr(table, "column_array"):  # an ActionMonoid stands in for its table
        return table.column(v)
    if is_array(table):
        return table[:, v].tolist()
    return [row[v] for row in table]


def columns_array(table: Table, vs: Sequence[int]):
    """Columns ``vs`` of a table (or an ActionMonoid) as an ``int32`` array of shape
    ``(len(vs), order)``: all the quotient engine's searches need, never the whole table."""
    import numpy as np

    vs = [int(v) for v in vs]
    if hasattr(table, "column_array"):
        if not vs:
            return np.zeros((0, len(table)), dtype=np.int32)
        return np.stack([table.column_array(v) for v in vs])
    if is_array(table):
        return np.ascontiguousarray(np.asarray(table)[:, vs].T, dtype=np.int32)
    return np.asarray([[row[v] for row in table] for v in vs], dtype=np.int32
                      ).reshape(len(vs), len(table))


def p_mask(table: Table, is_p: Mask, v: int) -> int:
    """The elements ``x`` with ``x * v`` in P, as the bits of a Python integer.

    Bitsets make the tests of the solver (``T(n)`` inside ``Mex(x)``; P-failures, notes E.2)
    one ``&`` per pair of elements at every size.
    """
    if is_array(table) or hasattr(table, "column_array"):
        import numpy as np

        col = table.column_array(v) if hasattr(table, "column_array") else table[:, v]
        bits = np.packbits(np.asarray(is_p, dtype=bool)[col], bitorder="little")
        return int.from_bytes(bits.tobytes(), "little")
    out = 0
    for x, row in enumerate(table):
        if is_p[row[v]]:
            out |= 1 << x
    return out


def nonzero(mask: Mask) -> list[int]:
    """Indices of the true entries of a mask, increasing."""
    if is_array(mask):
        import numpy as np

        return np.flatnonzero(mask).tolist()
    return [i for i, b in enumerate(mask) if b]


def count(mask: Mask) -> int:
    """Number of true entries of a mask."""
    if is_array(mask):
        return int(mask.sum())
    return sum(1 for b in mask if b)


def set_bits(bits: int) -> list[int]:
    """Positions of the set bits of a non-negative integer, increasing."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def as_lists(table: Table) -> list[list[int]]:
    """A table as its list of rows (numpy arrays are converted; lists returned as they are)."""
    return table.tolist() if is_array(table) else table


def rows_of(table: Sequence[Sequence[int]]) -> list[list[int]]:
    """A table given as any sequence of rows, as a list of lists of ``int``."""
    if isinstance(table, list) and all(type(r) is list for r in table):
        return table
    return [[int(v) for v in r] for r in table]
