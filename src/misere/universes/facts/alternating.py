"""Checks of the facts about alternating games (001 ch. 3).

Each function recomputes one fact of ``facts.toml`` (its ``check`` names it) and returns a
:class:`FactResult`."""
from __future__ import annotations


from ...core.ops import (
    STAR,
)
from ...core.outcome import sum_outcome
from ...core.table import ZERO, intern
from ...core.table import left, right
from ..alternating import ALT_A, ALT_A_BAR, ALT_B, ALT_B_BAR, ALT_C, ALT_C_BAR, CLASSES, ends_outcome, outcome_pair
from .registry import FactResult, check

from ._common import _ok, fmt


# --- alternating games (001 ch. 3) ---------------------------------------------------------------

@check("alt_a_outcomes")
def _alt_a_outcomes() -> FactResult:

    om, on = outcome_pair(ALT_A)
    return _ok((om.value, on.value) == ("L", "R"), f"o-(A) = {om.value}, o+(A) = {on.value}",
               "X = 0: Left moving first in A must move to 0, where Right cannot move and wins")


@check("alt_tilt")
def _alt_tilt() -> FactResult:

    bad = []
    for a in range(-2, 3):
        for b in range(-2, 3):
            for c in range(-2, 3):
                parts = [ALT_A if a > 0 else ALT_A_BAR] * abs(a) + [
                    ALT_B if b > 0 else ALT_B_BAR] * abs(b) + [ALT_C if c > 0 else ALT_C_BAR] * abs(c)
                if sum_outcome(parts) != ends_outcome(a, b, c):
                    bad.append(f"({a},{b},{c})")
    return _ok(not bad, "all 125 sums with |a|,|b|,|c| <= 2 agree" if not bad else ", ".join(bad))


@check("alt_29")
def _alt_29() -> FactResult:
    from itertools import combinations_with_replacement


    reps = [c.rep for c in CLASSES if c.rep != ZERO]
    tests = [[]] + [[r] for r in reps] + [list(p) for p in combinations_with_replacement(reps, 2)]
    sigs = {tuple(sum_outcome([c.rep] + t) for t in tests) for c in CLASSES}
    counts = {k: sum(1 for c in CLASSES if c.misere.value == k) for k in "NLRP"}
    return _ok(len(sigs) == 29 and counts == {"N": 11, "L": 7, "R": 7, "P": 4},
               f"{len(sigs)} distinct outcome signatures over {len(tests)} test sums; {counts}")


@check("alt_343b")
def _alt_343b() -> FactResult:

    r_classes = [c for c in CLASSES if c.misere.value == "R"]
    ok = all(sum_outcome([c.rep]).value == "R" for c in r_classes)
    return FactResult("agree" if ok else "disagree",
                      f"all {len(r_classes)} R- classes are already R at tilt 0 (X = 0)",
                      note="the printed bound is weaker than the truth, not false")


@check("penny_fig31")
def _penny_fig31() -> FactResult:

    l3 = intern([ZERO, ALT_A_BAR, ALT_B_BAR], [])  # T(3)
    s3 = intern([ZERO, ALT_A_BAR, ALT_B_BAR], [ZERO, ALT_A, ALT_B])  # S(3)
    comps = [l3, ALT_B_BAR, s3, STAR]  # R2 = H(2) = ~B, S1 = *
    labels = ["L3", "R2", "S3", "S1"]
    wins = []
    for side, opp_first in ((0, "right_first"), (1, "left_first")):
        for i, c in enumerate(comps):
            for x in (left(c) if side == 0 else right(c)):
                rest = comps[:i] + [x] + comps[i + 1:]
                if not getattr(sum_outcome(rest), opp_first):
                    wins.append(f"{'Left' if side == 0 else 'Right'}: {labels[i]} -> {fmt(x)}")
    r2_move = sum_outcome([l3, s3, STAR]).value
    return _ok(False, "winning first moves: " + "; ".join(wins),
               f"after R2 -> 0 the position L3 + S3 + S1 is {r2_move} (Left wins)")
