"""Misère Sprouts n-spot starts: the reference search of ``misere.rulesets.sprouts`` (lands keyed
without simplification, every land searched to the end over multisets of lands) against the
search ``misere play sprouts`` runs (canonical lands, reduced canonical trees, widening)."""
from __future__ import annotations

from run import Workload

from misere.core import cache
from misere.rulesets import sprouts, sprouts_canon

STARTS = range(1, 7)


def _setup() -> None:
    cache.clear()
    sprouts._moves.cache_clear()
    sprouts._grundy.cache_clear()
    sprouts_canon._MEMO.clear()


def _naive() -> str:
    r = sprouts.SproutsRuleset()   # a fresh memo table
    return "".join(r.outcome(str(n)).value for n in STARTS)


def _fast() -> str:
    from misere.rulesets.sprouts_reduced import ReducedSolver

    s = ReducedSolver()
    return "".join("N" if s.wins([sprouts.spots(n)], "misere") else "P" for n in STARTS)


WORKLOADS = [
    Workload("sprouts: misère 1- to 6-spot starts, reference search vs reduced trees", _naive, _fast,
             goal=0.25, setup=_setup),
]
