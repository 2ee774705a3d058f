"""Shared reduction machinery: domination and reversibility over option lists.

Removing dominated options and bypassing reversible ones is how canonical forms are found in
normal play and in general misère play (Siegel 003 Def 4.1, Lemmas 4.2–4.3, Thm 5.1); the
restricted universes reuse :func:`remove_dominated` and supply their own reversal rules
(004 Thms 19, 21, 23, 26, 28).
"""
from __future__ import annotations

from typing import Callable

from ..core.table import GameId, intern, left, right

__all__ = ["remove_dominated", "canonical_form"]

Ge = Callable[[GameId, GameId], bool]


def remove_dominated(opts: list[GameId], ge: Ge, left_side: bool) -> list[GameId]:
    """Drop every option dominated by another (for Left: a larger one; for Right: a smaller).

    Among mutually equivalent options the one with the smallest id is kept.
    """
    keep: list[GameId] = []
    for i, x in enumerate(opts):
        dominated = False
        for j, y in enumerate(opts):
            if i == j:
                continue
            better = ge(y, x) if left_side else ge(x, y)
            if better:
                worse_back = ge(x, y) if left_side else ge(y, x)
                if not worse_back or y < x:
                    dominated = True
                    break
        if not dominated:
            keep.append(x)
    return keep


def canonical_form(g: GameId, ge: Ge, recurse: Callable[[GameId], GameId]) -> GameId:
    """Reduce ``g`` by domination and reversal-bypass until neither applies.

    ``recurse`` is applied to the options first (it is the caller's memoised canonical-form
    function), so options of the result are canonical. A Left option ``x`` is reversible
    through ``x^R`` when ``x^R ≤ g``; it is replaced by the Left options of ``x^R``
    (003 Lemma 4.3). Right options mirror this.
    """
    lo = sorted({recurse(x) for x in left(g)})
    ro = sorted({recurse(x) for x in right(g)})
    while True:
        lo = remove_dominated(lo, ge, True)
        ro = remove_dominated(ro, ge, False)
        cur = intern(lo, ro)
        changed = False
        for x in lo:
            for xr in right(x):
                if ge(cur, xr):
                    lo = sorted((set(lo) - {x}) | set(left(xr)))
                    changed = True
                    break
            if changed:
                break
        if not changed:
            for y in ro:
                for yl in left(y):
                    if ge(yl, cur):
                        ro = sorted((set(ro) - {y}) | set(right(yl)))
                        changed = True
                        break
                if changed:
                    break
        if not changed:
            return cur
