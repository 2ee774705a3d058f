"""The least failure of every recalibration round of one heap (how the failure cycles of
docs/results/infinite.md were read: 0.3102 at heap 12, 0.3122 at heap 7, 0.3123 at heap 12).

Usage::

    python reproductions/bounty_failure_cycles.py CODE HEAP [--rounds R] [--timeout S] [--max-memory M]

Runs the engine through ``Q_(HEAP-1)``, then the presentation change of ``HEAP`` for at most
``R`` rounds (default 80), and prints one line per round as it ends: the round, the order of
its candidate and its colex-least failing word (``verify.least_failure``, the engine's own
search, recorded as the engine calls it: nothing is computed twice). A failure is a word whose
outcome the candidate gets wrong; every word colex-below it is exact (bounds.py). When the
budget runs out, the rounds printed are what was established.

0.3122 at heap 7: ``python reproductions/bounty_failure_cycles.py 0.3122 7`` (80 rounds, 25 s CPU).
0.3123 at heap 12: ``python reproductions/bounty_failure_cycles.py 0.3123 12 --rounds 54`` (170 s CPU,
under 2 GB).
"""
from __future__ import annotations

import argparse
import sys
import time

from dawson_kayles_heap34_bounds import _word

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError
from misere.impartial.octal import octal_game
from misere.quotients.impartial import solver
from misere.quotients.impartial.recalibrate import Limits
from misere.quotients.impartial.state import SolverState


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("code")
    ap.add_argument("heap", type=int)
    ap.add_argument("--rounds", type=int, default=80)
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-memory", default="6G")
    args = ap.parse_args(argv)
    game = octal_game(args.code)
    limits = Limits(max_order=2_000_000, max_rounds=args.rounds)
    t0 = time.process_time()
    seen: list[int] = []
    engine_search = solver.least_failure

    def recorded(game_, n, q, is_p, phi, limits_, tick):
        fail, store = engine_search(game_, n, q, is_p, phi, limits_, tick)
        if n == args.heap:
            seen.append(len(seen))
            print(f"round {len(seen) - 1}: order {q.order}, least failure "
                  f"{'none' if fail is None else _word(fail)}  ({time.process_time() - t0:.1f} s CPU)",
                  flush=True)
        return fail, store

    solver.least_failure = recorded  # the engine's search, recorded as it runs
    try:
        with budget.limits(timeout=args.timeout, max_memory=args.max_memory):
            st = SolverState.initial()
            while st.heap < args.heap - 1:
                st = solver.step(game, st, limits)
            print(f"Q_{st.heap}: order {len(st.is_p)}, {int(sum(map(bool, st.is_p)))} P", flush=True)
            solver.step(game, st, limits)
            print(f"heap {args.heap} finished: a finite quotient")
    except ComputationLimitError as e:
        print(f"stopped: {e} ({len(seen)} rounds printed above)")
    except BudgetExceededError as e:
        print(f"budget: {e} ({len(seen)} rounds printed above)")
    finally:
        solver.least_failure = engine_search
    print(f"{time.process_time() - t0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
