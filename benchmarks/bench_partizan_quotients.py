"""Time the partizan quotient engine (issue 5) on the closures of seeds 000, 001 §4.3, 003 §8.

Target: each closure below identified and proved (finite certificate or rank-one proof) in a
few seconds on a laptop. Usage: ``python benchmarks/bench_partizan_quotients.py [MAX_STRIP]``.
Prints, per closure: structure, strategy kind, bounds, words searched, seconds.
"""
from __future__ import annotations

import sys
import time

from misere.core import cache
from misere.quotients.partizan import partizan_quotient
from misere.rulesets.partizan_kayles import PartizanKayles


def main() -> None:
    max_strip = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    cases = [("cl(1, -1)", ["1", "-1"]), ("cl(^, v)", ["^", "v"]), ("cl(^*, v*)", ["^*", "v*"]),
             ("cl(E, Eb)", ["{0,*|*}", "{*|0,*}"]), ("cl(*2)", ["*2"]),
             ("sprigs 1, 2", ["{0,*|0}", "{0|0,*}", "{0,{0,*|0}|0}", "{0|0,{0|0,*}}"])]
    print(f"{'closure':<26}{'structure':<28}{'strategy':<9}{'size/test':<10}{'words':>7}{'sec':>8}")
    for name, games in cases:
        cache.clear()
        t = time.perf_counter()
        q = partizan_quotient(games)
        dt = time.perf_counter() - t
        print(f"{name:<26}{q.structure:<28}{q.strategy.split(':')[0]:<9}"
              f"{q.size_bound}/{q.test_bound:<8}{q.verified_words:>7}{dt:>8.2f}")
    for n in range(2, max_strip + 1, 2):
        cache.clear()
        PartizanKayles._forms.clear()
        PartizanKayles._quotients.clear()
        t = time.perf_counter()
        q = PartizanKayles.quotient(n)
        dt = time.perf_counter() - t
        print(f"{'Partizan Kayles S1..S' + str(n):<26}{q.structure:<28}{q.strategy.split(':')[0]:<9}"
              f"{q.size_bound}/{q.test_bound:<8}{q.verified_words:>7}{dt:>8.2f}")


if __name__ == "__main__":
    main()
