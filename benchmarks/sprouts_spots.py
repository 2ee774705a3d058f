"""Outcomes of n-spot Sprouts, misère and normal, and how the time grows with n (issue 23 item 2).

Each (play, n) runs in its own process (a cold start: no memo or store shared) under a CPU
limit, so the numbers do not depend on how loaded a shared machine is; a play stops at its first
n over the limit. Prints one JSON line per run: outcome, CPU seconds, lands and positions
searched, and whether the outcome agrees with the published one (normal play: Applegate,
Jacobson and Sleator 1991 to 11 spots, Lemoine and Viennot arXiv 1008.2320 to 32; misère play:
Applegate, Jacobson and Sleator to 9, Lemoine and Viennot arXiv 0908.4407 to 17). ``--store``
writes (and reuses) a store file.

    PYTHONPATH=src nice python benchmarks/sprouts_spots.py --max 9 --cpu 3600
    PYTHONPATH=src nice python benchmarks/sprouts_spots.py --play normal --max 11 --cpu 600
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys

#: first-player outcomes of the n-spot start, n = 1..17 (normal to 32 and misère to 20 are
#: published; these are the ranges this benchmark can reach)
PUBLISHED = {"normal": "PPNNNPPPNNNPPPNNN", "misere": "NPPPNNPPPNNNPPPNN"}

CHILD = r"""
import json, resource, sys
from misere.rulesets.sprouts import spots
from misere.rulesets.sprouts_solve import SproutsSolver
from misere.rulesets.sprouts_store import SproutsStore
play, n, small, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
store = SproutsStore(path) if path else None
s = SproutsSolver(store=store, small=small)
w = s.wins([spots(n)], play)
if store is not None:
    store.close()
cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
print(json.dumps({"play": play, "n": n, "outcome": "N" if w else "P", "cpu_s": round(cpu, 2), **s.stats()}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--play", choices=["misere", "normal", "both"], default="both")
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--max", type=int, default=8)
    ap.add_argument("--cpu", type=int, default=600, help="CPU seconds per run")
    ap.add_argument("--small", type=int, default=4, help="lands with at most this many lives get values")
    ap.add_argument("--store", default="", help="store file (default: none)")
    a = ap.parse_args()
    plays = ["misere", "normal"] if a.play == "both" else [a.play]
    for play in plays:
        for n in range(a.min, a.max + 1):
            def limit() -> None:
                resource.setrlimit(resource.RLIMIT_CPU, (a.cpu, a.cpu + 5))
            p = subprocess.run([sys.executable, "-c", CHILD, play, str(n), str(a.small), a.store],
                               capture_output=True, text=True, preexec_fn=limit)
            if p.returncode != 0:
                print(json.dumps({"play": play, "n": n, "stopped": f"over {a.cpu} CPU s"
                                  if p.returncode < 0 else p.stderr.strip().splitlines()[-1:]}), flush=True)
                break
            row = json.loads(p.stdout)
            row["published"] = PUBLISHED[play][n - 1] if n <= len(PUBLISHED[play]) else None
            row["agrees"] = row["published"] == row["outcome"] if row["published"] else None
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
