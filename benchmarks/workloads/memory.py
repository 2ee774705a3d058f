"""Memory workloads (issue 10, item 4): peak memory of the compact structures next to the
ones they replaced, side by side (the MB columns of ``run.py``; time ratios are reported too).

* intern: 300 000 intern calls (options among the 40 newest forms, so forms repeat and
  options are shared) into ``misere``'s table — a fresh copy of :mod:`misere.core.table` each
  call — and into the dict-keyed table of ``naive/table.py``;
* order: the general ≥-matrix of 6 000 random canonical day-3 games by the bit-packed
  ``OrderTable`` and by the dense one it replaced (read from git). The returned boolean matrix
  (36 MB here) is part of both peaks; the tables' own memory grows as n² (n²/8 packed).

The games and tables are built on first use, not at import (``run.py`` imports every workload).
"""
from __future__ import annotations

import importlib.util
import random
from typing import Any, Callable

import numpy as np

import misere as m
from misere.core import table as table_module
from naive.table import DictTable, v1_order_table
from run import Workload

_copies = [0]


def _fresh_table() -> Any:
    """A new, empty copy of :mod:`misere.core.table` (the package's own table is never reset)."""
    _copies[0] += 1
    spec = importlib.util.spec_from_file_location(f"misere.core._bench_table{_copies[0]}",
                                                  table_module.__file__)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _fill(intern: Callable[[list[int], list[int]], int], calls: int) -> tuple[int, int]:
    """``calls`` interns whose options are drawn from the ids the last 40 calls returned (so
    option tuples hold the id objects the table handed out, as in real use)."""
    rng = random.Random(2026)
    recent = [intern([], [])]
    total = 0
    for _ in range(calls):
        lefts = [rng.choice(recent) for _ in range(rng.randrange(4))]
        rights = [rng.choice(recent) for _ in range(rng.randrange(4))]
        g = intern(lefts, rights)
        total += g
        recent.append(g)
        if len(recent) > 40:
            del recent[0]
    return max(recent) + 1, total


def _intern_naive(calls: int) -> tuple[int, int]:
    t = DictTable()
    return _fill(t.intern, calls)


def _intern_fast(calls: int) -> tuple[int, int]:
    t = _fresh_table()
    return _fill(t.intern, calls)


_games: list[int] = []


def _day3_games(n: int = 6000) -> list[int]:
    """``n`` distinct random canonical general forms of birthday 3 (seeded), built once."""
    if not _games:
        from misere.core.table import birthday, intern
        from misere.universes.general import canonical

        day2 = m.find_universe("general").born_by(2)
        rng = random.Random(7)
        found: set[int] = set()
        while len(found) < n:
            g = canonical(intern(rng.sample(day2, rng.randint(0, 5)), rng.sample(day2, rng.randint(0, 5))))
            if birthday(g) == 3:
                found.add(g)
        _games.extend(sorted(found))
    return _games


def _order(module: Any) -> np.ndarray:
    return module.OrderTable("general", max_nodes=10**6).matrix(_day3_games())


def _order_fast() -> np.ndarray:
    from misere.universes import order

    return _order(order)


WORKLOADS = [
    Workload("memory: intern 300 000 calls (276 764 forms), dict-keyed vs compact table",
             lambda: _intern_naive(300_000), lambda: _intern_fast(300_000)),
    Workload("memory: general order of 6 000 random day-3 games, dense v1 vs packed table",
             lambda: _order(v1_order_table()), _order_fast, setup=_day3_games,
             check=lambda a, b: bool(np.array_equal(a, b))),
]
