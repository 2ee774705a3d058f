"""Game trees as self-contained SVG: Left options hang to the lower left, Right to the lower right.

Shared followers are drawn once per occurrence (a tree, not the DAG), up to ``max_nodes``;
larger trees are cut with an ellipsis node. Each node shows its printed name when it has a short
one (``0``, ``*``, ``1``, ``^``), so ``{1|*}`` draws as a root with two labelled leaves.

The number of nodes to draw is counted on the DAG first (:func:`tree_size`, a recurrence over
the followers, never expanding the tree), and a drawing whose memory (about
:data:`BYTES_PER_NODE` a node, measured) would break the budget in force is refused up front
with its size; a large drawing reports progress.
"""
from __future__ import annotations

from html import escape

from .. import budget
from ..core.notation import name_of
from ..core.table import GameId, left, right

__all__ = ["tree_svg", "tree_size", "BYTES_PER_NODE"]

#: peak memory per drawn node (node and edge records, SVG lines, the joined text; measured on
#: ``*12 --expand``: 515 MB over the start for 300 000 nodes)
BYTES_PER_NODE = 2000

#: counts above this are reported as this (the tree of ``*n`` has 3^n nodes)
_CAP = 10 ** 30


def _children(x: GameId, expand_named: bool) -> list[tuple[GameId, str]]:
    """The options drawn below ``x``: none for 0 and (unless expanding) for named games."""
    if x == 0 or (name_of(x) is not None and not expand_named):
        return []
    return [(y, "L") for y in left(x)] + [(y, "R") for y in right(x)]


def tree_size(g: GameId, expand_named: bool = False) -> tuple[int, int]:
    """(nodes, depth) of the full game tree drawn for ``g`` (nodes capped at 10^30), counted by
    ``nodes(x) = 1 + sum of nodes(option)`` over the DAG of followers, without expanding it.

    >>> from misere.core.notation import parse_id
    >>> tree_size(parse_id("*3"), True), tree_size(parse_id("*3"))
    ((27, 3), (1, 0))
    """
    size: dict[GameId, tuple[int, int]] = {}
    stack = [g]
    while stack:
        budget.check()
        x = stack[-1]
        kids = [y for y, _ in _children(x, expand_named)]
        todo = [y for y in kids if y not in size]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        size[x] = (min(_CAP, 1 + sum(size[y][0] for y in kids)), 1 + max((size[y][1] for y in kids), default=-1))
    return size[g]


def tree_svg(g: GameId, max_nodes: int = 200, expand_named: bool = False,
             dx: float = 34.0, dy: float = 56.0) -> str:
    """SVG of the game tree of ``g``.

    Parameters
    ----------
    g : the game's id.
    max_nodes : the most nodes to draw before cutting branches.
    expand_named : also expand nodes that have a short name (e.g. draw ``1`` as ``{0|}``).
    """
    total, deepest = tree_size(g, expand_named)
    drawn = min(total, max_nodes + deepest + 1)  # a cut adds one ellipsis per open level
    budget.reserve(drawn * BYTES_PER_NODE, f"a game tree of {drawn:,} nodes"
                   + (f" (of {total:,})" if drawn < total else ""))
    nodes: list[tuple[float, int, str]] = []  # x, depth, label
    edges: list[tuple[int, int, str]] = []  # parent, child, side
    counter = [0.0]
    progress = budget.Progress("game tree", total=3 * drawn)

    def build(x: GameId, depth: int) -> int:
        idx = len(nodes)
        label = name_of(x)
        nodes.append((0.0, depth, label or ""))
        if not idx & 1023:
            budget.check()
            progress.update(idx, nodes=idx)
        children = _children(x, expand_named)
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

    with progress:
        build(g, 0)
        return _svg(nodes, edges, counter[0], dx, dy, progress)


def _svg(nodes: list[tuple[float, int, str]], edges: list[tuple[int, int, str]], columns: float,
         dx: float, dy: float, progress: budget.Progress) -> str:
    """The SVG text of laid-out nodes and edges (progress counts nodes then edges written)."""
    depth = max(d for _, d, _ in nodes)
    width = max((columns + 1) * dx + 20, 210)
    height = (depth + 1) * dy + 50
    pos = [(20 + x * dx + dx / 2, 20 + d * dy) for x, d, _ in nodes]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           'font-family="monospace" font-size="12">', '<rect width="100%" height="100%" fill="white"/>']
    for i, (a, b, side) in enumerate(edges):
        if not i & 4095:
            budget.check()
            progress.update(len(nodes) + i, writing="edges")
        colour = "#1f5fbf" if side == "L" else "#c0392b"
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                   'stroke-width="2"/>')
    for i, ((x, y), (_, _, label)) in enumerate(zip(pos, nodes)):
        if not i & 4095:
            budget.check()
            progress.update(2 * len(nodes) + i, writing="nodes")
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
