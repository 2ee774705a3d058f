"""Impartial misère canonical forms born by day n: enumeration and counting.

The canonical forms born by day ``n`` are ``0`` and the forms ``{S}`` for the sets ``S`` of
canonical forms born by day ``n−1`` that Conway's rule (seed 002 §6.2; notes algorithms.md §D.2)
does not simplify. Distinct irreducible sets are distinct values, so counting needs no table of
the new forms: for day 5 each of the ``2²²`` subsets of the 22 day-4 forms (seed 002 Fig. 7) is
a 22-bit mask, and the rule becomes a few vectorised mask tests (numpy).

Counts for days 0–5: 1, 2, 3, 5, 22, 4 171 780 (seed 002 §6.2 says "over 4 million" for day 5;
the exact value is the one recorded in the notes, §D.2, and is recomputed here). Day 6 is
counted without listing subsets in :mod:`misere.impartial.ie_count`.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable, Iterator

from ..budget import check
from ..core import cache
from ..core.table import ZERO, GameId, birthday, left
from ..errors import ComputationLimitError
from .canonical import misere_grundy, simplify

__all__ = ["born_by", "count_born_by", "count_subsets", "irreducible_masks", "MAX_ENUMERATION_DAY", "MAX_COUNT_DAY"]

#: the last day whose canonical forms are built in the core table
MAX_ENUMERATION_DAY = 4
#: the last day counted as a plain int (day 6, a 1 255 831-digit number, is counted by
#: :func:`misere.impartial.ie_count.count_by_inclusion_exclusion`)
MAX_COUNT_DAY = 5

_days = cache.table("impartial.born_by")

Progress = Callable[[int, int], None]

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


def born_by(n: int) -> list[GameId]:
    """The canonical impartial forms born by day ``n``, sorted by (birthday, id).

    Raises
    ------
    ComputationLimitError
        for ``n > 4`` (day 5 has 4 171 780 forms: count them with :func:`count_born_by`).

    Examples
    --------
    >>> [len(born_by(d)) for d in range(5)]
    [1, 2, 3, 5, 22]
    """
    if n < 0:
        raise ValueError("a day must be non-negative")
    if n > MAX_ENUMERATION_DAY:
        raise ComputationLimitError(
            f"impartial forms are enumerated up to day {MAX_ENUMERATION_DAY}; "
            f"day {n} can only be counted (misere impartial-count --day {n})"
        )
    r = _days.get(n)
    if r is None:
        if n == 0:
            r = [ZERO]
        else:
            prev = born_by(n - 1)
            found = {simplify(s) for k in range(len(prev) + 1) for s in combinations(prev, k)}
            r = sorted(found, key=lambda x: (birthday(x), x))
        _days[n] = r
    return list(r)


def _rules(forms: list[GameId]) -> tuple[int, int, list[tuple[int, int]]]:
    """The reduction rules of Conway's simplification on subsets of ``forms`` as bitmasks:
    ``(zero_opt, p_pos, [(opts(H), opts(H) | parents(H)) for each nonzero second option H])``."""
    index = {g: i for i, g in enumerate(forms)}
    zero_opt = 0  # members having 0 as an option
    p_pos = 0  # members that are misère P-positions
    for i, g in enumerate(forms):
        if ZERO in left(g):
            zero_opt |= 1 << i
        if misere_grundy(g) == 0:
            p_pos |= 1 << i
    rules: list[tuple[int, int]] = []
    for h in sorted({h for g in forms for h in left(g) if h != ZERO}):
        o = 0
        for x in left(h):
            o |= 1 << index[x]
        parents = 0
        for i, g in enumerate(forms):
            if h in left(g):
                parents |= 1 << i
        rules.append((o, o | parents))
    return zero_opt, p_pos, rules


def irreducible_masks(forms: list[GameId], progress: Progress | None = None,
                      chunk_bits: int = 20) -> Iterator["np.ndarray"]:
    """The subsets ``S`` of ``forms`` that Conway's rule does not simplify, as bitmasks
    (bit ``i`` stands for ``forms[i]``), one numpy array per chunk, in increasing order.

    ``forms`` must be *all* canonical forms born by some day ``n−1`` (so every second option of
    a candidate lies in ``forms``); the masks are then exactly the option sets of the canonical
    forms born by day ``n`` (``∅`` is the form 0). A nonempty ``S`` simplifies iff

    * every member has ``0`` as an option and some member is a P-position (deletion of all
      options, with the proviso), or
    * for some nonzero ``H`` that is an option of a member of ``forms``: ``opts(H) ⊊ S`` and
      every member of ``S − opts(H)`` has ``H`` as an option.
    """
    m = len(forms)
    if m > 30:
        raise ComputationLimitError(f"cannot examine the 2^{m} subsets of {m} forms")
    zero_opt, p_pos, rules = _rules(forms)
    import numpy as np  # on call: ``import misere`` does not load numpy

    dtype = np.uint32
    total = 1 << m
    step = 1 << min(chunk_bits, m)
    full = (1 << m) - 1
    not_zero_opt = dtype(full & ~zero_opt)
    for start in range(0, total, step):
        check()
        s = np.arange(start, min(start + step, total), dtype=dtype)
        reducible = ((s & not_zero_opt) == 0) & ((s & dtype(p_pos)) != 0)
        for o, allowed in rules:
            od = dtype(o)
            reducible |= ((s & od) == od) & (s != od) & ((s & dtype(full & ~allowed)) == 0)
        # the empty set is never reducible here: it is the form 0
        yield s[~reducible]
        if progress is not None:
            progress(min(start + step, total), total)


def count_subsets(forms: list[GameId], progress: Progress | None = None,
                  chunk_bits: int = 20) -> int:
    """How many canonical forms ``{S}`` arise from subsets ``S`` of ``forms`` (``∅`` gives 0):
    the number of :func:`irreducible_masks`.

    Parameters
    ----------
    forms : list of GameId
        The canonical forms born by day ``n−1`` (at most 30 of them).
    progress : callable, optional
        Called as ``progress(done, total)`` after each chunk of subsets.
    chunk_bits : int
        ``2**chunk_bits`` subsets are tested per numpy step.

    Returns
    -------
    int
        The number of canonical forms born by day ``n``.

    Examples
    --------
    >>> count_subsets(born_by(3))
    22
    """
    return sum(int(a.size) for a in irreducible_masks(forms, progress, chunk_bits))


def count_born_by(n: int, progress: Progress | None = None) -> int:
    """The number of impartial misère canonical forms born by day ``n`` (computed, not stored).

    Days 0–4 are enumerated; day 5 counts the irreducible subsets of the 22 day-4 forms with
    :func:`count_subsets` (≈ 4.2 million bitmasks). Day 6 has 1 255 831 digits: it is given,
    exactly, by :func:`misere.impartial.ie_count.count_by_inclusion_exclusion` (a formula and
    its digits) and ``misere impartial-count --day 6``.

    Raises
    ------
    ComputationLimitError
        for ``n > 5``.

    Examples
    --------
    >>> [count_born_by(d) for d in range(5)]
    [1, 2, 3, 5, 22]
    """
    if n < 0:
        raise ValueError("a day must be non-negative")
    if n <= MAX_ENUMERATION_DAY:
        return len(born_by(n))
    if n > MAX_COUNT_DAY:
        hint = ("day 6 has 1 255 831 digits: use count_by_inclusion_exclusion(6) or "
                "'misere impartial-count --day 6'" if n == 6 else
                f"day {n} has more forms than a number of 10^1255830 digits can count")
        raise ComputationLimitError(
            f"impartial forms are counted as integers up to day {MAX_COUNT_DAY}; {hint}"
        )
    return count_subsets(born_by(n - 1), progress)
