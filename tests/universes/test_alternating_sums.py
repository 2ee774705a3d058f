"""Sums of two alternating classes against one class (universes/alternating_sums.py).

Every relation ``R_i + R_j ≥ R_k`` that the descent rules or the proviso-and-maintenance rule
prove is checked against the
brute-force oracle on small alternating games X (0, the class representatives, their sums with
small ends, end sums aA + bB + cC): ``o(R_i + R_j + X) ≥ o(R_k + X)`` for every X.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import product

import pytest

from misere.core.ops import add
from misere.universes import alternating as al
from misere.universes.alternating_sums import descent_table, sum_ge_class, sum_order
from tests.oracle import brute
from tests.universes.test_alternating import REPS, SMALL_SAMPLE, bf
from tests.universes.test_alternating_order import _end_parts

U = al.ALTERNATING
TESTS = SMALL_SAMPLE + [tuple(_end_parts(*t)) for t in product(range(-2, 3), repeat=3)]


@lru_cache(maxsize=None)
def sig(parts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(brute.outcome([bf(p) for p in parts] + [bf(x) for x in xs]) for xs in TESTS)


def _sound(triples: list[tuple[int, int, int]]) -> None:
    for i, j, k in triples:
        a, b = sig((REPS[i], REPS[j])), sig((REPS[k],))
        assert all(brute.outcome_ge(x, y) for x, y in zip(a, b)), (al.CLASSES[i].name,
                                                                  al.CLASSES[j].name, al.CLASSES[k].name)


def _proved() -> list[tuple[int, int, int]]:
    return sorted(t for t, v in descent_table(al._single_rep).items() if v)


def test_descent_table_size_and_class_order() -> None:
    proved = _proved()
    assert len(proved) == 1910
    zero = REPS.index(0)
    for i in range(29):  # R_i + 0 >= R_k exactly when the class order says so
        for k in range(29):
            assert ((min(i, zero), max(i, zero), k) in proved) == al.class_ge(REPS[i], REPS[k])


def test_sum_order_extends_descent() -> None:
    order = sum_order(al._single_rep)
    assert len(order) == 2692 and set(_proved()) <= order


def test_sound_sample() -> None:
    proved = _proved()
    _sound(random.Random(3).sample(proved, 20))
    new = sorted(sum_order(al._single_rep) - set(proved))
    _sound(random.Random(4).sample(new, 20))


@pytest.mark.slow
def test_sound_all() -> None:
    _sound(sorted(sum_order(al._single_rep)))


def test_universe_uses_descent() -> None:
    i, j, k = next(t for t in sorted(sum_order(al._single_rep) - set(_proved()))
                   if t[0] != t[1] and REPS[t[0]] and REPS[t[1]])
    g = add(REPS[i], REPS[j])
    assert sum_ge_class([REPS[i], REPS[j]], REPS[k], al._single_rep) and U.ge(g, REPS[k])


def test_the_open_queries() -> None:
    """The 14 queries R_i + R_j ≥ R_k that stay open: none is proved, and no small end sum
    plus representative tells the two sides apart (so none is refuted either, as far as looked)."""
    names = [c.name for c in al.CLASSES]
    open_ = [("{~C|0,A}", "{0,~A|0}", "{~B|0}"), ("{~C|0,A}", "{0|B}", "{0|0,A}"),
             ("{~C|0}", "{0,~A|0,A}", "{~B|0}"), ("{~C|0}", "{0,~A|0}", "{~B|0}"),
             ("{~C|0}", "{0|B}", "{0,~A|0,A}"), ("{~C|0}", "{0|B}", "{0|0,A}"),
             ("{0,~A|0,A}", "{0,~A|0}", "{~B|0}"), ("{0,~A|0,A}", "{0|B}", "{0|C}"),
             ("{0,~A|0,A}", "{0|B}", "{0|0,A}"), ("{0,~A|0}", "{0,~A|0}", "{~B|0}"),
             ("{0,~A|0}", "{0|B}", "{0,~A|C}"), ("{0,~A|0}", "{0|B}", "{0,~A|0,A}"),
             ("{0,~A|0}", "{0|B}", "{0|C}"), ("{0,~A|0}", "{0|B}", "{0|0,A}")]
    order = sum_order(al._single_rep)
    for a, b, c in open_:
        i, j, k = names.index(a), names.index(b), names.index(c)
        assert (min(i, j), max(i, j), k) not in order
    _sound([tuple(names.index(x) for x in open_[0])])  # consistent with brute force on TESTS
