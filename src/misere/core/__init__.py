"""The game core: interned forms, sums, conjugates, outcomes, notation. Imports nothing from
``misere`` but :mod:`misere.errors` and :mod:`misere.budget`; conveniences that live higher up
(``G >= H``, the notebook picture) are attached to :class:`Game` by the packages above."""
from .game import Game
from .outcome import Outcome
from .table import GameId

__all__ = ["Game", "Outcome", "GameId"]
