"""Clobber against the naive whole-board search and CGSuite's published value."""
from __future__ import annotations

from itertools import product
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

import misere as m
from misere.errors import RulesetError
from misere.rulesets.clobber import Clobber
from tests.oracle.boards import clobber, outcome


def all_boards(h: int, w: int):
    for bits in product(".xo", repeat=h * w):
        yield tuple("".join(bits[i * w:(i + 1) * w]) for i in range(h))


@pytest.mark.parametrize("h,w", [(1, 6), (2, 2), (2, 3), pytest.param(3, 3, marks=pytest.mark.slow),
                                 pytest.param(1, 8, marks=pytest.mark.slow)])
def test_every_small_board_against_the_naive_search(h: int, w: int) -> None:
    for b in all_boards(h, w):
        assert Clobber.outcome(list(b)).value == outcome([b], clobber), b
        assert Clobber.normal_outcome(list(b)).value == outcome([b], clobber, misere=False), b


boards = st.integers(1, 3).flatmap(lambda h: st.integers(1, 3).flatmap(
    lambda w: st.lists(st.text(".xo", min_size=w, max_size=w), min_size=h, max_size=h)))


@given(st.lists(boards, min_size=1, max_size=3))
def test_random_sums_against_the_naive_search(bs: list[list[str]]) -> None:
    pos = [tuple(b) for b in bs]
    assert Clobber.outcome(bs).value == outcome(pos, clobber)
    assert Clobber.normal_outcome(bs).value == outcome(pos, clobber, misere=False)


@given(st.text("xo.", min_size=1, max_size=8))
def test_random_strips_against_the_naive_search(s: str) -> None:
    assert Clobber.outcome(s).value == outcome([(s,)], clobber)


def test_checkerboards_against_the_naive_search() -> None:
    for r, c in [(1, 7), (1, 8), (2, 4), (3, 3)]:
        b = tuple("".join("xo"[(i + j) % 2] for j in range(c)) for i in range(r))
        assert Clobber.components(f"{r}x{c}") == [b]
        assert Clobber.outcome(f"{r}x{c}").value == outcome([b], clobber)
        assert Clobber.normal_outcome(f"{r}x{c}").value == outcome([b], clobber, misere=False)


def test_cgsuite_value() -> None:
    """CGSuite's test suite: game.grid.Clobber("xox|ox.").CanonicalForm == {^^*|*,v} (normal play)."""
    g = Clobber.position("xox|ox.")
    assert m.compare(g, m.parse("{^+^+*|*,v}"), universe="normal") == "="


def test_winning_moves_win() -> None:
    for text in ("xox|ox.", "2x3", "xoxo + ox"):
        pos = tuple(tuple(b) for b in Clobber.parse(text))
        moves = Clobber.winning_moves(text)
        for p, ms in moves.items():
            for mv in ms:
                after = tuple(tuple(b) for b in Clobber.parse(mv.result))
                assert outcome(after, clobber) in (("P", "L") if p == "Left" else ("P", "R"))
        o = outcome(pos, clobber)
        assert bool(moves["Left"]) == (o in "NL" and Clobber.board_moves(pos[0], True) != [])


def test_format_errors_and_svg() -> None:
    assert Clobber.format(Clobber.components("xo.|.ox + 1x3")) == "xo.|.ox + xox"
    with pytest.raises(RulesetError, match="unexpected character 'z'"):
        Clobber.parse("xz|ox")
    root = ElementTree.fromstring(Clobber.svg("xo.|.ox"))
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 4
