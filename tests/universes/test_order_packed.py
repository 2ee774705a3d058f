"""The bit-packed storage of :class:`misere.universes.order.OrderTable` (issue 10 item 4).

Tables grown in random pieces (each piece a random subset, so every birthday class gets many
byte-aligned runs with padding between them) must answer every query — whole matrices in any
order, with repeats, single lookups — exactly as the recursive pairwise test (Siegel 003 Thms
5.3–5.4; 004 Thms 16–17), and store n²/8 bytes per matrix.
"""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from misere.core import cache
from misere.universes import dead_ending, dicot, general, normal
from misere.universes.order import OrderTable

PAIRWISE = {"general": general.ge, "normal": normal.ge, "dicot": dicot.ge, "dead-ending": dead_ending.ge}
DAYS = {"general": 2, "normal": 2, "dicot": 2, "dead-ending": 2}


@lru_cache(maxsize=None)
def _reference(universe: str) -> tuple[tuple[int, ...], np.ndarray]:
    games = tuple(m.find_universe(universe).born_by(DAYS[universe]))
    cache.clear()
    ge = PAIRWISE[universe]
    return games, np.array([[ge(g, h) for h in games] for g in games], dtype=bool)


def _table(universe: str) -> OrderTable:
    t = m.find_universe(universe).order_table
    assert t is not None
    return OrderTable(universe, t._facts_of, t._end, t._normal)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(PAIRWISE)), st.integers(0, 2**32), st.integers(1, 6))
def test_pieces_and_queries_agree_with_pairwise(universe: str, seed: int, pieces: int) -> None:
    games, expected = _reference(universe)
    rng = random.Random(seed)
    table = _table(universe)
    pos = {g: i for i, g in enumerate(games)}
    for _ in range(pieces):
        table.extend(rng.sample(games, rng.randint(1, len(games))))
        query = [rng.choice(games) for _ in range(rng.randint(0, 80))]  # any order, repeats
        got = table.matrix(query)
        idx = [pos[g] for g in query]
        assert got.dtype == bool and np.array_equal(got, expected[np.ix_(idx, idx)])
    inside = sorted(g for g in games if g in table.index)
    for _ in range(50):
        g, h = rng.choice(inside), rng.choice(games)
        want = bool(expected[pos[g], pos[h]]) if h in table.index else None
        assert table.lookup(g, h) == want
    slots = len(table.ids)
    assert len(table) == len(table.index) <= slots  # padding slots are not forms
    assert all(table.ids[i] == -1 for i in range(slots) if i not in set(table.index.values()))
    assert table._ge.dtype == np.uint8 and table._ge.shape[1] * 8 == table._ge.shape[0] >= slots


def test_scattered_query_takes_the_gather_path() -> None:
    """More than 64 runs among the queried slots: whole rows are unpacked, then gathered."""
    games, expected = _reference("general")
    table = _table("general")
    table.extend(games)
    order = list(range(len(games)))[::-1]
    got = table.matrix([games[i] for i in order])
    assert np.array_equal(got, expected[np.ix_(order, order)])


def test_storage_is_an_eighth_of_dense() -> None:
    games, _ = _reference("general")
    table = _table("general")
    table.extend(games)
    n = len(table.ids)
    assert table._ge.nbytes + table._nd.nbytes <= 2 * (n + 7) * ((n + 7) // 8)
