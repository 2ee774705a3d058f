"""Proof that Grundy's game has an infinite misère quotient at heap 29 (issue 25 item 4).

Usage::

    python benchmarks/grundy_infinite.py [--from-store] [--save] [--tokens T] [--search N]
                                         [--timeout S] [--max-memory M]

``--from-store`` checks the stored claim ``src/misere/quotients/infinite/data/grundy-heap29.npz``
(plain arrays) instead of reading it off a candidate; ``--save`` writes that file.

1. Runs the engine through ``Q_28`` and 28 recalibration rounds of heap 29 (about a minute):
   the round-28 candidate (15,232 elements) is where the claim is read from
   (``counters_data.build_certificate``), and only that. The claim: in the domain of the
   positions with at most two heaps of size 29, two of size ``>= 28`` and three of size ``>= 26``
   (no split adds such a heap), write a position ``25^a + (13|16|19|22)^b + v``; its outcome is
   a table over a coarse state of ``(a, b)`` and a 313-element monoid for ``v``.
2. Checks the claim from the rules of Grundy's game alone (``counters.check_certificate``,
   theorem in that module): then it holds for every position of that domain.
3. Reads off, for every ``0 <= i < j``, a word ``y`` of the domain with ``o(25^i + y) !=
   o(25^j + y)`` in finitely many infinite families (``counters.family_claims``): ``Phi(25)``
   has infinite order in ``Q_29``, so ``Q_29`` is infinite; likewise for 13, 16, 19, 22
   (``y = 25^j + 5^2`` for odd ``j - i``, ``25^j + 29^2 + 27 + 18`` for even ``j - i``).
4. Cross-checks the claim against brute force: every position of the domain with at most ``T``
   tokens (default 60), and small family members by an exhaustive search (at most ``N``
   positions each, default 300,000).
"""
from __future__ import annotations

import sys
from pathlib import Path

from counter_proofs import engine_claim
from dawson_infinite import run

from misere.impartial.heap_rulesets import grundy_game

#: the claim as plain arrays (written by ``--save``)
from misere.quotients.infinite.store import DATA

STORED = DATA / "grundy-heap29.npz"
ROUND = 28
#: what the claim counts and where it holds (``build_certificate``'s arguments)
SHAPE = dict(counters=(25, 13), groups=((25,), (13, 16, 19, 22)), limits=((29, 2), (28, 2), (26, 3)),
             exact_a=3, b_max=40)
#: (description, y, b_min, b_max, d_min, d_step, expected P-status): the position is
#: ``25^(b + d) 13^b + y`` over ``b_min <= b <= b_max``, ``d = d_min + d_step k`` (``k >= 0``)
FAMILIES = [
    ("25^j + 5^2, j even", (5, 5), 0, 0, 0, 2, True),
    ("25^j + 5^2, j odd", (5, 5), 0, 0, 1, 2, False),
    ("29^2 + 20 + 3", (29, 29, 20, 3), 0, 0, 0, 0, True),
    ("25^(2+2t) + 29^2 + 20 + 3, t >= 0", (29, 29, 20, 3), 0, 0, 2, 2, False),
    ("25 + 29^2 + 5 + 3", (29, 29, 5, 3), 0, 0, 1, 0, False),
    ("25^(3+2t) + 29^2 + 5 + 3, t >= 0", (29, 29, 5, 3), 0, 0, 3, 2, True),
    ("25^i + 13^i + 29^2 + 27 + 18, i >= 2", (29, 29, 27, 18), 2, None, 0, 0, False),
    ("25^(i+2+2t) + 13^i + 29^2 + 27 + 18, i >= 2, t >= 0", (29, 29, 27, 18), 2, None, 2, 2, True),
    # the powers of 13 (b counts 13, 16, 19 and 22 alike: the same for each of them)
    ("25^(i+1+2t) + 13^i + 5^2, i >= 0, t >= 0", (5, 5), 0, None, 1, 2, False),
    ("25^j + 13^j + 5^2, j >= 1", (5, 5), 1, None, 0, 0, True),
    ("25^(i+2+2t) + 13^i + 29^2 + 27 + 18, i >= 0, t >= 0", (29, 29, 27, 18), 0, None, 2, 2, True),
    ("25^j + 13^j + 29^2 + 27 + 18, j >= 2", (29, 29, 27, 18), 2, None, 0, 0, False),
]
#: positions searched exhaustively (small members of the families)
SEARCHED = [(5, 5), (25, 5, 5), (25, 25, 5, 5), (29, 29, 5, 3)]


def main(argv: list[str]) -> int:
    return run(__doc__, argv, STORED, lambda: engine_claim("grundy", ROUND, grundy_game(), 29, SHAPE),
               FAMILIES, SEARCHED,
               "every position of Grundy's game with heaps <= 29 in the domain",
               "Phi(25) has infinite order in Q_29 (every pair i < j told apart above), "
               "so Q_29 is infinite; so have Phi(13), Phi(16), Phi(19), Phi(22) (13^i from "
               "13^j by the last four families with 25^j added, and the same with 16, 19, 22)")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
