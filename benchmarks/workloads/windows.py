"""Claims read off a candidate: every shape the Watcher proposes for 0.2036 at heap 11 (round 45
of its recalibration), read with the plain window search (each window vector tested by building
the coarse state of every data point, ``counters_windows.Fit``) against the search the engine
runs (each vector tested against the maximal thresholds of the conflicting points, a total at a
time). Both return the same windows and tables.

A claim's check from the rules: the transition sets of the stored certificate of ``Q_34(0.1604)``
(step 3 of the counter theorem), enumerated by the plain reference of the tests (sets of pairs,
``tests/oracle/claims_oracle.py``) against the engine's (int bitsets, every heap's column mapped
at once in numpy)."""
from __future__ import annotations

import functools
from collections import Counter

from run import Workload

from misere.impartial.octal import octal_game
from misere.quotients.impartial import counters_windows
from misere.quotients.impartial.counters_data import build_certificate
from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters_moves import Moves, transition_pairs
from misere.quotients.infinite.discover import proposals, round_candidate
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.store import DATA
from tests.oracle import claims_oracle

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


@functools.lru_cache(maxsize=1)
def _claim():
    cert = load_claim(DATA / "01604-heap34.npz")
    return cert, Moves(cert, rule_moves(cert.code))


def _sets_plain() -> set:
    cert, mv = _claim()
    heaps = [h for h in cert.heaps if mv.opts[h]]
    column = {h: cert.action[mv.row[h]] for h in heaps}
    return claims_oracle.transition_sets(cert.order, cert.identity, cert.outside, heaps, column,
                                         mv.opts)


def _sets_fast() -> set:
    cert, mv = _claim()
    n = cert.order
    return {(x, frozenset((mv.shifts[b // n], b % n) for b in range(t.bit_length()) if t >> b & 1))
            for x, t in transition_pairs(cert, mv)}


WORKLOADS = [
    Workload("claims: the Watcher's shapes for 0.2036 at heap 11, window search by coarse states "
             "vs by thresholds", _naive, _read, goal=0.5, setup=_shapes),
    Workload("claim check: the transition sets of the certificate of Q_34(0.1604), sets of pairs "
             "vs int bitsets mapped in numpy", _sets_plain, _sets_fast, goal=0.5, setup=_claim),
]
