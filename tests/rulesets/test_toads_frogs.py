"""Toads and Frogs against the naive whole-strip search, every strip up to length 8."""
from __future__ import annotations

from itertools import product
from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from misere.errors import RulesetError
from misere.rulesets.toads_frogs import ToadsFrogs, cut
from tests.oracle.boards import outcome, toads_frogs


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_every_strip_against_the_naive_search(n: int) -> None:
    for s in map("".join, product("TF.", repeat=n)):
        assert ToadsFrogs.outcome(s).value == outcome([(s,)], toads_frogs), s
        assert ToadsFrogs.normal_outcome(s).value == outcome([(s,)], toads_frogs, misere=False), s


# strips of at most 6 squares: the naive search over sums of three 9-square strips can need
# gigabytes (a fresh hypothesis database found such a draw in CI)
@given(st.lists(st.text("TF..", min_size=1, max_size=6), min_size=1, max_size=3))
def test_random_sums_against_the_naive_search(strips: list[str]) -> None:
    pos = [(s,) for s in strips]
    assert ToadsFrogs.outcome(strips).value == outcome(pos, toads_frogs)
    assert ToadsFrogs.normal_outcome(strips).value == outcome(pos, toads_frogs, misere=False)


def test_cuts() -> None:
    assert cut("FF.T.F.TT") == [".T.F."]
    assert cut("T.TTFF.F") == ["T.", ".F"]
    assert cut("TTFF") == [] and cut("T.F") == ["T.F"]
    # a cut never changes the outcome of a sum it is part of
    for s in ("T.TTFF.F", "FT.TTFFF.TF", "TTT..FFF"):
        assert outcome([(s,), ("T.F",)], toads_frogs) == outcome([(p,) for p in cut(s)] + [("T.F",)], toads_frogs)


def test_cgsuite_spellings_and_winning_moves() -> None:
    assert ToadsFrogs.components("ttt__fff") == ["TTT..FFF"]
    assert ToadsFrogs.format(ToadsFrogs.components("tt.f + T.F")) == "TT.F + T.F"
    for text in ("TT..FF", "T.F + T..F", "TTT..FFF"):
        for p, ms in ToadsFrogs.winning_moves(text).items():
            for mv in ms:
                after = [(s,) for s in ToadsFrogs.parse(mv.result)]
                assert outcome(after, toads_frogs) in (("P", "L") if p == "Left" else ("P", "R")), (text, mv)


def test_errors_and_svg() -> None:
    with pytest.raises(RulesetError, match="unexpected character 'x'"):
        ToadsFrogs.parse("TxF")
    root = ElementTree.fromstring(ToadsFrogs.svg("TT.F + T.F"))
    assert len(root.findall("{http://www.w3.org/2000/svg}rect")) == 1 + 4 + 3
