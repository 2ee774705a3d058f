"""Checks of the facts about dead-ending games (001 ch. 5, 004) and Partizan Kayles (001 §5.6, 000).

Each function recomputes one fact of ``facts.toml`` (its ``check`` names it) and returns a
:class:`FactResult`."""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ...core.ops import (
    STAR, add, conjugate, dyadic, integer, is_dead_left_end,
)
from ...core.outcome import outcome, sum_outcome
from ...core.table import ZERO, GameId, birthday, intern
from ..base import antichains
from ..dead_ending import perfect_murder, strong_outcome
from ..invertibility import invertibility
from .registry import FactResult, check

from ._common import DAY2, E, P, _o, _ok, _why_not, fmt


# --- ℰ: 001 ch. 5 and 004 ----------------------------------------------------------------------

@check("star_star_e")
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


@check("ends_invertible")
def _ends_invertible() -> FactResult:
    ends = _dead_ends(3)
    games = ends + [conjugate(g) for g in ends] + [integer(n) for n in range(-4, 5)]
    bad = [fmt(g) for g in games if not invertibility(g, E).invertible]
    return _ok(not bad, f"{len(set(games))} dead ends born by day 3 and integers -4..4: "
               + ("all invertible" if not bad else "not: " + ", ".join(bad)))


@check("integers")
def _integers() -> FactResult:
    ints = [integer(n) for n in range(-3, 4)]
    bad = [(fmt(a), fmt(b)) for a in ints for b in ints if a != b and E.ge(a, b)]
    return _ok(not bad, "integers -3..3 pairwise incomparable" if not bad else f"comparable {bad}")


@check("zero_one")
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


@check("numbers_printed")
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


@check("numbers_corrected")
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


@check("numbers_invertible")
def _numbers_invertible() -> FactResult:
    nums = [Fraction(k, 8) for k in range(-16, 17)]
    bad = [str(a) for a in nums if not invertibility(dyadic(a), E).invertible]
    return _ok(not bad, "eighths in [-2, 2] all invertible" if not bad else ", ".join(bad))


@check("half_three_quarters")
def _half_three_quarters() -> FactResult:
    a, b = dyadic(Fraction(1, 2)), dyadic(Fraction(3, 4))
    nb = conjugate(a)
    rel = E.compare(b, a)
    return _ok(not E.ge(a, b), f"3/4 {rel} 1/2 mod E; o(1/2-1/2) = {_o(a, nb)}, "
               f"o(3/4-1/2) = {_o(b, nb)}",
               None if E.ge(a, b) else "1/2 not >= 3/4: " + _why_not(E, a, b),
               "the stated outcomes witness 3/4 not >= 1/2 (X = conj(1/2)); the claim as printed "
               "is also true, with the witness shown")


@check("one_zero")
def _one_zero() -> FactResult:
    o = outcome(P("{1|0}")).value
    return _ok(o == "N", f"o({{1|0}}) = {o}")


@check("e_eb_one")
def _e_eb_one() -> FactResult:
    s, one, two = add(DAY2["E"], DAY2["Eb"]), integer(1), integer(2)
    ok = _o(s, one) != _o(one)
    return _ok(ok, f"o(E+Eb+1) = {_o(s, one)}, o(1) = {_o(one)}",
               None if ok else f"X = 2: o(E+Eb+2) = {_o(s, two)}, o(2) = {_o(two)}")


@check("day2_not_invertible_e")
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


@check("lemma_552")
def _lemma_552() -> FactResult:
    bad = []
    for ns in [(0,), (1,), (2,), (1, 2), (0, 3), (1, 2, 3)]:
        g = intern([integer(n) for n in ns], [integer(-n) for n in ns])
        x = intern([integer(n) for n in ns], [])
        if not (_o(x) == "R" and _o(g, g, x) == "P" and not invertibility(g, E).invertible):
            bad.append(str(ns))
    return _ok(not bad, "all six examples" if not bad else ", ".join(bad))


@check("thm_553")
def _thm_553() -> FactResult:
    games = ["{-1|1}", "{{|0,-1}|{0,1|}}", "{-1,{|0,-2}|1}", "{{|0,-1}|1}",
             "{-1,{|0,-1}|1,{0,2|}}"]
    bad = [t for t in games if not E.eq(P(t), ZERO)]
    return _ok(not bad, "all = 0 mod E" if not bad else "not zero: " + ", ".join(bad))


@check("murders")
def _murders() -> FactResult:
    ms = [perfect_murder(n) for n in range(6)]
    outs = "".join(outcome(m).value for m in ms)
    chain = all(E.ge(ms[n], ms[n + 1]) for n in range(1, 5))
    return _ok(outs == "NLLLLL" and chain, f"outcomes {outs}; chain n=1..5 holds: {chain}; "
               f"M_0 vs M_1: {E.compare(ms[0], ms[1])}")


@check("thm5")
def _thm5() -> FactResult:
    ends = [g for g in _dead_ends(3) if g != ZERO]
    bad = [fmt(x) for x in ends for n in range(birthday(x), 4)
           if not E.ge(x, perfect_murder(n))]
    return _ok(not bad, f"{len(ends)} nonzero dead Left ends born by day 3" +
               ("" if not bad else "; fails: " + ", ".join(bad)))


@check("strong")
def _strong() -> FactResult:
    s = add(STAR, STAR)
    return _ok(strong_outcome(s) == "P" and outcome(s).value == "N",
               f"strong outcome {strong_outcome(s)}, outcome {outcome(s).value}")


@check("reductions_e")
def _reductions_e() -> FactResult:
    cases = [("{*,0|1}", "{-1,0|1}"), ("{-1|1}", "0"), ("{{*,0,1|-1}|{-1|0}}", "{-2|{-1|0}}")]
    got = [fmt(E.reduce(P(a))) for a, _ in cases]
    return _ok(all(E.reduce(P(a)) == P(b) for a, b in cases), "; ".join(got))


@check("count_e2")
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


@check("kayles_fig54")
def _kayles_fig54() -> FactResult:
    s = strip
    cases = [([s(3)], [s(1), s(2)]), ([s(4)], [s(1), s(1), s(2)]),
             ([s(5)], [s(1), s(2), s(2)]), ([s(1), s(2)], [])]
    bad = [w for a, b in cases if (w := _k_equal(a, b)) is not None]
    return _ok(not bad, "no test game of K with <= 9 squares distinguishes them"
               if not bad else "; ".join(bad), note="sample check modulo K (not a proof)")


@check("kayles_strips")
def _kayles_strips() -> FactResult:
    outs = "".join(outcome(strip(n)).value for n in range(16))
    return _ok(outs == "NRP" * 5 + "N", f"S0..S15: {outs}")


@check("kayles_s2")
def _kayles_s2() -> FactResult:
    s1, s2 = strip(1), strip(2)
    tests = _kayles_tests(9)
    up = all(sum_outcome([s2] + x) >= sum_outcome([s1, s1] + x) for x in tests)
    w = next((x for x in tests if sum_outcome([s2] + x) != sum_outcome([s1, s1] + x)), None)
    return _ok(up and w is not None, f"S2 >= 2S1 on all tests: {up}",
               None if w is None else "strict: X = " + _kname(w),
               "sample check modulo K (not a proof)")


@check("kayles_e")
def _kayles_e() -> FactResult:
    s = add(strip(1), strip(2))
    return _ok(not E.eq(s, ZERO), f"S1+S2 vs 0 mod E: {E.compare(s, ZERO)}",
               _why_not(E, s, ZERO) if not E.ge(s, ZERO) else _why_not(E, ZERO, s))
