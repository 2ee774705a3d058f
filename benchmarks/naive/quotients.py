"""Naive references for the quotient workloads (issue 10, items 5 and 6).

* :func:`naive_certificate`: the obvious brute-force cross-check -- every multiset of heaps
  within a token bound, its misère outcome by memoised recursion on sorted heap tuples, compared
  with the quotient's prediction (a product of table look-ups per position).
* :func:`v1_quotient`: the quotient engine as it was before issue 10 (solver, failure search,
  bipartite candidates and table monoid copied unchanged into ``quotients_engine_v1``), run
  through today's driver. On this machine it took 10.7-12.3 s for Dawson's Kayles to heap 33,
  the same as MisereSolver's 10.8 s, so it stands in for MisereSolver in the ratio.
"""
from __future__ import annotations

import sys
from functools import lru_cache


def naive_outcomes(options):
    """``is_p(position)`` for sorted heap tuples (misère: no move means N)."""

    @lru_cache(maxsize=None)
    def is_p(position):
        moved = False
        for i in range(len(position)):
            if i and position[i] == position[i - 1]:
                continue
            rest = position[:i] + position[i + 1:]
            for opt in options(position[i]):
                moved = True
                if is_p(tuple(sorted(rest + tuple(x for x in opt if x)))):
                    return False
        return moved

    return is_p


def naive_certificate(options, table, p_mask, phi, identity, max_heap, tokens):
    """Number of positions checked and whether all agree (same enumeration as misère's)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    is_p = naive_outcomes(options)
    count, agreed = 0, True

    def rec(low, left, pos, x):
        nonlocal count, agreed
        count += 1
        if is_p(pos) != bool(p_mask[x]):
            agreed = False
        for h in range(low, max_heap + 1):
            if h <= left:
                rec(h, left - h, pos + (h,), int(table[x, phi[h]]))

    rec(1, tokens, (), identity)
    return count, agreed


def v1_quotient(code: str, max_heap: int):
    """``misere.quotient(code, max_heap=..., certify=0)`` with the pre-issue-10 engine."""
    import misere
    import misere.quotients.impartial.result as result
    from naive.quotients_engine_v1 import solver as v1

    saved = result.step
    result.step = v1.step
    try:
        return misere.quotient(code, max_heap=max_heap, certify=0)
    finally:
        result.step = saved
