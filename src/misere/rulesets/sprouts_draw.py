"""The schematic picture of Sprouts positions (:meth:`misere.rulesets.sprouts.SproutsRuleset.svg`),
and of a numbered drawing with a move drawn in (:func:`drawing_svg`, ``misere play sprouts ...
--svg FILE``; the notation is WGOSA's, :mod:`~misere.rulesets.sprouts_notation`)."""
from __future__ import annotations

from html import escape
from math import cos, pi, sin
from typing import Any, Callable, Sequence

from misere.rulesets.partizan_draw import svg_document
from misere.viz.colours import legend_svg

__all__ = ["sprouts_svg", "drawing_svg"]

_LIFE_COLOURS = {3: "#2e7d32", 2: "#f9a825", 1: "#c62828"}
#: the move drawn in: its curve, its ends and the spots it encloses
_MOVE = "#1565c0"


def _glop_spot(shared: dict[Any, bool]) -> Callable[[Any], tuple[int, str]]:
    """Lives and label of a GLOP token: a number of lives, or a letter (1 life, both corners)."""
    def spot(tok: Any) -> tuple[int, str]:
        if isinstance(tok, str):
            return 1, tok.upper() if shared[tok] else tok
        return tok, ""
    return spot


def sprouts_svg(lands: Sequence[Any], title: str, spot: Callable[[Any], tuple[int, str]] | None = None,
                move: dict[str, Any] | None = None) -> str:
    """SVG of lands as rows of region boxes (see :meth:`SproutsRuleset.svg`), with a legend.

    ``spot(token)`` gives the lives and label of a token (by default GLOP's tokens: lives, or a
    letter); ``move`` (from :func:`drawing_svg`) draws a move in: ``land``, ``region`` (indices),
    ``corners`` (``(boundary, index)`` of both ends, equal for a loop), ``new`` (its spot's
    label), ``enclosed`` (tokens ringed) and ``text`` (for the legend)."""
    items, y, width = [], 30.0, 300.0
    gap = 8 if spot is None else 14   # numbers need more room than letters
    items.append(f'<text x="10" y="20" font-size="13">Sprouts {escape(title)}</text>')
    at: dict[tuple[int, int, int, int], tuple[float, ...]] = {}
    for li, land in enumerate(lands):
        x = 10.0
        items.append(f'<text x="{x:.0f}" y="{y + 14:.0f}" font-size="12">land {li + 1}</text>')
        regions_of: dict[Any, set[int]] = {}
        for ri, region in enumerate(land):
            for b in region:
                for tok in b:
                    regions_of.setdefault(tok, set()).add(ri)
        label = spot or _glop_spot({t: len(rs) > 1 for t, rs in regions_of.items()})
        for ri, region in enumerate(land):
            rings = [max(14.0, 7.0 * len(b)) for b in region]
            w = 20 + sum(2 * r + 2 * gap for r in rings)
            h = 32 + 2 * max(rings)
            items.append(f'<rect x="{x:.0f}" y="{y + 20:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" '
                         f'fill="#f5f5f5" stroke="#888"/><text x="{x + 6:.0f}" y="{y + 33:.0f}" '
                         f'font-size="10" fill="#555">region {ri + 1}</text>')
            cx = x + 10
            for bi, (b, r) in enumerate(zip(region, rings)):
                cx += r + gap
                cy = y + 42 + max(rings)
                if len(b) > 1:
                    items.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" stroke="#444"/>')
                for k, tok in enumerate(b):
                    a = 2 * pi * k / len(b) - pi / 2
                    px, py = (cx, cy) if len(b) == 1 else (cx + r * cos(a), cy + r * sin(a))
                    at[li, ri, bi, k] = (px, py, *((0.0, -1.0) if len(b) == 1 else (cos(a), sin(a))))
                    lives, name = label(tok)
                    if move is not None and tok in move["enclosed"]:
                        items.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="9" fill="none" stroke="{_MOVE}" '
                                     'stroke-dasharray="3,2"/>')
                    items.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="5" fill="{_LIFE_COLOURS[lives]}" '
                                 'stroke="#000"/>')
                    if name:
                        items.append(f'<text x="{px + 7:.1f}" y="{py + 4:.1f}" font-size="11">{escape(name)}</text>')
                cx += r + gap
            x += w + 10
        width = max(width, x)
        y += 52 + 2 * max((max(14.0, 7.0 * len(b)) for region in land for b in region), default=14)
    entries = [(_LIFE_COLOURS[3], "#000", "spot with 3 lives (0)"), (_LIFE_COLOURS[2], "#000", "spot with 2 lives (1)"),
               (_LIFE_COLOURS[1], "#000", "spot with 1 life (2 or a letter)")]
    if move is not None:
        items.append(_curve(move, [at[(move["land"], move["region"], b, k)] for b, k in move["corners"]]))
        entries += [("none", _MOVE, f"move {move['text']}, new spot {move['new']}")]
        if move["enclosed"]:
            entries.append(("none", _MOVE, "dashed ring: a spot it separates"))
    legend, lw, lh = legend_svg(10, y, entries, "Sprouts (a ring: one boundary)")
    items.append(legend)
    return svg_document(max(width, lw + 20, 20 + 7.5 * len(f"Sprouts {title}")), y + lh + 10, items, f"Sprouts {title}")


def _curve(move: dict[str, Any], ends: list[tuple[float, float, float, float]]) -> str:
    """The move's curve between its two ends (``x, y`` and the outward direction of each: away
    from its ring), a loop when they are one corner, with its new spot (1 life) halfway."""
    (x1, y1, u1, v1), (x2, y2, u2, v2) = ends
    if (x1, y1) == (x2, y2):   # a loop leaving the spot outwards
        c1 = (x1 + 34 * u1 - 16 * v1, y1 + 34 * v1 + 16 * u1)
        c2 = (x1 + 34 * u1 + 16 * v1, y1 + 34 * v1 - 16 * u1)
    else:   # out of each end, away from its ring, and across
        c1 = (x1 + 30 * u1, y1 + 30 * v1 - 12)
        c2 = (x2 + 30 * u2, y2 + 30 * v2 - 12)
    path = f"M {x1:.1f} {y1:.1f} C {c1[0]:.1f} {c1[1]:.1f} {c2[0]:.1f} {c2[1]:.1f} {x2:.1f} {y2:.1f}"
    mx, my = (x1 + 3 * c1[0] + 3 * c2[0] + x2) / 8, (y1 + 3 * c1[1] + 3 * c2[1] + y2) / 8
    return (f'<g class="move"><path d="{path}" fill="none" stroke="{_MOVE}" stroke-width="2.5"/>'
            + "".join(f'<circle cx="{e[0]:.1f}" cy="{e[1]:.1f}" r="8" fill="none" stroke="{_MOVE}" stroke-width="2"/>'
                      for e in ends)
            + f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5" fill="{_LIFE_COLOURS[1]}" stroke="{_MOVE}" stroke-width="2"/>'
            f'<text x="{mx + 7:.1f}" y="{my - 4:.1f}" font-size="11" fill="{_MOVE}">{escape(str(move["new"]))}</text></g>')


def drawing_svg(d: Any, move: Any = None) -> str:
    """SVG of a numbered drawing (:class:`~misere.rulesets.sprouts_notation.Drawing`): each spot
    labelled with its number and coloured by its lives, and ``move`` (a
    :class:`~misere.rulesets.sprouts_notation.NamedMove`, or ``None``) drawn in."""
    groups = d.groups()
    drawn = None
    if move is not None:
        li, ri = d.land_of(move.region)
        drawn = {"land": li, "region": ri, "corners": move.corners, "new": move.g, "enclosed": set(move.enclosed),
                 "text": move.text + (f" ({move.corner})" if move.corner else "")}
    title = "spots " + d.text() + (f", winning move {drawn['text']}" if drawn else "")
    return sprouts_svg(groups, title, lambda s: (d.lives[s - 1], str(s)), drawn)
