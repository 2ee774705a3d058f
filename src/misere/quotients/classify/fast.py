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

__all__ = ["prefilter"]


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
        for x in range(n):  # C4
            m = 0
            for z in range(n):
                if p[t[x, z]]:
                    m |= np.int64(1) << z
            pm[x] = m
            if m == 0:
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
        pmask = np.int64(0)
        for x in range(n):
            if p[x]:
                pmask |= np.int64(1) << x
        for x in range(n):
            m = np.int64(0)
            for y in range(n):
                if pm[x] & pm[y] == 0:
                    m |= np.int64(1) << y
            T[x] = m
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

    _prefilter = njit(cache=True)(_prefilter_py)
except ImportError:  # pragma: no cover
    _prefilter = _prefilter_py


def prefilter(t, P) -> np.ndarray:
    """Which rows of ``P`` (a ``K x n`` bool array) pass C1, C4, C6 and C8 with table ``t``."""
    return _prefilter(np.ascontiguousarray(np.asarray(t, dtype=np.int64)),
                      np.ascontiguousarray(np.asarray(P, dtype=np.bool_)))
