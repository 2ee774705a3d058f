"""Seed 002 (Plambeck, *Advances in Losing*): the impartial facts of §6 and §11.

§6.1.6 (2+2 vs 1), §6.2 Fig. 7 (the 22 canonical forms born by day 4) and the day-5 count,
§11 Figs. 20–23 (tame genera, 0.123 genera of single heaps and of two-heap sums, h8+h5).
Heap games of 0.123 are built here directly as impartial forms.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from misere.core.ops import add, add_all, nimber
from misere.core.outcome import Outcome, sum_outcome
from misere.impartial import (
    Genus, born_by, canonical, count_born_by, genus, impartial, is_p_position, simplify, tame_sum,
)

O = nimber(0)
ONE, TWO, THREE, FOUR = nimber(1), nimber(2), nimber(3), nimber(4)


def test_6_1_6_two_plus_two_is_p_but_not_one() -> None:
    two_two = add(TWO, TWO)
    assert is_p_position(two_two) and is_p_position(ONE)
    rows = {O: ("P", "P"), ONE: ("N", "N"), TWO: ("N", "N"), add(ONE, TWO): ("N", "N"),
            two_two: ("P", "N")}
    for x, (a, b) in rows.items():
        assert sum_outcome([two_two, x]).value == a and sum_outcome([ONE, x]).value == b
    assert canonical(two_two) != canonical(ONE)


def fig7_forms() -> dict[str, int]:
    """The 22 trees of Fig. 7, built from their option lists as printed."""
    s = simplify
    f: dict[str, int] = {"o": O, "1": ONE, "2": TWO, "3": THREE, "4": FOUR}
    f["2+"] = s([TWO])
    f["3+"] = s([THREE])
    f["2+2"] = s([THREE, TWO])  # the sum *2 + *2
    p = f["2+"]
    f["2++"] = s([p])
    for name, opts in {
        "2+o": [O], "2+1": [ONE], "2+2'": [TWO], "2+2o": [TWO, O], "2+21": [TWO, ONE],
        "2+21o": [TWO, ONE, O], "2+3": [THREE], "2+3o": [THREE, O], "2+31": [THREE, ONE],
        "2+32": [THREE, TWO], "2+32o": [THREE, TWO, O], "2+321": [THREE, TWO, ONE],
        "2+321o": [THREE, TWO, ONE, O],
    }.items():
        f[name] = s([p] + opts)
    return f


def test_fig7_the_22_forms_born_by_day_4() -> None:
    forms = fig7_forms()
    assert len(forms) == 22
    assert len(set(forms.values())) == 22
    # every listed option set is already canonical (no tree simplifies) ...
    for name, g in forms.items():
        assert canonical(g) == g, name
    # ... and they are exactly the forms the simplification rule produces by day 4
    assert set(forms.values()) == set(born_by(4))
    assert forms["2+2"] == canonical(add(TWO, TWO))


def test_6_2_counts_and_over_four_million_by_day_5() -> None:
    assert [count_born_by(d) for d in range(5)] == [1, 2, 3, 5, 22]
    n5 = count_born_by(5)
    assert n5 == 4171780 and n5 > 4_000_000


@pytest.mark.parametrize("text", ["0^{120}", "1^{031}", "0^{02}", "1^{13}", "2^{20}", "3^{31}",
                                  "4^{46}"])
def test_fig20_tame_genera(text: str) -> None:
    assert Genus.parse(text).is_tame


def test_11_2_tame_addition_examples() -> None:
    P = Genus.parse
    assert tame_sum(P("0^{120}"), P("0^{120}")) == P("0^{120}")
    assert tame_sum(P("0^{120}"), P("1^{031}")) == P("1^{031}")
    assert tame_sum(P("1^{031}"), P("1^{031}")) == P("0^{120}")
    assert tame_sum(P("2^{20}"), P("3^{31}")) == P("1^{13}")
    assert tame_sum(P("4^{46}"), P("0^{120}")) == P("4^{46}")
    assert tame_sum(P("4^{46}"), P("1^{031}")) == P("5^{57}")


@lru_cache(maxsize=None)
def heap(n: int) -> int:
    """0.123: take 1 only from a heap of 1; take 2 from heaps > 2 leaving one heap; take 3
    leaving 0 or 1 heaps (002 §11.3)."""
    opts = []
    if n == 1:
        opts.append(heap(0))
    if n > 2:
        opts.append(heap(n - 2))
    if n >= 3:
        opts.append(heap(n - 3))
    return impartial(opts)


FIG22 = ["1^{031}", "0^{120}", "2^{20}", "2^{20}", "1^{031}", "0^{02}", "0^{120}", "2^{1420}",
         "1^{20}", "1^{031}"]


def test_fig21_fig22_single_heaps_of_0_123() -> None:
    from misere.impartial import normal_grundy

    assert [normal_grundy(heap(n)) for n in range(1, 16)] == [1, 0, 2, 2, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1]
    assert [str(genus(heap(n))) for n in range(1, 11)] == FIG22
    assert [str(genus(heap(n))) for n in range(11, 21)] == FIG22[5:] + FIG22[5:]
    assert [n for n in range(1, 22) if is_p_position(heap(n))] == [1, 5, 6, 10, 11, 15, 16, 20, 21]
    assert not genus(heap(8)).is_tame  # the first wild genus, at heap 8


FIG23 = {
    1: "0^{120} 1^{031} 3^{31} 3^{31} 0^{120} 1^{13} 1^{031} 3^{0531} 0^{31}",
    2: "0^{120} 2^{20} 2^{20} 1^{031} 0^{02} 0^{120} 2^{1420} 1^{20}",
    3: "0^{02} 0^{02} 3^{31} 2^{20} 2^{20} 0^{420} 3^{02}",
    4: "0^{02} 3^{31} 2^{20} 2^{20} 0^{420} 3^{02}",
    5: "0^{120} 1^{13} 1^{031} 3^{0531} 0^{31}",
    6: "0^{02} 0^{02} 2^{20} 1^{13}",
    7: "0^{120} 2^{1420} 1^{20}",
    8: "0^{120} 3^{02}",
    9: "0^{02}",
}


def test_fig23_two_heap_genera_of_0_123() -> None:
    for i, row in FIG23.items():
        for j, text in zip(range(i, 10), row.split()):
            assert str(genus(add(heap(i), heap(j)))) == text, (i, j)


def test_11_4_h8_plus_h5_by_mex_with_carrying() -> None:
    g = add(heap(8), heap(5))
    assert str(genus(g)) == "3^{0531}"
    opts = [add(heap(6), heap(5)), add(heap(5), heap(5)), add(heap(8), heap(3)), add(heap(8), heap(2))]
    assert [str(genus(x)) for x in opts] == ["1^{13}", "0^{120}", "0^{420}", "2^{1420}"]
    assert sorted(genus(x).plus for x in opts) == [0, 0, 1, 2]
    assert sorted(genus(x).minus for x in opts) == [1, 1, 1, 4]
    assert sum_outcome([g]) == Outcome.P
    assert genus(add_all([heap(9), heap(9)])) == Genus.parse("0^{02}")
