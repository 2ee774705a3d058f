"""Universes of games and comparison modulo a universe; see :mod:`misere.universes.base`."""
from .base import Universe, find_universe, register, universe_names
from . import general, normal  # noqa: F401  (register the built-in universes)
from . import dicot, dead_ending  # noqa: F401  (004: 𝒟 and ℰ)
from . import left_dead_end  # noqa: F401  (Davies 2409.17871)
from . import dead_ending_simplest  # noqa: F401  (Siegel 2023: simplest forms modulo ℰ)
from . import impartial, alternating  # noqa: F401  (002 §6, §11; 001 ch. 3)
from . import blocking, p_free  # noqa: F401  (Davies-Miller-Milley 2025; Davies-Milley 2026)

__all__ = ["Universe", "find_universe", "register", "universe_names"]
