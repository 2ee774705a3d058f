"""Does the player to move win? One explicit-stack search shared by the packed sum search
(:mod:`misere.core.packed`) and the bitmask boards (:mod:`misere.rulesets.grid_bits`).

Positions are hashable keys; ``expand(pos, side)`` decides a position at once (``True`` /
``False``: the mover wins / loses, e.g. no move in misère play, or a child already known lost)
or returns the children still to search, in the order to try them. A position is a win for
its mover iff some child is a loss for the other player. The memo is ``memo[side][pos]``.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from misere import budget
from misere.errors import BudgetExceededError

__all__ = ["mover_wins"]

Expand = Callable[[Any, Any], "bool | list[Any]"]


def mover_wins(root: Hashable, side: Any, expand: Expand, memo: Sequence[dict],
               flip: Callable[[Any], Any] = lambda s: 1 - s) -> bool:
    """Does ``side``, moving first, win ``root``? (Explicit stack: deep games stay off the
    Python stack; the budget in force is checked as positions are expanded.)"""
    r = memo[side].get(root)
    if r is not None:
        return r
    e = expand(root, side)
    if not isinstance(e, list):
        memo[side][root] = e
        return e
    stack: list[list[Any]] = [[root, side, e, 0]]  # frames: position, side, children, next index
    result: bool | None = None
    while stack:
        frame = stack[-1]
        pos, s, kids, i = frame
        if result is not None:
            if not result:  # the child just solved is lost for its mover
                memo[s][pos] = True
                stack.pop()
                result = True
                continue
            result = None
        if i == len(kids):
            memo[s][pos] = False
            stack.pop()
            result = False
            continue
        child = kids[i]
        frame[3] = i + 1
        o = flip(s)
        r = memo[o].get(child)
        if r is not None:
            result = r
            continue
        try:
            budget.check()
        except BudgetExceededError as err:  # say what the search holds when it stops
            err.partial.setdefault("positions_stored", len(memo[0]) + len(memo[1]))
            err.partial.setdefault("search_depth", len(stack))
            raise
        e = expand(child, o)
        if isinstance(e, list):
            stack.append([child, o, e, 0])
        else:
            memo[o][child] = e
            result = e
    return memo[side][root]
