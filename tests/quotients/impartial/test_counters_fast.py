"""The counter certificate's enumerations against plain references written from their
definitions (``tests/oracle/claims_oracle.py``): the transition sets of every stored certificate
(the numpy pass over the set bits against sets of pairs), the elements of ``X`` on random maps
with and without limits (the search over whole fronts, dense table and sorted arrays, against a
plain search), and the shortest words of the values."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from misere.quotients.impartial import counters_data
from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters_moves import Moves, transition_pairs
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.separation import word_of_values
from misere.quotients.infinite.store import DATA
from tests.oracle import claims_oracle as oracle

STORED = sorted(DATA.glob("*.npz"))


def _heavy(path) -> bool:
    """A monoid of more than 20,000 actions or a count window: 10-25 s in the plain reference."""
    data = np.load(path)
    return data["action"].size > 20_000 or "count_window" in data.files


#: every fourth stored certificate in CI but the heavy ones (the largest transition sets take
#: seconds in the plain reference), all with --runslow
CHECKED = [pytest.param(p, id=p.stem, marks=() if i % 4 == 0 and not _heavy(p) else pytest.mark.slow)
           for i, p in enumerate(STORED)]


@pytest.mark.parametrize("path", CHECKED)
def test_transition_sets_and_words_are_the_plain_enumerations(path):
    cert = load_claim(path)
    mv = Moves(cert, rule_moves(cert.code))
    n = cert.order
    fast = {(x, frozenset((mv.shifts[b // n], b % n) for b in range(t.bit_length()) if t >> b & 1))
            for x, t in transition_pairs(cert, mv)}
    heaps = [h for h in cert.heaps if mv.opts[h]]
    column = {h: cert.action[mv.row[h]] for h in heaps}
    assert fast == oracle.transition_sets(n, cert.identity, cert.outside, heaps, column, mv.opts)
    words = word_of_values(cert)
    dist = oracle.word_of_values(cert.identity, cert.outside, cert.heaps, cert.action)
    assert {x: len(w) for x, w in words.items()} == dist
    for x, w in words.items():  # each word reaches its value
        y = cert.identity
        for h in w:
            y = int(cert.action[cert.heaps.index(h)][y])
        assert y == x


@st.composite
def _maps(draw):
    n = draw(st.integers(2, 12))
    heaps = tuple(range(1, draw(st.integers(1, 6)) + 1))
    cols = {h: (None if draw(st.booleans()) and h > 1 else
                np.array(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))))
            for h in heaps}
    limits = tuple(draw(st.lists(st.tuples(st.integers(1, len(heaps) + 1), st.integers(0, 3)),
                                 max_size=2)))
    return heaps, cols, draw(st.integers(0, n - 1)), limits


@settings(max_examples=150, deadline=None)
@given(_maps(), st.booleans())
def test_the_elements_of_x_are_those_of_a_plain_search(case, dense):
    heaps, cols, identity, limits = case
    saved, counters_data.DENSE = counters_data.DENSE, (counters_data.DENSE if dense else 0)
    try:
        action, values, ident, out = counters_data._elements(heaps, cols.get, identity, limits)
    finally:
        counters_data.DENSE = saved
    elems = oracle.elements(heaps, cols.get, identity, limits)
    assert [int(v) for v in values[:len(elems)]] == [x for _, x in elems]
    assert elems[ident] == (tuple(0 for _ in limits), identity)
    assert (out is None) == (not limits) and len(values) == len(elems) + bool(limits)
    index = {e: i for i, e in enumerate(elems)}
    for r, h in enumerate(heaps):
        for i, (prof, x) in enumerate(elems):
            p2 = tuple(c + (h >= t) for c, (t, _) in zip(prof, limits))
            y = x if cols[h] is None else int(cols[h][x])
            assert action[r, i] == index.get((p2, y), out if limits else -1)
        if limits:
            assert action[r, out] == out
