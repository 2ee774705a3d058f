"""The window search of claims read off candidates: the threshold test (``Conflicts``) gives the
plain search's answer (every window vector tested by building the coarse states, ``Fit``) on
random data, and on a real candidate."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from misere.quotients.impartial import counters_windows as cw
from misere.quotients.impartial.counters import sum_matrix


def _plain(data, tmat, cap, period):
    """The search as first written: every composition tested by building its table."""
    k = len(tmat)
    size = k * (k + 1) // 2
    fit = cw.Fit(data, tmat, period)
    for total in range(size * cap + 1):
        for w in cw.compositions(total, size, cap):
            table = fit(w)
            if table is not None:
                return w, table
    return None


@st.composite
def _data(draw):
    k = draw(st.integers(1, 3))
    shape = tuple(draw(st.integers(1, 7 if k < 3 else 4)) for _ in range(k))
    width = draw(st.integers(1, 3))
    kinds = draw(st.integers(1, 4))  # few distinct rows: the data have structure to find
    rows = np.array(draw(st.lists(st.lists(st.booleans(), min_size=width, max_size=width),
                                  min_size=kinds, max_size=kinds)), dtype=bool)
    pick = np.array(draw(st.lists(st.integers(0, kinds - 1), min_size=int(np.prod(shape)),
                                  max_size=int(np.prod(shape)))))
    data = rows[pick].reshape(*shape, width)
    sums = ((0,), (1, 2), (2,)) if k == 3 and draw(st.booleans()) else None
    return data, sum_matrix(sums, k), draw(st.integers(1, 6)), draw(st.integers(1, 3))


@settings(max_examples=300, deadline=None)
@given(_data())
def test_least_windows_is_the_plain_search(case):
    data, tmat, cap, period = case
    fast, plain = cw.least_windows(data, tmat, cap, period), _plain(data, tmat, cap, period)
    assert (fast is None) == (plain is None)
    if fast is not None:
        assert fast[0] == plain[0]
        assert fast[1].keys() == plain[1].keys()
        assert all(np.array_equal(fast[1][s], plain[1][s]) for s in fast[1])


@settings(max_examples=200, deadline=None)
@given(_data(), st.data())
def test_conflicts_answer_fit_for_every_window(case, draw):
    """The lemma itself: each window vector fits by the thresholds iff Fit builds a table."""
    data, tmat, cap, period = case
    fit = cw.Fit(data, tmat, period)
    conflicts = cw.Conflicts(fit, cap)
    size = len(tmat) * (len(tmat) + 1) // 2
    for _ in range(10):
        w = tuple(draw.draw(st.lists(st.integers(0, cap), min_size=size, max_size=size)))
        assert conflicts.fits(w) == (fit(w) is not None), w


@pytest.mark.parametrize("bound", ["MAX_PAIRS", "MAX_BOX"])
def test_the_fallbacks_give_the_same_windows(monkeypatch, bound):
    """Above ``MAX_PAIRS`` point pairs each vector is tested by Fit, above ``MAX_BOX`` vectors
    the box is walked a vector at a time: the same answer."""
    a, b = np.meshgrid(np.arange(8), np.arange(12), indexing="ij")
    data = np.stack([a - b >= 2, (a > b + 2) & (b % 2 == 0) | (a == 1)], axis=-1)  # diagonal data
    data[0, 0] = (True, True)
    tmat = sum_matrix(None, 2)
    fast = cw.least_windows(data, tmat, 8, 2)
    monkeypatch.setattr(cw, bound, 0)
    slow = cw.least_windows(data, tmat, 8, 2)
    assert fast is not None and fast[0] == slow[0] == _plain(data, tmat, 8, 2)[0]
