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
    assert _check(day3[:25], tests_x) == 0


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


def test_undecided_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    g = m.parse("{{-1,1|-1,1},{-1,1|-1},{0|0,-1,1}|-2,{0,-1,1|-1,1},{0|0,-1,1}}")
    h = m.parse("{{0,-1,1|-1},{0,-1,1|0},{0,-1|1}|{1|0,-1,1}}")
    monkeypatch.setattr(pf, "decide", lambda a, b: None)
    with pytest.raises(UnsupportedError, match="undecided modulo p-free"):
        pf.ge(g.id, h.id)


def test_maintenance_decides_the_old_sample_pair(tests_x: list) -> None:
    """The one pair of the 3,600-pair day-3 sample that the lemmas alone left undecided: G ≥ H is
    proved by the proviso and maintenance (:func:`p_free._maintained_positive`), H ≱ G has a
    witness; brute force over the test games agrees."""
    g = form(m.parse("{{-1,1|-1,1},{-1,1|-1},{0|0,-1,1}|-2,{0,-1,1|-1,1},{0|0,-1,1}}").id)
    h = form(m.parse("{{0,-1,1|-1},{0,-1,1|0},{0,-1|1}|{1|0,-1,1}}").id)
    assert pf.decide(gid(g), gid(h)) is True and pf.decide(gid(h), gid(g)) is False
    assert _check([g, h], tests_x) == 0


def _values_check(picks: list[int], tests_x: list) -> tuple[int, int]:
    """:func:`p_free.values_from` against brute force: every member {A|B} (A, B sets of picks,
    membership from the definitions) has the outcome vector of its class; distinct classes are
    told apart by a witness re-checked by brute force."""
    vals, count = pf.values_from(picks)
    fs = [form(p) for p in picks]
    subs = [[f for i, f in enumerate(fs) if k >> i & 1] for k in range(1 << len(fs))]
    members = [(frozenset(a), frozenset(b)) for a in subs for b in subs]
    members = [f for f in members if member(f)]
    assert len(members) == count
    vec = {v: uo.outcome_vector(form(v), tests_x) for v in vals}
    for f in members:
        r = [v for v in vals if PF.eq(gid(f), v)]
        assert len(r) == 1 and uo.outcome_vector(f, tests_x) == vec[r[0]], uo.show(f)
    for a in vals:
        for b in vals:
            if a != b and not PF.ge(a, b):
                x = form(PF.verified_witness(a, b))
                assert member(x)
                assert not brute.outcome_ge(brute.outcome((form(a), x)), brute.outcome((form(b), x)))
    return len(vals), count


def test_values_from_small_picks(tests_x: list) -> None:
    """CI version of the day-3 count: options among -1, 0, 1 (the day-2 members: 5 values of
    55) and among -2, 0, 2 (6 values of 47 members, born by day 3)."""
    assert _values_check([pf.integer(n) for n in (-1, 0, 1)], tests_x) == (5, 55)
    assert _values_check([pf.integer(n) for n in (-2, 0, 2)], tests_x) == (6, 47)


@pytest.mark.slow
def test_day3_values(tests_x: list) -> None:
    """10 values modulo pf(ℬ) born by day 3, from 943 members; every pair decided."""
    picks = pf.option_picks(2)
    assert sorted(str(m.Game._of(p)) for p in picks) == ["-1", "-2", "0", "1", "2"]
    assert _values_check(picks, tests_x) == (10, 943)
    assert len(PF.born_by(3)) == 10
