"""Hasse diagrams of finite posets as DOT text or self-contained SVG.

The poset is given as a list of labels and a ``ge(i, j)`` predicate on indices. The edges are
the covering relations (the transitive reduction of the order). The layout is layered
(:mod:`misere.viz.layout`): each element sits on the layer of the longest chain below it and
the layers are ordered to few edge crossings (median sweeps with transposition; graphviz's
``dot`` gives the starting order where it is installed). Edges are smooth curves, coloured by
their upper end, and hovering an element in a browser lights up everything above and below it.
Output is deterministic for the same input (and the same ``dot``, if any).
"""
from __future__ import annotations

from html import escape
from typing import Callable, Sequence

from misere.viz.layout import Layering, dot_order, layering, order_layers, place

__all__ = ["covering_relations", "layered_layout", "hasse_layout", "hasse_dot", "hasse_svg",
           "EDGE_COLOURS", "HOVER_SCRIPT"]

Ge = Callable[[int, int], bool]

#: edge colours, by the position of the edge's upper end in its layer (neighbouring fans differ)
EDGE_COLOURS = ["#4e79a7", "#e15759", "#59a14f", "#b07aa1", "#f28e2b", "#76b7b2", "#9c755f", "#edc948"]

_STYLE = """.edge{fill:none;stroke-width:1;stroke-opacity:.55}
.node:hover rect{stroke-width:3}
.focus .edge{stroke-opacity:.05}.focus .node{opacity:.25}
.focus .node.lit{opacity:1}.focus .edge.lit{stroke-opacity:1;stroke-width:2}
.focus .node.here rect{stroke-width:3}"""

#: lights up a node's up-set and down-set while the pointer is on it (class "lit" on the related
#: nodes and edges, "focus" on the picture); the script finds its own picture, so several
#: diagrams can share a page
HOVER_SCRIPT = """(function(){var s=document.currentScript.parentNode,E=s.querySelectorAll('.edge'),
N=s.querySelectorAll('.node'),up={},dn={};E.forEach(function(e){var a=e.dataset.upper,b=e.dataset.lower;
(up[b]=up[b]||[]).push(e);(dn[a]=dn[a]||[]).push(e);});
function walk(i,adj,key,lit){(adj[i]||[]).forEach(function(e){e.classList.add('lit');var j=e.dataset[key];
if(!lit[j]){lit[j]=1;walk(j,adj,key,lit);}});}
N.forEach(function(n){n.addEventListener('mouseenter',function(){var i=n.dataset.i,lit={};lit[i]=1;
walk(i,up,'upper',lit);walk(i,dn,'lower',lit);N.forEach(function(m){m.classList.toggle('lit',!!lit[m.dataset.i]);});
n.classList.add('here');s.classList.add('focus');});
n.addEventListener('mouseleave',function(){s.classList.remove('focus');n.classList.remove('here');
s.querySelectorAll('.lit').forEach(function(x){x.classList.remove('lit');});});});})();"""


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


def hasse_layout(labels: Sequence[str], covers: Sequence[tuple[int, int]], engine: str = "auto"
                 ) -> tuple[Layering, int]:
    """The ordered layering of a Hasse diagram and its number of edge crossings.

    ``engine`` is ``"auto"`` (graphviz ``dot`` for the starting order where installed),
    ``"dot"`` (the same, but refuse without ``dot``) or ``"python"`` (never call ``dot``).
    """
    if engine not in ("auto", "dot", "python"):
        raise ValueError(f"unknown layout engine {engine!r} (use 'auto', 'dot' or 'python')")
    lg = layering(len(labels), covers)
    start = dot_order(lg, labels) if engine != "python" else None
    if engine == "dot" and start is None:
        raise RuntimeError("graphviz's dot is not installed (or failed)")
    return lg, order_layers(lg, start=start)


def layered_layout(n: int, covers: Sequence[tuple[int, int]], sweeps: int = 12) -> list[tuple[int, float]]:
    """(layer, position-in-layer) of each element, layer 0 at the bottom, in the pure-Python
    crossing-minimising order."""
    lg = layering(n, covers)
    order_layers(lg, sweeps=sweeps)
    pos = {v: float(k) for members in lg.layers for k, v in enumerate(members)}
    return [(lg.layer[i], pos[i]) for i in range(n)]


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


def _caption(n: int, covers: Sequence[tuple[int, int]], horizontal: bool) -> list[str]:
    """The words under the title: what the edges mean, or that there are none and why."""
    if n > 1 and not covers:
        return [f"No edges: the {n} values are pairwise incomparable (an antichain)."]
    if n <= 1:
        return []
    return ["Edges are the covering relation (the transitive reduction of the order): an edge joins",
            "G > H when nothing lies strictly between them. Greater values are drawn "
            + ("further right." if horizontal else "higher."),
            "Edge colours carry no meaning: they tell neighbouring fans of edges apart.",
            "Hover a value to light up everything above and below it."]


def _curve(points: Sequence[tuple[float, float]], horizontal: bool) -> str:
    """An SVG path through ``points``: cubic pieces whose tangents follow the layer axis."""
    (x, y), rest = points[0], points[1:]
    d = [f"M{x:.1f},{y:.1f}"]
    for qx, qy in rest:
        if horizontal:
            mx = (x + qx) / 2
            d.append(f"C{mx:.1f},{y:.1f} {mx:.1f},{qy:.1f} {qx:.1f},{qy:.1f}")
        else:
            my = (y + qy) / 2
            d.append(f"C{x:.1f},{my:.1f} {qx:.1f},{my:.1f} {qx:.1f},{qy:.1f}")
        x, y = qx, qy
    return " ".join(d)


def hasse_svg(labels: Sequence[str], ge: Ge, title: str = "", colors: Sequence[str] | None = None,
              gap: float = 12.0, dy: float = 90.0, *, outcomes: Sequence[str] | None = None,
              max_width: float = 2400.0, highlight: int | None = None, engine: str = "auto") -> str:
    """A self-contained SVG of the Hasse diagram, greater elements higher.

    When a layer would be wider than ``max_width`` the diagram is turned a quarter (greater
    elements further right, as graphviz's ``rankdir=LR``), so labels keep their size and no edge
    passes behind a label: the 256 games born by day 2 give about 2000 x 2100. The caption says
    what the edges mean (or, with no edges, that the elements form an antichain); the root
    element carries ``data-crossings``, the edge crossings of the layout.

    Parameters
    ----------
    labels : text of each element.
    ge : order predicate on indices.
    colors : optional fill colour per element (ignored when ``outcomes`` is given).
    outcomes : optional outcome letter per element: colours and a legend.
    max_width : widest layer drawn upright, in pixels.
    highlight : index of an element to emphasise with its up-set and down-set (as hovering does).
    engine : ``"auto"``, ``"dot"`` or ``"python"``, see :func:`hasse_layout`.
    """
    from misere.viz.colours import OUTCOME_FILL, OUTCOME_MEANING, OUTCOME_STROKE, outcome_legend

    n = len(labels)
    covers = covering_relations(n, ge)
    lg, crossings = hasse_layout(labels, covers, engine)
    box = [8.0 + 7 * len(lab) for lab in labels]
    widest = max((sum(box[v] for v in m if v < n) + gap * (len(m) - 1) for m in lg.layers), default=0.0)
    horizontal = widest + 2 * gap > max_width
    caption = _caption(n, covers, horizontal)
    legend, lw, lh = outcome_legend(0, 0, set(outcomes)) if outcomes else ("", 0.0, 0.0)
    top = (30.0 if title else 8.0) + max(16.0 * len(caption) + 8, lh + 8 if legend else 0.0) + 12
    at: dict[int, tuple[float, float]] = {}
    last = len(lg.layers) - 1
    if horizontal:
        along = place(lg, [20.0] * n, 6.0)
        column = [max((box[v] for v in m if v < n), default=0.0) for m in lg.layers]
        xs, x = [], gap
        for w in column:
            xs.append(x + w / 2)
            x += w + 170
        for v, lay in enumerate(lg.layer):
            at[v] = (xs[lay], top + 10 + along[v])
        width = x - 170 + gap
        height = top + 20 + max(along, default=0.0) + gap
    else:
        along = place(lg, box, gap)
        for v, lay in enumerate(lg.layer):
            at[v] = (gap + along[v], top + 10 + (last - lay) * dy)
        width = max((along[v] + box[v] / 2 for v in range(n)), default=0.0) + 2 * gap
        height = top + 20 + last * dy + gap
    caption_w = 7.0 * max((len(c) for c in caption), default=0) + 2 * gap
    body_w, width = width, max(width, 200.0, caption_w + (lw + 2 * gap if legend else 0.0))
    at = {v: (x + (width - body_w) / 2, y) for v, (x, y) in at.items()}  # centre the diagram
    lit = _related(n, covers, highlight) if highlight is not None else None
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="monospace" font-size="12" '
           f'class="hasse{" focus" if lit is not None else ""}" data-crossings="{crossings}">',
           f"<style>{_STYLE}</style>", '<rect width="100%" height="100%" fill="white"/>']
    if title:
        out.append(f'<text x="{width / 2:.1f}" y="20" text-anchor="middle" font-size="14">{escape(title)}</text>')
    y0 = 30.0 if title else 8.0
    out.append('<g class="caption">' + "".join(
        f'<text x="{gap:.0f}" y="{y0 + 14 + 16 * k:.0f}" fill="#333">{escape(c)}</text>'
        for k, c in enumerate(caption)) + "</g>")
    if legend:
        out.append(f'<g transform="translate({width - lw - gap:.1f},{y0:.1f})">{legend}</g>')
    slot = {v: k for m in lg.layers for k, v in enumerate(m)}
    for a, b in sorted(covers):
        chain = lg.chains[(a, b)]
        (xa, ya), (xb, yb) = at[a], at[b]
        if horizontal:
            ends = [(xa - box[a] / 2, ya), (xb + box[b] / 2, yb)]
        else:
            ends = [(xa, ya + 10), (xb, yb - 10)]
        points = [ends[0]] + [at[v] for v in chain[1:-1]] + [ends[1]]
        cls = "edge lit" if lit is not None and a in lit and b in lit else "edge"
        out.append(f'<path class="{cls}" data-upper="{a}" data-lower="{b}" '
                   f'stroke="{EDGE_COLOURS[slot[a] % len(EDGE_COLOURS)]}" d="{_curve(points, horizontal)}"/>')
    for i, lab in enumerate(labels):
        x, y = at[i]
        if outcomes:
            fill, stroke = OUTCOME_FILL[outcomes[i]], OUTCOME_STROKE[outcomes[i]]
            tip = f"{lab}: {OUTCOME_MEANING[outcomes[i]]}"
        else:
            fill, stroke, tip = (colors[i] if colors else "#eef"), "#335", lab
        cls = "node" + (" lit" if lit is not None and i in lit else "") + (" here" if i == highlight else "")
        out.append(f'<g class="{cls}" data-i="{i}"><title>{escape(tip)}</title>'
                   f'<rect x="{x - box[i] / 2:.1f}" y="{y - 10:.1f}" width="{box[i]:.1f}" height="20" rx="6" '
                   f'fill="{fill}" stroke="{stroke}"/><text x="{x:.1f}" y="{y + 4:.1f}" '
                   f'text-anchor="middle">{escape(lab)}</text></g>')
    if covers:
        out.append(f"<script><![CDATA[{HOVER_SCRIPT}]]></script>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
