"""The theory-first answers of :mod:`misere.universes.symbols` agree with the search on every
integer and nim heap up to size 6 (two independent methods), and answer huge ones at once."""
from __future__ import annotations

import time

import pytest

import misere as m
from misere.core.outcome import Outcome
from misere.errors import NotInUniverseError
from misere.universes import left_dead_end_monoid as mon
from misere.universes import symbols as S

UNIVERSES = ["general", "normal", "dicot", "dead-ending", "left-dead-end", "impartial"]
SMALL = [S.Symbol("int", n) for n in range(-6, 7) if n] + [S.Symbol("nim", n) for n in range(1, 7)]


@pytest.mark.parametrize("s", SMALL, ids=str)
@pytest.mark.parametrize("universe", UNIVERSES)
def test_membership_agrees_with_the_universe(s: S.Symbol, universe: str) -> None:
    known = S.member(s, universe)
    if known is not None:
        assert known == m.find_universe(universe).contains(m.parse(str(s)).id)


@pytest.mark.parametrize("s", SMALL, ids=str)
@pytest.mark.parametrize("universe", UNIVERSES)
def test_canonical_agrees_with_the_search(s: S.Symbol, universe: str) -> None:
    if S.member(s, universe) is False:
        with pytest.raises(NotInUniverseError, match="is not in the"):
            S.canonical(s, universe)
        return
    t = S.canonical(s, universe)
    if t is not None:
        assert str(m.canonical(str(s), universe)) == str(t)
        assert m.parse(str(t)).birthday == t.birthday


def test_the_rules_cover_the_cases_of_the_issue() -> None:
    assert S.canonical(S.Symbol("int", 3), "general") is not None
    assert S.canonical(S.Symbol("nim", 3), "impartial") is not None
    assert S.invertibility(S.Symbol("int", 3), "dead-ending") is not None
    assert S.left_dead_end_factor(S.Symbol("int", -3)) is not None


@pytest.mark.parametrize("s", SMALL, ids=str)
@pytest.mark.parametrize("universe", UNIVERSES)
def test_invertibility_agrees_with_the_search(s: S.Symbol, universe: str) -> None:
    if S.member(s, universe) is False:
        return
    t = S.invertibility(s, universe)
    if t is None:
        return
    r = m.invertibility(str(s), universe)
    assert t.invertible == r.invertible
    assert (t.inverse is None) == (r.inverse is None)
    if t.inverse is not None:
        assert str(t.inverse) == str(r.inverse)
    if t.witness is not None:  # the theory's witness, checked by outcome search
        x = m.parse(t.witness)
        assert t.outcomes == (m.outcome_of_sum([str(s), str(s.conjugate()), x]), m.outcome(x))
        assert t.outcomes[0] != t.outcomes[1]


@pytest.mark.parametrize("n", range(1, 7))
def test_left_dead_end_factor_agrees_with_the_search(n: int) -> None:
    d = S.left_dead_end_factor(S.Symbol("int", -n))
    g = m.parse(str(-n)).id
    name = lambda x: str(m.Game._of(x))  # noqa: E731
    assert d["divisors"] == [name(x) for x in sorted(mon.divisors(g), key=lambda x: (m.Game._of(x).birthday, name(x)))]
    assert d["factorisations"] == [[name(a) for a in f] for f in mon.factorisations(g)]
    assert d["atom"] == mon.is_atom(g) and d["birthday"] == n and d["race"] == n


def test_symbols_are_read_without_building() -> None:
    assert S.parse_symbol("3.-2") == S.Symbol("int", -6)
    assert S.parse_symbol("*7") == S.Symbol("nim", 7)
    assert S.parse_symbol("*2 + *3") is None and S.parse_symbol("1/2") is None
    assert S.parse_symbol("{0|}") == S.Symbol("int", 1)  # a form that is an integer


def test_huge_symbols_are_instant() -> None:
    start = time.perf_counter()
    big = S.Symbol("int", 10 ** 6)
    assert S.canonical(big, "general") == big
    r = S.invertibility(big, "dead-ending")
    assert r.invertible and str(r.inverse) == "-1000000"
    r = S.invertibility(S.Symbol("nim", 10 ** 6), "general")
    assert not r.invertible and r.witness == "0" and r.outcomes == (Outcome.P, Outcome.N)
    assert len(S.left_dead_end_factor(big.conjugate())["divisors"]) == 10 ** 6 + 1
    assert time.perf_counter() - start < 2


PAIRS = [(a, b) for a in SMALL for b in SMALL if a != b and a.kind == b.kind]


@pytest.mark.parametrize("universe", ["general", "dead-ending", "impartial", "dicot"])
def test_distinguishing_games_are_checked_by_outcome_search(universe: str) -> None:
    u = m.find_universe(universe)
    answered = 0
    for s, t in PAIRS:
        if S.member(s, universe) is False or S.member(t, universe) is False:
            continue
        found = S.distinguish(s, t, universe)
        assert found is not None, (s, t)
        x, os_, ot = found
        gx = m.parse(str(x))
        assert u.contains(gx.id)
        assert (os_, ot) == (m.outcome_of_sum([str(s), gx]), m.outcome_of_sum([str(t), gx]))
        assert os_ != ot
        answered += 1
    assert answered >= 30
