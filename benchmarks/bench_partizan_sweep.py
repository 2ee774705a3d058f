"""CPU time of the slow closures of the partizan sweeps (issue 25, item 1).

Usage: ``PYTHONPATH=src python benchmarks/bench_partizan_sweep.py [GAME ...]``. Computes the
quotient of each closure ``cl(GAME)`` (default: two bounded and two proved closures of
``day2``, the slowest kinds) and prints its status and CPU seconds; run it with ``PYTHONPATH``
pointing at an older tree to compare (CPU time, so less sensitive to the machine's load).
"""
from __future__ import annotations

import sys
import time

from misere.quotients.partizan import partizan_quotient

DEFAULT = ("{1|*,-1}", "{1|*,-1,1}", "{-1,1|*}", "{0,*,1|0,*,-1}")


def main() -> None:
    total = 0.0
    for g in sys.argv[1:] or DEFAULT:
        t = time.process_time()
        q = partizan_quotient([g])
        dt = time.process_time() - t
        total += dt
        print(f"{dt:7.2f} s CPU  cl({g})  {q.strategy.split(':')[0]}", flush=True)
    print(f"{total:7.2f} s CPU in all")


if __name__ == "__main__":
    main()
