"""Naive reference: outcome of a sum of game forms by a plain memoised multiset search.

Positions are sorted tuples of interned component ids (``misere.core.table`` only gives the
options of an id); a move replaces one component by one of its options. No cut-offs, no
packing: the definition of the misère (or normal-play) outcome of a sum.
"""
from __future__ import annotations

import sys

from misere.core.table import LEFTS, RIGHTS, ZERO

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

_memo: dict[tuple[tuple[int, ...], bool, bool], bool] = {}


def clear() -> None:
    _memo.clear()


def wins(pos: tuple[int, ...], left: bool, misere: bool = True) -> bool:
    """Does the player to move (Left if ``left``) win the sum ``pos`` (sorted ids, no zeros)?"""
    key = (pos, left, misere)
    r = _memo.get(key)
    if r is None:
        side = LEFTS if left else RIGHTS
        moved, r = False, False
        for i, g in enumerate(pos):
            for x in side[g]:
                moved = True
                rest = pos[:i] + pos[i + 1:] + ((x,) if x != ZERO else ())
                if not wins(tuple(sorted(rest)), not left, misere):
                    r = True
                    break
            if r:
                break
        if not moved:
            r = misere  # no move: the player to move wins in misère play
        _memo[key] = r
    return r


def outcome(games: list[int], misere: bool = True) -> str:
    """'L', 'N', 'P' or 'R' for the sum of ``games`` (interned ids)."""
    pos = tuple(sorted(g for g in games if g != ZERO))
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (wins(pos, True, misere), wins(pos, False, misere))]
