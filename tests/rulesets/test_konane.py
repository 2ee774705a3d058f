"""Konane against the naive whole-board search (multiple jumps, board edges, holes)."""
from __future__ import annotations

from itertools import product
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from misere.errors import RulesetError
from misere.rulesets.konane import Konane, independent_sets
from tests.oracle.boards import konane, outcome


def all_boards(h: int, w: int, chars: str = ".xo"):
    for bits in product(chars, repeat=h * w):
        yield tuple("".join(bits[i * w:(i + 1) * w]) for i in range(h))


@pytest.mark.parametrize("h,w", [(1, 7), (2, 2), (2, 3), pytest.param(3, 3, marks=pytest.mark.slow),
                                 pytest.param(1, 9, marks=pytest.mark.slow)])
def test_every_small_board_against_the_naive_search(h: int, w: int) -> None:
    for b in all_boards(h, w):
        assert Konane.outcome(list(b)).value == outcome([b], konane), b
        assert Konane.normal_outcome(list(b)).value == outcome([b], konane, misere=False), b


boards = st.integers(1, 4).flatmap(lambda h: st.integers(1, 4).flatmap(
    lambda w: st.lists(st.text(".xo#", min_size=w, max_size=w), min_size=h, max_size=h)))


@given(st.lists(boards, min_size=1, max_size=2))
def test_random_sums_against_the_naive_search(bs: list[list[str]]) -> None:
    pos = [tuple(b) for b in bs]
    assert Konane.outcome(bs).value == outcome(pos, konane)
    assert Konane.normal_outcome(bs).value == outcome(pos, konane, misere=False)


@given(st.text("xo..", min_size=1, max_size=11))
def test_random_strips_against_the_naive_search(s: str) -> None:
    """Long strips with gaps: groups far apart are split by the reach argument, near ones not."""
    assert Konane.outcome(s).value == outcome([(s,)], konane)


def test_reach_splits_only_far_groups() -> None:
    st_ = {(0, 0): "x", (0, 1): "o", (0, 5): "x", (0, 6): "o"}
    assert len(independent_sets(st_)) == 2          # distance 4 > 1 + 1 + 1
    st_[(0, 4)] = "o"
    assert len(independent_sets(st_)) == 1          # distance 3 <= 1 + 2 + 1
    assert len(Konane.split(("xo....xo",))) == 2 and len(Konane.split(("xo..xo",))) == 1
    assert Konane.split(("xo....ox",)) == 2 * Konane.split(("xo.",))   # one piece shape, twice


def test_multiple_jumps_and_openings() -> None:
    labels = [mv.label for mv, _ in Konane.moves("xo.o.o.", "Left")]
    assert labels == ["x (0,0) jumps to (0,2)", "x (0,0) jumps to (0,4)", "x (0,0) jumps to (0,6)"]
    full = "4x4"
    assert Konane.outcome(full).value == "N"   # no move at all: the player to move wins (misère)
    opened = "..xo|oxox|xoxo|oxox"             # corner stone and its neighbour removed
    assert Konane.outcome(opened).value == outcome([tuple(opened.split("|"))], konane)


def test_winning_moves_win() -> None:
    for text in ("xo.o.", "..xo|oxox|xoxo", "xo. + .ox"):
        for p, ms in Konane.winning_moves(text).items():
            for mv in ms:
                after = tuple(tuple(b) for b in Konane.parse(mv.result))
                assert outcome(after, konane) in (("P", "L") if p == "Left" else ("P", "R")), (text, mv)


def test_format_errors_and_svg() -> None:
    assert Konane.format(Konane.components("xo.|#ox")) == "xo.|#ox"
    with pytest.raises(RulesetError, match="unexpected character 'z'"):
        Konane.parse("xz|ox")
    root = ElementTree.fromstring(Konane.svg("xo.|#ox"))
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 4


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6), st.sampled_from("xo")), min_size=2, max_size=6))
def test_sparse_boards_split_by_reach_against_the_naive_search(stones: list[tuple[int, int, str]]) -> None:
    """Few stones on a 4 x 7 board: groups far apart are separate pieces, near ones are not."""
    rows = [["."] * 7 for _ in range(4)]
    for r, c, ch in stones:
        rows[r][c] = ch
    b = tuple("".join(row) for row in rows)
    assert Konane.outcome(list(b)).value == outcome([b], konane)
    assert Konane.normal_outcome(list(b)).value == outcome([b], konane, misere=False)
