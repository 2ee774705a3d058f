"""pf(ℬ), the 𝒫-free blocking games (DMM 2506.05257 Def 2.2, Lemmas 4.1, 4.2, 4.9), against brute
force: membership and outcomes from the definitions (:mod:`tests.oracle.brute`), every reported
≥ checked against test games, every ≱ witness re-checked and shown to be a member."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

import misere as m
from misere.errors import NotInUniverseError, UnsupportedError
from misere.universes import p_free as pf
from tests.oracle import brute
from tests.oracle import universe_oracle as uo
from tests.universes.test_blocking import blocking, form, gid

PF = m.find_universe("p-free")


@lru_cache(maxsize=None)
def p_free(g: brute.Form) -> bool:
    return brute.outcome((g,)) != "P" and all(p_free(x) for x in g[0] | g[1])


def member(g: brute.Form) -> bool:
    return blocking(g) and p_free(g)


def integer(n: int) -> brute.Form:
    g = brute.ZERO
    for _ in range(abs(n)):
        g = (frozenset([g]), frozenset()) if n > 0 else (frozenset(), frozenset([g]))
    return g


@pytest.fixture(scope="module")
def day2() -> list[brute.Form]:
    return [f for f in sorted(set(brute.born_by(2)), key=repr) if member(f)]


@pytest.fixture(scope="module")
def day3(day2: list[brute.Form]) -> list[brute.Form]:
    return uo.random_members(member, 40, seed=8, pool=day2)


@pytest.fixture(scope="module")
def tests_x(day2: list[brute.Form], day3: list[brute.Form]) -> list[tuple[brute.Form, ...]]:
    rng = random.Random(4)
    sums = [(a, b) for a, b in zip(rng.sample(day3, 20), rng.sample(day2, 20))]
    return [(x,) for x in day2 + day3] + sums + [(integer(n),) for n in (-4, -3, 3, 4)]


def test_membership_and_sums(day2: list[brute.Form]) -> None:
    assert len(day2) == 55 and [sum(map(member, brute.born_by(n))) for n in range(2)] == [1, 3]
    for f in sorted(set(brute.born_by(2)), key=repr):
        assert PF.contains(gid(f)) == member(f), uo.show(f)
    rng = random.Random(6)
    for a, b in zip(rng.sample(day2, 30), rng.sample(day2, 30)):  # DMM Lemma 4.9
        assert p_free(form((m.parse(uo.show(a)) + m.parse(uo.show(b))).id))


def _check(members: list[brute.Form], tests_x: list) -> int:
    vec = {f: uo.outcome_vector(f, tests_x) for f in members}
    undecided = 0
    for f in members:
        for h in members:
            r = pf.decide(gid(f), gid(h))
            if r is None:
                undecided += 1
            elif r:
                assert uo.vector_ge(vec[f], vec[h]), (uo.show(f), uo.show(h))
            else:
                x = form(PF.verified_witness(gid(f), gid(h)))
                assert member(x)
                assert not brute.outcome_ge(brute.outcome((f, x)), brute.outcome((h, x)))
    return undecided


def test_all_day2_pairs_decided(day2: list[brute.Form], tests_x: list) -> None:
    assert _check(day2, tests_x) == 0


def test_day3_sample(day3: list[brute.Form], tests_x: list) -> None:
    assert _check(day3[:25], tests_x) <= 2  # undecided pairs are reported, never guessed


def test_counts_by_day(day2: list[brute.Form], tests_x: list) -> None:
    """1, 3, 5 values by days 0-2 (the integers -n..n). Brute force: the 1, 3, 55 member forms;
    each has the outcome vector of its value; the integers are separated by integer shifts."""
    vals = PF.born_by(2)
    assert [len(PF.born_by(n)) for n in range(3)] == [1, 3, 5]
    assert sorted(str(m.Game._of(v)) for v in vals) == ["-1", "-2", "0", "1", "2"]
    for f in day2:
        r = PF.reduce(gid(f))
        assert r in vals and uo.outcome_vector(form(r), tests_x) == uo.outcome_vector(f, tests_x)
    for a in range(-2, 3):
        for b in range(-2, 3):
            if a != b:
                assert brute.outcome((integer(a), integer(-b))) != brute.outcome((integer(b), integer(-b)))


def test_lemmas_positive(day2: list[brute.Form], tests_x: list) -> None:
    """The lemmas behind :func:`p_free.positive`: Left ends, outcome-L games and Right ends of
    outcome N are ≥ 0 modulo pf(ℬ) — no test game contradicts them."""
    zero = uo.outcome_vector(brute.ZERO, tests_x)
    for f in day2:
        o = brute.outcome((f,))
        if not f[0] or o == "L" or (not f[1] and o == "N"):
            assert pf.positive(gid(f))
            assert uo.vector_ge(uo.outcome_vector(f, tests_x), zero), uo.show(f)


def test_integers_and_errors() -> None:
    assert m.compare("0", "1", universe="p-free") == ">"     # Lean OutcomeStable: 0 ≥ 1 in pf(A)
    assert m.compare("{0,-1|}", "0", universe="pf") == "="
    assert m.canonical("{0,-1|}", universe="pf") == m.parse("0")
    with pytest.raises(NotInUniverseError):
        m.compare("*", "0", universe="p-free")


def test_invertible_members(day2: list[brute.Form]) -> None:
    for f in day2[:20]:
        r = m.invertibility(uo.show(f), universe="p-free")
        assert r.invertible and r.inverse is not None


def test_undecided_is_an_error() -> None:
    g = m.parse("{{-1,1|-1,1},{-1,1|-1},{0|0,-1,1}|-2,{0,-1,1|-1,1},{0|0,-1,1}}")
    h = m.parse("{{0,-1,1|-1},{0,-1,1|0},{0,-1|1}|{1|0,-1,1}}")
    if pf.decide(g.id, h.id) is None:
        with pytest.raises(UnsupportedError, match="undecided modulo p-free"):
            pf.ge(g.id, h.id)
