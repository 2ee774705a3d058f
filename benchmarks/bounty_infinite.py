"""Proofs that open bounties of seed 002 §10.4 have infinite misère quotients (issue 21 item 3).

Usage::

    python benchmarks/bounty_infinite.py [CODE] [--from-store] [--save] [--tokens T] [--search N]
                                         [--timeout S] [--max-memory M]

``CODE`` is one of :data:`BOUNTIES` (default 0.3102): 0.3102 at heap 12, 0.3122 at heap 7,
0.3312 at heap 14, 0.3123 at heap 12.
``--from-store`` checks the stored claim ``src/misere/quotients/infinite/data/bounty-<digits>-heap<n>.npz``
(plain arrays) instead of reading it off a candidate; ``--save`` writes that file.

1. Runs the engine through ``Q_(n-1)`` and the recalibration rounds of heap ``n`` up to the
   bounty's round: that candidate is where the claim is read from
   (``counters_data.build_certificate``), and only that. The claim: the outcome of a position
   is a table over a coarse state of its counts of the counted heaps (e.g. ``c1^a + c2^b + v``:
   of ``(a, b)``) and a finite monoid for the other heaps ``v``.
2. Checks the claim from the rules of the code alone (``counters.check_certificate``, theorem
   in that module): then it holds for every position of heaps ``<= n``.
3. Reads off, for every ``0 <= i < j``, a word ``y`` with ``o(c1^i + y) != o(c1^j + y)`` in
   finitely many infinite families (``counters.family_claims``; a family restricted to one
   residue of ``a`` by ``counters_data.residue_family_claims``): ``Phi(c1)`` has infinite
   order in ``Q_n``, so ``Q_n`` is infinite.
4. Cross-checks the claim against brute force: every position of at most ``T`` tokens (default
   60), and small family members by an exhaustive search (at most ``N`` positions each,
   default 300,000).

0.3102 (no splits: ``n -> n - 1``, a heap of 1 or 2 may vanish, ``n -> n - 4`` for ``n >= 5``):
the round-19 candidate of heap 12 (574 elements) gives the claim counting 12 and 7 (a
54-element monoid); ``y = 3`` for odd ``j - i``, ``y = 7^i + 10`` for even ``j - i``; likewise
``Phi(7)`` (``y = 12^j + 3`` and ``12^j + 10``). About 32 s CPU, most of it the engine.

0.3122 (no splits: ``n -> n - 1``, a heap of 1 or 2 may vanish, ``n -> n - 3`` for ``n >= 4``,
``n -> n - 4`` for ``n >= 5``): the round-51 candidate of heap 7 (5,630 elements) gives the
claim counting 7 and 5 (a 40-element monoid for the heaps 1, 2, 3, 4, 6, period 4); ``y = 3``
for odd ``j - i``; for even ``j - i``, ``y = 5^(i+2) + 4 + 4`` (``i`` even) or ``5^(i+2) + 4 +
1`` (``i`` odd); likewise ``Phi(5)``. About 10 s CPU.

0.3312 (no splits: ``n -> n - 1`` or ``n - 2``, vanishing from 1 or 2, a heap of 3 may vanish,
``n -> n - 4`` for ``n >= 5``): the round-70 candidate of heap 14 (3,500 elements) gives a claim
with three counts, 14, 8 and 11, read through the sums ``#14``, ``#8 + #11``, ``#11`` (the
outcome depends on ``#14 - #8 - #11``, which no difference of two counts gives), a 184-element
monoid; ``y = 12^2 + 2`` for odd ``j - i``; for even ``j - i``: ``y = 5 + 1`` (``i = 0``), ``13
+ 3`` (``i = 1``), ``8^(i-2) + 12 + 3`` (``i >= 2``). About 138 s CPU.

0.3123 (no splits: as 0.3122, and a heap of 4 may vanish): the round-43 candidate of heap 12
(141,878 elements) gives a claim in the domain of *at most one heap of 12* (no move adds one:
``limits=((12, 1),)``) with three counts, 11, {2, 4} (one set: every size of it is checked)
and 9, read through the sums ``#11``, ``#2 + #4 + #9``, ``#9`` (the outcome depends on ``#11 -
#2 - #4 - #9``), a 151-element monoid (one element: outside the domain). With one 12 in ``y``:
``y = 12 + 3`` for odd ``j - i``, ``y = 12 + 2^i + 6^2`` for even ``j - i``, so the elements
``Phi(12) Phi(11)^i`` of ``Q_12`` are pairwise distinct, hence so are the powers of ``Phi(11)``.
About 200 s CPU, most of it the engine.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from counter_proofs import engine_claim
from dawson_infinite import run

from misere.impartial.octal import octal_game

from misere.quotients.infinite.store import DATA as STORE


@dataclass(frozen=True)
class Bounty:
    """One proof: where its claim comes from, what it counts, what it tells apart."""

    code: str
    heap: int  #: ``Q_heap`` is proved infinite
    round: int  #: the engine's candidate of this recalibration round gives the claim
    shape: dict  #: ``build_certificate``'s arguments
    #: (description, y, b_min, b_max, d_min, d_step, expected P-status[, options]): the
    #: position is ``c1^(b + d) c2^b + y`` over ``b_min <= b <= b_max``, ``d = d_min + d_step k``
    #: (``k >= 0``); options: ``residue=(modulus, residue)``, only ``a = b + d = residue (mod
    #: modulus)``; ``base`` and ``along`` (counts ``base + b along + d e1``, any number of
    #: counts; ``counters.family_states``)
    families: tuple
    searched: tuple  #: positions searched exhaustively (small members of the families)
    conclusion: str

    @property
    def stored(self) -> Path:
        """The claim as plain arrays (written by ``--save``)."""
        return STORE / f"bounty-{self.code.replace('.', '')}-heap{self.heap}.npz"

    @property
    def scope(self) -> str:
        within = "".join(f" and at most {k} heap{'s' * (k > 1)} >= {t}"
                         for t, k in self.shape.get("limits", ()))
        return f"every position of {self.code} with heaps <= {self.heap}{within}"

    def claim(self):
        """``(claim, origin)`` read off the engine's candidate."""
        return engine_claim(self.code, self.round, octal_game(self.code), self.heap, self.shape)


#: three counts (0.3312, 0.3123): the first count alone grows, or the first two together
_ONE = dict(base=(0, 0, 0), along=(1, 0, 0))
_EIGHTS = dict(base=(0, 0, 0), along=(1, 1, 0))
#: 0.3123: the counts of 11 and of {2, 4} grow together
_TWOS = _EIGHTS

#: the proved bounties, by code
BOUNTIES = {b.code: b for b in (
    Bounty("0.3102", 12, 19, dict(counters=(12, 7), exact_a=6, b_max=30), (
        ("12^(2t) + 3, t >= 0", (3,), 0, 0, 0, 2, True),
        ("12^(1+2t) + 3, t >= 0", (3,), 0, 0, 1, 2, False),
        ("12^i + 7^i + 10, i >= 0", (10,), 0, None, 0, 0, False),
        ("12^(i+2+2t) + 7^i + 10, i >= 0, t >= 0", (10,), 0, None, 2, 2, True),
        # the powers of 7, with 12^j added: odd gaps, then even gaps (the two above)
        ("12^i + 7^i + 3, i >= 0", (3,), 0, None, 0, 0, True),
        ("12^(i+1+2t) + 7^i + 3, i >= 0, t >= 0", (3,), 0, None, 1, 2, False),
    ), ((3,), (12, 3), (12, 12, 3), (10,), (12, 7, 10), (12, 12, 10), (12, 7, 3),
        (12, 12, 7, 3), (12, 12, 12, 7, 10), (12, 12, 7, 7, 10), (12,) * 4 + (7, 7, 10)),
        "Phi(12) has infinite order in Q_12 (every pair i < j told apart above), so Q_12 is "
        "infinite; so has Phi(7) (7^i from 7^j by y = 12^j + 3 for odd j - i, y = 12^j + 10 "
        "for even j - i)"),
    Bounty("0.3122", 7, 51, dict(counters=(7, 5), exact_a=14, b_max=30, period=4), (
        ("7^(2t) + 3, t >= 0", (3,), 0, 0, 0, 2, True),
        ("7^(1+2t) + 3, t >= 0", (3,), 0, 0, 1, 2, False),
        ("7^i + 5^(i+2) + 4^2, i >= 0 even", (4, 4), 2, None, -2, 0, True, dict(residue=(2, 0))),
        ("7^(i+2+2t) + 5^(i+2) + 4^2, i even, t >= 0", (4, 4), 2, None, 0, 2, False, dict(residue=(2, 0))),
        ("7^i + 5^(i+2) + 4 + 1, i >= 1 odd", (4, 1), 2, None, -2, 0, True, dict(residue=(2, 1))),
        ("7^(i+2+2t) + 5^(i+2) + 4 + 1, i odd, t >= 0", (4, 1), 2, None, 0, 2, False, dict(residue=(2, 1))),
        # the powers of 5 (5^i against 5^j, i < j), by the parity of j
        ("7^j + 5^j + 4^3, j odd", (4, 4, 4), 0, None, 0, 0, False, dict(residue=(2, 1))),
        ("7^j + 5^(j-1-2t) + 4^3, j odd", (4, 4, 4), 0, None, 1, 2, True, dict(residue=(2, 1))),
        ("7^(j+1) + 5^j + 6 + 4^3, j even", (6, 4, 4, 4), 0, None, 1, 0, True, dict(residue=(2, 1))),
        ("7^(j+1) + 5^(j-1-2t) + 6 + 4^3, j even", (6, 4, 4, 4), 0, None, 2, 2, False, dict(residue=(2, 1))),
        ("7^j + 5^j + 6 + 4^2 + 1, j even", (6, 4, 4, 1), 0, None, 0, 0, True, dict(residue=(2, 0))),
        ("7^j + 5^(j-2-2t) + 6 + 4^2 + 1, j even", (6, 4, 4, 1), 0, None, 2, 2, False, dict(residue=(2, 0))),
        ("7^(j+1) + 5^j + 6 + 4^2 + 1, j odd", (6, 4, 4, 1), 0, None, 1, 0, True, dict(residue=(2, 0))),
        ("7^(j+1) + 5^(j-2-2t) + 6 + 4^2 + 1, j odd", (6, 4, 4, 1), 0, None, 3, 2, False, dict(residue=(2, 0))),
    ), ((3,), (7, 3), (7, 7, 3), (7, 7, 7, 3), (5, 5, 4, 4), (7, 7, 5, 5, 4, 4),
        (7, 5, 5, 5, 4, 1), (7, 7, 7, 5, 5, 5, 4, 1), (7, 7, 5, 5, 5, 5, 4, 4),
        (7,) * 4 + (5,) * 4 + (4, 4), (7,) * 5 + (5,) * 3 + (4, 1), (7, 5, 4, 4, 4),
        (7, 4, 4, 4), (7, 7, 5, 5, 6, 4, 4, 1), (7, 7, 6, 4, 4, 1), (7, 7, 7, 5, 5, 6, 4, 4, 4)),
        "Phi(7) has infinite order in Q_7 (every pair i < j told apart above), so Q_7 is "
        "infinite; so has Phi(5) (5^i from 5^j by the last eight families: y = 7^j + 4^3 or "
        "7^(j+1) + 6 + 4^3 for odd j - i, y = 7^j + 6 + 4^2 + 1 or 7^(j+1) + 6 + 4^2 + 1 for "
        "even j - i, "
        "by the parity of j)"),
    Bounty("0.3312", 14, 70, dict(counters=(14, 8, 11), sums=((0,), (1, 2), (2,)), exact_a=12,
                                  b_max=12), (
        ("14^(2t) + 12^2 + 2, t >= 0", (12, 12, 2), 0, 0, 0, 2, False, _ONE),
        ("14^(1+2t) + 12^2 + 2, t >= 0", (12, 12, 2), 0, 0, 1, 2, True, _ONE),
        ("5 + 1", (5, 1), 0, 0, 0, 0, True, _ONE),
        ("14^(2+2t) + 5 + 1, t >= 0", (5, 1), 0, 0, 2, 2, False, _ONE),
        ("14 + 13 + 3", (13, 3), 0, 0, 1, 0, True, _ONE),
        ("14^(3+2t) + 13 + 3, t >= 0", (13, 3), 0, 0, 3, 2, False, _ONE),
        ("14^(i+2) + 8^i + 12 + 3, i >= 0", (12, 3), 0, None, 2, 0, True, _EIGHTS),
        ("14^(i+4+2t) + 8^i + 12 + 3, i, t >= 0", (12, 3), 0, None, 4, 2, False, _EIGHTS),
    ), ((12, 12, 2), (14, 12, 12, 2), (5, 1), (14, 14, 5, 1), (14, 13, 3), (14,) * 3 + (13, 3),
        (14, 14, 12, 3), (14,) * 4 + (12, 3), (14,) * 3 + (8, 12, 3), (14,) * 5 + (8, 12, 3)),
        "Phi(14) has infinite order in Q_14 (every pair i < j told apart above), so Q_14 is "
        "infinite"),
    Bounty("0.3123", 12, 43, dict(counters=(11, 2, 9), groups=((11,), (2, 4), (9,)),
                                  sums=((0,), (1, 2), (2,)), exact_a=10, b_max=14,
                                  limits=((12, 1),)), (
        ("12 + 11^(2t) + 3, t >= 0", (12, 3), 0, 0, 0, 2, True, _ONE),
        ("12 + 11^(1+2t) + 3, t >= 0", (12, 3), 0, 0, 1, 2, False, _ONE),
        ("12 + 11^i + 2^i + 6^2, i >= 0", (12, 6, 6), 0, None, 0, 0, True, _TWOS),
        ("12 + 11^(i+2+2t) + 2^i + 6^2, i, t >= 0", (12, 6, 6), 0, None, 2, 2, False, _TWOS),
    ), ((12, 3), (12, 11, 3), (12, 11, 11, 3), (12, 6, 6), (12, 11, 11, 6, 6), (12, 11, 2, 6, 6),
        (12, 11, 11, 11, 2, 6, 6)),
        "Phi(12) Phi(11)^i are pairwise distinct in Q_12 (every pair i < j told apart above), so "
        "Phi(11) has infinite order and Q_12 is infinite"),
)}


def main(argv: list[str]) -> int:
    code = argv[0] if argv and not argv[0].startswith("-") else "0.3102"
    bounty = BOUNTIES.get(code)
    if bounty is None:
        print(f"no proof for {code!r}; known: {', '.join(BOUNTIES)}")
        return 2
    rest = argv[1:] if argv and argv[0] == code else argv
    return run(__doc__, rest, bounty.stored, bounty.claim, bounty.families, bounty.searched,
               bounty.scope, bounty.conclusion)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
