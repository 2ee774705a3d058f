"""Hasse diagrams of finite posets as DOT text or self-contained SVG.

The poset is given as a list of labels and a ``ge(i, j)`` predicate on indices. Covering
relations are computed from ``ge``; the layout puts each element on the layer of the longest
chain below it and orders layers by the barycentre heuristic (a small Sugiyama layout), so
no graphviz installation is needed. Output is deterministic for the same input.
"""
from __future__ import annotations

from html import escape
from typing import Callable, Sequence

__all__ = ["covering_relations", "layered_layout", "hasse_dot", "hasse_svg"]

Ge = Callable[[int, int], bool]


def covering_relations(n: int, ge: Ge) -> list[tuple[int, int]]:
    """Pairs ``(upper, lower)`` with upper > lower and nothing strictly between.

    Equivalent elements (``ge`` both ways) are treated as one: only the first of each
    class is kept as a node, so callers should pass distinct values.
    """
    greater = [[i != j and ge(i, j) and not ge(j, i) for j in range(n)] for i in range(n)]
    covers: list[tuple[int, int]] = []
    for i in range(n):
        below = [j for j in range(n) if greater[i][j]]
        for j in below:
            if not any(greater[i][k] and greater[k][j] for k in below):
                covers.append((i, j))
    return covers


def layered_layout(n: int, covers: Sequence[tuple[int, int]], sweeps: int = 8) -> list[tuple[int, float]]:
    """(layer, position-in-layer) for each element; layer 0 is the bottom."""
    down: list[list[int]] = [[] for _ in range(n)]
    up: list[list[int]] = [[] for _ in range(n)]
    for a, b in covers:
        down[a].append(b)
        up[b].append(a)
    layer = [-1] * n

    def depth(i: int) -> int:
        stack = [i]
        while stack:
            x = stack[-1]
            pending = [y for y in down[x] if layer[y] < 0]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            if layer[x] < 0:
                layer[x] = 1 + max((layer[y] for y in down[x]), default=-1)
        return layer[i]

    for i in range(n):
        depth(i)
    layers: dict[int, list[int]] = {}
    for i in range(n):
        layers.setdefault(layer[i], []).append(i)
    pos = [0.0] * n
    for members in layers.values():
        for k, i in enumerate(members):
            pos[i] = float(k)
    for sweep in range(sweeps):
        neighbours = down if sweep % 2 == 0 else up
        for members in layers.values():
            def bary(i: int) -> float:
                ns = neighbours[i]
                return sum(pos[j] for j in ns) / len(ns) if ns else pos[i]
            members.sort(key=lambda i: (bary(i), i))
            for k, i in enumerate(members):
                pos[i] = float(k)
    return [(layer[i], pos[i]) for i in range(n)]


def hasse_dot(labels: Sequence[str], ge: Ge, title: str = "poset") -> str:
    """DOT text of the Hasse diagram (edges point from upper to lower)."""
    covers = covering_relations(len(labels), ge)
    lines = [f'digraph "{title}" {{', "  rankdir=BT;", "  node [shape=plaintext];"]
    for i, lab in enumerate(labels):
        lines.append(f'  n{i} [label="{lab}"];')
    for a, b in sorted(covers):
        lines.append(f"  n{b} -> n{a} [dir=none];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _wrap(members: list[int], box: Sequence[float], gap: float, inner: float) -> list[list[int]]:
    """Split one layer (in layout order) into consecutive sub-rows of near-equal width <= inner."""
    total = sum(box[i] for i in members) + gap * (len(members) - 1)
    k = max(1, -(-int(total) // int(inner)))
    target = total / k
    rows: list[list[int]] = [[]]
    width = 0.0
    for i in members:
        w = box[i] + (gap if rows[-1] else 0)
        if rows[-1] and (width + w > inner or (width + w / 2 > target and len(rows) < k)):
            rows.append([])
            width, w = 0.0, box[i]
        rows[-1].append(i)
        width += w
    return rows


def _related(n: int, covers: Sequence[tuple[int, int]], start: int) -> set[int]:
    """``start`` with every element above or below it (its up-set and down-set)."""
    up: list[list[int]] = [[] for _ in range(n)]
    down: list[list[int]] = [[] for _ in range(n)]
    for a, b in covers:
        down[a].append(b)
        up[b].append(a)
    seen = {start}
    for nbrs in (up, down):
        stack = [start]
        while stack:
            for y in nbrs[stack.pop()]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
    return seen


def hasse_svg(labels: Sequence[str], ge: Ge, title: str = "", colors: Sequence[str] | None = None,
              gap: float = 12.0, dy: float = 64.0, *, outcomes: Sequence[str] | None = None,
              max_width: float = 2400.0, highlight: int | None = None) -> str:
    """A self-contained SVG of the Hasse diagram (greater elements drawn higher).

    Layers wider than ``max_width`` wrap onto several sub-rows, so no side exceeds
    ``max_width`` pixels however many elements a layer holds (the 256 games born by day 2 give
    about 2400 x 1000). With ``outcomes`` (one of ``L N P R`` per element) nodes are filled with
    the shared outcome colours of :mod:`misere.viz.colours` and a legend is drawn.

    Parameters
    ----------
    labels : text of each element.
    ge : order predicate on indices.
    colors : optional fill colour per element (ignored when ``outcomes`` is given).
    outcomes : optional outcome letter per element: colours and a legend.
    max_width : widest picture in pixels.
    highlight : index of an element to emphasise with its up-set and down-set.
    """
    from misere.viz.colours import OUTCOME_FILL, OUTCOME_STROKE, outcome_legend

    n = len(labels)
    covers = covering_relations(n, ge)
    layout = layered_layout(n, covers)
    box = [8 + 7 * len(lab) for lab in labels]
    layers: dict[int, list[int]] = {}
    for i in sorted(range(n), key=lambda i: layout[i][1]):
        layers.setdefault(layout[i][0], []).append(i)
    inner = max_width - 2 * gap
    sub_dy = 26.0
    legend, lw, lh = outcome_legend(0, 0, set(outcomes)) if outcomes else ("", 0.0, 0.0)
    off = (30 if title else 8) + (lh + 8 if outcomes else 0)
    centre: dict[int, tuple[float, float]] = {}
    y = off + 14
    widest = 200.0
    for lay in sorted(layers, reverse=True):
        for row in _wrap(layers[lay], box, gap, inner):
            widest = max(widest, sum(box[i] for i in row) + gap * (len(row) + 1))
            centre.update({i: (0.0, y) for i in row})
            y += sub_dy
        y += dy - sub_dy
    width, height = min(max(widest, lw + 2 * gap), max_width), y - dy + sub_dy + 8
    for lay in layers:  # centre each sub-row horizontally
        for row in _wrap(layers[lay], box, gap, inner):
            x = (width - sum(box[i] for i in row) - gap * (len(row) - 1)) / 2
            for i in row:
                centre[i] = (x + box[i] / 2, centre[i][1])
                x += box[i] + gap
    lit = _related(n, covers, highlight) if highlight is not None else None
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="monospace" font-size="12">',
           '<rect width="100%" height="100%" fill="white"/>']
    if title:
        out.append(f'<text x="{width / 2:.1f}" y="20" text-anchor="middle" font-size="14">'
                   f'{escape(title)}</text>')
    if legend:
        out.append(f'<g transform="translate({width - lw - gap:.1f},{(30 if title else 8):.1f})">{legend}</g>')
    for a, b in sorted(covers):
        (x1, y1), (x2, y2) = centre[a], centre[b]
        strong = lit is not None and a in lit and b in lit
        style = ('stroke="#333" stroke-width="1.6"' if strong else
                 f'stroke="#888" stroke-width="0.8" stroke-opacity="{0.12 if lit is not None else 0.45}"')
        out.append(f'<line x1="{x1:.1f}" y1="{y1 - 10:.1f}" x2="{x2:.1f}" y2="{y2 + 10:.1f}" {style}/>')
    for i, lab in enumerate(labels):
        x, y = centre[i]
        if outcomes:
            fill, stroke = OUTCOME_FILL[outcomes[i]], OUTCOME_STROKE[outcomes[i]]
        else:
            fill, stroke = (colors[i] if colors else "#eef"), "#335"
        faded = lit is not None and i not in lit
        extra = ' stroke-width="2.5"' if i == highlight else (' opacity="0.35"' if faded else "")
        w = box[i]
        out.append(f'<rect x="{x - w / 2:.1f}" y="{y - 10:.1f}" width="{w:.1f}" height="20" rx="6" '
                   f'fill="{fill}" stroke="{stroke}"{extra}/>')
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle"'
                   f'{extra if faded else ""}>{escape(lab)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
