"""Impartial misère canonical forms born by day n: enumeration and counting.

The canonical forms born by day ``n`` are ``0`` and the forms ``{S}`` for the sets ``S`` of
canonical forms born by day ``n−1`` that Conway's rule (seed 002 §6.2; notes algorithms.md §D.2)
does not simplify. Distinct irreducible sets are distinct values, so counting needs no table of
the new forms: for day 5 each of the ``2²²`` subsets of the 22 day-4 forms (seed 002 Fig. 7) is
a 22-bit mask, and the rule becomes a few vectorised mask tests (numpy).

Counts for days 0–5: 1, 2, 3, 5, 22, 4 171 780 (seed 002 §6.2 says "over 4 million" for day 5;
the exact value is the one recorded in the notes, §D.2, and is recomputed here).
"""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from ..core import cache
from ..core.table import ZERO, GameId, birthday, left
from ..errors import ComputationLimitError
from .canonical import misere_grundy, simplify

__all__ = ["born_by", "count_born_by", "count_subsets", "MAX_ENUMERATION_DAY", "MAX_COUNT_DAY"]

#: the last day whose canonical forms are built in the core table
MAX_ENUMERATION_DAY = 4
#: the last day that can be counted (day 6 would need 2^4171780 subsets)
MAX_COUNT_DAY = 5

_days = cache.table("impartial.born_by")

Progress = Callable[[int, int], None]


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


def count_subsets(forms: list[GameId], progress: Progress | None = None,
                  chunk_bits: int = 20) -> int:
    """How many canonical forms ``{S}`` arise from subsets ``S`` of ``forms`` (``∅`` gives 0).

    ``forms`` must be *all* canonical forms born by some day (so every second option of a
    candidate lies in ``forms``). A subset ``S`` (a bitmask) simplifies iff

    * ``S ≠ ∅``, every member has ``0`` as an option and some member is a P-position
      (deletion of all options, with the proviso), or
    * for some nonzero ``H`` that is an option of a member of ``forms``: ``opts(H) ⊊ S`` and
      every member of ``S − opts(H)`` has ``H`` as an option.

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
    m = len(forms)
    if m > 30:
        raise ComputationLimitError(f"cannot count the 2^{m} subsets of {m} forms")
    index = {g: i for i, g in enumerate(forms)}
    zero_opt = 0  # members having 0 as an option
    p_pos = 0  # members that are misère P-positions
    for i, g in enumerate(forms):
        if ZERO in left(g):
            zero_opt |= 1 << i
        if misere_grundy(g) == 0:
            p_pos |= 1 << i
    rules: list[tuple[int, int]] = []  # (mask of opts(H), mask of forms having H as an option)
    seconds = sorted({h for g in forms for h in left(g) if h != ZERO})
    for h in seconds:
        o = 0
        for x in left(h):
            o |= 1 << index[x]
        parents = 0
        for i, g in enumerate(forms):
            if h in left(g):
                parents |= 1 << i
        rules.append((o, o | parents))
    import numpy as np  # on call: ``import misere`` does not load numpy

    dtype = np.uint32 if m <= 31 else np.uint64
    total = 1 << m
    step = 1 << min(chunk_bits, m)
    full = (1 << m) - 1
    not_zero_opt = dtype(full & ~zero_opt)
    count = 0
    for start in range(0, total, step):
        s = np.arange(start, min(start + step, total), dtype=dtype)
        reducible = ((s & not_zero_opt) == 0) & ((s & dtype(p_pos)) != 0)
        for o, allowed in rules:
            od = dtype(o)
            reducible |= ((s & od) == od) & (s != od) & ((s & dtype(full & ~allowed)) == 0)
        # the empty set is never reducible here: it is counted once, as the form 0
        count += int(s.size - np.count_nonzero(reducible))
        if progress is not None:
            progress(min(start + step, total), total)
    return count


def count_born_by(n: int, progress: Progress | None = None) -> int:
    """The number of impartial misère canonical forms born by day ``n`` (computed, not stored).

    Days 0–4 are enumerated; day 5 counts the irreducible subsets of the 22 day-4 forms with
    :func:`count_subsets` (≈ 4.2 million bitmasks).

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
        raise ComputationLimitError(
            f"impartial forms can be counted up to day {MAX_COUNT_DAY}; day {n} has more "
            f"subsets than can be examined"
        )
    return count_subsets(born_by(n - 1), progress)
