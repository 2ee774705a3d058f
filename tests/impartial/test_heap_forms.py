"""Same-game detection of heap games against brute force (Conway's theorem, ONAG ch. 12).

``same_game_to(A, B, N) = m`` claims heaps ``1..m`` of the two codes are equal games and, when
``m < N``, that heap ``m + 1`` is not. Both halves are checked from the definitions, with the
explicit forms and exhaustive misère play of :mod:`tests.impartial.brute_impartial` (nothing of
``misere`` but the claim): equal heaps give equal outcomes beside every test position, and a
heap called different has a witness position (the discriminator, played out by brute force).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from misere.core.notation import explicit
from misere.impartial import discriminator
from misere.impartial.heap_forms import form_size, heap_forms, same_game_to
from misere.impartial.octal import format_octal, octal_game
from tests.impartial import brute_impartial as brute

N = 6  # heaps compared by brute force (explicit forms of larger heaps get big)


def brute_heaps(code: str, n: int) -> list[frozenset]:
    """Heaps ``0..n`` of ``code`` as explicit forms, from the code's moves only."""
    game = octal_game(code)
    heaps = [brute.ZERO]
    for k in range(1, n + 1):
        opts = set()
        for option in game.options(k):
            f = brute.ZERO
            for h in option:
                f = brute.add(f, heaps[h])
            opts.add(f)
        heaps.append(frozenset(opts))
    return heaps


def probes(a: list[frozenset], b: list[frozenset]) -> list[tuple[frozenset, ...]]:
    """Positions to add: nothing, single heaps of either code, pairs of small heaps, *1, *2."""
    singles = [(h,) for h in a[1:] + b[1:]] + [(brute.nim(1),), (brute.nim(2),)]
    pairs = [(a[i], b[j]) for i in range(1, 4) for j in range(1, 4)]
    return [()] + singles + pairs


def variant(code: str, rng: random.Random) -> str:
    """``code`` with one bit of one digit flipped (often the same game, often not)."""
    digits = [int(c, 8) for c in code[2:]]
    i = rng.randrange(len(digits))
    digits[i] ^= 1 << rng.randrange(3)
    return format_octal([0] + digits) if any(digits) else code


codes = st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(any).map(
    lambda ds: "0." + "".join(map(str, ds)))


@settings(max_examples=25, deadline=None)
@given(codes, st.integers(0, 10**6))
def test_same_game_to_against_brute_force(code, seed):
    other = variant(code, random.Random(seed))
    m = same_game_to(octal_game(code), octal_game(other), N)
    a, b = brute_heaps(code, N), brute_heaps(other, N)
    for k in range(1, m + 1):  # equal games: the same outcome beside every probe
        for x in probes(a, b):
            assert brute.outcome((a[k],) + x) == brute.outcome((b[k],) + x), (code, other, k, x)
    if m < N:  # different: a witness position, played out by brute force
        fa, fb = heap_forms(octal_game(code), m + 1), heap_forms(octal_game(other), m + 1)
        d = brute.from_explicit(explicit(discriminator(fa[m + 1], fb[m + 1])))
        assert brute.outcome((a[m + 1], d)) != brute.outcome((b[m + 1], d)), (code, other, m)


def test_known_twins_and_strangers():
    # 0.446 and 0.4672 differ in moves that never change a value (heap for heap to 40)
    assert same_game_to(octal_game("0.446"), octal_game("0.4672"), 40) == 40
    # Dawson's Kayles against Kayles: heap 1 already differs (0 against *)
    assert same_game_to(octal_game("0.07"), octal_game("0.77"), 40) == 0
    # 0.6 and 0.4 agree on heaps 1-3 only (checked by brute force in the test above's way)
    m = same_game_to(octal_game("0.6"), octal_game("0.4"), 12)
    a, b = brute_heaps("0.6", m + 1), brute_heaps("0.4", m + 1)
    assert all(brute.outcome((a[k], x)) == brute.outcome((b[k], x))
               for k in range(1, m + 1) for x in a[1:] + b[1:])


def test_forms_stop_at_the_size_bound():
    game = octal_game("0.07")
    full = heap_forms(game, 20)
    assert len(full) == 21
    sizes = [form_size(f) for f in full]
    cap = sorted(sizes)[-3]  # a bound two of the heaps pass
    short = heap_forms(game, 20, max_size=cap)
    assert short == full[:len(short)] and len(short) < 21
    assert form_size(full[len(short)], cap) == cap + 1  # the heap it stopped at is too big


@pytest.mark.parametrize("code", ["0.3", "0.7", "0.137"])
def test_forms_equal_the_brute_force_canonical_forms(code):
    forms = heap_forms(octal_game(code), N)
    heaps = brute_heaps(code, N)
    for f, h in zip(forms, heaps):
        assert brute.from_explicit(explicit(f)) == brute.canonical(h)
