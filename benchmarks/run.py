"""Run every workload side by side in one process: naive reference vs. ``misere``'s fast path.

Prints, per workload, both times, their ratio (fast / naive; < 1 is faster), the goal ratio of
issue 10 and the peak memory (tracemalloc) of each side. These machines are noisy: only the
ratios measured in one run are meaningful, never absolute times.

Run: ``python benchmarks/run.py [NAME-SUBSTRING ...] [--repeat N] [--no-memory]``.
Workloads live in ``benchmarks/workloads/*.py`` (each defines ``WORKLOADS``).
"""
from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@dataclass
class Workload:
    """One workload: ``naive()`` and ``fast()`` compute the same answer (``check`` compares them).

    ``setup`` runs before each timed call (clear caches); ``goal`` is the target ratio
    fast/naive (``None``: reported only). ``fast_only`` workloads (e.g. sizes naive cannot reach)
    have ``naive=None``.
    """

    name: str
    naive: Callable[[], Any] | None
    fast: Callable[[], Any]
    goal: float | None = None
    setup: Callable[[], None] | None = None
    check: Callable[[Any, Any], bool] | None = None


def _timed(fn: Callable[[], Any], setup: Callable[[], None] | None, repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        if setup:
            setup()
        gc.collect()
        gc.disable()  # as timeit does: a collection of the heap earlier workloads left is not this call's time
        try:
            t = time.perf_counter()
            out = fn()
            best = min(best, time.perf_counter() - t)
        finally:
            gc.enable()
    return best, out


def _peak(fn: Callable[[], Any], setup: Callable[[], None] | None) -> int:
    if setup:
        setup()
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def workloads() -> list[Workload]:
    import workloads as pkg
    out: list[Workload] = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        out.extend(importlib.import_module(f"workloads.{info.name}").WORKLOADS)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="*", help="run only workloads whose name contains one of these")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--no-memory", action="store_true", help="skip the tracemalloc pass")
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    chosen = [w for w in workloads() if not args.names or any(n in w.name for n in args.names)]
    # every timing first, then every memory pass: tracemalloc leaves the allocator in a state
    # that slowed the next workload's first call 4-6x (the certificate after "normal order")
    times = []
    for w in chosen:
        tf, outf = _timed(w.fast, w.setup, args.repeat)
        tn, outn = _timed(w.naive, w.setup, args.repeat) if w.naive else (None, None)
        if w.naive is not None:
            same = w.check(outn, outf) if w.check else outn == outf
            if not same:
                raise SystemExit(f"{w.name}: fast and naive answers differ")
        times.append((tn, tf))
        print(f"timed: {w.name}", file=sys.stderr, flush=True)
    rows = []
    print(f"{'workload':58} {'naive s':>9} {'fast s':>9} {'ratio':>7} {'goal':>6} {'naive MB':>9} {'fast MB':>8}")
    for w, (tn, tf) in zip(chosen, times):
        mf = mn = None
        if not args.no_memory:
            mf = _peak(w.fast, w.setup) / 2**20
            mn = _peak(w.naive, w.setup) / 2**20 if w.naive else None
        ratio = tf / tn if tn else None
        met = "" if w.goal is None or ratio is None else ("ok" if ratio <= w.goal else "MISS")
        fmt = lambda x, f: "-" if x is None else format(x, f)  # noqa: E731
        print(f"{w.name:58} {fmt(tn, '9.3f')} {tf:9.3f} {fmt(ratio, '7.3f')} "
              f"{fmt(w.goal, '6.2f')} {fmt(mn, '9.1f')} {fmt(mf, '8.1f')} {met}", flush=True)
        rows.append((w.name, tn, tf, ratio, w.goal, met))
    missed = [r[0] for r in rows if r[5] == "MISS"]
    print(f"\n{len(rows)} workloads; goals missed: {', '.join(missed) or 'none'}")


if __name__ == "__main__":
    main()
