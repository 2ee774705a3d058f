"""Game trees as self-contained SVG: Left options hang to the lower left, Right to the lower right.

Shared followers are drawn once per occurrence (a tree, not the DAG), up to ``max_nodes``;
larger trees are cut with an ellipsis node. Each node shows its printed name when it has a short
one (``0``, ``*``, ``1``, ``^``), so ``{1|*}`` draws as a root with two labelled leaves.
"""
from __future__ import annotations

from html import escape

from ..core.notation import name_of
from ..core.table import GameId, left, right

__all__ = ["tree_svg"]


def tree_svg(g: GameId, max_nodes: int = 200, expand_named: bool = False,
             dx: float = 34.0, dy: float = 56.0) -> str:
    """SVG of the game tree of ``g``.

    Parameters
    ----------
    g : the game's id.
    max_nodes : the most nodes to draw before cutting branches.
    expand_named : also expand nodes that have a short name (e.g. draw ``1`` as ``{0|}``).
    """
    nodes: list[tuple[float, int, str]] = []  # x, depth, label
    edges: list[tuple[int, int, str]] = []  # parent, child, side
    counter = [0.0]

    def build(x: GameId, depth: int) -> int:
        idx = len(nodes)
        label = name_of(x)
        nodes.append((0.0, depth, label or ""))
        children: list[tuple[GameId, str]] = []
        if (label is None or expand_named) and x != 0:
            children = [(y, "L") for y in left(x)] + [(y, "R") for y in right(x)]
        if not children:
            nodes[idx] = (counter[0], depth, label or "")
            counter[0] += 1
            return idx
        kids: list[int] = []
        for y, side in children:
            if len(nodes) >= max_nodes:
                j = len(nodes)
                nodes.append((counter[0], depth + 1, "…"))
                counter[0] += 1
                edges.append((idx, j, side))
                break
            j = build(y, depth + 1)
            edges.append((idx, j, side))
            kids.append(j)
        xs = [nodes[k][0] for k in kids] or [counter[0]]
        nodes[idx] = ((min(xs) + max(xs)) / 2, depth, label or "")
        return idx

    build(g, 0)
    depth = max(d for _, d, _ in nodes)
    width = max((counter[0] + 1) * dx + 20, 210)
    height = (depth + 1) * dy + 50
    pos = [(20 + x * dx + dx / 2, 20 + d * dy) for x, d, _ in nodes]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           'font-family="monospace" font-size="12">', '<rect width="100%" height="100%" fill="white"/>']
    for a, b, side in edges:
        colour = "#1f5fbf" if side == "L" else "#c0392b"
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                   'stroke-width="2"/>')
    for (x, y), (_, _, label) in zip(pos, nodes):
        if label:
            w = 8 + 7 * len(label)
            out.append(f'<rect x="{x - w / 2:.1f}" y="{y - 9:.1f}" width="{w:.1f}" height="18" rx="5" '
                       'fill="#f4f4f4" stroke="#555"/>')
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">{escape(label)}</text>')
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#333"/>')
    ly = height - 12  # legend: which edges are whose moves
    out.append(f'<g class="legend"><line x1="10" y1="{ly - 4}" x2="28" y2="{ly - 4}" stroke="#1f5fbf" '
               f'stroke-width="2"/><text x="32" y="{ly}">Left move</text>'
               f'<line x1="100" y1="{ly - 4}" x2="118" y2="{ly - 4}" stroke="#c0392b" stroke-width="2"/>'
               f'<text x="122" y="{ly}">Right move</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
