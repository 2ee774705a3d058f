"""Quotients of closures cl(S) of small impartial games, by order and up to isomorphism (the
search made for the classes of seed 002 Fig. 18 that codes do not reach).

Usage::

    python reproductions/fig18_closures_of_small_games.py [K] [--order 12] [--timeout 20]

Computes the misère quotient of ``cl(S)`` for every set ``S`` of 1 to ``K`` canonical impartial
forms born by day 4 (22 forms; :func:`misere.impartial.counting.born_by`), each under a time
budget (a set that runs out is counted as ``stopped``, not as a quotient), prints the number of
sets per quotient order, and the isomorphism classes of order ``--order``
(:func:`misere.quotients.census.iso.classes`) with one set for each.
"""
from __future__ import annotations

import argparse
import itertools
import json
import signal
import time

import numpy as np

from misere.errors import BudgetExceededError, ComputationLimitError
from misere.impartial.counting import born_by
from misere.impartial.notation import format_impartial
from misere.quotients import quotient
from misere.quotients.census.iso import Bipartite, classes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("k", nargs="?", type=int, default=2)
    ap.add_argument("--order", type=int, default=12)
    ap.add_argument("--timeout", type=float, default=20.0)
    a = ap.parse_args()
    forms = [format_impartial(g) for g in born_by(4)]
    found, orders, stopped, t0 = [], {}, 0, time.monotonic()
    done: list[int] = []
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        for k in range(1, a.k + 1):
            for s in itertools.combinations(forms, k):
                try:
                    q = quotient(games=", ".join(s), certify=0, quiet=True, timeout=a.timeout)
                except (BudgetExceededError, ComputationLimitError):
                    stopped += 1
                    continue
                orders[q.order] = orders.get(q.order, 0) + 1
                if q.order == a.order:
                    st = q.state
                    found.append((s, Bipartite.from_table(np.asarray(st.table), st.identity,
                                                          np.asarray(st.is_p, dtype=bool)),
                                  q.presentation))
            done.append(k)
    except KeyboardInterrupt:  # stopped: say what was searched
        pass
    print(json.dumps({"sizes_complete": done, "sets": sum(orders.values()) + stopped,
                      "stopped": stopped, "orders": dict(sorted(orders.items())),
                      "seconds": round(time.monotonic() - t0, 1)}))
    for c in classes([b for _, b, _ in found]):
        s, b, pres = found[c[0]]
        print(json.dumps({"order": a.order, "presentation": pres, "p_count": int(b.is_p.sum()),
                          "example": "cl(" + "; ".join(s) + ")", "sets": len(c)}))


if __name__ == "__main__":
    main()
