"""The impartial universe through the public API: ``ge`` is equality, witnesses discriminate.

Soundness against brute force: every "=" survives many impartial X, every "||" carries a
witness the independent oracle confirms.
"""
from __future__ import annotations

from itertools import combinations

import pytest

import misere as m
from misere.errors import NotInUniverseError, UnknownUniverseError
from tests.impartial import brute_impartial as brute


def bform(g: m.Game) -> frozenset:
    return brute.from_explicit(g.explicit())


def test_lookup_by_name_and_alias() -> None:
    assert m.find_universe("I").name == "impartial"
    assert m.find_universe("impartial").name == "impartial"
    assert "impartial" in m.universe_names() and "alternating" in m.universe_names()
    with pytest.raises(UnknownUniverseError):
        m.find_universe("impartialx")


def test_compare_is_equality_or_incomparable() -> None:
    assert m.compare("*+*", "0", universe="impartial") == "="
    assert m.compare("*2+*", "*3", universe="impartial") == "="
    assert m.compare("*", "0", universe="impartial") == "||"
    assert m.compare("*2", "*3", universe="impartial") == "||"
    assert m.ge("*+*", "0", universe="impartial")
    assert not m.ge("*2", "0", universe="impartial")


def test_membership_is_checked() -> None:
    with pytest.raises(NotInUniverseError, match="impartial"):
        m.compare("1", "0", universe="impartial")
    with pytest.raises(NotInUniverseError):
        m.canonical("{0|*}", universe="impartial")


def test_canonical_and_star_list_input() -> None:
    assert str(m.canonical("*[*2,*]", universe="impartial")) == "0"
    assert m.canonical("*2+*2", universe="impartial") == m.parse("*[*3,*2]")
    assert m.parse("*[*2,*]") == m.parse("{*2,*|*2,*}")
    assert m.parse("*[]") == m.parse("0")


def test_born_by_and_counts() -> None:
    assert [len(m.born_by(d, universe="impartial")) for d in range(5)] == [1, 2, 3, 5, 22]
    assert m.count_born_by(4, universe="I") == 22
    assert m.count_born_by(5, universe="impartial") == 4171780


def test_distinguish_on_day4_with_oracle() -> None:
    day4 = m.born_by(4, universe="impartial")
    for g, h in combinations(day4, 2):
        x = m.distinguish(g, h, universe="impartial")
        assert x is not None
        assert brute.outcome([bform(g), bform(x)]) != brute.outcome([bform(h), bform(x)])
        c = m.comparison(g, h, universe="impartial")
        assert c.relation == "||"
    assert m.distinguish("*+*", "0", universe="impartial") is None


def test_equalities_survive_oracle() -> None:
    """Forms reported equal to a day-≤3 canonical form agree with it on many X."""
    forms = brute.forms_born_by(3)
    xs = forms + [brute.add(a, b) for a, b in combinations(forms[:10], 2)]
    games = [m.game([m.parse(_text(x)) for x in f], [m.parse(_text(x)) for x in f]) for f in forms]
    for f, g in zip(forms, games):
        c = m.canonical(g, universe="impartial")
        assert m.compare(g, c, universe="impartial") == "="
        for x in xs:
            assert brute.outcome([f, x]) == brute.outcome([bform(c), x])


def _text(f: frozenset) -> str:
    if not f:
        return "0"
    inner = ",".join(_text(x) for x in f)
    return "{" + inner + "|" + inner + "}"
