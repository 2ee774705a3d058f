"""Layered (Sugiyama-style) graph layout and edge-crossing counts, standard library only.

The steps follow Sugiyama, Tagawa and Toda (1981) as refined by Gansner et al. (graphviz's
``dot``, 1993): every edge ``(upper, lower)`` joins two layers; an edge spanning several layers
is cut by *dummy* vertices so each piece joins adjacent layers; the vertices of each layer are
ordered by alternating down and up sweeps of the weighted-median heuristic, each followed by
*transposition* (swap neighbours while that removes crossings), keeping the best order seen;
finally coordinates along each layer are chosen near the mean of the neighbours' coordinates
while keeping the order and a minimal separation (an isotonic least-squares projection).

Where graphviz's ``dot`` is installed, :func:`dot_order` gives the starting order of each layer
from dot's own layout; the sweeps only accept improvements, so the result is never worse than
dot's order on our crossing count.
"""
from __future__ import annotations

import shutil
import subprocess
from typing import Sequence

from misere import budget

__all__ = ["Layering", "longest_path_layers", "layering", "bilayer_crossings", "layered_crossings",
           "order_layers", "place", "dot_order", "segments_cross", "count_crossings"]

Edge = tuple[int, int]


def longest_path_layers(n: int, edges: Sequence[Edge]) -> list[int]:
    """Layer of each vertex: 0 for vertices with nothing below, else one more than the highest
    vertex below it (``edges`` are ``(upper, lower)`` and must form a DAG)."""
    down: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        down[a].append(b)
    layer = [-1] * n
    for start in range(n):
        stack = [start]
        while stack:
            x = stack[-1]
            pending = [y for y in down[x] if layer[y] < 0]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            if layer[x] < 0:
                layer[x] = 1 + max((layer[y] for y in down[x]), default=-1)
    return layer


class Layering:
    """A proper layered graph: vertices ``0..n-1`` are real, larger ids are dummies.

    Attributes
    ----------
    layers : vertex ids of each layer in their current order (layer 0 at the bottom).
    down, up : neighbours one layer below / above each vertex.
    chains : for each original edge ``(upper, lower)``, the vertices from upper to lower.
    """

    def __init__(self, n: int, edges: Sequence[Edge], layer: Sequence[int]) -> None:
        self.n = n
        self.layer = list(layer)
        self.down: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.chains: dict[Edge, list[int]] = {}
        for a, b in edges:
            chain = [a]
            for lay in range(self.layer[a] - 1, self.layer[b], -1):
                self.layer.append(lay)
                self.down.append([])
                self.up.append([])
                chain.append(len(self.layer) - 1)
            chain.append(b)
            for x, y in zip(chain, chain[1:]):
                self.down[x].append(y)
                self.up[y].append(x)
            self.chains[(a, b)] = chain
        top = max(self.layer, default=-1)
        self.layers: list[list[int]] = [[] for _ in range(top + 1)]
        for v, lay in enumerate(self.layer):
            self.layers[lay].append(v)

    def crossings(self) -> int:
        """Edge crossings of the current order (pieces between adjacent layers)."""
        return layered_crossings(self.layers, self.down)


def layering(n: int, edges: Sequence[Edge], layer: Sequence[int] | None = None) -> Layering:
    """The proper layered graph of ``edges`` (longest-path layers unless ``layer`` is given)."""
    return Layering(n, edges, longest_path_layers(n, edges) if layer is None else layer)


def bilayer_crossings(upper: Sequence[int], lower: Sequence[int], down: Sequence[Sequence[int]]) -> int:
    """Crossings between two adjacent layers (in their given orders): pairs of edges whose ends
    are in opposite orders, counted by a Fenwick tree in O(E log V)."""
    pos = {v: k for k, v in enumerate(lower)}
    ends = sorted((i, pos[w]) for i, v in enumerate(upper) for w in down[v] if w in pos)
    tree = [0] * (len(lower) + 1)
    total = seen = 0
    for _, p in ends:
        k, below = p + 1, 0  # how many earlier ends are at positions <= p
        while k > 0:
            below += tree[k]
            k -= k & -k
        total += seen - below
        seen += 1
        k = p + 1
        while k <= len(lower):
            tree[k] += 1
            k += k & -k
    return total


def layered_crossings(layers: Sequence[Sequence[int]], down: Sequence[Sequence[int]]) -> int:
    """Crossings of a proper layered graph, summed over adjacent pairs of layers."""
    return sum(bilayer_crossings(layers[k + 1], layers[k], down) for k in range(len(layers) - 1))


def _median(values: list[float]) -> float:
    values.sort()
    m = len(values)
    if m % 2:
        return values[m // 2]
    if m == 2:
        return (values[0] + values[1]) / 2
    left, right = values[m // 2 - 1] - values[0], values[-1] - values[m // 2]
    if left + right == 0:
        return (values[m // 2 - 1] + values[m // 2]) / 2
    return (values[m // 2 - 1] * right + values[m // 2] * left) / (left + right)  # dot's weighted median


def _pair_crossings(u: int, v: int, nbrs: Sequence[Sequence[int]], pos: dict[int, int]) -> int:
    """Crossings between the edges of ``u`` and of ``v`` when ``u`` is left of ``v``."""
    pu = [pos[w] for w in nbrs[u]]
    pv = [pos[w] for w in nbrs[v]]
    return sum(1 for a in pu for b in pv if a > b)


def _transpose(lg: Layering, pos: dict[int, int]) -> None:
    """Swap neighbours in any layer while that lowers the crossings with both adjacent layers."""
    improved = True
    rounds = 0
    while improved and rounds < 20:
        improved, rounds = False, rounds + 1
        for members in lg.layers:
            budget.current().check(force=True)  # a timeout stops a large drawing (Ctrl-C acts anyway)
            for k in range(len(members) - 1):
                u, v = members[k], members[k + 1]
                now = _pair_crossings(u, v, lg.down, pos) + _pair_crossings(u, v, lg.up, pos)
                swapped = _pair_crossings(v, u, lg.down, pos) + _pair_crossings(v, u, lg.up, pos)
                if swapped < now:
                    members[k], members[k + 1] = v, u
                    pos[u], pos[v] = k + 1, k
                    improved = True


def order_layers(lg: Layering, sweeps: int = 12, start: Sequence[Sequence[int]] | None = None) -> int:
    """Order the layers of ``lg`` in place to few crossings; returns the crossing count.

    ``start`` is an initial order of each layer (e.g. from :func:`dot_order`); otherwise the
    vertices are first ordered by a depth-first walk from the top, which keeps chains together.
    """
    if start is not None:
        lg.layers = [list(x) for x in start]
    else:
        seen: set[int] = set()
        walk: list[int] = []
        for root in sorted(range(len(lg.layer)), key=lambda v: (-lg.layer[v], v)):
            stack = [root]
            while stack:
                v = stack.pop()
                if v not in seen:
                    seen.add(v)
                    walk.append(v)
                    stack.extend(reversed(lg.down[v]))
        rank = {v: k for k, v in enumerate(walk)}
        for members in lg.layers:
            members.sort(key=rank.__getitem__)
    pos = {v: k for members in lg.layers for k, v in enumerate(members)}
    best, best_layers = lg.crossings(), [list(x) for x in lg.layers]
    for sweep in range(sweeps):
        downward = sweep % 2 == 0
        order = range(len(lg.layers) - 2, -1, -1) if downward else range(1, len(lg.layers))
        nbrs = lg.up if downward else lg.down
        for k in order:
            members = lg.layers[k]
            key = {v: (_median([float(pos[w]) for w in nbrs[v]]) if nbrs[v] else float(pos[v]))
                   for v in members}
            members.sort(key=lambda v: (key[v], pos[v]))
            pos.update({v: i for i, v in enumerate(members)})
        _transpose(lg, pos)
        now = lg.crossings()
        if now < best:
            best, best_layers = now, [list(x) for x in lg.layers]
    lg.layers = best_layers
    return best


def _isotonic(target: Sequence[float], sep: Sequence[float]) -> list[float]:
    """Coordinates closest (least squares) to ``target`` with ``x[k+1] - x[k] >= sep[k]``."""
    offset = [0.0]
    for s in sep:
        offset.append(offset[-1] + s)
    blocks: list[list[float]] = []  # [mean, weight, count]
    for t, o in zip(target, offset):
        blocks.append([t - o, 1.0, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, c2 = blocks.pop()
            m1, w1, c1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, c1 + c2])
    flat = [m for m, _, c in blocks for _ in range(c)]
    return [y + o for y, o in zip(flat, offset)]


def place(lg: Layering, size: Sequence[float], gap: float, rounds: int = 8) -> list[float]:
    """Coordinate along its layer of every vertex (real and dummy) of an ordered layering.

    ``size[v]`` is the extent of real vertex ``v`` along the layer (dummies take none), ``gap``
    the space between neighbours; each vertex is pulled towards the mean of its neighbours'
    coordinates in alternating sweeps, keeping the order and the separations.
    """
    extent = list(size) + [0.0] * (len(lg.layer) - lg.n)
    x = [0.0] * len(lg.layer)
    for members in lg.layers:
        at = 0.0
        for v in members:
            x[v] = at + extent[v] / 2
            at += extent[v] + gap
    widest = max((x[m[-1]] + extent[m[-1]] / 2 for m in lg.layers if m), default=0.0)
    for members in lg.layers:  # centre every layer on the widest one
        if members:
            shift = (widest - x[members[-1]] - extent[members[-1]] / 2 - x[members[0]] + extent[members[0]] / 2) / 2
            for v in members:
                x[v] += shift
    for r in range(rounds):
        order = range(len(lg.layers)) if r % 2 else range(len(lg.layers) - 1, -1, -1)
        nbrs = lg.down if r % 2 == 0 else lg.up
        for k in order:
            members = lg.layers[k]
            target = [sum(x[w] for w in nbrs[v]) / len(nbrs[v]) if nbrs[v] else x[v] for v in members]
            sep = [(extent[a] + extent[b]) / 2 + gap for a, b in zip(members, members[1:])]
            for v, c in zip(members, _isotonic(target, sep)):
                x[v] = c
    low = min((x[v] - extent[v] / 2 for v in range(len(x))), default=0.0)
    return [c - low for c in x]


def dot_order(lg: Layering, names: Sequence[str] | None = None, timeout: float = 30.0) -> list[list[int]] | None:
    """Each layer of ``lg`` ordered by graphviz ``dot``'s x-coordinates, or ``None`` when ``dot``
    is not installed or fails. Dummies follow their chain's real vertices."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    lines = ["digraph g {", "rankdir=BT;", "node [shape=box,height=0.3];"]
    for v in range(len(lg.layer)):
        label = names[v] if names is not None and v < lg.n else ""
        width = 0.1 if v >= lg.n else max(0.3, 0.1 * len(label))
        lines.append(f'v{v} [label="", width={width:.2f}];')
    for members in lg.layers:
        lines.append("{rank=same; " + " ".join(f"v{v};" for v in members) + "}")
    for v, ws in enumerate(lg.down):
        lines.extend(f"v{w} -> v{v};" for w in ws)
    lines.append("}")
    try:
        out = subprocess.run([exe, "-Tplain"], input="\n".join(lines), capture_output=True, text=True,
                             timeout=timeout, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    xs: dict[int, float] = {}
    for row in out.splitlines():
        parts = row.split()
        if parts and parts[0] == "node":
            xs[int(parts[1][1:])] = float(parts[2])
    if len(xs) != len(lg.layer):
        return None
    return [sorted(members, key=lambda v: (xs[v], v)) for members in lg.layers]


def segments_cross(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float],
                   s: tuple[float, float]) -> bool:
    """Whether segments ``pq`` and ``rs`` cross at a point interior to both (shared end points
    and touching do not count)."""
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    eps = 1e-9
    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    return ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and \
        ((d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps))


def count_crossings(segments: Sequence[tuple[tuple[float, float], tuple[float, float]]]) -> int:
    """Crossings among straight segments (each pair tested; for pictures of up to a few thousand
    segments)."""
    boxes = [(min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])) for p, q in segments]
    total = 0
    for i, (p, q) in enumerate(segments):
        x0, x1, y0, y1 = boxes[i]
        for j in range(i + 1, len(segments)):
            a0, a1, b0, b1 = boxes[j]
            if a0 > x1 or a1 < x0 or b0 > y1 or b1 < y0:
                continue
            if segments_cross(p, q, *segments[j]):
                total += 1
    return total
