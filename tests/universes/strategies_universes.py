"""Hypothesis strategies for members of the dicot and dead-ending universes."""
from __future__ import annotations

from hypothesis import strategies as st

import misere as m

_DICOT_BASE = ["0", "*", "^", "v", "^*", "v*", "{0,*|*}", "{*|0,*}", "*2", "{*|*}"]
_DEAD_BASE = ["0", "*", "1", "-1", "2", "-2", "{1|0}", "{0|-1}", "{|0,-1}", "{0,1|}", "{1|-1}",
              "^", "v", "1/2", "-1/2", "{-1|1}", "{0,*|1}"]


def dicots(max_options: int = 3) -> st.SearchStrategy[m.Game]:
    """Random dicots of birthday ≤ 3: {A|B} with A, B non-empty sets of day-2 dicots."""
    base = st.sampled_from([m.parse(t) for t in _DICOT_BASE])
    side = st.lists(base, min_size=1, max_size=max_options)
    return st.one_of(base, st.builds(lambda a, b: m.game(a, b), side, side))


def dead_ending_games(max_options: int = 3) -> st.SearchStrategy[m.Game]:
    """Random dead-ending games of birthday ≤ 4 built over small dead-ending forms."""
    base = st.sampled_from([m.parse(t) for t in _DEAD_BASE])
    side = st.lists(base, min_size=0, max_size=max_options)
    built = st.builds(lambda a, b: m.game(a, b), side, side)
    return st.one_of(base, built.filter(lambda g: g.is_dead_ending()))
