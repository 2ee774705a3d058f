"""The schematic picture of Sprouts positions (:meth:`misere.rulesets.sprouts.SproutsRuleset.svg`)."""
from __future__ import annotations

from html import escape
from math import cos, pi, sin
from typing import Any, Sequence

from misere.rulesets.partizan_draw import svg_document
from misere.viz.colours import legend_svg

__all__ = ["sprouts_svg"]

_LIFE_COLOURS = {3: "#2e7d32", 2: "#f9a825", 1: "#c62828"}


def sprouts_svg(lands: Sequence[Any], title: str) -> str:
    """SVG of lands as rows of region boxes (see :meth:`SproutsRuleset.svg`), with a legend."""
    items, y, width = [], 30.0, 300.0
    items.append(f'<text x="10" y="20" font-size="13">Sprouts {escape(title)}</text>')
    for li, land in enumerate(lands):
        x = 10.0
        items.append(f'<text x="{x:.0f}" y="{y + 14:.0f}" font-size="12">land {li + 1}</text>')
        regions_of: dict[str, set[int]] = {}
        for ri, region in enumerate(land):
            for b in region:
                for tok in b:
                    if isinstance(tok, str):
                        regions_of.setdefault(tok, set()).add(ri)
        shared = {t: len(rs) > 1 for t, rs in regions_of.items()}
        for ri, region in enumerate(land):
            rings = [max(14.0, 7.0 * len(b)) for b in region]
            w = 20 + sum(2 * r + 16 for r in rings)
            h = 32 + 2 * max(rings)
            items.append(f'<rect x="{x:.0f}" y="{y + 20:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" '
                         f'fill="#f5f5f5" stroke="#888"/><text x="{x + 6:.0f}" y="{y + 33:.0f}" '
                         f'font-size="10" fill="#555">region {ri + 1}</text>')
            cx = x + 10
            for b, r in zip(region, rings):
                cx += r + 8
                cy = y + 42 + max(rings)
                if len(b) > 1:
                    items.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" stroke="#444"/>')
                for k, tok in enumerate(b):
                    a = 2 * pi * k / len(b) - pi / 2
                    px, py = (cx, cy) if len(b) == 1 else (cx + r * cos(a), cy + r * sin(a))
                    lives = 1 if isinstance(tok, str) else tok
                    items.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="5" fill="{_LIFE_COLOURS[lives]}" '
                                 'stroke="#000"/>')
                    if isinstance(tok, str):
                        name = tok.upper() if shared[tok] else tok
                        items.append(f'<text x="{px + 7:.1f}" y="{py + 4:.1f}" font-size="11">{name}</text>')
                cx += r + 8
            x += w + 10
        width = max(width, x)
        y += 52 + 2 * max((max(14.0, 7.0 * len(b)) for region in land for b in region), default=14)
    legend, lw, lh = legend_svg(10, y, [(_LIFE_COLOURS[3], "#000", "spot with 3 lives (0)"),
                                        (_LIFE_COLOURS[2], "#000", "spot with 2 lives (1)"),
                                        (_LIFE_COLOURS[1], "#000", "spot with 1 life (2 or a letter)")],
                                "Sprouts (a ring: one boundary)")
    items.append(legend)
    return svg_document(max(width, lw + 20), y + lh + 10, items, f"Sprouts {title}")
