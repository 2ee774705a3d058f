"""Canonical keys of Sprouts lands: the walks against the reference search (issue 23 item 2).

Solves one n-spot start (``--play``, ``--n``) while recording every land handed to
:func:`misere.rulesets.sprouts_canon.canonical_land`, then keys all recorded lands again with
each method in turn (memo cleared in between) and prints, per method, the CPU seconds, the
number of distinct inputs and of distinct keys (fewer keys: more equal lands recognised).

    PYTHONPATH=src nice python benchmarks/sprouts_keys.py --play misere --n 6
"""
from __future__ import annotations

import argparse
import json
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--play", choices=["misere", "normal"], default="misere")
    ap.add_argument("--n", type=int, default=6)
    a = ap.parse_args()
    import misere.rulesets.sprouts as sprouts
    import misere.rulesets.sprouts_canon as canon
    from misere.rulesets.sprouts_solve import SproutsSolver

    requests = []
    keyed = canon.canonical_land

    def record(regions, lives, simplify=True, method=None):
        requests.append(([[list(b) for b in r] for r in regions], dict(lives)))
        return keyed(regions, lives, simplify, method)

    sprouts.canonical_land = record
    SproutsSolver().wins([sprouts.spots(a.n)], a.play)
    sprouts.canonical_land = keyed
    for method in ("search", "walk"):
        canon._MEMO.clear()
        t = time.process_time()
        keys = [keyed(r, lv, True, method) for r, lv in requests]
        print(json.dumps({"play": a.play, "n": a.n, "method": method, "cpu_s": round(time.process_time() - t, 2),
                          "requests": len(requests), "distinct_inputs": len(canon._MEMO),
                          "distinct_keys": len(set(keys))}), flush=True)


if __name__ == "__main__":
    main()
