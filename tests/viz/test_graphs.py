"""Col and Snort drawings: the user's vertex names, no crossings on paths, cycles, trees and grids,
a caption and a legend."""
from __future__ import annotations

import itertools
import re
from xml.etree import ElementTree

import pytest

from misere.rulesets.col import Col
from misere.rulesets.snort import Snort
from misere.viz.graphs import layout_crossings, piece_layout


def _grid(r: int, c: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [((i, j), (i + di, j + dj)) for i in range(r) for j in range(c) for di, dj in ((0, 1), (1, 0))
            if i + di < r and j + dj < c]


SHAPES = {
    "path 7": [(k, k + 1) for k in range(6)],
    "cycle 9": [(k, (k + 1) % 9) for k in range(9)],
    "star 5": [(0, k) for k in range(1, 6)],
    "binary tree": [(p, c) for p in range(7) for c in (2 * p + 1, 2 * p + 2)],
    "caterpillar": [("a", "b"), ("b", "c"), ("c", "d"), ("b", "x"), ("c", "y"), ("c", "z")],
    "grid 4x5": _grid(4, 5),
    "K4": list(itertools.combinations(range(4), 2)),
    "wheel 6": [(0, k) for k in range(1, 7)] + [(k, k % 6 + 1) for k in range(1, 7)],
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_planar_shapes_have_no_crossings(name: str) -> None:
    edges = SHAPES[name]
    vs = list(dict.fromkeys(v for e in edges for v in e))
    pos = piece_layout(vs, edges)
    assert set(pos) == set(vs) and layout_crossings(pos, edges) == 0
    near = min(((pos[a][0] - pos[b][0]) ** 2 + (pos[a][1] - pos[b][1]) ** 2) ** 0.5
               for a, b in itertools.combinations(vs, 2))
    assert near >= 1 - 1e-9  # vertices at least one edge length apart


def _labels(svg: str) -> list[str]:
    return re.findall(r'text-anchor="middle">([^<]*)</text>', svg)


def _lines(svg: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [((float(a), float(b)), (float(c), float(d)))
            for a, b, c, d in re.findall(r'<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"', svg)]


def test_col_keeps_the_users_names_and_draws_without_crossings() -> None:
    from misere.viz.layout import count_crossings

    svg = Col.svg("edges top-mid mid-low low-top low-tail tail:L + grid 2x3 + path 4")
    ElementTree.fromstring(svg)
    assert sorted(_labels(svg)) == sorted(["top", "mid", "low", "tail", "0,0", "0,1", "0,2", "1,0", "1,1",
                                           "1,2", "0", "1", "2", "3"])
    assert count_crossings(_lines(svg)) == 0 and len(_lines(svg)) == 4 + 7 + 3
    assert "Col: edges top-mid mid-low low-top low-tail tail:L + grid 2x3 + path 4" in svg
    assert 'class="legend"' in svg and "next to a blue vertex: Left may not colour it" in svg
    assert re.search(r'stroke="#1f5fbf" stroke-width="3"/><text[^>]*>tail<', svg)  # tail's tint


def test_snort_legend_says_who_is_forbidden_and_python_positions_keep_names() -> None:
    svg = Snort.svg({"edges": [("u", "v"), ("v", "w")], "tints": {"w": "LR"}})
    assert "next to a blue vertex: Right may not colour it" in svg
    assert sorted(_labels(svg)) == ["u", "v", "w"] and 'stroke-dasharray="4 3"' in svg  # w out of play
