"""The engine alone finds infinite partial quotients: no stored certificate, no per-code script.

Usage::

    python reproductions/infinite_quotients_found_by_the_engine.py [CODE:HEAP ...] [--out DIR] [--timeout S]
                                            [--max-rounds R] [--max-order N] [--deep] [--weighted-only]

For each ``CODE:HEAP`` (default: the seven results of docs/results, the long ones last),
computes the quotient to ``HEAP`` with the discovery hook of
:mod:`misere.quotients.infinite.discover` and *without* the stored certificates (the store is
not read), prints the CPU time, the round that settled the heap and the statement proved, and
writes the certificate to ``DIR/<code>-heap<n>.npz`` (``misere check FILE`` proves it again).
A code the hook does not settle within the rounds or the budget is reported as such.

``--deep`` reads the late claims of :mod:`misere.quotients.infinite.deep` at ``HEAP`` too, after
the engine's own (a longer period, smaller exact exponents): ``0.264:18 --deep`` settles at round 94 that way,
in about 30 s of CPU. ``CODE:FIRST-LAST`` reads them at each heap from ``FIRST`` to ``LAST`` and
computes to ``LAST`` (the heap a code is stuck at under one bound may pass under a larger one).
``--weighted-only`` reads the weighted claims of :mod:`misere.quotients.infinite.weighted` and
no other shape (a sweep of codes the census's reruns left).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError, MisereError
from misere.quotients import resolve_game
from misere.quotients.impartial.driver import compute
from misere.quotients.impartial.solver import Limits
from misere.quotients.infinite import save_proof
from misere.quotients.infinite.deep import DeepWatcher
from misere.quotients.infinite.discover import Watcher
from misere.impartial.octal import octal_game

SEVEN = ("0.3102:12", "0.3122:7", "0.3312:14", "0.3123:12", "grundy:29", "0.4:35", "0.07:34")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="*", default=list(SEVEN))
    ap.add_argument("--out", default=".")
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-rounds", type=int, default=400)
    ap.add_argument("--max-order", type=int, default=200_000,
                    help="largest reduced candidate (the engine's default 8,000 stops Grundy's "
                         "game and 0.3123 before their proofs)")
    ap.add_argument("--deep", action="store_true",
                    help="late claims at HEAP too (misere.quotients.infinite.deep)")
    ap.add_argument("--weighted-only", action="store_true",
                    help="read the weighted claims only (misere.quotients.infinite.weighted), "
                         "for codes whose other shapes were refused before")
    args = ap.parse_args(argv)
    runs = []
    for run in args.runs:  # every CODE:HEAP read before any work, refused in one line
        code, _, heaps = run.partition(":")
        first, _, last = heaps.partition("-")
        try:
            game = resolve_game(code)
            first, last = int(first), int(last or first)
            if last < first:
                raise ValueError(f"{last} < {first}")
            runs.append((code, octal_game(game) if isinstance(game, str) else game, first, last))
        except (MisereError, ValueError) as e:
            ap.error(f"{run!r}: expected CODE:HEAP or CODE:FIRST-LAST, e.g. 0.264:18 ({e})")
    try:  # the output folder before any work, not after an hour of it
        Path(args.out).mkdir(parents=True, exist_ok=True)
        probe = Path(args.out) / ".write-test"
        probe.touch()
        probe.unlink()
    except OSError as e:
        print(f"error: cannot write certificates to {args.out}: {e.strerror}", file=sys.stderr)
        return 2
    for code, game, first, heap in runs:
        watch = (DeepWatcher(code, first, through=heap, engine=True) if args.deep
                 else Watcher(code, shapes=not args.weighted_only))
        t0 = time.process_time()
        try:
            with budget.limits(timeout=args.timeout, quiet=True):
                q = compute(game, heap, watch=watch,
                            limits=Limits(max_rounds=args.max_rounds, max_order=args.max_order))
        except (BudgetExceededError, ComputationLimitError) as e:
            last = " ".join(f"{h}^{e}" for h, e in sorted(watch.history[-1].items(), reverse=True)) \
                if watch.history else "none"
            print(f"{code} heap {heap}: not settled ({str(e).splitlines()[0]}); "
                  f"{watch.tried} claims tried in {watch.seconds:.1f} s CPU, "
                  f"{time.process_time() - t0:.0f} s CPU in all; last failure read: {last}",
                  flush=True)
            continue
        proof = q.settled
        if proof is None:
            print(f"{code} heap {heap}: Q_{heap} is finite (order {q.order}); nothing to prove")
            continue
        path = Path(args.out) / f"{code.replace('.', '')}-heap{proof.heap}.npz"
        save_proof(proof, path)
        print(f"{code} heap {heap}: settled at Q_{q.max_heap + 1} in {time.process_time() - t0:.1f} s "
              f"CPU ({watch.tried} claims tried, {watch.seconds:.1f} s CPU of them; "
              f"{proof.origin}); wrote {path}\n  {proof.statement()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
