"""Checks of the facts about the blocking universe (DMM 2506.05257 §4; Davies–Milley 2026)."""
from __future__ import annotations

from ...core.ops import add, conjugate, integer, is_dead_ending, is_dicot
from ...core.outcome import sum_left_wins_first
from ...core.table import ZERO
from .. import blocking as bl
from ..base import find_universe
from ..invertibility import invertibility
from ..p_free import is_p_free
from .registry import FactResult, check

from ._common import P, _ok, fmt

B = find_universe("blocking")


@check("contains_d_and_e")
def _contains_d_and_e() -> FactResult:
    forms = bl.member_forms(2, lambda g: True)
    sub = [g for g in forms if is_dicot(g) or is_dead_ending(g)]
    ends = [bl.is_blocked_left_end(P(t)) for t in ("{|*}", "{|1}")]
    ok = all(bl.is_blocking(g) for g in sub) and all(ends) and not bl.is_blocking(P("{|2}"))
    return _ok(ok, f"{len(sub)} dicot or dead-ending forms of day 2, all blocking; "
                   f"{sum(map(bl.is_blocking, forms))} of the {len(forms)} day-2 forms are blocking")


@check("strong_test")
def _strong_test() -> FactResult:
    forms = bl.member_forms(2, bl.is_blocking)
    ends = [x for x in forms if bl.is_blocked_left_end(x)]
    bad = [g for g in forms
           if bl.strong_left(g) != all(sum_left_wins_first((g, x)) for x in ends)]
    weak = [g for g in forms if not bl.strong_left(g)]
    wit = all(not sum_left_wins_first((g, bl.left_strong_witness(g))) for g in weak)
    g = P("1")
    return _ok(not bad and wit, f"{len(forms) - len(weak)} strong, {len(weak)} not; "
               f"{len(ends)} blocked Left ends", f"1 + {fmt(bl.left_strong_witness(g))}: Left loses moving first")


@check("values_by_day")
def _values_by_day() -> FactResult:
    counts = [len(B.born_by(n)) for n in range(3)]
    return FactResult("computed", f"values by day 0-2: {', '.join(map(str, counts))}")


@check("invertible_p_free")
def _invertible_p_free() -> FactResult:
    vals = B.born_by(2)
    pf_forms = [g for g in bl.member_forms(2, bl.is_blocking) if is_p_free(g)]
    inv = [g for g in vals if invertibility(g, B).invertible]
    eq_pf = [g for g in vals if any(bl.eq(g, f) for f in pf_forms)]
    star = invertibility(P("*"), B)
    return _ok(inv == eq_pf and not star.invertible,
               f"{len(inv)} invertible values, {len(eq_pf)} equal to P-free forms",
               f"*+*: X = {fmt(star.witness)}" if star.witness is not None else None)


@check("integer_invertible")
def _integer_invertible() -> FactResult:
    ok = all(bl.eq(add(integer(n), conjugate(integer(n))), ZERO) for n in range(1, 6))
    return _ok(ok, "n + conj(n) = 0 mod B for n = 1..5")
