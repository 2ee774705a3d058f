"""The game core: interning, sums, conjugates, predicates and outcomes against brute force."""
from __future__ import annotations

import pickle

import pytest
from hypothesis import given

import misere as m
from tests.oracle import brute
from tests.strategies import games


def test_interning_gives_identity() -> None:
    assert m.game(["0", "*", "0"], ["*"]) == m.parse("{*,0|*}")
    assert m.parse("{0|*}").id == m.parse("^").id
    assert len({m.parse("*+*"), m.parse("{*|*}"), m.parse("2.*")}) == 1


def test_games_are_immutable_and_picklable() -> None:
    g = m.parse("{0,*|1}")
    with pytest.raises(AttributeError):
        g.x = 1  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(g)) == g


@pytest.mark.parametrize(
    "text, misere_outcome, normal_outcome",
    [("0", "N", "P"), ("*", "P", "N"), ("1", "R", "L"), ("-1", "L", "R"), ("*2", "N", "N"),
     ("*+*", "N", "P"), ("^", "R", "L"), ("{0,*|*}", "N", "L"), ("2", "R", "L")],
)
def test_outcomes(text: str, misere_outcome: str, normal_outcome: str) -> None:
    assert m.outcome(text) == misere_outcome
    assert m.outcome(text, normal=True) == normal_outcome


def test_outcome_order() -> None:
    L, N, P, R = (m.Outcome(x) for x in "LNPR")
    assert L > N > R and L > P > R
    assert not N >= P and not P >= N
    assert N.conjugate() == N and L.conjugate() == R


def test_predicates() -> None:
    assert m.parse("{*|*}").is_dicot() and not m.parse("{*|}").is_dicot()
    assert m.parse("*3").is_impartial() and not m.parse("^").is_impartial()
    assert m.parse("{|0,-1}").is_dead_end() and m.parse("-2").is_dead_end()
    assert not m.parse("{|*}").is_dead_end()
    assert m.parse("{1|*}").is_dead_ending() and not m.parse("{{*|}|}").is_dead_ending()
    assert m.parse("{0|0}").is_alternating() and not m.parse("2").is_alternating()
    assert m.parse("1").is_alternating()
    assert sorted(str(x) for x in m.parse("{1|*}").followers()) == ["*", "0", "1", "{1|*}"]


@given(games(3), games(2), games(2))
def test_outcomes_agree_with_brute_force(g: m.Game, h: m.Game, k: m.Game) -> None:
    forms = [brute.read(x.explicit()) for x in (g, h, k)]
    for misere_play in (True, False):
        expected = brute.outcome(forms, misere=misere_play)
        assert m.outcome_of_sum([g, h, k], normal=not misere_play) == expected
        assert m.outcome(g + h + k, normal=not misere_play) == expected


@given(games(3), games(3))
def test_sum_and_conjugate_forms(g: m.Game, h: m.Game) -> None:
    assert g + h == h + g
    assert ~~g == g
    assert ~(g + h) == ~g + ~h
    assert brute.read((~g).explicit()) == brute.conj(brute.read(g.explicit()))
    assert (g + h).birthday == g.birthday + h.birthday


def test_multiples() -> None:
    g = m.parse("{1|*}")
    assert 3 * g == g + g + g == m.parse("3.{1|*}")
    assert -2 * g == ~g + ~g
    assert 0 * g == m.parse("0")


def test_node_limit_fails_cleanly() -> None:
    from misere.core import table
    from misere.errors import ComputationLimitError

    old = table.set_node_limit(table.size() + 50)
    try:
        with pytest.raises(ComputationLimitError, match="distinct game forms"):
            m.parse("9.{1,*|*2,-1}")
    finally:
        table.set_node_limit(old)


def test_deep_games_fail_cleanly() -> None:
    from misere.errors import ComputationLimitError

    assert m.outcome("100000") == "R" and str(m.parse("100000")) == "100000"
    with pytest.raises(ComputationLimitError, match="too deep"):
        m.canonical("30000")


def test_followers_of_several_games_walk_once() -> None:
    from misere.core.ops import followers, options

    a, b = m.parse("{1|*}").id, m.parse("{*|-1,{1|*}}").id
    both = list(followers(a, b))
    assert len(both) == len(set(both))
    assert set(both) == set(followers(a)) | set(followers(b))
    assert both[:len(list(followers(a)))] == list(followers(a))  # the first game's walk first
    seen: set[int] = set()
    for x in both:  # options before parents
        assert all(y in seen for y in options(x))
        seen.add(x)
