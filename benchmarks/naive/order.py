"""Naive reference for whole ≥-orders: a memoised pairwise test written from the theorems.

``G ≥ H`` iff an end condition holds and maintenance holds: every ``H^L`` has ``G`` not
downlinked to it and no ``G^R`` is downlinked to ``H``, where ``A`` is downlinked to ``B`` iff
no ``A^L ≥ B`` and no ``B^R ≤ A`` (Siegel 003 Thms 5.3–5.4; 004 Thms 16–17). End conditions:
general — ends stay ends (003 Thm 5.3 (3)–(4)); dicot — ``o(G) ≥ o(H)``; dead-ending — a Left
end H needs G Left-strong, a Right end G needs H Right-strong, strong outcomes tested against
``0`` and the perfect murder ``M_b`` (004 Defs 2, 6, 9; Thm 7). Normal play: no ``G^R ≤ H``
and no ``H^L ≥ G``.

Only :mod:`misere.core` is used (forms, outcomes of forms and of sums); nothing from
``misere.universes``. One fresh memo per call, so every call is cold.
"""
from __future__ import annotations

import sys
from typing import Callable

from misere.core.outcome import left_wins_first, right_wins_first, sum_left_wins_first, sum_right_wins_first
from misere.core.table import ZERO, birthday, intern, left, right

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


def _murder(n: int) -> int:
    m = ZERO
    for k in range(1, n + 1):
        m = intern((), (ZERO,) if k == 1 else (ZERO, m))
    return m


def _conj(g: int) -> int:
    return intern([_conj(x) for x in right(g)], [_conj(x) for x in left(g)])


def _end_general(g: int, h: int) -> bool:
    return (bool(left(h)) or not left(g)) and (bool(right(g)) or not right(h))


def _end_dicot(g: int, h: int) -> bool:
    return (left_wins_first(g) or not left_wins_first(h)) and (
        not right_wins_first(g) or right_wins_first(h))


def _end_dead_ending() -> Callable[[int, int], bool]:
    sl: dict[int, bool] = {}
    sr: dict[int, bool] = {}

    def strong_left(g: int) -> bool:
        if g not in sl:
            sl[g] = left_wins_first(g) and sum_left_wins_first((g, _murder(birthday(g))))
        return sl[g]

    def strong_right(g: int) -> bool:
        if g not in sr:
            sr[g] = right_wins_first(g) and sum_right_wins_first((g, _conj(_murder(birthday(g)))))
        return sr[g]

    return lambda g, h: (bool(left(h)) or strong_left(g)) and (bool(right(g)) or strong_right(h))


def _options_only(end: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
    ge_memo: dict[tuple[int, int], bool] = {}
    down_memo: dict[tuple[int, int], bool] = {}

    def downlinked(a: int, b: int) -> bool:
        key = (a, b)
        r = down_memo.get(key)
        if r is None:
            r = True
            for x in left(a):
                if ge(x, b):
                    r = False
                    break
            if r:
                for y in right(b):
                    if ge(a, y):
                        r = False
                        break
            down_memo[key] = r
        return r

    def ge(g: int, h: int) -> bool:
        if g == h:
            return True
        key = (g, h)
        r = ge_memo.get(key)
        if r is None:
            r = end(g, h)
            if r:
                for x in left(h):
                    if downlinked(g, x):
                        r = False
                        break
            if r:
                for y in right(g):
                    if downlinked(y, h):
                        r = False
                        break
            ge_memo[key] = r
        return r

    return ge


def _normal() -> Callable[[int, int], bool]:
    memo: dict[tuple[int, int], bool] = {}

    def ge(g: int, h: int) -> bool:
        if g == h:
            return True
        key = (g, h)
        r = memo.get(key)
        if r is None:
            r = True
            for y in right(g):
                if ge(h, y):
                    r = False
                    break
            if r:
                for x in left(h):
                    if ge(x, g):
                        r = False
                        break
            memo[key] = r
        return r

    return ge


def order(games: list[int], universe: str = "general") -> list[list[bool]]:
    """``M[i][j] = games[i] ≥ games[j]`` modulo ``universe`` (general, normal, dicot,
    dead-ending), by memoised pairwise recursion."""
    if universe == "normal":
        ge = _normal()
    else:
        end = {"general": _end_general, "dicot": _end_dicot}.get(universe)
        ge = _options_only(end if end is not None else _end_dead_ending())
    return [[ge(g, h) for h in games] for g in games]
