"""Cayley graphs of quotient monoids, as DOT text and as a self-drawn SVG (seed 002 Fig. 9).

Vertices are the elements (labelled by normal words, P-positions drawn doubled), one coloured
arrow ``x -> x g`` per generator ``g``. Both writers use only the standard library and a
deterministic layout: elements are placed in columns by word length, rows in normal-word
order, so the output is diffable.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.presentation import Presentation

__all__ = ["cayley_dot", "cayley_svg"]

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf"]


def _ordered(pres: Presentation) -> list[int]:
    return sorted(pres.normal, key=lambda x: (sum(pres.normal[x]), tuple(reversed(pres.normal[x]))))


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


def cayley_svg(q: TableMonoid, is_p: Sequence[bool], pres: Presentation, cell: int = 70,
               only: str | None = None) -> str:
    """SVG picture of the Cayley graph (layered layout, no external renderer), with a legend of
    the generators' arrow colours and of the P-positions (drawn doubled). ``only`` draws the arrows
    of one generator (its name), which is easier to read for large quotients."""
    if only is not None and only not in pres.names:
        raise ValueError(f"no generator {only!r}; generators: {', '.join(pres.names)}")
    order = _ordered(pres)
    cols: dict[int, list[int]] = {}
    for x in order:
        cols.setdefault(sum(pres.normal[x]), []).append(x)
    pos = {}
    for c, xs in enumerate(sorted(cols)):
        for r, x in enumerate(cols[xs]):
            pos[x] = (40 + c * cell * 1.6, 40 + r * cell)
    width = int(max(p[0] for p in pos.values()) + 80)
    height = int(max(p[1] for p in pos.values()) + 80)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           '<defs>' + "".join(
               f'<marker id="m{i}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" '
               f'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
               for i, c in enumerate(COLOURS)) + '</defs>']
    r = 16
    for i, g in enumerate(pres.generators):
        col = COLOURS[i % len(COLOURS)]
        if only is not None and pres.names[i] != only:
            continue
        for x in order:
            y = q.mul(x, g)
            (x1, y1), (x2, y2) = pos[x], pos[y]
            if x == y:
                out.append(f'<path d="M{x1 - 6},{y1 - r} q6,-{r + 10} 12,0" fill="none" '
                           f'stroke="{col}" marker-end="url(#m{i % len(COLOURS)})"/>')
                continue
            dx, dy = x2 - x1, y2 - y1
            d = max((dx * dx + dy * dy) ** 0.5, 1.0)
            sx, sy, ex, ey = x1 + dx * r / d, y1 + dy * r / d, x2 - dx * r / d, y2 - dy * r / d
            bend = 0.15 * (i + 1)
            cx, cy = (sx + ex) / 2 - dy * bend, (sy + ey) / 2 + dx * bend
            out.append(f'<path d="M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}" '
                       f'fill="none" stroke="{col}" marker-end="url(#m{i % len(COLOURS)})"/>')
    for x in order:
        cx, cy = pos[x]
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="white" stroke="black"/>')
        if is_p[x]:
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{r - 3}" fill="none" stroke="black"/>')
        out.append(f'<text x="{cx}" y="{cy + 4}" text-anchor="middle">{escape(pres.word(x))}</text>')
    x0, y0 = 10, height - 28
    out.append(f'<text x="{x0}" y="{y0 + 4}">times:</text>')
    x0 += 48
    for i, name in enumerate(pres.names):
        if only is not None and name != only:
            continue
        col = COLOURS[i % len(COLOURS)]
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0 + 26}" y2="{y0}" stroke="{col}" stroke-width="2" '
                   f'marker-end="url(#m{i % len(COLOURS)})"/>')
        out.append(f'<text x="{x0 + 32}" y="{y0 + 4}" fill="{col}">{escape(name)}</text>')
        x0 += 44 + 8 * len(name)
    y1 = y0 + 20
    out.append(f'<circle cx="18" cy="{y1}" r="7" fill="white" stroke="black"/>'
               f'<circle cx="18" cy="{y1}" r="4" fill="none" stroke="black"/>'
               f'<text x="32" y="{y1 + 4}">P-position (second player wins)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
