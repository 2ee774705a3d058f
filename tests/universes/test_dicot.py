"""The dicot universe 𝒟 (004 Thm 16, Thms 19-24; 001 ch. 4), checked against brute force.

Every reported ``G ≥_𝒟 H`` must survive all test dicots X (all day-2 dicots, all sums of two of
them, seeded random day-3 dicots); every ``G ≱_𝒟 H`` must carry a witness that the oracle
confirms is a dicot with ``o(G+X) ≱ o(H+X)``; reduced forms keep every outcome vector.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given

import misere as m
from misere.universes import dicot
from tests.oracle import brute
from tests.oracle import universe_oracle as uo
from tests.universes.strategies_universes import dicots

D = m.find_universe("dicot")


def form(g: m.Game) -> uo.Form:
    return brute.read(g.explicit())


def game(f: uo.Form) -> m.Game:
    return m.parse(uo.show(f))


@pytest.fixture(scope="module")
def members() -> list[uo.Form]:
    """All 10 dicot forms born by day 2 and 40 random day-3 dicots."""
    d2 = uo.day2(uo.is_dicot)
    assert len(d2) == 10
    return d2 + uo.random_members(uo.is_dicot, 40, seed=3, pool=d2)


@pytest.fixture(scope="module")
def tests_x() -> list[tuple[uo.Form, ...]]:
    d2 = uo.day2(uo.is_dicot)
    xs = [(x,) for x in d2] + list(combinations_with_replacement(d2, 2))
    xs += [(x,) for x in uo.random_members(uo.is_dicot, 60, seed=11, pool=d2)]
    return xs


@pytest.fixture(scope="module")
def vectors(members: list[uo.Form], tests_x: list[tuple[uo.Form, ...]]) -> dict:
    return {g: uo.outcome_vector(g, tests_x) for g in members}


def test_day2_values_and_order() -> None:
    values = m.born_by(2, universe="dicot")
    assert len(values) == 9  # 001 §4.3: 0, * and seven day-2 dicots ({*|*} = 0)
    assert m.canonical("{*|*}", universe="D") == m.parse("0")
    strict = sum(1 for g in values for h in values if g != h and m.ge(g, h, "dicot"))
    assert strict == 16  # 001 Thm 4.3.2 + hand-tying (notes Part 3.2)


def test_day3_count() -> None:
    # no paper prints it; the thesis's bound is 5032 (001 §4.4), the notes' 2392
    assert m.count_born_by(3, universe="dicot") == 1268


@pytest.mark.parametrize("text, reduced", [
    ("{*|*}", "0"),                      # R5 (004 Thm 24)
    ("{0,{*|0}|*}", "{0,*|*}"),          # R4 (algorithms.md §B.3)
    ("{v|^}", "0"), ("{^*|v*}", "0"),    # 001 Thm 4.2.5
    ("{0|0,*2}", "*"),
    ("{0,*|*}", "{0,*|*}"),
])
def test_reduced_forms(text: str, reduced: str) -> None:
    assert str(m.canonical(text, universe="dicot")) == str(m.parse(reduced))


def test_soundness_all_pairs(members: list[uo.Form], vectors: dict) -> None:
    ids = {g: game(g).id for g in members}
    for g in members:
        for h in members:
            a, b = ids[g], ids[h]
            if dicot.ge(a, b):
                assert uo.vector_ge(vectors[g], vectors[h]), (uo.show(g), uo.show(h))
            else:
                x = form(m.Game._of(D.verified_witness(a, b)))
                assert uo.is_dicot(x)
                assert not brute.outcome_ge(brute.outcome((g, x)), brute.outcome((h, x)))


def test_reduction_sound_and_unique(members: list[uo.Form], vectors: dict,
                                    tests_x: list[tuple[uo.Form, ...]]) -> None:
    reduced = {}
    for g in members:
        r = m.canonical(game(g), universe="dicot")
        rf = form(r)
        assert uo.is_dicot(rf)
        assert uo.outcome_vector(rf, tests_x) == vectors[g]
        assert m.canonical(r, universe="dicot") == r
        reduced[g] = r
    for g in members:
        for h in members:
            if m.compare(game(g), game(h), "dicot") == "=":
                assert reduced[g] == reduced[h]


def test_witnesses_are_small_dicots() -> None:
    x = m.distinguish("{0,*|*}", "0", universe="dicot")
    assert x is not None and x.is_dicot()
    assert m.distinguish("{*|*}", "0", universe="dicot") is None
    with pytest.raises(m.MisereError, match="not in the dicot universe"):
        m.compare("1", "0", universe="dicot")


@given(dicots(), dicots())
def test_property_ge_and_witness(g: m.Game, h: m.Game) -> None:
    d2 = uo.day2(uo.is_dicot)
    fg, fh = form(g), form(h)
    if m.ge(g, h, "dicot"):
        for x in d2:
            assert brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))
    else:
        x = form(m.Game._of(D.verified_witness(g.id, h.id)))
        assert uo.is_dicot(x)
        assert not brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))


@given(dicots())
def test_property_reduce_keeps_outcomes(g: m.Game) -> None:
    r = m.canonical(g, universe="dicot")
    assert r.birthday <= g.birthday
    for x in uo.day2(uo.is_dicot):
        assert brute.outcome((form(g), x)) == brute.outcome((form(r), x))


@pytest.mark.slow
def test_day3_values_sample_sound() -> None:
    """Random pairs of reduced day-3 values against day-2 test games and sums of two."""
    import random

    values = m.born_by(3, universe="dicot")
    rng = random.Random(5)
    d2 = uo.day2(uo.is_dicot)
    xs = [(x,) for x in d2] + list(combinations_with_replacement(d2, 2))
    for _ in range(300):
        g, h = rng.choice(values), rng.choice(values)
        fg, fh = form(g), form(h)
        if m.ge(g, h, "dicot"):
            assert uo.vector_ge(uo.outcome_vector(fg, xs), uo.outcome_vector(fh, xs))
        else:
            x = form(m.Game._of(D.verified_witness(g.id, h.id)))
            assert uo.is_dicot(x)
            assert not brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))


def test_day3_option_sets_are_the_49_antichains() -> None:
    """notes Part 3.4: the 16-relation order on the nine day-2 values has 49 non-empty antichains
    (the thesis's 71 option sets per side were built from a partial list of relations)."""
    from misere.universes.base import antichains

    day2 = [g.id for g in m.born_by(2, universe="dicot")]
    assert len([c for c in antichains(day2, dicot.ge) if c]) == 49


def test_day3_values_pairwise_distinct_by_outcomes() -> None:
    """Lower bound for the day-3 count: the 1268 reduced values have pairwise different outcome
    vectors against the day-2 values plus distinguishing dicots (outcomes from the core only)."""
    from collections import defaultdict

    from misere.core.outcome import sum_outcome

    values = D.born_by(3)
    tests = list(D.born_by(2))
    groups = defaultdict(list)
    for g in values:
        groups[tuple(sum_outcome((g, x)) for x in tests)].append(g)
    for members in groups.values():
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                if all(sum_outcome((a, x)) == sum_outcome((b, x)) for x in tests[9:]):
                    x = D.distinguish(a, b)
                    assert x is not None and m.Game._of(x).is_dicot()
                    tests.append(x)
    assert len({tuple(sum_outcome((g, x)) for x in tests) for g in values}) == len(values) == 1268
