"""Infinite partial quotients found by the engine itself, from its recalibration rounds.

When a heap ``n`` has an infinite partial quotient, the engine's presentation change never ends:
each round frees a heap again, and the least failures repeat with growing exponents (e.g.
``12^a 7^b 10`` for 0.3102 at heap 12, ``7^a 5^b ...`` for 0.3122 at heap 7). :class:`Watcher`
follows the rounds (the solver's ``on_failure`` hook) and, once a heap's exponent in the least
failure reaches ``min_power``, reads claims off the round's candidate, which is exact on every
word colex-below its failure:

* the counted heaps are the most repeated heaps of the failure (ordered pairs of the two most
  repeated with each of the next ones; then, with three repeated heaps, triples read alone or
  through the nested sums ``#c1, #c2 + #c3, #c3``);
* the data are the candidate's outcomes with fewer heaps ``c1`` than the failure has
  (:func:`~misere.quotients.impartial.counters_data.build_certificate`, which fits the least
  windows), for the periods 2, 4 and 6.

Each claim is then proved or refused by :func:`~.proof.prove` (the counter theorem from the
rules, then the separation lemma), so a wrong guess costs time, never correctness. The first
proof ends the heap: :class:`~misere.quotients.impartial.driver.HeapSettled`. Claims that need a
domain (Grundy's game at heap 29: at most two heaps of 29, ...) or sets of sizes counted
together are not proposed here; their certificates are stored (:mod:`.store`).
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from misere import budget
from misere.errors import BudgetExceededError
from misere.quotients.impartial.counters_data import build_certificate
from misere.quotients.impartial.driver import HeapSettled
from misere.quotients.infinite.proof import InfiniteProof, prove

__all__ = ["Watcher", "proposals", "PERIODS"]

#: periods tried for the coarse state (0.3122 at heap 7 needs 4)
PERIODS = (2, 4, 6)
#: nested sums tried with three counts (0.3312 at heap 14: ``#14, #8 + #11, #11``)
_CHAIN = ((0,), (1, 2), (2,))


def proposals(failure: tuple[int, ...], top: int = 4) -> Iterator[dict[str, Any]]:
    """Shapes of claims (``build_certificate``'s arguments) suggested by a least failure, the
    likeliest first.

    >>> list(dict.fromkeys(p["counters"] for p in proposals((12, 12, 12, 7, 7, 10))))[:3]
    [(12, 7), (12, 10), (7, 12)]
    """
    mult = Counter(failure)
    heaps = [h for h, _ in sorted(mult.items(), key=lambda t: (-t[1], -t[0]))][:top]
    firsts = heaps[:2]
    for c1 in firsts:
        for c2 in heaps:
            if c2 != c1:
                for period in PERIODS:
                    yield dict(counters=(c1, c2), exact_a=max(mult[c1] - 1, 1), period=period)
    repeated = [h for h in heaps if mult[h] >= 2]
    if len(repeated) >= 3:
        c = tuple(repeated[:3])
        for sums in (_CHAIN, None):
            for period in PERIODS[:2]:
                yield dict(counters=c, exact_a=max(mult[c[0]] - 1, 1), period=period, sums=sums,
                           b_max=12)


class Watcher:
    """The solver's ``on_failure`` hook that settles a heap once a claim is proved.

    Parameters
    ----------
    code : str
        The game's code (its rules are what the proof checks).
    min_power : int
        Least exponent of the most repeated heap of a failure before claims are tried.
    tick : callable, optional
        Receives a line per claim tried.
    """

    def __init__(self, code: str, min_power: int = 4,
                 tick: Callable[[str], None] | None = None) -> None:
        self.code, self.min_power, self.tick = code, min_power, tick
        self.tried = 0
        self.seconds = 0.0

    def __call__(self, cand: Any, failure: tuple[int, ...]) -> None:
        mult = Counter(failure)
        if not mult or max(mult.values()) < self.min_power:
            return
        for shape in proposals(failure):
            budget.check()
            t0 = time.process_time()
            try:
                proof = self.attempt(cand, shape)
            except BudgetExceededError:
                raise
            except (ValueError, KeyError, IndexError, MemoryError):
                proof = None  # a shape the candidate's data cannot take
            self.seconds += time.process_time() - t0
            if proof is not None and proof.ok:
                raise HeapSettled(proof)

    def attempt(self, cand: Any, shape: dict[str, Any]) -> InfiniteProof | None:
        """Read one claim off ``cand`` and prove or refuse it."""
        self.tried += 1
        cert = build_certificate(self.code, cand, **shape)
        if cert is None:
            return None
        proof = prove(cert, f"claim read off round {cand.round} of heap {cand.heap} "
                            f"({len(cand.is_p)} elements), counting {shape['counters']}")
        if self.tick is not None:
            self.tick(f"heap {cand.heap}: round {cand.round}: claim {shape['counters']} "
                      f"period {shape['period']}: {proof.reason}")
        return proof
