"""The complete order of the 29 alternating classes (universes/alternating_order.py).

Every "≥" the proviso-and-maintenance rule proves is checked against the brute-force oracle on
small alternating games X (all 256 alternating forms of formal birthday ≤ 3, 0, the class
representatives and their sums of two, end sums aA + bB + cC); every "not ≥" carries a witness
the oracle confirms (test_alternating.py::test_soundness_on_all_pairs_of_classes).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

import pytest

from misere.core.notation import explicit
from misere.universes import alternating as al
from misere.universes.alternating_order import class_ge, class_order, proviso_witness
from tests.oracle import brute
from tests.universes.test_alternating import SAMPLE, alternating_forms_by_day3, bf

U = al.ALTERNATING
BY_NUMBER = {c.number: c for c in al.CLASSES}

#: the 75 ordered pairs (class numbers of 001 Thm 3.3.4, shared notes T3.19) that congruence,
#: invertible cancellation, the end order (Fig. 3.4) and general misère play left undecided
#: before the proviso-and-maintenance rule; all 75 turn out to be "≥"
PREVIOUSLY_UNDECIDED = (
    (1, 15), (2, 15), (3, 15), (3, 16), (4, 15), (4, 17), (5, 4), (5, 10), (5, 14), (5, 15),
    (5, 16), (5, 17), (5, 18), (5, 23), (5, 28), (6, 15), (7, 15), (8, 15), (8, 16), (9, 1),
    (9, 2), (9, 3), (9, 6), (9, 7), (9, 8), (9, 12), (9, 13), (9, 19), (9, 20), (9, 21),
    (9, 25), (9, 26), (10, 15), (10, 17), (11, 10), (11, 14), (11, 15), (11, 16), (11, 17),
    (11, 18), (11, 23), (11, 28), (12, 15), (13, 15), (14, 15), (14, 17), (16, 12), (16, 13),
    (16, 25), (16, 26), (18, 14), (18, 28), (19, 25), (20, 25), (20, 26), (21, 25), (21, 26),
    (21, 27), (22, 19), (22, 20), (22, 21), (22, 25), (22, 26), (23, 25), (23, 26), (23, 28),
    (24, 23), (24, 25), (24, 26), (24, 27), (24, 28), (24, 29), (27, 25), (27, 26), (29, 28),
)


def _end_parts(a: int, b: int, c: int) -> list[int]:
    out = []
    for k, pos, neg in ((a, al.ALT_A, al.ALT_A_BAR), (b, al.ALT_B, al.ALT_B_BAR),
                        (c, al.ALT_C, al.ALT_C_BAR)):
        out += [pos if k > 0 else neg] * abs(k)
    return out


END_SUMS = [t for t in product(range(-2, 3), repeat=3)]


@lru_cache(maxsize=None)
def wide_signature(rep: int) -> tuple[str, ...]:
    """Oracle outcomes of rep + X over the small alternating games X of the module docstring."""
    xs = [[bf(x) for x in t] for t in SAMPLE]
    xs += [[bf(f)] for f in alternating_forms_by_day3()]
    xs += [[bf(p) for p in _end_parts(*t)] for t in END_SUMS]
    return tuple(brute.outcome([bf(rep)] + x) for x in xs)


def test_order_is_a_partial_order_of_245_relations() -> None:
    rel = class_order()
    reps = [c.rep for c in al.CLASSES]
    assert len(rel) == 245 and all((r, r) in rel for r in reps)
    assert all((y, x) not in rel for x, y in rel if x != y)  # the classes are distinct
    assert all((x, z) in rel for x, y in rel for y2, z in rel if y == y2)  # transitive
    # conjugation reverses the order (Ḡ ≥ H̄ iff H ≥ G)
    bar = {c.rep: al.classify(al.conjugate(c.rep)).rep for c in al.CLASSES}
    assert all((bar[y], bar[x]) in rel for x, y in rel)


def test_end_order_is_fig_3_4() -> None:
    """Restricted to the seven end classes the rule gives exactly Fig. 3.4 (transitively
    closed), which 001 Thms 3.2.5 and 3.2.8 prove."""
    ends = list(al.EndClass)
    assert {(x, y) for x in ends for y in ends if class_ge(x.rep, y.rep)} == {
        (x, y) for x in ends for y in ends if al.end_ge(x, y)}


@pytest.mark.parametrize("pair", PREVIOUSLY_UNDECIDED, ids=lambda p: f"{p[0]}>={p[1]}")
def test_previously_undecided_pairs_are_ge(pair: tuple[int, int]) -> None:
    g, h = BY_NUMBER[pair[0]], BY_NUMBER[pair[1]]
    assert class_ge(g.rep, h.rep) and U.ge(g.rep, h.rep)
    assert proviso_witness(g.rep, h.rep) is None
    for a, b in zip(wide_signature(g.rep), wide_signature(h.rep)):
        assert brute.outcome_ge(a, b), (g.name, h.name)


def test_proviso_matches_oracle_on_end_sums() -> None:
    """The proviso read off Thm 3.4.3 agrees with exhaustive play: it fails for (g, h) iff some
    left end X = aA+bB+cC (a, b, c ≤ 0) has Left winning h+X but not g+X moving first, or some
    right end (a, b, c ≥ 0) has Right winning g+X but not h+X moving first."""
    lefts = list(product(range(-2, 1), repeat=3))
    rights = list(product(range(0, 3), repeat=3))
    first: dict[tuple[int, tuple[int, int, int]], str] = {}
    for c in al.CLASSES:
        for t in lefts + rights:
            first[c.rep, t] = brute.outcome([bf(c.rep)] + [bf(p) for p in _end_parts(*t)])
    for g, h in product([c.rep for c in al.CLASSES], repeat=2):
        fails = any(first[h, t] in "LN" and first[g, t] not in "LN" for t in lefts) or any(
            first[g, t] in "RN" and first[h, t] not in "RN" for t in rights)
        assert fails == (proviso_witness(g, h) is not None), (explicit(g), explicit(h))


def test_not_ge_pairs_have_witnesses_and_proviso_witnesses_distinguish() -> None:
    n = 0
    for g, h in product([c.rep for c in al.CLASSES], repeat=2):
        if class_ge(g, h):
            continue
        n += 1
        t = proviso_witness(g, h)
        if t is not None:
            x = [bf(p) for p in _end_parts(*t)]
            assert not brute.outcome_ge(brute.outcome([bf(g)] + x), brute.outcome([bf(h)] + x))
    assert n == 29 * 29 - 245


def test_sums_reducing_to_one_class_use_the_order() -> None:
    """Common invertible summands cancel (001 §2.1 p. 10) before the class order is used."""
    b, c15 = BY_NUMBER[9].rep, BY_NUMBER[1].rep  # B >= {~C|C}: previously undecided
    d = al.ALT_D
    assert U.ge(al.add(b, d), al.add(c15, d)) and U.ge(al.add_all([b, al.ALT_A]),
                                                       al.add_all([c15, al.ALT_A]))
    assert not U.ge(al.add(c15, d), al.add(b, d))
    x = U.witness(al.add(c15, d), al.add(b, d))
    assert not brute.outcome_ge(brute.outcome([bf(c15), bf(d), bf(x)]),
                                brute.outcome([bf(b), bf(d), bf(x)]))
