"""Invertibility modulo a universe: is ``G + Ḡ ≡ 0``, and which other inverses exist?

``G`` is *invertible* modulo U when ``G + Ḡ ≡_U 0`` (001 §2.1; 000 §5). Decided

* in general misère play by Mesdal–Ottaway (quoted in 001 §2.4 and 003): ``G + H = 0`` only
  when ``G = H = 0``, so only ``0`` is invertible;
* in every other universe with the universe's own comparison test applied to ``G + Ḡ`` and
  ``0`` (for 𝒟 and ℰ the options-only tests of 004 Thms 16, 17, where 004 §4 Thms 36–37 also
  show that any inverse is ``≡ Ḡ``: the *conjugate property*);

with a distinguishing game X (``o(G + Ḡ + X) ≠ o(X)``) when the answer is no. Inverses that are
not equivalent to the conjugate ("non-conjugal", as ``S_1 + S_2 ≡ 0`` in Partizan Kayles, 000 and
001 Cor 5.6.8) are searched for among the members born by a small day, in universes not known
to have the conjugate property. For dicots the result also records the sufficient condition of
001 Thm 4.2.2 (every follower H has ``H + H̄ ∈ N``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..core.ops import add, conjugate, followers, is_dicot
from ..core.outcome import Outcome, outcome
from ..core.table import ZERO, GameId
from ..errors import MisereError, UnsupportedError
from .base import Universe, find_universe

__all__ = ["InvertibilityResult", "invertibility", "dicot_sufficient_condition"]


@dataclass(frozen=True)
class InvertibilityResult:
    """The answer of :func:`invertibility` (all games as ids).

    Attributes
    ----------
    universe : the universe's name.
    game : the game G.
    invertible : whether ``G + Ḡ ≡ 0`` modulo the universe.
    inverse : the reduced form of ``Ḡ`` when G is invertible, else None.
    witness : when not invertible, a member X with ``o(G + Ḡ + X) ≠ o(X)``.
    method : how the answer was obtained (one line, cites the theorem).
    conjugate_property : True when every inverse is known to be ``≡ Ḡ`` in this universe.
    non_conjugal : forms H (reduced) with ``G + H ≡ 0`` and ``H ≢ Ḡ`` found by the search.
    searched_day : the day whose members were searched for non-conjugal inverses (None: no search).
    sufficient_condition : for dicots, whether 001 Thm 4.2.2's hereditary test holds.
    """

    universe: str
    game: GameId
    invertible: bool
    inverse: Optional[GameId]
    witness: Optional[GameId]
    method: str
    conjugate_property: bool
    non_conjugal: tuple[GameId, ...] = field(default=())
    searched_day: Optional[int] = None
    sufficient_condition: Optional[bool] = None


def dicot_sufficient_condition(g: GameId) -> bool:
    """001 Thm 4.2.2: every follower H of the dicot g has ``H + H̄ ∈ N`` (then g is invertible)."""
    return all(outcome(add(h, conjugate(h))) == Outcome.N for h in followers(g))


def _small_members(u: Universe) -> list[GameId]:
    """Members born by day 2: the universe's own enumeration, else filtered day-2 forms."""
    try:
        return u.born_by(min(2, u.max_enumeration_day))
    except MisereError:
        return [x for x in find_universe("general").born_by(2) if u.contains(x)]


def _small_witness(u: Universe, s: GameId, fallback: bool = True) -> Optional[GameId]:
    """A member X with ``o(s + X) ≠ o(X)``: small members first, then the universe's own."""
    for x in _small_members(u):
        if u.outcome_of_sum((s, x)) != u.outcome_of_sum((x,)):
            return x
    if not fallback:
        return None
    return u.distinguish(s, ZERO)


def invertibility(g: GameId, universe: "str | Universe" = "general",
                  search_day: int = 2) -> InvertibilityResult:
    """Decide whether ``g + conj(g) ≡ 0`` modulo ``universe`` and look for other inverses.

    Parameters
    ----------
    g : a member of the universe (checked by the caller).
    universe : a universe or its name.
    search_day : members born by this day are searched for non-conjugal inverses in universes
        without the conjugate property (capped at the universe's enumeration limit).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> invertibility(parse_id("*"), "dicot").invertible, invertibility(parse_id("*"), "E").invertible
    (True, False)
    >>> invertibility(parse_id("*"), "general").invertible
    False
    """
    u = find_universe(universe)
    if hasattr(u, "invertibility"):  # a universe that answers itself (left-dead-end)
        return u.invertibility(g)  # type: ignore[no-any-return]
    gbar = conjugate(g)
    conj_prop = bool(getattr(u, "conjugate_property", False))
    if u.name == "general":
        inv = u.reduce(g) == ZERO
        s = add(g, gbar)
        x = None if inv else _small_witness(u, s)
        return InvertibilityResult(
            u.name, g, inv, ZERO if inv else None, x,
            "Mesdal-Ottaway (001 §2.4): in general misère play only 0 is invertible", True)
    s = add(g, gbar)
    if u.contains(s):
        try:
            inv = u.eq(s, ZERO)
            x = None if inv else _small_witness(u, s)
            method = f"{u.name} comparison of G + conj(G) with 0"
        except UnsupportedError:
            # no comparison test here: only a witness search can answer (and only "no")
            x = _small_witness(u, s, fallback=False)
            if x is None:
                raise UnsupportedError(
                    f"cannot decide invertibility modulo {u.name}: no comparison test applies "
                    f"and no member born by day 2 distinguishes G + conj(G) from 0") from None
            inv, method = False, f"witness search among {u.name} members born by day 2"
    else:  # a universe not closed under conjugates
        inv, x = False, None
        method = f"G + conj(G) is not in the {u.name} universe"
    if u.name == "dicot":
        method += " (004 Thm 16)"
    elif u.name == "dead-ending":
        method += " (004 Thm 17)"
    found: tuple[GameId, ...] = ()
    day: Optional[int] = None
    if not conj_prop:
        day = min(search_day, u.max_enumeration_day)
        try:
            pool = u.born_by(day)
            conj_in = u.contains(gbar)
            found = tuple(h for h in pool
                          if u.contains(add(g, h)) and u.eq(add(g, h), ZERO)
                          and not (conj_in and u.eq(h, gbar)))
        except MisereError:  # no enumeration or no comparison for these games
            found, day = (), None
    suff = dicot_sufficient_condition(g) if u.name == "dicot" and is_dicot(g) else None
    inverse = u.reduce(gbar) if inv and u.contains(gbar) else None
    return InvertibilityResult(u.name, g, inv, inverse, x, method, conj_prop, found, day, suff)
