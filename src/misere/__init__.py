"""misère: computer algebra for misère combinatorial games.

Quick tour::

    >>> import misere as m
    >>> G = m.parse("{0,*|*}")
    >>> m.outcome(G), str(m.canonical(G)), m.compare("0", "*")
    (<Outcome.N: 'N'>, '{0,*|*}', '||')
    >>> len(m.born_by(2))
    256
"""
from .api import (
    Comparison, born_by, canonical, compare, comparison, count_born_by, distinguish, game, ge,
    order, outcome, outcome_of_sum, parse, parse_list,
)
from .api import Invertibility, invertibility, is_invertible
from .core import Game, Outcome
from .errors import MisereError
from .budget import limits
from .universes import find_universe, universe_names
from . import rulesets  # lazy: m.rulesets.PartizanKayles, m.rulesets.Domineering, ...
from .quotients import Quotient, quotient

__version__ = "0.1.0"

__all__ = [
    "Game", "Outcome", "MisereError", "Comparison", "parse", "parse_list", "game", "outcome", "outcome_of_sum",
    "canonical", "compare", "ge", "comparison", "distinguish", "born_by", "count_born_by", "order",
    "find_universe", "universe_names", "__version__",
    "Invertibility", "invertibility", "is_invertible",
    "rulesets", "quotient", "Quotient", "limits",
]
