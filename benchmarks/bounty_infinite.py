"""Proofs that open quaternary bounties of seed 002 §10.4 have infinite misère quotients
(issue 21 item 3): 0.3102 at heap 12, 0.3312 at heap 14.

Usage::

    python benchmarks/bounty_infinite.py [CODE] [--from-store] [--save] [--tokens T]
                                         [--search N] [--timeout S] [--max-memory M]

``CODE`` is a key of ``BOUNTIES`` (default 0.3102). ``--from-store`` checks the stored claim
``benchmarks/data/bounty-<digits>-heap<n>-certificate.npz`` (plain arrays) instead of reading it
off a candidate; ``--save`` writes that file.

1. Runs the engine through ``Q_(n-1)`` and the recalibration rounds of heap ``n`` up to the
   bounty's round: that candidate is where the claim is read from
   (``counters_data.build_certificate``), and only that. The claim: the outcome of a position is
   a table over a coarse state of its counts of the counted heaps and a finite monoid for the
   other heaps.
2. Checks the claim from the rules alone (``counters.check_certificate``, theorem in that
   module): then it holds for every position of heaps ``<= n``.
3. Reads off, for every ``0 <= i < j``, a word ``y`` with ``o(n^i + y) != o(n^j + y)`` in
   finitely many infinite families (``counters.family_claims``): ``Phi(n)`` has infinite order
   in ``Q_n``, so ``Q_n`` is infinite.
4. Cross-checks the claim against brute force: every position of at most ``T`` tokens (default
   60), and small family members by an exhaustive search (at most ``N`` positions each,
   default 300,000).

0.3102 has no splits: a heap ``n`` moves to ``n - 1`` (or vanishes when ``n = 1``), a heap of
2 may vanish, and a heap ``n >= 5`` moves to ``n - 4``. Round 19 (574 elements): counts 12 and
7, a 54-element monoid; ``y = 3`` for odd ``j - i``, ``y = 7^i + 10`` for even ``j - i``.

0.3312 has no splits either: a heap moves to ``n - 1`` or ``n - 2`` (vanishing from 1 or 2), a
heap of 3 may vanish, a heap ``n >= 5`` moves to ``n - 4``. Round 70 (3,500 elements): three
counts, 14, 8 and 11, read through the sums ``#14``, ``#8 + #11``, ``#11`` (the outcome depends
on ``#14 - #8 - #11``, which no difference of two counts gives); a 184-element monoid;
``y = 12^2 + 2`` for odd ``j - i``; for even ``j - i``: ``y = 5 + 1`` (``i = 0``), ``13 + 3``
(``i = 1``), ``8^(i-2) + 12 + 3`` (``i >= 2``).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from counter_proofs import engine_claim
from dawson_infinite import run

from misere.impartial.octal import octal_game

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Bounty:
    """One proof: where the claim comes from, what it counts, and what it tells apart."""

    heap: int  #: the heap whose partial quotient is proved infinite
    round: int  #: the recalibration round of the candidate the claim is read from
    shape: dict  #: ``build_certificate``'s arguments
    #: (description, y, b_min, b_max, d_min, d_step, expected P-status[, base, along]):
    #: ``counters.family_claims``'s arguments (two counts: ``c1^(b + d) c2^b + y``)
    families: list
    searched: list  #: positions searched exhaustively (small members of the families)
    scope: str  #: what the proof covers
    conclusion: str  #: what it gives


#: the proved bounties, by code
BOUNTIES = {
    "0.3102": Bounty(
        12, 19, dict(counters=(12, 7), exact_a=6, b_max=30),
        [("12^(2t) + 3, t >= 0", (3,), 0, 0, 0, 2, True),
         ("12^(1+2t) + 3, t >= 0", (3,), 0, 0, 1, 2, False),
         ("12^i + 7^i + 10, i >= 0", (10,), 0, None, 0, 0, False),
         ("12^(i+2+2t) + 7^i + 10, i >= 0, t >= 0", (10,), 0, None, 2, 2, True),
         # the powers of 7, with 12^j added: odd gaps, then even gaps (the two above)
         ("12^i + 7^i + 3, i >= 0", (3,), 0, None, 0, 0, True),
         ("12^(i+1+2t) + 7^i + 3, i >= 0, t >= 0", (3,), 0, None, 1, 2, False)],
        [(3,), (12, 3), (12, 12, 3), (10,), (12, 7, 10), (12, 12, 10), (12, 7, 3),
         (12, 12, 7, 3), (12, 12, 12, 7, 10), (12, 12, 7, 7, 10), (12,) * 4 + (7, 7, 10)],
        "every position of 0.3102 with heaps <= 12",
        "Phi(12) has infinite order in Q_12 (every pair i < j told apart above), so Q_12 is "
        "infinite; so has Phi(7) (7^i from 7^j by y = 12^j + 3 for odd j - i, y = 12^j + 10 "
        "for even j - i)"),
    "0.3312": Bounty(
        14, 70, dict(counters=(14, 8, 11), sums=((0,), (1, 2), (2,)), exact_a=12, b_max=12),
        [("14^(2t) + 12^2 + 2, t >= 0", (12, 12, 2), 0, 0, 0, 2, False, (0, 0, 0), (1, 0, 0)),
         ("14^(1+2t) + 12^2 + 2, t >= 0", (12, 12, 2), 0, 0, 1, 2, True, (0, 0, 0), (1, 0, 0)),
         ("5 + 1", (5, 1), 0, 0, 0, 0, True, (0, 0, 0), (1, 0, 0)),
         ("14^(2+2t) + 5 + 1, t >= 0", (5, 1), 0, 0, 2, 2, False, (0, 0, 0), (1, 0, 0)),
         ("14 + 13 + 3", (13, 3), 0, 0, 1, 0, True, (0, 0, 0), (1, 0, 0)),
         ("14^(3+2t) + 13 + 3, t >= 0", (13, 3), 0, 0, 3, 2, False, (0, 0, 0), (1, 0, 0)),
         ("14^(i+2) + 8^i + 12 + 3, i >= 0", (12, 3), 0, None, 2, 0, True, (0, 0, 0), (1, 1, 0)),
         ("14^(i+4+2t) + 8^i + 12 + 3, i, t >= 0", (12, 3), 0, None, 4, 2, False, (0, 0, 0),
          (1, 1, 0))],
        [(12, 12, 2), (14, 12, 12, 2), (5, 1), (14, 14, 5, 1), (14, 13, 3), (14,) * 3 + (13, 3),
         (14, 14, 12, 3), (14,) * 4 + (12, 3), (14,) * 3 + (8, 12, 3), (14,) * 5 + (8, 12, 3)],
        "every position of 0.3312 with heaps <= 14",
        "Phi(14) has infinite order in Q_14 (every pair i < j told apart above), so Q_14 is "
        "infinite"),
}
#: 0.3102's, under the names the tests and the first version of this script used
CODE, HEAP, ROUND, SHAPE = "0.3102", BOUNTIES["0.3102"].heap, BOUNTIES["0.3102"].round, \
    BOUNTIES["0.3102"].shape


def stored(code: str) -> Path:
    """The stored claim of ``code`` (written by ``--save``)."""
    digits = code.replace(".", "")
    return DATA / f"bounty-{digits}-heap{BOUNTIES[code].heap}-certificate.npz"


def main(argv: list[str]) -> int:
    code = argv[0] if argv and not argv[0].startswith("-") else "0.3102"
    if code not in BOUNTIES:
        print(f"no proof for {code}: one of {', '.join(BOUNTIES)}")
        return 2
    b = BOUNTIES[code]
    return run(__doc__, argv[1:] if argv and argv[0] == code else argv, stored(code),
               lambda: engine_claim(code, b.round, octal_game(code), b.heap, b.shape),
               b.families, b.searched, b.scope, b.conclusion)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
