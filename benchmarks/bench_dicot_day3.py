"""Benchmark: the dicot universe to day 3 and the dead-ending universe to day 2 (004, 001 ch. 4–5).

Target (issue 3): enumerate the dicot values born by day 3 and compare all ordered pairs of
them modulo 𝒟 in ≤ 60 s. Also timed: invertible day-3 dicots, verified witnesses for a random
sample of non-≥ pairs, and the dead-ending values born by day 2 with all pairs and witnesses.
Run: ``python benchmarks/bench_dicot_day3.py [--sample N] [--seed S]``.
Each section starts from empty memo tables, so times include all recursive work.
"""
from __future__ import annotations

import argparse
import random
import time

import misere as m
from misere.core import cache
from misere.core.ops import add, conjugate
from misere.core.table import ZERO
from misere.universes import dead_ending, dicot
from timing import timed




def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sample", type=int, default=2000, help="non-ge pairs to build witnesses for")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    D, E = m.find_universe("dicot"), m.find_universe("dead-ending")

    cache.clear()
    t0 = time.perf_counter()
    day3 = timed("dicot values born by day 3 (antichains + reduction, cold)", lambda: D.born_by(3))
    print(f"    values: {len(day3)}")
    n = timed(f"all {len(day3) ** 2:,} ordered comparisons modulo D",
              lambda: sum(dicot.ge(g, h) for g in day3 for h in day3))
    print(f"    pairs with G >= H (incl. G = H): {n}")
    print(f"{'TOTAL enumeration + all pairs (target <= 60 s)':<62} {time.perf_counter() - t0:8.3f} s")
    inv = timed("invertible day-3 dicots (G + conj G = 0 mod D)",
                lambda: sum(dicot.ge(add(g, conjugate(g)), ZERO) and dicot.ge(ZERO, add(g, conjugate(g)))
                            for g in day3))
    print(f"    invertible: {inv}")
    rng = random.Random(args.seed)
    pairs = []
    while len(pairs) < args.sample:
        g, h = rng.choice(day3), rng.choice(day3)
        if not dicot.ge(g, h):
            pairs.append((g, h))
    timed(f"verified witnesses for {args.sample} random non-ge day-3 pairs",
          lambda: [D.verified_witness(g, h) for g, h in pairs])

    cache.clear()
    day2 = timed("dead-ending values born by day 2 (cold)", lambda: E.born_by(2))
    print(f"    values: {len(day2)}")
    k = timed(f"all {len(day2) ** 2:,} ordered comparisons modulo E",
              lambda: sum(dead_ending.ge(g, h) for g in day2 for h in day2))
    print(f"    pairs with G >= H: {k}")
    timed("verified witnesses for every non-ge pair modulo E",
          lambda: [E.verified_witness(g, h) for g in day2 for h in day2 if not dead_ending.ge(g, h)])


if __name__ == "__main__":
    main()
