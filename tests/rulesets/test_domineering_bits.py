"""The bitmask Domineering search (rulesets/grid_bits.py) against a naive search written here."""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import product

import pytest

from misere.core import cache
from misere.rulesets.domineering import Domineering as D
from misere.rulesets import board_jit, grid_jit, region_jit
from misere.rulesets.grid_bits import domineering_outcome_pair, normalise, pack_cells


@lru_cache(maxsize=None)
def _naive_wins(free: frozenset[tuple[int, int]], left: bool) -> bool:
    """From the definition: cells as a set, no masks, no symmetry, no ordering."""
    dr, dc = (1, 0) if left else (0, 1)
    moved = False
    for r, c in free:
        if (r + dr, c + dc) in free:
            moved = True
            if not _naive_wins(free - {(r, c), (r + dr, c + dc)}, not left):
                return True
    return not moved  # misère: no move, the player to move wins


def naive(rows: list[str]) -> str:
    free = frozenset((i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == ".")
    lf, rf = _naive_wins(free, True), _naive_wins(free, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lf, rf)]


# misère outcomes of empty rectangles r x c (rows x columns), r, c = 1..5, by the naive search
RECTANGLES = {
    1: "NLLLL", 2: "RPLNR", 3: "RRPPL", 4: "RNPNP", 5: "RLRPN",
}


@pytest.mark.parametrize("r", range(1, 6))
def test_rectangles(r: int) -> None:
    cache.clear()
    got = "".join(D.outcome(f"{r}x{c}").value for c in range(1, 6))
    assert got == RECTANGLES[r]
    if r <= 4:
        assert got[:4] == "".join(naive(["." * c] * r) for c in range(1, 5))


def test_every_board_up_to_3x3_and_4x4_samples() -> None:
    # all 2^9 subsets of the 3x3 board, and 300 random subsets of 4x4 (each one of the 2^16)
    boards = [[ "".join(".#"[bits >> (3 * i + j) & 1] for j in range(3)) for i in range(3)]
              for bits in range(1 << 9)]
    rng = random.Random(10)
    boards += [["".join(rng.choice(".#") for _ in range(4)) for _ in range(4)] for _ in range(300)]
    for rows in boards:
        assert D.outcome(rows).value == naive(rows), rows


def test_random_boards_with_blocked_squares() -> None:
    rng = random.Random(4)
    for _ in range(60):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        rows = ["".join("#" if rng.random() < 0.25 else "." for _ in range(w)) for _ in range(h)]
        if sum(r.count(".") for r in rows) > 16:
            continue
        assert D.outcome(rows).value == naive(rows), rows


def test_wide_boards_are_transposed_or_fall_back() -> None:
    # 2 x 9 is searched transposed (Left and Right swapped); 8 x 8 minus most squares falls back
    assert D.outcome("2x9").value == "R" and D.outcome("9x2").value == "L"
    rows = ["........", "#######.", "#######."]
    assert D.outcome(rows).value == naive(rows)


def test_normalise_keeps_the_game() -> None:
    b = pack_cells([(2, 3), (2, 4), (3, 3)])
    assert normalise(b) == normalise(pack_cells([(0, 0), (0, 1), (1, 1)]))  # mirrored
    assert normalise(b) == normalise(pack_cells([(5, 1), (6, 1), (6, 0)]))   # rotated by 180
    for bits, shift in product(range(1, 64), range(3)):
        rows = [(bits >> (3 * i + j)) & 1 for i in range(2) for j in range(3)]
        cells = [(i + shift, j + shift) for i in range(2) for j in range(3) if rows[3 * i + j]]
        assert normalise(pack_cells(cells)) == normalise(pack_cells([(i, j) for i, j in cells]))


def _pair(rows: list[str]) -> str:
    from misere.core.outcome import Outcome
    return Outcome.from_pair(*domineering_outcome_pair(pack_cells(
        [(i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == "."]), compiled=True)).value


def test_compiled_search_agrees_with_python_and_naive() -> None:
    # the numba kernel (plain Python without numba) vs the pure-Python search vs the definition
    rng = random.Random(11)
    cache.clear()
    for _ in range(150):
        h, w = rng.randint(1, 6), rng.randint(1, 7)
        rows = ["".join("#" if rng.random() < 0.3 else "." for _ in range(w)) for _ in range(h)]
        if sum(r.count(".") for r in rows) > 15:
            continue
        b = pack_cells([(i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == "."])
        assert domineering_outcome_pair(b, compiled=True) == domineering_outcome_pair(b, compiled=False), rows
        assert _pair(rows) == naive(rows), rows


def test_compiled_table_grows_and_search_resumes(monkeypatch: pytest.MonkeyPatch) -> None:
    # a tiny table that must double many times, and chunks of 40 expansions between budget checks
    monkeypatch.setattr(board_jit, "CHUNK", 40)
    grid_jit.configure(16, 1 << 26)
    got = [_pair(["." * c] * r) for r, c in ((4, 5), (5, 4), (3, 5), (4, 4))]
    assert got == [RECTANGLES[4][4], RECTANGLES[5][3], RECTANGLES[3][4], RECTANGLES[4][3]]
    assert grid_jit.stats()["slots"] > 16
    cache.clear()
    assert grid_jit.stats()["slots"] == 0 and grid_jit.stats()["used"] == 0  # no table until a search


def test_compiled_search_stops_at_the_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from misere.budget import limits
    from misere.errors import BudgetExceededError
    monkeypatch.setattr(board_jit, "CHUNK", 1000)
    cache.clear()
    t = time.monotonic()
    with pytest.raises(BudgetExceededError):
        with limits(timeout=0.05):
            domineering_outcome_pair(pack_cells((i, j) for i in range(6) for j in range(6)), compiled=True)
    assert time.monotonic() - t < 20  # the clock is read after every chunk, not every 256th
    cache.clear()


# --- small boards never pay for compiling (issue 23 item 4) ---------------------------------

def test_small_boards_in_a_fresh_process_stay_in_python() -> None:
    """Every rectangle up to 5x5 in a new interpreter: right answers, numba never imported."""
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(__file__).resolve().parents[2] / "src")
    code = ("import sys; from misere.rulesets.domineering import Domineering as D; "
            "print(''.join(D.outcome((r, c)).value for r in range(1, 6) for c in range(1, 6)), "
            "'numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": src, "PATH": ""}).stdout.split()
    assert out == ["".join(RECTANGLES[r] for r in range(1, 6)), "False"]


def test_a_board_past_the_python_allowance_is_handed_to_the_compiled_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With an allowance of 50 positions the Python search gives 4x5 and 5x4 up half-way; the
    compiled search finishes them from scratch and agrees with the naive search."""
    from misere.rulesets import grid_bits

    cache.clear()
    monkeypatch.setattr(grid_bits, "PYTHON_FIRST", 50)
    monkeypatch.setattr(board_jit, "warm", False)
    monkeypatch.setattr(region_jit, "warm", False)  # either loaded counts (grid_bits.compiled_loaded)
    calls = []
    real = grid_jit.wins
    monkeypatch.setattr(grid_jit, "wins", lambda b, left, on_chunk=None: calls.append(b) or real(b, left))
    for r, c in ((4, 5), (5, 4), (2, 2)):
        assert D.outcome((r, c)).value == RECTANGLES[r][c - 1]
    assert len(calls) >= 2  # 4x5, 5x4 went compiled (each side to move) ...
    stored = sum(len(t) for t in grid_bits._memo)
    assert 0 < stored  # ... after the Python search had stored what it settled


def test_python_allowance_answers_small_boards_without_the_compiled_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cache.clear()
    monkeypatch.setattr(board_jit, "warm", False)
    monkeypatch.setattr(region_jit, "warm", False)  # either loaded counts (grid_bits.compiled_loaded)
    monkeypatch.setattr(grid_jit, "wins", lambda *a, **k: pytest.fail("compiled search used"))
    assert [D.outcome((r, 5)).value for r in range(1, 6)] == [RECTANGLES[r][4] for r in range(1, 6)]


def test_first_compilation_is_announced(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """A module whose kernel has no disk cache says it is compiling, and then how long it took;
    once cached it is silent."""
    import importlib
    import sys

    from misere.core import jit

    if not jit.available:
        pytest.skip("numba not installed")
    (tmp_path / "tiny_kernels.py").write_text(
        "from numba import njit\n\n@njit(cache=True)\ndef twice(x):\n    return 2 * x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    mod = importlib.import_module("tiny_kernels")
    try:
        assert not jit.cached_on_disk(mod)
        with jit.compiling(mod, "tiny kernels"):
            assert mod.twice(21) == 42
        err = capsys.readouterr().err
        assert "compiling tiny kernels" in err and "compiled tiny kernels in" in err
        assert jit.cached_on_disk(mod)
        with jit.compiling(mod, "tiny kernels"):
            pass
        assert capsys.readouterr().err == ""
    finally:
        sys.modules.pop("tiny_kernels", None)
