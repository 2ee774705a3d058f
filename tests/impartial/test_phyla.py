"""Phyla, parity, parts and partitions of impartial misère forms (phyla.py, parts.py).

Checked on CGSuite's own examples (its MisereCanonicalGame test table, including Norton's
non-unique factorisation of {*4+*2}), and against brute force from the definitions
(:mod:`tests.impartial.brute_impartial`: exhaustive outcomes, Conway's rule on frozensets)
on all forms born by day 4 and sums of two of them.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

from misere.core.notation import explicit, parse_id
from misere.core.ops import STAR
from misere.core.table import ZERO, birthday, left
from misere.impartial import (
    Phylum, add_canonical, format_impartial, all_parts, born_by, canonical, difference, distinguisher, is_even,
    is_extraverted, is_generally_restive, is_generally_tame, is_half_tame,
    is_hereditarily_tame, is_introverted, is_prime, is_restive, is_restless, is_tameable, parts,
    partitions, phylum,
)
from tests.impartial import brute_impartial as brute

# CGSuite's MisereCanonicalGame test table (lib/core/src/test/.../MisereCanonicalGameTestCase),
# written in our notation: input, even, generally tame, half-tame, restive, generally restive,
# restless, tame (= hereditarily), tameable, prime, extraverted, #parts, #partitions
CGSUITE = [
    ("0", 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1),
    ("*", 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1),
    ("*2", 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1),
    ("*[*2]", 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 2, 1),
    ("*[*[*2]]", 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 6, 1),
    ("*2+*2", 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1),
    ("*[*2+*[*2]]", 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 7, 1),
    ("*[*[*2],0]", 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1),
    ("*[*[*2],*]", 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1),
    ("*[*4+*2]", 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 4, 2),
    ("*[*[*[*2]],*[*[*2],*]]", 1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1),
    ("*[*[*[*[*2],0],0,*],*[*[*2]]]", 1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1),
    ("*[*[*[*2],*]+*,*[*[*2],*[*2]+*,*[*[*2],0]]]", 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1),
    ("*[*[*[*2],*2,0],*[*[*2],*3],*]", 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1),
]


@pytest.mark.parametrize("row", CGSUITE, ids=[r[0] for r in CGSUITE])
def test_cgsuite_examples(row: tuple) -> None:
    g = canonical(parse_id(row[0]))
    got = (is_even(g), is_generally_tame(g), is_half_tame(g), is_restive(g),
           is_generally_restive(g), is_restless(g), is_hereditarily_tame(g), is_tameable(g),
           is_prime(g), is_extraverted(g), len(parts(g)), len(partitions(g)))
    assert tuple(int(x) for x in got) == row[1:]


def test_norton_non_unique_factorisation() -> None:
    """{*4+*2} = *2 + A = *4 + B with A, B prime (CGSuite's misère tutorial); checked by
    brute-force addition and Conway's rule on frozensets."""
    g = canonical(parse_id("*[*4+*2]"))
    ps = partitions(g)
    assert len(ps) == 2
    heads = sorted(p[0] if p[0] in (parse_id("*2"), parse_id("*4")) else p[1] for p in ps)
    assert heads == [parse_id("*2"), parse_id("*4")]
    for p in ps:
        assert len(p) == 2 and all(is_prime(x) for x in p)
        assert brute.canonical(brute.add(form(p[0]), form(p[1]))) == brute.canonical(form(g))


def form(g: int) -> frozenset:
    return brute.from_explicit(explicit(g))


@lru_cache(maxsize=1)
def pool() -> list[int]:
    """The 22 day-4 forms, the canonical sums of two of the first 9 (in print order: ids
    depend on what was built before) and CGSuite's examples."""
    d4 = sorted(born_by(4), key=lambda g: (birthday(g), format_impartial(g)))
    sums = {add_canonical(a, b) for a, b in combinations_with_replacement(d4[:9], 2)}
    examples = {canonical(parse_id(r[0])) for r in CGSUITE}
    return sorted(set(d4) | sums | examples)


NIM_POSITIONS = [h for k in range(4) for h in combinations_with_replacement(range(4), k)]


def tame_representative(p: int, m: int) -> list[int]:
    """The Nim position with the tame genus determined by (G+, G-) (002 Fig. 20)."""
    if (p, m) == (0, 1):
        return []
    if (p, m) == (1, 0):
        return [1]
    return [p] if p >= 2 else [2, 2] if p == 0 else [2, 3]


def test_generally_tame_games_play_like_nim_positions() -> None:
    """ONAG ch. 12: a tame game behaves, in any sum with Nim positions, like the Nim position
    of its genus — checked by exhaustive play against every position of ≤ 3 heaps of ≤ 3."""
    seen = {ph: 0 for ph in Phylum}
    for g in pool():
        ph = phylum(g)
        seen[ph] += 1
        if not is_generally_tame(g):
            continue
        f = form(g)
        rep = brute.nim_position(tame_representative(brute.normal_grundy(f), brute.misere_grundy(f)))
        for x in NIM_POSITIONS:
            xs = brute.nim_position(x)
            assert brute.outcome([f, *xs]) == brute.outcome(rep + xs), (ph, x)
    assert seen[Phylum.REVERSIBLY_TAME] >= 3 and seen[Phylum.HEREDITARILY_TAME] >= 15


def test_half_tame_doubles_play_like_two_twos() -> None:
    """Half-tame: G + G is generally tame of genus 0^{02}, so it plays like *2 + *2."""
    found = 0
    for g in born_by(4):
        if is_half_tame(g):
            found += 1
            ff = brute.add(form(g), form(g))
            for x in NIM_POSITIONS:
                xs = brute.nim_position(x)
                assert brute.outcome([ff, *xs]) == brute.outcome(brute.nim_position([2, 2]) + xs)
    assert found >= 3


@lru_cache(maxsize=None)
def brute_hereditarily_tame(f: frozenset) -> bool:
    p, m = brute.normal_grundy(f), brute.misere_grundy(f)
    return (p == m or (p <= 1 and m <= 1)) and all(brute_hereditarily_tame(x) for x in f)


def test_local_definitions_by_brute_force() -> None:
    """Hereditarily tame, restive (non-tame pair, G+ <= 1, options hereditarily tame) and
    restless (G- <= 1 < G+) from Grundy values computed by brute force, on the even part
    (G or G + *, whichever is born first: the phylum is a property of the pair)."""
    for g in pool():
        f = brute_even_part(form(g))
        p, m = brute.normal_grundy(f), brute.misere_grundy(f)
        tame_pair = p == m or (p <= 1 and m <= 1)
        assert is_hereditarily_tame(g) == brute_hereditarily_tame(f)
        opts_ht = all(brute_hereditarily_tame(x) for x in f)
        assert is_restive(g) == (not tame_pair and p <= 1 and opts_ht)
        if is_restless(g):
            assert not tame_pair and m <= 1 < p
        if is_generally_restive(g):
            assert not tame_pair and p <= 1


def brute_even_part(f: frozenset) -> frozenset:
    a, b = brute.canonical(f), brute.canonical(brute.add(f, brute.nim(1)))
    return a if brute.birthday(a) < brute.birthday(b) else b


def test_parity_by_brute_force() -> None:
    for g in pool():
        f = brute.canonical(form(g))
        fs = brute.canonical(brute.add(f, brute.nim(1)))
        assert is_even(g) == (brute.birthday(f) < brute.birthday(fs))
        assert is_even(g) != is_even(add_canonical(g, STAR))
        assert phylum(g) == phylum(add_canonical(g, STAR))


def test_parts_are_sound_and_complete_on_day4() -> None:
    """Every part found is one (brute addition + Conway's rule), and every decomposition
    G = X + Y with X, Y among the day-4 forms and their sums with * is found."""
    d4 = born_by(4)
    cands = d4 + [add_canonical(x, STAR) for x in d4]
    target = {brute.canonical(form(g)): g for g in d4}
    for x, y in combinations_with_replacement(cands, 2):
        s = brute.canonical(brute.add(form(x), form(y)))
        if s in target:
            g = target[s]
            assert x in all_parts(g) and y in all_parts(g)
            assert difference(g, x) == canonical(y)
    for g in d4:
        for x in all_parts(g):
            y = difference(g, x)
            assert brute.canonical(brute.add(form(x), form(y))) == brute.canonical(form(g))


def test_extraversion_introversion() -> None:
    """Only 0 and * are introverted (Conway's extraversion–introversion theorem); an
    extraverted game's options are parts (verified by brute addition)."""
    for g in pool():
        assert is_introverted(g) == (g in (ZERO, STAR))
        if is_extraverted(g):
            for h in left(g):
                d = difference(g, h)
                assert brute.canonical(brute.add(form(h), form(d))) == brute.canonical(form(g))


def test_distinguisher_by_brute_force() -> None:
    d4 = born_by(4)
    for a, b in combinations_with_replacement(d4[:10], 2):
        if a != b:
            t = form(distinguisher(a, b))
            assert brute.outcome([form(a), t]) != brute.outcome([form(b), t])


def test_day5_sample() -> None:
    """60 random forms born by day 5 (option sets drawn from the 22 day-4 forms): generally
    tame ones play like their Nim position, parts are verified by brute addition, and the
    parity agrees with brute-force birthdays."""
    import random

    from misere.impartial import impartial, simplify

    rng = random.Random(7)
    d4 = sorted(born_by(4), key=lambda g: (birthday(g), format_impartial(g)))
    tame = 0
    for _ in range(60):
        g = simplify([x for x in d4 if rng.random() < 0.25])
        f = brute.canonical(form(g))
        assert brute.canonical(form(impartial(left(g)))) == f
        if is_generally_tame(g):
            tame += 1
            rep = brute.nim_position(tame_representative(brute.normal_grundy(f),
                                                         brute.misere_grundy(f)))
            for x in NIM_POSITIONS[:12]:
                xs = brute.nim_position(x)
                assert brute.outcome([f, *xs]) == brute.outcome(rep + xs)
        for x in parts(g):
            y = difference(g, x)
            assert brute.canonical(brute.add(form(x), form(y))) == f
    assert tame >= 5


def brute_genus_prefix(games: list[frozenset], length: int = 4) -> tuple[int, ...]:
    """(G+, γ0, …) of a sum from the definition γ_i = G⁻(sum + i copies of *2)."""
    total = frozenset()
    for f in games:
        total = brute.add(total, f)
    out = [brute.normal_grundy(total)]
    for _ in range(length):
        out.append(brute.misere_grundy(total))
        total = brute.add(total, brute.nim(2))
    return tuple(out)


def test_tameable_games_determine_the_genus_of_sums_with_nim_positions() -> None:
    """CGSuite's TAMEABLE: the genus of G + X, for Nim positions X, is that of the Nim
    position of G's genus plus X (brute-force genus prefixes (G+, γ0, γ1, γ2), one heap ≤ 3;
    day-4 forms and CGSuite's examples)."""
    checked = 0
    games = set(born_by(4)) | {canonical(parse_id(r[0])) for r in CGSUITE}
    for g in sorted(games):
        if not is_tameable(g):
            continue
        f = form(g)
        rep = brute.nim_position(tame_representative(brute.normal_grundy(f), brute.misere_grundy(f)))
        for x in NIM_POSITIONS[:5]:
            xs = brute.nim_position(x)
            assert brute_genus_prefix([f, *xs], 3) == brute_genus_prefix(rep + xs, 3)
        checked += 1
    assert checked >= 15


def test_unit_option_shortcut_agrees_with_the_general_search() -> None:
    """A game with 0 or * as an option is prime (or a unit): the shortcut of parts.py agrees
    with the general search (run with the shortcut switched off) on day 4 and a day-5 sample."""
    import importlib
    import random

    from misere.impartial import simplify

    P = importlib.import_module("misere.impartial.parts")

    d4 = born_by(4)
    rng = random.Random(3)
    games = list(d4) + [simplify([x for x in d4 if rng.random() < 0.3]) for _ in range(40)]
    fast = {g: all_parts(g) for g in games}
    saved = (P._unit_option, dict(P._parts), dict(P._diff))
    try:
        P._unit_option = lambda g: False
        P._parts.clear()
        P._diff.clear()
        assert {g: all_parts(g) for g in games} == fast
    finally:
        P._unit_option = saved[0]
        P._parts.clear(), P._parts.update(saved[1])
        P._diff.clear(), P._diff.update(saved[2])
    assert sum(1 for g in games if P._unit_option(g) and is_prime(g)) >= 10
