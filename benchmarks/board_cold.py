"""Small boards in a fresh process: misere against a naive pure-Python search (issue 23 item 4).

For each ruleset, one fresh interpreter imports ``misere`` and answers the misère outcome of
every small board of the ruleset's set; another fresh interpreter answers the same boards with
the few-line bitmask searches of ``benchmarks/naive/boards.py`` (no splitting, no symmetry, no
compiled code). The ratio is misere's CPU seconds over the naive one's, each the least of
``--repeat`` runs (CPU of the child process, imports included: a loaded machine does not bend it
as much as wall time); both processes must print the same outcomes. The sets: every rectangle
up to 5x5 (Domineering and Cram empty, Clobber the checkerboard with ``x`` top left, Konane the
checkerboard after the opening that takes the corner stone and its neighbour, or the stone
below it on a one-column board), except Clobber 4x5, 5x4 and 5x5, which the naive search needs
minutes for; Toads and Frogs ``TkEm`` (``k`` toads, ``m`` empty squares, ``k`` frogs) for
``k, m`` in 1..5.

    PYTHONPATH=src nice python benchmarks/board_cold.py --repeat 3
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULESETS = ("domineering", "cram", "clobber", "konane", "toads-and-frogs")

#: builds ``BOARDS``: (ruleset, rows) pairs, the same in both processes
_BOARDS = r"""
def board(game, r, c):
    if game in ("domineering", "cram"):
        return ["." * c] * r
    if game == "toads-and-frogs":
        return ["T" * r + "." * c + "F" * r]
    rows = [["xo"[(i + j) % 2] for j in range(c)] for i in range(r)]
    if game == "konane":
        rows[0][0] = "."
        rows[0 if c > 1 else min(1, r - 1)][1 if c > 1 else 0] = "."
    return ["".join(x) for x in rows]
BOARDS = [board(GAME, r, c) for r in range(1, 6) for c in range(1, 6)
          if not (GAME == "clobber" and r * c >= 20)]
"""

_MISERE = _BOARDS + r"""
import misere.rulesets
R = getattr(misere.rulesets, {"domineering": "Domineering", "cram": "Cram", "clobber": "Clobber", "konane": "Konane",
                              "toads-and-frogs": "ToadsFrogs"}[GAME])  # the ruleset's module only
print("".join(R.outcome(b[0] if GAME == "toads-and-frogs" else b).value for b in BOARDS))
"""

_NAIVE = _BOARDS + r"""
import sys
sys.setrecursionlimit(100000)
from naive import boards as nb
game = {"toads-and-frogs": "toads"}.get(GAME, GAME)
print("".join(nb.outcome(b) if game == "domineering" else nb.game_outcome(game, b) for b in BOARDS))
"""


def child_cpu(code: str, game: str) -> tuple[float, str, str]:
    """(CPU seconds, stdout, stderr) of ``code`` run in a fresh interpreter with ``GAME = game``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parent / "src"), str(HERE)]))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, "-c", f"GAME = {game!r}\n" + code], capture_output=True, text=True,
                       env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, p.stdout.strip(), p.stderr.strip()


def cold(game: str, repeat: int = 1) -> dict:
    """The row of one ruleset: boards, outcomes, naive and misere CPU seconds (least of
    ``repeat``), their ratio, and whether misere's process loaded the compiled kernels."""
    naive = [child_cpu(_NAIVE, game) for _ in range(repeat)]
    fast = [child_cpu(_MISERE, game) for _ in range(repeat)]
    outs = {o for _, o, _ in naive + fast}
    if len(outs) != 1:
        raise SystemExit(f"{game}: misere and the naive search disagree: {sorted(outs)}")
    tn, tf = min(t for t, _, _ in naive), min(t for t, _, _ in fast)
    return {"ruleset": game, "boards": len(outs.pop()), "naive_cpu": round(tn, 3), "misere_cpu": round(tf, 3),
            "ratio": round(tf / tn, 2), "stderr": fast[0][2][:200]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=list(RULESETS))
    ap.add_argument("--repeat", type=int, default=3, help="runs of each process; the least CPU counts")
    a = ap.parse_args()
    for game in a.rulesets:
        print(json.dumps(cold(game, a.repeat)), flush=True)


if __name__ == "__main__":
    main()
