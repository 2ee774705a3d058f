"""Shared machinery of the options-only comparison tests modulo 𝒟 and ℰ.

Both 004 Thm 16 (dicots) and 004 Thm 17 (dead-ending games) say: ``G ≥ H`` modulo the universe
iff an *end condition* holds (plain outcomes for 𝒟; the proviso on strong outcomes for ℰ) and
the *maintenance* conditions hold:

* for every ``G^R``: some ``H^R`` with ``G^R ≥ H^R``, or some ``G^{RL}`` with ``G^{RL} ≥ H``;
* for every ``H^L``: some ``G^L`` with ``G^L ≥ H^L``, or some ``H^{LR}`` with ``G ≥ H^{LR}``.

Maintenance failing at ``H^L`` (resp. ``G^R``) is exactly Siegel's condition for ``G`` to be
*downlinked* to ``H^L`` (resp. ``G^R`` to ``H``), 003 Thm 5.4, with ``≥`` read modulo the
universe. :class:`WitnessBuilder` turns a failed comparison into a distinguishing game that lies
in the universe, following the constructive proofs of 003 Thm 3.4 and Thm 5.4, adapted so that
every game it builds has options on both sides (adjoints are dicots, 003 Def 3.2), hence lies
in 𝒟 when the inputs do and in ℰ when the inputs do. The adaptation (extra options
``{0 | A°}`` and ``{B° | 0}`` when a side would be empty, ``0`` in the Thm 3.4 conversions) is
ours; see the Notes of :meth:`WitnessBuilder.downlink`.
"""
from __future__ import annotations

from typing import Callable, Optional

from ..core import cache
from ..core.ops import adjoint
from ..core.outcome import sum_outcome
from ..core.table import ZERO, GameId, intern, left, right

__all__ = [
    "maintained", "maintenance_failure", "WitnessBuilder", "small_witness",
]

Ge = Callable[[GameId, GameId], bool]
#: ('a', T): o(g+T) has Left-first loss while o(h+T) has a Left-first win;
#: ('b', U): Right wins g+U moving first but loses h+U moving first.
Failure = tuple[str, GameId]


def maintenance_failure(g: GameId, h: GameId, ge: Ge) -> Optional[tuple[str, GameId]]:
    """Where maintenance fails: ``('L', h^L)`` or ``('R', g^R)``; None when it holds."""
    gl = left(g)
    for x in left(h):
        if not any(ge(y, x) for y in gl) and not any(ge(g, z) for z in right(x)):
            return "L", x
    hr = right(h)
    for y in right(g):
        if not any(ge(y, z) for z in hr) and not any(ge(z, h) for z in left(y)):
            return "R", y
    return None


def maintained(g: GameId, h: GameId, ge: Ge) -> bool:
    """Do both maintenance conditions hold for ``g ≥ h``? (004 Thms 16, 17, conditions 2–3)"""
    return maintenance_failure(g, h, ge) is None


class WitnessBuilder:
    """Distinguishing games for an options-only test ``ge`` with end condition ``end_failure``.

    Parameters
    ----------
    name : prefix of the memo tables.
    ge : the comparison modulo the universe.
    end_failure : ``end_failure(g, h)`` returns a :data:`Failure` when the end condition of
        the test fails for ``g ≥ h`` (the witness must already lie in the universe), else None.
    """

    def __init__(self, name: str, ge: Ge, end_failure: Callable[[GameId, GameId], Optional[Failure]]):
        self._ge = ge
        self._end = end_failure
        self._fail = cache.table(f"{name}.failure")
        self._link = cache.table(f"{name}.downlink")

    def failure(self, g: GameId, h: GameId) -> Failure:
        """A typed witness of ``g ≱ h``, from the first condition of the test that fails."""
        key = (g, h)
        r = self._fail.get(key)
        if r is not None:
            return r  # type: ignore[no-any-return]
        r = self._end(g, h)
        if r is None:
            where = maintenance_failure(g, h, self._ge)
            if where is None:
                raise ValueError(f"#{g} >= #{h}: no witness exists")
            side, x = where
            # H^L = x with g downlinked to x: T is an (a)-witness; G^R = x downlinked to h:
            # T is a (b)-witness (003 Thm 5.3 proof).
            r = ("a", self.downlink(g, x)) if side == "L" else ("b", self.downlink(x, h))
        self._fail[key] = r
        return r

    def witness_a(self, g: GameId, h: GameId) -> GameId:
        """T with Left losing ``g+T`` and winning ``h+T`` moving first (003 Thm 3.4 (a))."""
        kind, x = self.failure(g, h)
        if kind == "a":
            return x
        # from a (b)-witness U: T = {U | (g^L)°}; Right's reply 0 when g has no Left option
        return intern([x], [adjoint(y) for y in left(g)] or [ZERO])

    def witness_b(self, g: GameId, h: GameId) -> GameId:
        """U with Right winning ``g+U`` and losing ``h+U`` moving first (003 Thm 3.4 (b))."""
        kind, x = self.failure(g, h)
        if kind == "b":
            return x
        return intern([adjoint(y) for y in right(h)] or [ZERO], [x])

    def downlink(self, a: GameId, b: GameId) -> GameId:
        """T with ``o(a+T) ≤ P`` and ``o(b+T) ≥ P``, given that no ``a^L ≥ b`` and no ``b^R ≤ a``.

        Notes
        -----
        Siegel's construction (003 Thm 5.4) ``T = {Y_j, (a^R)° | X_i, (b^L)°}`` with ``X_i`` an
        (a)-witness of ``a^{L_i} ≱ b`` and ``Y_j`` a (b)-witness of ``a ≱ b^{R_j}``. When a side
        of T would be empty we add ``{0 | a°}`` on the Left (Right answers to ``a°`` and
        ``a + a°`` is a P-position, 003 Prop 3.3) or ``{b° | 0}`` on the Right (Left answers to
        ``b°``). Extra Left options of T can only help Left in ``b+T`` and extra Right options
        only Right in ``a+T``, so T still downlinks, and T is never an end.
        """
        key = (a, b)
        r = self._link.get(key)
        if r is not None:
            return r  # type: ignore[no-any-return]
        lo = [self.witness_b(a, y) for y in right(b)] + [adjoint(y) for y in right(a)]
        ro = [self.witness_a(x, b) for x in left(a)] + [adjoint(x) for x in left(b)]
        if not lo:
            lo = [intern([ZERO], [adjoint(a)])]
        if not ro:
            ro = [intern([adjoint(b)], [ZERO])]
        r = intern(lo, ro)
        self._link[key] = r
        return r



def small_witness(g: GameId, h: GameId, candidates: list[GameId]) -> Optional[GameId]:
    """The first candidate X with ``o(g+X) ≱ o(h+X)``, if any (readable witnesses first)."""
    for x in candidates:
        if not sum_outcome((g, x)) >= sum_outcome((h, x)):
            return x
    return None
