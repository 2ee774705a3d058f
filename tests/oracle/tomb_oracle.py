"""Brute-force outcomes of sums of *augmented* forms (forms with tombstones), independent of
``misere``.

An augmented form is ``(left, right, tl, tr)``: frozensets of augmented forms and two flags.
Siegel (arXiv 2312.16259, Def 5.1): a sum is Left end-like iff every component has a Left
tombstone or no Left options; the player to move wins from an end-like sum (misère play) and
otherwise wins iff some move leads to a sum the opponent loses moving first. Ordinary forms of
:mod:`tests.oracle.brute` are lifted with :func:`lift`. Nothing here imports ``misere``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from . import brute

Aug = tuple  # (frozenset[Aug], frozenset[Aug], bool, bool)


@lru_cache(maxsize=None)
def lift(g: brute.Form) -> Aug:
    """An ordinary form with no tombstones."""
    return (frozenset(lift(x) for x in g[0]), frozenset(lift(x) for x in g[1]), False, False)


@lru_cache(maxsize=None)
def _wins(position: tuple, left_to_move: bool) -> bool:
    side, tomb = (0, 2) if left_to_move else (1, 3)
    if all(c[tomb] or not c[side] for c in position):
        return True
    for i, comp in enumerate(position):
        for opt in comp[side]:
            rest = tuple(sorted(position[:i] + position[i + 1:] + (opt,), key=hash))
            if not _wins(rest, not left_to_move):
                return True
    return False


def outcome(games: Iterable[Aug]) -> str:
    """Misère outcome class of the sum: 'L', 'N', 'P' or 'R'."""
    pos = tuple(sorted(games, key=hash))
    lf, rf = _wins(pos, True), _wins(pos, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lf, rf)]


def left_wins_first(games: Iterable[Aug]) -> bool:
    return _wins(tuple(sorted(games, key=hash)), True)
