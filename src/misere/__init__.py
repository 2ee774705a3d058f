"""misère: computer algebra for misère combinatorial games.

Quick tour::

    >>> import misere as m
    >>> G = m.parse("{0,*|*}")
    >>> m.outcome(G), str(m.canonical(G)), m.compare("0", "*")
    (<Outcome.N: 'N'>, '{0,*|*}', '||')
    >>> len(m.born_by(2))
    256
"""
import sys as _sys

from .errors import MisereError
from .budget import limits


def _general_ge(g: int, h: int) -> bool:
    """``G >= H`` on games: general misère comparison, loaded with the universes on first use
    (:mod:`misere.universes.general` then puts its ``ge`` in place of this hook)."""
    from .universes.general import ge

    return ge(g, h)


def _game_svg(self: object) -> str:
    """Notebook picture of a game (:mod:`misere.api.display`, loaded on first use; it then
    replaces these two hooks by its own functions)."""
    from .api.display import _game_svg as svg

    return svg(self)  # type: ignore[arg-type]


def _outcome_html(self: object) -> str:
    """Notebook badge of an outcome (:mod:`misere.api.display`, loaded on first use)."""
    from .api.display import _outcome_html as html

    return html(self)  # type: ignore[arg-type]


def _attach() -> None:
    """Give the core's ``Game`` and ``Outcome`` the conveniences that live above the core
    (comparison, notebook views), once the core is loaded: ``import misere`` itself does not
    load it, so that commands such as ``misere quotient 0.77`` never do."""
    from .core.game import Game
    from .core.outcome import Outcome

    if Game._ge is None:
        Game._ge = _general_ge
    if not hasattr(Game, "_repr_svg_"):
        Game._repr_svg_ = _game_svg  # type: ignore[attr-defined]
    if not hasattr(Outcome, "_repr_html_"):
        Outcome._repr_html_ = _outcome_html  # type: ignore[attr-defined]


__version__ = "0.1.0"

__all__ = [
    "Game", "Outcome", "MisereError", "Comparison", "parse", "parse_list", "game", "outcome", "outcome_of_sum",
    "canonical", "compare", "ge", "comparison", "distinguish", "born_by", "count_born_by", "order",
    "find_universe", "universe_names", "__version__",
    "Invertibility", "invertibility", "is_invertible",
    "rulesets", "quotient", "Quotient", "limits", "census", "classify",
]

#: the functions of :mod:`misere.api`, imported on first use (commands that never build a game
#: from notation, such as ``misere quotient 0.123``, do not load the api layer)
_API = ("Comparison", "born_by", "canonical", "compare", "comparison", "count_born_by", "distinguish", "game",
        "ge", "find_universe", "order", "outcome", "outcome_of_sum", "parse", "parse_list",
        "Invertibility", "invertibility", "is_invertible")

#: names imported on first use, so that ``import misere`` stays fast (the game core, numpy,
#: the quotient engines and the rulesets load only when asked for)
_LAZY = {**{name: (".api", name) for name in _API}, "Game": (".core", "Game"), "Outcome": (".core", "Outcome"),
         "core": (".core", None), "rulesets": (".rulesets", None), "quotient": (".quotients", "quotient"),
         "Quotient": (".quotients", "Quotient"),
         "universe_names": (".universes", "universe_names"), "census": (".quotients.census", "census"),
         "classify": (".quotients.classify", "classify")}


def __getattr__(name: str) -> object:
    """Import :data:`_LAZY` names on first use (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'misere' has no attribute {name!r}")
    import importlib

    module_name, attr = _LAZY[name]
    module = importlib.import_module(module_name, __name__)
    value = module if attr is None else getattr(module, attr)
    globals()[name] = value
    if "misere.core.game" in _sys.modules:
        _attach()
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
