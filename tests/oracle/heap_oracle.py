"""Brute-force misère outcomes of heap games, written independently of ``misere``.

Positions are sorted tuples of heap sizes; a position with no move is a misère N-position (the
player to move has no move and wins), otherwise it is P exactly when every option is N.
Nothing here imports ``misere``.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement


def octal_rules(code: str):
    """Options of one heap under a take-and-break code such as '0.123' or '4.7'."""
    head, tail = code.split(".")
    digits = [int(head or "0")] + [int(ch, 16) for ch in tail]

    def options(n: int) -> set[tuple[int, ...]]:
        found = set()
        for removed, d in enumerate(digits):
            left = n - removed
            if left < 0:
                continue
            if d & 1 and left == 0 and removed > 0:
                found.add(())
            if d & 2 and left > 0 and removed > 0:
                found.add((left,))
            for k in range(2, 6):
                if d & (1 << k) and left >= k:
                    for parts in combinations_with_replacement(range(1, left + 1), k):
                        if sum(parts) == left:
                            found.add(parts)
        return found

    return options


def outcome_function(options):
    """``is_p(position)`` for the heap game whose single-heap moves are ``options(n)``."""

    @lru_cache(maxsize=None)
    def is_p(position: tuple[int, ...]) -> bool:
        moved = False
        for i in set(range(len(position))):
            rest = position[:i] + position[i + 1:]
            for opt in options(position[i]):
                moved = True
                if is_p(tuple(sorted(rest + tuple(opt)))):
                    return False
        return moved

    return is_p


def positions(max_total: int, max_heap: int, weight=lambda h: h):
    """All sorted heap tuples with heaps 1..max_heap and total weight <= max_total."""
    out = [()]

    def grow(pos, low, left):
        for h in range(low, max_heap + 1):
            if weight(h) <= left:
                new = pos + (h,)
                out.append(new)
                grow(new, h, left - weight(h))

    grow((), 1, max_total)
    return out
