"""Outcomes of large sums, the packed search pruned by the order of a universe (issue 10 item 2).

:mod:`misere.core.packed_theory` prunes the count-vector search of a sum with comparisons of
small sums of its followers (dominated moves; a monotone memo). Those comparisons must hold
modulo a universe that contains every position of the sum: any universe containing the
components does, since universes are closed under followers and sums (Siegel 003 §2 for ``ℳ``;
004 §1 for 𝒟, ℰ). This module supplies them: sums of at most two followers are compared by the
universe's options-only test (``ℳ``: 003 Thm 5.3 with Thm 5.4; ℬ: Davies–Milley 2026 Thm 3.1
with the maintenance test, :mod:`misere.universes.blocking`), all at once in one compiled pass
when the followers are known (:func:`~misere.universes.order_small.small_matrix`), else pair by
pair through the universe's memoised ``ge``. The components themselves are
first replaced by their reduced forms (``ℳ``: 003 Thm 5.1), which are equal to them modulo
the universe.

Measured on sums of copies of four canonical day-3 games (benchmarks/README.md, "Sums"): in
``ℳ`` no two distinct sums of at most three followers are equal and few compare (pruning
saves a factor 1.3-3 in positions); all these games lie in the blocking universe ℬ, whose
coarser order and identities (``1 + -1 = 0``, some components ``= 0``) save a factor of
2.5 to 100; the two-for-one neighbours of the monotone memo (``x + y ≥ z``) another 1.1-9x
(24 copies of the benchmark's set A: 537 804 positions unpruned, 59 743 with one-for-one
neighbours, 6 939 with two-for-one ones).
"""
from __future__ import annotations

import sys
from typing import Iterable

from ..core.ops import add_all, followers, integer
from ..core.packed import sum_outcome_pair
from ..core.table import ZERO, GameId
from .base import Universe, find_universe

__all__ = ["SumOrder", "NESTED", "smallest_universe", "pruned_outcome_pair"]


class SumOrder:
    """``ge(xs, ys)``: is the sum of the forms ``xs`` ``≥`` that of ``ys`` modulo ``universe``?

    The callable :mod:`misere.core.packed_theory` expects. The sums are compared as forms
    (the universe's ``ge`` is a test on values, so reducing them first changes no answer; it
    only costs time: measured 2-3x more for these tables), cached per multiset.

    ``forms`` (a follower-closed set, e.g. the followers of a sum's components): every sum of
    at most two of them (with ``0``, ``1``, ``-1``) is compared with every other at once by
    :func:`~misere.universes.order_small.small_matrix` (the sums of two followers are closed
    under options, so the whole order is one compiled pass: ~3 ms for the 153 sums of the
    benchmark's set A, against ~45 ms asking the universe pair by pair); other sums, and
    every sum when numba is missing or the universe has no order table, go to its ``ge``.
    """

    def __init__(self, universe: "str | Universe" = "general", forms: Iterable[GameId] | None = None) -> None:
        self.universe = find_universe(universe)
        self._value: dict[tuple[GameId, ...], GameId] = {}
        self._slot: dict[tuple[GameId, ...], int] = {}
        self._matrix = None
        if forms is not None and self.universe.order_table is not None:
            self._prepare(list(dict.fromkeys([ZERO, integer(1), integer(-1), *forms])))

    def _prepare(self, fs: list[GameId]) -> None:
        from . import order_small  # loads numba

        if not order_small.available:
            return
        # every tuple of one or two of the forms (0 included, either order) is a key as it is
        keys = {k: self.value(k) for k in [(x,) for x in fs] + [(x, y) for x in fs for y in fs]}
        sums = list(dict.fromkeys(keys.values()))
        slot = {v: i for i, v in enumerate(sums)}
        self._slot = {k: slot[v] for k, v in keys.items()}
        self._matrix = order_small.small_matrix(self.universe.order_table, sums).tolist()

    @staticmethod
    def _key(xs: tuple[GameId, ...]) -> tuple[GameId, ...]:
        return tuple(sorted(x for x in xs if x != ZERO))

    def value(self, xs: tuple[GameId, ...]) -> GameId:
        """The sum of ``xs`` as a form."""
        key = self._key(xs)
        v = self._value.get(key)
        if v is None:
            v = self._value[key] = add_all(key) if key else ZERO
        return v

    def __call__(self, xs: tuple[GameId, ...], ys: tuple[GameId, ...]) -> bool:
        i, j = self._slot.get(xs), self._slot.get(ys)
        if i is not None and j is not None:
            return self._matrix[i][j]  # type: ignore[index]
        a, b = self.value(xs), self.value(ys)
        return a == b or self.universe.ge(a, b)


#: universes with an options-only order, smallest first (each contains the previous ones:
#: 𝒟 ⊂ ℰ ⊂ ℬ ⊂ ℳ, 004 §1 and Davies–Milley 2026 as cited in :mod:`misere.universes.blocking`)
NESTED = ("dicot", "dead-ending", "blocking", "general")


def smallest_universe(games: Iterable[GameId]) -> Universe:
    """The first universe of :data:`NESTED` containing every game (its order is the coarsest
    of them, so it prunes most)."""
    gs = list(games)
    for name in NESTED:
        u = find_universe(name)
        if all(u.contains(g) for g in gs):
            return u
    return find_universe("general")  # pragma: no cover - ℳ contains every game


def pruned_outcome_pair(games: Iterable[GameId], universe: "str | Universe | None" = None,
                        engine: str = "auto") -> tuple[bool, bool]:
    """(Left wins moving first, Right wins moving first) in the sum of ``games``, in misère
    play unless ``universe`` is normal play.

    The components are first replaced by their reduced forms in the universe (equal modulo
    it, so the sum keeps its outcome), then the packed search runs with the pruning of
    :mod:`misere.core.packed_theory` by the universe's order. ``universe=None``: the smallest
    of :data:`NESTED` that contains every component. Raises
    :class:`~misere.errors.NotInUniverseError` when a component is not a member (the pruning
    would not be sound).
    """
    gs = list(games)
    u = smallest_universe(gs) if universe is None else find_universe(universe)
    for g in gs:
        u.check_member(g)
    reduced = [h for h in (u.reduce(g) for g in gs) if h != ZERO]
    # the compiled order of all sums of two followers saves ~0.1 s of pair-by-pair tests, but
    # loading numba costs ~0.4 s: "auto" uses it only where numba is loaded already
    compiled = engine == "compiled" or (engine == "auto" and "numba" in sys.modules)
    forms = set(followers(*set(reduced))) if compiled else None
    return sum_outcome_pair(reduced, misere=not u.normal_play, engine=engine, theory=SumOrder(u, forms))
