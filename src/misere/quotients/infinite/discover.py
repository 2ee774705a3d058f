"""Infinite partial quotients found by the engine itself, from its recalibration rounds.

When a heap ``n`` has an infinite partial quotient, the engine's presentation change never ends:
each round frees a heap again, and the least failures repeat with growing exponents (e.g.
``12^a 7^b 10`` for 0.3102 at heap 12, ``7^a 5^b ...`` for 0.3122 at heap 7). :class:`Watcher`
follows the rounds (the solver's ``on_failure`` hook) and, whenever a heap comes back in a
least failure with an exponent (at least ``min_power``) above two smaller ones it had in earlier
failures of the heap (``12^3``, ``12^4``, then ``12^5``: growing exponents), reads claims off the
round's candidate, which is exact on every word colex-below its failure (in a change resumed
from a checkpoint the earlier failures are unknown: there an exponent of at least
``min_power`` counts as grown at once). A claim the check from
the rules refused is read again in a later round only once the exponent it reads (``exact_a``)
has grown: the failures cycle through a few words per growth of the exponent (six rounds for
0.07 at heap 34), and each refusal costs a check from the rules (some 25 CPU s there); a shape
that found no fitting windows is read again in every round (the candidate improves: 0.446 at
heap 12 settles at round 7, with 152 elements, within the census's bound of 200; reading such
shapes again only once ``exact_a`` grows, it settled at round 11, with 256 elements). The
shapes:

* the counted heaps are the most repeated heaps of the failure (ordered pairs of the two most
  repeated with each of the next ones; then, with three heaps repeated at least three times,
  triples read through the nested sums ``#c1, #c2 + #c3, #c3`` or alone);
* a counted heap is counted together with the heaps that take its place in the failures of
  the rounds before (:func:`interchangeable`: Grundy's game cycles ``13^4, 16^4, 19^4, 22^4``
  beside the same other heaps); such a count's data are read along its size most repeated
  in the failure, then (two counts only) along its size least repeated there (Grundy's claim
  is read along 13 in the round whose failure holds ``16^4``: the failure's own powers are
  inexact);
* the heaps that were the most repeated beside a counted heap in the failures before
  (:func:`partners`) give three counts through nested sums (0.3123 at heap 12: ``#11``,
  ``#{2, 4} + #9``, ``#9``), and, where one class is the only partner, two parts of it
  counted apart: its sizes of equal value in the candidate (0.036 at heap 16: ``#11``,
  ``#{4, 5, 10} + #7``, ``#7``), then its single sizes (0.3312 at heap 14: ``#14``,
  ``#8 + #11``, ``#11``);
* each shape is tried as it is and, with period 2, in the domain the failure suggests
  (:func:`_domain`: for each size above half the heap, at most as many heaps that large as the
  failure has, e.g. at most one heap of 12 for 0.3123);
* with two counts, when no window fits the powers ``c1^a`` with ``a`` below the failure's
  exponent, or the claim does not tell the powers apart, the data are read with one power
  more before the shape is given up (Grundy's game at heap 29; with three counts the window
  search alone costs seconds);
* the data are the candidate's outcomes with fewer heaps ``c1`` than the failure has
  (:func:`~misere.quotients.impartial.counters_data.build_certificate`, which fits the least
  windows), for the periods 2, 4 and 6;
* last, the most repeated heap against all the heaps that came back beside it with an
  exponent of 3 or more, each with its own weight (:mod:`.weighted`: 0.2264 at heap 19).

Each claim is then proved or refused by :func:`~.proof.prove` (the counter theorem from the
rules, then the separation lemma), so a wrong guess costs time, never correctness. The first
proof ends the heap: :class:`~misere.quotients.impartial.driver.HeapSettled`. Candidates of more
than :data:`MAX_CANDIDATE` elements are not read (each claim off them costs minutes).
"""
from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from misere import budget
from misere.errors import BudgetExceededError
from misere.quotients.impartial.driver import HeapSettled

if TYPE_CHECKING:  # the proof machinery (numpy) loads at the first claim tried
    from misere.quotients.infinite.proof import InfiniteProof

__all__ = ["Watcher", "proposals", "interchangeable", "partners", "told_apart", "round_candidate",
           "PERIODS", "MAX_CANDIDATE"]

#: failures of earlier rounds that suggest interchangeable heaps
HISTORY = 12
#: periods tried for the coarse state (0.3122 at heap 7 needs 4)
PERIODS = (2, 4, 6)
#: the counts of the second heap read with two counts
PAIR_B = 30
#: the largest window searched with three counts (0.3312 at heap 14 needs 7)
TRIPLE_WINDOW = 8
#: the largest candidate claims are read off (0.3123's, at round 32 of heap 12, has 122,834
#: elements; reading claims off 0.16's 2,399,818-element candidate at heap 19 took over ten
#: minutes a round without a claim)
MAX_CANDIDATE = 1_000_000
#: nested sums tried with three counts (0.3312 at heap 14: ``#14, #8 + #11, #11``)
_CHAIN = ((0,), (1, 2), (2,))


def interchangeable(failures: Sequence[Counter]) -> dict[int, frozenset[int]]:
    """Heaps that take each other's place in the least failures: ``g ~ g'`` when two failures
    are the same multiset but for ``g^e`` in one and ``g'^e`` in the other (Grundy's game at heap
    29 cycles ``13^4, 16^4, 19^4, 22^4`` beside the same other heaps). Classes of the closure.

    >>> from collections import Counter
    >>> f = [Counter({13: 4, 25: 3, 29: 2}), Counter({16: 4, 25: 3, 29: 2}), Counter({7: 1})]
    >>> sorted(interchangeable(f)[16])
    [13, 16]
    >>> interchangeable([Counter({12: 5, 7: 6}), Counter({12: 6, 7: 5})])
    {}
    """
    parent: dict[int, int] = {}

    def root(h: int) -> int:
        while parent.get(h, h) != h:
            h = parent[h]
        return h

    for f, g in itertools.combinations(failures, 2):
        only_f, only_g = set(f) - set(g), set(g) - set(f)
        if len(only_f) == 1 and len(only_g) == 1 and all(f[h] == g[h] for h in set(f) & set(g)):
            (a,), (b,) = only_f, only_g
            if f[a] == g[b]:
                parent[root(a)] = root(b)
    classes: dict[int, set[int]] = {}
    for h in parent:
        classes.setdefault(root(h), set()).add(h)
    return {h: frozenset(c | {r}) for r, c in classes.items() for h in c | {r}}


def _domain(failure: Counter, counted: set[int], heap: int) -> tuple[tuple[int, int], ...]:
    """The domain a failure suggests: for each size ``t`` above half the heap and above every
    counted size, at most as many uncounted heaps ``>= t`` as the failure has (then no move
    adds a heap that large; the check makes sure); only the bounds not implied by a lower
    ``t`` are kept (Grundy's game at heap 29, failure ``29^2 27 25^3 18 16^4 3`` counting 25
    and 16: at most two heaps ``>= 28`` and three ``>= 26``).

    >>> _domain(Counter({29: 2, 27: 1, 25: 3, 18: 1, 16: 4, 3: 1}), {25, 16}, 29)
    ((28, 2), (26, 3))
    >>> _domain(Counter({11: 6, 2: 5, 12: 1, 6: 1}), {11, 2, 4, 9}, 12)
    ((12, 1),)
    """
    low = max(heap // 2, max(counted))  # a counted heap above t could move into the count
    if not any(h > low and h not in counted for h in failure):
        return ()
    out, last = [], None
    for t in range(low + 1, heap + 1):
        k = sum(e for h, e in failure.items() if h >= t and h not in counted)
        if k != last:
            out.append((t, k))
            last = k
    return tuple(reversed(out))


def partners(failures: Sequence[Counter], c1: int, same: dict[int, frozenset[int]]
             ) -> list[frozenset[int]]:
    """The classes of heaps (:func:`interchangeable`) that were the most repeated heap beside
    ``c1`` in the failures where ``c1`` was one of the two most repeated, latest first (0.3123
    at heap 12 cycles ``11^a`` with ``2^b``, ``4^b`` and ``9^b``: the classes ``{2, 4}``, ``{9}``).

    >>> from collections import Counter
    >>> f = [Counter({11: 5, 2: 7, 12: 1}), Counter({11: 5, 4: 7, 12: 1}), Counter({11: 6, 9: 7})]
    >>> [sorted(c) for c in partners(f, 11, {2: frozenset({2, 4}), 4: frozenset({2, 4})})]
    [[9], [2, 4]]
    """
    out: list[frozenset[int]] = []
    for f in reversed(failures):
        top = [h for h, e in sorted(f.items(), key=lambda t: (-t[1], -t[0]))[:2] if e >= 2]
        if c1 in top and len(top) == 2:
            (h,) = set(top) - {c1}
            cls = same.get(h, frozenset((h,)))
            if cls not in out and c1 not in cls:
                out.append(cls)
    return out


def _split(cls: frozenset[int], phi: Sequence[int] | None) -> list[frozenset[int]]:
    """A class of interchangeable heaps cut into the sizes of equal value in the candidate
    (``phi``; ``None``: every size apart), largest part first.

    >>> [sorted(p) for p in _split(frozenset({4, 5, 7, 10}), [0, 0, 1, 1, 2, 2, 0, 3, 1, 1, 2])]
    [[4, 5, 10], [7]]
    """
    parts: dict[int, set[int]] = {}
    for h in sorted(cls):
        parts.setdefault(h if phi is None else phi[h], set()).add(h)
    return sorted((frozenset(p) for p in parts.values()), key=lambda p: (-len(p), min(p)))


def proposals(failure: tuple[int, ...], history: Sequence[Counter] = (), heap: int | None = None,
              top: int = 4, phi: Sequence[int] | None = None) -> Iterator[dict[str, Any]]:
    """Shapes of claims (``build_certificate``'s arguments) suggested by a least failure and
    the failures of the rounds before it, the likeliest first (``phi``: the candidate's values
    of the heaps, which cut a class of interchangeable heaps into parts of equal value).

    >>> list(dict.fromkeys(p["counters"] for p in proposals((12, 12, 12, 7, 7, 10))))[:3]
    [(12, 7), (12, 10), (7, 12)]
    """
    mult = Counter(failure)
    heap = heap or max(failure)
    failures = [*history, mult]
    same = interchangeable(failures)
    heaps = [h for h, _ in sorted(mult.items(), key=lambda t: (-t[1], -t[0]))][:top]

    def shaped(groups: Sequence[frozenset[int]], **kw: Any) -> Iterator[dict[str, Any]]:
        counted = {h for g in groups for h in g}
        if len(counted) != sum(map(len, groups)):
            return  # two counts share a size
        # each count's data are read along its size most repeated in the failure, then, with
        # two counts, along its size least repeated there (Grundy's game at heap 29: the
        # failure's 16^4 is inexact, 13 beside it is read exactly); three counts are read once
        # (each window search costs seconds: read twice, 0.3123's claims doubled)
        most = tuple(max(sorted(g), key=lambda h: mult[h]) for g in groups)
        least = (tuple(min(sorted(g), key=lambda h: mult[h]) for g in groups)
                 if len(groups) == 2 else most)
        sets = tuple(tuple(sorted(g)) for g in groups)
        grouped = dict(groups=sets) if any(len(g) > 1 for g in sets) else {}
        domain = _domain(mult, counted, heap) if kw.get("period") == 2 else ()
        for counters in dict.fromkeys((most, least)):
            for limits in ((), domain) if domain else ((),):  # a domain costs a walk over X
                extra = dict(limits=limits) if limits else {}
                yield dict(counters=counters, exact_a=max(mult[counters[0]] - 1, 1), **grouped,
                           **extra, **kw)

    def cls(h: int) -> frozenset[int]:
        return same.get(h, frozenset((h,)))

    for c1 in heaps[:2]:
        for c2 in heaps:
            if c2 != c1:
                for period in PERIODS:
                    yield from shaped((frozenset((c1,)), cls(c2)), period=period, b_max=PAIR_B)
    for c1 in heaps[:2]:  # three counts: the window search grows as the sixth power
        near = partners(failures, c1, same)[:3]
        # two partner classes; with only one, two parts of it counted apart (three counts cost
        # a window search of seconds, so not beside two classes): first its parts of equal
        # value (0.036 at heap 16 cycles 11^a beside 4^b, 5^b, 7^b, 10^b; its claim reads
        # #4/5/10 + #7, #7: 4, 5 and 10 have one value, 7 another), then its single sizes
        # (0.3312 at heap 14 cycles 14^a beside 8^b and 11^b; its claim reads #8 + #11, #11)
        pairs = list(itertools.permutations(near, 2)) or list(dict.fromkeys(
            pair for k in near if len(k) > 1
            for parts in (_split(k, phi), _split(k, None)) if len(parts) > 1
            for pair in itertools.permutations(parts, 2)))
        for a, b in pairs:
            for sums in (_CHAIN, None):
                yield from shaped((frozenset((c1,)), a, b), period=2, sums=sums, b_max=12,
                                  max_window=TRIPLE_WINDOW)
    repeated = [h for h in heaps if mult[h] >= 3]
    if len(repeated) >= 3:
        for sums in (_CHAIN, None):
            yield from shaped(tuple(cls(h) for h in repeated[:3]), period=2, sums=sums, b_max=12,
                              max_window=TRIPLE_WINDOW)


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
    shapes : bool
        Read the shapes of :func:`proposals` (default); ``False`` reads the weighted claims
        only (a sweep of codes whose other shapes were refused before).
    """

    def __init__(self, code: str, min_power: int = 4,
                 tick: Callable[[str], None] | None = None, shapes: bool = True) -> None:
        self.code, self.min_power, self.tick = code, min_power, tick
        self.shapes = shapes  # False: the weighted claims only (:meth:`weighted`)
        self.tried = 0
        self.seconds = 0.0
        self.heap, self.history = 0, []  # the failures of the rounds of the current heap
        self.seen: dict[int, set[int]] = {}  # each heap's exponents in the failures so far
        self.done: set[tuple] = set()  # shapes refused by the check at this heap (with exact_a)

    def __call__(self, cand: Any, failure: tuple[int, ...]) -> None:
        mult = Counter(failure)
        if self.heap != cand.heap:
            self.heap, self.history, self.seen, self.done = cand.heap, [], {}, set()
        # a change resumed from a checkpoint: the failures of its earlier rounds are not known,
        # so a large enough exponent is taken as grown at once
        resumed = not self.history and cand.round > 2 * self.min_power
        self.history = (self.history + [mult])[-HISTORY:]
        grown = [h for h, e in mult.items()
                 if e >= self.min_power and (resumed or len(
                     {x for x in self.seen.get(h, ()) if 2 <= x < e}) >= 2)]
        for h, e in mult.items():
            self.seen.setdefault(h, set()).add(e)
        if not grown or len(cand.is_p) > MAX_CANDIDATE:
            return  # claims are read when a heap's exponent has grown twice: e.g. 12^3, 12^4, 12^5
        for shape in proposals(failure, self.history[:-1], cand.heap,
                               phi=cand.phi) if self.shapes else ():
            key = tuple(sorted((k, repr(v)) for k, v in shape.items()))
            if key in self.done:
                continue  # refused in an earlier round: again once its exact_a has grown
            if self.settle(lambda: self.attempt(cand, shape)) is not None:
                self.done.add(key)  # checked from the rules and refused: the costly case
        self.weighted(cand, mult)

    def weighted(self, cand: Any, mult: Counter) -> None:
        """Try the weighted claim (:mod:`.weighted`) of each of the two most repeated heaps
        against its partners, once per growth of its exponent: after the shapes above, which
        it generalises at a higher cost (a weight test per partner). A partner may be the most
        repeated heap of a failure (0.2264 at heap 19 fails at ``19^19 4^21``), so both are
        tried."""
        from misere.quotients.infinite.weighted import partners, weighted_claim

        for c in sorted(mult, key=lambda h: (-mult[h], -h))[:2]:
            exact_a = mult[c] - 1
            for others in partners(self.seen, c):
                key = ("weighted", c, others, exact_a)
                if exact_a < 2 or key in self.done:
                    continue
                self.done.add(key)
                how = f"counting {c} against {', '.join(map(str, others))} with weights"

                def read(c: int = c, others: tuple = others, exact_a: int = exact_a,
                         how: str = how) -> InfiniteProof | None:
                    cert = weighted_claim(self.code, cand, c, others, exact_a)
                    domain = _domain(mult, {c, *others}, cand.heap)
                    if cert is None and domain:  # 0.6007 at heap 17: at most one heap >= 12
                        cert = weighted_claim(self.code, cand, c, others, exact_a, domain)
                    if not told_apart(cert):
                        return None
                    window = f", count window {cert.count_window}" if cert.count_window else ""
                    window += f", period {cert.period}" if cert.period != 2 else ""
                    window += " in a domain" if cert.outside is not None else ""
                    return self.check(cand, cert, f"{how} {cert.weights}{window}",
                                      f"{c} weighted {cert.weights}{window}")
                if self.settle(read) is not None:
                    break  # checked from the rules and refused: fewer partners fit less

    def settle(self, read: Callable[[], InfiniteProof | None]) -> InfiniteProof | None:
        """Read and check one claim under the budget, its CPU time counted; the first proof
        settles the heap (:class:`~misere.quotients.impartial.driver.HeapSettled`). Returns a
        refused proof, or ``None`` when no claim was checked."""
        budget.check()
        t0 = time.process_time()
        try:
            proof = read()
        except BudgetExceededError:
            raise
        except (ValueError, KeyError, IndexError, MemoryError):
            proof = None  # a shape the candidate's data cannot take
        self.seconds += time.process_time() - t0
        if proof is not None and proof.ok:
            raise HeapSettled(proof)
        return proof

    def attempt(self, cand: Any, shape: dict[str, Any]) -> InfiniteProof | None:
        """Read one claim off ``cand`` and prove or refuse it."""
        from misere.quotients.impartial.counters_data import build_certificate

        self.tried += 1
        a = shape["exact_a"]
        for exact_a in (a, a + 1) if len(shape["counters"]) == 2 else (a,):  # three: seconds each
            # with too few powers of the first count no window fits, or the powers are not
            # told apart: read one power more (Grundy's game at heap 29)
            cert = build_certificate(self.code, cand, **{**shape, "exact_a": exact_a})
            if told_apart(cert):
                break
        else:
            return None
        return self.check(cand, cert, f"counting {shape['counters']}",
                          f"{shape['counters']} period {shape['period']}")

    def check(self, cand: Any, cert: Any, how: str, claim: str) -> InfiniteProof:
        """Prove ``cert``, read off ``cand`` as ``how`` says (kept in the proof's origin), and
        tick a line for the ``claim``."""
        from misere.quotients.infinite.proof import prove

        proof = prove(cert, f"claim read off round {cand.round} of heap {cand.heap} "
                            f"({len(cand.is_p)} elements), {how}")
        if self.tick is not None:
            self.tick(f"heap {cand.heap}: round {cand.round}: claim {claim}: {proof.reason}")
        return proof


def told_apart(cert: Any) -> bool:
    """Whether a claim (``None``: none fitted) tells the powers of some count apart; one that
    does not proves nothing, so it is not checked from the rules."""
    from misere.quotients.infinite.separation import separable_counts, separate

    return cert is not None and any(separate(cert, r).ok for r in separable_counts(cert))


def round_candidate(game: Any, heap: int, rounds: int) -> Any:
    """The engine's candidate after ``rounds`` recalibration rounds at ``heap`` (the quotients
    to ``heap - 1`` first), as a :class:`~misere.quotients.impartial.state.Pending`: where a
    claim is read from when its round is known."""
    from misere.errors import ComputationLimitError
    from misere.quotients.impartial.recalibrate import Limits
    from misere.quotients.impartial.solver import step
    from misere.quotients.impartial.state import SolverState

    limits = Limits(max_order=200_000, max_rounds=rounds + 1)
    st = SolverState.initial()
    while st.heap < heap - 1:
        st = step(game, st, limits)
    kept: list[Any] = []
    try:
        step(game, st, limits, on_round=kept.append)
    except ComputationLimitError:  # the change does not end: stopped by max_rounds
        pass
    return next(p for p in kept if p.round == rounds)
