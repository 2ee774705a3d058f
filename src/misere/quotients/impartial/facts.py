"""Quotients proved infinite: answered from the proof before any search (issue 21, item 2).

A finitely generated commutative monoid is infinite iff some generator has infinite order, and a
heap value of infinite order in the partial quotient ``Q_n`` keeps it in every ``Q_m``, ``m >= n``
(the positions telling its powers apart use heaps ``<= n`` only). So once ``Φ(n)`` is proved of
infinite order, ``misere quotient CODE --max-heap m`` for ``m >= n`` computes the quotient up to
heap ``n - 1`` and states the proof for heap ``n`` instead of searching for a finite candidate
that does not exist.

A code whose heap of one token has no move is, heap for heap, another code shifted by one
(:func:`~misere.impartial.octal.shifted_code`: 0.4 is 0.07 and 0.07 is 0.137 one heap down), so
a proof for one code answers every code on its chain of shifts.

The proofs are certificates checked from the rules alone (:mod:`~misere.quotients.impartial.
counters`); the tests re-check the stored one (``tests/quotients/impartial/test_counters.py``).
"""
from __future__ import annotations

from dataclasses import dataclass

from misere.errors import RulesetError
from misere.impartial.octal import format_octal, parse_octal, shifted_code

__all__ = ["InfiniteQuotient", "INFINITE", "infinite_from"]


@dataclass(frozen=True)
class InfiniteQuotient:
    """``Q_heap`` of ``code`` is infinite: some ``Φ(h)``, ``h <= heap``, has infinite order, by ``proof``."""

    code: str
    heap: int
    proof: str
    reproduce: str

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "infinite_from_heap": self.heap, "proof": self.proof,
                "reproduce": self.reproduce}


#: proved infinite partial quotients, by the digits of their code (or the game's name)
INFINITE: dict[tuple[int, ...] | str, InfiniteQuotient] = {
    (0, 0, 7): InfiniteQuotient(
        "0.07", 34,
        "Phi(34) has infinite order: the outcome of every position 34^a 30^b v (v of the other "
        "heaps) is a table over 52 coarse states of (a, b) and a 1,504-element monoid for v, "
        "checked from the rules of 0.07 by the outcome recursion (counter certificate, "
        "misere.quotients.impartial.counters); ten infinite families of one outcome each then "
        "tell every two powers of 34 apart, e.g. 34^i + 33 + 30^(i-3) + 25 + 14 is N and "
        "34^(i+2t) + 33 + 30^(i-3) + 25 + 14 is P for all i >= 3, t >= 1",
        "python benchmarks/dawson_infinite.py --from-store"),
    (0, 3, 1, 0, 2): InfiniteQuotient(
        "0.3102", 12,
        "Phi(12) has infinite order: the outcome of every position 12^a 7^b v (v of the other "
        "heaps) is a table over 17 coarse states of (a, b) and a 54-element monoid for v, checked "
        "from the rules of 0.3102 by the outcome recursion (counter certificate, "
        "misere.quotients.impartial.counters); four infinite families of one outcome each then "
        "tell every two powers of 12 apart: 12^j + 3 is P for even j, N for odd j, and "
        "12^i + 7^i + 10 is N, 12^(i+2+2t) + 7^i + 10 P for all i, t >= 0",
        "python benchmarks/bounty_infinite.py --from-store"),
    (0, 3, 1, 2, 2): InfiniteQuotient(
        "0.3122", 7,
        "Phi(7) has infinite order: the outcome of every position 7^a 5^b v (v of the heaps 1, 2, "
        "3, 4, 6) is a table over 97 coarse states of (a, b) (period 4) and a 40-element monoid "
        "for v, checked from the rules of 0.3122 by the outcome recursion (counter certificate, "
        "misere.quotients.impartial.counters); six infinite families of one outcome each then "
        "tell every two powers of 7 apart: 7^j + 3 is P for even j, N for odd j, and "
        "7^i + 5^(i+2) + 4 + 4 is P, 7^(i+2+2t) + 5^(i+2) + 4 + 4 N for all even i and t >= 0 "
        "(4 + 1 instead of 4 + 4 for odd i)",
        "python benchmarks/bounty_infinite.py 0.3122 --from-store"),
    (0, 3, 3, 1, 2): InfiniteQuotient(
        "0.3312", 14,
        "Phi(14) has infinite order: the outcome of every position 14^a 8^b 11^c v (v of the "
        "other heaps) is a table over 280 coarse states of (a, b + c, c) (three counts: it "
        "depends on a - b - c) and a 184-element monoid for v, checked from the rules of 0.3312 "
        "by the outcome recursion (counter certificate, misere.quotients.impartial.counters); "
        "eight infinite families of one outcome each then tell every two powers of 14 apart: "
        "14^j + 12^2 + 2 is N for even j, P for odd j, and 14^(i+2) + 8^i + 12 + 3 is P, "
        "14^(i+4+2t) + 8^i + 12 + 3 N for all i, t >= 0 (and 5 + 1, 14 + 13 + 3 for i = 0, 1)",
        "python benchmarks/bounty_infinite.py 0.3312 --from-store"),
    (0, 3, 1, 2, 3): InfiniteQuotient(
        "0.3123", 12,
        "Phi(11) has infinite order: the outcome of every position 12^e 11^a + p heaps of 2 or 4 "
        "+ 9^q + v with e <= 1 (no move adds a heap of 12; v of the heaps 1, 3, 5, 6, 7, 8, 10) "
        "is a table over 180 coarse states of (a, p + q, q) (three counts: it depends on "
        "a - p - q) and a 151-element monoid for 12^e v, checked from the rules of 0.3123 by the "
        "outcome recursion (counter certificate, misere.quotients.impartial.counters); four "
        "infinite families of one outcome each then tell every two elements Phi(12) Phi(11)^i "
        "apart: 12 + 11^j + 3 is P for even j, N for odd j, and 12 + 11^i + 2^i + 6 + 6 is P, "
        "12 + 11^(i+2+2t) + 2^i + 6 + 6 N for all i, t >= 0",
        "python benchmarks/bounty_infinite.py 0.3123 --from-store"),
    "grundy": InfiniteQuotient(
        "grundy", 29,
        "Phi(25) has infinite order: in the positions with at most two heaps of 29, two of size "
        ">= 28 and three of size >= 26 (a domain no move leaves), the outcome of 25^a + b heaps "
        "of sizes 13/16/19/22 + v is a table over 17 coarse states of (a, b) and a 313-element "
        "monoid for v, checked from the rules of Grundy's game by the outcome recursion (counter "
        "certificate, misere.quotients.impartial.counters); four pairs of infinite families then "
        "tell every two powers of 25 apart, e.g. 25^i + 13^i + 29^2 + 27 + 18 is N and "
        "25^(i+2+2t) + 13^i + 29^2 + 27 + 18 is P for all i >= 2, t >= 0",
        "python benchmarks/grundy_infinite.py --from-store"),
}


def shift_chain(code: str, steps: int = 8) -> list[str]:
    """``code`` and its shifts: heap ``n`` of ``code`` is heap ``n - s`` of entry ``s``.

    >>> shift_chain("0.4")
    ['0.4', '0.07', '0.137']
    """
    chain = [format_octal(parse_octal(code))]
    while len(chain) <= steps:
        nxt = shifted_code(chain[-1])
        if nxt is None:
            break
        chain.append(nxt)
    return chain


def infinite_from(code: str) -> InfiniteQuotient | None:
    """The proof that ``code``'s partial quotients are infinite from some heap on, if known.

    Direct, or through a shift (:func:`shift_chain`): if heap ``n`` of ``code`` is heap
    ``n - s`` of a code also reached from a proved one by ``t`` shifts, the proved heap ``h``
    becomes ``h + s - t``.

    >>> infinite_from("0.07").heap, infinite_from(".07").heap, infinite_from("0.77") is None
    (34, 34, True)
    >>> infinite_from("0.4").heap, infinite_from("0.137").heap
    (35, 33)
    >>> infinite_from("0.3102").heap, infinite_from(".3312").heap
    (12, 14)
    >>> infinite_from("0.3122").heap, infinite_from(".3123").heap
    (7, 12)
    >>> infinite_from("grundy").heap, infinite_from("pascal-beans") is None
    (29, True)
    """
    named = INFINITE.get(code.strip().lower())
    if named is not None:  # a game given by its name (Grundy's game), not by a code
        return named
    try:
        chain = shift_chain(code)
    except RulesetError:
        return None
    mine = {c: s for s, c in enumerate(chain)}
    for key, known in INFINITE.items():
        if isinstance(key, str):
            continue  # no code, no shifts
        for t, c in enumerate(shift_chain(known.code)):
            if c in mine:
                s = mine[c]
                if s == t:
                    return known
                heap = known.heap + s - t
                via = (f"heap n of {chain[0]} is heap n{t - s:+d} of "
                       f"{known.code} (misere.impartial.octal.shifted_code: shifting every heap "
                       f"by one token maps the moves of one code onto the other's); ")
                return InfiniteQuotient(chain[0], heap,
                                        via + "for " + known.code + ": " + known.proof,
                                        known.reproduce)
    return None
