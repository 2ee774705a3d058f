"""Hasse diagrams that people can read: bounded size and aspect, a legend, no overlapping labels."""
from __future__ import annotations

import re

import misere as m
from misere.viz.colours import OUTCOME_FILL
from misere.viz.hasse import covering_relations, hasse_svg


def _day2_svg(**kw: object) -> tuple[str, list[str]]:
    gs = m.born_by(2)
    u = m.find_universe("general")
    labels = [str(g) for g in gs]
    outcomes = [u.outcome_of_sum([g.id]).value for g in gs]
    return hasse_svg(labels, lambda i, j: u.ge(gs[i].id, gs[j].id), "born by day 2", outcomes=outcomes,
                     **kw), labels


def _boxes(svg: str) -> list[tuple[float, ...]]:
    return [tuple(map(float, b)) for b in re.findall(
        r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="20" rx="6"', svg)]


def test_day2_diagram_fits_and_has_a_legend() -> None:
    svg, labels = _day2_svg()
    w, h = map(float, re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    assert w <= 2400 and h <= 2400 and max(w, h) / min(w, h) <= 3
    assert 'class="legend"' in svg and "P: second player wins" in svg
    boxes = _boxes(svg)
    assert len(boxes) == 256
    for k, (x, y, bw) in enumerate(boxes):  # no two node boxes overlap
        for x2, y2, bw2 in boxes[k + 1:]:
            assert abs(y - y2) >= 20 or x + bw <= x2 or x2 + bw2 <= x
    assert all(OUTCOME_FILL[o] in svg for o in "LNPR")


def test_edges_are_the_covering_relations() -> None:
    svg, labels = _day2_svg()
    gs = m.born_by(2)
    u = m.find_universe("general")
    covers = covering_relations(len(gs), lambda i, j: u.ge(gs[i].id, gs[j].id))
    assert svg.count("<line ") == len(covers) == 904


def test_highlight_marks_up_and_down_sets() -> None:
    svg, labels = _day2_svg(highlight=m.born_by(2).index(m.parse("0")))
    strong = svg.count('stroke="#333" stroke-width="1.6"')
    assert strong >= 2  # 0 has something above and below it
    assert svg.count('stroke-width="2.5"') == 1
