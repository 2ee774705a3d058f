"""The compiled screen of large orders against the Python conditions and exact search."""
from __future__ import annotations

import random

import numpy as np
import pytest

from misere.quotients.classify.conditions import check
from misere.quotients.classify.enumerate import _p_portions, realised_part
from misere.quotients.classify.fast import prefilter
from misere.quotients.classify.monoids import cocycle_classes, commutative_monoids, extension
from misere.quotients.classify.realisation import realise
from misere.quotients.classify.screen import FAILS, REALISED, REFUTED, UNKNOWN, screen


def _python_codes(t, P) -> list[int]:
    """Each row's code from the Python functions alone."""
    keep = prefilter(t, P)
    out = []
    for row in range(len(P)):
        p = P[row].tolist()
        if not keep[row] or check(t, p, reduced_known=True):
            out.append(FAILS)
            continue
        w = realise(t, p, max_nodes=10 ** 7)
        out.append(REFUTED if w is None else REALISED)
    return out


def _agree(order: int, monoids) -> dict:
    P = _p_portions(order)
    seen = {FAILS: 0, REFUTED: 0, REALISED: 0}
    for mt in monoids:
        for c in cocycle_classes(mt):
            t = extension(mt, c)
            got = screen(t, P).tolist()
            assert UNKNOWN not in got
            assert got == _python_codes(t, P), (mt, c)
            for code in got:
                seen[code] += 1
    return seen


@pytest.mark.parametrize("order", [2, 4, 6, 8, 10])
def test_screen_decides_as_the_python_conditions_and_search(order: int) -> None:
    """Every P-portion of every extension: the same code (fails, refuted, realised)."""
    seen = _agree(order, commutative_monoids(order // 2))
    assert seen[REALISED] >= (order != 4)  # every order but 4 has a quotient


def test_screen_on_a_sample_of_order_12() -> None:
    seen = _agree(12, random.Random(5).sample(commutative_monoids(6), 60))
    assert seen[REFUTED] > 0


@pytest.mark.slow
@pytest.mark.parametrize("order", [12, 14])
def test_screen_decides_as_python_orders_12_and_14(order: int) -> None:
    seen = _agree(order, commutative_monoids(order // 2))
    assert seen[REALISED] == {12: 13, 14: 28}[order]


def test_screen_budget_leaves_rows_unknown() -> None:
    """Past its node budget the compiled search says UNKNOWN, never a wrong answer; the caller
    then runs the Python search, and the classes found are those of the plain run."""
    P = _p_portions(10)
    ms = commutative_monoids(5)
    unknown = 0
    for mt in ms:
        for c in cocycle_classes(mt):
            t = extension(mt, c)
            full = screen(t, P)
            tight = screen(t, P, max_nodes=1)
            assert ((tight == full) | (tight == UNKNOWN)).all()
            assert (tight[full == FAILS] == FAILS).all()
            unknown += int((tight == UNKNOWN).sum())
    assert unknown > 0
    st_py: dict = {}
    st_c: dict = {}
    assert realised_part(10, ms, stats=st_c).keys() == \
        realised_part(10, ms, stats=st_py, compiled=False).keys()
    assert st_c == st_py


def test_screen_refuses_orders_past_62() -> None:
    with pytest.raises(ValueError, match="62"):
        screen(np.zeros((64, 64), dtype=np.int64), np.zeros((1, 64), dtype=bool))
