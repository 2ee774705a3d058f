"""Hypothesis strategies: random small game forms, built through the public constructor."""
from __future__ import annotations

from hypothesis import strategies as st

import misere as m


def games(max_birthday: int = 3, max_options: int = 3) -> st.SearchStrategy[m.Game]:
    """Random forms of birthday at most ``max_birthday``."""
    base = st.sampled_from([m.parse(t) for t in ("0", "*", "1", "-1")])
    strat = base
    for _ in range(max_birthday - 1):
        inner = strat
        strat = st.one_of(
            base,
            st.builds(
                lambda l, r: m.game(l, r),
                st.lists(inner, max_size=max_options),
                st.lists(inner, max_size=max_options),
            ),
        )
    return strat
