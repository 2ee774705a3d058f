"""All 12,615 queries ``R_i + R_j ≥ R_k`` of alternating classes decided.

The queries run over ``i ≤ j`` and ``k`` among the 29 class representatives of Milley's thesis
(001 Thm 3.3.4); each is answered True (a proof), False (a verified witness) or raises
UnsupportedError (none since the search of four non-end representatives,
``alternating_sums.deep_witness``). Prints ``{"queries": 12615, "False": 9923, "True": 2692}``
and the seconds.

Run: ``python reproductions/alternating_class_sums.py [--timeout S]`` (about 9 minutes of one
core).
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from misere import budget
from misere.core.ops import add
from misere.errors import ComputationLimitError, UnsupportedError
from misere.universes.alternating import ALTERNATING, CLASSES


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
    ap.add_argument("--timeout", type=float, default=3600.0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    counts: Counter[str] = Counter()
    try:
        with budget.limits(timeout=args.timeout), budget.Progress("alternating", total=len(CLASSES)) as p:
            out = alternating(p, counts)
    except ComputationLimitError as e:
        out = {"error": f"stopped: {e}", "answered_so_far": dict(counts)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
