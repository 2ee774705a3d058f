"""Proof that 0.3102 has an infinite misère quotient at heap 12 (issue 21 item 3; seed 002 §10.4).

Usage::

    python benchmarks/bounty_infinite.py [--from-store] [--save] [--tokens T] [--search N]
                                         [--timeout S] [--max-memory M]

``--from-store`` checks the stored claim ``benchmarks/data/bounty-03102-heap12-certificate.npz``
(plain arrays) instead of reading it off a candidate; ``--save`` writes that file.

0.3102 has no splits: a heap ``n`` moves to ``n - 1`` (or vanishes when ``n = 1``), a heap of
2 may vanish, and a heap ``n >= 5`` moves to ``n - 4``.

1. Runs the engine through ``Q_11`` (order 74) and 19 recalibration rounds of heap 12 (about
   20 s, most of it compiling kernels on a first run): the round-19 candidate (574 elements) is
   where the claim is read from (``counters_data.build_certificate``), and only that. The
   claim: write a position ``12^a + 7^b + v``; its outcome is a table over a coarse state of
   ``(a, b)`` and a 54-element monoid for ``v``.
2. Checks the claim from the rules of 0.3102 alone (``counters.check_certificate``, theorem in
   that module): then it holds for every position of heaps ``<= 12``.
3. Reads off, for every ``0 <= i < j``, a word ``y`` with ``o(12^i + y) != o(12^j + y)`` in
   finitely many infinite families (``counters.family_claims``): ``y = 3`` for odd ``j - i``,
   ``y = 7^i + 10`` for even ``j - i``. ``Phi(12)`` has infinite order in ``Q_12``, so ``Q_12``
   is infinite; likewise ``Phi(7)`` (``y = 12^j + 3`` and ``12^j + 10``).
4. Cross-checks the claim against brute force: every position of at most ``T`` tokens (default
   60), and small family members by an exhaustive search (at most ``N`` positions each,
   default 300,000).
"""
from __future__ import annotations

import sys
from pathlib import Path

from dawson_infinite import run
from grundy_infinite import engine_claim

from misere.impartial.octal import octal_game

#: the claim as plain arrays (written by ``--save``)
STORED = Path(__file__).resolve().parent / "data" / "bounty-03102-heap12-certificate.npz"
CODE, HEAP, ROUND = "0.3102", 12, 19
#: what the claim counts (``build_certificate``'s arguments)
SHAPE = dict(counters=(12, 7), exact_a=6, b_max=30)
#: (description, y, b_min, b_max, d_min, d_step, expected P-status): the position is
#: ``12^(b + d) 7^b + y`` over ``b_min <= b <= b_max``, ``d = d_min + d_step k`` (``k >= 0``)
FAMILIES = [
    ("12^(2t) + 3, t >= 0", (3,), 0, 0, 0, 2, True),
    ("12^(1+2t) + 3, t >= 0", (3,), 0, 0, 1, 2, False),
    ("12^i + 7^i + 10, i >= 0", (10,), 0, None, 0, 0, False),
    ("12^(i+2+2t) + 7^i + 10, i >= 0, t >= 0", (10,), 0, None, 2, 2, True),
    # the powers of 7, with 12^j added: odd gaps, then even gaps (the two above)
    ("12^i + 7^i + 3, i >= 0", (3,), 0, None, 0, 0, True),
    ("12^(i+1+2t) + 7^i + 3, i >= 0, t >= 0", (3,), 0, None, 1, 2, False),
]
#: positions searched exhaustively (small members of the families)
SEARCHED = [(3,), (12, 3), (12, 12, 3), (10,), (12, 7, 10), (12, 12, 10), (12, 7, 3),
            (12, 12, 7, 3), (12, 12, 12, 7, 10), (12, 12, 7, 7, 10), (12,) * 4 + (7, 7, 10)]


#: what the proof covers and what it gives (printed by ``dawson_infinite.run``)
SCOPE = "every position of 0.3102 with heaps <= 12"
CONCLUSION = ("Phi(12) has infinite order in Q_12 (every pair i < j told apart above), so Q_12 is "
              "infinite; so has Phi(7) (7^i from 7^j by y = 12^j + 3 for odd j - i, y = 12^j + 10 "
              "for even j - i)")


def _claim():
    return engine_claim(CODE, ROUND, octal_game(CODE), HEAP, SHAPE)


def main(argv: list[str]) -> int:
    return run(__doc__, argv, STORED, _claim, FAMILIES, SEARCHED, SCOPE, CONCLUSION)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
