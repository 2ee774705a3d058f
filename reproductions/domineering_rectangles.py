"""Solve one empty misère Domineering rectangle with the compiled search, with
a chosen table size, symmetries and replacement, under a time and memory budget.

Prints one JSON line per player moving first: whether that player wins, expansions (positions
searched), the table's slots / slots used / entries evicted, CPU and wall seconds, peak RSS.
Progress lines (every ``--every`` seconds) go to stderr, or to ``--log``. A run stopped by its
budget prints what it had established (``"stopped"``, expansions and table fill so far).

    PYTHONPATH=src nice -n 5 python reproductions/domineering_rectangles.py 7x7 --first L \
        --slots 2**28 --timeout 7000 --max-memory 3G --log 7x7.log
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time

from misere.budget import limits
from misere.errors import BudgetExceededError
from misere.rulesets import grid_jit
from misere.rulesets.grid_bits import normalise, pack_cells


def solve(r: int, c: int, left: bool, log, every: float) -> dict:
    b = normalise(pack_cells((i, j) for i in range(r) for j in range(c)))
    t0, c0, last = time.time(), time.process_time(), [time.time()]

    def status() -> dict:
        return {"board": f"{r}x{c}", "first": "L" if left else "R", **grid_jit.stats(), "cpu": round(time.process_time() - c0, 1),
                "wall": round(time.time() - t0, 1),
                "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}

    def on_chunk(n: int, path: list) -> None:
        if time.time() - last[0] >= every:
            last[0] = time.time()
            print(json.dumps({**status(), "path": path}), file=log, flush=True)

    try:
        win = grid_jit.wins(b, left, on_chunk)
    except BudgetExceededError as e:
        return {**status(), "stopped": str(e)}
    return {**status(), "first_player_wins": win}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", help="RxC (rows x columns; Left places vertical dominoes)")
    ap.add_argument("--first", choices=["L", "R", "both"], default="both")
    ap.add_argument("--slots", default="2**24", help="table slots (8 bytes each), e.g. 2**28")
    ap.add_argument("--sym", type=int, default=grid_jit.SYMMETRY)
    ap.add_argument("--oldest", action="store_true", help="evict the oldest entry, not the lightest")
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-memory", default=None)
    ap.add_argument("--log", default=None)
    ap.add_argument("--every", type=float, default=60.0)
    a = ap.parse_args()
    r, c = (int(x) for x in a.board.lower().split("x"))
    grid_jit.SYMMETRY, grid_jit.WEIGHTED = a.sym, not a.oldest
    slots = eval(a.slots, {})  # noqa: S307 - a number like 2**28 typed by the user
    log = open(a.log, "a") if a.log else sys.stderr
    firsts = [True, False] if a.first == "both" else [a.first == "L"]
    with limits(timeout=a.timeout, max_memory=a.max_memory, quiet=True):
        grid_jit.configure(slots)
        for left in firsts:
            rec = solve(r, c, left, log, a.every)
            rec.update(sym=a.sym, replace="oldest" if a.oldest else "lightest")
            print(json.dumps(rec), flush=True)
            if log is not sys.stderr:
                print(json.dumps(rec), file=log, flush=True)


if __name__ == "__main__":
    main()
