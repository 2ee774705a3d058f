"""Decide the undecided codes of a census store: the largest groups of same-game codes first.

Reads the codes of ``STORE`` whose record is ``limit`` (stopped by the census's work budget),
groups them by the canonical forms of their heaps up to the heap each is stuck at (codes that
differ only in larger heaps are one problem there: :mod:`misere.quotients.census.twins`), and
runs the census again on them, one code per group, largest group first, under a larger work
budget (by default the solver's own bounds) with the engine's infinite-quotient step
(:mod:`misere.quotients.infinite.discover`); the other codes of a group take its record. The
store is updated in place (work on a copy); a stop keeps what is stored, and the next run goes
on where it stopped.

Usage::

    python reproductions/census_decided.py STORE [--groups N] [--per-code-timeout 150]
        [--work max_rounds=200,...] [--status limit] [--max-order 60]
        [--min-order 61] [--reason "reduced candidate"] [--smallest-first] [--part 1/2]
        [--skip FILE] [--retry-stopped]

``--reason`` takes only the records whose undecided reason (``findings.undecided_reason``)
contains the words; ``--smallest-first`` takes the groups by the order of their stored
partial quotient, smallest first, instead of the largest groups first; ``--part K/N`` takes
every N-th group from the K-th, so that N processes share one store (one core each);
``--skip FILE`` leaves out the groups of the codes listed in FILE. The groups of codes an
earlier rerun stopped at its safety net (the store's ``attempts``) under at least this work
budget and per-code timeout are left out too (they would stop again), unless
``--retry-stopped``.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import time

from misere.errors import CheckpointError
from misere.quotients.census import Store, census
from misere.quotients.census.findings import undecided_reason
from misere.quotients.census.twins import plan


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store")
    ap.add_argument("--groups", type=int, default=None, help="only the N largest groups")
    ap.add_argument("--per-code-timeout", type=float, default=150.0)
    ap.add_argument("--work", default="", help="e.g. max_order=2000,max_rounds=100")
    ap.add_argument("--status", default="limit")
    ap.add_argument("--max-heap", type=int, default=40)
    ap.add_argument("--max-order", type=int, default=None,
                    help="only codes whose stored quotient has at most this order (the likeliest "
                         "to be decided soon: small quotients before an infinite heap)")
    ap.add_argument("--min-order", type=int, default=None,
                    help="only codes whose stored quotient has at least this order (the codes "
                         "above an earlier run's --max-order)")
    ap.add_argument("--reason", default=None,
                    help="only records whose undecided reason contains these words")
    ap.add_argument("--smallest-first", action="store_true",
                    help="groups by their stored quotient's order, smallest first")
    ap.add_argument("--part", default="1/1", help="K/N: every N-th group from the K-th")
    ap.add_argument("--skip", default=None,
                    help="a file of codes whose groups are not taken, one code per line")
    ap.add_argument("--retry-stopped", action="store_true",
                    help="also take the groups an earlier run stopped under this budget")
    a = ap.parse_args()
    try:
        k, n = (int(x) for x in a.part.split("/"))
        skip = set(open(a.skip).read().split()) if a.skip else set()
    except (ValueError, OSError) as e:
        ap.error(f"--part K/N with 1 <= K <= N, and a readable --skip file: {e}")
    if not 1 <= k <= n:
        ap.error(f"--part K/N needs 1 <= K <= N, got {a.part}")
    work = {k: int(v) for k, v in (kv.split("=") for kv in a.work.split(",") if kv)}
    from misere.quotients.census.work import Work

    budget = Work(**{**dict(max_order=8_000, max_candidate=400_000, max_wide_candidate=8_000_000,
                            max_words=50_000_000, max_rounds=200), **work})
    try:
        st = Store(a.store, create=False)
    except CheckpointError as e:  # one line, as the CLI gives it
        sys.exit(f"error: {e}")
    with st:
        if not a.retry_stopped:
            skip |= {t["code"] for t in st.attempts() if t["work"] is not None
                     and Work.of(t["work"]).covers(budget)
                     and (t["timeout"] or 0) >= a.per_code_timeout}
        taken = [r for r in st.records() if r["status"] in a.status.split(",")
                 and (a.max_order is None or (r["order"] or 0) <= a.max_order)
                 and (a.min_order is None or (r["order"] or 0) >= a.min_order)
                 and (a.reason is None or a.reason in (undecided_reason(r) or ""))]
    codes = [r["code"] for r in taken]
    if not codes:  # nothing selected is an answer, not an error
        print(json.dumps({"codes": 0, "groups": 0}))
        return
    size = {r["code"]: r["order"] or 0 for r in taken}
    t0 = time.monotonic()
    stuck = {r["code"]: min((r["last_heap"] or 0) + 1, a.max_heap) for r in taken}
    p = plan(codes, a.max_heap, group_to=stuck)
    every = ([c] + [t for t, _ in p.twins.get(c, [])] for c in p.first)
    groups = sorted((g for g in every if not skip & set(g)),
                    key=(lambda g: (size[g[0]], -len(g))) if a.smallest_first else len,
                    reverse=not a.smallest_first)[:a.groups][k - 1::n]
    print(json.dumps({"codes": len(codes), "groups": len(p.first), "taken": len(groups),
                      "codes_taken": sum(map(len, groups)),
                      "plan_seconds": round(time.monotonic() - t0, 1)}), flush=True)
    order = [c for g in groups for c in g]
    if not order:  # every group left out: nothing to run
        print(json.dumps({}))
        return
    try:
        recs = census(order, max_heap=a.max_heap, store=a.store, work=budget,
                      per_code_timeout=a.per_code_timeout, group_to=stuck)
    except KeyboardInterrupt:
        sys.exit(130)
    print(json.dumps(dict(collections.Counter(r["status"] for r in recs if r)),
                     sort_keys=True))


if __name__ == "__main__":
    main()
