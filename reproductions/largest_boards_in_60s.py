"""The largest Cram, Clobber and Konane rectangles (and Toads and Frogs strips) solved in misère
play within a CPU budget: the largest boards solved in 60 s.

Each board runs in its own process (a cold start: no table shared between boards) under a CPU
limit (RLIMIT_CPU), so the numbers do not depend on how loaded a shared machine is; a row of
boards stops at its first failure. Clobber and Konane start from the checkerboard with ``x`` at
the top left; Konane after the traditional opening that takes the corner stone and its
neighbour. A Toads and Frogs board is ``TkEm``: ``k`` toads, ``m`` empty squares, ``k`` frogs
(``T4E2`` is ``TTTT..FFFF``; its area is its length). Prints one JSON line per board (misère
outcome, CPU seconds, then the normal-play outcome). ``--engine multiset`` forces the multiset
search of :mod:`misere.rulesets.board_base` (the engine before the compiled searches),
``compiled`` the compiled whole-board search, ``regions`` the compiled search of sums of regions
(Cram and Clobber), ``auto`` (default) what ``outcome`` picks.

    PYTHONPATH=src nice python reproductions/largest_boards_in_60s.py cram 5x5 5x6 6x6 --cpu 60
    PYTHONPATH=src nice python reproductions/largest_boards_in_60s.py toads-and-frogs T4E2 T5E2 --engine multiset

``--table`` runs the whole comparison in one go and prints the
markdown table of benchmarks/README.md: per ruleset, the boards of :data:`TABLE` with the
multiset search ("before": the engine before the compiled searches; its stored numbers of
:data:`BEFORE` unless ``--before``) and with ``auto`` (what ``outcome`` does now), misère play
only, and the cold-process ratio of small boards against the naive search (``board_cold.py``):

    PYTHONPATH=src nice python reproductions/largest_boards_in_60s.py --table [--before]
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


def run(name: str, board: str, cpu: int, engine: str = "auto", normal: bool = True, slack: int = 15) -> dict:
    if name == "toads-and-frogs":
        r, c = board.upper().lstrip("T").split("E")
    else:
        r, c = board.lower().split("x")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu + slack, cpu + slack))

    t = time.time()
    p = subprocess.run([sys.executable, "-c", CHILD, name, r, c, engine, board,
                        "both" if normal else "misere"], capture_output=True, text=True, preexec_fn=limit)
    lines = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("{")]
    rec = lines[-1] if lines else {"ruleset": name, "board": board}
    rec["wall"] = round(time.time() - t, 1)
    rec["solved"] = bool(lines) and rec["cpu"] <= cpu
    return rec


#: the boards of ``--table``, per ruleset and engine, smallest first: around the largest each
#: engine solved in 60 s when last measured (benchmarks/README.md), and the next one
TABLE = {
    "cram": {"multiset": ["5x6", "4x8"], "auto": ["6x6", "5x8", "6x7"]},
    "clobber": {"multiset": ["3x7", "4x5"], "auto": ["5x5", "4x7"]},
    "konane": {"multiset": ["4x7", "5x6"], "auto": ["6x6", "6x7"]},
    "toads-and-frogs": {"multiset": ["T7E4", "T8E4"], "auto": ["T20E4", "T25E4"]},
}
#: "before" without ``--before``: the multiset search at c67772d, measured 2026-11-26 (misère
#: CPU s; benchmarks/README.md, "Largest board per ruleset in 60 s"): largest solved, first failing
BEFORE = {"cram": (("5x6", 25.3, "N"), "4x8"), "clobber": (("3x7", 41.3, "R"), "4x5"),
          "konane": (("4x7", 57.2, "P"), "5x6"), "toads-and-frogs": (("T7E4", 39.7, "N"), "T8E4")}


def area(name: str, board: str) -> int:
    if name == "toads-and-frogs":
        k, m = board.upper().lstrip("T").split("E")
        return 2 * int(k) + int(m)
    r, c = board.lower().split("x")
    return int(r) * int(c)


def table(cpu: int, before: bool = False) -> None:
    """Every board of :data:`TABLE` (misère play, one cold process each; the multiset boards
    only with ``before``, else :data:`BEFORE`) and the cold ratios; the JSON lines as they
    come, then the markdown table."""
    from board_cold import cold

    rows = []
    for name, engines in TABLE.items():
        cells = []
        for engine, boards in engines.items():
            if engine == "multiset" and not before:
                (b, t, o), f = BEFORE[name]
                cells += [(b, {"cpu": t, "misere": o, "stored": True}), f]
                continue
            best, fail = None, None
            for b in boards:
                rec = run(name, b, cpu, engine, normal=False, slack=1)
                print(json.dumps(rec), flush=True)
                if rec["solved"] and (best is None or area(name, b) > area(name, best[0])):
                    best = (b, rec)
                elif not rec["solved"] and fail is None:
                    fail = b
            cells += [best, fail]
        ratio = cold(name, 3)
        print(json.dumps(ratio), flush=True)
        rows.append((name, cells, ratio))
    print(f"\n| ruleset | before: largest in {cpu} s | first failing | after: largest in {cpu} s | first failing "
          "| area ratio | cold small boards: naive / misere CPU s (ratio) |")
    print("|---|---|---|---|---|---:|---|")
    for name, (b0, f0, b1, f1), r in rows:
        def cell(x: tuple[str, dict] | None) -> str:
            if x is None:
                return "-"
            return f"{x[0]} = {area(name, x[0])} ({x[1]['cpu']} s, {x[1]['misere']}{', c67772d' if 'stored' in x[1] else ''})"
        ar = f"{area(name, b1[0]) / area(name, b0[0]):.2f}" if b0 and b1 else "-"
        print(f"| {name} | {cell(b0)} | {f0 or '-'} | {cell(b1)} | {f1 or '-'} | {ar} | "
              f"{r['naive_cpu']} / {r['misere_cpu']} ({r['ratio']}) |", flush=True)
    r = cold("domineering", 3)
    print(f"| domineering | | | | | | {r['naive_cpu']} / {r['misere_cpu']} ({r['ratio']}) |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?")
    ap.add_argument("boards", nargs="*", help="RxC rectangles, smallest first within a row")
    ap.add_argument("--cpu", type=int, default=60, help="CPU seconds per board")
    ap.add_argument("--engine", choices=("auto", "multiset", "compiled", "regions"), default="auto")
    ap.add_argument("--misere-only", action="store_true", help="skip the normal-play outcome")
    ap.add_argument("--table", action="store_true", help="the whole table of benchmarks/README.md")
    ap.add_argument("--before", action="store_true", help="with --table: rerun the multiset boards too")
    a = ap.parse_args()
    if a.table:
        table(a.cpu, a.before)
        return
    if not a.ruleset or not a.boards:
        ap.error("give a ruleset and boards, or --table")
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
