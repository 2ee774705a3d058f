"""Misère Domineering on empty rectangles (issue 10 item 3): naive bitmask search vs misere."""
from __future__ import annotations

from run import Workload

from misere.core import cache
from misere.rulesets import grid_jit
from misere.rulesets.domineering import Domineering
from naive import boards as naive


def _setup() -> None:
    cache.clear()
    naive.wins.cache_clear()
    grid_jit.wins(3, True)  # warm: the compiled search loaded in this process (a 1x2 board)


def _process(code: str) -> str:
    """Run ``code`` in a fresh interpreter (this checkout's src and benchmarks importable)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(here.parent / "src"), str(here)]))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=env).stdout.strip()


_RECTANGLES = "[(r, c) for r in range(1, 6) for c in range(1, 6)]"


def _cold() -> str:
    """A fresh interpreter: import misere and solve every rectangle up to 5x5 (issue 23 item 4:
    small boards stay in Python, numba is not loaded)."""
    return _process("from misere.rulesets.domineering import Domineering as D; "
                    f"print(''.join(D.outcome(rc).value for rc in {_RECTANGLES}))")


def _cold_naive() -> str:
    """The naive search of ``naive/boards.py`` on the same rectangles, in a fresh interpreter."""
    return _process("from naive import boards as n; "
                    f"print(''.join(n.outcome(n.rectangle(*rc)) for rc in {_RECTANGLES}))")


def _sizes(n: int, skip_largest: bool = False) -> list[tuple[int, int]]:
    out = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    return out[:-1] if skip_largest else out


def _naive(n: int, skip: bool = False) -> list[str]:
    return [naive.outcome(naive.rectangle(r, c)) for r, c in _sizes(n, skip)]


def _fast(n: int, skip: bool = False) -> list[str]:
    return [Domineering.outcome((r, c)).value for r, c in _sizes(n, skip)]


WORKLOADS = [
    Workload("boards: Domineering rectangles up to 5x5 (compiled search loaded)", lambda: _naive(5), lambda: _fast(5),
             goal=0.2, setup=_setup),
    Workload("boards: Domineering rectangles up to 4x5 and 5x4 (all but 5x5; compiled search loaded)",
             lambda: _naive(5, True), lambda: _fast(5, True), goal=0.2, setup=_setup),
    Workload("boards: rectangles up to 5x5, each in a new process (imports included)",
             _cold_naive, _cold, goal=1.0, setup=_setup),
]


# --- Cram, Clobber, Konane, Toads and Frogs (issue 23 item 3) --------------------------------

def _konane_opening(r: int, c: int) -> tuple[str, ...]:
    """The ``r x c`` checkerboard after the corner stone and its neighbour are taken."""
    from misere.rulesets.board_grids import checkerboard

    rows = [list(row) for row in checkerboard(r, c)]
    rows[0][0] = rows[0][1] = "."
    return tuple("".join(row) for row in rows)


#: (ruleset, position) pairs the naive search of tests/oracle/boards.py takes about 1 s each on
_GAMES = [("cram", ("....." ,) * 4), ("clobber", ("xoxo", "oxox", "xoxo", "oxox")),
          ("konane", _konane_opening(5, 5)), ("toads-and-frogs", ("TTTT......FFFF",))]


def _games_setup() -> None:
    from misere.rulesets import board_jit, region_jit

    cache.clear()
    board_jit.wins(board_jit.CRAM, 0x303, 0, True, 2, 2)  # warm: the compiled searches loaded
    region_jit.wins(region_jit.CRAM, 0x303, 0, True)


def _games_naive() -> list[str]:
    from tests.oracle import boards as oracle

    rules = {"cram": oracle.cram, "clobber": oracle.clobber, "konane": oracle.konane,
             "toads-and-frogs": oracle.toads_frogs}
    oracle.wins.cache_clear()
    return [oracle.outcome([pos], rules[name]) for name, pos in _GAMES]


def _games_fast() -> list[str]:
    from misere.rulesets.registry import find_ruleset

    return [find_ruleset(name).outcome(" ".join(pos) if name == "toads-and-frogs" else list(pos)).value
            for name, pos in _GAMES]


WORKLOADS.append(Workload("boards: Cram 4x5, Clobber 4x4, Konane 5x5 opening, Toads and Frogs TTTT......FFFF "
                          "(compiled search loaded)", _games_naive, _games_fast, goal=0.2, setup=_games_setup))


#: Cram and Clobber rectangles (x top left) of at most 12 squares, each set in a fresh process
_SMALL = "[(r, c) for r in range(1, 5) for c in range(r, 5) if r * c <= 12]"


def _cold_cram_clobber() -> str:
    """A fresh interpreter: import misere and solve the small Cram and Clobber rectangles (issue
    23 item 4 for the rulesets of the region search: small boards stay in Python)."""
    return _process("from misere.rulesets.registry import find_ruleset as f; "
                    f"print(''.join(f(n).outcome(rc).value for n in ('cram', 'clobber') for rc in {_SMALL}))")


def _cold_cram_clobber_naive() -> str:
    """The naive search of tests/oracle/boards.py on the same rectangles, in a fresh interpreter."""
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    return _process(f"import sys; sys.path.insert(0, {root!r}); from tests.oracle import boards as o; "
                    "cb = lambda r, c: tuple(''.join('xo'[(i + j) % 2] for j in range(c)) for i in range(r)); "
                    f"print(''.join(o.outcome([('.' * c,) * r], o.cram) for r, c in {_SMALL}) + "
                    f"''.join(o.outcome([cb(r, c)], o.clobber) for r, c in {_SMALL}))")


WORKLOADS.append(Workload("boards: Cram and Clobber rectangles of at most 12 squares, each set in a new process "
                          "(imports included)", _cold_cram_clobber_naive, _cold_cram_clobber, goal=1.0,
                          setup=_setup))
