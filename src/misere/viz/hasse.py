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


def hasse_svg(labels: Sequence[str], ge: Ge, title: str = "", colors: Sequence[str] | None = None,
              gap: float = 12.0, dy: float = 80.0) -> str:
    """A self-contained SVG of the Hasse diagram (greater elements drawn higher).

    Parameters
    ----------
    labels : text of each element.
    ge : order predicate on indices.
    colors : optional fill colour per element (e.g. by outcome class).
    """
    n = len(labels)
    covers = covering_relations(n, ge)
    layout = layered_layout(n, covers)
    box = [8 + 7 * len(lab) for lab in labels]
    rows: dict[int, list[int]] = {}
    for i in sorted(range(n), key=lambda i: layout[i][1]):
        rows.setdefault(layout[i][0], []).append(i)
    row_width = {lay: sum(box[i] for i in members) + gap * (len(members) - 1)
                 for lay, members in rows.items()}
    top = max(rows, default=0)
    width = max(max(row_width.values(), default=0) + 2 * gap, 200.0)
    off = 30 if title else 0
    height = (top + 1) * dy + off + dy / 2
    centre: dict[int, tuple[float, float]] = {}
    for lay, members in rows.items():
        x = (width - row_width[lay]) / 2
        for i in members:
            centre[i] = (x + box[i] / 2, off + dy / 2 + (top - lay) * dy)
            x += box[i] + gap

    def xy(i: int) -> tuple[float, float]:
        return centre[i]

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="monospace" font-size="12">',
           '<rect width="100%" height="100%" fill="white"/>']
    if title:
        out.append(f'<text x="{width / 2:.1f}" y="20" text-anchor="middle" font-size="14">'
                   f'{escape(title)}</text>')
    for a, b in sorted(covers):
        (x1, y1), (x2, y2) = xy(a), xy(b)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   'stroke="#888" stroke-width="1"/>')
    for i, lab in enumerate(labels):
        x, y = xy(i)
        fill = colors[i] if colors else "#eef"
        w = box[i]
        out.append(f'<rect x="{x - w / 2:.1f}" y="{y - 10:.1f}" width="{w:.1f}" height="20" rx="6" '
                   f'fill="{fill}" stroke="#335"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">{escape(lab)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
