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


def _bypass_open(own: list[GameId], cur: GameId, left_side: bool, ge: Ge,
                 ends: bool) -> Optional[list[GameId]]:
    """Bypass, in one scan, every option of ``own`` reversible through a follower with options
    on the far side (003 Lemma 4.3; 004 Thm 21); with ``ends`` false (general and normal
    play) reversal through an end is bypassed too. The new option list, or None if none.

    Every bypass is checked against the same ``cur``: a bypass keeps the value of the game, so
    an option reversible in ``cur`` stays reversible after the others are bypassed.
    """
    keep: set[GameId] = set()
    changed = False
    for x in own:
        for z in (right(x) if left_side else left(x)):
            if not (ge(cur, z) if left_side else ge(z, cur)):
                continue
            far = left(z) if left_side else right(z)
            if far or not ends:
                keep.update(far)
                changed = True
                break
        else:
            keep.add(x)
    return sorted(keep) if changed else None


def _end_step_first(lo: list[GameId], ro: list[GameId], cur: GameId, left_side: bool, ge: Ge,
                    end_step: EndStep) -> Optional[list[GameId]]:
    """The first end-reversal on one side that changes the options (004 Thms 23, 26, 28)."""
    own, other = (lo, ro) if left_side else (ro, lo)
    for x in own:
        for z in (right(x) if left_side else left(x)):
            if (left(z) if left_side else right(z)):
                continue
            if not (ge(cur, z) if left_side else ge(z, cur)):
                continue
            new = end_step(x, [y for y in own if y != x], other, cur, left_side)
            if new is not None:
                return new
    return None


def canonical_form(g: GameId, ge: Ge, recurse: Callable[[GameId], GameId],
                   end_step: Optional[EndStep] = None) -> GameId:
    """Reduce ``g`` by domination and reversal-bypass until neither applies.

    ``recurse`` is applied to the options first (it is the caller's memoised canonical-form
    function), so options of the result are canonical. A Left option ``x`` is reversible
    through ``x^R`` when ``x^R ≤ g``; it is replaced by the Left options of ``x^R``
    (003 Lemma 4.3). Right options mirror this. Each pass removes dominated options and then
    bypasses *every* reversible option on both sides at once (the value is unchanged by each
    bypass, so the others stay reversible); a new pass is needed only for the options brought
    in by the bypasses.

    Restricted universes (004 §3.1) pass ``end_step`` for options reversing through an end
    (open reversibility, Thm 21, is the bypass above); with it, a form ``{x | y}`` whose two
    options both reverse through ends becomes ``0`` (004 Thm 24, Thm 26 (2)). End steps
    depend on the other options, so they are taken one at a time, and only when no open
    bypass applies. The result is the unique reduced form whatever the order of the steps
    (003 Thm 5.1; 004 Thm 31).
    """
    lo = sorted({recurse(x) for x in left(g)})
    ro = sorted({recurse(x) for x in right(g)})
    ends = end_step is not None
    while True:
        budget.check()
        lo = remove_dominated(lo, ge, True)
        ro = remove_dominated(ro, ge, False)
        cur = intern(lo, ro)
        if (ends and len(lo) == 1 and len(ro) == 1
                and end_reversible(cur, lo[0], True, ge) and end_reversible(cur, ro[0], False, ge)):
            return ZERO
        new_lo = _bypass_open(lo, cur, True, ge, ends)
        new_ro = _bypass_open(ro, cur, False, ge, ends)
        if new_lo is not None or new_ro is not None:
            lo = new_lo if new_lo is not None else lo
            ro = new_ro if new_ro is not None else ro
            continue
        if end_step is not None:
            new = _end_step_first(lo, ro, cur, True, ge, end_step)
            if new is not None:
                lo = new
                continue
            new = _end_step_first(lo, ro, cur, False, ge, end_step)
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
