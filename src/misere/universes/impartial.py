"""The impartial misère universe: Conway's equality modulo impartial games.

Members are impartial forms (Left and Right options equal at every follower). Reduction is
Conway's misère canonical form with the proviso (seed 002 §6.2; ONAG ch. 12), witnesses are
the discriminators of ONAG Thms 75–76 (notes algorithms.md §D.3), and counting by day uses the
bitmask count of :mod:`misere.impartial.counting` (1, 2, 3, 5, 22, 4 171 780 for days 0–5).

Order. Modulo impartial games ``≥`` coincides with ``=``: every impartial sum has misère
outcome N or P, and ``N ∥ P`` in the outcome order, so ``o(G+X) ≥ o(H+X)`` holds only when
the two outcomes are equal; ``G ≥ H`` for all impartial X is therefore ``G =_I H``. Two
different canonical forms are always incomparable.
"""
from __future__ import annotations

from ..core.ops import is_impartial
from ..core.table import GameId
from ..impartial.canonical import canonical, discriminator
from ..impartial import counting as _counting
from .base import Universe, register

__all__ = ["ImpartialUniverse", "IMPARTIAL"]


class ImpartialUniverse(Universe):
    """Impartial games in misère play, modulo impartial games (ONAG ch. 12; 002 §6, §11).

    Examples
    --------
    >>> from misere.core.ops import add, nimber
    >>> u = IMPARTIAL
    >>> u.compare(add(nimber(1), nimber(1)), nimber(0)), u.compare(nimber(1), nimber(0))
    ('=', '||')
    >>> u.count_born_by(4)
    22
    """

    name = "impartial"
    aliases = ("i", "impartial-misere")
    description = "impartial games, misère play, Conway canonical forms (002 §6, ONAG ch. 12)"
    max_enumeration_day = _counting.MAX_ENUMERATION_DAY

    def contains(self, g: GameId) -> bool:
        return is_impartial(g)

    def ge(self, g: GameId, h: GameId) -> bool:
        """``g ≥ h`` modulo impartial games, which is ``g =_I h`` (see the module notes)."""
        return g == h or canonical(g) == canonical(h)

    def eq(self, g: GameId, h: GameId) -> bool:
        return self.ge(g, h)

    def reduce(self, g: GameId) -> GameId:
        return canonical(g)

    def witness(self, g: GameId, h: GameId) -> GameId:
        """A discriminator: ``g+X`` and ``h+X`` have outcomes N and P in some order."""
        return discriminator(g, h)

    def born_by(self, n: int) -> list[GameId]:
        """The canonical forms born by day ``n`` (days 0–4)."""
        return _counting.born_by(n)

    def count_born_by(self, n: int) -> int:
        """How many canonical forms are born by day ``n`` (days 0–5), computed."""
        return _counting.count_born_by(n)


IMPARTIAL = register(ImpartialUniverse())
