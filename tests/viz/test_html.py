"""Notebook views (_repr_html_): well-formed HTML that shows the real values of each result."""
from __future__ import annotations

from html.parser import HTMLParser

import misere as m
from misere.quotients.partizan import partizan_quotient


class _Balanced(HTMLParser):
    VOID = {"br", "img", "hr", "meta", "input", "line", "rect", "circle", "path", "polygon", "ellipse"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: object) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID:
            assert self.stack and self.stack.pop() == tag, f"unbalanced </{tag}>"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _text(html: str) -> str:
    p = _Balanced()
    p.feed(html)
    p.close()
    assert p.stack == [], f"unclosed tags {p.stack}"
    return " ".join(" ".join(p.text).split())


def test_outcome_badge_says_who_wins() -> None:
    assert "Left moving first: Right wins; Right moving first: Left wins" in _text(m.outcome("*")._repr_html_())
    assert _text(m.outcome("{0,*|*}")._repr_html_()).startswith("N Left moving first: Left wins")


def test_comparison_shows_each_witness_with_its_outcomes() -> None:
    c = m.comparison("0", "*")
    text = _text(c._repr_html_())
    assert "G || H (modulo general)" in text
    x = str(c.not_ge_witness)
    og, oh = c.outcomes(m.parse("0"), m.parse("*"), c.not_ge_witness)
    assert f"G >= H {x} {og.value} {oh.value}" in text and og.value == "N" and oh.value == "P"


def test_quotient_card() -> None:
    text = _text(m.quotient("0.123")._repr_html_())
    assert "order : 20 (5 P-positions)" in text and "{a,b2,ac,bd,d2}" in text
    assert "misère period : 5 (preperiod 5)" in text and "11718 positions, agreed: True" in text


def test_partizan_quotient_card() -> None:
    q = partizan_quotient(["1", "-1"])
    text = _text(q._repr_html_())
    assert "<a,b | ab=1>" in text and "structure : Z" in text
    assert "element outcome" in text


def test_universe_card_counts_by_day() -> None:
    text = _text(m.find_universe("dicot")._repr_html_())
    assert text.startswith("universe dicot") and "day values born by day 0 1 1 2 2 9" in text


def test_invertibility_card_shows_the_witness_outcomes() -> None:
    text = _text(m.invertibility("*", universe="dead-ending")._repr_html_())
    assert "invertible : no" in text and "witness X : 1" in text
    assert "o(G + conj(G) + X) = P , o(X) = R" in text  # 001 §5.5: * + * is not 0 modulo E
    assert "inverse : -1" in _text(m.invertibility("1", universe="dead-ending")._repr_html_())


def test_census_records_show_as_a_table() -> None:
    recs = m.census(["0.1", "0.75"], max_heap=16, per_code_timeout=30)
    text = _text(recs._repr_html_())
    assert text.startswith("code status |Q| |P|") and "0.75 partial 8 2" in text  # R8 (002 §8.1), not yet certified periodic at heap 16


def test_cayley_graph_has_a_legend_and_one_generator_view() -> None:
    q = m.quotient("0.123")
    full, only_b = q.cayley("svg"), q.cayley("svg", only="b")
    assert "P-position (second player wins)" in full and all(f">{g}</text>" in full for g in "abcd")
    arrows = lambda svg: svg.count("marker-end=")  # noqa: E731
    assert arrows(only_b) == q.order + 1  # one arrow per element, plus the legend's
    assert arrows(full) == 4 * q.order + 4


def test_game_tree_has_a_legend() -> None:
    svg = m.parse("{0,*|{*|0},1}")._repr_svg_()
    assert 'class="legend"' in svg and "Left move" in svg and "Right move" in svg
