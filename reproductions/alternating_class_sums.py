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

from collections import Counter

from _json_run import run

from misere import budget
from misere.core.ops import add
from misere.errors import UnsupportedError
from misere.universes.alternating import ALTERNATING, CLASSES


def alternating(counts: Counter) -> dict:
    reps = [c.rep for c in CLASSES]
    with budget.Progress("alternating", total=len(CLASSES)) as progress:
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


if __name__ == "__main__":
    counts: Counter[str] = Counter()
    run(__doc__, lambda timeout: alternating(counts), lambda: {"answered_so_far": dict(counts)})
