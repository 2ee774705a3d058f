"""The dicot universe 𝒟: comparison, reduced forms and distinguishing games.

A *dicot* is a game in which, at every follower, either both players can move or neither can
(004 §1.1; 001 Def 4.1.1). Implements

* the options-only comparison of 004 Thm 16: ``G ≥_𝒟 H`` iff ``o(G) ≥ o(H)`` and maintenance
  (see :mod:`misere.universes.options_only`);
* the reductions of 004 §3.1 (restating Dorbec–Renault–Siegel–Sopena): R1 domination
  (Thm 19), R2 open reversibility (Thm 21), R3/R4 end-reversibility (Thm 23: delete the option
  when Left has another winning first move, else replace it by ``*``), R5 (Thm 24:
  ``{G^L | G^R}`` with both single options end-reversible is ``≡ 0``); the result is the unique
  reduced form (004 Def 29 and §3.2);
* distinguishing dicots built constructively (003 Thms 3.4, 5.4 adapted to 𝒟).

The statements of 004 were stripped from our copy and are reconstructed in the shared notes
(algorithms.md §B, §F.1); everything here is checked against brute force in the tests.
"""
from __future__ import annotations

from typing import Optional

from ..core import cache
from ..core.notation import parse_id
from ..core.ops import STAR, is_dicot
from ..core.outcome import left_wins_first, right_wins_first
from ..core.table import ZERO, GameId, intern
from .base import Universe, register
from .options_only import Failure, WitnessBuilder, maintained, small_witness
from .order import OrderTable
from .reduction import canonical_form

__all__ = ["DicotUniverse", "ge", "reduce", "witness", "DICOT"]

_ge = cache.table("dicot.ge")
_red = cache.table("dicot.reduce")


def _outcome_ge(g: GameId, h: GameId) -> bool:
    # o(g) ≥ o(h): Left-first wins carry over from h to g, Right-first wins from g to h
    return (left_wins_first(g) or not left_wins_first(h)) and (
        not right_wins_first(g) or right_wins_first(h)
    )


def _facts(g: GameId) -> tuple[bool, bool]:
    return left_wins_first(g), right_wins_first(g)


def _end_matrix(fa, fb):  # type: ignore[no-untyped-def]
    """``o(g) ≥ o(h)`` for all pairs, from facts (Left wins first, Right wins first)."""
    return (fa[:, None, 0] | ~fb[None, :, 0]) & (~fa[:, None, 1] | fb[None, :, 1])


_table = OrderTable("dicot", _facts, _end_matrix)


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` modulo 𝒟, for dicots g, h (004 Thm 16).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> ge(parse_id("{0,*|*}"), ZERO), ge(ZERO, parse_id("{0,*|*}"))
    (True, False)
    """
    return _cached(g, h)


def _ge_rule(g: GameId, h: GameId) -> bool:
    """The options-only test behind :func:`ge` (memoised by it)."""
    return _outcome_ge(g, h) and maintained(g, h, ge)


_cached = _table.memoised(_ge, _ge_rule)


def _end_failure(g: GameId, h: GameId) -> Optional[Failure]:
    if _outcome_ge(g, h):
        return None
    # X = 0 distinguishes; its type is the component of the outcome order that fails
    return ("a", ZERO) if left_wins_first(h) and not left_wins_first(g) else ("b", ZERO)


_builder = WitnessBuilder("dicot", ge, _end_failure)


def _end_step(x: GameId, rest: list[GameId], other: list[GameId], cur: GameId,
              left_side: bool) -> Optional[list[GameId]]:
    """004 Thm 23 for an option x reversing through 0 (the only end in 𝒟)."""
    if rest:
        gp = intern(rest, other) if left_side else intern(other, rest)
        if left_wins_first(gp) if left_side else right_wins_first(gp):
            return rest  # R3: another winning first move exists, delete x
    if x != STAR:
        return sorted(set(rest) | {STAR})  # R4: x is the only winning move, replace it by *
    return None


def reduce(g: GameId) -> GameId:
    """The reduced form of the dicot ``g`` modulo 𝒟 (004 Thms 19, 21, 23, 24; Def 29).

    Examples
    --------
    >>> from misere.core.notation import parse_id, format_id
    >>> format_id(reduce(parse_id("{*|*}"))), format_id(reduce(parse_id("{0,{*|0}|*}")))
    ('0', '{0,*|*}')
    """
    r = _red.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    cur = canonical_form(g, ge, reduce, _end_step)
    _red[g] = cur
    _red[cur] = cur
    return cur


#: small dicots tried as witnesses before the construction (they give readable answers)
_SMALL = [parse_id(t) for t in ("0", "*", "^", "v", "^*", "v*", "{0,*|*}", "{*|0,*}", "*2")]


def witness(g: GameId, h: GameId) -> GameId:
    """A dicot X with ``o(g+X) ≱ o(h+X)``, for dicots with ``g ≱_𝒟 h``.

    Small dicots born by day 2 are tried first; otherwise the distinguishing game of
    :class:`~misere.universes.options_only.WitnessBuilder` is built and reduced (a reduced
    form is ``≡_𝒟`` to it, so it distinguishes equally well).
    """
    x = small_witness(g, h, _SMALL)
    return x if x is not None else reduce(_builder.witness_a(g, h))


class DicotUniverse(Universe):
    """Dicots: at every follower both players can move or neither can (004 §1.1, 001 ch. 4)."""

    name = "dicot"
    aliases = ("D", "dicots")
    description = "dicots: both players can move at every non-zero follower (004, 001 ch. 4)"
    max_enumeration_day = 3
    #: G + H ≡ 0 implies H ≡ conj(G) (004 Thm 36)
    conjugate_property = True
    #: where the conjugate property is proved
    conjugate_property_source = '004 Thms 36–37'


DICOT = register(DicotUniverse(contains=is_dicot, ge=ge, reduce=reduce, witness=witness,
                               order_table=_table))
