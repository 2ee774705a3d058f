"""Outcomes of large sums (issue 10 item 2): naive tuple multiset search vs the packed search.

The components are copies of four canonical day-3 games. They were drawn at random from the
day-2 games (``four_day3_games``), but the draw depends on the order of ``born_by(2)``, which
changed between sessions 3 and 4, so both draws are pinned here by their notation: ``SET_A``
(the games of session 3's table, 1.43 M positions at 24 components) and ``SET_B`` (session 4's
draw). Goal of the issue: the fast search on 24 components in no more time than the naive one
on 12. "fast" is :func:`misere.universes.sum_theory.pruned_outcome_pair` (components reduced
in the smallest universe holding them, here the blocking universe, and the search pruned by
its order and identities; compiled kernel from the first position — ``engine="auto"`` would
first spend 50 000 positions in Python —, measured warm: compiled code loaded by ``setup``,
theory tables and reduced forms recomputed, since ``setup`` clears every cache).
"""
from __future__ import annotations

import random

from run import Workload

import misere as m
from misere.core import cache
from misere.core.notation import parse_id
from misere.core.outcome import Outcome
from misere.core.packed import sum_outcome_pair
from misere.core.table import birthday, intern
from misere.universes import general
from misere.universes.sum_theory import pruned_outcome_pair
from naive import sums as naive

SET_A = ["{{0,*,1|0,-1,1}|0,{|*,-1,1}}", "{{-1,1|-1,1}|{0,*,-1|0,-1,1},{0,1|1}}",
         "{{*,-1|0,-1,1},{-1|0,*}|{0,1|*,-1}}", "{{*,-1|0,*,1}|{|*,1}}"]
SET_B = ["{{0,*,1|0,1}|{-1|}}", "{{-1,1|-1,1}|{0,*,-1|0,1},{0,1|*,-1}}",
         "{{*,-1|0,-1,1},{-1|0,*}|{0,1|*,-1,1}}", "{{*,-1|0,*,1}|{|0,-1,1}}"]


def four_day3_games(seed: int = 3) -> list[int]:
    """Four random canonical day-3 games (the draw depends on the order of ``born_by(2)``)."""
    day2 = [g.id for g in m.born_by(2)]
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < 4:
        g = general.canonical(intern(rng.sample(day2, rng.randint(1, 2)), rng.sample(day2, rng.randint(1, 2))))
        if birthday(g) == 3:
            out.append(g)
    return out


A = [parse_id(t) for t in SET_A]
B = [parse_id(t) for t in SET_B]


def _setup() -> None:
    cache.clear()
    naive.clear()
    sum_outcome_pair(A, engine="compiled")  # load the compiled kernel (warm measurement)


def _fast(games: list[int], n: int) -> str:
    return Outcome.from_pair(*pruned_outcome_pair(games * (n // 4), engine="compiled")).value


def _plain(games: list[int], n: int) -> str:
    return Outcome.from_pair(*sum_outcome_pair(games * (n // 4), engine="compiled")).value


WORKLOADS = [
    Workload("sums A: 16 components, naive vs fast (same size)", lambda: naive.outcome(A * 4),
             lambda: _fast(A, 16), goal=None, setup=_setup),
    Workload("sums A: 24 components, unpruned compiled search vs fast", lambda: _plain(A, 24),
             lambda: _fast(A, 24), goal=None, setup=_setup),
    Workload("sums A: naive on 12 components vs fast on 24", lambda: naive.outcome(A * 3),
             lambda: _fast(A, 24), goal=1.0, setup=_setup, check=lambda a, b: True),
    Workload("sums B: naive on 12 components vs fast on 24", lambda: naive.outcome(B * 3),
             lambda: _fast(B, 24), goal=1.0, setup=_setup, check=lambda a, b: True),
]
