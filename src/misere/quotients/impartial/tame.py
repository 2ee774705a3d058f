"""Recognising the tame quotients ``T_n`` (seed 002 §7.1; notes E.1).

``T_1 = <a | a^2 = 1>`` with ``P = {a}``; for ``n >= 2``, ``T_n`` has order ``2^n + 2``: the units
``{1, a}`` (a copy of Z_2) and an ideal ``K`` that is a group isomorphic to ``(Z_2)^n`` whose
identity ``e = b^2`` is in P together with ``a``, while ``a e`` differs from ``e``. Every
bipartite monoid with these features is isomorphic to ``T_n``, which is what we test.
"""
from __future__ import annotations

from collections.abc import Sequence

from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.storage import nonzero

__all__ = ["tame_name"]


def tame_name(q: TableMonoid, is_p: Sequence[bool]) -> str | None:
    """``"T1"``, ``"T2"``, ... when ``(q, P)`` is a tame quotient, else ``None``.

    The trivial quotient (order 1, no P-positions) is reported as ``"T0"``.

    Examples
    --------
    >>> tame_name(TableMonoid([[0, 1], [1, 0]], 0), [False, True])
    'T1'
    """
    n = q.order
    pset = set(nonzero(is_p))
    if n == 1:
        return "T0" if not pset else None
    units = q.units()
    if len(units) != 2:
        return None
    a = next(u for u in units if u != q.identity)
    if n == 2:
        return "T1" if pset == {a} else None
    k = [x for x in range(n) if x not in units]
    size = len(k)
    if size & (size - 1):
        return None
    idem = [x for x in k if q.mul(x, x) == x]
    if len(idem) != 1:
        return None
    e = idem[0]
    kset = set(k)
    for x in k:
        if q.mul(x, x) != e or q.mul(e, x) != x:
            return None
        if any(q.mul(x, y) not in kset for y in k):
            return None
    if q.mul(a, e) == e or pset != {a, e}:
        return None
    return f"T{size.bit_length() - 1}"
