"""Normal play alongside misère: order and canonical forms checked against brute force."""
from __future__ import annotations

import pytest
from hypothesis import given

import misere as m
from tests.oracle import brute
from tests.strategies import games


def test_day_counts() -> None:
    assert [len(m.born_by(n, universe="normal")) for n in (0, 1, 2, 3)] == [1, 4, 22, 1474]


@pytest.mark.parametrize(
    "text, canonical",
    [("{*|*}", "0"), ("*+*", "0"), ("{0,*|0}", "^*"), ("{-1|1}", "0"), ("{0|2}", "1"),
     ("1/2 + 1/2", "1"), ("^+^", "{0|^*}"), ("{1|-1} + {1|-1}", "0"), ("*2 + *3", "*")],
)
def test_normal_canonical_forms(text: str, canonical: str) -> None:
    assert str(m.canonical(text, universe="normal")) == canonical


def _ge_by_brute_force(g: m.Game, h: m.Game) -> bool:
    # normal play: G ≥ H iff Left wins G - H when Right starts, i.e. o⁺(G + ~H) ∈ {L, P}
    o = brute.outcome([brute.read(g.explicit()), brute.conj(brute.read(h.explicit()))], misere=False)
    return o in ("L", "P")


def test_order_on_day2_matches_brute_force() -> None:
    day2 = m.born_by(2, universe="normal")
    for g in day2:
        for h in day2:
            assert m.ge(g, h, universe="normal") == _ge_by_brute_force(g, h)


@given(games(3), games(3))
def test_random_order_and_canonical(g: m.Game, h: m.Game) -> None:
    assert m.ge(g, h, universe="normal") == _ge_by_brute_force(g, h)
    c = m.canonical(g, universe="normal")
    assert m.compare(c, g, universe="normal") == "="
    assert c.birthday <= g.birthday
    x = m.distinguish(g, h, universe="normal")
    if x is not None:
        G, H, X = (brute.read(y.explicit()) for y in (g, h, x))
        assert brute.outcome([G, X], misere=False) != brute.outcome([H, X], misere=False)
