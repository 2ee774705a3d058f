"""Tiny SVG helpers shared by the partizan rulesets' pictures (standard library only)."""
from __future__ import annotations

from html import escape
from typing import Sequence

__all__ = ["svg_document", "COLOURS"]

#: fill colours by player / edge colour
COLOURS = {"B": "#1f5fbf", "R": "#c62828", "G": "#2e7d32", "L": "#1f5fbf", "": "#ffffff"}


def svg_document(width: float, height: float, items: Sequence[str], title: str = "") -> str:
    """A self-contained SVG document with the given body elements and an optional title."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">')
    body = [head, f"<title>{escape(title)}</title>" if title else "",
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    body.extend(items)
    body.append("</svg>")
    return "\n".join(x for x in body if x) + "\n"
