"""Proved facts about Dawson's Kayles at heap 34 from a checkpointed candidate.

Usage::

    python reproductions/dawson_kayles_heap34_bounds.py [CHECKPOINT.sqlite[.gz]] [--split K]

Loads the candidate in progress of heap 34 (default: the round-170 checkpoint in
benchmarks/data), finds its least failure, and prints what the verification theorem gives below
it (:mod:`misere.quotients.impartial.bounds`): the witnesses that the powers ``Phi(34)^0 ..
Phi(34)^K`` are pairwise different elements of ``Q_34``, and the number of classes that words
with at most ``K // 2`` heaps of 34 fall into under tests with at most ``K - K // 2`` of them
(a lower bound on ``|Q_34|``).
"""
from __future__ import annotations

import gzip
import pickle
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from misere.impartial.octal import octal_game
from misere.quotients.impartial.bounds import distinguished_classes, exact_below, power_witnesses
from misere.quotients.impartial.recalibrate import Limits
from misere.quotients.impartial.state import Pending
from misere.quotients.impartial.verify import least_failure

DEFAULT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "dawson-heap34-round170.sqlite.gz"


def _word(heaps) -> str:
    return " ".join(f"{h}^{e}" if e > 1 else str(h)
                    for h, e in sorted(Counter(heaps).items(), reverse=True)) or "0"


def load_candidate(path: Path = DEFAULT) -> tuple[int, int, Pending]:
    """``(heap, round, candidate)`` of a checkpoint's candidate in progress."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "d.sqlite"
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rb") as src, open(db, "wb") as dst:
            shutil.copyfileobj(src, dst)
        con = sqlite3.connect(db)
        heap, rnd, blob = con.execute("SELECT heap, round, blob FROM pending").fetchone()
        con.close()
    return heap, rnd, pickle.loads(blob)


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv and not argv[0].startswith("--") else DEFAULT
    heap, rnd, cand = load_candidate(path)
    t0 = time.process_time()
    fail, _ = least_failure(octal_game("0.07"), heap, *Pending.candidate(cand), Limits(), None)
    k = exact_below(fail, heap)
    print(f"candidate of heap {heap}, round {rnd}: {len(cand.is_p)} elements, "
          f"{int(sum(cand.is_p))} P; least failure {_word(fail)}")
    print(f"exact on every position with at most {k} heaps of size {heap}")
    found = power_witnesses(cand, heap, k)
    print(f"powers Phi({heap})^0..^{k}: {len(found)} of {k * (k + 1) // 2} pairs distinguished")
    for w in found:
        if w.j - w.i in (1, 2):
            print(f"  {heap}^{w.i} vs {heap}^{w.j}: y = {_word(w.y)}: "
                  f"{heap}^{w.i} + y is {'P' if w.p_with_i else 'N'}, "
                  f"{heap}^{w.j} + y is {'N' if w.p_with_i else 'P'}")
    n = distinguished_classes(cand, heap, k, tick=lambda m, c: print(
        f"  tests with {m} heaps of {heap}: {c} classes", file=sys.stderr, flush=True))
    print(f"|Q_{heap}| >= {n} (words with at most {k // 2} heaps of {heap}, tests with at most "
          f"{k - k // 2}); {time.process_time() - t0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
