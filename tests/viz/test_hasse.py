"""Hasse diagrams that people can read: bounded size, a legend and caption, no overlapping labels,
few edge crossings, and a node's up- and down-set lit on hover."""
from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache

import pytest

import misere as m
from misere.viz.colours import OUTCOME_FILL
from misere.viz.hasse import HOVER_SCRIPT, covering_relations, hasse_layout, hasse_svg

#: the day-2 general diagram: 22619 crossings in the order of the old barycentre layout, 16197 now
DAY2_CROSSINGS = 17000


@lru_cache(maxsize=None)
def _day2() -> tuple[list[str], list[str], list[tuple[int, int]]]:
    gs = m.born_by(2)
    u = m.find_universe("general")
    labels = [str(g) for g in gs]
    outcomes = [u.outcome_of_sum([g.id]).value for g in gs]
    return labels, outcomes, covering_relations(len(gs), lambda i, j: u.ge(gs[i].id, gs[j].id))


def _day2_svg(**kw: object) -> str:
    labels, outcomes, _ = _day2()
    ge = lambda i, j: i == j or j in _reach()[i]  # noqa: E731  (the order, from the covers)
    return hasse_svg(labels, ge, "born by day 2", outcomes=outcomes, engine="python", **kw)


@lru_cache(maxsize=None)
def _reach() -> dict[int, set[int]]:
    """Everything strictly below each element of the day-2 order."""
    labels, _, covers = _day2()
    down: dict[int, set[int]] = {i: set() for i in range(len(labels))}
    for a, b in covers:
        down[a].add(b)
    out: dict[int, set[int]] = {}

    def below(i: int) -> set[int]:
        if i not in out:
            out[i] = set(down[i]).union(*(below(j) for j in down[i]))
        return out[i]
    for i in down:
        below(i)
    return out


def _boxes(svg: str) -> list[tuple[float, ...]]:
    return [tuple(map(float, b)) for b in re.findall(
        r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="20" rx="6"', svg)]


def test_day2_diagram_fits_and_has_a_legend_and_caption() -> None:
    svg = _day2_svg()
    w, h = map(float, re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    assert w <= 2400 and h <= 2400 and max(w, h) / min(w, h) <= 3
    assert 'class="legend"' in svg and "P: second player wins" in svg
    assert "covering relation (the transitive reduction of the order)" in svg
    assert "Greater values are drawn further right." in svg  # too wide upright: turned a quarter
    assert "Edge colours carry no meaning: they tell neighbouring fans of edges apart." in svg
    boxes = _boxes(svg)
    assert len(boxes) == 256
    for k, (x, y, bw) in enumerate(boxes):  # no two node boxes overlap
        for x2, y2, bw2 in boxes[k + 1:]:
            assert abs(y - y2) >= 20 or x + bw <= x2 or x2 + bw2 <= x
    assert all(OUTCOME_FILL[o] in svg for o in "LNPR")


def test_edges_are_the_covering_relations_with_few_crossings() -> None:
    svg = _day2_svg()
    labels, _, covers = _day2()
    assert len(covers) == 904
    drawn = {(int(a), int(b)) for a, b in re.findall(r'class="edge" data-upper="(\d+)" data-lower="(\d+)"', svg)}
    assert drawn == set(covers)
    lg, crossings = hasse_layout(labels, covers, engine="python")
    assert crossings == lg.crossings() < DAY2_CROSSINGS
    assert f'data-crossings="{crossings}"' in svg


def test_greater_elements_further_right() -> None:
    svg = _day2_svg()
    x = {int(i): float(v) for i, v in re.findall(r'data-i="(\d+)"><title>[^<]*</title><rect x="([-\d.]+)"', svg)}
    _, _, covers = _day2()
    assert all(x[a] > x[b] for a, b in covers)


def test_highlight_marks_up_and_down_sets() -> None:
    zero = m.born_by(2).index(m.parse("0"))
    svg = _day2_svg(highlight=zero)
    assert 'class="hasse focus"' in svg
    lit_edges = re.findall(r'class="edge lit" data-upper="(\d+)" data-lower="(\d+)"', svg)
    assert any(int(b) == zero for _, b in lit_edges) and any(int(a) == zero for a, _ in lit_edges)
    assert svg.count('class="node lit here"') == 1
    reach = _reach()
    related = {zero} | reach[zero] | {i for i in reach if zero in reach[i]}
    lit_nodes = {int(i) for i in re.findall(r'class="node lit[^"]*" data-i="(\d+)"', svg)}
    assert lit_nodes == related


def test_hover_script_is_wired_to_every_node() -> None:
    svg = _day2_svg()
    assert HOVER_SCRIPT in svg and svg.count('class="node" data-i=') == 256
    assert ".focus .edge.lit" in svg  # the style the script switches on


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_hover_script_parses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "hover.js").write_text(HOVER_SCRIPT)
    assert subprocess.run(["node", "--check", str(tmp_path / "hover.js")], capture_output=True).returncode == 0


def test_day1_says_antichain() -> None:
    gs = m.born_by(1)
    u = m.find_universe("general")
    svg = hasse_svg([str(g) for g in gs], lambda i, j: u.ge(gs[i].id, gs[j].id), "day 1")
    assert "No edges: the 4 values are pairwise incomparable (an antichain)." in svg
    assert 'class="edge' not in svg and "<script" not in svg


def test_a_chain_is_drawn_upright_without_crossings() -> None:
    svg = hasse_svg(["0", "1", "2", "3"], lambda i, j: i >= j, "chain", engine="python")
    assert "Greater values are drawn higher." in svg and 'data-crossings="0"' in svg
    y = [float(v) for v in re.findall(r'<rect x="[-\d.]+" y="([-\d.]+)"', svg)[1:]]  # skip the background
    assert y == sorted(y, reverse=True)


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")
def test_dot_start() -> None:
    labels, _, covers = _day2()
    lg, crossings = hasse_layout(labels, covers, engine="dot")
    assert crossings == lg.crossings() < DAY2_CROSSINGS


@pytest.mark.skipif(shutil.which("dot") is not None, reason="graphviz's dot is installed")
def test_dot_engine_refused_without_dot() -> None:
    with pytest.raises(RuntimeError, match="dot is not installed"):
        hasse_layout(["a", "b"], [(1, 0)], engine="dot")
