"""Compiled prefilter for the enumerator: C1 (reduction), C4, C6 and C8 on many P at once.

:func:`prefilter` tests one multiplication table against a batch of P-portions and returns
which pass C1 (reduced), C4, C6 and C8 of :mod:`misere.quotients.classify.conditions`; the
enumerator then runs the full :func:`~misere.quotients.classify.conditions.check` on the
survivors only, so the prefilter can only save time, never change a result (a test compares it
with the Python conditions). Sets of elements are bitmasks (orders up to 62): ``pm[x]`` is the
set of ``z`` with ``xz ∈ P``, ``T(x) = {y : pm[x] ∩ pm[y] = ∅}``, and as the table is
commutative, ``{y : yz ∈ P} = pm[z]``.
"""
from __future__ import annotations

import numpy as np

__all__ = ["prefilter", "sorted_labelled_monoids"]


def _p_rows(t, p, pm):  # pragma: no cover - compiled below
    """``pm[x] = {z : xz ∈ P}`` for every ``x`` (bitmasks); returns ``P`` as a bitmask."""
    n = t.shape[0]
    pmask = np.int64(0)
    for x in range(n):
        if p[x]:
            pmask |= np.int64(1) << x
        m = np.int64(0)
        for z in range(n):
            if p[t[x, z]]:
                m |= np.int64(1) << z
        pm[x] = m
    return pmask


def _mex_rows(pm, T):  # pragma: no cover - compiled below
    """``T[x] = Mex(x) = {y : pm[x] ∩ pm[y] = ∅}``; it holds no element of P when ``x ∈ P``
    (``z = 1`` puts ``x`` and ``y`` in P), so it is ``T(x)`` of the conditions module."""
    n = pm.shape[0]
    for x in range(n):
        m = np.int64(0)
        for y in range(n):
            if pm[x] & pm[y] == 0:
                m |= np.int64(1) << y
        T[x] = m


def _prefilter_py(t, P):  # pragma: no cover - compiled below; kept plain for numba
    K, n = P.shape
    out = np.zeros(K, dtype=np.bool_)
    cls = np.zeros(n, dtype=np.int64)
    new = np.zeros(n, dtype=np.int64)
    pm = np.zeros(n, dtype=np.int64)
    T = np.zeros(n, dtype=np.int64)
    for k in range(K):
        p = P[k]
        ok = True
        pmask = _p_rows(t, p, pm)
        for x in range(n):  # C4
            if pm[x] == 0:
                ok = False
                break
        if not ok:
            continue
        for x in range(n):  # C1: Moore refinement from {P, Q \ P}
            cls[x] = 1 if p[x] else 0
        count = 2
        while True:
            c = 0
            for x in range(n):
                found = -1
                for y in range(x):
                    if cls[y] != cls[x]:
                        continue
                    same = True
                    for z in range(n):
                        if cls[t[x, z]] != cls[t[y, z]]:
                            same = False
                            break
                    if same:
                        found = y
                        break
                if found >= 0:
                    new[x] = new[found]
                else:
                    new[x] = c
                    c += 1
            for x in range(n):
                cls[x] = new[x]
            if c == count:
                break
            count = c
        if count != n:
            continue
        _mex_rows(pm, T)
        for x in range(1, n):  # C6
            if p[x]:
                if T[x] == 0:
                    ok = False
                    break
            elif T[x] & pmask == 0:
                ok = False
                break
        if not ok:
            continue
        for x in range(1, n):  # C8
            for z in range(x, n):
                if not p[t[x, z]] and (T[x] & pm[z]) == 0 and (T[z] & pm[x]) == 0:
                    ok = False
                    break
            if not ok:
                break
        out[k] = ok
    return out


try:
    from numba import njit

    _p_rows = njit(cache=True)(_p_rows)
    _mex_rows = njit(cache=True)(_mex_rows)
    _prefilter = njit(cache=True)(_prefilter_py)
except ImportError:  # pragma: no cover
    _prefilter = _prefilter_py


def prefilter(t, P) -> np.ndarray:
    """Which rows of ``P`` (a ``K x n`` bool array) pass C1, C4, C6 and C8 with table ``t``."""
    return _prefilter(np.ascontiguousarray(np.asarray(t, dtype=np.int64)),
                      np.ascontiguousarray(np.asarray(P, dtype=np.bool_)))


def _local_ok_py(t, m, x, y):  # pragma: no cover - compiled below
    """Associativity on the triples involving the newly set product ``xy`` (as in
    :func:`misere.quotients.classify.monoids._local_ok`)."""
    xy = t[x, y]
    for rep in range(2):
        p = x if rep == 0 else y
        q = y if rep == 0 else x
        for w in range(m):
            l = t[xy, w]
            qw = t[q, w]
            if l >= 0 and qw >= 0:
                r = t[p, qw]
                if r >= 0 and r != l:
                    return False
        for u in range(m):
            up = t[u, p]
            if up >= 0:
                l = t[up, q]
                r = t[u, xy]
                if l >= 0 and r >= 0 and l != r:
                    return False
    for u in range(m):
        for v in range(m):
            if t[u, v] == x:
                vy = t[v, y]
                if vy >= 0 and t[u, vy] >= 0 and t[u, vy] != xy:
                    return False
            if t[u, v] == y:
                vx = t[v, x]
                if vx >= 0 and t[u, vx] >= 0 and t[u, vx] != xy:
                    return False
    return True


def _cycle_key(t, m, x, seen):  # pragma: no cover - compiled below
    """``index * 64 + period`` of ``x`` when the known cells of row ``x`` already determine
    them (the powers ``x, x^2, ...`` repeat before an unknown product), else a large value."""
    for z in range(m):
        seen[z] = -1
    y = x
    k = 1
    while seen[y] < 0:
        seen[y] = k
        y = t[y, x]
        k += 1
        if y < 0:
            return 1 << 40
    return seen[y] * 64 + (k - seen[y])


def _profile_key(t, m, x):  # pragma: no cover - compiled below
    """The profile of :func:`misere.quotients.classify.monoids._profile` packed in one int
    (the row of ``x`` complete)."""
    cycle = _cycle_key(t, m, x, np.full(m, -1, dtype=np.int64))
    mark = np.zeros(m, dtype=np.bool_)
    distinct = 0
    fixed = 0
    for z in range(m):
        v = t[x, z]
        if not mark[v]:
            mark[v] = True
            distinct += 1
        if v == x:
            fixed += 1
    return (cycle * 64 + distinct) * 64 + fixed


def _sorted_monoids_py(m, cap, part, parts, depth):  # pragma: no cover - compiled below
    """Labelled commutative monoid tables of order ``m`` (identity 0) whose non-identity
    elements are sorted by profile; returns (count, tables[:count]). Only the subtrees below
    the ``part``-th, ``part + parts``-th, ... surviving node at ``depth`` cells are searched
    (every node at that depth belongs to exactly one part, so the parts partition the output)."""
    t = np.full((m, m), -1, dtype=np.int64)
    for x in range(m):
        t[0, x] = x
        t[x, 0] = x
    ncell = (m - 1) * m // 2
    cx = np.zeros(ncell, dtype=np.int64)
    cy = np.zeros(ncell, dtype=np.int64)
    i = 0
    for x in range(1, m):
        for y in range(x, m):
            cx[i] = x
            cy[i] = y
            i += 1
    out = np.zeros((cap, m, m), dtype=np.int8)
    count = 0
    val = np.full(ncell + 1, -1, dtype=np.int64)
    keys = np.zeros(m, dtype=np.int64)
    seen = np.full(m, -1, dtype=np.int64)
    node = -1
    level = 0
    if ncell == 0:  # the trivial monoid, in part 0 only
        out[0] = t
        return (1, out[:1]) if part == 0 else (0, out[:0])
    while level >= 0:
        x = cx[level]
        y = cy[level]
        val[level] += 1
        if val[level] >= m:
            val[level] = -1
            t[x, y] = -1
            t[y, x] = -1
            level -= 1
            continue
        t[x, y] = val[level]
        t[y, x] = val[level]
        if not _local_ok(t, m, x, y):
            continue
        if y == m - 1:  # row x is complete: its profile is known, and must not decrease
            keys[x] = _profile_key(t, m, x)
            if x > 1 and keys[x] < keys[x - 1]:
                continue
        elif x > 1 and _cycle_key(t, m, x, seen) * 4096 < keys[x - 1] // 4096 * 4096:
            continue  # index and period of x are already known and too small
        if level + 1 == depth:
            node += 1
            if node % parts != part:
                continue
        if level + 1 < ncell:
            level += 1
            continue
        if count >= cap:
            return -1, out
        out[count] = t
        count += 1
    return count, out[:count]


try:
    _local_ok = njit(cache=True)(_local_ok_py)
    _profile_key = njit(cache=True)(_profile_key)
    _cycle_key = njit(cache=True)(_cycle_key)
    _sorted_monoids = njit(cache=True)(_sorted_monoids_py)
except NameError:  # pragma: no cover - numba missing
    _local_ok, _sorted_monoids = _local_ok_py, _sorted_monoids_py


def sorted_labelled_monoids(m: int, cap: int = 20_000_000, part: tuple[int, int] = (0, 1),
                            depth: int = 3) -> np.ndarray:
    """Every labelled commutative monoid table of order ``m`` (identity ``0``) whose
    non-identity elements are in non-decreasing order of the profile (index, period, ``|xM|``,
    number of ``y`` with ``xy = x``): at least one labelling of each isomorphism class.

    The profile of an element is checked as soon as its row is complete (and its index and
    period as soon as the known cells of its row determine them), so subtrees that cannot end
    sorted are cut early; the output is the same as checking at the leaves (a test compares).
    ``part = (i, k)`` keeps only the ``i``-th of ``k`` parts of the search tree (split at
    ``depth`` cells), for runs in pieces; the ``k`` parts together give every table once."""
    count, out = _sorted_monoids(m, cap, part[0], part[1], min(depth, (m - 1) * m // 2))
    if count < 0:
        raise MemoryError(f"more than {cap} sorted labelled monoids of order {m}")
    return out
