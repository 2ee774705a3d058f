"""The blocking universe ℬ: blocked ends, the strong test, comparison and distinguishing games.

Sources. Blocking games appear in Davies–Miller–Milley, *On sums of 𝒫-free forms under misère
play* (arXiv 2506.05257, §4, "Blocking games: an application"), and are studied in Davies–Milley,
*Order and inverses in the monoid of misère blocking games* (2026), whose abstract states a
finite comparison test and that a game is invertible modulo ℬ iff it equals a 𝒫-free form. The
full text of the 2026 paper could not be found with the search tool; the definitions and the
strong test below are taken from the Lean formalisation in the public repository
``Vilin97/lean-pool`` (``LeanPool/MisereGames/Misere/Blocking.lean``: ``IsBlockedEnd``,
``IsBlocking``; ``Misere/Hereditary/MaintenanceProviso.lean``: ``IsStrongTest``, cited there as
Davies–Milley 2026 Thm 3.1 p. 7, and the maintenance–proviso test, DMM Thm 2.1).

* A *blocked Left end* is a Left end G such that every Right option G^R is a blocked Left end
  or has a Left option G^{RL} that is a blocked Left end (every dead Left end is one). A game is
  *blocking* when every end follower is a blocked end (for the side it is an end of). ℬ
  contains the dicots and the dead-ending games and is closed under options, sums, conjugates.
* Strong test (DM 2026 Thm 3.1): G ∈ ℬ is Left-strong (Left wins G + X moving first for every
  Left end X ∈ ℬ) iff G is a Left end, or some G^L has ``o(G^L) = L``, G^L Left-strong and
  every G^{LR} Left-strong. Both directions are proved constructively by this module: the
  sufficiency argument is in :func:`strong_left`, and :func:`left_strong_witness` builds, for a
  game failing the test, a blocked Left end X with Left losing G + X moving first.
* Comparison (DMM Thm 2.1, ℬ hereditary and downlinking): ``G ≥_ℬ H`` iff (H a Left end ⇒ G
  Left-strong), (G a Right end ⇒ H Right-strong), and maintenance (as in 004 Thms 16–17).

Every claim is checked against brute-force outcome search in the tests.
"""
from __future__ import annotations

from typing import Callable, Optional

from .. import budget
from ..core import cache
from ..core.notation import parse_id
from ..core.ops import _hereditary, adjoint, conjugate, followers
from ..core.outcome import Outcome, outcome
from ..core.table import ZERO, GameId, birthday, intern, left, right
from ..errors import VerificationError
from .base import Universe, register
from .options_only import Failure, WitnessBuilder, maintained, small_witness
from .order import OrderTable
from .reduction import canonical_form

__all__ = [
    "BlockingUniverse", "BLOCKING", "is_blocked_left_end", "is_blocked_right_end", "is_blocking",
    "strong_left", "strong_right", "left_strong_witness", "ge", "reduce", "witness",
    "member_forms", "values_by_forms",
]

_blocked: dict[bool, dict[GameId, bool]] = {True: cache.table("blocking.blocked_left_end"),
                                             False: cache.table("blocking.blocked_right_end")}
_sl = cache.table("blocking.strong_left")
_wl = cache.table("blocking.left_strong_witness")
_ge = cache.table("blocking.ge")
_red = cache.table("blocking.reduce")


def _blocked_end(g: GameId, left_side: bool) -> bool:
    memo = _blocked[left_side]
    r = memo.get(g)
    if r is not None:
        return r
    own, opp = (left, right) if left_side else (right, left)
    for x in followers(g):  # options before parents: every lookup below is already filled
        if x not in memo:
            budget.check()
            memo[x] = not own(x) and all(memo[y] or any(memo[z] for z in own(y)) for y in opp(x))
    return memo[g]


def is_blocked_left_end(g: GameId) -> bool:
    """Is ``g`` a blocked Left end? (DMM 2506.05257 §4; lean-pool ``IsBlockedEnd``)

    ``g`` has no Left option, and every Right option ``g^R`` is a blocked Left end or has a Left
    option that is one. Dead Left ends are blocked; ``{|*}`` and ``{|1}`` are blocked but not
    dead; ``{|2}`` is not blocked (2 has the Left option 1, not a Left end).

    Examples
    --------
    >>> [is_blocked_left_end(parse_id(t)) for t in ("{|*}", "{|1}", "{|2}")]
    [True, True, False]
    """
    return _blocked_end(g, True)


def is_blocked_right_end(g: GameId) -> bool:
    """Is ``g`` a blocked Right end? (the conjugate notion)"""
    return _blocked_end(g, False)


def _blocking_node(x: GameId) -> bool:
    return (bool(left(x)) or is_blocked_left_end(x)) and (bool(right(x)) or is_blocked_right_end(x))


is_blocking = _hereditary(
    "is_blocking", _blocking_node,
    """Every end follower is a blocked end (DMM 2506.05257 §4; lean-pool ``IsBlocking``).""")


def strong_left(g: GameId) -> bool:
    """Davies–Milley 2026 Thm 3.1: is ``g`` Left-strong modulo ℬ?

    True iff ``g`` is a Left end or some ``g^L`` has ``o(g^L) = L``, is Left-strong, and every
    ``g^{LR}`` is Left-strong.

    Notes
    -----
    Sufficiency (checked here, for any X a blocked Left end): Left opens with that ``g^L``. A
    reply ``g^{LR}`` leaves a Left-strong game; a reply ``X → X^R`` leaves ``g^L + X^R``, where
    Left wins moving first if ``X^R`` is a blocked Left end, else Left moves to a blocked Left
    end ``X^{RL}`` and repeats the argument on a smaller X; Right cannot be stuck, since
    ``o(g^L) = L`` makes ``g^L`` no Right end. Necessity is :func:`left_strong_witness`.
    """
    r = _sl.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    budget.check()
    r = not left(g) or any(outcome(x) == Outcome.L and strong_left(x) and all(strong_left(y) for y in right(x))
                           for x in left(g))
    _sl[g] = r
    return r


def strong_right(g: GameId) -> bool:
    """Right-strong modulo ℬ: the conjugate of :func:`strong_left`."""
    return strong_left(conjugate(g))


def left_strong_witness(g: GameId) -> GameId:
    """A blocked Left end X with Left losing ``g + X`` moving first, for ``g`` not Left-strong.

    X = ``{· | R}``. Starting from S = {g}, for every s ∈ S and every Left option s^L (all fail
    the test of :func:`strong_left`): if some ``s^{LR}`` fails it, that ``s^{LR}`` joins S
    (Right answers s^L with it); else if s^L fails it, R gets ``left_strong_witness(s^L)``
    (Right answers in X); else ``o(s^L) ≠ L`` with s^L and all s^{LR} strong, so s^L is a Right
    end that Right wins moving first, and R gets the adjoint ``(s^L)°`` (``s^L + (s^L)°`` is a
    P-position, Siegel 003 Prop 3.3; the adjoint has the Left option 0, so X stays blocked).
    Left moving first in s + X must move in s (X is a Left end), and each reply above wins for
    Right: this proves the necessity half of DM 2026 Thm 3.1.

    Raises
    ------
    ValueError
        if ``g`` is Left-strong (no such X exists).
    """
    if strong_left(g):
        raise ValueError(f"#{g} is Left-strong modulo blocking: no witness exists")
    r = _wl.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    todo, seen, rights = [g], {g}, set()
    while todo:
        s = todo.pop()
        for x in left(s):
            budget.check()
            bad = next((y for y in right(x) if not strong_left(y)), None)
            if bad is not None:
                if bad not in seen:
                    seen.add(bad)
                    todo.append(bad)
            elif not strong_left(x):
                rights.add(left_strong_witness(x))
            elif right(x):
                raise VerificationError(f"strong test: #{x} is strong, not a Right end, o != L: a bug")
            else:
                rights.add(adjoint(x))
    r = intern((), sorted(rights))
    _wl[g] = r
    return r


def _facts(g: GameId) -> tuple[bool, bool, bool, bool]:
    return bool(left(g)), bool(right(g)), strong_left(g), strong_right(g)


def _end_matrix(fa, fb):  # type: ignore[no-untyped-def]
    """The proviso for all pairs: (h a Left end ⇒ g Left-strong), (g a Right end ⇒ h Right-strong)."""
    return (fb[None, :, 0] | fa[:, None, 2]) & (fa[:, None, 1] | fb[None, :, 3])


_table = OrderTable("blocking", _facts, _end_matrix)


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` modulo ℬ for blocking g, h: proviso with the strong test, and maintenance
    (DMM 2506.05257 Thm 2.1; Davies–Milley 2026 Thm 3.1).

    Examples
    --------
    >>> ge(parse_id("{|*}"), ZERO), ge(ZERO, parse_id("{|*}"))
    (True, False)
    >>> ge(parse_id("{|1}"), ZERO), ge(ZERO, parse_id("{|1}"))   # {|1} = 0 modulo blocking
    (True, True)
    """
    return _cached(g, h)


def _ge_rule(g: GameId, h: GameId) -> bool:
    """The options-only test behind :func:`ge` (memoised by it)."""
    return ((bool(left(h)) or strong_left(g)) and (bool(right(g)) or strong_right(h))
            and maintained(g, h, ge))


_cached = _table.memoised(_ge, _ge_rule)


def eq(g: GameId, h: GameId) -> bool:
    """``g ≡ h`` modulo ℬ."""
    return g == h or (ge(g, h) and ge(h, g))


def _end_failure(g: GameId, h: GameId) -> Optional[Failure]:
    if not left(h) and not strong_left(g):
        return "a", left_strong_witness(g)  # h + X is a Left end: Left wins it moving first
    if not right(g) and not strong_right(h):
        return "b", conjugate(left_strong_witness(conjugate(h)))
    return None


_builder = WitnessBuilder("blocking", ge, _end_failure)


def _end_step(x: GameId, rest: list[GameId], other: list[GameId], cur: GameId,
              left_side: bool) -> Optional[list[GameId]]:
    """Delete an option reversing through an end when the comparison test shows the result
    equal to the current form (no reduction theorem for ends modulo ℬ is available)."""
    new = intern(rest, other) if left_side else intern(other, rest)
    return rest if is_blocking(new) and eq(new, cur) else None


def reduce(g: GameId) -> GameId:
    """A reduced form of the blocking game ``g`` modulo ℬ: options reduced, dominated options
    removed, open reversible options bypassed, and options reversing through ends deleted when
    the comparison test proves the deletion harmless.

    Notes
    -----
    Domination and open reversibility follow from the maintenance–proviso test (DMM Thm 2.1),
    as for 004 Thms 19, 21. No theorem says the result is unique; :meth:`BlockingUniverse.born_by`
    therefore merges equal values with the comparison test. Every result is checked ``≡_ℬ g``.

    Raises
    ------
    VerificationError
        if the reduced form is not equal to ``g`` (a bug).
    """
    r = _red.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]
    cur = canonical_form(g, ge, reduce, _end_step)
    if not eq(cur, g):
        raise VerificationError(f"blocking reduction of #{g} gave an unequal form #{cur}: a bug")
    _red[g] = cur
    _red[cur] = cur
    return cur


#: small blocking games tried as witnesses first (readable answers)
_SMALL = [parse_id(t) for t in ("0", "*", "1", "-1", "{|*}", "{*|}", "2", "-2", "^", "v", "^*", "v*",
                                  "{1|0}", "{0|-1}", "{|0,-1}", "{0,1|}", "{0,*|*}", "{*|0,*}", "*2")]


def witness(g: GameId, h: GameId) -> GameId:
    """A blocking X with ``o(g+X) ≱ o(h+X)``, for members with ``g ≱_ℬ h``: small games first,
    else the constructive witness (adjoints, downlinks, :func:`left_strong_witness`)."""
    x = small_witness(g, h, _SMALL)
    return x if x is not None else _builder.witness_a(g, h)


def member_forms(n: int, contains: Callable[[GameId], bool]) -> list[GameId]:
    """Every member *form* born by day n of a hereditary set given by ``contains`` (options of
    members are members, so day n is built from the member forms of day n - 1)."""
    day = [ZERO]
    for _ in range(n):
        subsets = [[x for i, x in enumerate(day) if m >> i & 1] for m in range(1 << len(day))]
        new = set()
        for a in subsets:
            for b in subsets:
                budget.check()
                g = intern(a, b)
                if contains(g):
                    new.add(g)
        day = sorted(new, key=lambda x: (birthday(x), x))
    return day


def values_by_forms(u: Universe, n: int) -> list[GameId]:
    """The values modulo ``u`` born by day n: every member form born by day n, merged with the
    universe's own comparison (one reduced representative per value).

    Used where reduced forms are not known to be unique; the forms of day 2 are few
    (at most 256), so this is exhaustive there.
    """
    reps: list[GameId] = []
    for g in member_forms(n, u.contains):
        r = u.reduce(g)
        if not any(u.eq(r, x) for x in reps):
            reps.append(r)
    return sorted(reps, key=lambda x: (birthday(x), x))


class BlockingUniverse(Universe):
    """Blocking games: every end follower is a blocked end (DMM 2506.05257 §4; DM 2026)."""

    def build_day(self, n: int) -> list[GameId]:
        """The values modulo ℬ born by day n (n ≤ 2), from all blocking forms (reduced forms
        are not known to be unique, so values are merged by the comparison test)."""
        return values_by_forms(self, n)

    name = "blocking"
    aliases = ("B", "blocking-games")
    description = "blocking games: every end is a blocked end (Davies-Miller-Milley 2025, Davies-Milley 2026)"
    max_enumeration_day = 2
    #: every universe has the conjugate property (Davies-Yadav 2410.06924)
    conjugate_property = True
    #: where the conjugate property is proved
    conjugate_property_source = 'Davies–Milley 2026, as formalised in lean-pool Misere/Blocking.lean'


BLOCKING = register(BlockingUniverse(contains=is_blocking, ge=ge, reduce=reduce, witness=witness,
                                     order_table=_table))
