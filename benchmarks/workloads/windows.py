"""Claims read off a candidate: every shape the Watcher proposes for 0.2036 at heap 11 (round 45
of its recalibration), read with the plain window search (each window vector tested by building
the coarse state of every data point, ``counters_windows.Fit``) against the search the engine
runs (each vector tested against the maximal thresholds of the conflicting points, a total at a
time). Both return the same windows and tables."""
from __future__ import annotations

import functools
from collections import Counter

from run import Workload

from misere.impartial.octal import octal_game
from misere.quotients.impartial import counters_windows
from misere.quotients.impartial.counters_data import build_certificate
from misere.quotients.infinite.discover import proposals, round_candidate

CODE, HEAP, ROUND = "0.2036", 11, 45


@functools.lru_cache(maxsize=1)
def _shapes():
    cand = round_candidate(octal_game(CODE), HEAP, ROUND)
    failure = (11,) * 9 + (3,) * 10  # the least failure of that round
    return cand, list(proposals(failure, [Counter({11: 9, 8: 10})], HEAP))


def _read() -> list:
    cand, shapes = _shapes()
    out = []
    for shape in shapes:
        cert = build_certificate(CODE, cand, **shape)
        out.append(None if cert is None else (cert.windows, sorted(cert.p_table)))
    return out


def _naive() -> list:
    saved, counters_windows.MAX_PAIRS = counters_windows.MAX_PAIRS, -1  # Fit for every vector
    try:
        return _read()
    finally:
        counters_windows.MAX_PAIRS = saved


WORKLOADS = [
    Workload("claims: the Watcher's shapes for 0.2036 at heap 11, window search by coarse states "
             "vs by thresholds", _naive, _read, goal=0.5, setup=_shapes),
]
