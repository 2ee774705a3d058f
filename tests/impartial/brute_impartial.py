"""Brute-force impartial misère play, independent of ``misere``.

An impartial game is a ``frozenset`` of impartial games (its options). Outcomes of sums come
from exhaustive play straight from the definition (misère: a player with no move wins), and
misère Grundy values from the mex rule. Nothing here imports ``misere``; tests convert ids to
these forms with :func:`from_explicit`, which reads the explicit notation ``{a,b|a,b}``
with the partizan oracle's reader.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterable

from tests.oracle import brute

IForm = frozenset

ZERO: IForm = frozenset()


def nim(n: int) -> IForm:
    """The nim heap ``*n``."""
    return frozenset(nim(k) for k in range(n))


def from_explicit(text: str) -> IForm:
    """Read explicit notation (``0`` or ``{a,b|a,b}``) of an impartial form, with the
    partizan reader of :mod:`tests.oracle.brute`."""
    return _impartial(brute.read(text))


def _impartial(pair: tuple) -> IForm:
    left, right = pair
    assert left == right, "not impartial"
    return frozenset(_impartial(x) for x in left)


@lru_cache(maxsize=None)
def _next_wins(position: tuple) -> bool:
    if not position:
        return True  # misère: no move, the player to move wins
    for i, comp in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for opt in comp:
            nxt = rest + ((opt,) if opt else ())
            if not _next_wins(tuple(sorted(nxt, key=hash))):
                return True
    return False


def outcome(games: Iterable[IForm]) -> str:
    """'N' or 'P': the misère outcome of the sum of ``games``."""
    pos = tuple(sorted((g for g in games if g), key=hash))
    return "N" if _next_wins(pos) else "P"


@lru_cache(maxsize=None)
def misere_grundy(g: IForm) -> int:
    if not g:
        return 1
    vals = {misere_grundy(x) for x in g}
    m = 0
    while m in vals:
        m += 1
    return m


def add(a: IForm, b: IForm) -> IForm:
    """The sum form (small games only)."""
    return _add(a, b)


@lru_cache(maxsize=None)
def _add(a: IForm, b: IForm) -> IForm:
    return frozenset([_add(x, b) for x in a] + [_add(a, y) for y in b])


def forms_born_by(day: int) -> list[IForm]:
    """All impartial *forms* born by ``day`` (1, 2, 4, 16, 65536 of them)."""
    forms = [ZERO]
    for _ in range(day):
        forms = [frozenset(c) for k in range(len(forms) + 1) for c in combinations(forms, k)]
    return forms


@lru_cache(maxsize=None)
def normal_grundy(g: IForm) -> int:
    vals = {normal_grundy(x) for x in g}
    m = 0
    while m in vals:
        m += 1
    return m


@lru_cache(maxsize=None)
def birthday(g: IForm) -> int:
    return 1 + max(birthday(x) for x in g) if g else 0


@lru_cache(maxsize=None)
def canonical(g: IForm) -> IForm:
    """Conway's simplest form, straight from the rule of ONAG ch. 12: replace the option set S
    by a second option H when opts(H) ⊊ S and H is an option of every deleted option; H = 0
    (deleting everything) only if some deleted option is a P-position."""
    s = frozenset(canonical(x) for x in g)
    if s and all(ZERO in x for x in s) and any(misere_grundy(x) == 0 for x in s):
        return ZERO
    for x in s:
        for h in x:
            if h and h < s and all(h in y for y in s - h):
                return h
    return s


def nim_position(heaps: Iterable[int]) -> list[IForm]:
    return [nim(h) for h in heaps if h]
