"""Exhaustive enumeration of the bipartite monoids of a given order that satisfy C1-C8.

:func:`candidates` builds every ``(Q, P)`` of order ``n = 2m`` as ``Q = M ×_c Z/2`` over the
commutative monoids ``M`` of order ``m`` up to isomorphism and the cocycle classes ``c``
(:mod:`misere.quotients.classify.monoids`), with ``a = (1, 1)``; by C2-C5 every misère quotient
of order ``n`` arises so (module docstring there). ``P`` contains ``a``, not ``1`` (C1, C2) and
at most one element of each orbit ``{x, ax}`` (C3), so there are ``3^(m-1)`` choices of ``P``;
each is tested against C1-C8 (a compiled prefilter, :mod:`misere.quotients.classify.fast`,
then :func:`misere.quotients.classify.conditions.check` on its survivors) and the survivors are
merged up to isomorphism by canonical form.

:func:`brute_force` is the independent check for small orders: every commutative monoid table
on ``0..n-1`` whose row of ``1`` is ``x ↦ x xor 1`` (by C5 every quotient has such a labelling,
with ``a = 1``), every subset ``P``, filtered by the same conditions, merged by canonical form.
It shares only :func:`~misere.quotients.classify.conditions.check` and
:func:`~misere.quotients.classify.canon.canonical` with :func:`candidates`.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

from misere import budget
from misere.quotients.classify.canon import Table, canonical
from misere.quotients.classify.conditions import check
from misere.quotients.classify.monoids import (cocycle_classes, commutative_monoids, extension,
                                               labelled_commutative_monoids)

__all__ = ["Candidate", "candidates", "brute_force", "realised_part", "by_definition"]

#: a canonical bipartite monoid: (table, P-membership)
Candidate = tuple[Table, tuple[bool, ...]]


def candidates(order: int, progress: Callable[[str], None] | None = None,
               stats: dict | None = None) -> list[Candidate]:
    """Every bipartite monoid of ``order`` satisfying C1-C8, one per isomorphism class, sorted.

    Parameters
    ----------
    order : int
        ``|Q|``; odd orders (C5) and ``order < 1`` give ``[]``; order 1 gives the trivial
        quotient of ``{0}``.
    progress : callable, optional
        Called with a line per monoid ``M`` done.
    stats : dict, optional
        Filled with counts: monoids ``M``, extensions, P-choices tried, survivors per failed
        condition.
    """
    if order == 1:
        return [(((0,),), (False,))]
    if order < 1 or order % 2:
        return []
    m = order // 2
    found: dict[Candidate, None] = {}
    st = stats if stats is not None else {}
    ms = commutative_monoids(m)
    st.update(monoids=len(ms), extensions=0, tried=0, failed={})
    import numpy as np

    from misere.quotients.classify.fast import prefilter

    P = _p_portions(order)
    for i, mt in enumerate(ms):
        for c in cocycle_classes(mt):
            budget.check()
            st["extensions"] += 1
            t = extension(mt, c)
            st["tried"] += len(P)
            keep = prefilter(t, P)
            st["failed"]["C1/C4/C6/C8"] = st["failed"].get("C1/C4/C6/C8", 0) + int((~keep).sum())
            for row in np.flatnonzero(keep):
                p = P[row].tolist()
                why = check(t, p, reduced_known=True)
                if why:
                    st["failed"][why] = st["failed"].get(why, 0) + 1
                    continue
                found.setdefault(canonical(t, p), None)
        if progress:
            progress(f"M {i + 1}/{len(ms)}: {len(found)} classes")
    return sorted(found)


def _p_portions(order: int):
    """The ``3^(m-1)`` P-portions allowed by C1-C3 on ``M ×_c Z/2`` (one row each)."""
    import numpy as np

    m = order // 2
    choices = np.array(list(itertools.product((0, 1, 2), repeat=m - 1)), dtype=np.int64)
    choices = choices.reshape(len(choices), m - 1)
    P = np.zeros((len(choices), order), dtype=bool)
    P[:, 1] = True
    for u in range(1, m):
        for ch in (1, 2):
            P[choices[:, u - 1] == ch, 2 * u + ch - 1] = True
    return P


def realised_part(order: int, monoids: list, part: tuple[int, int] = (0, 1),
                  max_nodes: int = 200_000, stats: dict | None = None,
                  compiled: bool = True) -> dict:
    """The misère quotients of ``order`` found over the monoids ``monoids[i::k]`` (``part =
    (i, k)``), as canonical form -> witness: for large orders, where canonical forms of every
    candidate cost too much, the exact search runs first and only realised candidates get a
    canonical form. The union over ``i = 0..k-1`` is every quotient of that order (the same
    argument as :func:`candidates`); ``stats`` counts the P-portions tried, those passing
    C1-C8 (labelled, not up to isomorphism), refuted and undecided.

    With ``compiled`` the conditions and the search run in
    :func:`misere.quotients.classify.screen.screen` (the same decisions, a test compares), and
    the Python search of :func:`~misere.quotients.classify.realisation.realise` only makes the
    witnesses of realised candidates and decides those the compiled search leaves open."""
    import numpy as np

    from misere.quotients.classify.fast import prefilter
    from misere.quotients.classify.realisation import realise
    from misere.quotients.classify.screen import FAILS, REFUTED, screen

    st = stats if stats is not None else {}
    for key in ("extensions", "tried", "passing", "refuted", "undecided"):
        st.setdefault(key, 0)
    P = _p_portions(order)
    found: dict = {}
    i, k = part
    for mt in monoids[i::k]:
        for c in cocycle_classes(mt):
            budget.check()
            st["extensions"] += 1
            t = extension(mt, c)
            st["tried"] += len(P)
            if compiled:
                codes = screen(t, P)
                st["passing"] += int((codes != FAILS).sum())
                st["refuted"] += int((codes == REFUTED).sum())
                rows = np.flatnonzero(codes > REFUTED)
            else:
                rows = np.flatnonzero(prefilter(t, P))
            for row in rows:
                p = P[row].tolist()
                if check(t, p, reduced_known=True):
                    if compiled:
                        raise AssertionError("screen and check disagree")
                    continue
                if not compiled:
                    st["passing"] += 1
                w = realise(t, p, max_nodes=max_nodes)
                if w is None:
                    st["refuted"] += 1
                elif w is False:
                    st["undecided"] += 1
                else:
                    key = canonical(t, p)
                    if key not in found:  # a witness in the canonical labelling
                        found[key] = realise(*key, max_nodes=max_nodes)
    return found


def brute_force(order: int, unrestricted: bool = False) -> list[Candidate]:
    """The same classes as :func:`candidates`, from labelled tables (see the module docstring);
    practical to order 8 (752 tables, 2^8 subsets each). With ``unrestricted`` every labelled
    commutative monoid table is taken, not only those whose row of ``1`` is ``x xor 1`` (so
    C5 is not used to cut the search; practical to order 6)."""
    if order == 1:
        return [(((0,),), (False,))]
    if order < 1 or (order % 2 and not unrestricted):
        return []
    fixed = None if unrestricted else {(1, x): x ^ 1 for x in range(1, order)}
    found: dict[Candidate, None] = {}
    for t in labelled_commutative_monoids(order, fixed):
        tab = [row[:] for row in t]
        for bits in range(0, 1 << order, 2):  # 1 (element 0) is never in P (C1)
            budget.check()
            p = [bool(bits >> x & 1) for x in range(order)]
            if check(tab, p) is None:
                found.setdefault(canonical(tab, p), None)
    return sorted(found)


def by_definition(order: int, labelled: bool = False) -> list[Candidate]:
    """The misère quotients of ``order`` straight from the definition, without C2-C8, the
    extension ``M ×_c Z/2`` or the enumerator: every commutative monoid of the order (up to
    isomorphism from :func:`~misere.quotients.classify.monoids.commutative_monoids`, or with
    ``labelled`` every labelled table), every subset ``P``, kept when ``(Q, P)`` is reduced,
    ``1 ∉ P`` (C1, the definition) and a closed set of games has it as its quotient.

    The last test is the exact search of :func:`~misere.quotients.classify.realisation.realise`:
    whether a closed set has a given quotient is decided by the theorem proved there (no other
    finite test of the definition is known), so this checks the conditions C2-C8, the
    reduction to ``M ×_c Z/2`` and the enumeration of P-portions, not the theorem itself (the
    engine's check of the witnesses does that in the other direction). Practical to order 8
    up to isomorphism (20,486 monoids, 2^7 subsets each) and order 5 labelled."""
    from misere.quotients.classify.canon import is_reduced
    from misere.quotients.classify.realisation import realise

    if order == 1:
        return [(((0,),), (False,))]
    tables = labelled_commutative_monoids(order) if labelled else commutative_monoids(order)
    found: dict[Candidate, None] = {}
    for t in tables:
        tab = [list(row) for row in t]
        for bits in range(0, 1 << order, 2):  # element 0 is 1, never in P
            budget.check()
            p = [bool(bits >> x & 1) for x in range(order)]
            if is_reduced(tab, p) and realise(tab, p, max_nodes=10 ** 7):
                found.setdefault(canonical(tab, p), None)
    return sorted(found)
