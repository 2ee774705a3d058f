"""One outcome colour scheme for every picture, and the legend that explains it.

Left wins: blue; Right wins: red; Next player wins: yellow; Previous player wins: green — light
fills so labels stay readable, with a darker stroke of the same hue.
"""
from __future__ import annotations

from html import escape

__all__ = ["OUTCOME_FILL", "OUTCOME_STROKE", "OUTCOME_MEANING", "legend_svg"]

OUTCOME_FILL = {"L": "#cfe2ff", "R": "#f8d7da", "N": "#fff3cd", "P": "#d1e7dd"}
OUTCOME_STROKE = {"L": "#3d6fb6", "R": "#b03a48", "N": "#a07800", "P": "#2e7d4f"}
OUTCOME_MEANING = {"L": "L: Left wins", "N": "N: first player wins", "P": "P: second player wins",
                   "R": "R: Right wins"}


def legend_svg(x: float, y: float, entries: list[tuple[str, str, str]], title: str = "") -> tuple[str, float, float]:
    """SVG of a legend box at ``(x, y)``: ``entries`` are ``(fill, stroke, text)``.

    Returns the SVG text and the box's width and height.
    """
    w = 16 + 7.2 * max([len(t) for _, _, t in entries] + [len(title)]) + 24
    h = 12 + 20 * (len(entries) + bool(title))
    out = [f'<g class="legend"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
           'fill="white" stroke="#999" rx="4"/>']
    row = y + 8
    if title:
        out.append(f'<text x="{x + 8:.1f}" y="{row + 12:.1f}" font-weight="bold">{escape(title)}</text>')
        row += 20
    for fill, stroke, text in entries:
        out.append(f'<rect x="{x + 8:.1f}" y="{row + 2:.1f}" width="16" height="12" rx="3" fill="{fill}" '
                   f'stroke="{stroke}"/>')
        out.append(f'<text x="{x + 30:.1f}" y="{row + 12:.1f}">{escape(text)}</text>')
        row += 20
    out.append("</g>")
    return "\n".join(out), w, h


def outcome_legend(x: float, y: float, present: set[str] | None = None) -> tuple[str, float, float]:
    """The outcome legend (only the classes in ``present`` when given)."""
    keys = [k for k in "LNPR" if present is None or k in present]
    return legend_svg(x, y, [(OUTCOME_FILL[k], OUTCOME_STROKE[k], OUTCOME_MEANING[k]) for k in keys],
                      "outcome (misère)")
