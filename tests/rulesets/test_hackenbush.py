"""Hackenbush strings, sprigs (001 §4.5) and graphs against the independent oracle."""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from xml.etree import ElementTree

import pytest

import misere as m
from misere.errors import RulesetError
from misere.rulesets.hackenbush import Hackenbush as H
from misere.rulesets.hackenbush import string_value
from tests.oracle import brute
from tests.oracle.partizan_rules import hackenbush, string_edges


def words(max_len: int, alphabet: str = "BR"):
    for n in range(max_len + 1):
        for t in product(alphabet, repeat=n):
            yield "".join(t)


def test_string_values_and_forms() -> None:  # Berlekamp's rule (001 Part 3.5)
    assert [str(string_value(s)) for s in ("BR", "BRR", "BBR", "BRB", "RB")] == \
        ["1/2", "1/4", "3/2", "3/4", "-1/2"]
    for s in words(5):
        if s:
            v = string_value(s)
            assert m.outcome(H.position(s), normal=True) == m.outcome(m.parse(str(v)), normal=True)
    assert str(H.position("BR")) == "1/2" and str(H.position("B")) == "1"


def test_sprig_forms() -> None:  # 001 Thm 4.5.7 test vectors
    assert H.position("GB") == m.parse("^*") and H.position("GR") == m.parse("v*")
    # the form of GBB is {0,*,^*|0}; its canonical form is *:2 = {0,^*|0}
    assert H.position("GBB") == m.parse("{0,*,^*|0}")
    assert m.canonical(H.position("GBB")) == m.parse("{0,^*|0}")
    assert m.canonical(H.position("GBR")) == m.parse("{0,*|0,^*}")


def test_sprig_outcome_is_normal_outcome_of_string() -> None:  # 001 Thm 4.5.1, Cor 4.5.2
    for s in words(6):
        sprig = H.outcome("G" + s)
        assert sprig == m.outcome(H.position(s) if s else m.parse("0"), normal=True), s
        v = string_value(s)
        assert sprig.value == ("L" if v > 0 else "R" if v < 0 else "P")


SPRIG = {Fraction(1): "B", Fraction(2): "BB", Fraction(3): "BBB", Fraction(5): "BBBBB",
         Fraction(1, 2): "BR", Fraction(3, 2): "BBR", Fraction(1, 4): "BRR", Fraction(3, 4): "BRB"}


def sprig_sum(xs, ys, star: bool) -> str:
    neg = {"B": "R", "R": "B"}
    parts = ["G" + SPRIG[Fraction(x)] for x in xs]
    parts += ["G" + "".join(neg[c] for c in SPRIG[Fraction(y)]) for y in ys]
    return " ".join(parts + (["G"] if star else [])) or "0"


@pytest.mark.parametrize("xs,ys,star,o", [  # 001 Thms 4.5.9 and 4.5.11 (Part 3.5 table)
    ([1], [], True, "N"), ([1, 2], [], True, "L"), ([2], [1], True, "L"), ([1], [2], True, "R"),
    ([1, 1], ["1/2"], True, "L"), (["1/2", 3], [1], True, "N"), ([1], [1], True, "P"),
    (["1/2"], [1, 2], True, "R"), ([2], [1, 3], True, "N"), (["3/4"], ["1/4"], True, "L"),
    ([1, 2], [3], False, "L"), ([1], [2], False, "N"), ([], [], True, "P"), ([], [], False, "N"),
])
def test_sprig_sums(xs, ys, star, o) -> None:
    assert H.outcome(sprig_sum(xs, ys, star)).value == o


def test_lemma_4_5_10_right_winning_move() -> None:
    moves = H.winning_moves(sprig_sum(["1/2", 3], [1], True), "Right")["Right"]
    assert [mv.result for mv in moves] == ["G GBR GR"]  # cut the green edge of *:3


def test_graphs_against_oracle() -> None:
    cases = {
        "g-1:B 1-2:R 2-g:G": frozenset({(0, 1, "B", 1), (1, 2, "R", 2), (2, 0, "G", 3)}),
        "g-1:B 1-2:R 1-3:G 3-2:B": frozenset({(0, 1, "B", 1), (1, 2, "R", 2), (1, 3, "G", 3),
                                              (3, 2, "B", 4)}),
        "g-1:G 1-g:R 1-2:B 2-2x:R": frozenset({(0, 1, "G", 1), (1, 0, "R", 2), (1, 2, "B", 3),
                                               (2, 9, "R", 4)}),
        "BRG GGB": string_edges("BRG") | string_edges("GGB", 10),
    }
    for text, edges in cases.items():
        assert H.outcome(text).value == brute.outcome([hackenbush(edges)]), text
        assert H.components(H.format(H.components(text))) == H.components(text)
    for s in words(4, "BRG"):
        assert H.outcome(s).value == brute.outcome([hackenbush(string_edges(s))]), s


def test_errors_and_svg() -> None:
    with pytest.raises(RulesetError, match="(?i)cannot read hackenbush"):
        H.parse("BXR")
    with pytest.raises(RulesetError, match="u-v:C"):
        H.parse("g-1")
    root = ElementTree.fromstring(H.svg("g-1:B 1-2:R 2-g:G 1-3:B BRG"))
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}line")) == 8
