"""Property-based checks of general misère play over random small games (Siegel 003)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from tests.oracle import brute
from tests.strategies import games

TEST_GAMES = [brute.read(g.explicit()) for g in m.born_by(2)]


def _o(*gs: m.Game) -> str:
    return brute.outcome([brute.read(g.explicit()) for g in gs])


@given(games(3), st.lists(games(2), min_size=1, max_size=3))
def test_canonical_keeps_outcomes_in_sums(g: m.Game, xs: list[m.Game]) -> None:
    c = m.canonical(g)
    assert m.canonical(c) == c
    assert _o(g, *xs) == _o(c, *xs)


@given(games(3), games(3))
@settings(max_examples=40)
def test_ge_never_contradicted_and_witnesses_verified(g: m.Game, h: m.Game) -> None:
    c = m.comparison(g, h)
    G, H = brute.read(g.explicit()), brute.read(h.explicit())
    if c.ge:
        for x in TEST_GAMES[::7]:
            assert brute.outcome_ge(brute.outcome([G, x]), brute.outcome([H, x]))
    else:
        x = brute.read(c.not_ge_witness.explicit())
        assert not brute.outcome_ge(brute.outcome([G, x]), brute.outcome([H, x]))
    if not c.le:
        x = brute.read(c.not_le_witness.explicit())
        assert not brute.outcome_ge(brute.outcome([H, x]), brute.outcome([G, x]))


@given(games(3))
def test_adjoint_sum_is_p(g: m.Game) -> None:  # 003 Prop 3.3
    assert _o(g, g.adjoint()) == "P"


@given(games(3), games(3))
def test_conjugation_reverses_order(g: m.Game, h: m.Game) -> None:
    assert (g >= h) == (~h >= ~g)
    if g >= h:
        assert m.ge(g, h, universe="normal")  # 003 Thm 7.1


@given(games(3), games(2))
def test_distinguish(g: m.Game, h: m.Game) -> None:
    x = m.distinguish(g, h)
    if x is None:
        assert m.canonical(g) == m.canonical(h)
    else:
        assert _o(g, x) != _o(h, x)
