"""The dead-ending universe ℰ (004 Defs 2, 9, Thms 5, 7, 17, 19-28; 001 ch. 5) against brute force.

Test games X range over dead-ending forms born by day 2, perfect murders ``M_1..M_3`` and their
conjugates, and seeded random day-3 members. A reported ``G ≥_ℰ H`` must survive them all; a
``G ≱_ℰ H`` must come with a dead-ending witness the oracle confirms.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given

import misere as m
from misere.universes import dead_ending as de
from tests.oracle import brute
from tests.oracle import universe_oracle as uo
from tests.universes.strategies_universes import dead_ending_games

E = m.find_universe("dead-ending")


def form(g: m.Game) -> uo.Form:
    return brute.read(g.explicit())


def game(f: uo.Form) -> m.Game:
    return m.parse(uo.show(f))


@pytest.fixture(scope="module")
def day2() -> list[uo.Form]:
    d2 = uo.day2(uo.is_dead_ending)
    assert len(d2) == 232  # notes Part 4.1
    return d2


@pytest.fixture(scope="module")
def tests_x(day2: list[uo.Form]) -> list[tuple[uo.Form, ...]]:
    ms = [uo.murder(n) for n in (1, 2, 3)]
    xs = [(x,) for x in day2] + [(x,) for x in ms] + [(brute.conj(x),) for x in ms]
    return xs + [(x,) for x in uo.random_members(uo.is_dead_ending, 60, seed=7, pool=day2)]


def _members(day2: list[uo.Form], k: int, seed: int) -> list[uo.Form]:
    rng = random.Random(seed)
    named = [brute.read(m.parse(t).explicit()) for t in ("0", "*", "1", "-1", "{*|*}", "{-1|1}")]
    return sorted(set(named + rng.sample(day2, k)
                      + uo.random_members(uo.is_dead_ending, k // 3, seed=seed, pool=day2)), key=repr)


def _check_pairs(members: list[uo.Form], tests_x: list) -> None:
    vec = {g: uo.outcome_vector(g, tests_x) for g in members}
    ids = {g: game(g).id for g in members}
    for g in members:
        for h in members:
            if de.ge(ids[g], ids[h]):
                assert uo.vector_ge(vec[g], vec[h]), (uo.show(g), uo.show(h))
            else:
                x = form(m.Game._of(E.verified_witness(ids[g], ids[h])))
                assert uo.is_dead_ending(x)
                assert not brute.outcome_ge(brute.outcome((g, x)), brute.outcome((h, x)))
        r = m.canonical(game(g), universe="E")
        assert uo.is_dead_ending(form(r))
        assert uo.outcome_vector(form(r), tests_x) == vec[g]
        assert m.canonical(r, universe="E") == r


def test_soundness_sample(day2: list[uo.Form], tests_x: list) -> None:
    _check_pairs(_members(day2, 45, seed=1), tests_x)


@pytest.mark.slow
def test_soundness_all_day2(day2: list[uo.Form], tests_x: list) -> None:
    _check_pairs(day2, tests_x)


def test_reduced_forms_unique(day2: list[uo.Form]) -> None:
    games = [game(g) for g in day2]
    red = {g: m.canonical(g, universe="E") for g in games}
    values = set(red.values())
    assert len(values) == len(m.born_by(2, universe="E")) == 196
    vs = sorted(values, key=lambda g: g.id)
    for i, g in enumerate(vs):
        for h in vs[i + 1:]:
            assert m.compare(g, h, "E") != "="


def test_perfect_murders() -> None:
    ms = [de.perfect_murder(n) for n in range(5)]
    assert [str(m.Game._of(x)) for x in ms[:3]] == ["0", "-1", "{|0,-1}"]
    assert [uo.show(uo.murder(n)) for n in range(3)] == [m.Game._of(x).explicit() for x in ms[:3]]
    assert [m.Game._of(x).outcome().value for x in ms] == list("NLLLL")  # 004 Obs 3
    for n in range(1, 4):  # 004 Lemma 4 (n >= 1 only: algorithms.md §C.2)
        assert de.ge(ms[n], ms[n + 1])
    assert E.compare(ms[0], ms[1]) == "||"


def test_strong_outcome_against_brute_force(day2: list[uo.Form]) -> None:
    """004 Thm 7 (with the min of algorithms.md §C.3) vs the minimum over all dead Left ends
    born by day 3."""
    left_ends = [x for x in uo.random_members(uo.is_dead_left_end, 40, seed=2, pool=day2)
                 if uo.is_dead_left_end(x)] + [x for x in day2 if uo.is_dead_left_end(x)]
    rng = random.Random(4)
    for g in rng.sample(day2, 60) + uo.random_members(uo.is_dead_ending, 20, seed=9, pool=day2):
        lf = all(brute.outcome((g, x)) in "LN" for x in left_ends)
        assert de.strong_left(game(g).id) == lf, uo.show(g)


@pytest.mark.parametrize("text, reduced", [
    ("{*,0|1}", "{-1,0|1}"),                         # algorithms.md §C.6 example 1 (E5)
    ("{{*,0,1|-1}|{-1|0}}", "{-2|{-1|0}}"),          # §C.6 example 2 (E5, n = 1)
    ("{-1|1}", "0"),                                 # E4
    ("{*|*}", "{*|*}"),                              # *+* is not 0 mod E
])
def test_reduced_examples(text: str, reduced: str) -> None:
    assert m.canonical(text, universe="dead-ending") == m.parse(reduced)


def test_integers_and_numbers() -> None:
    for a in range(-3, 4):
        for b in range(-3, 4):
            assert m.compare(str(a), str(b), "E") == ("=" if a == b else "||")  # 001 Thm 5.3.5
    assert m.compare("1", "1/2", "E") == ">"       # 001 Thm 5.4.12 (corrected)
    assert m.compare("3/4", "1/2", "E") == "||"
    assert m.compare("-1/2", "-1", "E") == ">"


@given(dead_ending_games(), dead_ending_games())
def test_property_ge(g: m.Game, h: m.Game) -> None:
    xs = [form(m.parse(t)) for t in ("0", "*", "1", "-1", "2", "-2", "{1|0}", "{0|-1}", "^")]
    xs += [uo.murder(2), brute.conj(uo.murder(2))]
    fg, fh = form(g), form(h)
    if m.ge(g, h, "E"):
        for x in xs:
            assert brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))
    else:
        x = form(m.Game._of(E.verified_witness(g.id, h.id)))
        assert uo.is_dead_ending(x)
        assert not brute.outcome_ge(brute.outcome((fg, x)), brute.outcome((fh, x)))


@given(dead_ending_games())
def test_property_reduce(g: m.Game) -> None:
    r = m.canonical(g, universe="E")
    assert r.is_dead_ending() and r.birthday <= g.birthday  # 004 Thm 33
    for t in ("0", "*", "1", "-1", "{1|0}", "{0|-1}", "^", "2"):
        x = form(m.parse(t))
        assert brute.outcome((form(g), x)) == brute.outcome((form(r), x))


def test_fundamental_options() -> None:
    """004 Def 25 on algorithms.md §C.6 example 1: in {*,0|1} the option * is fundamental."""
    g = m.parse("{*,0|1}")
    assert de.strong_left(g.id)
    assert de.is_fundamental(g.id, m.parse("*").id)
    assert not de.is_fundamental(m.parse("{*|0}").id, m.parse("*").id)  # the only Left option
    with pytest.raises(ValueError):
        de.perfect_murder(-1)


def test_thm17_full_form_agrees_with_proviso_form() -> None:
    """004 Thm 17 with condition 1 as strong-outcome inequalities gives the same relation as the
    proviso form used by the library (algorithms.md §C.4), on all day-2 values."""
    from misere.universes.options_only import maintained

    values = [g.id for g in m.born_by(2, universe="E")]
    for g in values:
        for h in values:
            full = (
                (de.strong_left(g) or not de.strong_left(h))
                and (not de.strong_right(g) or de.strong_right(h))
                and maintained(g, h, de.ge)
            )
            assert full == de.ge(g, h)
