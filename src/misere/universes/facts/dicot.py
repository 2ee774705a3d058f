"""Checks of the facts about dicots (001 ch. 4, 004 §2-3) and Hackenbush Sprigs (001 §4.5).

Each function recomputes one fact of ``facts.toml`` (its ``check`` names it) and returns a
:class:`FactResult`."""
from __future__ import annotations

from fractions import Fraction

from ...core.ops import (
    STAR, add, conjugate, dyadic, is_dicot, multiple,
)
from ...core.outcome import outcome, sum_outcome
from ...core.table import ZERO, GameId, intern, left, right
from ..invertibility import invertibility
from .registry import FactResult, check

from ._common import D, DAY2, GEN, STRICT_16, P, _o, _ok, _strict_d, _why_not, fmt


# --- 𝒟: 001 ch. 4 and 004 §2–3 ---------------------------------------------------------------

@check("day2_dicots")
def _day2_dicots() -> FactResult:
    day1 = [ZERO, STAR]
    subsets = [(), (ZERO,), (STAR,), (ZERO, STAR)]
    forms = {intern(a, b) for a in subsets for b in subsets if is_dicot(intern(a, b))} | set(day1)
    values = D.born_by(2)
    return _ok(len(forms) == 10 and len(values) == 9 and D.reduce(P("{*|*}")) == ZERO,
               f"{len(forms)} forms, {len(values)} values: {', '.join(fmt(v) for v in values)}")


@check("star_star")
def _star_star() -> FactResult:
    s = add(STAR, STAR)
    return _ok(D.eq(s, ZERO) and not GEN.eq(s, ZERO), "*+* = 0 mod D; *+* != 0 in general",
               "general: " + _why_not(GEN, s, ZERO) if not GEN.ge(s, ZERO) else None)


@check("day2_outcomes")
def _day2_outcomes() -> FactResult:
    want = {"^": "R", "v*": "R", "v": "L", "^*": "L", "E": "N", "Eb": "N", "*2": "N", "*": "P"}
    got = {k: outcome(DAY2[k]).value for k in want}
    return _ok(got == want, ", ".join(f"o({k})={v}" for k, v in got.items()))


@check("thm_432")
def _thm_432() -> FactResult:
    pairs = [("0", "Eb"), ("E", "0"), ("*2", "Eb"), ("E", "*2"), ("*", "v*"), ("^*", "*"),
             ("^", "v*"), ("^*", "v")]
    bad = [f"{a}>{b}" for a, b in pairs if not _strict_d(a, b)]
    return _ok(not bad, "all strict" if not bad else "fail: " + ", ".join(bad))


@check("order_16")
def _order_16() -> FactResult:
    got = {(a, b) for a in DAY2 for b in DAY2 if a != b and D.ge(DAY2[a], DAY2[b])}
    extra, missing = got - STRICT_16, STRICT_16 - got
    return _ok(not extra and not missing, f"{len(got)} relations"
               + (f"; extra {sorted(extra)}" if extra else "")
               + (f"; missing {sorted(missing)}" if missing else ""))


@check("lemma_431")
def _lemma_431() -> FactResult:
    inv = {k: invertibility(g, D).invertible for k, g in DAY2.items()}
    r = invertibility(DAY2["*2"], D)
    ok = all(v for k, v in inv.items() if k != "*2") and not inv["*2"]
    return _ok(ok, ", ".join(k for k, v in inv.items() if v) + " invertible",
               f"*2+*2: X = {fmt(r.witness)}" if r.witness is not None else None)


@check("prop_423")
def _prop_423() -> FactResult:
    r = invertibility(P("{0|0,*2}"), D)
    return _ok(r.invertible and not invertibility(DAY2["*2"], D).invertible,
               f"invertible={r.invertible}; Thm 4.2.2 criterion holds: {r.sufficient_condition}")


@check("thm_425")
def _thm_425() -> FactResult:
    games = ["{*|*}", "{v|^}", "{v,*|^,*}", "{v|*}", "{*|^}", "{^*|v*}", "{^*,v|v*,^}"]
    bad = [t for t in games if D.reduce(P(t)) != ZERO]
    return _ok(not bad, "all reduce to 0" if not bad else "not zero: " + ", ".join(bad))


@check("star2_triple")
def _star2_triple() -> FactResult:
    x, g, h = P("{0|^*}"), DAY2["*2"], multiple(3, DAY2["*2"])
    return _ok(_o(g, x) == "N" and _o(h, x) == "L" and not D.eq(g, h),
               f"o(*2+X)={_o(g, x)}, o(3.*2+X)={_o(h, x)}")


@check("closures")
def _closures() -> FactResult:
    want = {"^": ("RPLL", "NNNL"), "^*": ("LLLL", "NLLL"), "E": ("NLLL", "LLLL"),
            "*2": ("NPNP", "NNNN")}
    got = {}
    for k in want:
        g = DAY2[k]
        got[k] = tuple("".join(sum_outcome([g] * n + [STAR] * d).value for n in range(1, 5))
                       for d in (0, 1))
    return _ok(got == want, "; ".join(f"{k}: {a} / {b}" for k, (a, b) in got.items()))


@check("count_262144")
def _count_262144() -> FactResult:
    n = (2 ** 9 - 1) ** 2
    return _ok(n == 262144, f"(2^9-1)^2 = {n}; minus 9 = {n - 9}")


def _thesis_sets(with_star2: bool) -> list[tuple[GameId, ...]]:
    d = DAY2
    s_part = [(), (d["0"],), (d["E"],), (d["Eb"],)]
    if with_star2:
        s_part += [(d["*2"],), (d["0"], d["*2"])]
    t_part = [(), ("*",), ("^",), ("v",), ("^*",), ("v*",), ("*", "^"), ("*", "v"),
              ("*", "^", "v"), ("^", "v"), ("^", "^*"), ("v", "v*")]
    return [s + tuple(d[k] for k in t) for s in s_part for t in t_part if s or t]


def _fig41() -> set[GameId]:
    """The nine game trees of 001 Fig 4.1 (option sets among {0}, {*}, {0,*})."""
    sides = [(ZERO,), (STAR,), (ZERO, STAR)]
    return {intern(a, b) for a in sides for b in sides}


@check("count_5032")
def _count_5032() -> FactResult:
    sets = _thesis_sets(True)
    games = {intern(a, b) for a in sets for b in sets} - _fig41()
    return _ok(len(sets) == 71 and len(games) == 5032, f"{len(sets)} sets, {len(games)} games")


@check("count_1819")
def _count_1819() -> FactResult:
    sets = _thesis_sets(False)
    games = {intern(a, b) for a in sets for b in sets} - _fig41()
    n = sum(1 for g in games if _o(g, conjugate(g)) == "N")
    return _ok(n == 1819, f"{len(games)} candidates, {n} with G+conj(G) in N")


@check("count_day3")
def _count_day3() -> FactResult:
    values = D.born_by(3)
    inv = sum(1 for g in values if D.eq(add(g, conjugate(g)), ZERO))
    return FactResult("computed" if len(values) <= 5032 else "disagree",
                      f"{len(values)} values born by day 3 mod D, {inv} of them invertible")


# --- Hackenbush Sprigs (001 §4.5) -------------------------------------------------------------

def ordinal_sum(base: GameId, dep: GameId) -> GameId:
    """``G:H = {G:H^L, G^L | G:H^R, G^R}`` (001 §4.5): moving in the base deletes the dependant."""
    return intern([ordinal_sum(base, x) for x in left(dep)] + list(left(base)),
                  [ordinal_sum(base, x) for x in right(dep)] + list(right(base)))


def sprig(x: Fraction) -> GameId:
    """The Sprig ``*:x`` over the canonical number form of x."""
    return ordinal_sum(STAR, dyadic(x))


@check("sprig_forms")
def _sprig_forms() -> FactResult:
    want = {Fraction(1): "^*", Fraction(-1): "v*", Fraction(2): "{0,^*|0}",
            Fraction(1, 2): "{0,*|0,^*}"}
    ok = all(sprig(x) == P(t) and GEN.reduce(sprig(x)) == sprig(x) for x, t in want.items())
    return _ok(ok, ", ".join(f"*:{x} = {fmt(sprig(x))}" for x in want))


_SPRIG_ROWS = [  # X, Y, with *, outcome (001 Thms 4.5.9, 4.5.11; notes Part 3.5)
    ("1", "", 1, "N"), ("1,2", "", 1, "L"), ("2", "1", 1, "L"), ("1", "2", 1, "R"),
    ("1,1", "1/2", 1, "L"), ("1/2,3", "1", 1, "N"), ("1", "1", 1, "P"), ("1/2", "1,2", 1, "R"),
    ("2", "1,3", 1, "N"), ("3/4", "1/4", 1, "L"), ("1,2", "3", 0, "L"), ("1", "2", 0, "N"),
]


@check("sprig_outcomes")
def _sprig_outcomes() -> FactResult:
    bad = []
    for xs, ys, d, want in _SPRIG_ROWS:
        parts = [sprig(Fraction(t)) for t in xs.split(",") if t]
        parts += [sprig(-Fraction(t)) for t in ys.split(",") if t] + [STAR] * d
        if sum_outcome(parts).value != want:
            bad.append(f"({xs};{ys};{d})")
    return _ok(not bad, "all 12 vectors" if not bad else "fail: " + ", ".join(bad))


@check("sprigs_invertible")
def _sprigs_invertible() -> FactResult:
    xs = [Fraction(k, 4) for k in range(-8, 9)]
    bad = [str(x) for x in xs if not invertibility(sprig(x), D).invertible]
    return _ok(not bad, "*:x for quarters x in [-2, 2]: all invertible" if not bad else ", ".join(bad))
