"""Naive references for the quotient workloads (issue 10, items 5 and 6).

* :func:`naive_certificate`: the obvious brute-force cross-check -- every multiset of heaps
  within a token bound, its misère outcome by memoised recursion on sorted heap tuples, compared
  with the quotient's prediction (a product of table look-ups per position).
* :func:`v1_quotient`: the quotient engine as it was before issue 10 (solver, failure search,
  bipartite candidates and table monoid read unchanged from git at commit :data:`V1_COMMIT`
  into a temporary package, so the repository holds no second copy), run through today's driver. On this machine it took 10.7-12.3 s for Dawson's Kayles to heap 33,
  the same as MisereSolver's 10.8 s, so it stands in for MisereSolver in the ratio.
"""
from __future__ import annotations

import sys
from functools import lru_cache


def naive_outcomes(options):
    """``is_p(position)`` for sorted heap tuples (misère: no move means N)."""

    @lru_cache(maxsize=None)
    def is_p(position):
        moved = False
        for i in range(len(position)):
            if i and position[i] == position[i - 1]:
                continue
            rest = position[:i] + position[i + 1:]
            for opt in options(position[i]):
                moved = True
                if is_p(tuple(sorted(rest + tuple(x for x in opt if x)))):
                    return False
        return moved

    return is_p


def naive_certificate(options, table, p_mask, phi, identity, max_heap, tokens):
    """Number of positions checked and whether all agree (same enumeration as misère's)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    is_p = naive_outcomes(options)
    count, agreed = 0, True

    def rec(low, left, pos, x):
        nonlocal count, agreed
        count += 1
        if is_p(pos) != bool(p_mask[x]):
            agreed = False
        for h in range(low, max_heap + 1):
            if h <= left:
                rec(h, left - h, pos + (h,), int(table[x, phi[h]]))

    rec(1, tokens, (), identity)
    return count, agreed


#: ``main`` just before the quotient engine work of issue 10
V1_COMMIT = "8793792"
_V1_FILES = {"table": "src/misere/quotients/monoid/table.py",
             "bipartite": "src/misere/quotients/impartial/bipartite.py",
             "verify": "src/misere/quotients/impartial/verify.py",
             "solver": "src/misere/quotients/impartial/solver.py"}


def _v1_solver():
    """The v1 solver module, loaded from git history (imports between its files made relative)."""
    import importlib
    import re
    import subprocess
    import tempfile
    from pathlib import Path

    if "misere_engine_v1" not in sys.modules:
        root = Path(__file__).resolve().parents[2]
        pkg = Path(tempfile.mkdtemp()) / "misere_engine_v1"
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        for name, path in _V1_FILES.items():
            text = subprocess.run(["git", "-C", str(root), "show", f"{V1_COMMIT}:{path}"], check=True,
                                  capture_output=True, text=True).stdout
            text = re.sub(r"from misere\.quotients\.impartial\.(\w+) import", r"from .\1 import", text)
            text = text.replace("from misere.quotients.monoid import", "from .table import")
            (pkg / f"{name}.py").write_text(text)
        sys.path.insert(0, str(pkg.parent))
    return importlib.import_module("misere_engine_v1.solver")


def v1_quotient(code: str, max_heap: int):
    """``misere.quotient(code, max_heap=..., certify=0)`` with the pre-issue-10 engine."""
    import misere
    import misere.quotients.impartial.driver as driver

    import misere.quotients.monoid.storage as storage
    from misere.quotients.impartial.state import SolverState

    v1 = _v1_solver()
    saved, small, initial = driver.step, storage.SMALL_ORDER, SolverState.__dict__["initial"]
    driver.step = v1.step
    # v1 knows numpy tables only: every table an array, from v1's own initial state on
    storage.SMALL_ORDER = 0
    SolverState.initial = classmethod(lambda cls: v1.SolverState.initial())
    try:
        return misere.quotient(code, max_heap=max_heap, certify=0)
    finally:
        driver.step, storage.SMALL_ORDER = saved, small
        SolverState.initial = initial
