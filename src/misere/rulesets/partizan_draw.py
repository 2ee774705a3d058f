"""Tiny SVG helpers shared by the partizan rulesets' pictures (standard library only).

A picture draws one shape per token (a nim counter, a Kayles pin, a coin), and a position of a
few characters can ask for 10^8 of them (``nim 100000000``: gigabytes of SVG). Rulesets whose
positions are read as numbers call :func:`check_shapes` before drawing: more than
:data:`MAX_SHAPES` shapes are refused up front, in one line, with the size.
"""
from __future__ import annotations

from html import escape
from typing import Any, Sequence

from misere.budget import format_size
from misere.errors import ComputationLimitError

__all__ = ["svg_document", "COLOURS", "check_shapes", "MAX_SHAPES", "BYTES_PER_SHAPE"]

#: most shapes one picture may draw (about 10 MB of SVG, as many as a board may have cells)
MAX_SHAPES = 100_000

#: SVG bytes of one drawn shape (a ``<circle .../>`` or ``<rect .../>`` line)
BYTES_PER_SHAPE = 100


def check_shapes(ruleset: Any, position: Any, count: int, unit: str) -> None:
    """Refuse, before drawing, a picture of ``count`` shapes (``unit``: what they are) above
    :data:`MAX_SHAPES` (:class:`ComputationLimitError`, one line with the size)."""
    if count > MAX_SHAPES:
        shown = str(position) if len(str(position)) <= 40 else str(position)[:37] + "..."
        raise ComputationLimitError(
            f"a drawing of {ruleset.name} {shown!r} has {count:,} {unit} (about "
            f"{format_size(count * BYTES_PER_SHAPE)} of SVG); drawings are limited to {MAX_SHAPES:,}")

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
