"""Misère quotients by order: the table of docs/results/classification.md.

    python reproductions/quotients_by_order.py --max-order 12          # about 1-2 minutes
    python reproductions/quotients_by_order.py --max-order 14 --json out.json

For each even order ``n`` it prints the number of bipartite monoids satisfying the proved
conditions C1-C8 (an upper bound), how many of them the exact realisability search refutes or
realises, whether every witness was confirmed by the quotient engine and its brute-force
certificate, the §10.3 answers, the orders of the classes with ``|P| = 2``, and the time.
Order 14 needs the commutative monoids of order 7 (several CPU minutes in pure Python).
"""
from __future__ import annotations

import argparse
import json
import time

from misere.quotients.classify import classify


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-order", type=int, default=12)
    ap.add_argument("--min-order", type=int, default=1)
    ap.add_argument("--json", help="write every classification here")
    args = ap.parse_args()
    rows, out = [], []
    print("| order | C1-C8 candidates | refuted | quotients | witnesses verified | |P|=2 classes "
          "| §10.3 holds | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for n in range(args.min_order, args.max_order + 1):
        if n > 1 and n % 2:
            continue
        t0 = time.process_time()
        c = classify(n)
        secs = time.process_time() - t0
        ok = all(k.verified for k in c.classes)
        p2 = sum(1 for k in c.classes if sum(k.p) == 2)
        q103 = all(k.questions["x_k2_eq_xk"] and k.questions["subgroups_elementary_2"]
                   for k in c.classes)
        state = "" if c.exact else f" (+{c.undecided} undecided)"
        print(f"| {n} | {c.candidates} | {c.refuted} | **{c.count}**{state} | "
              f"{'all' if ok else 'NOT ALL'} | {p2} | {'yes' if q103 else 'NO'} | {secs:.1f} |",
              flush=True)
        out.append(c.as_dict())
        rows.append(c)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)


if __name__ == "__main__":
    main()
