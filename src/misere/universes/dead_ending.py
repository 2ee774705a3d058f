"""The dead-ending universe ℰ: perfect murders, strong outcomes, comparison, reduced forms.

A game is *dead-ending* when every end follower is a dead end: once a player has no move, they
never get one again (001 Def 5.1.1; 004 §1.1). Implements, from 004 (Larsson, Milley, Nowakowski,
Renault, Santos):

* perfect murders ``M_0 = 0``, ``M_n = {· | 0, M_{n-1}}`` (Def 2; Obs 3, Lemma 4, Thm 5);
* strong outcomes ``ô^L(G) = min(o^L(G), o^L(G + M_b))``, ``ô^R`` by conjugation, with
  ``b = b(G)`` (Defs 6, 9, Thm 7);
* the comparison of Thm 17 in its proviso form: ``G ≥_ℰ H`` iff (if H is a Left end, G is
  Left-strong), (if G is a Right end, H is Right-strong) and maintenance;
* the reductions E1–E5 (Thms 19, 21, 26, 28) — domination, open reversibility, removal of
  non-fundamental end-reversible options (Def 25), the ``{1̄ | 1}``-shape rule, and substitution
  of ``{· | M_n}`` — giving the unique reduced form (Def 29, Thm 31);
* distinguishing games in ℰ built constructively (003 Thms 3.4, 5.4 adapted; ends from Thm 7).

Every formula of 004 was stripped from our copy; the statements are reconstructed in the shared
notes (algorithms.md §C, §F.1) and checked against brute force in the tests.
"""
from __future__ import annotations

from typing import Optional

from ..core import cache
from ..core.ops import conjugate, is_dead_ending
from ..core.notation import parse_id
from ..core.outcome import left_wins_first, right_wins_first, sum_left_wins_first, sum_right_wins_first
from ..core.table import ZERO, GameId, birthday, intern, left, right
from ..errors import VerificationError
from .base import Universe, register
from .options_only import Failure, WitnessBuilder, maintained, small_witness
from .order import OrderTable
from .reduction import canonical_form

__all__ = [
    "DeadEndingUniverse", "perfect_murder", "strong_left", "strong_right", "strong_outcome",
    "ge", "reduce", "witness", "is_fundamental", "DEAD_ENDING",
]

_ge = cache.table("dead_ending.ge")
_red = cache.table("dead_ending.reduce")
_sl = cache.table("dead_ending.strong_left")
_sr = cache.table("dead_ending.strong_right")
_murders: list[GameId] = [ZERO]


def perfect_murder(n: int) -> GameId:
    """The perfect murder ``M_n`` (004 Def 2): ``M_0 = 0``, ``M_n = {· | 0, M_{n-1}}``.

    ``M_1 = 1̄``. A dead Left end; for ``n ≥ 1`` it is ``≤_ℰ`` every nonzero dead Left end of
    birthday at most n (004 Thm 5).

    Examples
    --------
    >>> from misere.core.notation import format_id
    >>> [format_id(perfect_murder(n)) for n in range(3)]
    ['0', '-1', '{|0,-1}']
    """
    if n < 0:
        raise ValueError("a perfect murder needs n >= 0")
    while len(_murders) <= n:
        k = len(_murders)
        _murders.append(intern((), (ZERO,) if k == 1 else (ZERO, _murders[k - 1])))
    return _murders[n]


def strong_left(g: GameId) -> bool:
    """Is ``g`` Left-strong: does Left win ``g + X`` moving first for every Left end X ∈ ℰ?

    004 Thm 7 (as reconstructed, algorithms.md §C.3): it suffices to test ``X = 0`` and
    ``X = M_{b(g)}``.
    """
    r = _sl.get(g)
    if r is None:
        r = left_wins_first(g) and sum_left_wins_first((g, perfect_murder(birthday(g))))
        _sl[g] = r
    return r  # type: ignore[no-any-return]


def strong_right(g: GameId) -> bool:
    """Is ``g`` Right-strong: Right wins ``g + X`` moving first for every Right end X ∈ ℰ?"""
    r = _sr.get(g)
    if r is None:
        r = right_wins_first(g) and sum_right_wins_first(
            (g, conjugate(perfect_murder(birthday(g)))))
        _sr[g] = r
    return r  # type: ignore[no-any-return]


def strong_outcome(g: GameId) -> str:
    """The strong outcome ``ô(g)`` (004 Def 9): ``"L" "N" "P" "R"``.

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> strong_outcome(parse_id("{*|*}")), strong_outcome(ZERO), strong_outcome(parse_id("-1"))
    ('P', 'N', 'L')
    """
    lf, rf = strong_left(g), strong_right(g)
    return ("N" if rf else "L") if lf else ("R" if rf else "P")


def _facts(g: GameId) -> tuple[bool, bool, bool, bool]:
    return bool(left(g)), bool(right(g)), strong_left(g), strong_right(g)


def _end_matrix(fa, fb):  # type: ignore[no-untyped-def]
    """004 Thm 17's proviso for all pairs: (h a Left end ⇒ g Left-strong), (g a Right end ⇒
    h Right-strong), from facts (has Left options, has Right options, Left-strong, Right-strong)."""
    return (fb[None, :, 0] | fa[:, None, 2]) & (fa[:, None, 1] | fb[None, :, 3])


_table = OrderTable("dead-ending", _facts, _end_matrix)


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` modulo ℰ, for dead-ending g, h (004 Thm 17, proviso + maintenance form).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> ge(parse_id("1"), parse_id("2")), ge(perfect_murder(1), perfect_murder(2))
    (False, True)
    """
    return _cached(g, h)


def _ge_rule(g: GameId, h: GameId) -> bool:
    """The options-only test behind :func:`ge` (memoised by it)."""
    return ((bool(left(h)) or strong_left(g)) and (bool(right(g)) or strong_right(h))
            and maintained(g, h, ge))


_cached = _table.memoised(_ge, _ge_rule)


def _end_failure(g: GameId, h: GameId) -> Optional[Failure]:
    if not left(h) and not strong_left(g):
        # h + X is a Left end (Left wins moving first); Left loses g + X for X = 0 or M_b
        x = ZERO if not left_wins_first(g) else perfect_murder(birthday(g))
        return "a", x
    if not right(g) and not strong_right(h):
        x = ZERO if not right_wins_first(h) else conjugate(perfect_murder(birthday(h)))
        return "b", x
    return None


_builder = WitnessBuilder("dead_ending", ge, _end_failure)


def is_fundamental(g: GameId, x: GameId, left_side: bool = True) -> bool:
    """Is the option x of g *fundamental* (004 Def 25)?

    For a Left option: g is Left-strong but ``g' = {g^L - {x} | g^R}`` is not (some Left end
    X ∈ ℰ makes ``x + X`` Left's only winning move in ``g + X``). ``g'`` must lie in ℰ for the
    question to arise in the reductions; a ``g'`` outside ℰ is reported as fundamental.
    """
    if left_side:
        gp = intern([y for y in left(g) if y != x], right(g))
        return strong_left(g) and not (is_dead_ending(gp) and strong_left(gp))
    gp = intern(left(g), [y for y in right(g) if y != x])
    return strong_right(g) and not (is_dead_ending(gp) and strong_right(gp))


def _substitute(cur: GameId, left_side: bool) -> GameId:
    """``{· | M_n}`` with n least such that ``M_n ≤_ℰ cur`` (Right: ``{M̄_n | ·}``), 004 Thm 28."""
    n = 0
    while True:
        m = perfect_murder(n)
        if left_side and ge(cur, m):
            return intern((), (m,))
        if not left_side and ge(conjugate(m), cur):
            return intern((conjugate(m),), ())
        n += 1
        if n > birthday(cur) + 1:  # impossible by 004 Thm 5
            raise VerificationError(f"no perfect murder below the end-reversible #{cur}: a bug")


def _end_step(x: GameId, rest: list[GameId], other: list[GameId], cur: GameId,
              left_side: bool) -> Optional[list[GameId]]:
    """004 Thms 26 (1), 28 for an option x reversing through an end."""
    if not is_fundamental(cur, x, left_side):
        return rest  # E3: x is not fundamental and g' stays in ℰ: delete x
    sub = _substitute(cur, left_side)  # E5: substitution
    return sorted(set(rest) | {sub}) if x != sub else None


def reduce(g: GameId) -> GameId:
    """The reduced form of the dead-ending game ``g`` modulo ℰ (004 Def 29, Thm 31).

    Examples
    --------
    >>> from misere.core.notation import parse_id, format_id
    >>> format_id(reduce(parse_id("{*,0|1}"))), format_id(reduce(parse_id("{-1|1}")))
    ('{0,-1|1}', '0')
    """
    r = _red.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    cur = canonical_form(g, ge, reduce, _end_step)  # E1, E2, E4 shared with 𝒟
    _red[g] = cur
    _red[cur] = cur
    return cur


_SMALL = [parse_id(t) for t in ("0", "*", "1", "-1", "2", "-2", "{1|0}", "{0|-1}", "^", "v", "^*",
                                  "v*", "1/2", "-1/2", "1/4", "-1/4", "3/4", "-3/4")]
_SMALL += [perfect_murder(n) for n in (2, 3)] + [conjugate(perfect_murder(n)) for n in (2, 3)]


def witness(g: GameId, h: GameId) -> GameId:
    """A dead-ending X with ``o(g+X) ≱ o(h+X)``, for members with ``g ≱_ℰ h``."""
    x = small_witness(g, h, _SMALL)
    return x if x is not None else reduce(_builder.witness_a(g, h))


class DeadEndingUniverse(Universe):
    """Dead-ending games: every end follower is a dead end (004, 001 ch. 5)."""

    name = "dead-ending"
    aliases = ("E", "dead_ending", "deadending")
    description = "dead-ending games: ends stay ends (004, 001 ch. 5)"
    max_enumeration_day = 2
    #: G + H ≡ 0 implies H ≡ conj(G) (004 Thm 37)
    conjugate_property = True
    #: where the conjugate property is proved
    conjugate_property_source = '004 Thms 36–37'


DEAD_ENDING = register(DeadEndingUniverse(contains=is_dead_ending, ge=ge, reduce=reduce, witness=witness,
                                          order_table=_table))
