"""Misère Sprouts: the search over reduced canonical trees against the plain search, as ratios.

Target: fewer positions searched and less CPU time than the plain search
(:class:`misere.rulesets.sprouts_solve.SproutsSolver`) on the misère n-spot starts, with the same
outcomes. Each (search, n) runs in its own cold process under a CPU limit
(``reproductions/sprouts_outcomes.py``); the two searches of one n run back to back, so the
ratio is the number to read on a shared machine. Prints one line per n: outcome, positions
searched, positions memoised, lands expanded and CPU seconds of each search, and the ratios
reduced / plain (below 1: the trees do less).

    PYTHONPATH=src nice python benchmarks/sprouts_reduced.py --min 5 --max 8
    PYTHONPATH=src nice python benchmarks/sprouts_reduced.py --min 7 --max 7 --trees 4 5 6 7
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "reproductions" / "sprouts_outcomes.py"


def run(n: int, trees: int, cpu: int) -> dict:
    """One cold run of misère ``n`` spots (``trees < 0``: the plain search)."""
    p = subprocess.run([sys.executable, str(SCRIPT), "--play", "misere", "--min", str(n), "--max", str(n),
                        "--cpu", str(cpu), "--trees", str(trees)], capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--min", type=int, default=5)
    ap.add_argument("--max", type=int, default=8)
    ap.add_argument("--cpu", type=int, default=900, help="CPU seconds per run")
    ap.add_argument("--trees", type=int, nargs="+", default=None,
                    help="tree thresholds to compare (default: sprouts_reduced.TREE_LIVES)")
    a = ap.parse_args()
    if a.trees is None:
        from misere.rulesets.sprouts_reduced import TREE_LIVES
        a.trees = [TREE_LIVES]
    for n in range(a.min, a.max + 1):
        plain = run(n, -1, a.cpu)
        print(json.dumps({"n": n, "search": "plain", **plain}), flush=True)
        for k in a.trees:
            red = run(n, k, a.cpu)
            row = {"n": n, "search": f"trees {k}", **red}
            if "searched" in plain and "searched" in red:
                row["same_outcome"] = plain["outcome"] == red["outcome"]
                for key in ("searched", "positions", "lands", "cpu_s"):
                    row[f"{key}_ratio"] = round(red[key] / plain[key], 3) if plain[key] else None
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
