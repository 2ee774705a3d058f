"""General misère play: Siegel's comparison, canonical forms and distinguishing games.

Implements Siegel 003: ``G ≥ H`` by the options-only test of Thm 5.3 with downlinking decided by
Thm 5.4; the canonical form of Thm 5.1 (remove dominated options, bypass reversible ones,
Def 4.1, Lemmas 4.2–4.3); and explicit distinguishing games following the constructive proofs
of Thm 3.4 (read with ``G ≱ H``: see shared notes, algorithms.md §A.3 and §F.4), Lemma 3.5 and
Thm 5.4.
"""
from __future__ import annotations

from .. import budget
from ..core import cache
from ..core.game import Game
from ..core.ops import STAR, adjoint, conjugate
from ..core.table import ZERO, GameId, intern, left, right
from .base import Universe, register
from .order import OrderTable
from .reduction import memoised_canonical

__all__ = ["GeneralUniverse", "ge", "downlinked", "canonical", "witness_a", "witness_b", "downlink",
           "small_witness"]

_Pair = tuple[GameId, GameId]
_ge: dict[_Pair, bool] = cache.table("general.ge")
_down: dict[_Pair, bool] = cache.table("general.downlinked")
_wa: dict[_Pair, GameId] = cache.table("general.witness_a")
_wb: dict[_Pair, GameId] = cache.table("general.witness_b")
_link: dict[_Pair, GameId] = cache.table("general.downlink")
_table = OrderTable("general")


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` in general misère play (Siegel 003 Thm 5.3).

    Conditions: (1) g is downlinked to no ``h^L``; (2) no ``g^R`` is downlinked to h;
    (3) if h is a Left end so is g; (4) if g is a Right end so is h.
    """
    if g == h:
        return True
    key = (g, h)
    r = _ge.get(key)
    if r is not None:
        return r
    r = _table.lookup(g, h)
    if r is not None:
        return r
    budget.check()
    hl, gr = left(h), right(g)
    if (not hl and left(g)) or (not gr and right(h)):
        r = False
    else:
        r = True
        for x in hl:
            if downlinked(g, x):
                r = False
                break
        if r:
            for y in gr:
                if downlinked(y, h):
                    r = False
                    break
    _ge[key] = r
    return r


def downlinked(g: GameId, h: GameId) -> bool:
    """Is g downlinked to h, i.e. is there T with ``o(g+T) ≤ P ≤ o(h+T)``? (003 Thm 5.4)

    True iff no ``g^L ≥ h`` and no ``h^R`` with ``g ≥ h^R``.
    """
    key = (g, h)
    r = _down.get(key)
    if r is None:
        r = True
        for x in left(g):
            if ge(x, h):
                r = False
                break
        if r:
            for y in right(h):
                if ge(g, y):
                    r = False
                    break
        _down[key] = r
    return r


canonical = memoised_canonical("general.canonical", ge)
canonical.__doc__ = """The misère canonical form of ``g`` (003 Thm 5.1): unique among forms equal to ``g``."""


# --- distinguishing games ----------------------------------------------------------------

def _failure(g: GameId, h: GameId) -> tuple[str, GameId]:
    """For ``g ≱ h``: ('a', T) with o(g+T) ≤ P, o(h+T) ≥ N, or ('b', U) with o(g+U) ≤ N,
    o(h+U) ≥ P, built from the first condition of Thm 5.3 that fails."""
    if not left(h) and left(g):  # (3): Lemma 3.5
        inner = intern((), [adjoint(x) for x in left(g)])
        return "b", intern([adjoint(y) for y in right(h)], [inner])
    if not right(g) and right(h):  # (4): the conjugate of (3)
        kind, x = _failure(conjugate(h), conjugate(g))
        return ("a" if kind == "b" else "b"), conjugate(x)
    for x in left(h):  # (1)
        if downlinked(g, x):
            return "a", downlink(g, x)
    for y in right(g):  # (2)
        if downlinked(y, h):
            return "b", downlink(y, h)
    raise ValueError(f"#{g} >= #{h}: no witness exists")


def witness_a(g: GameId, h: GameId) -> GameId:
    """T with ``o(g+T) ≤ P`` and ``o(h+T) ≥ N``, for ``g ≱ h`` (003 Thm 3.4 (a))."""
    key = (g, h)
    r = _wa.get(key)
    if r is None:
        kind, x = _failure(g, h)
        r = x if kind == "a" else intern([x], [adjoint(y) for y in left(g)])
        _wa[key] = r
    return r


def witness_b(g: GameId, h: GameId) -> GameId:
    """U with ``o(g+U) ≤ N`` and ``o(h+U) ≥ P``, for ``g ≱ h`` (003 Thm 3.4 (b))."""
    key = (g, h)
    r = _wb.get(key)
    if r is None:
        kind, x = _failure(g, h)
        r = x if kind == "b" else intern([adjoint(y) for y in right(h)], [x])
        _wb[key] = r
    return r


def downlink(g: GameId, h: GameId) -> GameId:
    """A game T downlinking g to h: ``o(g+T) ≤ P`` and ``o(h+T) ≥ P`` (003 Thm 5.4 proof)."""
    key = (g, h)
    r = _link.get(key)
    if r is not None:
        return r
    gl, gr, hl, hr = left(g), right(g), left(h), right(h)
    if g == ZERO and h == ZERO:
        r = STAR
    elif g == ZERO and not hr:
        r = intern([ZERO], [adjoint(x) for x in hl])
    elif h == ZERO and not gl:
        r = intern([adjoint(y) for y in gr], [ZERO])
    else:
        r = intern(
            [witness_b(g, y) for y in hr] + [adjoint(y) for y in gr],
            [witness_a(x, h) for x in gl] + [adjoint(x) for x in hl],
        )
    _link[key] = r
    return r


class GeneralUniverse(Universe):
    """All short partizan games, in misère play (Siegel 003)."""

    name = "general"
    aliases = ("misere", "all", "g")
    description = "all short games, misère play (Siegel 003)"

    def contains(self, g: GameId) -> bool:
        return True

    def witness(self, g: GameId, h: GameId) -> GameId:
        """A small X by search among the games born by day 2, else Siegel's construction."""
        found = small_witness(g, h, self)
        return found if found is not None else canonical(witness_a(g, h))


def small_witness(g: GameId, h: GameId, universe: Universe, day: int = 2) -> GameId | None:
    """The first member X born by ``day`` (simplest first) with ``o(g+X) ≱ o(h+X)``, or None.

    Constructed witnesses (Thm 3.4, Thm 5.4) can be very large; a short search usually finds
    a far smaller one, which is what a person wants to see.
    """
    for x in universe.born_by(day):
        if not universe.outcome_of_sum((g, x)) >= universe.outcome_of_sum((h, x)):
            return x
    return None


GENERAL = register(GeneralUniverse(ge=ge, reduce=canonical, order_table=_table))


Game._ge = ge  # ``G >= H`` on Game objects is general misère comparison (attached from above)


Game._ge = ge  # ``G >= H`` on games: attached from above (the core knows forms, not equivalences)
