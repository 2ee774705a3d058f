"""The compiled board searches (rulesets/board_jit.py, board_rules_jit.py) of Cram, Clobber,
Konane and Toads and Frogs against the naive whole-board search of tests/oracle/boards.py (moves
from the rules on whole boards, no symmetry, no splitting), in misère and normal play."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from misere.core import cache
from misere.errors import BudgetExceededError
from misere.rulesets import board_base, board_jit, board_rules_jit as rules, region_jit
from misere.rulesets.clobber import Clobber
from misere.rulesets.cram import Cram
from misere.rulesets.konane import Konane
from misere.rulesets.toads_frogs import ToadsFrogs
from tests.oracle import boards as naive

GRIDS = {"cram": (Cram, naive.cram, "..#"), "clobber": (Clobber, naive.clobber, "xo.x"),
         "konane": (Konane, naive.konane, "xo.x#o")}


def _grids(rng: random.Random, alphabet: str, count: int, most: int = 14):
    """Random positions of one or two boards with blocked or empty squares, at most ``most``
    squares in all (the naive search's reach)."""
    out = []
    while len(out) < count:
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        pos = [tuple("".join(rng.choice(alphabet) for _ in range(w)) for _ in range(h))]
        if rng.random() < 0.3:
            h, w = rng.randint(1, 2), rng.randint(1, 3)
            pos.append(tuple("".join(rng.choice(alphabet) for _ in range(w)) for _ in range(h)))
        if sum(len(b) * len(b[0]) for b in pos) <= most:
            out.append(pos)
    return out


def engine_fixture(engine: str):
    """A fixture that forces ``board_base.ENGINE`` to ``engine`` with empty caches around the test."""
    @pytest.fixture
    def fixture(monkeypatch: pytest.MonkeyPatch):
        monkeypatch.setattr(board_base, "ENGINE", engine)
        cache.clear()
        yield
        cache.clear()
    return fixture


compiled = engine_fixture("compiled")


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_grids_against_the_naive_search(name: str, compiled) -> None:
    R, moves, alphabet = GRIDS[name]
    for pos in _grids(random.Random(name), alphabet, 120):
        for normal in (False, True):
            assert R.outcome([list(b) for b in pos], normal=normal).value == \
                naive.outcome(pos, moves, not normal), (pos, normal)


def test_strips_against_the_naive_search(compiled) -> None:
    rng = random.Random(5)
    for _ in range(200):
        strips = ["".join(rng.choice("TF..") for _ in range(rng.randint(1, 8))) for _ in range(rng.randint(1, 2))]
        for normal in (False, True):
            assert ToadsFrogs.outcome(" ".join(strips), normal=normal).value == \
                naive.outcome([(s,) for s in strips], naive.toads_frogs, not normal), (strips, normal)


def test_a_tiny_table_evicts_and_stays_exact(compiled) -> None:
    """Eight slots that never grow: entries are evicted all the time; answers are unchanged."""
    board_jit.configure(8)
    rng = random.Random(9)
    for name in sorted(GRIDS):
        R, moves, alphabet = GRIDS[name]
        for pos in _grids(rng, alphabet, 25, most=12):
            assert R.outcome([list(b) for b in pos]).value == naive.outcome(pos, moves), pos
        if name == "konane":  # a table per board (its keys are the stones only): one larger board
            pos = [(".oxo", "oxox", "xoxo")]
            assert R.outcome([list(b) for b in pos]).value == naive.outcome(pos, moves)
        assert board_jit.stats(board_jit.GAMES[name])["evicted"] > 0, name
        assert board_jit.stats(board_jit.GAMES[name])["slots"] == 8
    cache.clear()
    assert board_jit.stats(board_jit.CRAM)["slots"] == 0


def test_the_table_grows_and_the_search_resumes(compiled, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board_jit, "CHUNK", 30)
    board_jit.configure(16, 1 << 12)
    assert Clobber.outcome((3, 4)).value == naive.outcome([tuple("xoxo oxox xoxo".split())], naive.clobber)
    assert board_jit.stats(board_jit.CLOBBER)["slots"] > 16


def _canon(game: int, a: int, b: int, side: int, rows: int, cols: int, onboard: int = 0):
    ctx = [0] * rules.CTX
    ctx[rules.ROWS], ctx[rules.COLS], ctx[rules.ONBOARD] = rows, cols, onboard
    ctx[rules.SYMS] = board_jit._symmetries(game, rows, cols, onboard)
    import numpy as np
    return tuple(int(x) for x in rules.canon(game, a, b, side, np.array(ctx, np.int64)))


def test_canonical_forms_are_shared_by_symmetric_images() -> None:
    """Every image under the frame's symmetries (and the colour exchange, which swaps the side
    to move) has the same canonical form; a position and an unrelated one do not."""
    rng = random.Random(3)
    from misere.rulesets.board_grids import masks
    for _ in range(100):
        n = rng.choice([3, 4])
        g = tuple("".join(rng.choice("xo.") for _ in range(n)) for _ in range(n))
        a, b = masks(g, "x", "o")
        c = _canon(rules.CLOBBER, a, b, 0, n, n)
        for img in (g[::-1], tuple(r[::-1] for r in g), tuple("".join(col) for col in zip(*g))):
            ia, ib = masks(img, "x", "o")
            assert _canon(rules.CLOBBER, ia, ib, 0, n, n) == c
        swapped = tuple(r.translate(str.maketrans("xo", "ox")) for r in g)
        sa, sb = masks(swapped, "x", "o")
        assert _canon(rules.CLOBBER, sa, sb, 1, n, n) == c
    s = "T.TF..F"
    a = sum(1 << i for i, ch in enumerate(s) if ch == "T")
    b = sum(1 << i for i, ch in enumerate(s) if ch == "F") | 1 << len(s)
    r = s[::-1].translate(str.maketrans("TF", "FT"))
    ra = sum(1 << i for i, ch in enumerate(r) if ch == "T")
    rb = sum(1 << i for i, ch in enumerate(r) if ch == "F") | 1 << len(r)
    assert _canon(rules.TOADS, a, b, 0, 1, 7) == _canon(rules.TOADS, ra, rb, 1, 1, 7)
    assert _canon(rules.TOADS, a, b, 0, 1, 7) != _canon(rules.TOADS, a, b ^ 0b1000, 0, 1, 7)
    # frogs packed at the left end and toads at the right end are cut off: "F.T.F.T" is ".T.F."
    assert _canon(rules.TOADS, 0b1000100, 0b10010001, 0, 1, 7) == _canon(rules.TOADS, 0b10, 0b101000, 0, 1, 5)


def test_konane_tables_follow_the_board(compiled) -> None:
    """Konane keys are the stones only: the same stones on another board are another game."""
    assert Konane.outcome(["xo."]).value == "R"   # Left's jump leaves Right no move: Right wins
    assert Konane.outcome(["xo#"]).value == "N"   # no move for anyone
    assert Konane.outcome(["xo."]).value == naive.outcome([("xo.",)], naive.konane)


@pytest.mark.parametrize("engine,module,search", [("compiled", board_jit, "misère Clobber"),
                                                  ("regions", region_jit, "misère regions")])
def test_the_budget_stops_the_compiled_search(engine: str, module, search: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.budget import limits
    monkeypatch.setattr(board_base, "ENGINE", engine)
    monkeypatch.setattr(module, "CHUNK", 500)
    cache.clear()
    with pytest.raises(BudgetExceededError) as err:
        with limits(timeout=0.01):
            Clobber.outcome((5, 6))
    assert err.value.partial["search"] == search
    cache.clear()


def test_large_boards_go_compiled_after_the_python_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    """With an allowance of 40 expansions the multiset search gives a 3x4 Cram board up; the
    compiled search answers, as the multiset search alone does."""
    cache.clear()
    want = [Cram.outcome((3, 4)).value, Cram.normal_outcome((3, 4)).value]
    monkeypatch.setattr(Cram, "_memo", {True: ({}, {}), False: ({}, {})})  # forget the answers
    monkeypatch.setattr(board_base, "PYTHON_FIRST", 40)
    monkeypatch.setattr(board_jit, "warm", False)
    monkeypatch.setattr(region_jit, "warm", False)
    calls = []
    real = region_jit.wins  # Cram goes to the compiled search of sums of regions
    monkeypatch.setattr(region_jit, "wins", lambda *a: calls.append(a) or real(*a))
    assert [Cram.outcome((3, 4)).value, Cram.normal_outcome((3, 4)).value] == want
    assert calls and calls[0][0] == region_jit.CRAM
    assert Cram._memo[True][0]  # the multiset search stored what it settled before handing over
    cache.clear()


def _fresh_process(code: str) -> list[str]:
    """Words printed by ``code`` run in a new Python process on this checkout's sources."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": src, "PATH": ""}).stdout.split()


def test_small_boards_in_a_fresh_process_stay_in_python() -> None:
    code = ("import sys\nfrom misere.rulesets.registry import find_ruleset as f\n"
            "out = [f('cram').outcome('3x4').value, f('clobber').outcome('3x3').value,"
            " f('konane').outcome('.oxo/oxox/xoxo').value, f('toads-and-frogs').outcome('TTT..FFF').value]\n"
            "print(''.join(out), 'numba' in sys.modules)")
    out = _fresh_process(code)
    want = [naive.outcome([("....",) * 3], naive.cram), naive.outcome([("xox", "oxo", "xox")], naive.clobber),
            naive.outcome([(".oxo", "oxox", "xoxo")], naive.konane),
            naive.outcome([("TTT..FFF",)], naive.toads_frogs)]
    assert out == ["".join(want), "False"]


@pytest.mark.slow
@pytest.mark.parametrize("name,board,engine", [("cram", (4, 5), "compiled"), ("clobber", (3, 5), "compiled"),
                                               ("konane", (4, 4), "compiled"), ("cram", (4, 5), "regions"),
                                               ("clobber", (3, 5), "regions")])
def test_rectangles_compiled_against_the_multiset_search(name: str, board, engine: str, monkeypatch) -> None:
    R = GRIDS[name][0]
    cache.clear()
    monkeypatch.setattr(board_base, "ENGINE", "multiset")
    want = [R.outcome(board).value, R.normal_outcome(board).value]
    cache.clear()
    monkeypatch.setattr(board_base, "ENGINE", engine)
    assert [R.outcome(board).value, R.normal_outcome(board).value] == want


def test_the_first_compiled_call_of_a_process_answers_its_own_board() -> None:
    """The kernels are loaded on tiny boards before the first search of a process; that warm-up
    once rebound the caller's ``rows`` (4x5 Left first came out won: it is P). In a fresh
    process, the first call must agree with the Python search."""
    code = ("from misere.rulesets import grid_jit, grid_bits; "
            "from misere.rulesets.domineering import Domineering as D; "
            "n = grid_bits.normalise(D._mask((4, 5))); "
            "print(grid_jit.wins(n, True), grid_bits.domineering_wins(n, True, compiled=False))")
    assert _fresh_process(code) == ["False", "False"]
