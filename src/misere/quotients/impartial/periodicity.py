"""Periodicity of nim sequences and of misère pretending functions.

Normal play: the Guy-Smith periodicity theorem (Winning Ways ch. 4): for a take-and-break game
whose moves remove at most ``k`` tokens and leave at most two heaps, if
``G(n + p) = G(n)`` for ``n0 <= n < 2 n0 + p + k`` then the sequence has period ``p`` from
``n0`` on. Misère play: the analogous test for pretending functions (notes E.6; its form is our
reconstruction, consistent with the "Heaps Computed: 22" of the 0.123 log in seed 002 §9.3):
``Phi(n + p) = Phi(n)`` for ``n0 <= n <= N - p`` with ``N >= h (n0 + p) + k - 1``
(``h`` = heaps a move may leave) proves ``Q = Q_N`` and the periodicity of ``Phi``.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from misere import budget
from misere.impartial.heap import HeapGame

__all__ = ["least_periodic_tail", "certified_period", "period_in_sight", "nim_sequence", "normal_period", "reduce_heap",
           "representative_heap"]


def least_periodic_tail(seq: Sequence[object], period: int, start: int = 1) -> int:
    """Least ``n0 >= start`` with ``seq[n + period] == seq[n]`` for all ``n0 <= n < len - period``."""
    n0 = len(seq) - period
    while n0 > start and seq[n0 - 1] == seq[n0 - 1 + period]:
        n0 -= 1
    return max(n0, start)


def _window(n0: int, p: int, k: int, h: int) -> int:
    """Last heap that must be computed to certify ``(n0, p)``."""
    if h <= 2:
        return 2 * (n0 + p) + k - 1
    return h * (n0 + p) + k + h  # conservative guess for codes leaving three or more heaps


def certified_period(seq: Sequence[object], k: int, h: int) -> tuple[int, int] | None:
    """Least period ``p`` (and its least preperiod) that the computed prefix certifies.

    Parameters
    ----------
    seq : sequence
        Values for heaps ``0..N``.
    k : int
        Most tokens a move removes.
    h : int
        Most heaps a move leaves.

    Returns
    -------
    (preperiod, period) or None

    Examples
    --------
    >>> s = [0, 1, 0, 2, 2, 1, 0, 0, 2, 1, 1] + [0, 0, 2, 1, 1] * 4
    >>> certified_period(s, 3, 2)
    (5, 5)
    """
    last = len(seq) - 1
    for p, n0, shown in _tails(seq, last // 2):
        if shown > p and _window(n0, p, k, h) <= last:
            return n0, p
    return None


def _tails(seq: Sequence[object], most: int) -> Iterator[tuple[int, int, int]]:
    """``(p, n0, shown)`` for each period ``p = 1..most``: the least preperiod ``n0`` from
    which the prefix repeats ``p`` (:func:`least_periodic_tail`), and the heaps it shows that
    tail over (``len(seq) - n0``)."""
    for p in range(1, most + 1):
        n0 = least_periodic_tail(seq, p)
        yield p, n0, len(seq) - n0


def period_in_sight(seq: Sequence[object], k: int, h: int, reach: int) -> int | None:
    """The heap to compute to for the certificate of a period the prefix already shows.

    Among the periods ``p`` whose tail ``seq[n0:]`` holds at least two whole periods, the one
    the periodicity theorem (notes E.6) certifies soonest (heaps up to ``_window(n0, p, k, h)``)
    is *in sight* when that window lies past the prefix and at most at ``reach``; its window is
    returned, else ``None``. Computing to it either certifies the period or shows where the
    pattern breaks: nothing is claimed until :func:`certified_period` says so.

    Examples
    --------
    >>> s = [0, 1, 0, 2, 2, 1, 0, 0, 2, 1, 1] + [0, 0, 2, 1, 1] * 2   # heaps 0..20
    >>> certified_period(s, 3, 2), period_in_sight(s, 3, 2, 40)        # (5, 5) needs heap 22
    (None, 22)
    >>> period_in_sight(s, 3, 2, 21) is None
    True
    """
    soonest = min((_window(n0, p, k, h) for p, n0, shown in _tails(seq, len(seq) // 2)
                   if shown >= 2 * p), default=None)
    return soonest if soonest is not None and len(seq) - 1 < soonest <= reach else None


def reduce_heap(n: int, preperiod: int, period: int) -> int:
    """The heap ``m < preperiod + period`` with ``Phi(m) = Phi(n)`` for a periodic ``Phi``.

    ``Phi(n + p) = Phi(n)`` for ``n >= n0`` (seed 002 §9.3; notes E.6) gives
    ``Phi(n) = Phi(n0 + (n - n0) mod p)``; constant time for any ``n``.

    Examples
    --------
    >>> reduce_heap(10**30, 5, 5), reduce_heap(7, 5, 5), reduce_heap(3, 5, 5)
    (5, 7, 3)
    """
    return n if n < preperiod + period else preperiod + (n - preperiod) % period


def representative_heap(n: int, preperiod: int, period: int, k: int, h: int) -> int:
    """A small heap ``m = n - j*period`` whose options stand for those of heap ``n``.

    For a take-and-break game (moves remove at most ``k`` tokens and leave at most ``h`` heaps)
    with ``Phi`` periodic from ``n0 = preperiod``: once ``m >= h (n0 + p) + k``, every option of
    ``m`` has its largest part ``>= n0 + p``, and adding ``n - m`` (a multiple of ``p``) to that
    part gives an option of ``n`` of the same value; conversely every option of ``n`` has the
    value of such an image, since its smaller parts reduce into ``[n0, n0 + p)`` (the
    convolution argument of notes E.6). So the options of ``m``, mapped this way, realise every
    option value of ``n``. Returns ``n`` itself when ``n`` is already that small.

    Examples
    --------
    >>> representative_heap(10**6, 5, 5, 3, 2)
    25
    """
    low = h * (preperiod + period) + k
    if n < low + period:
        return n
    return low + (n - low) % period


def nim_sequence(game: HeapGame, n: int, start: list[int] | None = None,
                 max_options: int | None = None) -> list[int]:
    """Normal-play Grundy values of heaps ``0..n`` (mex of nim-sums of the options).

    ``start`` may hold already computed values for heaps ``0..k``; they are extended. An octal
    game whose moves leave at most two heaps (:func:`_two_heap_digits`) is read from its digits
    without enumerating options (the same values; tests compare both ways). With
    ``max_options``, the values end (before heap ``n``) at the heap whose options would pass
    that many enumerated in this call: a deterministic bound for games whose heaps have
    astronomically many options (a code splitting into 60 heaps).
    """
    g = list(start) if start else [0]
    digits = _two_heap_digits(game)
    left = [max_options]
    if digits is not None:
        for m in range(len(g), n + 1):
            budget.check()
            g.append(_mex(_digit_values(digits, g, m)))
        return g
    # options enumerated: a code splitting into many heaps can take minutes, so it says so
    with budget.Progress(f"normal-play nim values of {game.name}", total=n) as bar:
        for m in range(len(g), n + 1):
            budget.check()
            seen = _option_values(game, g, m, left, bar)
            if seen is None:
                break
            g.append(_mex(seen))
            bar.update(m, heap=m)
    return g


def _mex(seen: set[int]) -> int:
    x = 0
    while x in seen:
        x += 1
    return x


def _option_values(game: HeapGame, g: list[int], m: int, left: list[int | None],
                   bar: budget.Progress | None = None) -> set[int] | None:
    """Nim values of heap ``m``'s options, or ``None`` once ``left[0]`` options are spent
    (counted as they are made: :meth:`HeapGame.iter_options`, so a heap with billions of
    options stops at the bound instead of being built first)."""
    seen = set()
    options = game.options(m) if left[0] is None else game.iter_options(m)
    for k, opt in enumerate(options, 1):
        if left[0] is not None:
            left[0] -= 1
            if left[0] < 0:
                return None
        if k % 65536 == 0:
            budget.check()
            if bar is not None:
                bar.update(m, heap=m, options=k)
        v = 0
        for part in opt:
            v ^= g[part]
        seen.add(v)
    return seen


def _two_heap_digits(game: HeapGame) -> tuple[int, ...] | None:
    """The digits of an octal game (``game.digits``, set by :func:`misere.impartial.octal.
    octal_game`) when every digit is below 8 (a move leaves at most two heaps), else ``None``."""
    digits = getattr(game, "digits", None)
    if digits is None or any(d >= 8 for d in digits):
        return None
    return tuple(digits)


def _digit_values(digits: tuple[int, ...], g: list[int], m: int) -> set[int]:
    """Nim-values of the options of heap ``m`` from the octal digits (Guy-Smith): removing ``j``
    tokens leaves no heap (bit 1, ``j = m``), one heap (bit 2) or two (bit 4)."""
    seen: set[int] = set()
    for j in range(min(m, len(digits) - 1) + 1):
        d, rest = digits[j], m - j
        if d & 1 and rest == 0 and j:
            seen.add(0)
        if d & 2 and rest and j:
            seen.add(g[rest])
        if d & 4 and rest >= 2:
            seen.update([g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1)])
    return seen


def _option_count(game: HeapGame, m: int) -> int:
    """``len(game.options(m))``, counted from the digits when :func:`_two_heap_digits` applies."""
    digits = _two_heap_digits(game)
    if digits is None:
        return len(game.options(m))
    total = 0
    for j in range(min(m, len(digits) - 1) + 1):
        d, rest = digits[j], m - j
        total += bool(d & 1 and rest == 0 and j) + bool(d & 2 and rest and j)
        total += rest // 2 if d & 4 and rest >= 2 else 0
    return total


#: options enumerated at most by the search for a normal period (beyond what is needed)
NORMAL_WORK = 150_000

#: options enumerated at most by one doubling of that search past the heaps needed (20 times
#: NORMAL_WORK: no code whose search ended under NORMAL_WORK gets near it, while a code whose
#: heaps split into dozens of parts would otherwise enumerate billions of partitions)
STEP_WORK = 20 * NORMAL_WORK


def normal_period(game: HeapGame, limit: int = 600, need: int = 0
                  ) -> tuple[list[int], tuple[int, int] | None]:
    """Nim sequence until the Guy-Smith test certifies a period, or up to ``limit``.

    The search also stops (deterministically) once it has enumerated more than
    :data:`NORMAL_WORK` options, which for codes leaving three heaps (``0.8``) grow like
    ``n^2`` per heap; the sequence always reaches heap ``need``.

    Returns the computed sequence and ``(preperiod, period)`` or ``None``.
    """
    if game.periodicity is None:
        return nim_sequence(game, min(limit, game.max_heap or limit)), None
    k, h = game.periodicity
    seq = [0]
    n = 0
    while n < limit:
        n = min(limit, max(2 * n, 16))
        seq = nim_sequence(game, n, seq, None if n <= need else STEP_WORK)
        if len(seq) <= n:  # a doubling past need ran out of STEP_WORK: no period claimed
            break
        res = certified_period(seq, k, h)
        if res is not None:
            return seq, res
        if n >= need and sum(_option_count(game, m) for m in range(n + 1)) > NORMAL_WORK:
            break
    return (seq if len(seq) > need else nim_sequence(game, need, seq)), None
