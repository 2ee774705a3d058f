"""Generalized simplest forms modulo ℰ (Siegel arXiv 2312.16259 §5) against brute force.

Outcomes of sums with tombstones come from :mod:`tests.oracle.tomb_oracle`, which shares
nothing with ``misere``. Test games X: every dead-ending form born by day 2, perfect murders
``M_1..M_3`` and conjugates, seeded random day-3 members.
"""
from __future__ import annotations

import random

import pytest

import misere as m
from misere.core.table import GameId
from misere.universes import dead_ending as de
from misere.universes import dead_ending_simplest as s
from tests.oracle import brute
from tests.oracle import tomb_oracle as to
from tests.oracle import universe_oracle as uo

E = m.find_universe("dead-ending")


def gid(f: uo.Form) -> GameId:
    return m.parse(uo.show(f)).id


def oracle_form(a: s.AugId) -> to.Aug:
    return (frozenset(oracle_form(x) for x in s.aug_left(a)),
            frozenset(oracle_form(x) for x in s.aug_right(a)), s.tomb_left(a), s.tomb_right(a))


@pytest.fixture(scope="module")
def day2() -> list[uo.Form]:
    return uo.day2(uo.is_dead_ending)


@pytest.fixture(scope="module")
def tests_x(day2: list[uo.Form]) -> list[to.Aug]:
    ms = [uo.murder(n) for n in (1, 2, 3)]
    xs = day2 + ms + [brute.conj(x) for x in ms]
    xs += uo.random_members(uo.is_dead_ending, 30, seed=11, pool=day2)
    return [to.lift(x) for x in xs]


def test_simplest_forms_day2_unique_and_equivalent(day2: list[uo.Form], tests_x: list[to.Aug]) -> None:
    """Thm 5.18: equal modulo ℰ iff identical simplest forms; each simplest form has the
    outcomes of its game against every test X (tombstones read by the oracle)."""
    ids = [gid(f) for f in day2]
    simp = {g: s.simplest(g) for g in ids}
    red = {g: E.reduce(g) for g in ids}
    assert len(set(simp.values())) == len(set(red.values())) == 196
    for g in ids:
        for h in ids:
            assert (simp[g] == simp[h]) == (red[g] == red[h])
    for f, g in zip(day2, ids):
        a, x0 = oracle_form(simp[g]), to.lift(f)
        assert all(to.outcome((a, x)) == to.outcome((x0, x)) for x in tests_x), uo.show(f)


def test_tombstones_appear() -> None:
    """004's substitution ``{· | M_n}`` becomes a tombstone: ``{*,0|1}`` is ``{0,†|1}``, and
    ``{-1|1}`` is ``0`` after replacement and erasure (Lemmas 5.14, 5.16)."""
    assert s.format_aug(s.simplest(m.parse("{*,0|1}").id)) == "{0,†|1}"
    assert s.format_aug(s.simplest(m.parse("{-1|1}").id)) == "0"
    assert s.format_aug(s.simplest(m.parse("*+*").id)) == "{*|*}"


def test_aug_ge_is_thm17_on_ordinary_forms(day2: list[uo.Form]) -> None:
    ids = [gid(f) for f in day2[::3]]
    for g in ids:
        for h in ids:
            assert s.aug_ge(s.from_game(g), s.from_game(h)) == de.ge(g, h)


def test_strong_against_all_dead_left_ends_day3(day2: list[uo.Form]) -> None:
    """``X = 0`` and ``X = M_b`` decide Left-strength of augmented forms (simplest forms of all
    day-2 and 40 random day-3 members, and their followers): checked against every dead Left
    end born by day 3 and ``M_4``."""
    ends = [f for f in brute.born_by(2) if uo.is_dead_left_end(f)]
    ends3 = {(frozenset(), frozenset(c)) for c in _subsets(ends)} | set(ends) | {uo.murder(4)}
    xs = [to.lift(x) for x in ends3]
    day3 = uo.random_members(uo.is_dead_ending, 40, seed=13, pool=day2)
    forms = {s.simplest(gid(f)) for f in day2 + day3}
    forms |= {x for a in list(forms) for x in s.followers(a)}
    assert sum(s.tomb_left(a) for a in forms) >= 10
    for a in forms:
        o = oracle_form(a)
        assert s.strong_left(a) == all(to.left_wins_first((o, x)) for x in xs), s.format_aug(a)


def _subsets(items: list) -> list[list]:
    out: list[list] = [[]]
    for x in items:
        out += [c + [x] for c in out]
    return out


def test_simplest_day3_random_agrees_with_reduced_forms(day2: list[uo.Form], tests_x: list[to.Aug]) -> None:
    """On random day-3 members: simplest(G) = simplest(reduce(G)), equality agrees with 004's
    reduced forms, and the simplest form keeps G's outcomes against the test games."""
    members = uo.random_members(uo.is_dead_ending, 40, seed=5, pool=day2)
    ids = [gid(f) for f in members]
    for f, g in zip(members, ids):
        a = s.simplest(g)
        assert a == s.simplest(E.reduce(g))
        o = oracle_form(a)
        assert all(to.outcome((o, x)) == to.outcome((to.lift(f), x)) for x in tests_x[::4])
    rng = random.Random(3)
    for _ in range(300):
        g, h = rng.choice(ids), rng.choice(ids)
        assert (s.simplest(g) == s.simplest(h)) == (E.reduce(g) == E.reduce(h))


def test_simplest_rejects_bad_input() -> None:
    with pytest.raises(m.errors.InvalidArgumentError):
        s.simplest("0")  # type: ignore[arg-type]
