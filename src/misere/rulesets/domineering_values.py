"""Misère Domineering values modulo the dead-ending universe ℰ.

Domineering is dead-ending (a player with no domino placement never gets one back), so its
positions live in ℰ and have a unique reduced form (004 Def 29, Thm 31) and a unique
generalized simplest form (Siegel arXiv 2312.16259, Def 5.19, Thm 5.18). Siegel §6 computes
the misère simplest forms of ``2 × n`` rectangles for small n; here they are computed bottom-up:
every board component is replaced by its reduced form as soon as it is built (equivalence
modulo ℰ is a congruence for sums and for forming games from options, so the value of a board
is the reduced form of ``{reduced left options | reduced right options}``), which keeps the
forms small enough to reach rectangles far beyond the raw game tree.

Examples
--------
>>> [str(rectangle(2, n).simplest) for n in (1, 2, 3)]
['1', '±1', '{2,±1|{-1|0,†}}']
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import budget
from ..core.notation import format_id
from ..core.ops import add_all
from ..core.table import GameId, birthday, intern
from ..errors import InvalidArgumentError
from ..universes.base import find_universe
from ..universes.dead_ending_simplest import AugmentedForm, simplest_form
from .domineering import Board, Domineering

__all__ = ["value", "board_value", "rectangle", "RectangleValue"]

_E = find_universe("dead-ending")
_values: dict[Board, GameId] = {}


def value(comp: Board) -> GameId:
    """The reduced form modulo ℰ (004) of one Domineering component, built bottom-up."""
    r = _values.get(comp)
    if r is None:
        budget.check()
        sides = [[_E.reduce(add_all(value(c) for c in res))
                  for _, res in Domineering.component_moves(comp, left)] for left in (True, False)]
        r = _values[comp] = _E.reduce(intern(sides[0], sides[1]))
    return r


def board_value(position: object) -> GameId:
    """The reduced form modulo ℰ of a position (any format :meth:`Domineering.components` reads)."""
    return _E.reduce(add_all(value(c) for c in Domineering.components(position)))


@dataclass(frozen=True)
class RectangleValue:
    """The value of an ``rows × cols`` rectangle modulo ℰ: reduced form (004) and simplest
    form (Siegel), with the reduced form's birthday."""

    rows: int
    cols: int
    reduced: GameId
    simplest: AugmentedForm

    @property
    def birthday(self) -> int:
        """The birthday of the reduced form."""
        return birthday(self.reduced)

    def to_dict(self) -> dict[str, object]:
        """The value as JSON-ready fields (rows, cols, reduced, simplest, birthday)."""
        return {"rows": self.rows, "cols": self.cols, "reduced": format_id(self.reduced),
                "simplest": str(self.simplest), "birthday": self.birthday}


def rectangle(rows: int, cols: int) -> RectangleValue:
    """The ℰ-value of the empty ``rows × cols`` board (Left places vertical dominoes)."""
    for v in (rows, cols):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise InvalidArgumentError(f"a rectangle needs positive integer sides, got {rows!r} x {cols!r}")
    g = board_value((rows, cols))
    return RectangleValue(rows, cols, g, simplest_form(g))
