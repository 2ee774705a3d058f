"""Commutative monoids of small order up to isomorphism, and their Z/2-extensions.

By conditions C2-C5 (:mod:`misere.quotients.classify.conditions`) a misère quotient ``Q`` of
order ``n > 1`` has a unit ``a = Φ(*)`` of order 2 acting without fixed points. The orbits
``{x, ax}`` are the classes of a congruence (``a`` is a unit), so ``M = Q/⟨a⟩`` is a
commutative monoid of order ``n/2``. Choosing one element ``s(u)`` in each orbit,
``s(u)s(v) = a^c(u,v) s(uv)`` for a function ``c: M × M -> Z/2`` that is symmetric, has
``c(1, u) = 0`` (take ``s(1) = 1``) and satisfies the 2-cocycle identity
``c(u,v) + c(uv,w) = c(v,w) + c(u,vw)`` (associativity of ``Q``). Conversely every such ``c``
defines a commutative monoid ``M ×_c Z/2`` on pairs ``(u, e)`` with
``(u,e)(v,f) = (uv, e+f+c(u,v))``, in which ``a = (1, 1)`` is a unit of order 2 without fixed
points. Changing the section by ``s'(u) = a^f(u) s(u)`` changes ``c`` by the coboundary
``f(u) + f(v) + f(uv)``, so one representative per class of the quotient of the cocycle space
by the coboundary space is enough; the isomorphism classes of the resulting bipartite monoids
are then merged by :func:`~misere.quotients.classify.canon.canonical`.

:func:`commutative_monoids` lists commutative monoids of order ``m`` (identity ``0``) up to
isomorphism by backtracking over the upper triangle of the table, checking associativity as
soon as the four products of a triple are known, and merging isomorphic tables by canonical
form (a compiled version of the same search makes orders 7 and 8 practical).
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

from misere import budget
from misere.quotients.classify.canon import Table, canonical

__all__ = ["commutative_monoids", "monoid_classes", "labelled_commutative_monoids", "cocycle_classes",
           "extension"]


def labelled_commutative_monoids(m: int, fixed: dict[tuple[int, int], int] | None = None
                                 ) -> Iterator[list[list[int]]]:
    """Every commutative monoid table on ``0..m-1`` with identity ``0`` (labelled: isomorphic
    copies are all produced), with the products in ``fixed`` prescribed. The yielded table is
    reused; copy it to keep it."""
    t = [[-1] * m for _ in range(m)]
    for x in range(m):
        t[0][x] = t[x][0] = x
    for (x, y), v in (fixed or {}).items():
        t[x][y] = t[y][x] = v
    cells = [(x, y) for x in range(1, m) for y in range(x, m) if t[x][y] < 0]

    def rec(i: int) -> Iterator[list[list[int]]]:
        if i == len(cells):
            yield t
            return
        x, y = cells[i]
        for v in range(m):
            t[x][y] = t[y][x] = v
            if _local_ok(t, m, x, y):
                yield from rec(i + 1)
        t[x][y] = t[y][x] = -1

    yield from rec(0)


def _local_ok(t: list[list[int]], m: int, x: int, y: int) -> bool:
    """Associativity on the triples in which the newly set product ``xy`` takes part (as
    ``uv``, ``vw``, or as an outer product ``(uv)w`` / ``u(vw)``), where all four are known."""
    xy = t[x][y]
    for p, q in ((x, y), (y, x)):
        # (pq)w = p(qw)
        for w in range(m):
            l = t[xy][w]
            qw = t[q][w]
            if l >= 0 and qw >= 0:
                r = t[p][qw]
                if r >= 0 and r != l:
                    return False
        # (up)q = u(pq)
        for u in range(m):
            up = t[u][p]
            if up >= 0:
                l = t[up][q]
                r = t[u][xy]
                if l >= 0 and r >= 0 and l != r:
                    return False
    # xy as an outer product: (uv) = x, w = y etc.: for u, v with uv = x: (uv)y = u(vy)
    for u in range(m):
        for v in range(m):
            if t[u][v] == x:
                vy = t[v][y]
                if vy >= 0 and t[u][vy] >= 0 and t[u][vy] != xy:
                    return False
            if t[u][v] == y:
                vx = t[v][x]
                if vx >= 0 and t[u][vx] >= 0 and t[u][vx] != xy:
                    return False
    return True


@functools.lru_cache(maxsize=None)
def commutative_monoids(m: int, compiled: bool = True) -> list[Table]:
    """Commutative monoids of order ``m`` up to isomorphism (canonical tables, identity 0),
    kept for the life of the process; do not modify the list.

    Only labellings whose non-identity elements are sorted by a label-free profile
    (:func:`_profile`) are given a canonical form: every class has such a labelling. With
    ``compiled`` the labelled tables come from the compiled search of
    :func:`misere.quotients.classify.fast.sorted_labelled_monoids` (order 7 in about 2 s,
    order 8 in about a minute), otherwise from :func:`labelled_commutative_monoids` (pure Python;
    the tests compare the two).
    """
    if compiled and m > 1:
        from misere.quotients.classify.fast import sorted_labelled_monoids

        return sorted(monoid_classes(t.tolist() for t in sorted_labelled_monoids(m)))
    return sorted(monoid_classes(labelled_commutative_monoids(m)))


def monoid_classes(tables: Iterable[Sequence[Sequence[int]]]) -> set[Table]:
    """Canonical forms of the labelled commutative monoid tables given, skipping those whose
    non-identity elements are not sorted by :func:`_profile` (every class has a sorted
    labelling, so the classes of all tables are those of the sorted ones)."""
    seen: set[Table] = set()
    for t in tables:
        budget.check()
        m = len(t)
        prof = [_profile(t, x) for x in range(1, m)]
        if any(prof[i] > prof[i + 1] for i in range(len(prof) - 1)):
            continue
        seen.add(canonical(t, (False,) * m)[0])
    return seen


def _profile(t: Sequence[Sequence[int]], x: int) -> tuple[int, int, int, int]:
    """Label-free profile of ``x``: index, period, ``|xM|``, number of ``y`` with ``xy = x``."""
    seen: dict[int, int] = {}
    y, k = x, 1
    while y not in seen:
        seen[y] = k
        y, k = t[y][x], k + 1
    row = t[x]
    return seen[y], k - seen[y], len(set(row)), sum(1 for v in row if v == x)


def _solve_gf2(rows: list[int], nvars: int) -> tuple[list[int], list[int]]:
    """Row-reduce a homogeneous GF(2) system (rows as bitmasks); returns (basis of the
    solution space as bitmasks, pivot columns)."""
    piv: dict[int, int] = {}
    for r in rows:
        for c, pr in piv.items():
            if r >> c & 1:
                r ^= pr
        if r:
            c = (r & -r).bit_length() - 1
            for c2 in list(piv):
                if piv[c2] >> c & 1:
                    piv[c2] ^= r
            piv[c] = r
    free = [c for c in range(nvars) if c not in piv]
    basis = []
    for f in free:
        v = 1 << f
        for c, pr in piv.items():
            if pr >> f & 1:
                v |= 1 << c
        basis.append(v)
    return basis, list(piv)


def cocycle_classes(t: Sequence[Sequence[int]]) -> list[dict[tuple[int, int], int]]:
    """One normalised symmetric 2-cocycle ``c`` per class modulo coboundaries (see the module
    docstring), as ``{(u, v): 1}`` for ``u <= v`` with ``c(u, v) = 1``."""
    m = len(t)
    pairs = [(u, v) for u in range(1, m) for v in range(u, m)]
    idx = {pr: i for i, pr in enumerate(pairs)}

    def var(u: int, v: int) -> int:
        if u == 0 or v == 0:
            return 0
        return 1 << idx[(u, v) if u <= v else (v, u)]

    rows = []
    for u in range(1, m):
        for v in range(1, m):
            for w in range(1, m):
                r = var(u, v) ^ var(t[u][v], w) ^ var(v, w) ^ var(u, t[v][w])
                if r:
                    rows.append(r)
    basis, _ = _solve_gf2(rows, len(pairs))
    cob = []
    for f in range(1, m):  # coboundary of the indicator of f
        r = 0
        for (u, v) in pairs:
            if ((u == f) + (v == f) + (t[u][v] == f)) % 2:
                r |= 1 << idx[(u, v)]
        cob.append(r)
    # a complement of span(cob) inside span(basis): reduce basis vectors modulo cob's span
    span: dict[int, int] = {}

    def reduce(v: int) -> int:
        for c in sorted(span, reverse=True):
            if v >> c & 1:
                v ^= span[c]
        return v

    def insert(v: int) -> bool:
        v = reduce(v)
        if not v:
            return False
        span[v.bit_length() - 1] = v
        return True

    for r in cob:
        insert(r)
    comp = [b for b in basis if insert(b)]
    out = []
    for mask in range(1 << len(comp)):
        v = 0
        for i, b in enumerate(comp):
            if mask >> i & 1:
                v ^= b
        out.append({pr: 1 for pr, i in idx.items() if v >> i & 1})
    return out


def extension(t: Sequence[Sequence[int]], c: dict[tuple[int, int], int]) -> list[list[int]]:
    """The table of ``M ×_c Z/2``: element ``(u, e)`` is ``2u + e``; ``a`` is ``1``."""
    m = len(t)
    out = [[0] * (2 * m) for _ in range(2 * m)]
    for u in range(m):
        for v in range(m):
            k = c.get((u, v) if u <= v else (v, u), 0)
            w = t[u][v]
            for e in (0, 1):
                for f in (0, 1):
                    out[2 * u + e][2 * v + f] = 2 * w + ((e + f + k) & 1)
    return out
