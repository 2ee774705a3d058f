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
representatives, cancellation of invertible summands, the end order) or from general misère
play (Siegel 003: an inequality among all games holds in every universe; applied to the class
representatives), and ``False`` only with a distinguishing game found among 0, the 29
representatives and sums of two (for small games three) of them, checked by exhaustive outcome
search. Anything else raises :class:`UnsupportedError`: the thesis does not determine the order
or the monoid of 𝒜 (001 §3.6). Among the 29 × 29 ordered pairs of classes, 75 stay undecided.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, combinations_with_replacement

from ..core import cache
from ..core.notation import format_id, parse_id
from ..core.ops import add, add_all, conjugate, followers, is_alternating
from ..core.outcome import Outcome, outcome, sum_outcome
from ..core.table import ZERO, GameId, birthday, intern, left, right
from ..errors import ComputationLimitError, NotInUniverseError, UnsupportedError
from .base import Universe, find_universe, register

__all__ = [
    "AlternatingUniverse", "ALTERNATING", "EndClass", "AltClass", "ALT_A", "ALT_A_BAR", "ALT_B",
    "ALT_B_BAR", "ALT_C", "ALT_C_BAR", "ALT_D", "outcome_pair", "end_class", "end_triple",
    "tilt", "classify", "CLASSES", "components", "ends_outcome", "outcome_with_ends",
    "classes_born_by", "end_ge", "ends_ge_zero", "end_moves", "ends_monoid_element",
]

ALT_A: GameId = intern([ZERO], [])
ALT_A_BAR: GameId = conjugate(ALT_A)
ALT_B: GameId = intern([ZERO, ALT_A_BAR], [])
ALT_B_BAR: GameId = conjugate(ALT_B)
ALT_C: GameId = intern([ALT_B_BAR], [])
ALT_C_BAR: GameId = conjugate(ALT_C)
ALT_D: GameId = intern([ZERO, ALT_A_BAR], [ZERO, ALT_A])
_NAMES = {"A": ALT_A, "B": ALT_B, "C": ALT_C, "D": ALT_D}

O = Outcome


class EndClass(Enum):
    """The seven classes of alternating ends modulo 𝒜 (001 Thm 3.2.6), with ``(a, b, c)``."""

    ZERO = "0", (0, 0, 0), ZERO
    A = "A", (1, 0, 0), ALT_A
    A_BAR = "~A", (-1, 0, 0), ALT_A_BAR
    B = "B", (0, 1, 0), ALT_B
    B_BAR = "~B", (0, -1, 0), ALT_B_BAR
    C = "C", (0, 0, 1), ALT_C
    C_BAR = "~C", (0, 0, -1), ALT_C_BAR

    def __init__(self, label: str, triple: tuple[int, int, int], rep: GameId) -> None:
        self.label = label
        self.triple = triple
        self.rep = rep

    @property
    def tilt(self) -> int:
        """``a + c`` (001 Def 3.4.1)."""
        return self.triple[0] + self.triple[2]

    def __str__(self) -> str:
        return self.label


#: (o⁻, o⁺) of an alternating end -> its class (001 Thm 3.2.6, Fig. 3.2)
_END_BY_PAIR = {
    (O.R, O.L): EndClass.A, (O.N, O.L): EndClass.B, (O.R, O.P): EndClass.C,
    (O.N, O.P): EndClass.ZERO, (O.L, O.R): EndClass.A_BAR, (O.N, O.R): EndClass.B_BAR,
    (O.L, O.P): EndClass.C_BAR,
}
_BY_TRIPLE = {e.triple: e for e in EndClass}


def _end_order() -> set[tuple[EndClass, EndClass]]:
    """Pairs ``(x, y)`` with ``x ≥ y`` mod 𝒜: Fig. 3.4 (Thms 3.2.5, 3.2.8), transitively closed."""
    E = EndClass
    rel = {(x, x) for x in E} | {
        (E.A, E.C), (E.B, E.A), (E.ZERO, E.C), (E.B, E.ZERO),
        (E.A_BAR, E.B_BAR), (E.C_BAR, E.A_BAR), (E.ZERO, E.B_BAR), (E.C_BAR, E.ZERO),
    }
    while True:
        more = {(x, z) for (x, y) in rel for (y2, z) in rel if y == y2} - rel
        if not more:
            return rel
        rel |= more


_END_GE = _end_order()


def end_ge(x: EndClass, y: EndClass) -> bool:
    """Is ``x ≥ y`` modulo 𝒜 one of the end relations proved in 001 §3.2 (Fig. 3.4)?"""
    return (x, y) in _END_GE


def ends_ge_zero(a: int, b: int, c: int) -> bool:
    """Is ``aA + bB + cC ≥ 0`` mod 𝒜 a consequence of the end order (Fig. 3.4)?

    The relations ``B ≥ 0``, ``0 ≥ C``, ``A ≥ C`` and ``B ≥ A`` (and their conjugates) give,
    with invertibility of ends (Thm 3.2.9), the cone of sums ``pB − qC + r(A − C) + s(B − A)``
    with ``p, q, r, s ≥ 0``: exactly ``b ≥ 0``, ``c ≤ 0``, ``a + b ≥ 0`` and ``a + c ≤ 0``.

    Examples
    --------
    >>> ends_ge_zero(1, 0, -1), ends_ge_zero(1, 0, 0), ends_ge_zero(0, 1, 0)
    (True, False, True)
    """
    return b >= 0 and c <= 0 and a + b >= 0 and a + c <= 0


def outcome_pair(g: GameId) -> tuple[Outcome, Outcome]:
    """``(o⁻(g), o⁺(g))``, the thesis's way of sorting positions (001 §3.1)."""
    return outcome(g), outcome(g, normal=True)


def end_class(g: GameId) -> EndClass:
    """The class of an alternating end modulo 𝒜, read from its outcome pair (001 Thm 3.2.6).

    Examples
    --------
    >>> str(end_class(parse_id("{~A,~B|}", _NAMES))), str(end_class(ALT_C))
    ('0', 'C')
    """
    if left(g) and right(g) or not is_alternating(g):
        raise NotInUniverseError(f"#{g} is not an alternating end")
    return _END_BY_PAIR[outcome_pair(g)]


@dataclass(frozen=True)
class AltClass:
    """One of the 29 classes of single alternating positions modulo 𝒜 (001 Thm 3.3.4)."""

    number: int  #: position in the table of 001 §3.3 (shared notes T3.19)
    name: str  #: ASCII name, e.g. ``{~C|0,A}``
    rep: GameId  #: the representative form
    misere: Outcome  #: o⁻ of the class
    normal: Outcome  #: o⁺ of the representative

    @property
    def is_end(self) -> bool:
        return not left(self.rep) or not right(self.rep)

    @property
    def invertible(self) -> bool:
        """``G + Ḡ ≡ 0`` mod 𝒜 (Thms 3.2.9, 3.4.5): exactly the classes outside P⁻."""
        return self.misere != O.P

    def __str__(self) -> str:
        return self.name


_CLASS_NAMES = (
    "{~C|C}", "{~C|0,A}", "{~C|A}", "{~C|0}", "{~C|B}", "{0,~A|C}", "{0,~A|0,A}", "{0,~A|A}",
    "B", "{0,~A|0}", "{0,~A|B}", "{~A|C}", "{~A|0,A}", "{~A|0}", "~B", "0", "~A", "~C",
    "{0|C}", "{0|0,A}", "{0|A}", "A", "*", "{0|B}", "{~B|C}", "{~B|0,A}", "C", "{~B|0}",
    "{~B|B}",
)
CLASSES: tuple[AltClass, ...] = tuple(
    AltClass(i + 1, name, rep, *outcome_pair(rep))
    for i, (name, rep) in enumerate((n, parse_id(n, _NAMES)) for n in _CLASS_NAMES)
)
_CLASS_BY_REP = {c.rep: c for c in CLASSES}

_LEFT_ORDER = {EndClass.C_BAR: 3, EndClass.A_BAR: 2, EndClass.ZERO: 2, EndClass.B_BAR: 1}
_RIGHT_ORDER = {EndClass.C: 3, EndClass.A: 2, EndClass.ZERO: 2, EndClass.B: 1}
_SPECIAL = {  # Lemma 3.3.2 ({~A|A} = A + ~A), Lemma 3.3.3
    (EndClass.A_BAR, EndClass.A): EndClass.ZERO,
    (EndClass.B_BAR, EndClass.A): EndClass.C,
    (EndClass.A_BAR, EndClass.B): EndClass.C_BAR,
}
_classify = cache.table("alternating.classify")


def _antichain(classes: set[EndClass], rank: dict[EndClass, int]) -> list[EndClass]:
    """Undominated end classes of one side (Lemma 3.3.1): rank 3 absorbs all, rank 1 is
    dominated by anything of rank 2, and the two rank-2 classes are incomparable."""
    top = max(rank[c] for c in classes)
    return sorted((c for c in classes if rank[c] == top), key=lambda c: c.label)


def classify(g: GameId) -> AltClass:
    """The class of a single alternating position among the 29 of 001 Thm 3.3.4.

    Ends by outcome pair (Thm 3.2.6); otherwise each option is replaced by its end class,
    dominated ones are dropped (Lemma 3.3.1) and ``{~A|A} ≡ 0``, ``{~B|A} ≡ C``,
    ``{~A|B} ≡ ~C`` (Lemmas 3.3.2–3.3.3). Shared notes thesis-ch1-3.md T3.25.

    Examples
    --------
    >>> str(classify(parse_id("{0,~A,~B|A,B}", _NAMES)))
    '{0,~A|A}'
    """
    r = _classify.get(g)
    if r is not None:
        return r
    if not is_alternating(g):
        raise NotInUniverseError(f"#{g} is not an alternating position")
    if not left(g) or not right(g):
        r = _CLASS_BY_REP[end_class(g).rep]
    else:
        lc = _antichain({end_class(x) for x in left(g)}, _LEFT_ORDER)
        rc = _antichain({end_class(y) for y in right(g)}, _RIGHT_ORDER)
        special = _SPECIAL.get((lc[0], rc[0])) if len(lc) == 1 and len(rc) == 1 else None
        rep = special.rep if special else intern([c.rep for c in lc], [c.rep for c in rc])
        r = _CLASS_BY_REP[rep]
    _classify[g] = r
    return r


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


def end_moves(a: int, b: int, c: int, left_moves: bool) -> list[tuple[int, int, int]]:
    """The moves of ``aA + bB + cC`` up to equivalence (001 Fig. 3.5; notes §2.8).

    Left: ``A → 0``; ``B → 0`` or ``B → Ā``; ``C → B̄``. Right: the conjugate moves.

    Examples
    --------
    >>> end_moves(1, 1, 1, True)
    [(0, 1, 1), (1, 0, 1), (0, 0, 1), (1, 0, 0)]
    """
    if not left_moves:
        return [(-x, -y, -z) for x, y, z in end_moves(-a, -b, -c, True)]
    out = []
    if a > 0:
        out.append((a - 1, b, c))
    if b > 0:
        out += [(a, b - 1, c), (a - 1, b - 1, c)]
    if c > 0:
        out.append((a, b - 1, c - 1))
    return out


def ends_monoid_element(g: GameId) -> int:
    """The element of the monoid of 𝒜_e (001 §3.2, p. 30) that a sum of alternating ends is.

    Modulo the closure of the alternating *ends*, ``B ≡ 0`` and ``C ≡ A`` (Cor 3.2.11), so every
    sum of ends is ``tilt · A`` and the monoid ``<0, A, Ā | A + Ā = 0>`` is ``(ℤ, +)``; its
    outcome partition is ``N = {0}``, ``R = {a ≥ 1}``, ``L = {a ≤ −1}``, ``P = ∅``.
    """
    return tilt(g)


def ends_outcome(a: int, b: int, c: int) -> Outcome:
    """o⁻(aA + bB + cC): L, N or R as the tilt ``a + c`` is < 0, = 0, > 0 (001 Thm 3.2.10)."""
    t = a + c
    return O.L if t < 0 else O.N if t == 0 else O.R


def outcome_with_ends(o: Outcome, a: int, b: int, c: int) -> Outcome:
    """o⁻(G + aA + bB + cC) for one alternating G with ``o⁻(G) = o`` (001 Thm 3.4.3).

    Examples
    --------
    >>> str(outcome_with_ends(Outcome.P, 0, 1, 0)), str(outcome_with_ends(Outcome.R, -1, 0, 0))
    ('L', 'N')
    """
    t = a + c
    if t < -1:
        return O.L
    if t > 1:
        return O.R
    if o == O.L:
        return O.L if t <= 0 else O.N
    if o == O.N:
        return O.L if t < 0 else O.N if t == 0 else O.R
    if o == O.R:
        return O.N if t == -1 else O.R
    if t == -1:
        return O.L if b > c else O.N
    if t == 1:
        return O.R if b < c else O.N
    return O.L if b > c else O.P if b == c else O.R


# --- enumeration of classes --------------------------------------------------------------

def _subsets(xs: list[GameId]) -> list[tuple[GameId, ...]]:
    return [s for k in range(len(xs) + 1) for s in combinations(xs, k)]


def classes_born_by(n: int) -> list[AltClass]:
    """The classes (of the 29) containing an alternating form of formal birthday ≤ ``n``.

    Only the end classes of options matter, so each day is built from the end classes
    available the day before.

    Examples
    --------
    >>> [len(classes_born_by(d)) for d in range(5)]
    [1, 4, 13, 20, 29]
    """
    lefts, rights = [ZERO], [ZERO]
    found = {ZERO}
    for _ in range(n):
        found = {classify(intern(a, b)).rep for a in _subsets(lefts) for b in _subsets(rights)}
        lefts, rights = (sorted({end_class(intern((), b)).rep for b in _subsets(rights)}),
                         sorted({end_class(intern(a, ())).rep for a in _subsets(lefts)}))
    return sorted((_CLASS_BY_REP[r] for r in found), key=lambda c: c.number)


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
        if not _CLASS_BY_REP[rep].invertible:
            continue
        bar = classify(conjugate(rep)).rep
        pairs = min(nonends[rep], nonends[bar]) if bar != rep else nonends[rep] // 2
        nonends[rep] -= pairs
        nonends[bar] -= pairs
    return tuple(sorted(nonends.elements())), (a, b, c)


def _conj_comps(comps: tuple[GameId, ...]) -> list[GameId]:
    return [conjugate(x) for x in comps]


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
            raise NotInUniverseError(f"#{g} is not in the alternating universe")
        return c

    def _search(self, g: GameId, h: GameId) -> GameId | None:
        """X among 0, the 29 representatives and sums of two (three, for small games) of them
        with o(g+X) ≱ o(h+X)."""
        key = (g, h)
        if key in self._witness:
            return self._witness[key]
        cg, ch = self._comps(g), self._comps(h)
        found = None
        tests = self._tests if len(cg) + len(ch) > 4 else self._tests + self._triples()
        for t in tests:
            if not sum_outcome(cg + tuple(t)) >= sum_outcome(ch + tuple(t)):
                found = _sum_of(t)
                break
        self._witness[key] = found
        return found

    def ge(self, g: GameId, h: GameId) -> bool:
        if g == h:
            return True
        cg, ch = self._comps(g), self._comps(h)
        if _key(cg) == _key(ch):
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
        # an inequality of general misère play holds modulo every universe (Siegel 003 Thm 5.3),
        # and each summand may be replaced by its class representative (congruence)
        if len(cg) <= 2 and len(ch) <= 2 and find_universe("general").ge(
                _sum_of([classify(x).rep for x in cg]), _sum_of([classify(x).rep for x in ch])):
            return True
        if self._search(g, h) is not None:
            return False
        raise UnsupportedError(
            f"001 ch. 3 gives no rule deciding {format_id(g)} >= {format_id(h)} modulo the "
            f"alternating universe, general misère play does not decide it, and no "
            f"distinguishing game was found among sums of up to three class representatives"
        )

    def reduce(self, g: GameId) -> GameId:
        """The class representative of a single alternating position (001 Thm 3.3.4)."""
        comps = self._comps(g)
        if len(comps) <= 1:
            return classify(g).rep if comps else ZERO
        nonends, (a, b, c) = _key(comps)
        if not nonends and (a, b, c) in _BY_TRIPLE:
            return _BY_TRIPLE[(a, b, c)].rep
        raise UnsupportedError(
            "a unique reduced form modulo the alternating universe is known only for single "
            "alternating positions and sums of ends equal to one end (001 §3.2–3.3); "
            "the monoid of all sums is open (001 §3.6)"
        )

    def witness(self, g: GameId, h: GameId) -> GameId:
        x = self._search(g, h)
        if x is None:
            raise UnsupportedError(f"no distinguishing game found for #{g} and #{h}")
        return x

    def born_by(self, n: int) -> list[GameId]:
        raise UnsupportedError(
            "values born by day n modulo the alternating universe include sums, which 001 ch. 3 "
            "does not classify (001 §3.6); use "
            "misere.universes.alternating.classes_born_by for single alternating positions"
        )


ALTERNATING = register(AlternatingUniverse())
