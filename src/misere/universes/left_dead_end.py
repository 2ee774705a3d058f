"""Left dead ends (A. Davies, *On factorisations of Left dead ends*, arXiv 2409.17871).

A *Left dead end* is a game in which Left has no move at any follower (001 Def 5.1.1;
Davies 2409.17871): ``G = {· | G^R}`` with every ``G^R`` a Left dead end. They form a
submonoid of every universe containing them. A universe (Larsson–Nowakowski–Santos; Davies–Yadav
arXiv 2410.06924 §1) is closed under sums, conjugates, options and *dicotic closure*; the
smallest one containing the Left dead ends is therefore ℰ itself (every dead-ending game is a
dead end or ``{A | B}`` with A, B non-empty sets of dead-ending games).

Comparison. For Left dead ends G, H (Davies 2409.17871; 004 Thm 17 specialised):

    G ≥ H   iff   (G = 0 ⇒ H = 0)  and  every G^R is ≥ some H^R.

This is the order modulo ℰ, and it is also the order modulo the universe of *all* games (the
tests check it against 004 Thm 17 and Siegel 003 Thm 5.3 on every pair of values born by
day 4; Siegel arXiv 2312.16259 shows that dead ends compare alike in every universe containing
them), so it is the order modulo every universe containing the Left dead ends. Every "not ≥"
carries a witness X ∈ ℰ, the smallest such universe (the ℰ construction, verified by outcome
search). A witness is never a Left dead end: on Left dead ends alone, o(G + X) is N for
``G + X = 0`` and L otherwise. Invertibility, unlike the order, depends on the universe:
``G + Ḡ ≡ 0`` modulo ℰ, but only 0 is invertible modulo all games.

Values. There is no reversibility (no Left options), so the reduced form keeps the minimal
Right options, reduced (Davies 2409.17871): the values born by day n+1 are ``{· | A}`` for the
antichains A of the values born by day n — 1, 2, 4, 10, 52 (Davies) and 21 278 on day 5 (ours).
If ``Y ≤ X`` then every run (path to 0) of X is matched by a run of Y of the same length, so
equivalent forms have the same birthday and the same set of run lengths (:func:`run_lengths`).
"""
from __future__ import annotations

from .. import budget
from ..core import cache
from ..core.ops import add, conjugate, is_dead_ending, is_dead_left_end
from ..core.table import ZERO, GameId, intern, right
from ..errors import VerificationError
from . import dead_ending
from .base import Universe, antichains, register
from .invertibility import InvertibilityResult
from .order import OrderTable
from .reduction import remove_dominated

__all__ = ["LeftDeadEndUniverse", "ge", "reduce", "witness", "race", "run_lengths",
           "flexibility", "integer_part", "waiting", "LEFT_DEAD_END"]

_ge = cache.table("left_dead_end.ge")
_red = cache.table("left_dead_end.reduce")
_runs = cache.table("left_dead_end.runs")
_flex = cache.table("left_dead_end.flexibility")


def ge(g: GameId, h: GameId) -> bool:
    """``g ≥ h`` for Left dead ends: ``(g = 0 ⇒ h = 0)`` and every ``g^R ≥`` some ``h^R``
    (Davies 2409.17871; 004 Thm 17 for dead Left ends).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> ge(parse_id("-2"), parse_id("{|0,-1}")), ge(parse_id("-1"), parse_id("-2"))
    (True, False)
    """
    return _cached(g, h)


def _ge_rule(g: GameId, h: GameId) -> bool:
    """The options-only test behind :func:`ge` (memoised by it)."""
    gr, hr = right(g), right(h)
    return not hr if not gr else all(any(ge(x, y) for y in hr) for x in gr)


def _facts(g: GameId) -> tuple[bool]:
    return (bool(right(g)),)


def _end_matrix(fa, fb):  # type: ignore[no-untyped-def]
    """``g = 0 ⇒ h = 0`` for all pairs (maintenance does the rest: a Left dead end has no Left
    options, so the matrix form of :mod:`misere.universes.order` is exactly the rule above)."""
    return fa[:, None, 0] | ~fb[None, :, 0]


_table = OrderTable("left-dead-end", _facts, _end_matrix)
_cached = _table.memoised(_ge, _ge_rule)


def reduce(g: GameId) -> GameId:
    """The value of the Left dead end ``g``: its reduced Right options, minimal ones only.

    Domination is the only reduction (004 Thm 19; no option can reverse, since no follower has
    a Left option); the result is unique because the options of a reduced form are an
    antichain and ``≥`` compares option sets (Davies 2409.17871).

    Examples
    --------
    >>> from misere.core.notation import parse_id, format_id
    >>> format_id(reduce(parse_id("{|-1,{|0,-1}}")))
    '{|{|0,-1}}'
    """
    r = _red.get(g)
    if r is not None:
        return r  # type: ignore[no-any-return]

    def make(x: GameId) -> GameId:  # the followers are reduced first
        cur = intern((), remove_dominated(sorted({_red[y] for y in right(x)}), ge, False))
        _red[cur] = cur
        return cur

    return cache.bottom_up(g, right, _red, make, budget.check)  # type: ignore[no-any-return]


def witness(g: GameId, h: GameId) -> GameId:
    """A dead-ending X with ``o(g+X) ≱ o(h+X)`` for Left dead ends with ``g ≱ h``.

    The order above is the order modulo ℰ, so the ℰ construction (003 Thms 3.4, 5.4 adapted;
    :func:`misere.universes.dead_ending.witness`) applies; X lies in ℰ, the smallest universe
    containing the Left dead ends.
    """
    return dead_ending.witness(g, h)


def run_lengths(g: GameId) -> frozenset[int]:
    """The lengths of all runs of ``g`` (paths of Right moves to 0); an invariant of the value.

    ``race(g)`` is the least, the birthday the largest; the run lengths of a sum are the sums of
    run lengths (Davies 2409.17871 "race"; gemau's ``term_lengths``).
    """
    r = _runs.get(g)
    if r is None:
        if not right(g):
            r = frozenset((0,))
        else:
            r = frozenset(n + 1 for x in right(g) for n in run_lengths(x))
        _runs[g] = r
    return r  # type: ignore[no-any-return]


def race(g: GameId) -> int:
    """The shortest run of ``g``: additive over sums, monotone (``g ≥ h ⇒ race g ≥ race h``)."""
    return min(run_lengths(g))


def integer_part(g: GameId) -> tuple[int, GameId]:
    """``(n, h)`` with ``g = {·|{·|…{·|h}}}`` (n bars) and h zero or with several options; for
    a reduced g, ``g = n̄ + h`` (an integer plus its non-integer part)."""
    n = 0
    while len(right(g)) == 1:
        g = right(g)[0]
        n += 1
    return n, g


def flexibility(g: GameId) -> int:
    """Davies' flexibility: 0 for an integer ``n̄``, else 1 + the largest flexibility of an
    option (Davies 2409.17871: a measure of the distance from g to the integers)."""
    r = _flex.get(g)
    if r is None:  # memoised: a sum of k copies shares followers, a tree walk is exponential in k
        n, rest = integer_part(g)
        r = _flex[g] = 0 if rest == ZERO else 1 + max(flexibility(x) for x in right(g))
    return r  # type: ignore[no-any-return]


def waiting(n: int) -> GameId:
    """The waiting game ``W_n`` = perfect murder ``M_n`` (004 Def 2): ``{· | 0, W_{n-1}}``."""
    return dead_ending.perfect_murder(n)


class LeftDeadEndUniverse(Universe):
    """Left dead ends: Left has no move at any follower (Davies 2409.17871).

    Not closed under conjugates, so not a universe itself: comparisons, witnesses and inverses
    are modulo ℰ, the smallest universe containing the Left dead ends, and the comparisons
    hold modulo every universe containing them (see the module docstring).
    """

    name = "left-dead-end"
    aliases = ("LDE", "left-dead-ends", "left_dead_end", "dead-left-end")
    description = "Left dead ends: Left never has a move (Davies 2409.17871); modulo E"
    max_enumeration_day = 5
    #: inverses are conjugates (Davies–Yadav 2410.06924: every universe has the conjugate property)
    conjugate_property = True
    #: where the conjugate property is proved
    conjugate_property_source = 'Davies–Yadav 2410.06924, conjugate property of ℰ'
    #: the universe comparisons, witnesses and inverses are taken in
    ambient = "dead-ending"

    enumeration_note = "21278 values; day 6 has one value per antichain of those"

    def build_day(self, n: int) -> list[GameId]:
        """The values born by day n: ``{· | A}`` for the antichains A of day n-1.

        Counts 1, 2, 4, 10, 52 (Davies), 21 278 (day 5); day 6 is out of reach this way.
        """
        if not n:
            return [ZERO]
        prev = self.born_by(n - 1)
        return [intern((), a) for a in antichains(prev, ge, self.order_matrix(prev))]

    def verified_witness(self, g: GameId, h: GameId) -> GameId:
        """A witness of ``g ≱ h`` in ℰ, checked by outcome search before it is returned."""
        x = self.witness(g, h)
        og, oh = self.outcome_of_sum((g, x)), self.outcome_of_sum((h, x))
        if og >= oh or not is_dead_ending(x):
            raise VerificationError(
                f"witness #{x} for 'not {g} >= {h}' among Left dead ends failed: outcomes {og}, {oh}")
        return x

    def invertibility(self, g: GameId) -> InvertibilityResult:
        """``g + ḡ ≡ 0`` modulo ℰ for every Left dead end (001 Thm 5.3.2; 004 Thm 30), hence
        modulo every universe inside ℰ that contains g; the inverse ḡ is a Right dead end, and
        by Davies–Yadav (2410.06924) no other inverse exists. Inside the monoid of Left dead ends
        only 0 is invertible (races add). Checked here by 004 Thm 17."""
        s = add(g, conjugate(g))
        ok = dead_ending.DEAD_ENDING.eq(s, ZERO)
        x = None if ok else dead_ending.DEAD_ENDING.distinguish(s, ZERO)
        method = ("G + conj(G) = 0 modulo E (004 Thm 17; 001 Thm 5.3.2), so in every universe "
                  "inside E; conj(G) is the only inverse (Davies-Yadav 2410.06924)")
        inv = dead_ending.reduce(conjugate(g)) if ok else None
        return InvertibilityResult(self.name, g, ok, inv, x, method, True)


LEFT_DEAD_END = register(LeftDeadEndUniverse(contains=is_dead_left_end, ge=ge, reduce=reduce,
                                             witness=witness, order_table=_table))
