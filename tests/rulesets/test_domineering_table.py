"""The compiled Domineering search with its bounded table (rulesets/grid_jit.py, core/hashtable_jit.py):
exact under replacement, every symmetry and move order, against the naive search of
benchmarks/naive/boards.py (memoised recursion on bitmasks, no symmetry, no ordering)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from benchmarks.naive import boards as naive
from misere.core import cache
from misere.core import hashtable_jit as ht
from misere.rulesets import board_jit, grid_jit
from misere.rulesets.grid_bits import domineering_outcome_pair, normalise, pack_cells

_NAMES = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}


def _rows(b: int, h: int, w: int) -> list[str]:
    return ["".join("." if b >> (8 * i + j) & 1 else "#" for j in range(w)) for i in range(h)]


def _ours(rows: list[str]) -> str:
    b = pack_cells((i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == ".")
    return _NAMES[domineering_outcome_pair(b, compiled=True)]


@pytest.fixture
def tiny_table(monkeypatch: pytest.MonkeyPatch):
    """A fixed table of 64 slots (16 buckets): nearly every store evicts something."""
    monkeypatch.setattr(board_jit, "CHUNK", 50)
    grid_jit.configure(64)
    yield
    cache.clear()


def test_tiny_table_is_exact_on_rectangles(tiny_table) -> None:
    for r in range(1, 6):
        for c in range(1, 6):
            if r * c <= 20:
                assert _ours(naive.rectangle(r, c)) == naive.outcome(naive.rectangle(r, c)), (r, c)
    s = grid_jit.stats()
    assert s["slots"] == 64 and s["evicted"] > 1000 and s["used"] <= 64


def test_tiny_table_is_exact_on_random_boards(tiny_table) -> None:
    rng = random.Random(7)
    for _ in range(120):
        h, w = rng.randint(1, 7), rng.randint(1, 7)
        rows = ["".join("#" if rng.random() < 0.3 else "." for _ in range(w)) for _ in range(h)]
        if sum(r.count(".") for r in rows) <= 18:
            assert _ours(rows) == naive.outcome(rows), rows


@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize("sym", [0, 1, 2])
def test_every_replacement_and_symmetry_agrees(weighted: bool, sym: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grid_jit, "WEIGHTED", weighted)
    monkeypatch.setattr(grid_jit, "SYMMETRY", sym)
    grid_jit.configure(256)
    for r, c in ((3, 3), (4, 4), (3, 5), (5, 3), (2, 7), (4, 5)):
        assert _ours(naive.rectangle(r, c)) == naive.outcome(naive.rectangle(r, c)), (r, c, weighted, sym)
    cache.clear()


def test_eight_row_boards_use_the_guard_column() -> None:
    # an eighth row is packed into the guard column of the key: 8 x 2 and ragged 8-row boards
    cache.clear()
    rng = random.Random(3)
    boards = [["..", ".."] * 4, [".#", "..", "#.", "..", "..", ".#", "..", "#."]]
    boards += [["".join(rng.choice("..#") for _ in range(3)) for _ in range(8)] for _ in range(20)]
    for rows in boards:
        assert _ours(rows) == naive.outcome(rows), rows
    cache.clear()


def _image(b: int, f) -> int:
    return sum(1 << (8 * r2 + c2) for r in range(8) for c in range(8) if b >> (8 * r + c) & 1
               for r2, c2 in [f(r, c)])


def test_symmetries_match_their_definitions() -> None:
    rng = random.Random(5)
    for _ in range(200):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        b = sum(1 << (8 * r + c) for r in range(rows) for c in range(cols) if rng.random() < 0.5)
        assert grid_jit._mirror(b, cols) == _image(b, lambda r, c: (r, cols - 1 - c))
        assert grid_jit._flip(b, rows) == _image(b, lambda r, c: (rows - 1 - r, c))
        assert grid_jit._transpose(b) == _image(b, lambda r, c: (c, r))
        k, side = grid_jit._canon(b, 0, rows, cols, 2)
        live = _image(b, lambda r, c: (r, c)) & ((b << 1) | (b >> 1) | (b << 8) | (b >> 8))
        if rows == cols and side == 1:  # a transposed image: Right to move on it
            k = grid_jit._transpose(k)
        assert normalise(k) == normalise(live)


def test_table_replaces_the_lightest_and_keeps_both_sides() -> None:
    tab, stats = ht.new_table(4), np.zeros(3, np.int64)  # one bucket
    shift = ht.bucket_shift(4)
    for key, weight in ((1, 9), (2, 1), (3, 5), (4, 7)):
        ht.store(tab, key, 1 | 2, weight, shift, stats)  # known, Left to move wins
    ht.store(tab, 3, 4, 0, shift, stats)  # Right to move loses on key 3: same slot
    assert ht.probe(tab, 3, shift) == 1 | 2 | 4
    ht.store(tab, 5, 1, 2, shift, stats)  # a new key evicts the lightest (2, weight 1)
    assert ht.probe(tab, 2, shift) == 0 and ht.probe(tab, 5, shift) == 1
    assert all(ht.probe(tab, k, shift) for k in (1, 3, 4))
    assert list(stats) == [4, 1, 6]
    with pytest.raises(ValueError):
        ht.new_table(12)


def test_growth_rehashes_every_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    grid_jit.configure(16, 1 << 12)
    assert _ours(naive.rectangle(4, 5)) == naive.outcome(naive.rectangle(4, 5))
    s = grid_jit.stats()
    assert 16 < s["slots"] <= 1 << 12
    tab = board_jit._tables[(board_jit.DOMINEERING, True)].tab
    keys = tab[tab != 0] & ((1 << 56) - 1)
    assert len(set(keys.tolist())) == len(keys) == s["used"]  # no key twice after rehashing
    cache.clear()
    assert grid_jit.stats()["slots"] == 0 and grid_jit.stats()["used"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("slots", [64, 1 << 20])
def test_rectangles_up_to_5x6_and_6x5_against_naive(slots: int) -> None:
    grid_jit.configure(slots)
    for r, c in [(r, c) for r in range(1, 6) for c in range(1, 6)] + [(5, 6), (6, 5)]:
        assert _ours(naive.rectangle(r, c)) == naive.outcome(naive.rectangle(r, c)), (r, c)
    cache.clear()
