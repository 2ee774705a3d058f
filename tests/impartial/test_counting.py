"""Canonical forms born by day n: 1, 2, 3, 5, 22, 4 171 780 (002 §6.2, notes §D.2)."""
from __future__ import annotations

import random

import pytest

from misere.core.table import ZERO
from misere.errors import ComputationLimitError
from misere.impartial import born_by, canonical, count_born_by, impartial, simplify
from misere.impartial.counting import count_subsets
from tests.impartial import brute_impartial as brute


@pytest.mark.parametrize("day, count", [(0, 1), (1, 2), (2, 3), (3, 5), (4, 22)])
def test_counts_days_0_to_4(day: int, count: int) -> None:
    assert count_born_by(day) == count
    assert len(born_by(day)) == count
    if day:
        assert count_subsets(born_by(day - 1)) == count


def test_day5_count() -> None:
    """4 171 780 forms by day 5 (about 0.1 s: the 2^22 subsets are numpy bitmasks)."""
    seen: list[tuple[int, int]] = []
    assert count_born_by(5, progress=lambda done, total: seen.append((done, total))) == 4171780
    assert seen[-1] == (1 << 22, 1 << 22)


def test_day5_bitmask_rule_agrees_with_canonical_forms() -> None:
    """The mask test used for day 5 agrees with the table-based simplification on random
    subsets of the 22 day-4 forms, and irreducible subsets give pairwise different games."""
    day4 = born_by(4)
    rng = random.Random(5)
    irreducible = set()
    for _ in range(400):
        subset = [g for g in day4 if rng.random() < 0.3]
        c = simplify(subset)
        is_new = c == impartial(subset) or not subset
        # reproduce the counting rule for this one subset
        assert count_subsets_single(day4, subset) == is_new
        if is_new and subset:
            irreducible.add(c)
    assert len(irreducible) > 100


def count_subsets_single(forms: list[int], subset: list[int]) -> bool:
    """Is ``subset`` irreducible according to :func:`count_subsets`'s rule (one mask)?"""
    from misere.core.table import left
    from misere.impartial import misere_grundy

    s = set(subset)
    if not s:
        return True
    if all(ZERO in left(x) for x in s) and any(misere_grundy(x) == 0 for x in s):
        return False
    for h in {h for g in forms for h in left(g) if h != ZERO}:
        oh = set(left(h))
        if oh < s and all(h in left(y) for y in s - oh):
            return False
    return True


def test_day4_forms_are_pairwise_distinguishable_by_brute_force() -> None:
    """No two of the 22 day-4 forms have the same outcomes against the day-4 forms and sums
    of two of them: they really are 22 different values."""
    from misere.core.notation import explicit

    day4 = [brute.from_explicit(explicit(g)) for g in born_by(4)]
    xs = day4 + [brute.add(a, b) for i, a in enumerate(day4) for b in day4[i:]]
    signatures = {tuple(brute.outcome([g, x]) for x in xs) for g in day4}
    assert len(signatures) == 22


def test_limits() -> None:
    with pytest.raises(ComputationLimitError, match="day 5"):
        born_by(5)
    with pytest.raises(ComputationLimitError, match="up to day 5"):
        count_born_by(6)
    with pytest.raises(ValueError):
        count_born_by(-1)
    assert canonical(ZERO) == ZERO
