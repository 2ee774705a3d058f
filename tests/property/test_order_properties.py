"""Property checks of ``misere.order`` over random small games.

The matrix is compared with a pairwise recursion written here from the theorems (Siegel 003
Thms 5.3–5.4 for general play; 004 Thm 16 for dicots), sharing no code with
``misere.universes``; it must be reflexive and transitive, and its transpose must be the order
of the conjugates reversed (``G ≥ H`` iff ``conj H ≥ conj G``).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from misere.core.outcome import left_wins_first, right_wins_first
from misere.core.table import left, right
from tests.strategies import games
from tests.universes.strategies_universes import dicots


def _reference(end):  # type: ignore[no-untyped-def]
    @lru_cache(maxsize=None)
    def ge(g: int, h: int) -> bool:
        return end(g, h) and all(not downlinked(g, x) for x in left(h)) and all(
            not downlinked(y, h) for y in right(g))

    @lru_cache(maxsize=None)
    def downlinked(a: int, b: int) -> bool:
        return not any(ge(x, b) for x in left(a)) and not any(ge(a, y) for y in right(b))

    return ge


REFERENCE = {
    "general": _reference(lambda g, h: (bool(left(h)) or not left(g)) and (bool(right(g)) or not right(h))),
    "dicot": _reference(lambda g, h: (left_wins_first(g) or not left_wins_first(h))
                        and (not right_wins_first(g) or right_wins_first(h))),
}


def _check(gs: list[m.Game], universe: str) -> None:
    got = m.order(gs, universe=universe)
    ids = [g.id for g in gs]
    ref = REFERENCE[universe]
    assert got.tolist() == [[ref(a, b) for b in ids] for a in ids]
    assert got.diagonal().all()
    closure = (got.astype(np.int64) @ got.astype(np.int64)) > 0
    assert not (closure & ~got).any()  # transitive
    conj = m.order([~g for g in gs], universe=universe)
    assert np.array_equal(conj, got.T)


@given(st.lists(games(3), min_size=1, max_size=6))
@settings(max_examples=30)
def test_general_order_matches_reference(gs: list[m.Game]) -> None:
    _check(gs, "general")


@given(st.lists(dicots(), min_size=1, max_size=6))
@settings(max_examples=30)
def test_dicot_order_matches_reference(gs: list[m.Game]) -> None:
    _check(gs, "dicot")


@given(games(4))
@settings(max_examples=40)
def test_hereditary_predicates_match_the_definitions(g: m.Game) -> None:
    """The memoised predicates of ``misere.core.ops`` against the oracle's recursion."""
    from misere.core import ops
    from tests.oracle import brute
    from tests.oracle import universe_oracle as uo

    f = brute.read(g.explicit())
    assert ops.is_dicot(g.id) == uo.is_dicot(f)
    assert ops.is_dead_ending(g.id) == uo.is_dead_ending(f)
    assert ops.is_dead_left_end(g.id) == uo.is_dead_left_end(f)
    assert ops.is_dead_right_end(g.id) == uo.is_dead_right_end(f)
