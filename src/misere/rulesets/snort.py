"""Snort (thesis 001 App. A): colour an uncoloured vertex your colour, never next to a vertex
of your opponent's colour. Left colours blue, Right red. A placement game.

See :mod:`misere.rulesets.partizan_graphs` for the position format.
"""
from __future__ import annotations

from misere.rulesets.partizan_graphs import GraphColouring

__all__ = ["SnortRuleset", "Snort"]


class SnortRuleset(GraphColouring):
    """Snort: a vertex tinted ``R`` (next to red) is forbidden to Left, ``L`` to Right.

    Examples
    --------
    >>> str(Snort.position("path 1")), Snort.outcome("path 2").value
    ('*', 'P')
    """

    name = "snort"
    aliases = ()
    forbid_left = 2
    forbid_right = 1


Snort = SnortRuleset()
