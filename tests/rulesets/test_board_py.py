"""The pure-Python board searches that answer small boards first (issue 23 item 4):
rulesets/board_py.py (Clobber, Konane, Toads and Frogs, Cram) and Domineering's Python search
with its misère shortcuts (rulesets/grid_bits.py), against the naive whole-board searches of
tests/oracle/boards.py and tests/rulesets/test_domineering_bits.py, misère and normal play."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.naive import boards as bench
from misere.core import cache
from misere.rulesets import board_base, board_py, grid_bits
from misere.rulesets.board_grids import checkerboard
from misere.rulesets.clobber import Clobber
from misere.rulesets.cram import Cram
from misere.rulesets.konane import Konane
from misere.rulesets.toads_frogs import ToadsFrogs
from tests.oracle import boards as naive
from tests.rulesets.test_domineering_bits import naive as naive_domineering

RULES = {"cram": (Cram, naive.cram, ".#"), "clobber": (Clobber, naive.clobber, "xo."),
         "konane": (Konane, naive.konane, "xo."), "toads-and-frogs": (ToadsFrogs, naive.toads_frogs, "TF.")}


def _py(name: str, rows: tuple[str, ...], normal: bool = False) -> str:
    """The outcome by board_py alone, on the ruleset's own bitboard of the whole board."""
    R = RULES[name][0]
    _, a, b, _, _, onboard = R.bitboard([rows[0] if name == "toads-and-frogs" else list(rows)])
    left, right = (board_py.wins(name, a, b, side, onboard, not normal) for side in (True, False))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(left, right)]


def _rectangles(name: str) -> list[tuple[str, ...]]:
    """Small rectangles: empty (Cram), the checkerboard (Clobber), Konane's opening, ``TkEm``."""
    out = []
    for r in range(1, 4):
        for c in range(1, 5):
            if name == "cram":
                out.append(("." * c,) * r)
            elif name == "toads-and-frogs":
                out.append(("T" * r + "." * c + "F" * r,))
            else:
                rows = [list(x) for x in checkerboard(r, c)]
                if name == "konane":
                    rows[0][0] = "."
                    rows[0 if c > 1 else min(1, r - 1)][1 if c > 1 else 0] = "."
                out.append(tuple("".join(x) for x in rows))
    return out


@pytest.mark.parametrize("name", sorted(RULES))
def test_small_rectangles_against_the_naive_search(name: str) -> None:
    moves = RULES[name][1]
    cache.clear()
    for rows in _rectangles(name):
        for normal in (False, True):
            assert _py(name, rows, normal) == naive.outcome([rows], moves, not normal), (rows, normal)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(RULES)), data=st.data(), normal=st.booleans())
def test_random_positions_against_the_naive_search(name: str, data: st.DataObject, normal: bool) -> None:
    _, moves, alphabet = RULES[name]
    h = 1 if name == "toads-and-frogs" else data.draw(st.integers(1, 3))
    w = data.draw(st.integers(1, 9 if name == "toads-and-frogs" else 4))
    rows = tuple(data.draw(st.text(alphabet, min_size=w, max_size=w)) for _ in range(h))
    cache.clear()
    assert _py(name, rows, normal) == naive.outcome([rows], moves, not normal)


def test_the_allowance_stops_the_search_and_the_memo_stays_exact() -> None:
    cache.clear()
    rows = ("xoxo", "oxox", "xoxo")
    _, a, b, _, _, onboard = Clobber.bitboard([list(rows)])
    with pytest.raises(board_py.Allowance):
        board_py.wins("clobber", a, b, True, onboard, True, limit=10)
    assert _py("clobber", rows) == naive.outcome([rows], naive.clobber)
    with pytest.raises(ValueError):
        board_py.wins("domineering", 3, 0, True)


@pytest.mark.parametrize("name", ["clobber", "konane", "toads-and-frogs"])
def test_the_auto_engine_answers_first_in_python(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the compiled kernels loaded, ``auto`` asks board_py first (its memo fills) and a
    position past the allowance goes on to the compiled search with the same answer."""
    R, moves, _ = RULES[name]
    monkeypatch.setattr(board_base, "compiled_loaded", lambda: False)
    monkeypatch.setattr(board_base, "ENGINE", "auto")
    rows = _rectangles(name)[-1]
    pos = rows[0] if name == "toads-and-frogs" else [list(rows)]
    want = naive.outcome([rows], moves)
    cache.clear()
    assert R.outcome(pos).value == want
    assert any(len(t[0]) + len(t[1]) for t in cache.table("board_py").values())
    monkeypatch.setattr(board_base, "PYTHON_BITS_FIRST", 0)  # hand over at the first budget check
    cache.clear()
    assert R.outcome(pos).value == want


@settings(max_examples=80, deadline=None)
@given(h=st.integers(1, 4), w=st.integers(1, 4), bits=st.integers(0, (1 << 16) - 1))
def test_domineering_python_search_with_shortcuts_against_naive(h: int, w: int, bits: int) -> None:
    rows = ["".join(".#"[bits >> (w * i + j) & 1] for j in range(w)) for i in range(h)]
    b = grid_bits.pack_cells((i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == ".")
    cache.clear()
    got = grid_bits.domineering_outcome_pair(b, compiled=False)
    want = naive_domineering(rows)
    assert {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[got] == want


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(RULES)), data=st.data())
def test_the_benchmarks_naive_searches_agree_with_the_oracle(name: str, data: st.DataObject) -> None:
    """benchmarks/board_cold.py compares misere with the few-line bitmask searches of
    benchmarks/naive/boards.py: they must be right for the ratio to mean anything."""
    _, moves, alphabet = RULES[name]
    h = 1 if name == "toads-and-frogs" else data.draw(st.integers(1, 3))
    w = data.draw(st.integers(1, 9 if name == "toads-and-frogs" else 4))
    rows = tuple(data.draw(st.text(alphabet, min_size=w, max_size=w)) for _ in range(h))
    game = "toads" if name == "toads-and-frogs" else name
    assert bench.game_outcome(game, list(rows)) == naive.outcome([rows], moves)
