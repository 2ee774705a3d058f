"""Cayley graphs of quotient monoids, as DOT text and as a self-drawn SVG (seed 002 Fig. 9).

Vertices are the elements (labelled by normal words, P-positions drawn doubled), one coloured
arrow ``x -> x g`` per generator ``g``. The layout shows the structure: the generators that act
as permutations (in 0.123 the involutions ``a`` and ``c``) split the elements into small orbits,
each drawn as a ring (the square ``x, xa, xac, xc``); the rings are set in columns by their
distance from the ring of the identity under the other generators, and each ring is turned
and mirrored to the fewest edge crossings. An involution is drawn as one plain line per pair
(it goes both ways). Both writers use only the standard library and are deterministic.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from misere import budget
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.presentation import Presentation
from misere.viz.layout import count_crossings, layering, order_layers

__all__ = ["cayley_dot", "cayley_svg", "cayley_layout", "cayley_segments", "rings"]

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf"]

Point = tuple[float, float]

#: the crossings of the layout are lowered by trial for graphs of at most this many elements
OPTIMISE_UP_TO = 100


def _ordered(pres: Presentation) -> list[int]:
    return sorted(pres.normal, key=lambda x: (sum(pres.normal[x]), tuple(reversed(pres.normal[x]))))


def _perm_generators(q: TableMonoid, pres: Presentation) -> list[int]:
    """Indices of the generators acting as permutations (``x -> x g`` one-to-one)."""
    return [i for i, g in enumerate(pres.generators) if len({q.mul(x, g) for x in range(q.order)}) == q.order]


def _orbits(q: TableMonoid, gens: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    """Orbits of the elements under the given generator elements, in ``order`` of first element."""
    seen: set[int] = set()
    out = []
    for x in order:
        if x in seen:
            continue
        orbit, i = [x], 0
        seen.add(x)
        while i < len(orbit):
            for g in gens:
                y = q.mul(orbit[i], g)
                if y not in seen:
                    seen.add(y)
                    orbit.append(y)
            i += 1
        out.append(orbit)
    return out


def rings(q: TableMonoid, pres: Presentation, largest: int = 8) -> tuple[list[int], list[list[int]]]:
    """The generators drawn as rings and the rings: the orbits of the elements under a set of
    permutation generators (greedily, smallest orbits first, while the orbits have at most
    ``largest`` elements and there are at least two of them). Each ring is ordered along a
    cycle of its generators where one exists (``x, xa, xac, xc`` for two involutions)."""
    order = _ordered(pres)
    chosen: list[int] = []
    blocks = [[x] for x in order]
    for i in sorted(_perm_generators(q, pres), key=lambda i: max(map(len, _orbits(q, [pres.generators[i]], order)))):
        trial = _orbits(q, [pres.generators[j] for j in chosen + [i]], order)
        if max(map(len, trial)) <= largest and len(trial) >= 2:
            chosen, blocks = chosen + [i], trial
    gens = [pres.generators[i] for i in chosen]
    return chosen, [_cycle_order(q, b, gens) for b in blocks]


def _cycle_order(q: TableMonoid, block: list[int], gens: Sequence[int]) -> list[int]:
    """``block`` ordered along a Hamiltonian cycle of its generator edges when there is one."""
    adj = {x: {q.mul(x, g) for g in gens} | {y for y in block for g in gens if q.mul(y, g) == x} for x in block}
    path = [block[0]]

    def extend() -> bool:
        if len(path) == len(block):
            return block[0] in adj[path[-1]] or len(block) < 3
        for y in sorted(adj[path[-1]], key=block.index):
            if y in block and y not in path:
                path.append(y)
                if extend():
                    return True
                path.pop()
        return False

    return list(path) if extend() else block


def _involution(q: TableMonoid, g: int) -> bool:
    return all(q.mul(q.mul(x, g), g) == x for x in range(q.order))


def cayley_segments(q: TableMonoid, pres: Presentation, pos: dict[int, Point]) -> list[tuple[Point, Point]]:
    """The straight segments joining ``x`` and ``x g`` (``x != x g``) for every generator, one
    per unordered pair and generator: what the crossing counts of the layout count."""
    pairs = {(i, min(x, y), max(x, y)) for i, g in enumerate(pres.generators)
             for x in range(q.order) for y in [q.mul(x, g)] if x != y}
    return [(pos[x], pos[y]) for _, x, y in sorted(pairs)]


def _columns(q: TableMonoid, pres: Presentation, ring_gens: list[int], blocks: list[list[int]],
             cell: float) -> dict[int, Point]:
    """Centre of each ring: columns by distance from the identity's ring along the other
    generators, each column ordered to few crossings between the rings."""
    block_of = {x: k for k, b in enumerate(blocks) for x in b}
    others = [g for i, g in enumerate(pres.generators) if i not in ring_gens]
    links = sorted({(block_of[x], block_of[q.mul(x, g)]) for x in range(q.order) for g in others})
    dist, frontier = {block_of[q.identity]: 0}, [block_of[q.identity]]
    while frontier:
        nxt = [b for k in frontier for a, b in links if a == k and b not in dist]
        for b in nxt:
            dist.setdefault(b, dist[frontier[0]] + 1)
        frontier = sorted(set(nxt))
    far = max(dist.values())
    for k in range(len(blocks)):
        dist.setdefault(k, far + 1)
    top = max(dist.values())
    edges = sorted({(a, b) if dist[a] > dist[b] else (b, a) for a, b in links if abs(dist[a] - dist[b]) == 1})
    lg = layering(len(blocks), edges, [top - dist[k] for k in range(len(blocks))])
    order_layers(lg)
    tallest = max(len([k for k in m if k < len(blocks)]) for m in lg.layers)
    centre = {}
    for members in lg.layers:
        real = [k for k in members if k < len(blocks)]
        for row, k in enumerate(real):
            centre[k] = (dist[k] * (cell + 40), (row + (tallest - len(real)) / 2) * cell)
    return centre


def cayley_layout(q: TableMonoid, pres: Presentation, cell: float = 150.0) -> tuple[dict[int, Point], list[int]]:
    """Positions of the elements and the indices of the generators drawn as rings.

    Rings (see :func:`rings`) are placed by :func:`_columns`; then, for at most
    :data:`OPTIMISE_UP_TO` elements, twice over, rings in the same column swap places and each
    ring in turn takes the rotation and mirror image while that lowers the crossings of
    :func:`cayley_segments` (straight chords, as counted by ``count_crossings``: each trial costs
    the square of the edges, so larger graphs keep the columns' layout and are drawn in seconds).
    Every trial checks the budget (a timeout or Ctrl-C stops the drawing within a trial).
    """
    ring_gens, blocks = rings(q, pres)
    centre = _columns(q, pres, ring_gens, blocks, cell)
    radius = [0.0 if len(b) == 1 else min(cell / 2 - 20, max(36.0, 12.0 * len(b))) for b in blocks]
    turns, mirror = [0] * len(blocks), [False] * len(blocks)

    def positions() -> dict[int, Point]:
        pos = {}
        for k, b in enumerate(blocks):
            (cx, cy), n = centre[k], len(b)
            for j, x in enumerate(b):
                t = ((-j if mirror[k] else j) + turns[k]) * 2 * math.pi / n + (math.pi / 4 if n == 4 else 0)
                pos[x] = (cx + radius[k] * math.cos(t), cy + radius[k] * math.sin(t))
        return pos

    if q.order > OPTIMISE_UP_TO:
        return positions(), ring_gens
    best = count_crossings(cayley_segments(q, pres, positions()))
    for _ in range(2):
        for k in range(len(blocks)):  # swap rings within a column
            for j in range(k + 1, len(blocks)):
                if centre[k][0] == centre[j][0]:
                    centre[k], centre[j] = centre[j], centre[k]
                    budget.current().check(force=True)
                    now = count_crossings(cayley_segments(q, pres, positions()))
                    if now < best:
                        best = now
                    else:
                        centre[k], centre[j] = centre[j], centre[k]
        for k, b in enumerate(blocks):
            for turn in range(len(b)):
                for flip in (False, True):
                    old = turns[k], mirror[k]
                    turns[k], mirror[k] = turn, flip
                    budget.current().check(force=True)
                    now = count_crossings(cayley_segments(q, pres, positions()))
                    if now < best:
                        best = now
                    else:
                        turns[k], mirror[k] = old
    return positions(), ring_gens


def cayley_dot(q: TableMonoid, is_p: Sequence[bool], pres: Presentation) -> str:
    """DOT text of the Cayley graph of ``q`` on the generators of ``pres``.

    Examples
    --------
    >>> from misere.quotients.monoid.presentation import present
    >>> q = TableMonoid([[0, 1], [1, 0]], 0)
    >>> print(cayley_dot(q, [False, True], present(q, [1])).splitlines()[2])
      "1" [shape=circle];
    """
    lines = ["digraph cayley {", "  rankdir=LR;"]
    for x in _ordered(pres):
        shape = "doublecircle" if is_p[x] else "circle"
        lines.append(f'  "{pres.word(x)}" [shape={shape}];')
    for i, (g, name) in enumerate(zip(pres.generators, pres.names)):
        col = COLOURS[i % len(COLOURS)]
        for x in _ordered(pres):
            y = q.mul(x, g)
            lines.append(f'  "{pres.word(x)}" -> "{pres.word(y)}" [label="{name}", color="{col}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def cayley_svg(q: TableMonoid, is_p: Sequence[bool], pres: Presentation, cell: int = 150,
               only: str | None = None) -> str:
    """SVG picture of the Cayley graph (:func:`cayley_layout`, no external renderer), with a
    caption, a legend of the generators' colours and of the P-positions (drawn doubled). ``only``
    draws the lines of one generator (its name), easier to read for large quotients."""
    if only is not None and only not in pres.names:
        raise ValueError(f"no generator {only!r}; generators: {', '.join(pres.names)}")
    pos, ring_gens = cayley_layout(q, pres, cell)
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    pos = {x: (px + 40 - min(xs), py + 86 - min(ys)) for x, (px, py) in pos.items()}
    rows = len(pres.names) + 1
    width = int(max(max(xs) - min(xs) + 110, 560))
    height = int(max(ys) - min(ys) + 136 + 20 * rows)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           '<rect width="100%" height="100%" fill="white"/>',
           '<defs>' + "".join(
               f'<marker id="m{i}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" '
               f'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
               for i, c in enumerate(COLOURS)) + '</defs>']
    caption = [f"{q.order} elements, {len(pres.names)} generators; a line of colour g joins x to x·g."]
    if ring_gens:
        caption.append(f"Rings: orbits of {' and '.join(pres.names[i] for i in ring_gens)} (they permute "
                       "the elements); columns: distance from the ring of 1.")
    out.extend(f'<text x="12" y="{20 + 16 * k}" fill="#333">{escape(c)}</text>' for k, c in enumerate(caption))
    r = 16
    for i, g in enumerate(pres.generators):
        if only is None or pres.names[i] == only:
            out.extend(_arrows(q, pres, pos, i, r))
    for x in _ordered(pres):
        cx, cy = pos[x]
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="white" stroke="black"/>')
        if is_p[x]:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r - 3}" fill="none" stroke="black"/>')
        out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle">{escape(pres.word(x))}</text>')
    y0 = height - 20 * rows + 4
    out.append('<g class="legend">')
    for i, (g, name) in enumerate(zip(pres.generators, pres.names)):
        if only is not None and name != only:
            continue
        col, both = COLOURS[i % len(COLOURS)], _involution(q, g)
        end = "" if both else f' marker-end="url(#m{i % len(COLOURS)})"'
        words = (f"times {name}: an involution ({name}·{name} = 1), one line for both ways" if both
                 else f"times {name}: arrow from x to x{name}")
        out.append(f'<line x1="12" y1="{y0}" x2="40" y2="{y0}" stroke="{col}" stroke-width="2"{end}/>'
                   f'<text x="48" y="{y0 + 4}" fill="{col}">{escape(words)}</text>')
        y0 += 20
    out.append(f'<circle cx="26" cy="{y0}" r="7" fill="white" stroke="black"/>'
               f'<circle cx="26" cy="{y0}" r="4" fill="none" stroke="black"/>'
               f'<text x="48" y="{y0 + 4}">P-position (second player wins)</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _arrows(q: TableMonoid, pres: Presentation, pos: dict[int, Point], i: int, r: float) -> list[str]:
    """The SVG paths of generator ``i``: a loop where ``x g = x``, one straight line per pair
    for an involution, otherwise a slightly bent arrow (so ``x -> y`` and ``y -> x`` part)."""
    g, name = pres.generators[i], escape(pres.names[i])
    col, marker = COLOURS[i % len(COLOURS)], f"m{i % len(COLOURS)}"
    both = _involution(q, g)
    out = []
    for x in _ordered(pres):
        y = q.mul(x, g)
        if both and y < x:
            continue
        (x1, y1), (x2, y2) = pos[x], pos[y]
        if x == y:
            out.append(f'<path class="gen-{name}" d="M{x1 - 6:.1f},{y1 - r:.1f} q6,-{r + 10} 12,0" '
                       f'fill="none" stroke="{col}" marker-end="url(#{marker})"/>')
            continue
        dx, dy = x2 - x1, y2 - y1
        d = max(math.hypot(dx, dy), 1.0)
        sx, sy, ex, ey = x1 + dx * r / d, y1 + dy * r / d, x2 - dx * r / d, y2 - dy * r / d
        bend = 0.0 if both else 0.12
        cx, cy = (sx + ex) / 2 - dy * bend, (sy + ey) / 2 + dx * bend
        end = "" if both else f' marker-end="url(#{marker})"'
        out.append(f'<path class="gen-{name}" d="M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}" '
                   f'fill="none" stroke="{col}" stroke-width="1.6"{end}/>')
    return out
