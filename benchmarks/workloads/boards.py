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
