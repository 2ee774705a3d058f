"""Invertibility modulo a universe (001 Thm 2.4.2, Thm 4.2.2, Prop 4.2.3, §5.3–5.5; 004 §4).

"Invertible" answers are checked by the oracle on sampled test games X of the universe
(``o(G + conj(G) + X) = o(X)``); "not invertible" answers must carry a witness the oracle confirms.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given

import misere as m
from tests.oracle import brute
from tests.oracle import universe_oracle as uo
from tests.universes.strategies_universes import dicots

DAY2_DICOTS = ["0", "*", "^", "v", "^*", "v*", "{0,*|*}", "{*|0,*}", "*2"]


def form(g: m.Game | str) -> uo.Form:
    return brute.read((m.parse(g) if isinstance(g, str) else g).explicit())


@pytest.fixture(scope="module")
def dicot_tests() -> list[tuple[uo.Form, ...]]:
    d2 = uo.day2(uo.is_dicot)
    return ([(x,) for x in d2] + list(combinations_with_replacement(d2, 2))
            + [(x,) for x in uo.random_members(uo.is_dicot, 40, seed=21, pool=d2)])


@pytest.fixture(scope="module")
def dead_tests() -> list[tuple[uo.Form, ...]]:
    d2 = uo.day2(uo.is_dead_ending)
    ms = [uo.murder(n) for n in (1, 2, 3)]
    return [(x,) for x in d2] + [(x,) for x in ms] + [(brute.conj(x),) for x in ms]


def _check(g: m.Game | str, universe: str, tests: list, member) -> m.Invertibility:
    r = m.invertibility(g, universe=universe)
    fg = form(r.game)
    fc = brute.conj(fg)
    if r.invertible:
        for x in tests:
            assert brute.outcome((fg, fc) + x) == brute.outcome(x), (str(r.game), x)
    else:
        w = form(r.witness)
        assert member(w)
        assert brute.outcome((fg, fc, w)) != brute.outcome((w,))
    return r


@pytest.mark.parametrize("text", DAY2_DICOTS)
def test_day2_dicots_mod_d(text: str, dicot_tests: list) -> None:
    r = _check(text, "dicot", dicot_tests, uo.is_dicot)
    assert r.invertible == (text != "*2")  # 001 Lemma 4.3.1
    assert r.conjugate_property and r.non_conjugal == ()


def test_prop_423(dicot_tests: list) -> None:
    r = _check("{0|0,*2}", "dicot", dicot_tests, uo.is_dicot)
    assert r.invertible and r.sufficient_condition is False  # invertible, criterion fails
    # its reduced inverse is * — so {0|0,*2} itself is = * modulo D
    assert str(r.inverse) == "*"
    g, s = form("{0|0,*2}"), form("*")
    assert all(brute.outcome((g,) + x) == brute.outcome((s,) + x) for x in dicot_tests)


@pytest.mark.parametrize("text", DAY2_DICOTS[2:])
def test_day2_dicots_not_invertible_mod_e(text: str, dead_tests: list) -> None:
    r = _check(text, "dead-ending", dead_tests, uo.is_dead_ending)
    assert not r.invertible  # 001 Prop 5.5.1


@pytest.mark.parametrize("text", ["1", "-1", "2", "{0,1|}", "{|0,-1}", "{|-1}", "1/2", "-3/4"])
def test_ends_and_numbers_invertible_mod_e(text: str, dead_tests: list) -> None:
    r = _check(text, "dead-ending", dead_tests, uo.is_dead_ending)
    assert r.invertible and r.inverse == m.canonical(~m.parse(text), universe="E")


def test_general_only_zero() -> None:
    assert m.is_invertible("0")
    for text in ("*", "1", "{*|*}"):
        r = m.invertibility(text)
        assert not r.invertible and r.witness is not None
        fg = form(text)
        assert brute.outcome((fg, brute.conj(fg), form(r.witness))) != brute.outcome((form(r.witness),))


def test_normal_play_inverse_search() -> None:
    r = m.invertibility("^", universe="normal")
    assert r.invertible and r.non_conjugal == () and r.searched_day == 2


def test_membership_error() -> None:
    with pytest.raises(m.MisereError, match="not in the dicot universe"):
        m.is_invertible("1", "dicot")


@given(dicots())
def test_property_thm_422(g: m.Game) -> None:
    r = m.invertibility(g, universe="dicot")
    if r.sufficient_condition:  # 001 Thm 4.2.2 is sufficient
        assert r.invertible
    if not r.invertible:
        w = form(r.witness)
        fg = form(g)
        assert uo.is_dicot(w)
        assert brute.outcome((fg, brute.conj(fg), w)) != brute.outcome((w,))
