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
    assert "misère period : 5 (preperiod 5)" in text
    assert "certificate : Every outcome agreed with brute force on all 11718 positions of total size at most 26." in text


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
    # R8 (002 §8.1): its period (2 from heap 8) is not yet certified at heap 16; it is in sight,
    # so the census carries 0.75 on to heap 21, which certifies it
    assert text.startswith("code status |Q| |P|") and "0.75 solved 8 2 2 8 2 21" in text


def test_cayley_graph_has_a_legend_and_one_generator_view() -> None:
    q = m.quotient("0.123")
    full, only_b = q.cayley("svg"), q.cayley("svg", only="b")
    assert "P-position (second player wins)" in full
    assert "times a: an involution (a·a = 1), one line for both ways" in full
    assert "times b: arrow from x to xb" in full and "Rings: orbits of a and c" in full
    arrows = lambda svg: svg.count("marker-end=")  # noqa: E731
    assert arrows(only_b) == q.order + 1  # one arrow per element, plus the legend's
    assert arrows(full) == 2 * q.order + 2  # b and d; the involutions a and c are plain lines
    assert full.count('class="gen-a"') == full.count('class="gen-c"') == q.order // 2
    assert all(f">{q.pres.word(x)}</text>" in full for x in range(q.order))


#: the 0.123 Cayley graph (straight chords): 57 crossings in the old word-length columns, 34 now
CAYLEY_0123_CROSSINGS = 40


def test_cayley_graph_is_drawn_as_rings_with_few_crossings() -> None:
    import math

    from misere.quotients.monoid.cayley import cayley_layout, cayley_segments, rings
    from misere.viz.layout import count_crossings

    q = m.quotient("0.123")
    mon, pres = q.monoid, q.pres
    gens, blocks = rings(mon, pres)
    assert [pres.names[i] for i in gens] == ["a", "c"] and sorted(map(len, blocks)) == [4] * 5
    pos, _ = cayley_layout(mon, pres)
    for b in blocks:  # each ring a square: x, xa, xac, xc around their centre
        assert all(mon.mul(x, pres.generators[0]) in b and mon.mul(x, pres.generators[2]) in b for x in b)
        cx, cy = sum(pos[x][0] for x in b) / 4, sum(pos[x][1] for x in b) / 4
        assert len({round(math.dist(pos[x], (cx, cy)), 6) for x in b}) == 1
        assert all(round(math.dist(pos[b[k]], pos[b[k - 1]]), 6) == round(math.dist(pos[b[0]], pos[b[1]]), 6)
                   for k in range(4))
    assert count_crossings(cayley_segments(mon, pres, pos)) < CAYLEY_0123_CROSSINGS


def test_game_tree_has_a_legend() -> None:
    svg = m.parse("{0,*|{*|0},1}")._repr_svg_()
    assert 'class="legend"' in svg and "Left move" in svg and "Right move" in svg
