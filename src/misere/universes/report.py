"""Recomputing the checkable facts of the seeds about universes (001 ch. 4–5, 004).

Each :class:`Fact` states what a seed claims and carries a check that recomputes it from
scratch with the library; :func:`run_facts` returns, for each, ``agree`` or ``disagree`` (with a
witness where the seed is wrong) or ``computed`` (a number no seed prints). The errata are
those of the shared notes (thesis-ch4-5.md Part 8; algorithms.md §B–§C). Facts checked
*modulo a closure* that is not a registered universe (Partizan Kayles, 001 §5.6) are checked
against every test game of that closure up to a size, which can refute but not prove; their
note says so.

Other universes append facts with :func:`fact` (e.g. the impartial and alternating ones).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Optional

from ..core.notation import format_id, parse_id
from ..core.ops import (
    STAR, add, conjugate, dyadic, integer, is_dead_left_end, is_dicot, multiple,
)
from ..core.outcome import outcome, sum_outcome
from ..core.table import ZERO, GameId, birthday, intern, left, right
from .base import antichains, find_universe
from .dead_ending import perfect_murder, strong_outcome
from .invertibility import invertibility

__all__ = ["Fact", "FactResult", "FACTS", "fact", "run_facts"]


@dataclass(frozen=True)
class FactResult:
    """The outcome of one check: ``status`` is ``agree``, ``disagree`` or ``computed``."""

    status: str
    computed: str
    witness: Optional[str] = None
    note: str = ""


@dataclass(frozen=True)
class Fact:
    """A checkable claim of a seed: where it is, what it says, and how to recompute it."""

    key: str
    universe: str
    claim: str
    check: Callable[[], FactResult] = field(repr=False, compare=False)
    erratum: Optional[str] = None


FACTS: list[Fact] = []


def fact(key: str, universe: str, claim: str, erratum: Optional[str] = None
         ) -> Callable[[Callable[[], FactResult]], Callable[[], FactResult]]:
    """Decorator: register the decorated check as a :class:`Fact` in :data:`FACTS`."""

    def deco(fn: Callable[[], FactResult]) -> Callable[[], FactResult]:
        FACTS.append(Fact(key, universe, claim, fn, erratum))
        return fn

    return deco


def run_facts(universe: Optional[str] = None) -> list[tuple[Fact, FactResult]]:
    """Run every registered check (only those of one universe when ``universe`` is given)."""
    out = []
    for f in FACTS:
        if universe is None or f.universe == universe:
            out.append((f, f.check()))
    return out


# --- helpers -------------------------------------------------------------------------------

P = parse_id
fmt = format_id
D = find_universe("dicot")
E = find_universe("dead-ending")
GEN = find_universe("general")


def _ok(flag: bool, computed: str, witness: Optional[str] = None, note: str = "") -> FactResult:
    return FactResult("agree" if flag else "disagree", computed, witness, note)


def _o(*games: GameId) -> str:
    return sum_outcome(games).value


def _why_not(u: object, g: GameId, h: GameId) -> str:
    x = u.verified_witness(g, h)  # type: ignore[attr-defined]
    return f"X = {fmt(x)}: o(G+X) = {_o(g, x)}, o(H+X) = {_o(h, x)}"


DAY2 = {n: P(t) for n, t in [("0", "0"), ("*", "*"), ("^", "^"), ("v", "v"), ("^*", "^*"),
                             ("v*", "v*"), ("E", "{0,*|*}"), ("Eb", "{*|0,*}"), ("*2", "*2")]}

STRICT_16 = {("E", "0"), ("E", "^"), ("E", "*2"), ("E", "v*"), ("E", "Eb"), ("^*", "*"),
             ("^*", "v"), ("^*", "*2"), ("^*", "v*"), ("^*", "Eb"), ("*", "v*"), ("^", "v*"),
             ("*2", "v*"), ("*2", "Eb"), ("0", "Eb"), ("v", "Eb")}


def _strict_d(a: str, b: str) -> bool:
    g, h = DAY2[a], DAY2[b]
    return D.ge(g, h) and not D.ge(h, g)


# --- 𝒟: 001 ch. 4 and 004 §2–3 ---------------------------------------------------------------

@fact("001 Fig 4.1", "dicot", "10 dicot forms are born by day 2; modulo D they are 9 values "
      "(only {*|*} = *+* collapses, to 0)")
def _day2_dicots() -> FactResult:
    day1 = [ZERO, STAR]
    subsets = [(), (ZERO,), (STAR,), (ZERO, STAR)]
    forms = {intern(a, b) for a in subsets for b in subsets if is_dicot(intern(a, b))} | set(day1)
    values = D.born_by(2)
    return _ok(len(forms) == 10 and len(values) == 9 and D.reduce(P("{*|*}")) == ZERO,
               f"{len(forms)} forms, {len(values)} values: {', '.join(fmt(v) for v in values)}")


@fact("001 Cor 4.2.4", "dicot", "* + * = 0 modulo D (Allen), but not in general misère play")
def _star_star() -> FactResult:
    s = add(STAR, STAR)
    return _ok(D.eq(s, ZERO) and not GEN.eq(s, ZERO), "*+* = 0 mod D; *+* != 0 in general",
               "general: " + _why_not(GEN, s, ZERO) if not GEN.ge(s, ZERO) else None)


@fact("001 §4.3", "dicot", "outcomes: ^, v* in R; v, ^* in L; E, Eb, *2 in N; * in P")
def _day2_outcomes() -> FactResult:
    want = {"^": "R", "v*": "R", "v": "L", "^*": "L", "E": "N", "Eb": "N", "*2": "N", "*": "P"}
    got = {k: outcome(DAY2[k]).value for k in want}
    return _ok(got == want, ", ".join(f"o({k})={v}" for k, v in got.items()))


@fact("001 Thm 4.3.2", "dicot", "Eb < 0 < E, Eb < *2 < E, v* < * < ^*, v* < ^, v < ^* modulo D",
      "relation symbols garbled in the seed (notes Part 8)")
def _thm_432() -> FactResult:
    pairs = [("0", "Eb"), ("E", "0"), ("*2", "Eb"), ("E", "*2"), ("*", "v*"), ("^*", "*"),
             ("^", "v*"), ("^*", "v")]
    bad = [f"{a}>{b}" for a, b in pairs if not _strict_d(a, b)]
    return _ok(not bad, "all strict" if not bad else "fail: " + ", ".join(bad))


@fact("001 §4.3 + Lemma 2.4.1", "dicot", "the nine day-2 dicots have exactly 16 strict relations "
      "mod D: Thm 4.3.2 plus the hand-tying relations E>^, ^*>*2, *2>v*, v>Eb (notes Part 3.2)")
def _order_16() -> FactResult:
    got = {(a, b) for a in DAY2 for b in DAY2 if a != b and D.ge(DAY2[a], DAY2[b])}
    extra, missing = got - STRICT_16, STRICT_16 - got
    return _ok(not extra and not missing, f"{len(got)} relations"
               + (f"; extra {sorted(extra)}" if extra else "")
               + (f"; missing {sorted(missing)}" if missing else ""))


@fact("001 Lemma 4.3.1", "dicot", "every day-2 dicot except *2 is invertible mod D; *2 is not")
def _lemma_431() -> FactResult:
    inv = {k: invertibility(g, D).invertible for k, g in DAY2.items()}
    r = invertibility(DAY2["*2"], D)
    ok = all(v for k, v in inv.items() if k != "*2") and not inv["*2"]
    return _ok(ok, ", ".join(k for k, v in inv.items() if v) + " invertible",
               f"*2+*2: X = {fmt(r.witness)}" if r.witness is not None else None)


@fact("001 Prop 4.2.3", "dicot", "{0|0,*2} is invertible mod D although its follower *2 is not")
def _prop_423() -> FactResult:
    r = invertibility(P("{0|0,*2}"), D)
    return _ok(r.invertible and not invertibility(DAY2["*2"], D).invertible,
               f"invertible={r.invertible}; Thm 4.2.2 criterion holds: {r.sufficient_condition}")


@fact("001 Thm 4.2.5", "dicot", "dicots whose Left options have Right options {0} and Right "
      "options have Left options {0} are = 0 mod D, e.g. {*|*}, {v|^}, {v,*|^,*}, {^*|v*}")
def _thm_425() -> FactResult:
    games = ["{*|*}", "{v|^}", "{v,*|^,*}", "{v|*}", "{*|^}", "{^*|v*}", "{^*,v|v*,^}"]
    bad = [t for t in games if D.reduce(P(t)) != ZERO]
    return _ok(not bad, "all reduce to 0" if not bad else "not zero: " + ", ".join(bad))


@fact("001 §4.3.4", "dicot", "*2 and 3.*2 are distinguished in D by X = {0|^*} (N vs L)")
def _star2_triple() -> FactResult:
    x, g, h = P("{0|^*}"), DAY2["*2"], multiple(3, DAY2["*2"])
    return _ok(_o(g, x) == "N" and _o(h, x) == "L" and not D.eq(g, h),
               f"o(*2+X)={_o(g, x)}, o(3.*2+X)={_o(h, x)}")


@fact("001 Lemmas 4.3.3, 4.3.6, 4.3.9, 4.3.12", "dicot",
      "closure outcomes o(k.G + d.*), k = 1..4: ^: R P L L / N N N L; ^*: L L L L / N L L L; "
      "E: N L L L / L L L L; *2: N P N P / N N N N")
def _closures() -> FactResult:
    want = {"^": ("RPLL", "NNNL"), "^*": ("LLLL", "NLLL"), "E": ("NLLL", "LLLL"),
            "*2": ("NPNP", "NNNN")}
    got = {}
    for k in want:
        g = DAY2[k]
        got[k] = tuple("".join(sum_outcome([g] * n + [STAR] * d).value for n in range(1, 5))
                       for d in (0, 1))
    return _ok(got == want, "; ".join(f"{k}: {a} / {b}" for k, (a, b) in got.items()))


@fact("001 §4.4", "dicot", "without the order: (2^9 - 1)(2^9 - 1) = 262144 day-3 candidates",
      "arithmetic: 511^2 = 261121 (notes Part 8)")
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


@fact("001 §4.4", "dicot", "71 admissible option sets per side, 5032 day-3 candidates")
def _count_5032() -> FactResult:
    sets = _thesis_sets(True)
    games = {intern(a, b) for a in sets for b in sets} - _fig41()
    return _ok(len(sets) == 71 and len(games) == 5032, f"{len(sets)} sets, {len(games)} games")


@fact("001 §4.4", "dicot", "1819 day-3 candidates without a *2 option have G + conj(G) in N "
      "(so are invertible by Thm 4.2.2)", "unreproduced: the stated procedure gives 1864 "
      "(notes Part 3.4)")
def _count_1819() -> FactResult:
    sets = _thesis_sets(False)
    games = {intern(a, b) for a in sets for b in sets} - _fig41()
    n = sum(1 for g in games if _o(g, conjugate(g)) == "N")
    return _ok(n == 1819, f"{len(games)} candidates, {n} with G+conj(G) in N")


@fact("001 §4.4, §4.6", "dicot", "the number of dicot values born by day 3 is not printed; the "
      "thesis bounds it by 5032")
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


@fact("001 Thm 4.5.7", "dicot", "Sprig forms: *:1 = ^*, *:-1 = v*, *:2 = {0,^*|0}, "
      "*:1/2 = {0,*|0,^*}; each is its own misère canonical form")
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


@fact("001 Thms 4.5.9, 4.5.11", "dicot", "outcomes of Sprig sums (X, Y) + d.* follow the "
      "advantage and lean rules (12 vectors of notes Part 3.5)")
def _sprig_outcomes() -> FactResult:
    bad = []
    for xs, ys, d, want in _SPRIG_ROWS:
        parts = [sprig(Fraction(t)) for t in xs.split(",") if t]
        parts += [sprig(-Fraction(t)) for t in ys.split(",") if t] + [STAR] * d
        if sum_outcome(parts).value != want:
            bad.append(f"({xs};{ys};{d})")
    return _ok(not bad, "all 12 vectors" if not bad else "fail: " + ", ".join(bad))


@fact("001 Cor 4.5.3", "dicot", "every Sprig is invertible mod D")
def _sprigs_invertible() -> FactResult:
    xs = [Fraction(k, 4) for k in range(-8, 9)]
    bad = [str(x) for x in xs if not invertibility(sprig(x), D).invertible]
    return _ok(not bad, "*:x for quarters x in [-2, 2]: all invertible" if not bad else ", ".join(bad))


# --- ℰ: 001 ch. 5 and 004 ----------------------------------------------------------------------

@fact("001 §5.5", "dead-ending", "* + * is not = 0 mod E: X = 1 gives P vs R")
def _star_star_e() -> FactResult:
    s, one = add(STAR, STAR), integer(1)
    return _ok(not E.eq(s, ZERO) and _o(s, one) == "P" and _o(one) == "R",
               f"o(*+*+1) = {_o(s, one)}, o(1) = {_o(one)}", _why_not(E, ZERO, s)
               if not E.ge(ZERO, s) else _why_not(E, s, ZERO))


def _dead_ends(day: int) -> list[GameId]:
    left_ends = [ZERO]
    for _ in range(day):
        left_ends = sorted({intern((), c) for c in antichains(left_ends, lambda a, b: a == b)}
                           | set(left_ends))
    return [g for g in left_ends if is_dead_left_end(g)]


@fact("001 Thm 5.3.2, Cor 5.3.3", "dead-ending", "every dead end is invertible mod E with "
      "inverse its conjugate; n + conj(n) = 0 for integers")
def _ends_invertible() -> FactResult:
    ends = _dead_ends(3)
    games = ends + [conjugate(g) for g in ends] + [integer(n) for n in range(-4, 5)]
    bad = [fmt(g) for g in games if not invertibility(g, E).invertible]
    return _ok(not bad, f"{len(set(games))} dead ends born by day 3 and integers -4..4: "
               + ("all invertible" if not bad else "not: " + ", ".join(bad)))


@fact("001 Thm 5.3.5", "dead-ending", "distinct integers are incomparable mod E")
def _integers() -> FactResult:
    ints = [integer(n) for n in range(-3, 4)]
    bad = [(fmt(a), fmt(b)) for a in ints for b in ints if a != b and E.ge(a, b)]
    return _ok(not bad, "integers -3..3 pairwise incomparable" if not bad else f"comparable {bad}")


@fact("001 §5.3", "dead-ending", "{0,1|} is not = 1 mod E: X = ^ gives L vs P")
def _zero_one() -> FactResult:
    g, one, up = P("{0,1|}"), integer(1), P("^")
    return _ok(not E.eq(g, one) and _o(g, up) == "L" and _o(one, up) == "P",
               f"o({{0,1|}}+^) = {_o(g, up)}, o(1+^) = {_o(one, up)}")


def _l(a: Fraction) -> int:
    """Left-length of a canonical number a ≥ 0 (001 Def 5.2.4; notes Part 1)."""
    whole = a.numerator // a.denominator
    frac = a - whole
    return whole + bin(frac.numerator).count("1") if frac else whole


def _numbers_rule(a: Fraction, b: Fraction, printed: bool) -> bool:
    """a > b mod E per 001 Thm 5.4.12, as printed or corrected."""
    if a == b:
        return False
    if a > 0 and b > 0:
        return (a < b if printed else b < a) and _l(a) <= _l(b)
    if a < 0 and b < 0:
        return b < a and _l(-b) <= _l(-a)
    return False


_NUMS = [Fraction(k, 4) for k in range(-8, 9)]


@fact("001 Thm 5.4.12 (as printed)", "dead-ending", "for numbers, a > b mod E iff "
      "0 < a < b and l(a) <= l(b), or b < a < 0 and r(b) <= r(a)",
      "the positive case should read 0 < b < a (notes Part 4.3)")
def _numbers_printed() -> FactResult:
    for a in _NUMS:
        for b in _NUMS:
            want = _numbers_rule(a, b, printed=True)
            g, h = dyadic(a), dyadic(b)
            got = E.ge(g, h) and not E.ge(h, g)
            if got != want:
                w = None if got else _why_not(E, g, h)
                return _ok(False, f"{a} > {b} mod E is {got}, printed rule says {want}", w)
    return _ok(True, "rule holds on quarters in [-2, 2]")


@fact("001 Thm 5.4.12 (corrected)", "dead-ending", "for numbers, a > b mod E iff 0 < b < a and "
      "l(a) <= l(b), or b < a < 0 and r(b) <= r(a); equal only if identical; else incomparable")
def _numbers_corrected() -> FactResult:
    bad = []
    for a in _NUMS:
        for b in _NUMS:
            g, h = dyadic(a), dyadic(b)
            if (E.ge(g, h) and not E.ge(h, g)) != _numbers_rule(a, b, printed=False):
                bad.append(f"{a},{b}")
            if a != b and E.eq(g, h):
                bad.append(f"{a}={b}")
    return _ok(not bad, "order of quarters in [-2, 2] as stated" if not bad else ", ".join(bad))


@fact("001 Thm 5.4.5", "dead-ending", "every number is invertible mod E")
def _numbers_invertible() -> FactResult:
    nums = [Fraction(k, 8) for k in range(-16, 17)]
    bad = [str(a) for a in nums if not invertibility(dyadic(a), E).invertible]
    return _ok(not bad, "eighths in [-2, 2] all invertible" if not bad else ", ".join(bad))


@fact("001 §5.4", "dead-ending", "1/2 is not >= 3/4 mod E (from o(1/2 + conj(1/2)) = N, "
      "o(3/4 + conj(1/2)) = R)", "those outcomes show 3/4 is not >= 1/2 (notes Part 4.3)")
def _half_three_quarters() -> FactResult:
    a, b = dyadic(Fraction(1, 2)), dyadic(Fraction(3, 4))
    nb = conjugate(a)
    rel = E.compare(b, a)
    return _ok(not E.ge(a, b), f"3/4 {rel} 1/2 mod E; o(1/2-1/2) = {_o(a, nb)}, "
               f"o(3/4-1/2) = {_o(b, nb)}",
               None if E.ge(a, b) else "1/2 not >= 3/4: " + _why_not(E, a, b),
               "the stated outcomes witness 3/4 not >= 1/2 (X = conj(1/2)); the claim as printed "
               "is also true, with the witness shown")


@fact("001 Prop 5.5.1", "dead-ending", "X = {1|0} is a next-player win", "{1|0} is P "
      "(notes Part 4.4)")
def _one_zero() -> FactResult:
    o = outcome(P("{1|0}")).value
    return _ok(o == "N", f"o({{1|0}}) = {o}")


@fact("001 Prop 5.5.1", "dead-ending", "X = 1 distinguishes E + conj(E) from 0 (Left wins "
      "E + Eb + 1 moving first)", "o(E+Eb+1) = R = o(1) (notes Part 4.4)")
def _e_eb_one() -> FactResult:
    s, one, two = add(DAY2["E"], DAY2["Eb"]), integer(1), integer(2)
    ok = _o(s, one) != _o(one)
    return _ok(ok, f"o(E+Eb+1) = {_o(s, one)}, o(1) = {_o(one)}",
               None if ok else f"X = 2: o(E+Eb+2) = {_o(s, two)}, o(2) = {_o(two)}")


@fact("001 Prop 5.5.1", "dead-ending", "no day-2 dicot is invertible mod E")
def _day2_not_invertible_e() -> FactResult:
    out, ok = [], True
    for k, g in DAY2.items():
        if g in (ZERO, STAR):
            continue
        r = invertibility(g, E)
        ok &= not r.invertible
        if r.witness is not None:
            out.append(f"{k}: X={fmt(r.witness)}")
    return _ok(ok, "; ".join(out))


@fact("001 Lemma 5.5.2", "dead-ending", "{n1..nk | -n1..-nk} (n_i >= 0) is not invertible "
      "mod E: X = {n1..nk|} is R while G+G+X is P")
def _lemma_552() -> FactResult:
    bad = []
    for ns in [(0,), (1,), (2,), (1, 2), (0, 3), (1, 2, 3)]:
        g = intern([integer(n) for n in ns], [integer(-n) for n in ns])
        x = intern([integer(n) for n in ns], [])
        if not (_o(x) == "R" and _o(g, g, x) == "P" and not invertibility(g, E).invertible):
            bad.append(str(ns))
    return _ok(not bad, "all six examples" if not bad else ", ".join(bad))


@fact("001 Thm 5.5.3", "dead-ending", "zeros mod E, e.g. {-1|1}, {{|0,-1}|{0,1|}}, "
      "{-1,{|0,-2}|1}")
def _thm_553() -> FactResult:
    games = ["{-1|1}", "{{|0,-1}|{0,1|}}", "{-1,{|0,-2}|1}", "{{|0,-1}|1}",
             "{-1,{|0,-1}|1,{0,2|}}"]
    bad = [t for t in games if not E.eq(P(t), ZERO)]
    return _ok(not bad, "all = 0 mod E" if not bad else "not zero: " + ", ".join(bad))


@fact("004 Obs 3, Lemma 4", "dead-ending", "o(M_0) = N, o(M_n) = L (n >= 1); "
      "M_{n+1} <= M_n mod E for n >= 1", "fails for n = 0: M_1 = -1 and 0 are incomparable "
      "(algorithms.md §C.2)")
def _murders() -> FactResult:
    ms = [perfect_murder(n) for n in range(6)]
    outs = "".join(outcome(m).value for m in ms)
    chain = all(E.ge(ms[n], ms[n + 1]) for n in range(1, 5))
    return _ok(outs == "NLLLLL" and chain, f"outcomes {outs}; chain n=1..5 holds: {chain}; "
               f"M_0 vs M_1: {E.compare(ms[0], ms[1])}")


@fact("004 Thm 5", "dead-ending", "M_n <= X mod E for every nonzero dead Left end X born by day n")
def _thm5() -> FactResult:
    ends = [g for g in _dead_ends(3) if g != ZERO]
    bad = [fmt(x) for x in ends for n in range(birthday(x), 4)
           if not E.ge(x, perfect_murder(n))]
    return _ok(not bad, f"{len(ends)} nonzero dead Left ends born by day 3" +
               ("" if not bad else "; fails: " + ", ".join(bad)))


@fact("004 Thm 7, Def 9", "dead-ending", "strong outcome of * + * is P although o(*+*) = N")
def _strong() -> FactResult:
    s = add(STAR, STAR)
    return _ok(strong_outcome(s) == "P" and outcome(s).value == "N",
               f"strong outcome {strong_outcome(s)}, outcome {outcome(s).value}")


@fact("004 Thms 26, 28 (examples)", "dead-ending", "{*,0|1} = {-1,0|1}; {-1|1} = 0; "
      "{{*,0,1|-1}|{-1|0}} = {-2|{-1|0}} mod E (reduced forms)")
def _reductions_e() -> FactResult:
    cases = [("{*,0|1}", "{-1,0|1}"), ("{-1|1}", "0"), ("{{*,0,1|-1}|{-1|0}}", "{-2|{-1|0}}")]
    got = [fmt(E.reduce(P(a))) for a, _ in cases]
    return _ok(all(E.reduce(P(a)) == P(b) for a, b in cases), "; ".join(got))


@fact("001 §5.2 (count)", "dead-ending", "232 dead-ending forms are born by day 2")
def _count_e2() -> FactResult:
    return FactResult("computed", f"{len(E.born_by(2))} dead-ending values born by day 2 mod E")


# --- Partizan Kayles (001 §5.6, 000) -----------------------------------------------------------

_strips: list[GameId] = [ZERO]


def strip(n: int) -> GameId:
    """The Partizan Kayles strip ``S_n`` (Left removes 1 token, Right 2 adjacent)."""
    while len(_strips) <= n:
        k = len(_strips)
        _strips.append(intern([add(_strips[i], _strips[k - 1 - i]) for i in range(k)],
                              [add(_strips[i], _strips[k - 2 - i]) for i in range(k - 1)]))
    return _strips[n]


def _kayles_tests(squares: int) -> list[list[GameId]]:
    out: list[list[GameId]] = [[]]
    for total in range(1, squares + 1):
        for parts in _partitions(total):
            out.append([strip(p) for p in parts])
    return out


def _kname(x: list[GameId]) -> str:
    return " + ".join(f"S{_strips.index(s)}" for s in x) or "0"


def _partitions(n: int, most: Optional[int] = None) -> list[tuple[int, ...]]:
    most = n if most is None else most
    if n == 0:
        return [()]
    return [(k,) + rest for k in range(min(n, most), 0, -1) for rest in _partitions(n - k, k)]


def _k_equal(a: list[GameId], b: list[GameId], squares: int = 9) -> Optional[str]:
    for x in _kayles_tests(squares):
        if sum_outcome(a + x) != sum_outcome(b + x):
            return "X = " + _kname(x)
    return None


@fact("001 Fig 5.4, Cor 5.6.8", "kayles", "modulo K: S3 = S1+S2, S4 = 2S1+S2, S5 = S1+2S2, "
      "S1+S2 = 0")
def _kayles_fig54() -> FactResult:
    s = strip
    cases = [([s(3)], [s(1), s(2)]), ([s(4)], [s(1), s(1), s(2)]),
             ([s(5)], [s(1), s(2), s(2)]), ([s(1), s(2)], [])]
    bad = [w for a, b in cases if (w := _k_equal(a, b)) is not None]
    return _ok(not bad, "no test game of K with <= 9 squares distinguishes them"
               if not bad else "; ".join(bad), note="sample check modulo K (not a proof)")


@fact("001 §5.6", "kayles", "o(S_n) = N, R, P for n = 0, 1, 2 (mod 3)")
def _kayles_strips() -> FactResult:
    outs = "".join(outcome(strip(n)).value for n in range(16))
    return _ok(outs == "NRP" * 5 + "N", f"S0..S15: {outs}")


@fact("001 Cor 5.6.4", "kayles", "S2 > S1 + S1 modulo K (strict)")
def _kayles_s2() -> FactResult:
    s1, s2 = strip(1), strip(2)
    tests = _kayles_tests(9)
    up = all(sum_outcome([s2] + x) >= sum_outcome([s1, s1] + x) for x in tests)
    w = next((x for x in tests if sum_outcome([s2] + x) != sum_outcome([s1, s1] + x)), None)
    return _ok(up and w is not None, f"S2 >= 2S1 on all tests: {up}",
               None if w is None else "strict: X = " + _kname(w),
               "sample check modulo K (not a proof)")


@fact("001 Cor 5.6.8 vs E", "dead-ending", "S1 + S2 = 0 holds modulo K only: the closure is not "
      "conjugate-closed, and modulo E the inverse of S1 = 1 is conj(1) = -1, not S2")
def _kayles_e() -> FactResult:
    s = add(strip(1), strip(2))
    return _ok(not E.eq(s, ZERO), f"S1+S2 vs 0 mod E: {E.compare(s, ZERO)}",
               _why_not(E, s, ZERO) if not E.ge(s, ZERO) else _why_not(E, ZERO, s))


# --- impartial misère play (002 §6, §11) ------------------------------------------------------
# (appended by the impartial/alternating work: see misere.impartial and universes/alternating.py)

_HEAPS_0123: dict[int, GameId] = {}


def _heap_0123(n: int) -> GameId:
    """A heap of the octal game 0.123 as an impartial form (002 §11.3)."""
    if n not in _HEAPS_0123:
        opts = ([ZERO] if n == 1 else []) + ([_heap_0123(n - 2)] if n > 2 else []) + (
            [_heap_0123(n - 3)] if n >= 3 else [])
        _HEAPS_0123[n] = intern(opts, opts)
    return _HEAPS_0123[n]


@fact("002 §6.2, Fig 7", "impartial", "22 misère canonical forms are born by day 4 (the trees "
      "of Fig 7), and over 4 million by day 5")
def _impartial_counts() -> FactResult:
    import time

    from ..impartial import count_born_by

    counts = [count_born_by(d) for d in range(5)]
    start = time.perf_counter()
    n5 = count_born_by(5)
    took = time.perf_counter() - start
    return _ok(counts == [1, 2, 3, 5, 22] and n5 > 4_000_000,
               f"days 0-5: {', '.join(map(str, counts))}, {n5} (day 5 counted in {took:.2f} s)")


@fact("002 Fig 22", "impartial", "genera of 0.123 heaps 1-10: 1^031 0^120 2^20 2^20 1^031 0^02 "
      "0^120 2^1420 1^20 1^031, then period 5; P-positions 1, 5, 6, 10, 11, ...")
def _genus_0123() -> FactResult:
    from ..impartial import genus

    want = "1^{031} 0^{120} 2^{20} 2^{20} 1^{031} 0^{02} 0^{120} 2^{1420} 1^{20} 1^{031}".split()
    got = [str(genus(_heap_0123(n))) for n in range(1, 16)]
    ps = [n for n in range(1, 16) if genus(_heap_0123(n)).minus == 0]
    return _ok(got[:10] == want and got[10:] == want[5:] and ps == [1, 5, 6, 10, 11, 15],
               f"heaps 1-15: {' '.join(got)}; P at {ps}")


@fact("002 §11.4, Fig 23", "impartial", "genus(h8 + h5) = 3^0531 by mex with carrying; "
      "h8 + h3 = 0^420, h9 + h9 = 0^02")
def _genus_h8h5() -> FactResult:
    from ..impartial import genus

    h = _heap_0123
    got = [str(genus(add(h(8), h(5)))), str(genus(add(h(8), h(3)))), str(genus(add(h(9), h(9))))]
    return _ok(got == ["3^{0531}", "0^{420}", "0^{02}"], ", ".join(got))


@fact("002 Fig 20", "impartial", "nim heaps *0..*5 have the tame genera 0^120, 1^031, 2^20, "
      "3^31, 4^46, 5^57")
def _genus_nim() -> FactResult:
    from ..core.ops import nimber
    from ..impartial import genus

    got = [genus(nimber(n)) for n in range(6)]
    return _ok([str(x) for x in got] == ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}",
                                         "5^{57}"] and all(x.is_tame for x in got),
               " ".join(str(x) for x in got))


# --- alternating games (001 ch. 3) ---------------------------------------------------------------

@fact("001 §3.1 p. 19", "alternating", "the integer 1 = A = {0|.} is in L- and R+",
      erratum="inverted: A is in R- and L+ (Thm 3.2.6, Fig 3.2; notes thesis-ch1-3 §8.5)")
def _alt_a_outcomes() -> FactResult:
    from .alternating import ALT_A, outcome_pair

    om, on = outcome_pair(ALT_A)
    return _ok((om.value, on.value) == ("L", "R"), f"o-(A) = {om.value}, o+(A) = {on.value}",
               "X = 0: Left moving first in A must move to 0, where Right cannot move and wins")


@fact("001 Thm 3.2.10", "alternating", "o-(aA+bB+cC) is L, N, R as the tilt a+c is <0, =0, >0")
def _alt_tilt() -> FactResult:
    from .alternating import ALT_A, ALT_A_BAR, ALT_B, ALT_B_BAR, ALT_C, ALT_C_BAR, ends_outcome

    bad = []
    for a in range(-2, 3):
        for b in range(-2, 3):
            for c in range(-2, 3):
                parts = [ALT_A if a > 0 else ALT_A_BAR] * abs(a) + [
                    ALT_B if b > 0 else ALT_B_BAR] * abs(b) + [ALT_C if c > 0 else ALT_C_BAR] * abs(c)
                if sum_outcome(parts) != ends_outcome(a, b, c):
                    bad.append(f"({a},{b},{c})")
    return _ok(not bad, "all 125 sums with |a|,|b|,|c| <= 2 agree" if not bad else ", ".join(bad))


@fact("001 Thm 3.3.4", "alternating", "single alternating positions form 29 classes modulo A: "
      "11 in N-, 7 in L-, 7 in R-, 4 in P-, pairwise distinguishable")
def _alt_29() -> FactResult:
    from itertools import combinations_with_replacement

    from .alternating import CLASSES

    reps = [c.rep for c in CLASSES if c.rep != ZERO]
    tests = [[]] + [[r] for r in reps] + [list(p) for p in combinations_with_replacement(reps, 2)]
    sigs = {tuple(sum_outcome([c.rep] + t) for t in tests) for c in CLASSES}
    counts = {k: sum(1 for c in CLASSES if c.misere.value == k) for k in "NLRP"}
    return _ok(len(sigs) == 29 and counts == {"N": 11, "L": 7, "R": 7, "P": 4},
               f"{len(sigs)} distinct outcome signatures over {len(tests)} test sums; {counts}")


@fact("001 Thm 3.4.3B (item 2)", "alternating", "for G in R-, o-(G + X) is R when the tilt of X "
      "is >= 1", erratum="the restated item reads t >= 1; it holds for t >= 0 (notes §8.17)")
def _alt_343b() -> FactResult:
    from .alternating import CLASSES

    r_classes = [c for c in CLASSES if c.misere.value == "R"]
    ok = all(sum_outcome([c.rep]).value == "R" for c in r_classes)
    return FactResult("agree" if ok else "disagree",
                      f"all {len(r_classes)} R- classes are already R at tilt 0 (X = 0)",
                      note="the printed bound is weaker than the truth, not false")


@fact("001 Fig 3.1 (end of §3.5)", "alternating", "in Penny Nim L3 + R2 + S3 + S1 the winning "
      "move is to remove both coins of the stack of two",
      erratum="the only winning first move (either player) clears the sideways stack of three "
              "(notes thesis-ch1-3 §8.21)")
def _penny_fig31() -> FactResult:
    from ..core.table import left, right
    from .alternating import ALT_A, ALT_A_BAR, ALT_B, ALT_B_BAR

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
