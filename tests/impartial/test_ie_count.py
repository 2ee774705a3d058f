"""Inclusion–exclusion count of impartial misère forms born by day n (ie_count.py), checked
against direct enumeration (days 1–5), against brute enumeration of the subsets of random
sub-universes of the day-5 forms, and (day 6) against the corrected value published by
C. Thompson (sci.math, 'Counting misère games born by day 6'), which differs from ONAG p. 140."""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from misere.core.table import left
from misere.errors import ComputationLimitError
from misere.impartial import born_by, impartial, simplify
from misere.impartial.counting import count_subsets, irreducible_masks
from misere.impartial.ie_count import DayCount, count_by_inclusion_exclusion, count_subsets_ie


@pytest.mark.parametrize("day", [1, 2, 3, 4, 5])
def test_days_1_to_5_agree_with_enumeration(day: int) -> None:
    r = count_by_inclusion_exclusion(day)
    direct = len(born_by(day)) if day <= 4 else count_subsets(born_by(4))
    assert r.value == direct == [1, 2, 3, 5, 22, 4171780][day]
    assert r.top == len(born_by(day - 1)) if day >= 1 else True


def _form(mask: int, base: list[int]) -> int:
    return impartial([g for i, g in enumerate(base) if mask >> i & 1])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_sub_universes_of_day5_against_subset_enumeration(seed: int) -> None:
    """W = some day-≤3 forms + random day-5 forms whose options lie in B = the day-3 forms and
    9 random day-4 forms (B is closed under options, so only rules H ∈ B can apply): the
    inclusion–exclusion count of the irreducible subsets of W equals the number of subsets
    S ⊆ W with simplify(S) = {S}."""
    rng = random.Random(seed)
    day4 = born_by(4)
    day3 = born_by(3)
    base = day3 + rng.sample([g for g in day4 if g not in day3], 9)
    allowed = sum(1 << day4.index(g) for g in base)
    day5 = _day5()
    inside = day5[(day5 & np.uint32(~allowed & 0x3FFFFF)) == 0]
    small = [sum(1 << base.index(x) for x in left(d)) for d in day3]
    keep_small = [m for m in small if rng.random() < 0.8]
    picked = [int(inside[i]) for i in rng.sample(range(inside.size), 30)]
    others = [_reindex(m, day4, base) for m in picked]
    others = [m for m in others if m not in small]
    others.sort(key=lambda m: bin(m).count("1"))
    chosen = keep_small + others[:12 - len(keep_small)]
    ie = count_subsets_ie(base, np.array(chosen, dtype=np.uint32)).value
    forms = [_form(m, base) for m in chosen]
    brute = 0
    for bits in range(1 << len(forms)):
        s = [forms[i] for i in range(len(forms)) if bits >> i & 1]
        if not s or simplify(s) == impartial(s):
            brute += 1
    assert ie == brute < 1 << len(forms)  # some rules fired


@lru_cache(maxsize=1)
def _day5() -> np.ndarray:
    return np.concatenate(list(irreducible_masks(born_by(4))))


def _reindex(mask: int, old: list[int], new: list[int]) -> int:
    return sum(1 << new.index(g) for i, g in enumerate(old) if mask >> i & 1)


@pytest.mark.slow
def test_day6_matches_thompsons_corrected_value() -> None:
    """About 3 s and 0.5 GiB. ONAG p. 140 prints a different value (an erratum, first noted by
    C. Thompson); WW p. 397 gives the digit count 1 255 831."""
    r = count_by_inclusion_exclusion(6)
    thompson = ((1 << 4171780) - (1 << 2096640) - (1 << 2095104) - (1 << 2094593)
                - (1 << 2094080) - 3 * (1 << 2091522) - (1 << 2088960) - (1 << 2088705)
                - (1 << 2088448) - (1 << 2088193) - (1 << 2086912) - (1 << 2086657)
                - (1 << 2086401) - (1 << 2086145) - (1 << 2085888) - (1 << 2079234)
                + (1 << 1960962) + 21)
    onag = ((1 << 4171780) - (1 << 2095104) - 3 * (1 << 2094593) - (1 << 2094081)
            - 3 * (1 << 2091522) - (1 << 2088960) - 3 * (1 << 2088448) - (1 << 2087937)
            - (1 << 2086912) - (1 << 2086657) - (1 << 2086401) - (1 << 2086145)
            - (1 << 2085888) - (1 << 2079234) + (1 << 1960962) + 21)
    assert r.top == 4171780
    assert r.value == thompson != onag
    digits = r.decimal_digits()
    assert len(digits) == 1255831
    assert int(digits[-40:]) == r.value % 10 ** 40


def test_day_count_formula_and_digits() -> None:
    r = DayCount(5, 22, {14: 1, 12: 1, 11: 1}, -4)
    assert r.value == 4171780 and r.decimal_digits() == "4171780"
    assert r.formula() == "2^22 − 2^14 − 2^12 − 2^11 + 4"
    assert count_by_inclusion_exclusion(5).formula() == r.formula()


def test_limits() -> None:
    with pytest.raises(ComputationLimitError, match="day 7"):
        count_by_inclusion_exclusion(7)
    with pytest.raises(ValueError):
        count_by_inclusion_exclusion(0)
