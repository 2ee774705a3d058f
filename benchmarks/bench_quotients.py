"""Seed 002 quotients end to end (computation + brute-force certificate), with times.

Target: all of seed 002's finite examples in a few seconds. Usage:
``python benchmarks/bench_quotients.py``.
"""
from __future__ import annotations

import os
import time

import misere.quotients as mq
from misere.impartial.pascal_beans import pascal_beans

CASES = [
    ("0.123", dict(code="0.123")),
    ("0.15 (Guiles)", dict(code="0.15")),
    ("0.75", dict(code="0.75")),
    ("0.34", dict(code="0.34")),
    ("0.71", dict(code="0.71")),
    ("heptagon {2+, 0}", dict(games="{{*2}, 0}")),
    ("Pascal's Beans, rows <= 12", dict(code=pascal_beans(12), certify=3)),
    ("Nim heaps <= 2 (T2)", dict(moves=lambda n: [(m,) for m in range(n)], max_heap=2)),
]


def main() -> None:
    print(f"# load {os.getloadavg()[0]:.2f}")
    print(f"{'game':28s} {'|Q|':>5s} {'|P|':>4s} {'heaps':>5s} {'solve s':>8s} {'cert s':>7s} cert")
    grand = 0.0
    for name, kw in CASES:
        t = time.perf_counter()
        certify = kw.pop("certify", None)
        q = mq.quotient(**kw, certify=0)
        t1 = time.perf_counter()
        bound = certify if certify is not None else (4 if "games" in kw else 18)
        by_tokens = not ("games" in kw or name.startswith("Pascal"))
        cert = mq.verify_with_brute_force(q, bound, None, by_tokens)
        t2 = time.perf_counter()
        grand += t2 - t
        print(f"{name:28s} {q.order:5d} {q.p_count:4d} {q.max_heap:5d} {t1 - t:8.2f} {t2 - t1:7.2f} "
              f"{cert.positions} positions <= {cert.bound} {cert.weight}: "
              f"{'agreed' if cert.agreed else 'MISMATCH'}")
    print(f"# total {grand:.2f} s")


if __name__ == "__main__":
    main()
