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
from ..core.ops import followers
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
            if normal:  # no G^R ≤ H and no H^L ≥ G
                for k in range(rs[i], rs[i + 1]):
                    ok = ok and not ge[j, ro[k]]
                for k in range(ls[j], ls[j + 1]):
                    ok = ok and not ge[lo[k], i]
            else:  # G not downlinked to any H^L, no G^R downlinked to H
                for k in range(ls[j], ls[j + 1]):
                    ok = ok and nd[i, lo[k]]
                for k in range(rs[i], rs[i + 1]):
                    ok = ok and nd[ro[k], j]
                down = False  # some G^L ≥ H or some H^R ≤ G
                for k in range(ls[i], ls[i + 1]):
                    down = down or ge[lo[k], j]
                for k in range(rs[j], rs[j + 1]):
                    down = down or ge[i, ro[k]]
                nd[i, j] = down
            ge[i, j] = ok
    return ge


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
    forms = sorted(followers(*games), key=lambda x: (birthday(x), x))
    index = {g: i for i, g in enumerate(forms)}
    ls, lo = _csr(forms, index, left)
    rs, ro = _csr(forms, index, right)
    end = table.end_matrix(forms)
    normal = end is None
    ge = _order(ls, lo, rs, ro, np.ones((len(forms), len(forms)), np.bool_) if normal else end, normal)
    idx = np.array([index[g] for g in games], np.intp)
    return ge[np.ix_(idx, idx)]
