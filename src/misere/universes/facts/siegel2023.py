"""Checks of the facts of Siegel 2023 (arXiv 2312.16259) in ``siegel2023.toml``.

Each function recomputes one fact with :mod:`misere.universes.dead_ending_simplest` and returns
a :class:`FactResult`."""
from __future__ import annotations

from itertools import combinations

from ...core.ops import is_dead_ending, is_dead_left_end
from ...core.table import ZERO, GameId, intern
from .. import dead_ending_simplest as ds
from ..dead_ending import perfect_murder
from ._common import E, P, fmt
from .registry import FactResult, agree, check


def _day2_forms() -> list[GameId]:
    """Every dead-ending form born by day 2 (options among the four day-1 forms)."""
    one, minus, star = intern([ZERO], []), intern([], [ZERO]), intern([ZERO], [ZERO])
    subsets = [c for k in range(5) for c in combinations((ZERO, one, minus, star), k)]
    return [g for g in (intern(a, b) for a in subsets for b in subsets) if is_dead_ending(g)]


@check("simplest_unique_day2")
def _simplest_unique_day2() -> FactResult:
    forms = _day2_forms()
    simp = {g: ds.simplest(g) for g in forms}
    classes = {E.reduce(g) for g in forms}
    same = all((simp[g] == simp[h]) == E.eq(g, h) for g in forms for h in forms)
    tombs = sum(1 for a in set(simp.values()) if ds.to_game(a) is None)
    return agree(same and len(set(simp.values())) == len(classes),
                 f"{len(forms)} forms, {len(classes)} values mod E, {len(set(simp.values()))} simplest "
                 f"forms ({tombs} with tombstones)")


def _tests() -> list[GameId]:
    return _day2_forms() + [perfect_murder(n) for n in (2, 3)]


@check("reductions_keep_outcomes")
def _reductions_keep_outcomes() -> FactResult:
    tests = _tests()
    bad = []
    for g in _day2_forms():
        a, b = ds.simplest(g), ds.from_game(g)
        for x in tests:
            if any(ds.wins_first(a, x, lm) != ds.wins_first(b, x, lm) for lm in (True, False)):
                bad.append(f"{fmt(g)} + {fmt(x)}")
                break
    return agree(not bad, f"simplest form and game have equal outcomes with {len(tests)} test games "
                 "for every day-2 dead-ending form" if not bad else f"differ: {bad[:3]}")


@check("strength_by_murders")
def _strength_by_murders() -> FactResult:
    ends = [g for g in _day2_forms() if is_dead_left_end(g)]
    ends3 = sorted({intern([], c) for k in range(len(ends) + 1) for c in combinations(ends, k)})
    forms = {ds.simplest(g) for g in _day2_forms()}
    bad = [ds.format_aug(a) for a in forms
           if ds.strong_left(a) != all(ds.wins_first(a, x, True) for x in ends3 + [perfect_murder(4)])]
    return agree(not bad, f"{len(forms)} simplest forms against all {len(ends3)} dead Left ends born "
                 "by day 3 and M_4" + (f"; differ: {bad[:3]}" if bad else ""))


@check("simplest_outside_e")
def _simplest_outside_e() -> FactResult:
    g = P("{{2,±1|0}|{{-1|0,1}|1}}")  # the 2 x 4 Domineering rectangle, reduced (004)
    a = ds.simplest(g)
    ends = [x for x in ds.followers(a) if not ds.aug_right(x) and not ds.tomb_right(x)
            and any(ds.aug_right(y) or ds.tomb_right(y) for y in ds.aug_left(x))]
    return FactResult("computed", f"{fmt(g)} (2 x 4 Domineering mod E) has simplest form "
                      f"{ds.format_aug(a)}; its Right end {ds.format_aug(ends[0])} has a Left option "
                      "that is not a Right end" if ends else f"{ds.format_aug(a)}: none found")
