"""The game core: interned forms, sums, conjugates, outcomes, notation. Imports nothing else
from ``misere`` (the one exception is the call-time import in ``Game.__ge__``)."""
from .game import Game
from .outcome import Outcome
from .table import GameId

__all__ = ["Game", "Outcome", "GameId"]
