"""Independent brute-force cross-check of a misère quotient.

Seed 002 §5 defines the quotient through misère outcomes of sums; this module recomputes those
outcomes from the rules alone, by plain memoised recursion over positions written as sorted
tuples of heaps, and compares them with what the quotient predicts. It shares no code with the
solver: take-and-break codes are decoded here a second time, independently of
:mod:`misere.impartial.octal`.
"""
from __future__ import annotations

import re
import sys
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import comb, isqrt

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError
from misere.quotients.monoid.storage import column

__all__ = ["Certificate", "PackedOutcomes", "brute_force_outcomes", "cross_check", "code_moves",
           "rule_moves", "position_count", "refuse_hopeless", "CERTIFY_LIMIT"]

#: method string of certificates computed by :class:`PackedOutcomes`
PACKED = "memoised misère outcome recursion on positions packed as count vectors"

#: most positions a cross-check enumerates (measured: about 40 us and 200 bytes each)
CERTIFY_LIMIT = 1_000_000


@dataclass(frozen=True)
class Certificate:
    """Result of the brute-force cross-check.

    Attributes
    ----------
    bound : int
        Positions checked are all multisets of heaps with total weight at most ``bound``.
    weight : str
        What the weight counts (``"tokens"`` for heap sizes, ``"components"``).
    max_heap : int
        Largest single heap used.
    positions : int
        Number of positions compared.
    agreed : bool
        Whether every outcome matched.
    mismatch : tuple or None
        First position where they differ.
    method : str
        How the outcomes were computed.
    """

    bound: int
    weight: str
    max_heap: int
    positions: int
    agreed: bool
    mismatch: tuple[int, ...] | None
    method: str = "memoised misère outcome recursion on sorted heap tuples"

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"bound": self.bound, "weight": self.weight, "max_heap": self.max_heap,
                "positions": self.positions, "agreed": self.agreed,
                "mismatch": list(self.mismatch) if self.mismatch else None,
                "method": self.method}


def code_moves(code: str) -> Callable[[int], list[tuple[int, ...]]]:
    """Move function of a take-and-break code, decoded from scratch."""
    body = code.strip()
    if "." not in body:
        raise ValueError(f"bad code {code!r}")
    before, after = body.split(".", 1)
    tokens = re.findall(r"\[(\d+)\]|([0-9A-Fa-f])", before) + re.findall(r"\[(\d+)\]|([0-9A-Fa-f])", after)
    if not before:
        tokens = [("0", "")] + tokens
    digits = [int(a) if a else int(b, 16) for a, b in tokens]

    def splits(total: int, parts: int, low: int) -> Iterator[tuple[int, ...]]:
        if parts == 0:
            if total == 0:
                yield ()
            return
        for first in range(low, total + 1):
            if first * parts > total:
                break
            for rest in splits(total - first, parts - 1, first):
                yield (first,) + rest

    def moves(heap: int) -> list[tuple[int, ...]]:
        out: set[tuple[int, ...]] = set()
        for take, digit in enumerate(digits):
            left = heap - take
            if left < 0:
                break
            for parts in range(0, 12):
                if not (digit >> parts) & 1:
                    continue
                if parts == 0 and left != 0:
                    continue
                if take == 0 and parts < 2:
                    continue
                out.update(splits(left, parts, 1))
        return sorted(out)

    return moves


def rule_moves(code: str) -> Callable[[int], list[tuple[int, ...]]]:
    """Move function of a heap ruleset decoded from scratch: ``"grundy"`` (Grundy's game: a
    heap splits into two unequal non-empty heaps) or a take-and-break code (:func:`code_moves`).

    >>> rule_moves("grundy")(7), rule_moves("grundy")(2)
    ([(1, 6), (2, 5), (3, 4)], [])
    """
    if code.strip().lower() == "grundy":
        return lambda heap: [(k, heap - k) for k in range(1, (heap + 1) // 2)]
    return code_moves(code)


def brute_force_outcomes(moves: Callable[[int], list[tuple[int, ...]]]) -> Callable[[tuple[int, ...]], bool]:
    """Return ``is_p(position)``: misère P-position test by exhaustive recursion."""
    memo: dict[tuple[int, ...], bool] = {}
    opts: dict[int, list[tuple[int, ...]]] = {}

    def heap_opts(h: int) -> list[tuple[int, ...]]:
        if h not in opts:
            opts[h] = [tuple(x for x in o if x) for o in moves(h)]
        return opts[h]

    def is_p(pos: tuple[int, ...]) -> bool:
        if pos in memo:
            return memo[pos]
        any_move = False
        result = True
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1:]
            for o in heap_opts(h):
                any_move = True
                if is_p(tuple(sorted(rest + o))):
                    result = False
                    break
            if not result:
                break
        memo[pos] = result and any_move
        return memo[pos]

    return is_p


class PackedOutcomes:
    """Misère P-position test on positions packed into integers (count vectors).

    A position (multiset of heaps ``1..top``) is the integer ``sum(c_h << w(h-1))`` with ``w``
    bits per heap size; a move replacing heap ``h`` by the heaps of an option adds the
    precomputed ``delta = sum(1 << w(p-1)) - (1 << w(h-1))``. Outcomes are memoised by that
    integer: P iff the position has a move and every option is N (the misère rule, seed 002
    §2). Only the rules ``moves`` are used; nothing comes from the solver.

    Parameters
    ----------
    moves : callable
        Options of one heap (tuples of heaps; zeros are dropped).
    top : int
        Largest heap size a position may contain; every option of a heap ``h <= top`` must
        consist of heaps ``<= h`` with at most ``h`` tokens in all (else ``ValueError``).
    tokens : int
        Largest number of tokens of a position (sizes the bit fields).
    """

    def __init__(self, moves: Callable[[int], list[tuple[int, ...]]], top: int, tokens: int) -> None:
        self.w = max(tokens, 1).bit_length() + 1
        self.top = top
        self.memo: dict[int, bool] = {0: False}
        #: per heap size ``h`` (index ``h - 1``): the key changes of its options
        self._deltas: list[tuple[int, ...]] = []
        for h in range(1, top + 1):
            deltas = []
            for o in moves(h):
                parts = [x for x in o if x]
                if any(x > h for x in parts) or sum(parts) > h:
                    raise ValueError(f"heap {h} has an option {tuple(o)} that is not smaller")
                deltas.append(sum(1 << (self.w * (x - 1)) for x in parts) - (1 << (self.w * (h - 1))))
            self._deltas.append(tuple(deltas))

    def key(self, pos: tuple[int, ...]) -> int:
        """Packed form of a position."""
        return sum(1 << (self.w * (h - 1)) for h in pos)

    def position(self, key: int) -> tuple[int, ...]:
        """The heaps of a packed position, increasing (inverse of :meth:`key`)."""
        mask = (1 << self.w) - 1
        return tuple(h for h in range(1, self.top + 1) for _ in range((key >> (self.w * (h - 1))) & mask))

    def is_p(self, key: int) -> bool:
        """Whether the packed position ``key`` is a misère P-position (the heap sizes present
        are found from the lowest set bit up, so absent sizes cost nothing)."""
        memo = self.memo
        r = memo.get(key)
        if r is not None:
            return r
        moved = False
        w, all_deltas = self.w, self._deltas
        rest = key
        while rest:
            i = ((rest & -rest).bit_length() - 1) // w  # the smallest heap size present, minus 1
            rest >>= w * (i + 1)
            rest <<= w * (i + 1)  # that size's field cleared
            deltas = all_deltas[i]
            if deltas:
                moved = True
                for d in deltas:
                    k2 = key + d
                    r2 = memo.get(k2)
                    if r2 is None:
                        r2 = self.is_p(k2)
                    if r2:
                        memo[key] = False
                        return False
        memo[key] = moved
        return moved


def _multisets(heaps: list[int], weights: dict[int, int], bound: int) -> Iterator[tuple[int, ...]]:
    def rec(start: int, left: int, acc: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        yield acc
        for i in range(start, len(heaps)):
            w = weights[heaps[i]]
            if w <= left:
                yield from rec(i, left - w, acc + (heaps[i],))
    yield from rec(0, bound, ())


Model = tuple[Sequence[Sequence[int]], Sequence[bool], Sequence[int], int]


class _Mismatch(Exception):
    """The packed key of a position where prediction and brute force differ."""


def _check_packed(model: Model, moves, heaps: list[int], bound: int, by_tokens: bool
                  ) -> tuple[int, tuple[int, ...] | None]:
    """Walk the multisets of ``heaps`` (``1..top``) within ``bound`` in increasing packed key,
    with the predicted value alongside; return ``(count, first mismatch or None)``.

    An option of a position has a smaller key (its heaps are smaller) and no more tokens, so
    in this order the outcomes of the options of a token-bounded position are all known when
    it is reached: the brute force is one pass without recursion. The order: the empty
    position, then for each heap ``h`` (increasing) and count ``c >= 1`` of it, ``h^c`` plus
    every multiset of smaller heaps (recursively, in the same order).
    """
    table, p_mask, phi, identity = model
    pm = [bool(b) for b in p_mask]
    weights = [h if by_tokens else 1 for h in heaps]
    total = bound * (max(heaps) if not by_tokens else 1)
    oracle = PackedOutcomes(moves, max(heaps), total)
    bits = [1 << (oracle.w * (h - 1)) for h in heaps]
    cols = [column(table, int(phi[h])) for h in heaps]  # x -> x * Phi(h); columns only
    is_p = oracle.is_p
    seen = [0]

    def walk(j: int, left: int, key: int, x: int) -> None:
        """Check ``key`` and every position adding heaps ``heaps[0..j]`` within ``left``."""
        seen[0] += 1
        if is_p(key) != pm[x]:
            raise _Mismatch(key)
        if not seen[0] & 1023:
            budget.check()
        for i in range(j + 1):
            wt = weights[i]
            if wt > left:
                break  # weights do not decrease
            b, col = bits[i], cols[i]
            k2, x2, l2 = key, x, left
            while l2 >= wt:
                l2 -= wt
                k2 += b
                x2 = col[x2]
                walk(i - 1, l2, k2, x2)

    try:
        walk(len(heaps) - 1, bound, 0, int(identity))
    except _Mismatch as bad:
        return seen[0], oracle.position(bad.args[0])
    return seen[0], None


#: work (heap sizes times bound) above which :func:`_token_counts` runs with numpy
TOKEN_COUNT_WORK = 200_000


def _token_counts(n_heaps: int, top: int) -> list[float]:
    """``out[b]`` = multisets of heaps ``1..n_heaps`` of total size ``<= b``, for ``b <= top``
    (floats: exact below 2**53, saturating to inf above). The coin-change recurrence
    ``c[t] += c[t - w]`` in Python for the usual small bounds, else the same sums with numpy
    (blocks of ``w`` at a time: the same floating-point additions in the same order)."""
    ws = range(1, min(n_heaps, top) + 1)
    if len(ws) * top <= TOKEN_COUNT_WORK:
        c = [1.0] + [0.0] * top
        for w in ws:
            for t in range(w, top + 1):
                c[t] += c[t - w]
        return list(accumulate(c))
    import numpy as np

    a = np.zeros(top + 1)
    a[0] = 1.0
    with np.errstate(over="ignore", invalid="ignore"):
        for w in ws:
            for start in range(w, top + 1, w):
                a[start:start + w] += a[start - w:start][:len(a[start:start + w])]
        return np.cumsum(a).tolist()


def position_count(n_heaps: int, bound: int) -> tuple[float, int]:
    """Positions of a cross-check by tokens and the largest bound within :data:`CERTIFY_LIMIT`.

    Returns ``(count, best)``: ``count`` is the number of multisets of heaps ``1..n_heaps``
    with total size ``<= bound`` (restricted partitions; ``inf`` when certainly over the
    limit), ``best`` the largest bound whose count is within the limit.
    """
    if n_heaps == 0:
        return 1.0, bound
    # heaps 1 and 2 alone give about b^2/4 positions: 4 sqrt(limit) tokens are over the limit
    top = min(bound, CERTIFY_LIMIT if n_heaps == 1 else 4 * isqrt(CERTIFY_LIMIT))
    cum = _token_counts(n_heaps, top)
    best = bisect_right(cum, CERTIFY_LIMIT) - 1
    return (float(cum[bound]) if bound <= top else float("inf")), best


def refuse_hopeless(n_heaps: int, bound: int, by_tokens: bool = True) -> None:
    """Refuse up front a cross-check over more than :data:`CERTIFY_LIMIT` positions.

    Raises
    ------
    ComputationLimitError
        One line saying how many positions the bound means and which bound would do.
    """
    if by_tokens:
        count, best = position_count(n_heaps, bound)
        what = f"sums of heaps 1..{n_heaps} with at most {bound} tokens"
    else:
        count = float(comb(n_heaps + bound, bound)) if bound < 10**6 else float("inf")
        best = 0
        while comb(n_heaps + best + 1, best + 1) <= CERTIFY_LIMIT and best < bound:
            best += 1
        what = f"sums of at most {bound} of {n_heaps} heaps"
    if count <= CERTIFY_LIMIT:
        return
    size = ("astronomically many" if count == float("inf") else
            f"{count:,.0f}" if count < 2**53 else f"about {count:.1e}")
    raise ComputationLimitError(
        f"certify bound {bound} means brute force over {size} positions ({what}), more than "
        f"the limit of {CERTIFY_LIMIT:,}; use a bound of {best} or less")


def cross_check(
    predict: Callable[[tuple[int, ...]], bool],
    moves: Callable[[int], list[tuple[int, ...]]],
    heaps: list[int],
    bound: int,
    by_tokens: bool = True,
    model: Model | None = None,
) -> Certificate:
    """Compare ``predict`` with brute force on every multiset of ``heaps`` within ``bound``.

    Parameters
    ----------
    predict : callable
        ``predict(position) -> is P`` from the quotient.
    moves : callable
        Rules: options of one heap.
    heaps : list of int
        Heaps allowed in positions (e.g. ``1..max_heap``).
    bound : int
        Largest total weight of a position.
    by_tokens : bool
        Weight of a heap is its size (``True``) or 1 (component count).
    model : tuple, optional
        ``(table, P mask, Phi, identity)`` of the quotient: the predictions are then read off
        the table while the positions are enumerated (same answers as ``predict``, which is
        not called), and outcomes come from the packed search :class:`PackedOutcomes`.
    """
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    weight = "tokens" if by_tokens else "components"
    top = max(heaps, default=0)
    try:
        if model is not None and heaps and heaps == list(range(1, top + 1)):
            try:
                count, bad = _check_packed(model, moves, heaps, bound, by_tokens)
            except ValueError:
                pass  # options not smaller than the heap: the tuple search below
            else:
                return Certificate(bound, weight, top, count, bad is None,
                                   tuple(sorted(bad)) if bad is not None else None, PACKED)
        is_p = brute_force_outcomes(moves)
        weights = {h: (h if by_tokens else 1) for h in heaps}
        count = 0
        try:
            for pos in _multisets(sorted(heaps), weights, bound):
                count += 1
                if not count & 1023:
                    budget.check()
                if is_p(pos) != predict(pos):
                    return Certificate(bound, weight, top, count, False, pos)
        except BudgetExceededError as err:
            err.partial["certificate"] = (f"brute force to total {bound} stopped after {count - 1} "
                                          f"positions, all agreed")
            raise
        return Certificate(bound, weight, top, count, True, None)
    finally:
        sys.setrecursionlimit(old)
