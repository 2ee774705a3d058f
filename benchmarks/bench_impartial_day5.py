"""Benchmark: impartial misère canonical forms born by day 5 (seed 002 §6.2, notes §D.2).

Target (issue 3): the count 4 171 780 of canonical forms born by day 5 in ≤ 30 s on 2 cores.
Also times the table-based simplification of random day-5 option sets (the slow path the
count avoids), discriminators for all pairs of day-4 forms, and genus computations for 0.123.
Run: ``python benchmarks/bench_impartial_day5.py [--sample N] [--seed S]``.
Each section starts from empty memo tables.
"""
from __future__ import annotations

import argparse
import random
from itertools import combinations

from misere.core import cache
from misere.core.ops import add
from misere.impartial import born_by, count_born_by, discriminator, genus, impartial, simplify
from misere.impartial.counting import count_subsets
from timing import timed




def heap_0123(n: int, memo: dict[int, int]) -> int:
    if n not in memo:
        opts = ([heap_0123(0, memo)] if n == 1 else []) + (
            [heap_0123(n - 2, memo)] if n > 2 else []) + ([heap_0123(n - 3, memo)] if n >= 3 else [])
        memo[n] = impartial(opts)
    return memo[n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sample", type=int, default=100_000, help="random day-5 option sets")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    cache.clear()
    day4 = timed("canonical forms born by day 4 (enumerated)", lambda: born_by(4))
    print(f"  -> {len(day4)} forms")
    n5 = timed("count born by day 5 (2^22 bitmasks, numpy)", lambda: count_subsets(day4))
    print(f"  -> {n5} forms")
    cache.clear()
    n5b = timed("count born by day 5, cold memo (days 0-4 included; target ≤ 30 s)",
                lambda: count_born_by(5))
    assert n5 == n5b == 4171780

    rng = random.Random(args.seed)
    subsets = [[g for g in day4 if rng.random() < 0.5] for _ in range(args.sample)]
    out = timed(f"table simplification of {args.sample} random day-5 option sets",
                lambda: [simplify(s) for s in subsets])
    new = sum(1 for s, c in zip(subsets, out) if len(s) and c == impartial(s))
    print(f"  -> {new} irreducible ({new / args.sample:.4f}; whole day 5: {n5 / (1 << 22):.4f})")

    pairs = list(combinations(day4, 2))
    timed(f"discriminators for all {len(pairs)} pairs of day-4 forms", lambda: [discriminator(a, b) for a, b in pairs])

    memo: dict[int, int] = {}
    timed("genera of 0.123 heaps 1..300", lambda: [genus(heap_0123(n, memo)) for n in range(1, 301)])
    timed("genera of 0.123 two-heap sums h_i + h_j, i ≤ j ≤ 25",
          lambda: [genus(add(heap_0123(i, memo), heap_0123(j, memo)))
                   for i in range(1, 26) for j in range(i, 26)])
    print("cache entries:", {k: v for k, v in cache.stats().items() if k.startswith("impartial")})


if __name__ == "__main__":
    main()
