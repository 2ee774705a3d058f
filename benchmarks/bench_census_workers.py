"""Census throughput: 1 worker against N Ray workers on the same codes (issue 22, item 5).

Target: N = 2 workers at least 1.8 times as fast as 1 worker. Ray's start-up (starting and
warming the pool, logged per run as ``startup``) is reported apart and not counted: the
speed-up is ``wall(1) / (wall(N) - startup(N))``. Each run writes its own fresh store, so no
code is skipped; the records of the runs are compared field by field (they must be equal: the
work budget decides them).

Usage::

    python benchmarks/bench_census_workers.py [CODES] [--workers 2] [--max-heap 40] [--repeat 1]

Prints one JSON line per run and a summary line; the load average too, since other processes
on the machine distort wall times (on a machine with fewer free cores than workers no speed-up
can show).
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from misere.quotients.census import Store, census, same_results


def one_run(codes: str, workers: int, max_heap: int, folder: Path) -> tuple[dict, list]:
    """Wall time, Ray start-up and summed per-code seconds of one census run."""
    path = folder / f"w{workers}-{time.monotonic_ns()}.sqlite"
    t0 = time.monotonic()
    recs = census(codes, max_heap=max_heap, workers=workers, store=path)
    wall = time.monotonic() - t0
    with Store(path) as st:
        startup = st.runs()[-1]["startup"] or 0.0
    return ({"workers": workers, "codes": len(recs), "wall": round(wall, 2),
             "startup": round(startup, 2), "computing": round(wall - startup, 2),
             "code_seconds": round(sum(r["seconds"] for r in recs), 2),
             "load": os.getloadavg()[0]}, recs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("codes", nargs="?", default="octal2")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-heap", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        best: dict[int, float] = {}
        first = None
        for _ in range(a.repeat):
            for w in (1, a.workers):
                row, recs = one_run(a.codes, w, a.max_heap, Path(tmp))
                print(json.dumps(row), flush=True)
                best[w] = min(best.get(w, float("inf")), row["computing"])
                if first is None:
                    first = recs
                elif not same_results(first, recs):
                    raise SystemExit("records differ between runs")
    print(json.dumps({"speedup": round(best[1] / best[a.workers], 3), "target": 1.8,
                      "workers": a.workers, "records_equal": True}))


if __name__ == "__main__":
    main()
