"""Conway canonical forms, Grundy values, mates, links and discriminators (002 §6, notes §D).

Checked against the independent brute force of :mod:`tests.impartial.brute_impartial`.
"""
from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, strategies as st

from misere.core.notation import explicit
from misere.core.ops import add, add_all, nimber
from misere.core.table import ZERO, left
from misere.errors import NotInUniverseError
from misere.impartial import (
    born_by, canonical, discriminator, impartial, is_canonical, is_linked, is_p_position, link,
    mate, misere_grundy, normal_grundy, pn_discriminator, simplify,
)
from tests.impartial import brute_impartial as brute


def to_id(f: frozenset) -> int:
    return impartial([to_id(x) for x in f])


def form(g: int) -> frozenset:
    return brute.from_explicit(explicit(g))


DAY3_FORMS = brute.forms_born_by(3)  # 16 forms
TESTS_X = DAY3_FORMS + [brute.add(a, b) for a, b in combinations_with_replacement(DAY3_FORMS[:8], 2)]


def test_grundy_values_of_nim_heaps() -> None:
    assert [misere_grundy(nimber(n)) for n in range(6)] == [1, 0, 2, 3, 4, 5]
    assert [normal_grundy(nimber(n)) for n in range(6)] == [0, 1, 2, 3, 4, 5]
    assert is_p_position(nimber(1)) and not is_p_position(ZERO)


def test_simplify_rules() -> None:
    s, s2, s3 = nimber(1), nimber(2), nimber(3)
    assert simplify([]) == ZERO
    assert simplify([s]) == ZERO  # proviso satisfied: * is P
    assert simplify([s2]) != ZERO  # {*2}: *2 is N, so not 0 (it is 2+ of Fig. 7)
    assert simplify([ZERO, s, s2]) == s3
    assert canonical(add(s2, s)) == s3  # *2 + * = *3 in misère play
    assert canonical(add(s, s)) == ZERO
    assert canonical(add(s2, s2)) == impartial([s3, s2])  # Fig. 7: 2+2 = {3, 2}


def test_non_impartial_is_rejected() -> None:
    from misere.core.ops import ONE

    with pytest.raises(NotInUniverseError, match="not an impartial game"):
        canonical(ONE)


def test_canonical_is_idempotent_on_day4() -> None:
    for g in born_by(4):
        assert is_canonical(g)
        assert all(is_canonical(x) for x in left(g))


def test_canonical_keeps_outcomes_in_sums_all_day3_forms() -> None:
    """Every impartial form born by day 3 equals its canonical form against many X."""
    for f in DAY3_FORMS:
        c = form(canonical(to_id(f)))
        for x in TESTS_X:
            assert brute.outcome([f, x]) == brute.outcome([c, x])


def test_canonical_keeps_outcomes_random_day4_forms() -> None:
    rng = random.Random(4)
    for _ in range(40):
        f = frozenset(x for x in DAY3_FORMS if rng.random() < 0.4)
        c = form(canonical(to_id(f)))
        for x in TESTS_X[:60]:
            assert brute.outcome([f, x]) == brute.outcome([c, x])


def test_bouton_misere_nim_rule() -> None:
    """A Nim position is P iff (all heaps ≤ 1 and an odd number of 1s) or (some heap ≥ 2 and
    nim-sum 0); checked with canonical forms and by brute force (heaps ≤ 4, up to 3 heaps)."""
    for k in range(1, 4):
        for heaps in combinations_with_replacement(range(5), k):
            nim_sum = 0
            for h in heaps:
                nim_sum ^= h
            if max(heaps) <= 1:
                expected = heaps.count(1) % 2 == 1
            else:
                expected = nim_sum == 0
            g = canonical(add_all(nimber(h) for h in heaps))
            assert is_p_position(g) == expected, heaps
            assert (brute.outcome([brute.nim(h) for h in heaps]) == "P") == expected


def test_equal_nim_positions_have_the_same_tame_class() -> None:
    """Equal Nim positions (heaps ≤ 3) share (ones-only, nim-sum); the converse fails:
    ``*2`` and ``*2+*2+*2`` are different canonical forms (they differ modulo all impartial
    games, though not modulo Nim)."""
    pos = [p for k in range(4) for p in combinations_with_replacement(range(4), k)]

    def key(p: tuple[int, ...]) -> tuple[bool, int]:
        s = 0
        for h in p:
            s ^= h
        return (all(h <= 1 for h in p), s)

    canon = {p: canonical(add_all(nimber(h) for h in p)) for p in pos}
    for p, q in combinations(pos, 2):
        if canon[p] == canon[q]:
            assert key(p) == key(q), (p, q)
    assert canon[(2,)] != canon[(2, 2, 2)]
    assert canon[(1, 2)] == canon[(3,)] and canon[(1, 1)] == canon[()]


def test_mate_gives_p_positions() -> None:
    assert mate(ZERO) == nimber(1) and mate(nimber(1)) == ZERO
    for g in born_by(4):
        assert brute.outcome([form(g), form(mate(g))]) == "P"


def test_links_and_discriminators_on_day4_pairs() -> None:
    day4 = born_by(4)
    forms = {g: form(g) for g in day4}
    for g, h in combinations(day4, 2):
        d = discriminator(g, h)
        fd = form(d)
        assert brute.outcome([forms[g], fd]) != brute.outcome([forms[h], fd])
        p = pn_discriminator(g, h)
        assert brute.outcome([forms[g], form(p)]) == "P"
        assert brute.outcome([forms[h], form(p)]) == "N"
        linked = g not in left(h) and h not in left(g)
        assert is_linked(g, h) == linked
        if linked:
            t = form(link(g, h))
            assert brute.outcome([forms[g], t]) == brute.outcome([forms[h], t]) == "P"
        else:
            with pytest.raises(ValueError, match="not linked"):
                link(g, h)


def test_discriminator_of_equal_games_is_refused() -> None:
    with pytest.raises(ValueError, match="equal"):
        discriminator(add(nimber(1), nimber(1)), ZERO)


# --- hypothesis -------------------------------------------------------------------------

impartial_forms = st.recursive(
    st.just(frozenset()),
    lambda inner: st.frozensets(inner, max_size=3),
    max_leaves=10,
)


@given(impartial_forms)
def test_property_canonical_same_outcomes(f: frozenset) -> None:
    g = to_id(f)
    c = canonical(g)
    assert canonical(c) == c
    assert misere_grundy(c) == misere_grundy(g) == brute.misere_grundy(f)
    fc = form(c)
    for x in TESTS_X[:40]:
        assert brute.outcome([f, x]) == brute.outcome([fc, x])


@given(impartial_forms, impartial_forms)
def test_property_discriminator_distinguishes(f1: frozenset, f2: frozenset) -> None:
    g, h = canonical(to_id(f1)), canonical(to_id(f2))
    if g == h:
        return
    d = form(discriminator(g, h))
    assert brute.outcome([f1, d]) != brute.outcome([f2, d])
    assert brute.outcome([f1, form(mate(g))]) == "P"
