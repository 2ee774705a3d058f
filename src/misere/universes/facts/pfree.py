"""Checks of the facts about pf(ℬ), the 𝒫-free blocking games (DMM 2506.05257)."""
from __future__ import annotations

import random

from ...core.ops import add, conjugate, integer
from ...core.outcome import Outcome, outcome, sum_left_wins_first, sum_right_wins_first
from .. import blocking as bl
from .. import p_free as pf
from ..base import find_universe
from ..invertibility import invertibility
from .registry import FactResult, check

from ._common import P, _ok, fmt

PF = find_universe("p-free")
B = find_universe("blocking")


def _members() -> list[int]:
    return bl.member_forms(2, pf.is_p_free_blocking)


@check("closed_under_sums")
def _closed() -> FactResult:
    ms, rng = _members(), random.Random(1)
    pairs = [(rng.choice(ms), rng.choice(ms)) for _ in range(400)]
    bad = [(g, h) for g, h in pairs if not pf.is_p_free_blocking(add(g, h))]
    return _ok(not bad, f"{len(pairs)} sums, {len(bad)} outside pf(B)")


@check("outcome_stable")
def _stable() -> FactResult:
    ms = _members()
    bad = 0
    for g in ms:
        for h in ms:
            og, oh = outcome(g), outcome(h)
            if og == oh == Outcome.L and outcome(add(g, h)) != Outcome.L:
                bad += 1
            if og == Outcome.L and oh == Outcome.N and not sum_left_wins_first((g, h)):
                bad += 1
            if og == Outcome.R and oh == Outcome.N and not sum_right_wins_first((g, h)):
                bad += 1
    return _ok(bad == 0, f"{len(ms) ** 2} pairs, {bad} exceptions")


@check("invertible_mod_b")
def _inv() -> FactResult:
    ms = _members()
    ok = [g for g in ms if invertibility(g, B).invertible]
    return _ok(len(ok) == len(ms), f"{len(ok)} of {len(ms)} invertible modulo B")


@check("integer_order")
def _ints() -> FactResult:
    ok = all(PF.ge(integer(a), integer(b)) == (a <= b) for a in range(-3, 4) for b in range(-3, 4))
    return _ok(ok, "n >= m mod pf(B) exactly when n <= m, for -3..3")


@check("values_by_day")
def _values() -> FactResult:
    counts = [len(PF.born_by(n)) for n in range(3)]
    return FactResult("computed", f"values by day 0-2: {', '.join(map(str, counts))}: "
                      + ", ".join(fmt(v) for v in PF.born_by(2)))


#: two N-positions of pf(ℬ) born by day 3 whose sum is R (found by a random search)
_NN = ("{{0,-1,1|0},{0,-1|0,1}|1*,{-1,1|0,-1,1},{|0,1}}",
       "{{{0,1|1},{0,1|},{0|0,-1,1}|},{|{-1,1|0,1},{|1}}|{{0,1|-1,1}|{0,1|-1,1}}}")


@check("n_plus_n")
def _n_plus_n() -> FactResult:
    g, h = (P(t) for t in _NN)
    s = outcome(add(g, h))
    ok = all(pf.is_p_free_blocking(x) for x in (g, h)) and outcome(g) == outcome(h) == Outcome.N
    return FactResult("computed" if ok else "disagree", f"o(G) = o(H) = N, o(G+H) = {s.value}",
                      f"G = {fmt(g)}, H = {fmt(h)}")
