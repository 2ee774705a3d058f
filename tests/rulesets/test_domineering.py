"""Domineering on rectangles and boards with removed squares, against the oracle."""
from __future__ import annotations

from xml.etree import ElementTree

import pytest

import misere as m
from misere.errors import RulesetError
from misere.rulesets.domineering import Domineering as D
from misere.rulesets.domineering import regions
from tests.oracle import brute
from tests.oracle.partizan_rules import domineering


def cells(rows: list[str]) -> frozenset[tuple[int, int]]:
    return frozenset((i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch == ".")


def test_small_board_values() -> None:
    assert D.position("2x2") == m.parse("{1|-1}")
    assert D.position("2x1") == m.parse("1") and D.position("1x2") == m.parse("-1")
    assert D.position("1x1") == m.parse("0")
    # 1 x n horizontal strips are dead Left ends (001 §5.3): Left has no move
    for n in range(2, 7):
        g = D.position(f"1x{n}")
        assert g.is_dead_end() and g.is_left_end() and D.outcome(f"1x{n}").value == "L"
        assert D.outcome(f"{n}x1").value == "R"
    assert D.position("2x3") == m.parse("{2,{1|-1}|{-1|0,1}}")
    # turning the board swaps the players: 3 x 2 is the conjugate of 2 x 3
    assert D.position("3x2") == ~D.position("2x3") and D.outcome("2x3").value == "L"


@pytest.mark.parametrize("board", [
    ["..", ".."], ["...", "..."], ["...", "...", "..."], ["..#", "...", "#.."],
    ["....", "...."], [".#.", "...", ".#."], ["...", ".#.", "..."], ["....", ".##.", "...."],
])
def test_against_oracle(board: list[str]) -> None:
    assert D.outcome(board).value == brute.outcome([domineering(cells(board))])
    text = "/".join(board)
    assert D.outcome(text) == D.outcome(board)
    assert D.components(D.format(D.components(text))) == D.components(text)


def test_regions_split() -> None:
    assert len(regions(cells(["..#..", "..#.."]))) == 2
    assert D.position("..#../..#..") == D.position("2x2") + D.position("2x2")
    assert D.outcome("2x2 + 1x3").value == brute.outcome(
        [domineering(cells(["..", ".."])), domineering(cells(["..."]))])


def test_winning_moves_are_winning() -> None:
    wins = D.winning_moves("3x3")
    assert D.outcome("3x3").value == "P" and wins == {"Left": [], "Right": []}
    for mv in D.winning_moves("2x3")["Left"]:
        assert not D.outcome(mv.result).right_first


def test_errors_and_svg() -> None:
    with pytest.raises(RulesetError, match="cannot read Domineering"):
        D.parse("..z/...")
    root = ElementTree.fromstring(D.svg("..#/... + 2x2"))
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}rect")) == 1 + 6 + 4
