"""Genus symbols by mex-with-carrying (002 §11.4, notes §D.4–§D.5), checked against the
definition ``γ_i = G⁻(G + *2 + … + *2)`` computed by brute force."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, strategies as st

from misere.core.notation import explicit
from misere.core.ops import add_all, nimber
from misere.impartial import (
    Genus, Phylum, born_by, canonical, genus, impartial, is_hereditarily_tame, is_tame, is_wild,
    misere_grundy, phylum, tame_sum,
)
from misere.impartial.genus import tame_genus
from tests.impartial import brute_impartial as brute


def to_id(f: frozenset) -> int:
    return impartial([to_id(x) for x in f])


def brute_exponent(f: frozenset, i: int) -> int:
    g = f
    for _ in range(i):
        g = brute.add(g, brute.nim(2))
    return brute.misere_grundy(g)


@pytest.mark.parametrize("n, text", [(0, "0^{120}"), (1, "1^{031}"), (2, "2^{20}"), (3, "3^{31}"),
                                     (4, "4^{46}"), (5, "5^{57}")])
def test_genus_of_nim_heaps(n: int, text: str) -> None:
    assert str(genus(nimber(n))) == text
    assert genus(nimber(n)).is_tame


def test_genus_parse_print_round_trip() -> None:
    for text in ("0^{120}", "3^{0531}", "2^{1420}", "1^{20}", "0^{02}"):
        assert str(Genus.parse(text)) == text
    g = Genus(12, (1, 12, 14, 12, 14))
    assert str(g) == "12^{1,12,14}" and Genus.parse(str(g)) == g
    assert Genus.parse("0^{1202020}") == Genus.parse("0^{120}")
    with pytest.raises(ValueError, match="not a genus"):
        Genus.parse("three")


def test_genus_matches_definition_on_day4_forms() -> None:
    for g in born_by(4):
        f = brute.from_explicit(explicit(g))
        gen = genus(g)
        assert [gen[i] for i in range(6)] == [brute_exponent(f, i) for i in range(6)]


def test_tame_genera_list() -> None:
    tame = {"0^{120}", "1^{031}", "0^{02}", "1^{13}", "2^{20}", "3^{31}", "4^{46}", "5^{57}"}
    for t in tame:
        assert Genus.parse(t).is_tame
    for w in ("2^{1420}", "1^{20}", "0^{420}", "3^{0531}", "0^{31}", "3^{02}"):
        assert not Genus.parse(w).is_tame


def test_nim_positions_have_tame_genera_and_add_tamely() -> None:
    """Fig. 20 correspondence and tame addition (ONAG Thm 73 as quoted in 002 §11.2)."""
    for k in range(1, 4):
        for heaps in combinations_with_replacement(range(5), k):
            s = 0
            for h in heaps:
                s ^= h
            g = genus(add_all(nimber(h) for h in heaps))
            expected = tame_genus(s, ones_only=max(heaps) <= 1)
            assert g == expected, heaps
            total = tame_genus(0, ones_only=True)
            for h in heaps:
                total = tame_sum(total, genus(nimber(h)))
            assert total == expected


def test_tame_sum_rejects_wild() -> None:
    with pytest.raises(ValueError, match="tame"):
        tame_sum(Genus.parse("2^{1420}"), Genus.parse("0^{120}"))


def test_phyla() -> None:
    assert phylum(nimber(3)) == Phylum.NIMHEAP
    two_plus = impartial([nimber(2)])  # 2+ = {*2}: genus 0^{...}
    assert genus(two_plus).plus == 0 and genus(two_plus).minus == 0
    assert phylum(add_all([nimber(2), nimber(3)])) == Phylum.HEREDITARILY_TAME
    assert is_hereditarily_tame(add_all([nimber(2), nimber(2), nimber(3)]))
    wild = [g for g in born_by(4) if is_wild(g)]
    assert wild and all(not is_tame(g) for g in wild)
    assert {phylum(g) for g in born_by(4)} >= {Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME}


def test_hereditary_tameness_agrees_with_cgsuite_pair_test() -> None:
    """With hereditarily tame options, 'tame genus' is CGSuite's (G+, G-) test (notes D.5)."""
    import random

    from misere.core.table import left
    from misere.impartial import normal_grundy, simplify

    day4, rng, seen = born_by(4), random.Random(1), 0
    for _ in range(2000):
        c = simplify([x for x in day4 if rng.random() < 0.3])
        if all(is_hereditarily_tame(x) for x in left(c)):
            seen += 1
            a, b = normal_grundy(c), misere_grundy(c)
            assert is_tame(c) == (a == b or {a, b} == {0, 1})
    assert seen > 100


impartial_forms = st.recursive(
    st.just(frozenset()), lambda inner: st.frozensets(inner, max_size=3), max_leaves=8)


@given(impartial_forms)
def test_property_genus_by_carrying_matches_definition(f: frozenset) -> None:
    g = to_id(f)
    gen = genus(g)
    assert gen.minus == misere_grundy(g)
    assert [gen[i] for i in range(4)] == [brute_exponent(f, i) for i in range(4)]


@given(impartial_forms)
def test_property_genus_is_a_value_invariant(f: frozenset) -> None:
    g = to_id(f)
    assert genus(canonical(g)) == genus(g)
