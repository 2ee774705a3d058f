"""Census throughput: 1 worker against N Ray workers on the same codes (issues 22 and 41).

Target: 2 workers at least 1.8 times as fast as 1 worker on a machine with free cores. Ray's
start-up (starting and warming the pool, logged per run as ``startup``) is reported apart and
not counted: the speed-up is ``computing(1) / computing(N)`` with ``computing = wall - startup``.

Each configuration runs in a **fresh process** (this script calls itself with ``--one W``): a
second census in the same process reuses what the first left there (one code computed twice in
one process: 1.5 s, then 0.24 s for 0.06), while Ray workers always start cold, so an in-process
repeat is not a fair pair. Each run writes its own fresh store, so no code is skipped; the
records of the runs are compared field by field (they must be equal: the work budget decides
them).

Usage::

    python benchmarks/bench_census_workers.py [CODES] [--workers 1,2,4] [--max-heap 40] [--repeat 1]

Prints one JSON line per run and a summary line with the speed-up of each worker count; the
load average too, since other processes on the machine distort wall times (on a machine with
fewer free cores than workers no speed-up can show).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from misere.quotients.census import Store, census, same_results


def one_run(codes: str, workers: int, max_heap: int, path: Path) -> dict:
    """Wall time, Ray start-up and summed per-code seconds of one census run (this process)."""
    t0 = time.monotonic()
    recs = census(codes, max_heap=max_heap, workers=workers, store=path)
    wall = time.monotonic() - t0
    with Store(path) as st:
        startup = st.runs()[-1]["startup"] or 0.0
    return {"workers": workers, "codes": len(recs), "wall": round(wall, 2),
            "startup": round(startup, 2), "computing": round(wall - startup, 2),
            "code_seconds": round(sum(r["seconds"] for r in recs), 2),
            "load": round(os.getloadavg()[0], 2)}


def fresh_run(codes: str, workers: int, max_heap: int, folder: Path) -> tuple[dict, list]:
    """:func:`one_run` in a new Python process; its row and its records."""
    path = folder / f"w{workers}-{time.monotonic_ns()}.sqlite"
    out = subprocess.run([sys.executable, __file__, codes, "--one", str(workers),
                          "--max-heap", str(max_heap), "--store", str(path)],
                         check=True, capture_output=True, text=True)
    row = json.loads(out.stdout.strip().splitlines()[-1])
    with Store(path) as st:
        recs = st.records()
    return row, recs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("codes", nargs="?", default="octal2")
    ap.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2,4")
    ap.add_argument("--max-heap", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--store", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one is not None:  # the child: one configuration, one JSON line
        print(json.dumps(one_run(a.codes, a.one, a.max_heap, Path(a.store))), flush=True)
        return
    counts = sorted({int(w) for w in a.workers.split(",")} | {1})
    with tempfile.TemporaryDirectory() as tmp:
        best: dict[int, float] = {}
        first = None
        for _ in range(a.repeat):
            for w in counts:
                row, recs = fresh_run(a.codes, w, a.max_heap, Path(tmp))
                print(json.dumps(row), flush=True)
                best[w] = min(best.get(w, float("inf")), row["computing"])
                if first is None:
                    first = recs
                elif not same_results(first, recs):
                    raise SystemExit("records differ between runs")
    print(json.dumps({"speedup": {w: round(best[1] / best[w], 3) for w in counts if w > 1},
                      "target_2_workers": 1.8, "records_equal": True}))


if __name__ == "__main__":
    main()
