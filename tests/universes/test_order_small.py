"""The compiled ≥-matrix of small follower-closed sets (universes/order_small.py) against each
universe's own pairwise comparison and against the numpy order table."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from misere.core.ops import add
from misere.universes import find_universe, order_small
from misere.universes.order_small import small_matrix
from tests.strategies import games

UNIVERSES = ["general", "dicot", "dead-ending", "blocking", "normal"]


def _pairwise(u, ids: list[int]) -> np.ndarray:  # type: ignore[no-untyped-def]
    return np.array([[u.ge(a, b) for b in ids] for a in ids], dtype=bool)


@pytest.mark.parametrize("name", UNIVERSES)
def test_day2_members_agree_with_pairwise_ge(name: str) -> None:
    u = find_universe(name)
    ids = [g.id for g in m.born_by(2) if u.contains(g.id)]
    got = small_matrix(u.order_table, ids)
    assert got.shape == (len(ids), len(ids))
    assert (got == _pairwise(u, ids)).all()
    assert got.sum() > len(ids)  # some distinct forms compare (not only the diagonal)


@settings(max_examples=30, deadline=None)
@given(st.lists(games(3, 3), min_size=1, max_size=5), st.sampled_from(UNIVERSES))
def test_sums_of_two_agree_with_pairwise_ge(parts: list[m.Game], name: str) -> None:
    # the sets the pruned sum search asks for: forms and sums of two of them
    u = find_universe(name)
    ids = [g.id for g in parts if u.contains(g.id)]
    ids = list(dict.fromkeys(ids + [add(x, y) for x in ids for y in ids]))
    if ids:
        assert (small_matrix(u.order_table, ids) == _pairwise(u, ids)).all()


def test_without_numba_the_order_table_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    u = find_universe("blocking")
    ids = [g.id for g in m.born_by(2)][:60]
    want = small_matrix(u.order_table, ids)
    monkeypatch.setattr(order_small, "available", False)
    assert (small_matrix(u.order_table, ids) == want).all()
