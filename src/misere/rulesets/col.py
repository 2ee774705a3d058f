"""Col (thesis 001 App. A): colour an uncoloured vertex your colour, never next to a vertex
of your own colour. Left colours blue, Right red. A placement game.

See :mod:`misere.rulesets.partizan_graphs` for the position format.
"""
from __future__ import annotations

from misere.rulesets.partizan_graphs import GraphColouring

__all__ = ["ColRuleset", "Col"]


class ColRuleset(GraphColouring):
    """Col: a vertex tinted ``L`` (next to blue) is forbidden to Left, ``R`` to Right.

    Examples
    --------
    >>> str(Col.position("path 1")), Col.outcome("path 2").value
    ('*', 'N')
    """

    name = "col"
    aliases = ()
    forbid_left = 1
    forbid_right = 2


Col = ColRuleset()
