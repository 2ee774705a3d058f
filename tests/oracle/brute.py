"""Brute-force reference for misère (and normal) play, independent of ``misere``.

Games are nested pairs ``(frozenset_of_left, frozenset_of_right)``; they are read from the
explicit notation (only ``{ } | , 0``) by a parser written here, and outcomes of sums are found
by exhaustive play straight from the definitions. Nothing here imports ``misere``.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Iterable

Form = tuple  # (frozenset[Form], frozenset[Form])

ZERO: Form = (frozenset(), frozenset())
STAR: Form = (frozenset([ZERO]), frozenset([ZERO]))
ONE: Form = (frozenset([ZERO]), frozenset())
MINUS_ONE: Form = (frozenset(), frozenset([ZERO]))


def read(text: str) -> Form:
    """Parse explicit notation: '0' or '{a,b|c}' with nested games."""
    pos = 0

    def game() -> Form:
        nonlocal pos
        if text[pos] == "0":
            pos += 1
            return ZERO
        assert text[pos] == "{", text[pos:]
        pos += 1
        sides: list[list[Form]] = [[], []]
        side = 0
        while text[pos] != "}":
            c = text[pos]
            if c == "|":
                side += 1
                pos += 1
            elif c == ",":
                pos += 1
            else:
                sides[side].append(game())
        pos += 1
        assert side == 1
        return (frozenset(sides[0]), frozenset(sides[1]))

    g = game()
    assert pos == len(text)
    return g


def conj(g: Form) -> Form:
    return (frozenset(conj(x) for x in g[1]), frozenset(conj(x) for x in g[0]))


@lru_cache(maxsize=None)
def _wins(position: tuple, left_to_move: bool, misere: bool) -> bool:
    """Does the player to move win the sum of the components in ``position`` (sorted tuple)?"""
    side = 0 if left_to_move else 1
    moved = False
    for i, comp in enumerate(position):
        for opt in comp[side]:
            moved = True
            rest = position[:i] + position[i + 1:] + ((opt,) if opt != ZERO else ())
            if not _wins(tuple(sorted(rest, key=hash)), not left_to_move, misere):
                return True
    return misere if not moved else False


def outcome(games: Iterable[Form], misere: bool = True) -> str:
    """The outcome class of the sum of ``games``: 'L', 'N', 'P' or 'R'."""
    pos = tuple(sorted((g for g in games if g != ZERO), key=hash))
    lf = _wins(pos, True, misere)
    rf = _wins(pos, False, misere)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lf, rf)]


_RANK = {"L": (1, 1), "N": (1, 0), "P": (0, 1), "R": (0, 0)}


def outcome_ge(a: str, b: str) -> bool:
    """The partial order on outcome classes: L > N, P > R."""
    return _RANK[a][0] >= _RANK[b][0] and _RANK[a][1] >= _RANK[b][1]


def born_by(day: int) -> list[Form]:
    """All game *forms* (not values) born by ``day``; day 2 has 2^4 * 2^4 = 256 forms... of
    options in day 1 — all forms with options among the forms of day-1."""
    forms = [ZERO]
    for _ in range(day):
        subsets = []
        for mask in range(1 << len(forms)):
            subsets.append(frozenset(f for k, f in enumerate(forms) if mask >> k & 1))
        forms = [(a, b) for a, b in product(subsets, subsets)]
    return forms


def is_dicot(g: Form) -> bool:
    return (bool(g[0]) == bool(g[1])) and all(is_dicot(x) for x in g[0] | g[1])
