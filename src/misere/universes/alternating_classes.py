"""Alternating games (Milley 001 ch. 3): named games, ends, the 29 classes, outcome rules.

The data and theorems of 001 §3.2–§3.4 used by :mod:`misere.universes.alternating`:
the named games ``A, B, C, D`` and conjugates (List of Symbols, §3.2), the seven classes of
alternating ends by outcome pair (Thm 3.2.6) and their order (Fig. 3.4; Thms 3.2.5, 3.2.8),
the 29 classes of single alternating positions (Thm 3.3.4; ``classify`` as in the shared notes
thesis-ch1-3.md T3.25), the moves on ``(a, b, c)`` (Fig. 3.5), and the outcome rules of
Thm 3.2.10 (sums of ends) and Thm 3.4.3 (one position plus ends). Identifiers avoid the thesis's
clash between the universe 𝒜 and the game A: the games are ``ALT_A`` etc.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from ..core import cache
from ..core.notation import parse_id
from ..core.ops import conjugate, is_alternating
from ..core.outcome import Outcome, outcome
from ..core.table import ZERO, GameId, intern, left, right
from ..errors import NotInUniverseError

__all__ = [
    "EndClass", "AltClass", "ALT_A", "ALT_A_BAR", "ALT_B", "ALT_B_BAR", "ALT_C", "ALT_C_BAR",
    "ALT_D", "outcome_pair", "end_class", "classify", "CLASSES", "ends_outcome",
    "outcome_with_ends", "classes_born_by", "end_ge", "ends_ge_zero", "end_moves",
    "class_of_rep", "end_class_of_triple",
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
        """Whether the class's representative is an end (some player has no move)."""
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


def class_of_rep(rep: GameId) -> AltClass:
    """The class whose representative is ``rep``."""
    return _CLASS_BY_REP[rep]


def end_class_of_triple(t: tuple[int, int, int]) -> "EndClass | None":
    """The end class with ``(a, b, c) = t``, if ``t`` is one of the seven."""
    return _BY_TRIPLE.get(t)


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
