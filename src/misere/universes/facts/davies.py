"""Checks of the facts of Davies (arXiv 2409.17871, gemau) and Davies-Yadav (arXiv 2410.06924)
about Left dead ends; each function recomputes one fact of ``davies.toml``."""
from __future__ import annotations

import itertools

from ...core.ops import add, conjugate, integer
from ...core.table import ZERO, birthday, intern, right
from .. import left_dead_end as lde
from .. import left_dead_end_monoid as mon
from .registry import FactResult, check

from ._common import E, GEN, _ok, _why_not, fmt
from ..base import find_universe

U = find_universe("left-dead-end")


@check("counts")
def _counts() -> FactResult:
    got = [len(U.born_by(n)) for n in range(5)]
    return _ok(got == [1, 2, 4, 10, 52], ", ".join(map(str, got))
               + " (antichain recursion; all 65536 day-4 forms classified in the tests)")


@check("day5")
def _day5() -> FactResult:
    n = len(U.born_by(5))
    return FactResult("computed", f"{n} values born by day 5",
                      note="independent check in the tests: antichains of the order of 004 Thm 17 "
                           "counted by inclusion/exclusion, and every value reduced modulo E")


@check("absolute_order")
def _absolute_order() -> FactResult:
    vals = U.born_by(4)
    bad = [(a, b) for a in vals for b in vals if not lde.ge(a, b) == E.ge(a, b) == GEN.ge(a, b)]
    g, h = integer(-1), lde.waiting(2)
    return _ok(not bad, f"all {len(vals) ** 2} pairs of day-4 values agree (rule, E, general)",
               f"-1 > W_2; W_2 not >= -1: {_why_not(U, h, g)}")


@check("reduced_pocancellative")
def _reduced() -> FactResult:
    vals = [v for v in U.born_by(3)]
    units = [(a, b) for a, b in itertools.product(vals, vals)
             if (a, b) != (ZERO, ZERO) and mon.sum_value(a, b) == ZERO]
    bad = [(a, b, c) for a, b, c in itertools.product(vals, vals, vals)
           if lde.ge(mon.sum_value(a, c), mon.sum_value(b, c)) and not lde.ge(a, b)]
    return _ok(not units and not bad, f"no unit but 0, order-cancellation on all {len(vals) ** 3} "
               "triples of day-3 values (races add: A + B = 0 only for A = B = 0)")


@check("one_bar_prime")
def _one_bar_prime() -> FactResult:
    pool = U.born_by(3)
    return _ok(mon.is_prime_in(integer(-1), pool),
               f"1-bar | A + B implies 1-bar | A or 1-bar | B for all {len(pool)} day-3 values A, B")


@check("atoms_day5")
def _atoms_day5() -> FactResult:
    vals = U.born_by(5)
    atoms = [v for v in vals if v != ZERO and mon.is_atom(v)]
    by_b = [sum(1 for a in atoms if birthday(a) == b) for b in range(1, 6)]
    multi = [v for v in vals if len(mon.factorisations(v)) > 1]
    return FactResult("computed", f"{len(atoms)} atoms among the {len(vals)} values by day 5 "
                      f"(by birthday 1..5: {', '.join(map(str, by_b))}); "
                      f"{len(multi)} values with more than one factorisation",
                      note="divisors checked against all sums of pairs in the tests")


@check("gemau_factors")
def _gemau_factors() -> FactResult:
    g = mon.sum_value(lde.waiting(4), integer(-2))
    d = sorted(mon.divisors(g), key=lambda x: (birthday(x), x))
    return _ok(len(d) == 6, ", ".join(fmt(x) for x in d))


@check("gemau_flex")
def _gemau_flex() -> FactResult:
    k = U.reduce(intern((), [integer(-i) for i in range(3, 7)]))
    k3 = mon.sum_value(k, lde.waiting(3))
    got = [(lde.flexibility(x), lde.race(x), birthday(x)) for x in (k, k3)]
    return _ok(got == [(1, 4, 7), (9, 5, 10)], f"{got[0]}, {got[1]}")


@check("inverses")
def _inverses() -> FactResult:
    vals = U.born_by(3)
    ok = all(E.eq(add(g, conjugate(g)), ZERO) for g in vals)
    others = [(g, h) for g in U.born_by(2) for h in U.born_by(2)
              if h != g and E.eq(add(g, conjugate(h)), ZERO)]
    return _ok(ok and not others, f"G + conj(G) = 0 mod E for all {len(vals)} day-3 values; "
               "no conj(H) with H != G born by day 2 is an inverse")


def upset_sizes() -> dict[int, int]:
    """For each nonzero day-5 value ``{·|A}``, the size of the up-set ``↑A`` among the 52 day-4
    values, counted by size. ``{·|A} ≥ {·|B}`` iff ``↑A ⊆ ↑B``, so values whose up-sets have
    the same size are pairwise incomparable: each size class is an antichain of day 5."""
    d4 = U.born_by(4)
    up = {a: frozenset(b for b in d4 if lde.ge(b, a)) for a in d4}
    sizes: dict[int, int] = {}
    for v in U.born_by(5):
        if v != ZERO:
            k = len(frozenset().union(*(up[a] for a in right(v))))
            sizes[k] = sizes.get(k, 0) + 1
    return sizes


@check("day6_bound")
def _day6_bound() -> FactResult:
    sizes = upset_sizes()
    k, w = max(sizes.items(), key=lambda kv: kv[1])
    return FactResult("computed", f"the day-5 values with up-sets of size {k} form an antichain of "
                      f"{w}, so more than 2^{w} Left dead ends are born by day 6 (at most 2^21277 + 1)",
                      note="day 6 counts antichains of a 21278-element order: a Dedekind-type number")
