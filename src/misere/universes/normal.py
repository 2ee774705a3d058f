"""Normal play, alongside misère: the classical order and canonical form.

``G ≥ H`` iff no ``G^R ≤ H`` and no ``H^L ≥ G`` (Conway, ONAG ch. 1); canonical forms by
removing dominated and bypassing reversible options. Used to check Siegel 003 Thm 7.1
(``G ≥⁻ H`` implies ``G ≥⁺ H``) and to move between the conventions.
"""
from __future__ import annotations

from ..core import cache
from ..core.ops import conjugate
from ..core.table import GameId, left, right
from .base import Universe, register
from .order import OrderTable
from .reduction import memoised_canonical

__all__ = ["NormalUniverse", "ge", "canonical"]

_ge: dict[tuple[GameId, GameId], bool] = cache.table("normal.ge")
_table = OrderTable("normal", normal=True)


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` in normal play."""
    return _cached(g, h)


def _ge_rule(g: GameId, h: GameId) -> bool:
    """The options-only test behind :func:`ge` (memoised by it)."""
    r = True
    for y in right(g):
        if ge(h, y):
            r = False
            break
    if r:
        for x in left(h):
            if ge(x, g):
                r = False
                break
    return r


_cached = _table.memoised(_ge, _ge_rule)


canonical = memoised_canonical("normal.canonical", ge)
canonical.__doc__ = """The normal-play canonical form of ``g``."""


class NormalUniverse(Universe):
    """All short games in *normal* play (the last player to move wins)."""

    name = "normal"
    aliases = ("normal-play", "n")
    description = "all short games, normal play"
    normal_play = True
    max_enumeration_day = 3

    def contains(self, g: GameId) -> bool:
        return True

    def witness(self, g: GameId, h: GameId) -> GameId:
        # g ≱ h means Right wins g - h moving first, while h - h is P.
        return canonical(conjugate(h))


NORMAL = register(NormalUniverse(ge=ge, reduce=canonical, order_table=_table))
