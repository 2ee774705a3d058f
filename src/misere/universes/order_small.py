"""The ≥-matrix of a small follower-closed set of forms in one compiled pass.

The same options-only tests as :mod:`misere.universes.order` — general misère play (Siegel 003
Thm 5.3 with downlinking by Thm 5.4), the dicot and dead-ending universes (004 Thms 16–17), the
blocking universe (Davies–Miller–Milley 2506.05257 Thm 2.1 with the strong test of
Davies–Milley 2026 Thm 3.1), normal play — written as one loop over pairs instead of numpy
blocks. :class:`~misere.universes.order.OrderTable` is built for thousands of forms, where
its packed row operations pay off; on the hundred-odd forms of the sums of two followers that
the pruned sum search compares (:mod:`misere.universes.sum_theory`) its per-block numpy calls
cost ~40 ms, this loop well under a millisecond.

With ``ND[a, b]`` ("a is not downlinked to b": some a^L ≥ b or some b^R ≤ a) and the
universe's end condition ``E`` (from the table's per-form facts):

    GE[a, b] = E[a, b] ∧ ND[a, b^L] for every b^L ∧ ND[a^R, b] for every a^R

and in normal play ``GE[a, b]`` iff no ``a^R ≤ b`` and no ``b^L ≥ a``. Forms are indexed by
birthday, so every option has a smaller index than its form and every entry depends only on
pairs of smaller index sum: the pairs are visited by increasing ``i + j``.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.jit import available, njit
from ..core.ops import options
from ..core.table import GameId, birthday, left, right
from .order import OrderTable

__all__ = ["small_matrix", "available"]


@njit(cache=True)
def _order(ls, lo, rs, ro, end, normal):  # pragma: no cover - compiled
    """``GE`` of forms ``0..n-1`` (options as CSR ``ls/lo``, ``rs/ro``; ``end``: E)."""
    n = end.shape[0]
    ge = np.zeros((n, n), np.bool_)
    nd = np.zeros((n, n), np.bool_)
    for s in range(2 * n - 1):
        for i in range(max(0, s - n + 1), min(s, n - 1) + 1):
            j = s - i
            ok = normal or end[i, j]
            if normal:
                for k in range(rs[i], rs[i + 1]):  # some G^R ≤ H
                    if ge[j, ro[k]]:
                        ok = False
                for k in range(ls[j], ls[j + 1]):  # some H^L ≥ G
                    if ge[lo[k], i]:
                        ok = False
            else:
                for k in range(ls[j], ls[j + 1]):  # G downlinked to some H^L
                    if ok and not nd[i, lo[k]]:
                        ok = False
                for k in range(rs[i], rs[i + 1]):  # some G^R downlinked to H
                    if ok and not nd[ro[k], j]:
                        ok = False
                down = False
                for k in range(ls[i], ls[i + 1]):  # some G^L ≥ H
                    if ge[lo[k], j]:
                        down = True
                for k in range(rs[j], rs[j + 1]):  # some H^R ≤ G
                    if ge[i, ro[k]]:
                        down = True
                nd[i, j] = down
            ge[i, j] = ok
    return ge


def _closure(games: Sequence[GameId]) -> list[GameId]:
    seen = set(games)
    stack = list(seen)
    while stack:
        for y in options(stack.pop()):
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return sorted(seen, key=lambda x: (birthday(x), x))


def _csr(forms: list[GameId], index: dict[GameId, int], side) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    start, flat = [0], []
    for g in forms:
        flat.extend(index[x] for x in side(g))
        start.append(len(flat))
    return np.array(start, np.int64), np.array(flat, np.int64)


def small_matrix(table: OrderTable, games: Sequence[GameId]) -> np.ndarray:
    """``M[i, j] = games[i] ≥ games[j]`` modulo the universe of ``table`` (its facts and end
    condition), computed over the followers of ``games`` by the compiled loop; the table's own
    :meth:`~misere.universes.order.OrderTable.matrix` when numba is missing."""
    if not available:
        return table.matrix(games)
    forms = _closure(games)
    index = {g: i for i, g in enumerate(forms)}
    ls, lo = _csr(forms, index, left)
    rs, ro = _csr(forms, index, right)
    if table._normal:
        end = np.ones((len(forms), len(forms)), np.bool_)
    else:
        facts = np.array([tuple(table._facts_of(g)) for g in forms], dtype=bool)
        end = np.ascontiguousarray(table._end(facts, facts), dtype=np.bool_)
    ge = _order(ls, lo, rs, ro, end, table._normal)
    idx = np.array([index[g] for g in games], np.intp)
    return ge[np.ix_(idx, idx)]
