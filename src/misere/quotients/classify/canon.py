"""Small bipartite monoids as plain tuples: reduction test and a canonical form up to isomorphism.

A *bipartite monoid* ``(Q, P)`` (notes E.1) is held here as ``table`` (a tuple of row tuples,
``table[x][y] = xy``, identity ``0``) and ``p`` (a tuple of bools). This is the hot-path form
of :class:`~misere.quotients.census.iso.Bipartite` used by the enumerator, where many thousands
of small candidates are compared: :func:`canonical` returns one hashable key that two bipartite
monoids share exactly when they are isomorphic (a monoid isomorphism carrying P onto P), so
isomorphism classes are dictionary keys.

The canonical form is computed by individualisation and refinement (the method of graph
canonisers such as nauty): elements are coloured by label-free invariants, colours are refined
by the colours of products until stable, and each non-singleton colour cell is split by trying
every element of it first; every leaf is a labelling, and the least relabelled
``(table, p)`` over all leaves is the key. Relabelling by any bijection maps leaves to leaves,
so the key is an isomorphism invariant, and it determines ``(table, p)`` up to relabelling.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Table", "canonical", "is_reduced", "relabel", "is_associative", "is_commutative"]

Table = tuple[tuple[int, ...], ...]


def is_commutative(t: Sequence[Sequence[int]]) -> bool:
    """Whether ``xy = yx`` for all ``x, y``."""
    n = len(t)
    return all(t[x][y] == t[y][x] for x in range(n) for y in range(x))


def is_associative(t: Sequence[Sequence[int]]) -> bool:
    """Whether ``(xy)z = x(yz)`` for all ``x, y, z``."""
    n = len(t)
    return all(t[t[x][y]][z] == t[x][t[y][z]] for x in range(n) for y in range(n) for z in range(n))


def is_reduced(t: Sequence[Sequence[int]], p: Sequence[bool]) -> bool:
    """Whether ``(Q, P)`` is reduced: any ``x != y`` have a ``z`` with exactly one of ``xz, yz``
    in P (notes E.1). Moore partition refinement from ``{P, Q \\ P}``: the relation is
    DFA-state equivalence with every element as a letter (notes E.3)."""
    n = len(t)
    cls = [int(bool(p[x])) for x in range(n)]
    count = len(set(cls))
    while True:
        sig = [(cls[x],) + tuple(cls[t[x][z]] for z in range(n)) for x in range(n)]
        ids: dict[tuple, int] = {}
        new = [ids.setdefault(s, len(ids)) for s in sig]
        if len(ids) == count:
            return count == n
        cls, count = new, len(ids)


def relabel(t: Sequence[Sequence[int]], p: Sequence[bool], f: Sequence[int]) -> tuple[Table, tuple[bool, ...]]:
    """The bipartite monoid with element ``x`` renamed ``f[x]`` (``f`` a permutation)."""
    n = len(t)
    inv = [0] * n
    for x, y in enumerate(f):
        inv[y] = x
    tab = tuple(tuple(f[t[inv[i]][inv[j]]] for j in range(n)) for i in range(n))
    return tab, tuple(bool(p[inv[i]]) for i in range(n))


def _refine(t: Sequence[Sequence[int]], colour: list) -> list[int]:
    """Stable colouring: colour ``x`` by its colour and the multiset of ``(colour y, colour xy)``;
    colours are renumbered by sorting their (label-free) signatures."""
    n = len(t)
    cur = colour
    ncol = len(set(cur))
    while True:
        sig = [(cur[x], tuple(sorted((cur[y], cur[t[x][y]]) for y in range(n)))) for x in range(n)]
        order = {s: i for i, s in enumerate(sorted(set(sig)))}
        new = [order[s] for s in sig]
        if len(order) == ncol:
            return new
        cur, ncol = new, len(order)


def _initial(t: Sequence[Sequence[int]], p: Sequence[bool]) -> list:
    """Label-free first colours: identity first, then P-membership, index/period, |xQ|."""
    n = len(t)
    out = []
    for x in range(n):
        seen = {}
        y, k = x, 1
        while y not in seen:
            seen[y] = k
            y, k = t[y][x], k + 1
        index = seen[y]
        period = k - seen[y]
        out.append((x != 0, bool(p[x]), index, period, len(set(t[x]))))
    order = {s: i for i, s in enumerate(sorted(set(out)))}
    return [order[s] for s in out]


def canonical(t: Sequence[Sequence[int]], p: Sequence[bool]) -> tuple[Table, tuple[bool, ...]]:
    """A canonical relabelling of ``(t, p)`` (identity ``0``): isomorphic inputs, equal outputs.

    Examples
    --------
    >>> z2 = ((0, 1), (1, 0))
    >>> canonical(z2, (False, True)) == canonical(z2, (False, True))
    True
    """
    n = len(t)
    best: list = []

    def leaf(col: list[int]) -> None:
        cand = relabel(t, p, col)
        if not best or cand < best[0]:
            best[:] = [cand]

    def search(col: list[int]) -> None:
        col = _refine(t, col)
        cells: dict[int, list[int]] = {}
        for x, c in enumerate(col):
            cells.setdefault(c, []).append(x)
        if len(cells) == n:
            leaf(col)
            return
        c0 = min(c for c, xs in cells.items() if len(xs) > 1)
        for x in cells[c0]:  # individualise x: it alone keeps colour c0, the cell's rest after it
            nc = [2 * c + (1 if (c == c0 and y != x) else 0) for y, c in enumerate(col)]
            search(nc)

    search(_initial(t, p))
    return best[0]


def canonical_of(table: Any, identity: int, is_p: Sequence[bool]) -> tuple[Table, tuple[bool, ...]]:
    """Canonical form of a quotient given with any identity (e.g. the engine's tables)."""
    rows = [list(map(int, r)) for r in (table.tolist() if hasattr(table, "tolist") else table)]
    n = len(rows)
    perm = list(range(n))
    perm[0], perm[identity] = identity, 0
    t, p = relabel(rows, [bool(x) for x in is_p], perm)
    return canonical(t, p)
