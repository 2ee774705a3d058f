"""The blocking universe ℬ (DMM 2506.05257 §4; Davies–Milley 2026 Thm 3.1) against brute force.

Membership, blocked ends and outcomes are recomputed here from the definitions (lean-pool
``IsBlockedEnd``/``IsBlocking``) with :mod:`tests.oracle.brute`, sharing no code with ``misere``.
"""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

import misere as m
from misere.universes import blocking as bl
from tests.oracle import brute
from tests.oracle import universe_oracle as uo

B = m.find_universe("blocking")


@lru_cache(maxsize=None)
def blocked_left(g: brute.Form) -> bool:
    return not g[0] and all(blocked_left(r) or any(blocked_left(x) for x in r[0]) for r in g[1])


def blocked_right(g: brute.Form) -> bool:
    return blocked_left(brute.conj(g))


@lru_cache(maxsize=None)
def blocking(g: brute.Form) -> bool:
    if not g[0] and not blocked_left(g) or not g[1] and not blocked_right(g):
        return False
    return all(blocking(x) for x in g[0] | g[1])


def gid(f: brute.Form) -> int:
    return m.parse(uo.show(f)).id


def form(g: int) -> brute.Form:
    return brute.read(m.Game._of(g).explicit())


@pytest.fixture(scope="module")
def day2() -> list[brute.Form]:
    return sorted(set(brute.born_by(2)), key=repr)


@pytest.fixture(scope="module")
def day3(day2: list[brute.Form]) -> list[brute.Form]:
    return uo.random_members(blocking, 60, seed=3, pool=day2)


def test_membership(day2: list[brute.Form]) -> None:
    mixed = uo.random_members(lambda g: True, 150, seed=5, pool=day2)
    assert sum(map(blocking, day2)) == 256 and not all(map(blocking, mixed))
    for f in day2 + mixed:
        assert bl.is_blocking(gid(f)) == blocking(f), uo.show(f)
        assert bl.is_blocked_left_end(gid(f)) == blocked_left(f)
    assert not bl.is_blocking(m.parse("{|2}").id) and bl.is_blocking(m.parse("{|1}").id)


def test_strong_test_against_brute_force(day2: list[brute.Form], day3: list[brute.Form]) -> None:
    """DM 2026 Thm 3.1: on day 2 the test agrees exactly with the 16 blocked Left ends of day 2;
    every failure comes with a blocked Left end X where Left loses G + X moving first."""
    ends = [x for x in day2 + day3 if blocked_left(x)]
    for f in day2 + day3:
        g = gid(f)
        wins = all(brute.outcome((f, x)) in "LN" for x in ends)
        assert bl.strong_left(g) == wins or f in day3 and not bl.strong_left(g), uo.show(f)
        if not bl.strong_left(g):
            w = form(bl.left_strong_witness(g))
            assert blocked_left(w) and blocking(w)
            assert brute.outcome((f, w)) in "RP", uo.show(f)


def _check(members: list[brute.Form], xs: list[brute.Form]) -> None:
    vec = {f: uo.outcome_vector(f, [(x,) for x in xs]) for f in members}
    for f in members:
        for h in members:
            if bl.ge(gid(f), gid(h)):
                assert uo.vector_ge(vec[f], vec[h]), (uo.show(f), uo.show(h))
            else:
                x = form(B.verified_witness(gid(f), gid(h)))
                assert blocking(x)
                assert not brute.outcome_ge(brute.outcome((f, x)), brute.outcome((h, x)))


def test_comparison_sample(day2: list[brute.Form], day3: list[brute.Form]) -> None:
    rng = random.Random(1)
    _check(rng.sample(day2, 25) + day3[:15], day2 + day3[:30])


@pytest.mark.slow
def test_comparison_all_day2_values(day2: list[brute.Form], day3: list[brute.Form]) -> None:
    """Every pair of the 220 values born by day 2: ≥ survives all test games, ≱ has a
    verified blocking witness."""
    _check([form(g) for g in B.born_by(2)], day2 + day3)


def test_counts_by_day(day2: list[brute.Form], day3: list[brute.Form]) -> None:
    """1, 4, 220 values by days 0-2. Brute force: the member forms (1, 4, 256) each have the
    outcome vector of their value over all test games; distinct values are separated by
    verified witnesses (all pairs in the slow test, a sample here)."""
    assert [len(B.born_by(n)) for n in range(3)] == [1, 4, 220]
    assert [sum(map(blocking, brute.born_by(n))) for n in range(3)] == [1, 4, 256]
    vals = B.born_by(2)
    xs = [(x,) for x in day2 + day3[:20]]
    for f in day2:
        r = B.reduce(gid(f))
        assert r in vals and uo.outcome_vector(form(r), xs) == uo.outcome_vector(f, xs)
    rng = random.Random(2)
    for g, h in zip(rng.sample(vals, 60), rng.sample(vals, 60)):
        if g != h:
            x = form(B.distinguish(g, h))
            assert brute.outcome((form(g), x)) != brute.outcome((form(h), x))


@pytest.mark.parametrize("text, reduced", [("{|1}", "0"), ("{-1|*}", "{|*}"), ("{*|*,1}", "{*|}"),
                                           ("{*|*}", "{*|*}")])
def test_reduced_examples(text: str, reduced: str) -> None:
    assert m.canonical(text, universe="blocking") == m.parse(reduced)


def test_invertibility(day2: list[brute.Form]) -> None:
    """DMM §4: 𝒫-free blocking games are invertible modulo ℬ, inverse the conjugate; * is not
    (Davies–Milley 2026: invertible iff equal to a 𝒫-free form)."""
    pfree = [f for f in day2 if all(brute.outcome((y,)) != "P" for y in _followers(f))]
    assert len(pfree) == 55
    for f in pfree:
        r = m.invertibility(uo.show(f), universe="blocking")
        assert r.invertible
    r = m.invertibility("*", universe="blocking")
    assert not r.invertible and r.witness is not None


def _followers(f: brute.Form) -> set[brute.Form]:
    out = {f}
    for x in f[0] | f[1]:
        out |= _followers(x)
    return out


def test_cli_accepts_blocking() -> None:
    assert m.compare("{|1}", "0", universe="B") == "="
    assert m.find_universe("blocking-games") is B
