"""Sweeps of issue 25, items 2a and 2b: p-free pairs of day 3 and alternating sums.

* ``pfree``: the values modulo pf(ℬ) born by day 3 (``p_free.day3_values``): every member with
  integer options -2..2 (943 of them) merged by a proof of equality, every other pair decided
  (a proof or a verified witness). Prints the values and how many pairs were left undecided.
* ``alternating``: the 12,615 queries ``R_i + R_j ≥ R_k`` (i ≤ j, 29 class representatives):
  how many are answered True (a proof), False (a verified witness) or raise UnsupportedError.

Run: ``python benchmarks/sweep_issue25.py pfree|alternating [--timeout S]``. Prints a JSON
object on the last line; on running out of time it says how far it got.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from misere import budget
from misere.core.notation import format_id
from misere.core.ops import add
from misere.errors import ComputationLimitError, UnsupportedError
from misere.universes import p_free as pf
from misere.universes.alternating import ALTERNATING, CLASSES


def pfree() -> dict:
    vals = pf.day3_values()
    undecided = sum(pf.decide(a, b) is None for a in vals for b in vals)
    return {"values_by_day3": len(vals), "values": [format_id(v) for v in vals],
            "undecided_pairs_of_values": undecided}


def alternating(progress: budget.Progress, counts: Counter) -> dict:
    reps = [c.rep for c in CLASSES]
    for i in range(len(reps)):
        for j in range(i, len(reps)):
            s = add(reps[i], reps[j])
            for k in reps:
                try:
                    counts[str(ALTERNATING.ge(s, k))] += 1
                except UnsupportedError:
                    counts["unsupported"] += 1
            progress.update(i, **counts)
    return {"queries": sum(counts.values()), **counts}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sweep", choices=["pfree", "alternating"])
    ap.add_argument("--timeout", type=float, default=3600.0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    counts: Counter[str] = Counter()
    try:
        with budget.limits(timeout=args.timeout), budget.Progress(args.sweep, total=len(CLASSES)) as p:
            out = pfree() if args.sweep == "pfree" else alternating(p, counts)
    except ComputationLimitError as e:
        out = {"error": f"stopped: {e}", "answered_so_far": dict(counts)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
