"""Dense product tables against generator actions for reduced quotients (issue 21 item 1).

Target: find the order below which a dense table (``4 N^2`` bytes) is faster than holding a
reduced quotient as the action of its generators
(:data:`misere.quotients.monoid.action.DENSE_MAX_ORDER`).

Usage::

    python benchmarks/bench_action_crossover.py THRESHOLD [ROUNDS]

Runs Dawson's Kayles (0.07) from the stored heap-33 checkpoint (benchmarks/data, the pending
candidate dropped) through the first ``ROUNDS`` (default 9) recalibration rounds of heap 34 with
``DENSE_MAX_ORDER = THRESHOLD`` (0: everything as actions; 1000000000: everything dense), and
prints the CPU seconds and peak memory of each round with the candidate's order. The run then
stops with "no certified quotient after ROUNDS rounds", as intended.
"""
from __future__ import annotations

import gzip
import resource
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import misere
import misere.quotients.monoid.action as action
from misere.impartial.octal import octal_game
from misere.quotients.impartial.driver import compute
from misere.quotients.impartial.solver import Limits

DATA = Path(__file__).parent / "data" / "dawson-heap34-round105.sqlite.gz"


def main() -> None:
    action.DENSE_MAX_ORDER = int(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "dawson.sqlite")
        with gzip.open(DATA) as fin, open(path, "wb") as fout:
            shutil.copyfileobj(fin, fout)
        with sqlite3.connect(path) as db:
            db.execute("DELETE FROM pending")
        last = [time.process_time()]

        def progress(heap: int, order: int, msg: str) -> None:
            if "verifying candidate" in msg:
                now = time.process_time()
                rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
                print(f"{now - last[0]:7.2f} cpu s before  {msg}  peak {rss:.2f} GiB", flush=True)
                last[0] = now

        t = time.process_time()
        try:
            with misere.limits(quiet=True, max_memory="8G"):
                compute(octal_game("0.07"), 34, checkpoint=path, progress=progress,
                        limits=Limits(max_order=10**7, max_rounds=rounds))
        except misere.errors.ComputationLimitError as exc:
            print(f"# {exc}")
        print(f"# threshold {action.DENSE_MAX_ORDER}: total {time.process_time() - t:.2f} cpu s")


if __name__ == "__main__":
    main()
