"""Counting questions on a finite order given as a ``≥`` matrix: width and number of antichains.

Values born by day n+1 are built from antichains of the values born by day n (Siegel 003 §6;
for Left dead ends every antichain gives one value, Davies 2409.17871), so the number of
antichains of the day-n order and the width of that order (the largest antichain, so at least
``2^width`` antichains) say how large day n+1 is before anything is listed.

* :func:`width` — Dilworth's theorem: the width equals ``n`` minus a maximum matching in the
  bipartite graph of strict relations ``x > y`` (Fulkerson's reduction; augmenting paths).
* :func:`count_antichains` — antichains are the independent sets of the comparability graph;
  they are counted by splitting into connected components (the count multiplies) and branching
  on a vertex of largest degree (``I(S) = I(S - v) + I(S - N[v])``), memoised on the vertex set.
  Exponential in the worst case; it takes a work budget (``budget.check``) and reports progress.
"""
from __future__ import annotations

import sys

import numpy as np

from .. import budget

__all__ = ["width", "max_antichain", "count_antichains", "strict_matrix"]


def strict_matrix(ge: np.ndarray) -> np.ndarray:
    """``gt[i, j] = ge[i, j] and not ge[j, i]`` (the strict order; equal elements are not
    related strictly)."""
    ge = np.asarray(ge, dtype=bool)
    gt: np.ndarray = ge & ~ge.T
    return gt


def width(ge: np.ndarray) -> int:
    """The size of a largest antichain of the order ``ge[i, j] = (x_i ≥ x_j)`` (elements
    pairwise distinct as values), by Dilworth's theorem via a maximum bipartite matching.

    Examples
    --------
    >>> import numpy as np
    >>> width(np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool))   # a chain of 2 and a point
    2
    """
    below, match = _matching(ge)
    return len(below) - len(match)


def max_antichain(ge: np.ndarray) -> list[int]:
    """Indices of a largest antichain (size :func:`width`), read off a minimum vertex cover of
    the matching graph (König's theorem): the elements neither of whose two copies is in it.

    Examples
    --------
    >>> import numpy as np
    >>> max_antichain(np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool))
    [1, 2]
    """
    below, match = _matching(ge)
    n = len(below)
    matched_left = set(match.values())
    # alternating search from unmatched left copies: left -> right by any edge, right -> left
    # by the matching edge
    zl, zr = set(), set()
    todo = [i for i in range(n) if i not in matched_left]
    zl.update(todo)
    while todo:
        i = todo.pop()
        for j in below[i]:
            if j not in zr:
                zr.add(j)
                k = match.get(j)
                if k is not None and k not in zl:
                    zl.add(k)
                    todo.append(k)
    # minimum cover: left copies not reached, right copies reached
    return [i for i in range(n) if i in zl and i not in zr]


def _matching(ge: np.ndarray) -> tuple[list[list[int]], dict[int, int]]:
    """Strict down-sets and a maximum matching ``{lower j: upper i}`` of the relation ``i > j``."""
    gt = strict_matrix(ge)
    n = gt.shape[0]
    below = [np.flatnonzero(gt[i]).tolist() for i in range(n)]
    match: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in below[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in match or augment(match[j], seen):
                match[j] = i
                return True
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * n + 100))
    try:
        for i in range(n):
            budget.check()
            augment(i, set())
    finally:
        sys.setrecursionlimit(limit)
    return below, match


def count_antichains(ge: np.ndarray, progress: "budget.Progress | None" = None) -> int:
    """The number of antichains (the empty one included) of the order ``ge[i, j] = (x_i ≥ x_j)``.

    Examples
    --------
    >>> import numpy as np
    >>> count_antichains(np.eye(3, dtype=bool))          # 3 incomparable elements: 2^3
    8
    >>> count_antichains(np.ones((3, 3), dtype=bool) & np.triu(np.ones((3, 3), dtype=bool)))
    4
    """
    ge = np.asarray(ge, dtype=bool)
    n = ge.shape[0]
    comp = ge | ge.T
    np.fill_diagonal(comp, False)
    adj = [sum(1 << int(j) for j in np.flatnonzero(comp[i])) for i in range(n)]
    memo: dict[int, int] = {}

    def components(s: int) -> list[int]:
        out = []
        while s:
            seen, front = 0, s & -s
            while front:
                seen |= front
                nxt, x = 0, front
                while x:
                    b = x & -x
                    x ^= b
                    nxt |= adj[b.bit_length() - 1]
                front = nxt & s & ~seen
            out.append(seen)
            s &= ~seen
        return out

    def count(s: int) -> int:
        if s & (s - 1) == 0:
            return 2 if s else 1
        r = memo.get(s)
        if r is not None:
            return r
        budget.check()
        parts = components(s)
        if len(parts) > 1:
            r = 1
            for p in parts:
                r *= count(p)
        else:
            best, v, x = -1, 0, s
            while x:
                b = x & -x
                x ^= b
                d = bin(adj[b.bit_length() - 1] & s).count("1")
                if d > best:
                    best, v = d, b.bit_length() - 1
            r = count(s & ~(1 << v)) + count(s & ~(1 << v) & ~adj[v])
        memo[s] = r
        if progress is not None and len(memo) % 4096 == 0:
            progress.update(len(memo), states=len(memo))
        return r

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * n + 100))
    try:
        return count((1 << n) - 1)
    finally:
        sys.setrecursionlimit(limit)
