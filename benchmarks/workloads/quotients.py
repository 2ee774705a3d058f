"""Quotient workloads (issue 10, items 5 and 6): the cheap certificate and the engine.

The engine's failure search and candidate marking are numba kernels (cached compilation); the
in-process engine workload runs first, so its time includes importing numba and loading the
cached kernels. The cold workload also pays the compilation (empty cache, new process).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import Workload

import misere
from misere.quotients.impartial.certify import code_moves, cross_check
from naive.quotients import naive_certificate, v1_quotient

_SRC = str(Path(__file__).resolve().parents[2] / "src")
_Q123 = misere.quotient("0.123", certify=0)


def _fast_certificate():
    st = _Q123.state
    c = cross_check(None, code_moves("0.123"), list(range(1, _Q123.max_heap + 1)), 26,
                    model=(st.table, st.is_p, st.phi, st.identity))
    return c.positions, c.agreed


def _naive_certificate():
    st = _Q123.state
    return naive_certificate(code_moves("0.123"), _Q123.monoid.table, st.is_p, st.phi, st.identity,
                             _Q123.max_heap, 26)


def _summary(q):
    return q.order, q.P, q.presentation, q.phi


def _cli_0123():
    env = dict(os.environ, PYTHONPATH=_SRC)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", "from misere.cli.entry import main; main()",
                          "quotient", "0.123", "--json"], capture_output=True, text=True,
                         env=env, check=True)
    return out.stdout.count('"order"'), round(time.perf_counter() - t, 3)


def _cold_0_07():
    """0.07 to heap 33 in a new process whose numba cache is empty: import, compile, run."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PYTHONPATH=_SRC, NUMBA_CACHE_DIR=cache)
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", "import misere; print(misere.quotient("
                              "'0.07', max_heap=33, certify=0).order)"], capture_output=True,
                             text=True, env=env, check=True)
        return out.stdout.strip(), round(time.perf_counter() - t, 3)


WORKLOADS = [
    Workload("quotient 0.123 certificate, 11 718 positions <= 26 tokens",
             _naive_certificate, _fast_certificate, goal=0.25),
    Workload("quotient 0.123 in process, certified (MisereSolver: 0.13 s)",
             None, lambda: _summary(misere.quotient("0.123")), goal=None),
    Workload("misere quotient 0.123 --json, whole CLI process (goal 0.25 s)",
             None, _cli_0123, goal=None),
    Workload("quotient engine 0.07 to heap 33 vs v1 engine (~MisereSolver 10.8 s)",
             lambda: _summary(v1_quotient("0.07", 33)),
             lambda: _summary(misere.quotient("0.07", max_heap=33, certify=0)), goal=0.25),
    Workload("the same, fresh process, empty numba cache (compile counted)",
             None, _cold_0_07, goal=None),
]
