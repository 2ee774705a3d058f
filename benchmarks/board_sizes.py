"""The largest Cram, Clobber and Konane rectangles (and Toads and Frogs strips) solved in misère
play within a CPU budget (issue 13 and issue 23 item 3: "the largest boards solved in 60 s").

Each board runs in its own process (a cold start: no table shared between boards) under a CPU
limit (RLIMIT_CPU), so the numbers do not depend on how loaded a shared machine is; a row of
boards stops at its first failure. Clobber and Konane start from the checkerboard with ``x`` at
the top left; Konane after the traditional opening that takes the corner stone and its
neighbour. A Toads and Frogs board is ``TkEm``: ``k`` toads, ``m`` empty squares, ``k`` frogs
(``T4E2`` is ``TTTT..FFFF``; its area is its length). Prints one JSON line per board (misère
outcome, CPU seconds, then the normal-play outcome). ``--engine multiset`` forces the multiset
search of :mod:`misere.rulesets.board_base` (the engine before the compiled searches of issue 23
item 3), ``compiled`` the compiled whole-board search, ``regions`` the compiled search of sums of
regions (Cram and Clobber), ``auto`` (default) what ``outcome`` picks.

    PYTHONPATH=src nice python benchmarks/board_sizes.py cram 5x5 5x6 6x6 --cpu 60
    PYTHONPATH=src nice python benchmarks/board_sizes.py toads-and-frogs T4E2 T5E2 --engine multiset
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

CHILD = r"""
import json, sys, time
from misere.rulesets.registry import find_ruleset
name, r, c, engine = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
R = find_ruleset(name)
if engine != "auto":
    from misere.rulesets import board_base
    board_base.ENGINE = engine
if name == "toads-and-frogs":
    pos = "T" * int(r) + "." * int(c) + "F" * int(r)
else:
    r, c = int(r), int(c)
    pos = (r, c)
if name == "konane":
    b = [list(row) for row in R.rectangle(r, c)]
    b[0][0] = b[0][1] = "."
    pos = ["".join(x) for x in b]
t = time.process_time()
rec = {"ruleset": name, "board": sys.argv[5], "engine": engine, "misere": R.outcome(pos).value,
       "cpu": round(time.process_time() - t, 1)}
print(json.dumps(rec), flush=True)
if sys.argv[6] == "misere":
    sys.exit()
t = time.process_time()
rec["normal"] = R.normal_outcome(pos).value
rec["normal_cpu"] = round(time.process_time() - t, 1)
print(json.dumps(rec), flush=True)
"""


def run(name: str, board: str, cpu: int, engine: str = "auto", normal: bool = True) -> dict:
    if name == "toads-and-frogs":
        r, c = board.upper().lstrip("T").split("E")
    else:
        r, c = board.lower().split("x")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu + 15, cpu + 15))

    t = time.time()
    p = subprocess.run([sys.executable, "-c", CHILD, name, r, c, engine, board,
                        "both" if normal else "misere"], capture_output=True, text=True, preexec_fn=limit)
    lines = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("{")]
    rec = lines[-1] if lines else {"ruleset": name, "board": board}
    rec["wall"] = round(time.time() - t, 1)
    rec["solved"] = bool(lines) and rec["cpu"] <= cpu
    return rec


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("boards", nargs="+", help="RxC rectangles, smallest first within a row")
    ap.add_argument("--cpu", type=int, default=60, help="CPU seconds per board")
    ap.add_argument("--engine", choices=("auto", "multiset", "compiled", "regions"), default="auto")
    ap.add_argument("--misere-only", action="store_true", help="skip the normal-play outcome")
    a = ap.parse_args()
    failed_rows: set[str] = set()
    for b in a.boards:
        row = b.lower().split("x")[0] if a.ruleset != "toads-and-frogs" else b.upper().split("E")[1]
        if row in failed_rows:
            continue
        rec = run(a.ruleset, b, a.cpu, a.engine, not a.misere_only)
        print(json.dumps(rec), flush=True)
        if not rec["solved"]:
            failed_rows.add(row)


if __name__ == "__main__":
    main()
