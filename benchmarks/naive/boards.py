"""Naive reference: misère outcomes of Domineering boards by a memoised search over bitmasks.

A board is an int with one bit per free square (row stride ``width + 1``, so a guard column
keeps horizontal dominoes inside a row). No component splitting, no symmetry: the definition.
"""
from __future__ import annotations

import sys
from functools import lru_cache

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))


def board(rows: list[str]) -> tuple[int, int]:
    """(bitmask, stride) of a board given as rows of '.' (free) and '#'."""
    stride = max((len(r) for r in rows), default=0) + 1
    return sum(1 << (i * stride + j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == "."), stride


@lru_cache(maxsize=None)
def wins(b: int, stride: int, left: bool) -> bool:
    """Does the player to move win board ``b`` in misère play (Left: vertical dominoes)?"""
    step = stride if left else 1
    pairs = b & (b >> step)  # bit i set: squares i and i + step both free
    if not pairs:
        return True  # no move: the player to move wins (misère)
    while pairs:
        low = pairs & -pairs
        if not wins(b ^ low ^ (low << step), stride, not left):
            return True
        pairs ^= low
    return False


def outcome(rows: list[str]) -> str:
    """'L', 'N', 'P' or 'R' for a board (rows of '.' and '#')."""
    b, s = board(rows)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(wins(b, s, True), wins(b, s, False))]


def rectangle(r: int, c: int) -> list[str]:
    return ["." * c] * r
