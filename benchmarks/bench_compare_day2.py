"""Benchmark: general misère comparison and canonical forms (Siegel 003).

Targets (issue 2): all 65 536 ordered comparisons among the 256 games born by day 2 in
≤ 1 s; canonical forms of random day-3 forms; outcomes of large sums by multiset search.
Run: ``python benchmarks/bench_compare_day2.py [--random N] [--seed S]``.
Each section starts from empty memo tables so that times include all recursive work.
"""
from __future__ import annotations

import argparse
import random

import misere as m
from misere.core import cache
from misere.core.ops import nimber
from misere.core.outcome import sum_outcome
from misere.core.table import intern
from misere.universes import general
from timing import timed




def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--random", type=int, default=2000, help="random day-3 forms to canonicalise")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    day2 = timed("enumerate the 256 games born by day 2", lambda: [g.id for g in m.born_by(2)])
    cache.clear()
    count = timed("65 536 comparisons G >= H among day-2 games (cold)",
                  lambda: sum(general.ge(g, h) for g in day2 for h in day2))
    print(f"    pairs with G >= H: {count}")
    timed("65 536 comparisons again (memoised)", lambda: sum(general.ge(g, h) for g in day2 for h in day2))
    pairs = [(g, h) for g in day2 for h in day2 if not general.ge(g, h)]
    cache.clear()
    timed(f"constructed witnesses (Thm 3.4/5.4) for all {len(pairs)} pairs G not>= H",
          lambda: [general.witness_a(g, h) for g, h in pairs])
    cache.clear()
    timed("the same, each verified by outcome search",
          lambda: [sum_outcome((g, general.witness_a(g, h))) for g, h in pairs])
    cache.clear()
    timed("user-facing witnesses (search day 2 first), verified",
          lambda: [m.find_universe("general").verified_witness(g, h) for g, h in pairs])

    rng = random.Random(args.seed)
    forms = []
    for _ in range(args.random):
        lo = rng.sample(day2, rng.randint(0, 4))
        ro = rng.sample(day2, rng.randint(0, 4))
        forms.append(intern(lo, ro))
    cache.clear()
    canon = timed(f"canonical forms of {args.random} random day-3 forms (cold)",
                  lambda: [general.canonical(f) for f in forms])
    changed = sum(c != f for c, f in zip(canon, forms))
    print(f"    forms not already canonical: {changed}")

    heaps = [nimber(k) for k in (1, 2, 3, 4)] * 3
    cache.clear()
    timed("outcome of *1+*2+*3+*4 repeated 3 times (12 components)", lambda: sum_outcome(heaps))
    pieces = [m.parse(t).id for t in ("{0,*|*}", "^", "{1|*}", "{*|-1}", "{0|{0|*}}", "{*,1|0}")] * 2
    cache.clear()
    timed("outcome of a 12-component partizan sum (no sum form built)", lambda: sum_outcome(pieces))
    rng2 = random.Random(3)
    hard = [general.canonical(intern(rng2.sample(day2, 3), rng2.sample(day2, 3))) for _ in range(7)]
    cache.clear()
    o = timed("outcome of 7 random day-3 components (hard case)", lambda: sum_outcome(hard))
    stats = cache.stats()
    print(f"    outcome {o}; positions searched: "
          f"{stats['sum_left_first_misere'] + stats['sum_right_first_misere']}")


if __name__ == "__main__":
    main()
