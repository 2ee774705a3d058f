"""Outcomes of n-spot Sprouts, misère and normal, and how the time grows with n.

Each (play, n) runs in its own process (a cold start: no memo or store shared) under a CPU
limit, so the numbers do not depend on how loaded a shared machine is; a play stops at its first
n over the limit. Prints one JSON line per run: outcome, CPU seconds, lands and positions
searched, and whether the outcome agrees with the published one (normal play: Applegate,
Jacobson and Sleator 1991 to 11 spots, Lemoine and Viennot arXiv 1008.2320 to 32; misère play:
Applegate, Jacobson and Sleator to 9, Lemoine and Viennot arXiv 0908.4407 to 17). ``--store``
writes (and reuses) a store file.

    PYTHONPATH=src nice python reproductions/sprouts_outcomes.py --max 9 --cpu 3600
    PYTHONPATH=src nice python reproductions/sprouts_outcomes.py --play normal --max 11 --cpu 600
    PYTHONPATH=src nice python reproductions/sprouts_outcomes.py --play normal --min 9 --max 9 --widen -1
    PYTHONPATH=src python reproductions/sprouts_outcomes.py --play misere --min 8 --max 9 --jobs 16
    PYTHONPATH=src python reproductions/sprouts_outcomes.py --play normal --min 9 --max 9 --jobs 14 --depth 2
    PYTHONPATH=src nice python reproductions/sprouts_outcomes.py --play misere --max 6 --method search
    PYTHONPATH=src nice python reproductions/sprouts_outcomes.py --play misere --min 5 --max 8 --endgames t5.sqlite

``--widen K`` (default ``sprouts_solve.WIDEN``; ``-1`` off) sets the lives from which positions
try their children by rounds of growing effort (:meth:`SproutsSolver._widening`).

``--trees K`` (misère) searches over reduced canonical trees
(:class:`misere.rulesets.sprouts_reduced.ReducedSolver`): lands with at most ``K`` lives, and
larger lands whose trees are built from trees already met, are replaced by their trees (one
process per run; ``--jobs`` keeps the plain search).

``--endgames FILE`` (misère) answers every position whose lands are all in the endgame table
``FILE`` (``misere sprouts-endgames --lives K --store FILE``) by look-up in its quotient.

``--method walk`` or ``--method search`` keys the lands of both plays one way
(:func:`misere.rulesets.sprouts_canon.canonical_land`), for comparing the two; by default each
play uses its own (``sprouts_solve.PLAY_KEYS``: walks for misère, the search for normal play).

``--jobs K`` splits one start over its first moves: K processes each decide some of the
positions one move from the start (no store, no shared memo) and the start is won iff one of
them is lost (the pool stops at the first). Wall seconds are reported then, with the CPU
seconds of all workers. ``--depth 2`` splits over the positions two moves from the start
instead (tens of tasks instead of a handful; a first move refuted by one reply skips the rest
of its replies), each worker keeping one solver, so its tasks share memo tables.
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
widen = int(sys.argv[6])
table = None
if sys.argv[7]:
    from misere.rulesets.sprouts_endgames import load_table
    table = load_table(sys.argv[7])
kw = dict(store=store, small=small, method=sys.argv[5] or None, widen=widen if widen >= 0 else None,
          endgames=table)
trees = int(sys.argv[8])
if trees >= 0:
    from misere.rulesets.sprouts_reduced import ReducedSolver
    s = ReducedSolver(tree_lives=trees, **kw)
else:
    s = SproutsSolver(**kw)
w = s.wins([spots(n)], play)
if store is not None:
    store.close()
cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({"play": play, "n": n, "outcome": "N" if w else "P", "cpu_s": round(cpu, 2), "peak_mb": peak,
                  **s.stats()}))
"""


#: one solver per worker process, so the tasks a worker decides share its memo tables
_SOLVERS: dict = {}


def _child_wins(args: tuple) -> tuple[bool, float]:
    play, after, small = args
    from misere.rulesets.sprouts_solve import SproutsSolver
    s = _SOLVERS.get(small) or _SOLVERS.setdefault(small, SproutsSolver(small=small))
    w = s.wins(list(after), play)
    return w, resource.getrusage(resource.RUSAGE_SELF).ru_utime


#: per first move, 1 once it is known to be won (set by the parent; workers inherit it by fork)
_DECIDED = None


def _grandchild_wins(args: tuple) -> tuple[int, bool | None, float]:
    """Does the player to move win ``after`` (a position two moves from the start)? ``None``
    when its first move ``c`` was decided before this task started (skipped)."""
    c, play, after, small = args
    if _DECIDED[c]:
        return c, None, 0.0
    t = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    w, _ = _child_wins((play, after, small))
    return c, w, resource.getrusage(resource.RUSAGE_SELF).ru_utime - t


def parallel(play: str, n: int, small: int, jobs: int, depth: int = 1) -> dict:
    """Outcome of the n-spot start decided in ``jobs`` processes, split over the positions one
    move (``depth=1``) or two moves (``depth=2``) from the start. At depth 2 the start is won
    iff some first move leaves a position all of whose replies are won for the first player;
    a first move is refuted by one reply lost for the first player, after which the tasks of
    its other replies are skipped (a flag shared with the workers)."""
    import multiprocessing as mp
    import time

    from misere.rulesets.sprouts import land_moves, spots

    t = time.monotonic()
    children = [after for _, after in land_moves(spots(n), simplify=True)]
    won = False
    cpu = 0.0
    if depth == 1:
        with mp.get_context("fork").Pool(jobs, maxtasksperchild=1) as pool:
            for w, c in pool.imap_unordered(_child_wins, [(play, a, small) for a in children]):
                cpu += c
                if not w:
                    won = True
                    pool.terminate()
                    break
        return {"play": play, "n": n, "outcome": "N" if won else "P", "jobs": jobs,
                "first_moves": len(children), "wall_s": round(time.monotonic() - t, 1),
                "cpu_s_finished_workers": round(cpu, 1)}
    global _DECIDED
    from misere.rulesets.sprouts_solve import SproutsSolver
    solver = SproutsSolver(small=small)
    tasks, left = [], []
    for c, after in enumerate(children):
        grand = []
        for i, land in enumerate(after):   # one move in one land of the first move's position
            rest = tuple(after[:i]) + tuple(after[i + 1:])
            grand.extend(rest + g for g in solver.moves(land))
        tasks.extend((c, play, g, small) for g in grand)
        left.append(len(grand))
    _DECIDED = mp.get_context("fork").Array("b", len(children), lock=False)
    # a first move with no moves after it: the opponent cannot move (normal: mover wins; misère: loses)
    for c, k in enumerate(left):
        if k == 0 and play == "misere":
            _DECIDED[c] = 1
    skipped = 0
    with mp.get_context("fork").Pool(jobs) as pool:
        for c, w, sec in pool.imap_unordered(_grandchild_wins, tasks):
            cpu += sec
            if w is None:
                skipped += 1
            elif not w:
                _DECIDED[c] = 1   # the opponent of the first mover has a winning reply
            left[c] -= 1
            if any(k == 0 and not _DECIDED[i] for i, k in enumerate(left)):
                won = True        # every reply to this first move is won by the first mover
                pool.terminate()
                break
            if all(_DECIDED):
                break
    return {"play": play, "n": n, "outcome": "N" if won else "P", "jobs": jobs, "depth": 2,
            "first_moves": len(children), "second_moves": len(tasks), "skipped": skipped,
            "wall_s": round(time.monotonic() - t, 1), "cpu_s_workers": round(cpu, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--play", choices=["misere", "normal", "both"], default="both")
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--max", type=int, default=8)
    ap.add_argument("--cpu", type=int, default=600, help="CPU seconds per run")
    ap.add_argument("--small", type=int, default=4, help="lands with at most this many lives get values")
    ap.add_argument("--store", default="", help="store file (default: none)")
    ap.add_argument("--jobs", type=int, default=0, help="decide the first moves in this many processes")
    ap.add_argument("--depth", type=int, choices=[1, 2], default=1,
                    help="with --jobs: split over the positions 1 or 2 moves from the start")
    ap.add_argument("--widen", type=int, default=None,
                    help="widening from this many lives (default sprouts_solve.WIDEN; -1: off)")
    ap.add_argument("--method", choices=["walk", "search"], default="",
                    help="land keys: walks or the reference tie-breaking search (default: "
                         "sprouts_solve.PLAY_KEYS, walks for misère and the search for normal play)")
    ap.add_argument("--endgames", default="",
                    help="misère: answer positions of table lands by look-up in this endgame table "
                         "(misere sprouts-endgames --store FILE)")
    ap.add_argument("--trees", type=int, default=-1,
                    help="misère: search over reduced canonical trees (sprouts_reduced.ReducedSolver), "
                         "lands with at most this many lives replaced by their trees (default -1: the "
                         "plain search)")
    a = ap.parse_args()
    if a.widen is None:
        from misere.rulesets.sprouts_solve import WIDEN
        a.widen = WIDEN if WIDEN is not None else -1
    plays = ["misere", "normal"] if a.play == "both" else [a.play]
    for play in plays:
        for n in range(a.min, a.max + 1):
            if a.jobs:
                row = parallel(play, n, a.small, a.jobs, a.depth)
                row["published"] = PUBLISHED[play][n - 1] if n <= len(PUBLISHED[play]) else None
                print(json.dumps(row), flush=True)
                continue
            def limit() -> None:
                resource.setrlimit(resource.RLIMIT_CPU, (a.cpu, a.cpu + 5))
            p = subprocess.run([sys.executable, "-c", CHILD, play, str(n), str(a.small), a.store, a.method,
                                str(a.widen), a.endgames, str(a.trees)],
                               capture_output=True, text=True, preexec_fn=limit)
            if p.returncode != 0:
                # the largest resident size of the runs so far (this one is the largest: n grows)
                peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
                print(json.dumps({"play": play, "n": n, "stopped": f"over {a.cpu} CPU s"
                                  if p.returncode < 0 else p.stderr.strip().splitlines()[-1:],
                                  "peak_mb": peak}), flush=True)
                break
            row = json.loads(p.stdout)
            row["published"] = PUBLISHED[play][n - 1] if n <= len(PUBLISHED[play]) else None
            row["agrees"] = row["published"] == row["outcome"] if row["published"] else None
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
