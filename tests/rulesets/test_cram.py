"""Cram against the naive whole-board search, Dawson's Kayles (0.07) and its misère quotient."""
from __future__ import annotations

from itertools import combinations_with_replacement, product
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from misere.errors import RulesetError
from misere.impartial.octal import octal_game
from misere.quotients import quotient
from misere.rulesets.cram import Cram
from tests.oracle.boards import cram, outcome


def all_boards(h: int, w: int):
    for bits in product(".#", repeat=h * w):
        yield tuple("".join(bits[i * w:(i + 1) * w]) for i in range(h))


@pytest.mark.parametrize("h,w", [(1, 8), (2, 2), (2, 3), (2, 4), (3, 3)])
def test_every_small_board_against_the_naive_search(h: int, w: int) -> None:
    for b in all_boards(h, w):
        assert Cram.outcome(list(b)).value == outcome([b], cram), b
        assert Cram.normal_outcome(list(b)).value == outcome([b], cram, misere=False), b
        assert (Cram.grundy(list(b)) == 0) == (Cram.normal_outcome(list(b)).value == "P"), b


boards = st.integers(1, 3).flatmap(lambda h: st.integers(1, 4).flatmap(
    lambda w: st.lists(st.text(".#", min_size=w, max_size=w), min_size=h, max_size=h)))


@given(st.lists(boards, min_size=1, max_size=3).filter(lambda bs: sum(r.count(".") for b in bs for r in b) <= 18))
def test_random_sums_against_the_naive_search(bs: list[list[str]]) -> None:
    pos = [tuple(b) for b in bs]
    assert Cram.outcome(bs).value == outcome(pos, cram)
    assert Cram.normal_outcome(bs).value == outcome(pos, cram, misere=False)


def test_winning_moves_win() -> None:
    for text in ("3x3", "2x4", "..#|...|#..", "1x5 + 2x2"):
        pos = tuple(tuple(b) for b in Cram.parse(text))
        for mv in Cram.winning_moves(text)["Left"]:
            after = tuple(tuple(b) for b in Cram.parse(mv.result))
            assert outcome(after, cram) in ("P", "L"), (text, mv)  # the opponent, moving next, loses
        assert bool(Cram.winning_moves(text)["Left"]) == (outcome(pos, cram) in ("N", "L"))


def test_strips_are_dawsons_kayles() -> None:
    """A 1 x n strip is the heap n of 0.07: the same options (strips of one square, which have
    no move, dropped) for n <= 14, and the normal-play values of Dawson's Kayles (CGSuite's
    DawsonsKayles nim sequence, published)."""
    dk = octal_game("0.07")
    for n in range(2, 15):
        i = Cram.split(("." * n,))[0]
        ours = {tuple(sorted(len(Cram._boards[j]) for j in kid)) for kid in Cram._children(i, 0)}
        theirs = {tuple(h for h in opt if h > 1) for opt in dk.options(n)}
        assert ours == theirs, n
    published = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    assert [Cram.grundy(f"1x{n}") for n in range(21)] == published
    assert [Cram.grundy(f"{n}x1") for n in range(21)] == published


def test_the_quotient_of_0_07_predicts_sums_of_strips() -> None:
    """Plambeck 002 §9: the misère quotient of 0.07 gives the outcome of every sum of strips."""
    q = quotient("0.07", max_heap=12, certify=0)
    for k in (1, 2, 3):
        for heaps in combinations_with_replacement(range(2, 13), k):
            text = " + ".join(f"1x{n}" if i % 2 else f"{n}x1" for i, n in enumerate(heaps))
            assert Cram.strips(text) == sorted(heaps)
            assert Cram.outcome(text).value == q.outcome(list(heaps)) == Cram.strips_outcome(text), heaps
    with pytest.raises(RulesetError, match="not a sum of 1 x n strips"):
        Cram.strips_outcome("2x2")


def test_normal_play_symmetry_theorems() -> None:
    """Normal play: even x even boards are P (the second player copies by the central point
    reflection) and even x odd boards N (the first player takes the two central squares, then
    copies) — Gardner 1974, Winning Ways ch. 22."""
    for r, c in [(2, 2), (2, 4), (4, 4), (2, 6), (2, 3), (2, 5), (4, 3), (3, 6)]:
        assert Cram.normal_outcome((r, c)).value == ("P" if r % 2 == 0 and c % 2 == 0 else "N")


def test_format_errors_and_svg() -> None:
    assert Cram.format(Cram.components("..#|... + 2x2")) == "..#|... + ..|.."
    assert Cram.components("../.#") == Cram.components("..\n.#") == [("..", ".#")]
    with pytest.raises(RulesetError, match="unexpected character 'z'"):
        Cram.parse("..z|...")
    with pytest.raises(RulesetError, match="rows must be equally long"):
        Cram.parse("..|...")
    root = ElementTree.fromstring(Cram.svg("..#|... + 2x2"))
    assert len(root.findall("{http://www.w3.org/2000/svg}rect")) == 1 + 6 + 4


def test_closure_quotients_predict_sums_of_regions() -> None:
    """The quotient of the closure of some regions (linearised as a heap game, Plambeck 002 §5)
    gives the outcome of every sum of regions of the closure, as the search does."""
    from itertools import combinations_with_replacement as cwr

    for roots in (["2x2", "2x3"], ["3x3"], ["2x5", "1x6", ".#.|...|.#."]):
        q = Cram.closure_quotient(roots, quiet=True)
        regions = sorted(q._heaps, key=q._heaps.get)
        for k in (1, 2, 3):
            for combo in cwr(regions[-6:], k):
                text = " + ".join(Cram.format([Cram._boards[i]]) for i in combo)
                assert q.outcome(text) == Cram.outcome(text).value, (roots, text)
    assert Cram.closure_quotient(["3x3"], quiet=True).order == 6   # tame: the quotient of Nim, <a,b | a2=1, b3=b>
    with pytest.raises(RulesetError, match="outside the closure"):
        Cram.closure_quotient(["2x2"], quiet=True).outcome("3x3")
