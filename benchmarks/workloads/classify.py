"""Classification workloads (seed 002 §10.2): the exact search over every candidate of an order,
in Python (conditions, then the realisation search with its memo) against the compiled screen
(:mod:`misere.quotients.classify.screen`). Both find the same classes and the same counts of
P-portions passing C1-C8 and refuted (``check``)."""
from __future__ import annotations

import random

from run import Workload

from misere.quotients.classify.enumerate import realised_part
from misere.quotients.classify.monoids import commutative_monoids

_M6 = commutative_monoids(6)
_M8 = random.Random(1).sample(commutative_monoids(8), 400)


def _run(order: int, monoids: list, compiled: bool):
    st: dict = {}
    found = realised_part(order, monoids, stats=st, compiled=compiled)
    return sorted(found), st


def _same(a, b) -> bool:
    return a == b


WORKLOADS = [
    Workload("classify order 12, every candidate (421 monoids): Python vs compiled screen",
             lambda: _run(12, _M6, False), lambda: _run(12, _M6, True), goal=0.25, check=_same),
    Workload("classify order 16, 400 of the 20,486 monoids of order 8",
             lambda: _run(16, _M8, False), lambda: _run(16, _M8, True), goal=0.25, check=_same),
]
