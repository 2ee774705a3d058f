"""Peak resident memory and CPU of each stage of a quotient run (issue 21: where memory goes).

Runs ``misere quotient CODE`` in this process under a time and memory budget and attributes
the resident size, sampled every 20 ms by a thread, to the stage running at that moment:
``search`` (the failure search, :func:`misere.quotients.impartial.verify.least_failure`),
``candidate`` (building and marking candidates while recalibrating), ``reduce`` (marking the
rest and reducing, :func:`misere.quotients.impartial.recalibrate.finish`), ``conservative``
(the try of a heap inside the current quotient) and ``other``. Prints one line per stage and
how the run ended (what it established when a budget stopped it).

Usage::

    python tools/frontier_stages.py 0.16 --max-heap 19 --max-memory 8G --timeout 600
        [--checkpoint FILE]
"""
from __future__ import annotations

import argparse
import json
import resource
import threading
import time

from misere import budget
from misere.budget import resident_memory

STAGES = ("search", "candidate", "reduce", "conservative", "other")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("code")
    ap.add_argument("--max-heap", type=int, required=True)
    ap.add_argument("--max-memory", default="8G")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--max-order", type=int, default=10_000_000)
    ap.add_argument("--checkpoint", default=None)
    args = ap.parse_args(argv)

    import misere.quotients as mq
    from misere.errors import MisereError
    from misere.quotients.impartial import recalibrate, solver

    peak = dict.fromkeys(STAGES, 0)
    cpu = dict.fromkeys(STAGES, 0.0)
    now = ["other"]

    def timed(stage, fn):
        def wrapper(*a, **k):
            outer, t0 = now[0], time.process_time()
            now[0] = stage
            try:
                return fn(*a, **k)
            finally:
                cpu[stage] += time.process_time() - t0
                if outer != "other":
                    cpu[outer] -= time.process_time() - t0  # nested: count it once
                now[0] = outer
        return wrapper

    solver.least_failure = timed("search", solver.least_failure)
    solver._try_conservative = timed("conservative", solver._try_conservative)
    recalibrate.candidate = timed("candidate", recalibrate.candidate)
    recalibrate.finish = timed("reduce", recalibrate.finish)
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.02):
            stage = now[0]
            peak[stage] = max(peak[stage], resident_memory())

    threading.Thread(target=sample, daemon=True).start()
    t0 = time.process_time()
    try:
        with budget.limits(args.timeout, args.max_memory, quiet=True):
            q = mq.quotient(args.code, max_heap=args.max_heap, certify=0,
                            checkpoint=args.checkpoint,
                            limits=mq.Limits(max_order=args.max_order))
        ended = {"last_heap": args.max_heap, "order": q.order}
    except MisereError as err:
        part = getattr(err, "partial", {}) or {}
        ended = {"stopped": str(err), "last_heap": part.get("last_heap"),
                 "order": part.get("order")}
    stop.set()
    total = time.process_time() - t0
    cpu["other"] = total - sum(cpu[s] for s in STAGES if s != "other")
    print(json.dumps({"code": args.code, **ended, "cpu_s": round(total, 1),
                      "peak_rss_gib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                            / 2**20, 2)}))
    for s in STAGES:
        print(f"{s:>12}: peak {peak[s] / 2**30:6.2f} GiB, cpu {cpu[s]:7.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
