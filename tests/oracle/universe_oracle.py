"""Brute-force helpers for the dicot and dead-ending universes, independent of ``misere``.

Forms are the nested pairs of :mod:`tests.oracle.brute`; membership is decided from the
definitions (001 Def 4.1.1, Def 5.1.1), perfect murders are built from 004 Def 2 as
reconstructed in the notes, and test sets of universe members are drawn from all forms born by
day 2 plus seeded random day-3 members. Nothing here imports ``misere``.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable, Iterable

from . import brute

Form = brute.Form
ZERO = brute.ZERO


@lru_cache(maxsize=None)
def is_dicot(g: Form) -> bool:
    return bool(g[0]) == bool(g[1]) and all(is_dicot(x) for x in g[0] | g[1])


@lru_cache(maxsize=None)
def is_dead_left_end(g: Form) -> bool:
    return not g[0] and all(is_dead_left_end(x) for x in g[1])


@lru_cache(maxsize=None)
def is_dead_right_end(g: Form) -> bool:
    return not g[1] and all(is_dead_right_end(x) for x in g[0])


@lru_cache(maxsize=None)
def is_dead_ending(g: Form) -> bool:
    if not g[0] and not is_dead_left_end(g):
        return False
    if not g[1] and not is_dead_right_end(g):
        return False
    return all(is_dead_ending(x) for x in g[0] | g[1])


def murder(n: int) -> Form:
    """M_0 = 0, M_1 = {|0}, M_n = {|0, M_(n-1)}."""
    m = ZERO
    for k in range(1, n + 1):
        m = (frozenset(), frozenset([ZERO]) if k == 1 else frozenset([ZERO, m]))
    return m


def day2(pred: Callable[[Form], bool]) -> list[Form]:
    return sorted({g for g in brute.born_by(2) if pred(g)}, key=repr)


def random_members(pred: Callable[[Form], bool], count: int, seed: int,
                   pool: list[Form] | None = None, max_options: int = 3) -> list[Form]:
    """``count`` distinct random members {A|B} with options from ``pool`` (default: day 2)."""
    rng = random.Random(seed)
    pool = pool if pool is not None else day2(pred)
    out: set[Form] = set()
    tries = 0
    while len(out) < count and tries < 100 * count:
        tries += 1
        a = frozenset(rng.sample(pool, rng.randint(0, max_options)))
        b = frozenset(rng.sample(pool, rng.randint(0, max_options)))
        g = (a, b)
        if pred(g):
            out.add(g)
    return sorted(out, key=repr)


def outcome_vector(g: Form, tests: Iterable[tuple[Form, ...]]) -> tuple[str, ...]:
    """Outcomes of g + X for every test X (each X a tuple of components)."""
    return tuple(brute.outcome((g,) + x) for x in tests)


def vector_ge(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return all(brute.outcome_ge(x, y) for x, y in zip(a, b))


def show(g: Form) -> str:
    """Explicit notation of a form (readable by ``misere.parse``)."""
    if g == ZERO:
        return "0"
    lo = ",".join(sorted(show(x) for x in g[0]))
    ro = ",".join(sorted(show(x) for x in g[1]))
    return "{" + lo + "|" + ro + "}"
