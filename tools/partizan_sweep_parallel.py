"""Fill a partizan sweep store with worker processes (the stdlib pool, for machines without Ray).

Usage::

    python tools/partizan_sweep_parallel.py STORE FAMILY [--workers N] [--timeout S] [--redo STATUS]

Computes, cheapest first (:func:`~misere.quotients.partizan.sweep.closure_size`), every closure
of ``FAMILY`` whose generating set has no record in ``STORE`` yet, with ``N`` processes, and
stores each row from the main process as soon as it arrives; the rows are the same as those of
``misere partizan-sweep FAMILY --store STORE`` (each one is :func:`~misere.quotients.partizan.
sweep.closure_row` of the same games, a deterministic computation). Records are matched by
their generating set (in any order), not by index, since the order of ``born_by(2)`` may differ between
processes: at the end every record is rewritten under this process's index of its games. After
``--timeout`` seconds no new closure is started and the rows that arrived are kept, so the
store resumes like an interrupted sweep. Used on a lent 16-core machine for the rest of the
``gh`` sweep (issue 25, item 1). ``--redo bounded`` recomputes the stored rows of that status
as well (after the engine learned to prove more), keeping the others; ``--keep-detail
refinement`` keeps those the refining engine already computed.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from dataclasses import replace

from misere.errors import MisereError
from misere.quotients.partizan.sweep import closure_row, closure_size, family
from misere.quotients.partizan.sweep_store import SweepStore


def _row(games: tuple[str, ...]):
    return games, closure_row(games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store")
    ap.add_argument("family")
    ap.add_argument("--workers", type=int, default=mp.cpu_count())
    ap.add_argument("--redo", action="append", default=[], metavar="STATUS",
                    help="recompute the stored rows of this status too (repeatable), e.g. after "
                         "the engine learned to prove more")
    ap.add_argument("--keep-detail", default=None, metavar="TEXT",
                    help="with --redo: keep the rows whose detail contains TEXT, e.g. "
                         "'refinement' for the rows the refining engine already computed")
    ap.add_argument("--timeout", type=float, default=None, help="stop after S seconds, keeping the rows that arrived")
    a = ap.parse_args()
    todo = family(a.family)
    index = {g: i for i, g in enumerate(todo)}
    t0 = time.perf_counter()
    with SweepStore(a.store) as st:
        # a closure does not depend on the order of its generators: match rows by the set
        old = {tuple(sorted(row.games)): row for row in st.rows(a.family).values()}
        by_games = {g: replace(old[tuple(sorted(g))], games=g) for g in todo if tuple(sorted(g)) in old}
        def redo(row) -> bool:
            return row.status in a.redo and not (a.keep_detail and a.keep_detail in row.detail)

        # cheapest first; ties in the family's order, so every run takes the same order
        missing = sorted({g for g in todo if g not in by_games or redo(by_games[g])},
                         key=lambda g: (closure_size(g), index[g]))
        print(f"{a.family}: {len(todo)} closures, {len(by_games)} stored, {len(missing)} to compute "
              f"with {a.workers} workers", file=sys.stderr, flush=True)
        with mp.get_context("fork").Pool(a.workers, maxtasksperchild=20) as pool:
            it = pool.imap_unordered(_row, missing)
            for k in range(len(missing)):
                left = None if a.timeout is None else a.timeout - (time.perf_counter() - t0)
                try:
                    if left is not None and left <= 0:
                        raise mp.TimeoutError
                    games, row = it.next(timeout=left)
                except mp.TimeoutError:
                    print("time budget spent: the closures still running are dropped",
                          file=sys.stderr, flush=True)
                    pool.terminate()
                    break
                by_games[games] = row
                st.put(a.family, index[games], row)
                print(f"[{time.perf_counter() - t0:7.1f} s] {k + 1}/{len(missing)} {games[0]} "
                      f"{row.status} order={row.order} {row.seconds:.1f} s", file=sys.stderr, flush=True)
        for i, g in enumerate(todo):  # every record under this process's index of its games
            if g in by_games:
                st.put(a.family, i, by_games[g])
        if all(g in by_games for g in todo):
            st.finished(a.family, len(todo), time.perf_counter() - t0)
        print(f"{sum(g in by_games for g in todo)} of {len(todo)} stored", file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except MisereError as e:  # bad family, foreign store: one line, no traceback
        sys.exit(f"error: {e}")
