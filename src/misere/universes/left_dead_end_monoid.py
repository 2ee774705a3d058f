"""The monoid of Left dead ends: divisors, atoms and factorisations (Davies arXiv 2409.17871).

The values of Left dead ends form a commutative monoid under ``+`` that is *reduced* (only 0 is
invertible: races add), and every value has finitely many factorisations into atoms (an
FF-monoid), with ``1̄ = {·|0}`` prime (Davies 2409.17871, abstract). An *atom* is a nonzero
value that is not a sum of two nonzero values.

The search rests on three facts, each checked in the tests against brute force:

* birthdays and run lengths are invariants of the value (if ``Y ≤ X`` every run of X is matched
  by a run of Y of the same length, :mod:`misere.universes.left_dead_end`), and they add:
  ``b(A + B) = b(A) + b(B)``, ``runs(A + B) = runs(A) ⊕ runs(B)``; so a factor of g is born
  before g and its runs fit inside g's;
* the options of the value of ``A + B`` are among the values of ``A^R + B`` and ``A + B^R``;
  so for ``g = A + B`` with A, B nonzero either A and B each divide some option of g, or one
  of them (say A) divides every option of g and ``B ≡ {· | g^R − A}`` (by order-cancellation,
  ``A + C ≥ B + C ⇒ A ≥ B``, Davies' *pocancellative*; checked on every triple by day 4).

:func:`divisors` is the recursion these give; :func:`factorisations` lists every multiset of
atoms with sum g.
"""
from __future__ import annotations

from itertools import product
from typing import Optional

from .. import budget
from ..core import cache
from ..core.ops import add
from ..core.table import ZERO, GameId, birthday, intern, right
from .left_dead_end import race, reduce, run_lengths

__all__ = ["divisors", "is_atom", "factorisations", "sum_value", "is_prime_in"]

_div = cache.table("left_dead_end.divisors")
_fact = cache.table("left_dead_end.factorisations")
_sums = cache.table("left_dead_end.sum")


def sum_value(a: GameId, b: GameId) -> GameId:
    """The value (reduced form) of ``a + b``."""
    key = (a, b) if a <= b else (b, a)
    r = _sums.get(key)
    if r is None:
        r = _sums[key] = reduce(add(a, b))
    return r  # type: ignore[no-any-return]


def _fits(d: GameId, e: GameId, g: GameId) -> bool:
    """Birthdays, races and run lengths of ``d + e`` match those of g (necessary for d + e ≡ g)."""
    if birthday(d) + birthday(e) != birthday(g) or race(d) + race(e) != race(g):
        return False
    return frozenset(x + y for x in run_lengths(d) for y in run_lengths(e)) == run_lengths(g)


def divisors(g: GameId, progress: Optional[budget.Progress] = None) -> dict[GameId, frozenset[GameId]]:
    """Every value D with ``D + E ≡ g`` for some E, mapped to those cofactors E (values).

    ``g`` is reduced first. Includes ``0 ↦ {g}`` and ``g ↦ {0}``. ``progress`` is told how many
    values have their divisors found.

    Examples
    --------
    >>> from misere.core.notation import parse_id, format_id
    >>> sorted(format_id(d) for d in divisors(parse_id("-3")))
    ['-1', '-2', '-3', '0']
    """
    g = reduce(g)
    r = _div.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    found: dict[GameId, set[GameId]] = {ZERO: {g}, g: {ZERO}}
    opts = right(g)
    if opts:
        per_option = [divisors(x, progress) for x in opts]
        cand = sorted({d for dv in per_option for d in dv if d != ZERO})
        for i, d in enumerate(cand):  # (a) both factors divide options of g
            for e in cand[i:]:
                budget.check()
                if _fits(d, e, g) and sum_value(d, e) == g:
                    found.setdefault(d, set()).add(e)
                    found.setdefault(e, set()).add(d)
        for d in cand:  # (b) d divides every option; the cofactor is {· | g^R - d}
            if not all(d in dv for dv in per_option):
                continue
            for choice in product(*(sorted(dv[d]) for dv in per_option)):
                budget.check()
                e = reduce(intern((), choice))
                if e != ZERO and _fits(d, e, g) and sum_value(d, e) == g:
                    found.setdefault(d, set()).add(e)
                    found.setdefault(e, set()).add(d)
    r = {d: frozenset(es) for d, es in found.items()}
    _div[g] = r
    if progress is not None:
        progress.update(values_solved=len(_div))
    return r


def is_atom(g: GameId) -> bool:
    """A nonzero value with no divisors but 0 and itself.

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> is_atom(parse_id("-1")), is_atom(parse_id("-2")), is_atom(parse_id("{|0,-1}"))
    (True, False, True)
    """
    g = reduce(g)
    return g != ZERO and len(divisors(g)) == 2


def factorisations(g: GameId, progress: Optional[budget.Progress] = None) -> list[tuple[GameId, ...]]:
    """Every factorisation of g into atoms, as sorted tuples of atom values (``[()]`` for 0);
    ``progress`` as for :func:`divisors`.

    Examples
    --------
    >>> from misere.core.notation import parse_id, format_id
    >>> [[format_id(a) for a in f] for f in factorisations(parse_id("-3"))]
    [['-1', '-1', '-1']]
    """
    g = reduce(g)
    r = _fact.get(g)
    if r is not None:
        return list(r)
    if g == ZERO:
        out: set[tuple[GameId, ...]] = {()}
    else:
        out = set()
        for d, es in divisors(g, progress).items():
            if d == ZERO or not is_atom(d):
                continue
            for e in es:
                for f in factorisations(e, progress):
                    budget.check()
                    out.add(tuple(sorted(f + (d,))))
    res = sorted(out, key=lambda f: (len(f), f))
    _fact[g] = tuple(res)
    return res


def is_prime_in(p: GameId, pool: list[GameId]) -> bool:
    """Does ``p | A + B`` imply ``p | A`` or ``p | B`` for all A, B in ``pool``?"""
    p = reduce(p)
    for i, a in enumerate(pool):
        for b in pool[i:]:
            budget.check()
            if p in divisors(sum_value(a, b)) and p not in divisors(a) and p not in divisors(b):
                return False
    return True
