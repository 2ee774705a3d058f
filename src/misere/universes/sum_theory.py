"""Outcomes of large sums, the packed search pruned by the order of a universe (issue 10 item 2).

:mod:`misere.core.packed_theory` prunes the count-vector search of a sum with comparisons of
small sums of its followers (dominated moves; a monotone memo). Those comparisons must hold
modulo a universe that contains every position of the sum: any universe containing the
components does, since universes are closed under followers and sums (Siegel 003 §2 for ``ℳ``;
004 §1 for 𝒟, ℰ). This module supplies them: a sum of at most two followers is compared by the universe's
``ge`` (``ℳ``: 003 Thm 5.3 with Thm 5.4; ℬ: Davies–Milley 2026 Thm 3.1 with the
maintenance test, :mod:`misere.universes.blocking`), memoised. The components themselves are
first replaced by their reduced forms (``ℳ``: 003 Thm 5.1), which are equal to them modulo
the universe.

Measured on sums of copies of four canonical day-3 games (benchmarks/README.md, "Sums"): in
``ℳ`` no two distinct sums of at most three followers are equal and few compare (pruning
saves a factor 1.3-3 in positions); all these games lie in the blocking universe ℬ, whose
coarser order and identities (``1 + -1 = 0``, some components ``= 0``) save a factor of
2.5 to 100.
"""
from __future__ import annotations

from typing import Iterable

from ..core.ops import add_all
from ..core.packed import sum_outcome_pair
from ..core.table import ZERO, GameId
from .base import Universe, find_universe

__all__ = ["SumOrder", "NESTED", "smallest_universe", "pruned_outcome_pair"]


class SumOrder:
    """``ge(xs, ys)``: is the sum of the forms ``xs`` ``≥`` that of ``ys`` modulo ``universe``?

    The callable :mod:`misere.core.packed_theory` expects. The sums are compared as forms
    (the universe's ``ge`` is a test on values, so reducing them first changes no answer; it
    only costs time: measured 2-3x more for these tables), cached per multiset.
    """

    def __init__(self, universe: "str | Universe" = "general") -> None:
        self.universe = find_universe(universe)
        self._value: dict[tuple[GameId, ...], GameId] = {}

    def value(self, xs: tuple[GameId, ...]) -> GameId:
        """The sum of ``xs`` as a form."""
        key = tuple(sorted(x for x in xs if x != ZERO))
        v = self._value.get(key)
        if v is None:
            v = self._value[key] = add_all(key) if key else ZERO
        return v

    def __call__(self, xs: tuple[GameId, ...], ys: tuple[GameId, ...]) -> bool:
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
    return sum_outcome_pair(reduced, misere=not u.normal_play, engine=engine, theory=SumOrder(u))
