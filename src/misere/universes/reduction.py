"""Shared reduction machinery: domination and reversibility over option lists.

Removing dominated options and bypassing reversible ones is how canonical forms are found in
normal play and in general misère play (Siegel 003 Def 4.1, Lemmas 4.2–4.3, Thm 5.1); the
restricted universes reuse :func:`remove_dominated` and supply their own reversal rules
(004 Thms 19, 21, 23, 26, 28).
"""
from __future__ import annotations

from typing import Callable, Optional

from .. import budget
from ..core import cache
from ..core.table import ZERO, GameId, intern, left, right

__all__ = ["remove_dominated", "canonical_form", "memoised_canonical", "end_reversible", "EndStep"]

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


#: ``end_step(x, rest, other, cur, left_side)``: what a restricted universe does with an option x
#: of ``cur`` that reverses through an *end* (``rest``: the other options on x's side; ``other``:
#: the opposite side): the new option list for x's side, or None to keep x (004 Thms 23, 26, 28).
EndStep = Callable[[GameId, list[GameId], list[GameId], GameId, bool], Optional[list[GameId]]]


def end_reversible(cur: GameId, x: GameId, left_side: bool, ge: Ge) -> bool:
    """Is the option x of ``cur`` reversible through an end (004 Def 20)?"""
    if left_side:
        return any(not left(z) and ge(cur, z) for z in right(x))
    return any(not right(z) and ge(z, cur) for z in left(x))


def _reverse_step(lo: list[GameId], ro: list[GameId], cur: GameId, left_side: bool, ge: Ge,
                  end_step: Optional[EndStep]) -> Optional[list[GameId]]:
    """One bypass of a reversible option on one side; the new option list, or None."""
    own, other = (lo, ro) if left_side else (ro, lo)
    for x in own:
        for z in (right(x) if left_side else left(x)):
            if not (ge(cur, z) if left_side else ge(z, cur)):
                continue
            rest = [y for y in own if y != x]
            far = left(z) if left_side else right(z)
            if far or end_step is None:  # bypass x through z (003 Lemma 4.3; 004 Thm 21)
                return sorted(set(rest) | set(far))
            new = end_step(x, rest, other, cur, left_side)
            if new is not None:
                return new
    return None


def canonical_form(g: GameId, ge: Ge, recurse: Callable[[GameId], GameId],
                   end_step: Optional[EndStep] = None) -> GameId:
    """Reduce ``g`` by domination and reversal-bypass until neither applies.

    ``recurse`` is applied to the options first (it is the caller's memoised canonical-form
    function), so options of the result are canonical. A Left option ``x`` is reversible
    through ``x^R`` when ``x^R ≤ g``; it is replaced by the Left options of ``x^R``
    (003 Lemma 4.3). Right options mirror this.

    Restricted universes (004 §3.1) pass ``end_step`` for options reversing through an end
    (open reversibility, Thm 21, is the bypass above); with it, a form ``{x | y}`` whose two
    options both reverse through ends becomes ``0`` (004 Thm 24, Thm 26 (2)).
    """
    lo = sorted({recurse(x) for x in left(g)})
    ro = sorted({recurse(x) for x in right(g)})
    while True:
        budget.check()
        lo = remove_dominated(lo, ge, True)
        ro = remove_dominated(ro, ge, False)
        cur = intern(lo, ro)
        if (end_step is not None and len(lo) == 1 and len(ro) == 1
                and end_reversible(cur, lo[0], True, ge) and end_reversible(cur, ro[0], False, ge)):
            return ZERO
        new = _reverse_step(lo, ro, cur, True, ge, end_step)
        if new is not None:
            lo = new
            continue
        new = _reverse_step(lo, ro, cur, False, ge, end_step)
        if new is not None:
            ro = new
            continue
        return cur


def memoised_canonical(name: str, ge: Ge) -> Callable[[GameId], GameId]:
    """A canonical-form function for the order ``ge`` memoised in the cache table ``name``
    (domination and reversal-bypass only: normal play and general misère play)."""
    memo: dict[GameId, GameId] = cache.table(name)

    def canonical(g: GameId) -> GameId:
        r = memo.get(g)
        if r is None:
            r = canonical_form(g, ge, canonical)
            memo[g] = memo[r] = r
        return r

    return canonical
