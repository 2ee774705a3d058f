"""Whole ≥-orders (issue 10, item 1): ``misere.order`` against a memoised pairwise test.

Each setup empties every memo table (``misere.core.cache.clear``, which also resets the order
tables), so both sides start cold; the games are built once at import.
"""
from __future__ import annotations

import numpy as np

import misere as m
from misere.core import cache
from naive import order as naive
from run import Workload


def _values(universe: str, day: int) -> list[int]:
    return list(m.find_universe(universe).born_by(day))


def _workload(name: str, universe: str, day: int, goal: float | None) -> Workload:
    games = _values(universe, day)
    u = m.find_universe(universe)
    return Workload(
        name=name,
        naive=lambda: naive.order(games, universe),
        fast=lambda: u.order_matrix(games),
        goal=goal,
        setup=cache.clear,
        check=lambda a, b: bool(np.array_equal(np.array(a, dtype=bool), b)),
    )


WORKLOADS = [
    _workload("general order, 256 day-2 games", "general", 2, 0.1),
    _workload("dicot order, 1,268 day-3 values", "dicot", 3, 0.1),
    _workload("dead-ending order, 196 day-2 values", "dead-ending", 2, 0.25),
    _workload("normal order, 1,474 day-3 values", "normal", 3, None),
]
