"""Pictures as text: DOT and SVG written with the standard library only."""
from .hasse import covering_relations, hasse_dot, hasse_svg, layered_layout

__all__ = ["covering_relations", "hasse_dot", "hasse_svg", "layered_layout"]
