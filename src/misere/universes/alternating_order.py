"""The order of the 29 classes of single alternating positions modulo 𝒜, decided completely.

001 ch. 3 orders the alternating *ends* (Fig. 3.4) and proves the 29 classes distinct
(Thm 3.3.4), but gives no order on the non-end classes. This module proves every "≥" between
two classes with one sufficient condition, the *proviso and maintenance* test, and the caller
(:mod:`misere.universes.alternating`) finds a verified distinguishing game for every other pair.
Together they decide all 29 × 29 ordered pairs: 245 relations ``G ≥ H`` (29 of them ``G = G``),
596 pairs with a witness.

**The rule** (the sufficiency half of Larsson–Nowakowski–Santos, *Absolute combinatorial game
theory*, Thm "basic order-preservation"; that paper states it for absolute universes, but the
proof below uses only that 𝒰 is closed under followers). Let 𝒰 be closed under followers and
let ``R`` be a set of pairs of forms of 𝒰 such that every ``(G, H) ∈ R`` satisfies

* *proviso*: ``o_L(G+X) ≥ o_L(H+X)`` for every left end ``X ∈ 𝒰`` and ``o_R(G+X) ≥ o_R(H+X)``
  for every right end ``X ∈ 𝒰`` (``o_L``/``o_R``: the winner when Left/Right moves first);
* *maintenance*: for every ``H^L`` there is ``G^L`` with ``(G^L, H^L) ∈ R`` or ``H^{LR}`` with
  ``(G, H^{LR}) ∈ R``; for every ``G^R`` there is ``H^R`` with ``(G^R, H^R) ∈ R`` or ``G^{RL}``
  with ``(G^{RL}, H) ∈ R``.

Then ``G ≥ H`` (mod 𝒰) for every ``(G, H) ∈ R``. *Proof*, by induction on
``b(G) + b(H) + b(X)`` that Left wins ``G+X`` whenever she wins ``H+X`` (for either first
player). Left first: if ``X`` is a left end the proviso says so. Otherwise Left's winning move
in ``H+X`` is to ``H+X^L`` (play ``G+X^L``, induction on ``X``), or to ``H^L+X``: if
``(G^L, H^L) ∈ R`` play ``G^L+X`` (induction); if ``(G, H^{LR}) ∈ R``, Left wins
``H^{LR}+X`` moving first (it is a Right option of the won ``H^L+X``), so by induction she wins
``G+X`` moving first. Right first: if ``X`` is a right end and ``G`` too, the proviso says so;
a Right move to ``G+X^R`` is met by induction, one to ``G^R+X`` by ``(G^R, H^R) ∈ R``
(Left wins ``H^R+X`` first, hence ``G^R+X``) or by answering ``G^{RL}+X`` with
``(G^{RL}, H) ∈ R``. ∎ So the greatest set ``R`` with both properties is sound.

**Deciding the proviso in 𝒜.** A left end of 𝒜 is a sum of alternating left ends, each ≡ 0,
Ā, B̄ or C̄ (001 Thm 3.2.6), so it is ≡ ``aA + bB + cC`` with ``a, b, c ≤ 0`` (right ends:
``≥ 0``). For a single alternating position ``G``, ``o⁻(G + aA + bB + cC)`` is given by 001
Thm 3.4.3 from ``o⁻(G)``, the tilt ``t = a + c`` (only ``t ≤ −2, −1, 0, 1, ≥ 2`` matter) and
the sign of ``b − c``; every realisable combination of these with ``a, b, c ≤ 0`` occurs in the
box ``[−3, 0]³`` (and with ``a, b, c ≥ 0`` in ``[0, 3]³``), so checking the box decides the
proviso exactly. Maintenance uses the class representatives of :data:`CLASSES`, whose options
and their options are again representatives, so ``R`` is a greatest fixed point on the 841
pairs of representatives. A failed proviso also hands over a distinguishing game
``aA + bB + cC`` at once (:func:`proviso_witness`).
"""
from __future__ import annotations

from itertools import product

from ..core.table import GameId, left, right
from .alternating_classes import CLASSES, class_of_rep, outcome_with_ends

__all__ = ["proviso_witness", "class_order", "class_ge"]

#: end sums aA + bB + cC tried for the proviso, smallest first (so a witness is small)
_LEFT_ENDS = tuple(sorted(product(range(-3, 1), repeat=3), key=lambda t: (-sum(t), t[::-1])))
_RIGHT_ENDS = tuple(sorted(product(range(0, 4), repeat=3), key=lambda t: (sum(t), t)))


def proviso_witness(g: GameId, h: GameId) -> "tuple[int, int, int] | None":
    """``(a, b, c)`` such that the end sum ``X = aA + bB + cC`` breaks the proviso for
    representatives ``g ≥ h`` (then ``o⁻(g+X) ≱ o⁻(h+X)``: a distinguishing game), or None.

    Examples
    --------
    >>> from misere.universes.alternating_classes import ALT_A
    >>> from misere.core.table import ZERO
    >>> proviso_witness(ALT_A, ZERO), proviso_witness(ZERO, ALT_A)   # A ≱ 0 already at X = 0
    ((0, 0, 0), None)
    """
    og, oh = class_of_rep(g).misere, class_of_rep(h).misere
    for t in _LEFT_ENDS:
        if outcome_with_ends(oh, *t).left_first and not outcome_with_ends(og, *t).left_first:
            return t
    for t in _RIGHT_ENDS:
        if outcome_with_ends(og, *t).right_first and not outcome_with_ends(oh, *t).right_first:
            return t
    return None


def _maintained(g: GameId, h: GameId, rel: "set[tuple[GameId, GameId]]") -> bool:
    for hl in left(h):
        if not (any((gl, hl) in rel for gl in left(g)) or any((g, x) in rel for x in right(hl))):
            return False
    for gr in right(g):
        if not (any((gr, hr) in rel for hr in right(h)) or any((x, h) in rel for x in left(gr))):
            return False
    return True


_ORDER: "frozenset[tuple[GameId, GameId]] | None" = None


def class_order() -> "frozenset[tuple[GameId, GameId]]":
    """The pairs ``(g, h)`` of class representatives with ``g ≥ h`` mod 𝒜: the greatest set
    satisfying proviso and maintenance (module docstring). 245 pairs."""
    global _ORDER
    if _ORDER is None:
        reps = [c.rep for c in CLASSES]
        rel = {(g, h) for g, h in product(reps, repeat=2) if proviso_witness(g, h) is None}
        while True:
            kept = {p for p in rel if _maintained(p[0], p[1], rel)}
            if kept == rel:
                break
            rel = kept
        _ORDER = frozenset(rel)
    return _ORDER


def class_ge(g: GameId, h: GameId) -> bool:
    """Does the rule prove ``g ≥ h`` for class representatives ``g, h``? (False means only
    "not proved"; the universe then looks for a distinguishing game.)"""
    return (g, h) in class_order()

