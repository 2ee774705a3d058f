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
* :func:`count_antichains_by_frontier` — an independent second count: elements are taken one
  at a time in an order keeping the frontier small, and the antichains chosen so far are
  grouped by the set of not-yet-taken elements they forbid (a transfer over that set).

Measured on the 196 values of ℰ born by day 2 (docs/results/counts.md, "Dead-ending and blocking
values born by day 3"): both counts agree on random sub-orders, but their work grows about
2.7-fold per 10 elements, so neither reaches the whole order. :func:`antichain_count_bounds`
gives proved bounds instead.
"""
from __future__ import annotations

import sys

import numpy as np

from .. import budget
from ..core.notation import format_id
from ..core.table import GameId, birthday
from ..errors import ComputationLimitError
from .base import Universe, subsets

__all__ = ["width", "max_antichain", "chain_partition", "antichain_count_bounds",
           "count_antichains", "count_antichains_by_frontier", "strict_matrix", "by_form",
           "by_option_sets"]


def by_form(values: list[GameId]) -> list[GameId]:
    """``values`` sorted by birthday, then printed form: an order of the elements that is the
    same in every process (ids are numbered in the order a process meets the games), so that
    sub-orders, chain partitions and the bounds read off them are reproducible."""
    return sorted(values, key=lambda g: (birthday(g), format_id(g)))


#: most candidate options per side :func:`by_option_sets` takes (2^12 option sets per side)
MAX_OPTION_SET_SIZE = 12


def by_option_sets(universe: Universe, lefts: list[GameId], rights: list[GameId]) -> list[GameId]:
    """The distinct values modulo ``universe`` of the forms ``{A | B}``, ``A ⊆ lefts``,
    ``B ⊆ rights``, that lie in the universe (each value once, as its reduced form), in
    :func:`by_form` order.

    With ``lefts = rights =`` the four values born by day 1 this is the whole day-2 order of ℰ
    (196 of the 256 forms): a Boolean lattice ``B_8`` of (Left, Right) option sets up to ends and
    identifications, which is why its antichains count like Dedekind numbers (docs/results/counts.md,
    "Dead-ending and blocking values born by day 3").

    Refuses (:class:`~misere.errors.ComputationLimitError`) more than
    :data:`MAX_OPTION_SET_SIZE` candidate options per side, before listing any option set.
    """
    most = max(len(lefts), len(rights))
    if most > MAX_OPTION_SET_SIZE:
        raise ComputationLimitError(f"by_option_sets: {most} candidate options on a side give "
                                    f"2^{most} option sets; at most {MAX_OPTION_SET_SIZE} per side")
    return by_form(list(universe.values_with_options(subsets(lefts), subsets(rights))))


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


def chain_partition(ge: np.ndarray) -> list[list[int]]:
    """A partition of the elements into :func:`width` chains, each listed from the top
    (Dilworth's theorem; the chains are the paths of the maximum matching of :func:`width`).

    Examples
    --------
    >>> import numpy as np
    >>> chain_partition(np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool))
    [[0, 1], [2]]
    """
    _, match = _matching(ge)
    n = np.asarray(ge).shape[0]
    succ = {i: j for j, i in match.items()}  # upper i -> the lower j matched to it
    chains = []
    for top in sorted(set(range(n)) - set(match)):  # elements matched to nothing above
        chain = [top]
        while chain[-1] in succ:
            chain.append(succ[chain[-1]])
        chains.append(chain)
    return chains


def antichain_count_bounds(ge: np.ndarray) -> tuple[int, int]:
    """Proved bounds ``(low, high)`` on the number of antichains of ``ge``.

    ``low = 2^width`` (every subset of a largest antichain); ``high = Π (|C| + 1)`` over the
    chains of :func:`chain_partition` (an antichain meets each chain at most once).

    Examples
    --------
    >>> import numpy as np
    >>> antichain_count_bounds(np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], dtype=bool))
    (4, 6)
    """
    high = 1
    for c in chain_partition(ge):
        high *= len(c) + 1
    return 2 ** width(ge), high


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


def count_antichains(ge: np.ndarray, progress: "budget.Progress | None" = None,
                     stats: "dict[str, int] | None" = None) -> int:
    """The number of antichains (the empty one included) of the order ``ge[i, j] = (x_i ≥ x_j)``.

    ``stats``, when given, receives ``states``: the number of vertex sets memoised.

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
    adj = _comparability_masks(ge)
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
        if stats is not None:
            stats["states"] = len(memo)


def _comparability_masks(ge: np.ndarray) -> list[int]:
    """Bit masks of the elements comparable to each element (itself excluded)."""
    comp = ge | ge.T
    np.fill_diagonal(comp, False)
    return [sum(1 << int(j) for j in np.flatnonzero(comp[i])) for i in range(ge.shape[0])]


def _frontier_order(adj: list[int]) -> list[int]:
    """A greedy order of the elements: next, the one adding fewest elements to the frontier
    (untaken elements comparable to a taken one); ties to the one with most taken neighbours."""
    n = len(adj)
    taken = front = 0
    order: list[int] = []
    for _ in range(n):
        best: "tuple[int, int, int] | None" = None
        for v in range(n):
            if not taken >> v & 1:
                new = ((front | adj[v]) & ~taken & ~(1 << v)).bit_count()
                key = (new, -(adj[v] & taken).bit_count(), v)
                best = key if best is None or key < best else best
        assert best is not None
        v = best[2]
        order.append(v)
        taken |= 1 << v
        front = (front | adj[v]) & ~taken
    return order


def count_antichains_by_frontier(ge: np.ndarray, progress: "budget.Progress | None" = None,
                                 stats: "dict[str, int] | None" = None) -> int:
    """The number of antichains of ``ge[i, j] = (x_i ≥ x_j)``, by a transfer over a frontier.

    Written independently of :func:`count_antichains` to check it: the elements are taken in
    the order of :func:`_frontier_order`; after each step the antichains of the taken elements
    are counted by *state*, the set of untaken elements comparable to one of them (forbidden
    later). Taking ``v``: if ``v`` is forbidden it stays out; otherwise each state splits into
    "``v`` out" and "``v`` in" (its comparables become forbidden). The count is the sum over
    the final states. ``stats``, when given, receives ``states``: the largest number of states
    held at once.

    Examples
    --------
    >>> import numpy as np
    >>> count_antichains_by_frontier(np.eye(3, dtype=bool))
    8
    >>> count_antichains_by_frontier(np.triu(np.ones((3, 3), dtype=bool)))   # a chain of 3
    4
    """
    ge = np.asarray(ge, dtype=bool)
    n = ge.shape[0]
    adj = _comparability_masks(ge)
    order = _frontier_order(adj)
    pos = {v: k for k, v in enumerate(order)}
    # relabel: bit k is the k-th element taken, so "untaken" is every bit above k
    nb = [sum(1 << pos[j] for j in range(n) if adj[v] >> j & 1) for v in order]
    states: dict[int, int] = {0: 1}
    largest = 1
    for k in range(n):
        budget.check()
        bit, later = 1 << k, ~((2 << k) - 1)
        nxt: dict[int, int] = {}
        for s, c in states.items():
            out = s & later
            nxt[out] = nxt.get(out, 0) + c
            if not s & bit:
                inn = (s | nb[k]) & later
                nxt[inn] = nxt.get(inn, 0) + c
        states = nxt
        largest = max(largest, len(states))
        if progress is not None:
            progress.update(k + 1, states=len(states))
    if stats is not None:
        stats["states"] = largest
    return sum(states.values())
