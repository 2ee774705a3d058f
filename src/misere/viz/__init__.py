"""Pictures as text: DOT and SVG written with the standard library only."""
from .hasse import covering_relations, hasse_dot, hasse_layout, hasse_svg, layered_layout
from .tree import tree_svg

__all__ = ["covering_relations", "hasse_dot", "hasse_layout", "hasse_svg", "layered_layout", "tree_svg"]
