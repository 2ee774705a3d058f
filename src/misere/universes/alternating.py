"""The alternating universe 𝒜: closure of alternating positions (Milley 001 ch. 3).

An *alternating* position (001 Def 3.1.1) never lets a player move twice in a row: every Left
option is a Left end, every Right option a Right end, recursively. They are not closed under
sums (``A + A = {A|·}`` lets Left move twice), so the universe is 𝒜 = cl(alternating), the
finite sums of alternating positions (001 §3.1). What the thesis proves and this module uses:

* alternating ends are classified by their outcome pair ``(o⁻, o⁺)`` into the seven classes
  ``0, ±A, ±B, ±C`` (Thm 3.2.6), ordered as in Fig. 3.4 (Thms 3.2.5, 3.2.8), and every end is
  invertible with inverse its conjugate (Thm 3.2.9); a sum of ends is ``aA + bB + cC`` with
  tilt ``a + c`` deciding its outcome (Thm 3.2.10), and 𝒜_e's monoid is ℤ (p. 30);
* single alternating positions fall into exactly 29 classes (Thm 3.3.4, Lemmas 3.3.1–3.3.3),
  pairwise distinguishable; ``classify`` follows the shared notes (thesis-ch1-3.md T3.25);
* one alternating position plus ends has the outcome of Thm 3.4.3;
* alternating positions outside P⁻ are invertible (Thm 3.4.5).

Membership: ``g`` is in 𝒜 iff it is a sum of alternating forms. Every summand of a form sum is
a follower of the sum (play the other summands down to 0), so :func:`components` searches the
followers of ``g``; it is complete and exact, and memoises what it finds.

Comparison: ``g ≥ h`` is answered ``True`` only from the theorems above (congruence with class
representatives, cancellation of invertible summands, the end order), from the complete order
of the 29 classes proved by proviso and maintenance (:mod:`.alternating_order`), or from general
misère play (Siegel 003: an inequality among all games holds in every universe; applied to the
class representatives), and ``False`` only with a distinguishing game (an end sum breaking the
proviso, or one found among 0, the 29 representatives and sums of two, for small games three,
of them), checked by exhaustive outcome search. All 29 × 29 ordered pairs of classes are decided
(245 relations ``≥``). A sum of two classes against one class is also decided by
:mod:`.alternating_sums` (descent and proviso-and-maintenance on such pairs): of the 12,615
queries ``R_i + R_j ≥ R_k``, 2,692 are proved and 9,923 refuted, the last three by a witness
with four non-end representatives (:func:`.alternating_sums.deep_witness`); other sums can still
raise :class:`UnsupportedError`: the thesis does not determine the monoid of 𝒜 (001 §3.6).

The classification data and outcome rules live in :mod:`misere.universes.alternating_classes`
and are re-exported here.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from ..core import cache
from ..core.notation import format_id
from ..core.ops import add, add_all, conjugate, followers, is_alternating
from ..core.outcome import sum_outcome
from ..core.table import ZERO, GameId, birthday, left, right
from ..errors import ComputationLimitError, NotInUniverseError, UnsupportedError
from .alternating_classes import (  # noqa: F401  (re-exported)
    ALT_A, ALT_A_BAR, ALT_B, ALT_B_BAR, ALT_C, ALT_C_BAR, ALT_D, CLASSES, AltClass, EndClass,
    class_of_rep, classes_born_by, classify, end_class, end_class_of_triple, end_ge,
    end_moves, ends_ge_zero, ends_outcome, outcome_pair, outcome_with_ends,
)
from .alternating_order import class_ge, class_order, proviso_witness
from .alternating_sums import class_sum_witness, deep_witness, sum_ge_class
from .base import Universe, find_universe, register

__all__ = [
    "AlternatingUniverse", "ALTERNATING", "EndClass", "AltClass", "ALT_A", "ALT_A_BAR", "ALT_B",
    "ALT_B_BAR", "ALT_C", "ALT_C_BAR", "ALT_D", "outcome_pair", "end_class", "end_triple",
    "tilt", "classify", "CLASSES", "components", "ends_outcome", "outcome_with_ends",
    "classes_born_by", "end_ge", "ends_ge_zero", "end_moves", "ends_monoid_element",
    "class_order", "class_ge", "proviso_witness",
]

# --- membership: sums of alternating forms ------------------------------------------------

_components = cache.table("alternating.components")
#: largest number of followers :func:`components` searches
MAX_FOLLOWERS = 4000


def components(g: GameId) -> tuple[GameId, ...] | None:
    """Alternating forms summing (as forms) to ``g``, or None when ``g`` is not in 𝒜.

    Examples
    --------
    >>> components(add(ALT_A, ALT_A)) == (ALT_A, ALT_A)
    True
    >>> from misere.core.table import intern
    >>> components(intern([ZERO, ALT_A], [])) is None        # {0, A | ·}
    True
    """
    if g in _components:
        return _components[g]
    if g == ZERO:
        return ()
    if is_alternating(g):
        _components[g] = (g,)
        return (g,)
    fol = [x for x in followers(g) if x != g and x != ZERO]
    if len(fol) > MAX_FOLLOWERS:
        raise ComputationLimitError(f"#{g} has {len(fol)} followers (limit {MAX_FOLLOWERS})")
    by_day: dict[int, list[GameId]] = {}
    for x in fol:
        by_day.setdefault(birthday(x), []).append(x)
    b, nl, nr = birthday(g), len(left(g)), len(right(g))
    found: tuple[GameId, ...] | None = None
    for h in sorted((x for x in fol if is_alternating(x)), key=birthday):
        for k in by_day.get(b - birthday(h), ()):
            lh, lk, rh, rk = len(left(h)), len(left(k)), len(right(h)), len(right(k))
            if not (max(lh, lk) <= nl <= lh + lk and max(rh, rk) <= nr <= rh + rk):
                continue
            if add(h, k) == g:
                rest = components(k)
                if rest is not None:
                    found = tuple(sorted((h,) + rest))
                    break
        if found:
            break
    _components[g] = found
    return found


def _sum_of(parts: list[GameId]) -> GameId:
    """The sum form of alternating parts, remembering its decomposition."""
    s = add_all(parts)
    _components.setdefault(s, tuple(sorted(p for p in parts if p != ZERO)))
    return s


def end_triple(g: GameId) -> tuple[int, int, int]:
    """``(a, b, c)`` with ``g ≡ aA + bB + cC`` mod 𝒜, for a sum of alternating ends (§3.2)."""
    comps = components(g)
    if comps is None or any(left(x) and right(x) for x in comps):
        raise UnsupportedError(f"#{g} is not a sum of alternating ends")
    a = b = c = 0
    for x in comps:
        da, db, dc = end_class(x).triple
        a, b, c = a + da, b + db, c + dc
    return a, b, c


def tilt(g: GameId) -> int:
    """``a + c`` for a sum of alternating ends (001 Def 3.4.1)."""
    a, _, c = end_triple(g)
    return a + c


def ends_monoid_element(g: GameId) -> int:
    """The element of the monoid of 𝒜_e (001 §3.2, p. 30) that a sum of alternating ends is.

    Modulo the closure of the alternating *ends*, ``B ≡ 0`` and ``C ≡ A`` (Cor 3.2.11), so every
    sum of ends is ``tilt · A`` and the monoid ``<0, A, Ā | A + Ā = 0>`` is ``(ℤ, +)``; its
    outcome partition is ``N = {0}``, ``R = {a ≥ 1}``, ``L = {a ≤ −1}``, ``P = ∅``.
    """
    return tilt(g)


# --- the universe ------------------------------------------------------------------------

Key = tuple[tuple[GameId, ...], tuple[int, int, int]]


def _key(comps: "tuple[GameId, ...] | list[GameId]") -> Key:
    """Class representatives of the non-end summands (invertible pairs G + Ḡ cancelled,
    Thm 3.4.5) and the end triple (Thm 3.2.9): equal keys mean equal modulo 𝒜."""
    a = b = c = 0
    nonends: Counter[GameId] = Counter()
    for x in comps:
        k = classify(x)
        if k.is_end:
            da, db, dc = end_class(k.rep).triple
            a, b, c = a + da, b + db, c + dc
        else:
            nonends[k.rep] += 1
    for rep in list(nonends):
        if not class_of_rep(rep).invertible:
            continue
        bar = classify(conjugate(rep)).rep
        pairs = min(nonends[rep], nonends[bar]) if bar != rep else nonends[rep] // 2
        nonends[rep] -= pairs
        nonends[bar] -= pairs
    return tuple(sorted(nonends.elements())), (a, b, c)


def _single_rep(comps: "tuple[GameId, ...] | list[GameId]") -> GameId | None:
    """The class representative of a sum that the congruence rules reduce to one of the 29
    classes (one non-end class and ends cancelling, or ends summing to one end class)."""
    nonends, triple = _key(comps)
    if not nonends:
        end = end_class_of_triple(triple)
        return end.rep if end is not None else None
    return nonends[0] if len(nonends) == 1 and triple == (0, 0, 0) else None


def _conj_comps(comps: tuple[GameId, ...]) -> list[GameId]:
    return [conjugate(x) for x in comps]


def _end_parts(a: int, b: int, c: int) -> list[GameId]:
    out: list[GameId] = []
    for k, pos, neg in ((a, ALT_A, ALT_A_BAR), (b, ALT_B, ALT_B_BAR), (c, ALT_C, ALT_C_BAR)):
        out += [pos if k > 0 else neg] * abs(k)
    return out


def _cancelled(cg: tuple[GameId, ...], ch: tuple[GameId, ...]) -> tuple[list[GameId], list[GameId]]:
    """Class representatives of ``g`` and ``h`` with common invertible summands cancelled and
    the ends of ``h`` moved (conjugated) to ``g``: ``g ≥ h`` iff ``g' ≥ h'`` (001 §2.1 p. 10)."""
    (ng, tg), (nh, th) = _key(cg), _key(ch)
    left_over, right_over = Counter(ng), Counter(nh)
    for rep in list(left_over):
        if class_of_rep(rep).invertible:
            k = min(left_over[rep], right_over[rep])
            left_over[rep] -= k
            right_over[rep] -= k
    ends = _end_parts(tg[0] - th[0], tg[1] - th[1], tg[2] - th[2])
    return sorted(left_over.elements()) + ends, sorted(right_over.elements())


def _label(g: GameId) -> str:
    """A member printed as the sum of its alternating components (the sum form itself can be
    exponentially long in print)."""
    comps = components(g)
    if comps is None:
        return f"#{g}"
    return " + ".join(format_id(x) for x in comps) or "0"


class AlternatingUniverse(Universe):
    """𝒜, the closure of the alternating positions (Milley 001 ch. 3)."""

    name = "alternating"
    aliases = ("a", "alt")
    description = "sums of alternating games (001 ch. 3): ends ≅ ℤ, 29 single-position classes"
    max_enumeration_day = 0

    def __init__(self) -> None:
        self._witness: dict[tuple[GameId, GameId], GameId | None] = cache.table("alternating.witness")
        tests: list[list[GameId]] = [[]] + [[c.rep] for c in CLASSES if c.rep != ZERO]
        reps = [c.rep for c in CLASSES if c.rep != ZERO]
        tests += [list(p) for p in combinations_with_replacement(reps, 2)]
        tests.sort(key=lambda t: (len(t), sum(birthday(x) for x in t)))
        self._tests = tests
        self._triple_tests: list[list[GameId]] = []

    def _triples(self) -> list[list[GameId]]:
        """Sums of three class representatives (needed for a few pairs of classes)."""
        if not self._triple_tests:
            reps = [c.rep for c in CLASSES if c.rep != ZERO]
            self._triple_tests = [list(p) for p in combinations_with_replacement(reps, 3)]
            self._triple_tests.sort(key=lambda t: sum(birthday(x) for x in t))
        return self._triple_tests

    def contains(self, g: GameId) -> bool:
        return components(g) is not None

    def _comps(self, g: GameId) -> tuple[GameId, ...]:
        c = components(g)
        if c is None:
            raise NotInUniverseError(f"{format_id(g)!r} is not in the alternating universe")
        return c

    def _search(self, g: GameId, h: GameId) -> GameId | None:
        """X among 0, the 29 representatives and sums of two (three, for small games) of them
        with o(g+X) ≱ o(h+X)."""
        key = (g, h)
        if key in self._witness:
            return self._witness[key]
        cg, ch = self._comps(g), self._comps(h)
        found = None
        for lg, lh in ((cg, ch), _cancelled(cg, ch)):
            rg, rh = _single_rep(lg), _single_rep(lh)
            t = proviso_witness(rg, rh) if rg is not None and rh is not None else None
            if t is not None and not sum_outcome(cg + tuple(_end_parts(*t))) >= sum_outcome(
                    ch + tuple(_end_parts(*t))):
                self._witness[key] = found = _sum_of(_end_parts(*t))
                return found
        tests = self._tests if len(cg) + len(ch) > 4 else self._tests + self._triples()
        for t in tests:
            if not sum_outcome(cg + tuple(t)) >= sum_outcome(ch + tuple(t)):
                found = _sum_of(t)
                break
        if found is None and len(cg) + len(ch) <= 3:  # three representatives plus small ends
            found = self._class_witness(cg, ch, class_sum_witness)
        if found is None and len(cg) == 2 and len(ch) == 1:  # four, shaped by maintenance
            found = self._class_witness(cg, ch, deep_witness)
        self._witness[key] = found
        return found

    def _class_witness(self, cg: tuple[GameId, ...], ch: tuple[GameId, ...],
                       search: Callable[[list[int], list[int]], Any]) -> GameId | None:
        """A class-level witness (:func:`.alternating_sums.class_sum_witness` or
        :func:`.alternating_sums.deep_witness`), checked on the forms by outcome search."""
        index = {c.rep: i for i, c in enumerate(CLASSES)}
        w = search([index[classify(x).rep] for x in cg], [index[classify(x).rep] for x in ch])
        if w is None:
            return None
        t = [CLASSES[i].rep for i in w[0]] + _end_parts(*w[1])
        if sum_outcome(cg + tuple(t)) >= sum_outcome(ch + tuple(t)):
            return None
        return _sum_of(t)

    def ge(self, g: GameId, h: GameId) -> bool:
        if g == h:
            return True
        cg, ch = self._comps(g), self._comps(h)
        if _key(cg) == _key(ch):
            return True
        # both sides one class (after cancelling common invertible summands): the complete
        # order of the 29 classes (proviso and maintenance, alternating_order)
        for lg, lh in ((cg, ch), _cancelled(cg, ch)):
            rg, rh = _single_rep(lg), _single_rep(lh)
            if rg is not None and rh is not None and class_ge(rg, rh):
                return True
        # a sum of two classes against one: descent, proviso and maintenance (alternating_sums)
        rh = _single_rep(ch)
        if rh is not None and len(cg) <= 2 and sum_ge_class([classify(x).rep for x in cg], rh, _single_rep):
            return True
        # cancellation by an invertible side (001 §2.1 p. 10): g ≥ h iff g + h̄ ≥ 0
        diff: Key | None = None
        if all(classify(x).invertible for x in ch):
            diff = _key(cg + tuple(_conj_comps(ch)))
            sign = 1
        elif all(classify(x).invertible for x in cg):
            diff = _key(ch + tuple(_conj_comps(cg)))
            sign = -1
        if diff is not None and not diff[0]:
            a, b, c = diff[1]
            if ends_ge_zero(a, b, c) if sign > 0 else ends_ge_zero(-a, -b, -c):
                return True
        # an inequality of general misère play holds modulo every universe (Siegel 003 Thm 5.3);
        # apply it to class representatives after cancelling invertible summands common to both
        # sides and moving all ends to the left (ends are invertible, Thm 3.2.9)
        general = find_universe("general")
        for lg, lh in (([classify(x).rep for x in cg], [classify(x).rep for x in ch]),
                       _cancelled(cg, ch)):
            if len(lg) <= 3 and len(lh) <= 3 and general.ge(_sum_of(lg), _sum_of(lh)):
                return True
        if self._search(g, h) is not None:
            return False
        raise UnsupportedError(
            f"001 ch. 3 gives no rule deciding {_label(g)} >= {_label(h)} modulo the "
            f"alternating universe, general misère play does not decide it, and no "
            f"distinguishing game was found among sums of up to three class representatives "
            f"(four, for a sum of two against one)"
        )

    def reduce(self, g: GameId) -> GameId:
        """The class representative of a single alternating position (001 Thm 3.3.4), or of a
        sum that the congruence rules reduce to one class (e.g. ``G + A + Ā``)."""
        comps = self._comps(g)
        if len(comps) <= 1:
            return classify(g).rep if comps else ZERO
        rep = _single_rep(comps)
        if rep is not None:
            return rep
        raise UnsupportedError(
            "a unique reduced form modulo the alternating universe is known only for single "
            "alternating positions and sums of ends equal to one end (001 §3.2–3.3); "
            "the monoid of all sums is open (001 §3.6)"
        )

    def witness(self, g: GameId, h: GameId) -> GameId:
        x = self._search(g, h)
        if x is None:
            raise UnsupportedError(
                f"no distinguishing game found for {_label(g)} and {_label(h)} among sums of "
                f"class representatives")
        return x

    def born_by(self, n: int) -> list[GameId]:
        raise UnsupportedError(
            "values born by day n modulo the alternating universe include sums, which 001 ch. 3 "
            "does not classify (001 §3.6); use "
            "misere.universes.alternating.classes_born_by for single alternating positions"
        )


ALTERNATING = register(AlternatingUniverse())
