"""Milley 001 (thesis) chapters 4–5: dicots and dead-ending games. One test per numbered result.

Values follow the seed with the corrections of the shared notes (thesis-ch4-5.md Part 8); each
erratum is cited where the test asserts the computed truth instead of the printed claim.
"""
from __future__ import annotations

import pytest

import misere as m
from misere.universes.facts import run_facts
from misere.universes.facts.dead_ending import strip

o = lambda *gs: m.outcome_of_sum(list(gs)).value  # noqa: E731

NAMES = {"E": "{0,*|*}", "Eb": "{*|0,*}"}


def g(text: str) -> m.Game:
    return m.parse(NAMES.get(text, text))


def test_fig_4_1_outcomes() -> None:  # §4.3
    assert [o(g(t)) for t in ("^", "v*", "v", "^*", "E", "Eb", "*2", "*", "0", "{*|*}")] == \
        list("RRLLNNNPNN")
    assert o(g("^"), g("^")) == "P" and o(g("v*"), g("^")) == "R"
    assert o(g("E"), g("*")) == "L" and o(g("Eb"), g("*")) == "R" and o(g("*2"), g("*")) == "N"


def test_cor_4_2_4_star_star() -> None:  # Allen
    assert m.compare("{*|*}", "0", "dicot") == "="
    assert m.compare("{*|*}", "0") != "="  # not in general misère play


def test_thm_4_3_2_relations() -> None:
    for a, b in [("0", "Eb"), ("E", "0"), ("*2", "Eb"), ("E", "*2"), ("*", "v*"), ("^*", "*"),
                 ("^", "v*"), ("^*", "v")]:
        assert m.compare(g(a), g(b), "dicot") == ">", (a, b)
    for a, b in [("E", "^"), ("^*", "*2"), ("*2", "v*"), ("v", "Eb")]:  # hand-tying, Lemma 2.4.1
        assert m.compare(g(a), g(b), "dicot") == ">", (a, b)


@pytest.mark.parametrize("a, b, x, oa, ob", [  # witness table of notes Part 3.2 (a ≱ b)
    ("0", "*", "0", "N", "P"), ("*", "^", "^", "N", "P"), ("v", "*", "v", "P", "N"),
    ("^*", "E", "*", "N", "L"), ("Eb", "E", "*", "R", "L"), ("*2", "^", "^", "R", "P"),
])
def test_part_3_2_witnesses(a: str, b: str, x: str, oa: str, ob: str) -> None:
    assert (o(g(a), g(x)), o(g(b), g(x))) == (oa, ob)
    assert not m.ge(g(a), g(b), "dicot")


def test_lemma_4_3_1_and_prop_4_2_3() -> None:
    for t in ("*", "^", "v", "^*", "v*", "E", "Eb"):
        assert m.is_invertible(g(t), "dicot")
    assert not m.is_invertible("*2", "dicot")
    assert m.is_invertible("{0|0,*2}", "dicot")


def test_section_4_3_closures() -> None:  # Lemmas 4.3.3, 4.3.6, 4.3.9, 4.3.12
    star = g("*")
    for name, rows in {"^": ("RPLL", "NNNL"), "^*": ("LLLL", "NLLL"), "E": ("NLLL", "LLLL"),
                       "*2": ("NPNP", "NNNN")}.items():
        for d, row in enumerate(rows):
            assert "".join(o(*([g(name)] * k + [star] * d)) for k in range(1, 5)) == row
    x = m.parse("{0|^*}")  # §4.3.4: *2 and 3.*2 differ in D
    assert o(g("*2"), x) == "N" and o(3 * g("*2"), x) == "L"


def test_section_4_4_counts() -> None:
    assert (2 ** 9 - 1) ** 2 == 261121  # the seed prints 262144 (notes Part 8)
    assert m.count_born_by(3, universe="dicot") == 1268  # computed; the thesis bound is 5032


def test_section_5_3_integers() -> None:
    assert o(m.parse("{*|*}"), m.parse("1")) == "P" and o(m.parse("1")) == "R"
    assert not m.is_invertible("*", "E")
    for n in range(1, 4):
        assert m.is_invertible(str(n), "E")  # Cor 5.3.3
    lam1 = m.parse("{0|-1}")
    assert o(lam1) == "P" and o(m.parse("-1"), lam1) == "N"  # Thm 5.3.5 edge case (notes)
    assert m.compare("{0,1|}", "1", "E") != "="
    assert o(m.parse("{0,1|}"), m.parse("^")) == "L" and o(m.parse("1"), m.parse("^")) == "P"


def test_section_5_4_numbers() -> None:
    assert m.parse("1") + m.parse("1/2") == m.parse("{1/2,1|2}")
    assert m.parse("1/2") + m.parse("1/2") == m.parse("{1/2|1+1/2}")
    assert [o(m.parse(a), m.parse(b)) for a, b in [("1/2", "-1"), ("3/4", "-1/2"), ("1/2", "-3/4")]] \
        == ["N", "R", "L"]
    # Thm 5.4.12 as corrected (the seed prints "0 < a < b"): 1 > 1/2 > 1/4, 3/4 || 1/2
    assert m.compare("1", "1/2", "E") == ">" and m.compare("1/2", "1/4", "E") == ">"
    assert m.compare("3/4", "1/2", "E") == "||" and m.compare("0", "1/2", "E") == "||"
    for x in ("1/2", "-3/4", "7/4"):
        assert m.is_invertible(x, "E")  # Thm 5.4.5


def test_prop_5_5_1() -> None:
    assert o(m.parse("{1|0}")) == "P"  # the seed says next-win (notes Part 8)
    ee = g("E") + g("Eb")
    assert o(ee, m.parse("1")) == "R" == o(m.parse("1"))  # the seed's witness 1 fails
    assert o(ee, m.parse("2")) == "N" and o(m.parse("2")) == "R"  # 2 works
    for t in ("^", "^*", "E", "*2"):
        assert not m.is_invertible(g(t), "E")


def test_thm_5_5_3_zeros() -> None:
    for t in ("{-1|1}", "{{|0,-1}|{0,1|}}", "{-1,{|0,-2}|1}"):
        assert m.compare(t, "0", "E") == "="


def test_section_5_6_kayles() -> None:
    assert [o(m.Game._of(strip(n))) for n in range(9)] == list("NRPNRPNRP")
    assert m.Game._of(strip(2)) == m.parse("{1|0}")


def test_report_statuses() -> None:
    mine = ("dicot", "dead-ending", "kayles")  # other universes append their own facts
    status = {(f.key, f.claim[:30]): r.status for f, r in run_facts() if f.universe in mine}
    disagree = {k for k, s in status.items() if s == "disagree"}
    assert {k[0] for k in disagree} == {"001 §4.4", "001 Thm 5.4.12 (as printed)",
                                        "001 Prop 5.5.1"}
    assert len(disagree) == 5
