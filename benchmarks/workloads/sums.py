"""Outcomes of large sums (issue 10 item 2): naive tuple multiset search vs the packed search.

The components are copies of four canonical day-3 games (drawn with a fixed seed). Goal of
the issue: the fast search on 24 components in no more time than the naive one on 12.
``sum_outcome_pair`` searches in Python for 50 000 positions and then hands the sum to the
compiled kernel (:mod:`misere.core.packed_jit`); it is measured warm (compiled code loaded by
``setup``), as the boards are.
"""
from __future__ import annotations

import random

from run import Workload

import misere as m
from misere.core import cache
from misere.core.outcome import Outcome
from misere.core.packed import sum_outcome_pair
from misere.core.table import birthday, intern
from misere.universes import general
from naive import sums as naive


def four_day3_games(seed: int = 3) -> list[int]:
    day2 = [g.id for g in m.born_by(2)]
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < 4:
        g = general.canonical(intern(rng.sample(day2, rng.randint(1, 2)), rng.sample(day2, rng.randint(1, 2))))
        if birthday(g) == 3:
            out.append(g)
    return out


FOUR = four_day3_games()


def _setup() -> None:
    cache.clear()
    naive.clear()
    sum_outcome_pair(FOUR, engine="compiled")  # load the compiled kernel (warm measurement)


def _fast(n: int, engine: str = "auto") -> str:
    return Outcome.from_pair(*sum_outcome_pair(FOUR * (n // 4), engine=engine)).value


WORKLOADS = [
    Workload("sums: 16 components, naive vs fast (same size)", lambda: naive.outcome(FOUR * 4),
             lambda: _fast(16), goal=None, setup=_setup),
    Workload("sums: 24 components, Python packed search vs compiled (same size)", lambda: _fast(24, "python"),
             lambda: _fast(24), goal=None, setup=_setup),
    Workload("sums: naive on 12 components vs fast on 24", lambda: naive.outcome(FOUR * 3),
             lambda: _fast(24), goal=1.0, setup=_setup, check=lambda a, b: True),
]
