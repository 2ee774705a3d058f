"""Proved facts about Grundy's game at heap 29 from a checkpointed candidate.

Usage::

    python reproductions/grundy_heap29_bounds.py CHECKPOINT.sqlite [K]

The checkpoint is the one written by ``misere quotient grundy --max-heap 29 --checkpoint
CHECKPOINT.sqlite ...`` (it holds the candidate of the round in progress). The script finds that
candidate's least failure ``F`` and prints what the verification theorem gives below it
(:mod:`misere.quotients.impartial.bounds`): for the prefixes ``29^2`` (tests: heaps below 25)
and the part of ``F`` above heap 25, witnesses that the powers ``Phi(25)^0 .. Phi(25)^k`` are
pairwise different elements of ``Q_29``, for every ``k`` up to ``K`` (default 40) that
:func:`~misere.quotients.impartial.bounds.exact_powers` allows.
"""
from __future__ import annotations

import sys
import time

from dawson_kayles_heap34_bounds import _word
from misere.impartial.heap_rulesets import grundy_game
from misere.quotients.impartial.bounds import exact_below, exact_powers, power_witnesses
from misere.quotients.impartial.checkpoint import Checkpoint
from misere.quotients.impartial.recalibrate import Limits
from misere.quotients.impartial.verify import least_failure

HEAP, POWER = 29, 25


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    k_cap = int(argv[1]) if len(argv) > 1 else 40
    ck = Checkpoint(argv[0], "grundy")
    try:
        cand = ck.pending(HEAP)
    finally:
        ck.close()
    if cand is None:
        raise SystemExit(f"{argv[0]}: no candidate of heap {HEAP} in progress")
    t0 = time.process_time()
    fail, _ = least_failure(grundy_game(), HEAP, *cand.candidate(), Limits(max_order=10**7), None)
    print(f"candidate of heap {HEAP}, round {cand.round}: {len(cand.is_p)} elements, "
          f"{int(sum(cand.is_p))} P; least failure {_word(fail)}")
    print(f"exact on every position with at most {exact_below(fail, HEAP)} heaps of size {HEAP}")
    above = tuple(h for h in fail if h > POWER)
    for prefix in sorted({(HEAP, HEAP), above}):
        k = min(k_cap, exact_powers(fail, prefix, POWER))
        if k < 1:
            continue
        found = power_witnesses(cand, POWER, k, prefix)
        apart = {(w.i, w.j) for w in found}
        whole = max(t for t in range(k + 1)
                    if all((i, j) in apart for j in range(t + 1) for i in range(j)))
        same = {j: min([i for i in range(j) if (i, j) not in apart], default=j) for j in range(k + 1)}
        print(f"prefix {_word(prefix)}: powers Phi({POWER})^0..^{k}: {len(found)} of "
              f"{k * (k + 1) // 2} pairs distinguished by words of heaps below {POWER}; "
              f"{len(set(same.values()))} classes; all pairs apart up to {POWER}^{whole}")
        for w in found:
            if w.j == w.i + 1 and w.j <= whole:
                print(f"  {POWER}^{w.i} vs {POWER}^{w.j}: y = {_word(w.y)}: prefix + {POWER}^{w.i} + y "
                      f"is {'P' if w.p_with_i else 'N'}")
    print(f"{time.process_time() - t0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
