"""Misère Domineering on empty rectangles (issue 10 item 3): naive bitmask search vs misere."""
from __future__ import annotations

from run import Workload

from misere.core import cache
from misere.rulesets.domineering import Domineering
from naive import boards as naive


def _setup() -> None:
    cache.clear()
    naive.wins.cache_clear()
    Domineering.outcome((2, 2))  # warm: numba compiled (or loaded from its disk cache) already


def _cold() -> str:
    """A fresh interpreter: import misere, numba, load the cached compiled search, solve 5x5."""
    import subprocess
    import sys
    code = "from misere.rulesets.domineering import Domineering as D; print(D.outcome((5, 5)).value)"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def _sizes(n: int, skip_largest: bool = False) -> list[tuple[int, int]]:
    out = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    return out[:-1] if skip_largest else out


def _naive(n: int, skip: bool = False) -> list[str]:
    return [naive.outcome(naive.rectangle(r, c)) for r, c in _sizes(n, skip)]


def _fast(n: int, skip: bool = False) -> list[str]:
    return [Domineering.outcome((r, c)).value for r, c in _sizes(n, skip)]


WORKLOADS = [
    Workload("boards: Domineering rectangles up to 5x5", lambda: _naive(5), lambda: _fast(5),
             goal=0.2, setup=_setup),
    Workload("boards: Domineering rectangles up to 4x5 and 5x4 (all but 5x5)",
             lambda: _naive(5, True), lambda: _fast(5, True), goal=0.2, setup=_setup),
    Workload("boards: 5x5 cold (new process: imports + cached compiled code) vs naive in-process",
             lambda: naive.outcome(naive.rectangle(5, 5)), _cold, goal=None, setup=_setup),
]
