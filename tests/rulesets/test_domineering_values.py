"""Misère Domineering values modulo ℰ (Siegel arXiv 2312.16259 §6) against independent routes.

The bottom-up value (reduce every component as it is built) must equal the reduced form of the
raw game tree, and the value — and its simplest form, tombstones included — must give the
outcome of the board itself (the oracle's own Domineering, tests/oracle/partizan_rules.py)
plus every test game X.
"""
from __future__ import annotations

import pytest

import misere as m
from misere.errors import InvalidArgumentError
from misere.rulesets.domineering import Domineering
from misere.rulesets.domineering_values import board_value, rectangle
from misere.universes import dead_ending_simplest as s
from tests.oracle import brute
from tests.oracle import tomb_oracle as to
from tests.oracle import universe_oracle as uo
from tests.oracle.partizan_rules import domineering

E = m.find_universe("dead-ending")


def cells(rows: int, cols: int) -> frozenset[tuple[int, int]]:
    return frozenset((r, c) for r in range(rows) for c in range(cols))


def oracle_form(a: s.AugId) -> to.Aug:
    return (frozenset(oracle_form(x) for x in s.aug_left(a)),
            frozenset(oracle_form(x) for x in s.aug_right(a)), s.tomb_left(a), s.tomb_right(a))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_bottom_up_equals_reduced_raw_form(n: int) -> None:
    raw = Domineering.position((2, n)).id
    assert rectangle(2, n).reduced == E.reduce(raw)
    assert rectangle(2, n).simplest.id == s.simplest(raw)


def test_small_rectangles_printed() -> None:
    got = {n: str(rectangle(2, n).simplest) for n in (1, 2, 3, 4)}
    assert got == {1: "1", 2: "±1", 3: "{2,±1|{-1|0,†}}", 4: "{{2,±1|0}|{{-1|0,†}|}}"}
    assert [rectangle(2, n).birthday for n in range(1, 8)] == list(range(1, 8))


@pytest.mark.parametrize("rows, cols", [(2, 3), (2, 4), (3, 2), (3, 3)])
def test_values_predict_oracle_outcomes(rows: int, cols: int) -> None:
    board = to.lift(domineering(cells(rows, cols)))
    r = rectangle(rows, cols)
    val, simp = to.lift(brute.read(m.Game._of(r.reduced).explicit())), oracle_form(r.simplest.id)
    xs = uo.day2(uo.is_dead_ending)[::3] + [domineering(cells(1, 2)), domineering(cells(2, 2)),
                                            domineering(cells(1, 3)) , uo.murder(3)]
    for x in map(to.lift, xs):
        o = to.outcome((board, x))
        assert to.outcome((val, x)) == o and to.outcome((simp, x)) == o


def test_board_value_of_sums_and_shapes() -> None:
    assert board_value("2x2 + 2x2") == E.reduce(Domineering.position("2x2 + 2x2").id)
    assert board_value("..#/.../...") == E.reduce(Domineering.position("..#/.../...").id)


def test_rectangle_rejects_bad_sides() -> None:
    with pytest.raises(InvalidArgumentError):
        rectangle(0, 3)
