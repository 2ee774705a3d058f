"""The compiled search of Cram and Clobber as sums of regions (rulesets/region_jit.py) against the
naive whole-board search of tests/oracle/boards.py (moves from the rules on whole boards, no
splitting, no symmetry, no values), in misère and normal play."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, strategies as st

from misere import compare
from misere.core import cache
from misere.errors import BudgetExceededError
from misere.impartial.canonical import add_canonical, impartial, simplify
from misere.rulesets import region_jit
from misere.rulesets.board_grids import masks
from misere.rulesets.clobber import Clobber
from misere.rulesets.cram import Cram
from tests.oracle import boards as naive
from tests.rulesets.test_board_jit import _grids, engine_fixture

GRIDS = {"cram": (Cram, naive.cram, "..#"), "clobber": (Clobber, naive.clobber, "xo.x")}


regions = engine_fixture("regions")


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_all_small_rectangles_against_the_naive_search(name: str, regions) -> None:
    R, moves, _ = GRIDS[name]
    for h in range(1, 5):
        for w in range(h, 5):
            if h * w > 12:
                continue
            pos = [tuple(R.rectangle(h, w))]
            for normal in (False, True):
                assert R.outcome(pos, normal=normal).value == naive.outcome(pos, moves, not normal), (h, w, normal)


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_random_positions_against_the_naive_search(name: str, regions) -> None:
    R, moves, alphabet = GRIDS[name]
    for pos in _grids(random.Random(name + "regions"), alphabet, 120):
        for normal in (False, True):
            assert R.outcome([list(b) for b in pos], normal=normal).value == \
                naive.outcome(pos, moves, not normal), (pos, normal)


@given(st.sampled_from(sorted(GRIDS)), st.integers(1, 4), st.integers(1, 4), st.data())
def test_random_boards_property(name: str, h: int, w: int, data) -> None:
    """Random boards of at most 12 squares straight into :func:`region_jit.wins`, both players,
    both conventions."""
    R, moves, alphabet = GRIDS[name]
    w = min(w, 12 // h)
    board = tuple("".join(data.draw(st.sampled_from(alphabet)) for _ in range(w)) for _ in range(h))
    a, b = masks(board, ".", "") if name == "cram" else masks(board, "x", "o")
    for misere in (True, False):
        for left in (True, False):
            assert region_jit.wins(region_jit.GAMES[name], a, b, left, misere) == \
                naive.wins((board,), left, moves, misere), (board, left, misere)


def test_the_value_identities_used_for_small_cram_regions() -> None:
    """``{0} = *1``, ``{*1} = 0`` and ``*1 + *1 = 0`` in misère play (the project's canonical
    forms, Conway ONAG ch. 12), which :func:`region_jit._value` relies on."""
    zero = impartial([])
    star = impartial([zero])
    assert simplify([zero]) == star
    assert simplify([star]) == zero
    assert add_canonical(star, star) == zero
    assert simplify([zero, star]) not in (zero, star)  # *2: no shortcut


def test_the_dicot_identities_used_for_small_clobber_regions() -> None:
    """Modulo the dicot universe (Clobber positions are dicots): ``* + * = 0``, ``{0 | 0} = *``,
    ``{* | *} = 0``; not in the general universe (``* + *`` is not 0 there)."""
    assert compare("*+*", "0", universe="dicot") == "="
    assert compare("{0|0}", "*", universe="dicot") == "="
    assert compare("{*|*}", "0", universe="dicot") == "="
    assert compare("{0,*|0,*}", "0", universe="dicot") != "="
    assert compare("*+*", "0", universe="general") != "="


def test_small_clobber_regions_get_their_value_class() -> None:
    """``xo`` and ``xox`` are ``*`` (every move leaves one colour); ``xo`` twice cancels."""
    cache.clear()
    region_jit.wins(region_jit.CLOBBER, 0b1, 0b10, True)
    s = region_jit._states[(region_jit.CLOBBER, True)]
    ctx = np.zeros(6, np.int64)
    values = []
    for a, b in ((0b1, 0b10), (0b101, 0b10)):
        r = region_jit._region(region_jit.CLOBBER, a, b, *s.rt, *s.rv[:3], s.cnt, ctx)
        values.append(int(region_jit._value(region_jit.CLOBBER, r, *s.rt, *s.rv, s.cnt, ctx)))
    assert values == [2, 2]
    out = np.zeros(8, np.int64)
    assert region_jit._split(region_jit.CLOBBER, 0b1 | 0b101 << 16, 0b10 | 0b10 << 16, out, 0, *s.rt, *s.rv,
                             s.cnt, ctx) == 0
    cache.clear()


def test_small_regions_get_their_value_class() -> None:
    """The domino and the straight tromino are ``*1``, the 2x2 square is 0 (its only move
    leaves a domino: ``{*1} = 0``) and so is the 1x5 strip (every move leaves one ``*1``
    region and dead squares); the 1x4 strip is neither (its middle move leaves 0, the others a
    domino: ``{0, *1}``)."""
    cache.clear()
    region_jit.wins(region_jit.CRAM, 0b11, 0, True)  # loads the kernels and the tables
    s = region_jit._states[(region_jit.CRAM, True)]
    ctx = np.zeros(6, np.int64)

    def value(bits: int) -> int:
        r = region_jit._region(region_jit.CRAM, bits, 0, *s.rt, *s.rv[:3], s.cnt, ctx)
        return int(region_jit._value(region_jit.CRAM, r, *s.rt, *s.rv, s.cnt, ctx))

    assert [value(0b11), value(0b111), value(0x303), value(0b11111), value(0b1111)] == [2, 2, 1, 1, 3]
    # two *1 regions cancel, a 0 region is dropped: a domino, a tromino and a 2x2 square leave nothing
    out = np.zeros(8, np.int64)
    n = region_jit._split(region_jit.CRAM, 0b11 | 0b111 << 24 | 0x303 << 4, 0, out, 0, *s.rt, *s.rv, s.cnt, ctx)
    assert n == 0
    cache.clear()


def test_the_position_table_may_be_emptied(regions, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the memory budget refuses the position table more room it is emptied, and the
    answers stay exact (positions are searched again)."""
    want = naive.outcome([tuple("xoxo oxox xoxo".split())], naive.clobber)

    def refuse(nbytes: int, what: str) -> None:
        if "position" in what:
            raise BudgetExceededError("memory", "no room")

    monkeypatch.setattr(region_jit, "_reserve", refuse)
    monkeypatch.setattr(region_jit, "CHUNK", 50)
    s = region_jit._State(region_jit.CLOBBER, True)
    s.cnt[region_jit._USED_C] = s.ct[2].size // 2  # pretend the table is full: the next call must grow it
    s.cnt[region_jit._NPOS] = 2
    a, b = masks(("xoxo", "oxox", "xoxo"), "x", "o")
    got = [s.solve(a, b, 0), s.solve(a, b, 1)]
    assert {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[tuple(got)] == want
    assert s.ct[2].size == 1 << 18  # emptied, not grown
    empty = region_jit._State(region_jit.CLOBBER, True)
    empty.cnt[region_jit._USED_C] = empty.ct[2].size // 2  # full, yet nothing to forget: no room at all
    with pytest.raises(BudgetExceededError):
        empty.solve(a, b, 0)


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="Cram and Clobber"):
        region_jit.wins(region_jit.GAMES["cram"] + 2, 1, 0, True)
    with pytest.raises(ValueError, match="8 rows and 7 columns"):
        region_jit.wins(region_jit.CRAM, 1 << 7, 0, True)
