"""0.54 (seed 002 §10.1.2): the partial quotients heap by heap, and the pattern of their orders.

Computes ``Q_n`` of 0.54 for every heap ``n <= N`` (each one verified by the engine, seed 002
§9), prints the heaps where the order changes, and compares every order with the pattern read
off them: for ``k >= 3``,

    |Q_n| = 2k(k + 2)   for 7(k - 1) <= n <= 7k - 5,
    |Q_n| = 2k(k + 4)   for 7k - 4  <= n <= 7k - 1.

Usage::

    python reproductions/octal_054_partial_quotients.py [N] [--json]

``N = 80`` takes a few CPU seconds; ``N = 150`` a few CPU minutes.
"""
from __future__ import annotations

import argparse
import json
import time

import misere


def pattern(n: int) -> int | None:
    """The order the pattern gives at heap ``n`` (``None`` below heap 14, where it starts)."""
    if n < 14:
        return None
    k = n // 7 + 1
    return 2 * k * (k + 2) if n <= 7 * k - 5 else 2 * k * (k + 4)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=80)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    orders: dict[int, int] = {}

    def progress(heap: int, order: int, message: str) -> None:
        if message == "done":
            orders[heap] = order

    t0 = time.process_time()
    q = misere.quotient("0.54", max_heap=a.n, progress=progress)
    orders[q.max_heap] = q.order
    changes = [(h, o) for h, o in sorted(orders.items()) if orders.get(h - 1) != o]
    misses = [h for h, o in orders.items() if pattern(h) is not None and pattern(h) != o]
    out = {"heaps": a.n, "changes": changes, "order": q.order, "p_count": len(q.P),
           "pattern_holds_from_14": not misses, "misses": misses,
           "cpu_seconds": round(time.process_time() - t0, 1)}
    if a.json:
        print(json.dumps(out))
        return
    print("heap: order where |Q_n| changes:", ", ".join(f"{h}: {o}" for h, o in changes))
    print(f"Q_{a.n}: order {q.order}, |P| = {len(q.P)}; pattern "
          f"{'holds' if not misses else 'fails at heaps ' + str(misses)} for 14 <= n <= {a.n}; "
          f"{out['cpu_seconds']} CPU s")


if __name__ == "__main__":
    main()
