"""Dawson's Kayles (0.07): misère partial quotients heap by heap, with times.

Target (issue 4): heap 33 (|Q| = 638, seed 002 Fig. 17) in less than the ~21 s the reference
Java MisereSolver needs on a 2-core machine, then beyond heap 34.

Usage: ``python benchmarks/bench_octal_007.py [LAST_HEAP] [--checkpoint FILE]``
(default 33). Prints one line per heap (time, |Q|, |P|) and the total; the load average is
printed too, since other processes on the machine distort the times.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

from misere.quotients.impartial.solver import Limits, SolverState, step
from misere.impartial.octal import octal_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("last", nargs="?", type=int, default=33)
    ap.add_argument("--code", default="0.07")
    args = ap.parse_args()
    game = octal_game(args.code)
    st = SolverState.initial()
    print(f"# {args.code} to heap {args.last}; {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.2f}")
    print("heap   |Q|   |P|   seconds   cumulative")
    total = 0.0
    for n in range(1, args.last + 1):
        t = time.perf_counter()
        st = step(game, st, Limits())
        dt = time.perf_counter() - t
        total += dt
        mark = " *" if st.changes and st.changes[-1][0] == n else ""
        print(f"{n:4d} {st.table.shape[0]:5d} {int(st.is_p.sum()):5d} {dt:9.2f} {total:11.2f}{mark}",
              flush=True)
    print(f"# total {total:.2f} s; load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
