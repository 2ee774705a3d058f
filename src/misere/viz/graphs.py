"""Drawings of small undirected graphs (the boards of Col and Snort) that keep the user's vertex
names and avoid needless edge crossings.

Each connected piece is laid out by its shape: vertices named by integer pairs ``(row, col)``
(a grid) sit at those coordinates; a path is a straight row; a cycle a circle in cycle order;
another tree a layered tree hanging from a centre vertex (none of these has a crossing). Any
other graph gets the best of a circle in depth-first order and a few stress layouts (distances
in the picture near the graph distances), judged by the number of edge crossings.
"""
from __future__ import annotations

import math
from html import escape
from typing import Any, Hashable, Sequence

from misere.viz.layout import count_crossings

__all__ = ["vertex_label", "pieces", "piece_layout", "layout_crossings", "graph_svg", "DEAD"]

Point = tuple[float, float]

#: ring colour of a vertex out of play (drawn dashed)
DEAD = "#999"
_DASH = ' stroke-dasharray="4 3"'


def vertex_label(v: Any) -> str:
    """The text of a vertex name: ``(1, 2)`` as ``1,2``, anything else as ``str``."""
    return ",".join(map(str, v)) if isinstance(v, tuple) else str(v)


def pieces(vertices: Sequence[Hashable], edges: Sequence[tuple[Hashable, Hashable]]) -> list[list[Hashable]]:
    """The connected pieces, each in the order the vertices were first named."""
    adj: dict[Hashable, list[Hashable]] = {v: [] for v in vertices}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen: set[Hashable] = set()
    out = []
    for v in adj:
        if v in seen:
            continue
        comp, stack = [], [v]
        seen.add(v)
        while stack:
            x = stack.pop()
            comp.append(x)
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        order = {x: k for k, x in enumerate(adj)}
        out.append(sorted(comp, key=order.__getitem__))
    return out


def _walk(start: Hashable, adj: dict[Hashable, list[Hashable]]) -> list[Hashable]:
    """Depth-first order from ``start`` (neighbours in naming order)."""
    out, seen, stack = [], {start}, [start]
    while stack:
        x = stack.pop()
        out.append(x)
        for y in reversed(adj[x]):
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return out


def _distances(vs: Sequence[Hashable], adj: dict[Hashable, list[Hashable]]) -> dict[Hashable, dict[Hashable, int]]:
    out = {}
    for s in vs:
        dist, frontier = {s: 0}, [s]
        while frontier:
            nxt = []
            for x in frontier:
                for y in adj[x]:
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        nxt.append(y)
            frontier = nxt
        out[s] = dist
    return out


def _tree(vs: Sequence[Hashable], adj: dict[Hashable, list[Hashable]], dist: dict) -> dict[Hashable, Point]:
    """A tree hanging from a centre vertex; leaves spaced evenly, parents over their children."""
    root = min(vs, key=lambda v: (max(dist[v].values()), vs.index(v)))
    pos: dict[Hashable, Point] = {}
    next_leaf = [0.0]

    def put(v: Hashable, parent: Hashable | None, depth: int) -> float:
        kids = [y for y in adj[v] if y != parent]
        if not kids:
            x = next_leaf[0]
            next_leaf[0] += 1
        else:
            xs = [put(y, v, depth + 1) for y in kids]
            x = (xs[0] + xs[-1]) / 2
        pos[v] = (x, float(depth))
        return x

    put(root, None, 0)
    return pos


def _stress(vs: Sequence[Hashable], dist: dict, seed: int) -> dict[Hashable, Point]:
    """Stress majorisation (SMACOF) from a deterministic start: picture distances near graph
    distances."""
    n = len(vs)
    pts = [(math.cos(2 * math.pi * (k * (seed + 1) % n) / n), math.sin(2 * math.pi * (k * (seed + 1) % n) / n))
           for k in range(n)]
    pts = [(x * n / 4 + 0.01 * k, y * n / 4) for k, (x, y) in enumerate(pts)]
    for _ in range(120):
        new = []
        for i, u in enumerate(vs):
            sx = sy = sw = 0.0
            for j, v in enumerate(vs):
                if i == j:
                    continue
                d = dist[u][v]
                w = 1.0 / (d * d)
                dx, dy = pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]
                norm = math.hypot(dx, dy) or 1e-9
                sx += w * (pts[j][0] + d * dx / norm)
                sy += w * (pts[j][1] + d * dy / norm)
                sw += w
            new.append((sx / sw, sy / sw))
        pts = new
    return dict(zip(vs, pts))


def layout_crossings(pos: dict[Hashable, Point], edges: Sequence[tuple[Hashable, Hashable]]) -> int:
    """Edge crossings of a drawing with straight edges."""
    return count_crossings([(pos[a], pos[b]) for a, b in edges if a != b])


def piece_layout(vs: Sequence[Hashable], edges: Sequence[tuple[Hashable, Hashable]]) -> dict[Hashable, Point]:
    """Positions (in units of one edge length) of one connected piece, chosen by its shape."""
    adj: dict[Hashable, list[Hashable]] = {v: [] for v in vs}
    simple = {frozenset(e) for e in edges if e[0] != e[1]}
    for a, b in (tuple(e) for e in simple):
        adj[a].append(b)
        adj[b].append(a)
    for v in vs:
        adj[v].sort(key=list(vs).index)
    if len(vs) == 1:
        return {vs[0]: (0.0, 0.0)}
    if all(isinstance(v, tuple) and len(v) == 2 and all(isinstance(c, int) for c in v) for v in vs) \
            and all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in (tuple(e) for e in simple)):
        return {v: (float(v[1]), float(v[0])) for v in vs}
    degrees = [len(adj[v]) for v in vs]
    if len(simple) == len(vs) - 1 and max(degrees) <= 2:  # a path
        end = next(v for v in vs if len(adj[v]) == 1)
        return {v: (float(k), 0.0) for k, v in enumerate(_walk(end, adj))}
    if len(simple) == len(vs) and set(degrees) == {2}:  # a cycle
        ring = _walk(vs[0], adj)
        r = 1 / (2 * math.sin(math.pi / len(vs)))  # sides of one unit
        return {v: (r * math.cos(2 * math.pi * k / len(vs) - math.pi / 2),
                    r * math.sin(2 * math.pi * k / len(vs) - math.pi / 2)) for k, v in enumerate(ring)}
    dist = _distances(vs, adj)
    if len(simple) == len(vs) - 1:
        return _tree(vs, adj, dist)
    ring = _walk(vs[0], adj)
    r = max(1.0, len(vs) / (2 * math.pi))
    candidates = [{v: (r * math.cos(2 * math.pi * k / len(vs)), r * math.sin(2 * math.pi * k / len(vs)))
                   for k, v in enumerate(ring)}]
    candidates += [_stress(vs, dist, seed) for seed in range(3)] if len(vs) <= 40 else []
    pairs = [tuple(e) for e in simple]
    best = dict(min(reversed(candidates), key=lambda p: layout_crossings(p, pairs)))
    pos = _untangle(best, adj, pairs)
    near = min(math.dist(pos[a], pos[b]) for a in vs for b in vs if a != b) or 1.0
    return {v: (x / near, y / near) for v, (x, y) in pos.items()}  # closest two one unit apart


def _untangle(pos: dict[Hashable, Point], adj: dict[Hashable, list[Hashable]],
              pairs: Sequence[tuple[Hashable, Hashable]]) -> dict[Hashable, Point]:
    """Move single vertices to the centre of their neighbours (Tutte's barycentre step) while
    that removes crossings and keeps vertices apart (a third of an edge or more): K4 becomes a
    triangle round its fourth vertex."""
    now = layout_crossings(pos, pairs)
    room = 0.35 * sum(math.dist(pos[a], pos[b]) for a, b in pairs) / max(len(pairs), 1)
    for _ in range(3):
        for v in pos:
            if now == 0 or not adj[v]:
                continue
            old = pos[v]
            pos[v] = (sum(pos[w][0] for w in adj[v]) / len(adj[v]), sum(pos[w][1] for w in adj[v]) / len(adj[v]))
            roomy = all(math.dist(pos[v], pos[w]) >= room for w in pos if w != v)
            after = layout_crossings(pos, pairs) if roomy else now
            if after < now:
                now = after
            else:
                pos[v] = old
    return pos


def graph_svg(graphs: Sequence[dict[str, Any]], caption: Sequence[str], legend: Sequence[tuple[str, str]],
              unit: float = 56.0) -> str:
    """One SVG of several graphs side by side, each drawn by :func:`piece_layout` piece by piece.

    ``graphs`` hold ``vertices``, ``edges`` and ``ring`` (vertex -> ring colour; default black;
    :data:`DEAD` draws a dashed grey ring); ``caption`` lines go on top, ``legend`` rows
    ``(colour, meaning)`` below. Vertices are labelled with
    :func:`vertex_label` of their own names.
    """
    items: list[str] = []
    x0, top, tallest = 16.0, 24.0 + 16 * len(caption), 0.0
    for g in graphs:
        edges = [tuple(e) for e in g["edges"]]
        verts = list(dict.fromkeys(list(g.get("vertices", [])) + [v for e in edges for v in e]))
        for piece in pieces(verts, edges):
            inside = set(piece)
            pos = piece_layout(piece, [e for e in edges if e[0] in inside])
            xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
            radius = max(14.0, 4 + 3.6 * max(len(vertex_label(v)) for v in piece))
            at = {v: (x0 + radius + (x - min(xs)) * unit, top + radius + (y - min(ys)) * unit)
                  for v, (x, y) in pos.items()}
            for a, b in edges:
                if a in inside and a != b:
                    (x1, y1), (x2, y2) = at[a], at[b]
                    items.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                                 'stroke="#555" stroke-width="2"/>')
            for v in piece:
                x, y = at[v]
                stroke = g.get("ring", {}).get(v, "#000")
                dash = stroke == DEAD
                items.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="white" '
                             f'stroke="{stroke}" stroke-width="3"{_DASH if dash else ""}/>'
                             f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="12" text-anchor="middle">'
                             f'{escape(vertex_label(v))}</text>')
            x0 += (max(xs) - min(xs)) * unit + 2 * radius + 36
            tallest = max(tallest, (max(ys) - min(ys)) * unit + 2 * radius)
    items.extend(f'<text x="16" y="{18 + 16 * k}" font-size="13" fill="#333">{escape(c)}</text>'
                 for k, c in enumerate(caption))
    y = top + tallest + 24
    rows = ['<g class="legend">']
    for colour, meaning in legend:
        rows.append(f'<circle cx="26" cy="{y:.1f}" r="7" fill="white" stroke="{colour}" stroke-width="3"'
                    f'{_DASH if colour == DEAD else ""}/>'
                    f'<text x="40" y="{y + 4:.1f}" font-size="12">{escape(meaning)}</text>')
        y += 20
    items.extend(rows + ["</g>"])
    width = max(x0, 16 + 7.2 * max((len(c) for c in caption), default=0), 300)
    title = f"<title>{escape(caption[0])}</title>" if caption else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" font-family="sans-serif">{title}\n'
            f'<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(items) + "\n</svg>\n")
