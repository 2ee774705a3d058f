"""Normal and misère outcomes of forms and of sums given as multisets of components.

An outcome is one of ``L N P R``. It is the pair (who wins when Left starts, who wins when
Right starts): ``L = (L, L)``, ``N = (L, R)``, ``P = (R, L)``, ``R = (R, R)``, ordered
componentwise with ``R < L`` (Siegel 003 §2; Milley 001 §2.2, Fig 2.1).

Outcomes of a sum ``G1 + ... + Gk`` are computed by searching positions of the sum without
building the sum form: sums of fewer than :data:`PACKED_FROM` components by a search over sorted
tuples of component ids with memo tables shared by all calls (comparisons and quotients ask for
many small sums with common followers), larger sums by the packed count-vector search of :mod:`misere.core.packed` (one int per position, explicit
stack), whose results are cached per multiset of components.
"""
from __future__ import annotations

from bisect import bisect_left
from enum import Enum
from typing import Iterable

from . import cache
from .table import LEFTS as _left_table
from .table import RIGHTS as _right_table
from .packed import sum_outcome_pair, sum_wins_first
from .table import ZERO, GameId, left, right

__all__ = [
    "Outcome", "left_wins_first", "right_wins_first", "outcome", "sum_outcome",
    "sum_left_wins_first", "sum_right_wins_first",
]


class Outcome(str, Enum):
    """An outcome class; compares in the partial order ``L > N, P > R`` (``N`` ∥ ``P``)."""

    L = "L"
    N = "N"
    P = "P"
    R = "R"

    @classmethod
    def from_pair(cls, left_first: bool, right_first: bool) -> "Outcome":
        """The class of (Left wins moving first, Right wins moving first)."""
        if left_first:
            return cls.N if right_first else cls.L
        return cls.R if right_first else cls.P

    @property
    def left_first(self) -> bool:
        """Does Left win moving first?"""
        return self in (Outcome.L, Outcome.N)

    @property
    def right_first(self) -> bool:
        """Does Right win moving first?"""
        return self in (Outcome.R, Outcome.N)

    def conjugate(self) -> "Outcome":
        """The outcome of the conjugate game (swap L and R)."""
        return _CONJ[self]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        # Left-good components: Left winning first, Right *losing* first.
        return (self.left_first or not other.left_first) and (
            not self.right_first or other.right_first
        )

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return other >= self

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self >= other and self != other

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return other >= self and self != other

    def __str__(self) -> str:
        return self.value


_CONJ = {Outcome.L: Outcome.R, Outcome.R: Outcome.L, Outcome.N: Outcome.N, Outcome.P: Outcome.P}

_Memo = dict[GameId, bool]
_lf: dict[bool, _Memo] = {True: cache.table("left_first_misere"), False: cache.table("left_first_normal")}
_rf: dict[bool, _Memo] = {True: cache.table("right_first_misere"), False: cache.table("right_first_normal")}


def _wins_first(g: GameId, misere: bool, left_moves: bool) -> bool:
    memo = (_lf if left_moves else _rf)[misere]
    r = memo.get(g)
    if r is None:
        opts = left(g) if left_moves else right(g)
        r = misere if not opts else False
        for x in opts:
            if not _wins_first(x, misere, not left_moves):
                r = True
                break
        memo[g] = r
    return r


def left_wins_first(g: GameId, misere: bool = True) -> bool:
    """Does Left win ``g`` moving first? (Misère: a player with no move wins.)"""
    return _wins_first(g, misere, True)


def right_wins_first(g: GameId, misere: bool = True) -> bool:
    """Does Right win ``g`` moving first?"""
    return _wins_first(g, misere, False)


def outcome(g: GameId, normal: bool = False) -> Outcome:
    """The misère outcome of ``g`` (or its normal-play outcome with ``normal=True``).

    Examples
    --------
    >>> from misere.core.ops import STAR
    >>> outcome(ZERO), outcome(ZERO, normal=True), outcome(STAR)
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>, <Outcome.P: 'P'>)
    """
    m = not normal
    return Outcome.from_pair(left_wins_first(g, m), right_wins_first(g, m))


# --- sums as multisets -------------------------------------------------------------------

_PosMemo = dict[tuple[GameId, ...], bool]
_slf: dict[bool, _PosMemo] = {True: cache.table("sum_left_first_misere"), False: cache.table("sum_left_first_normal")}
_srf: dict[bool, _PosMemo] = {True: cache.table("sum_right_first_misere"), False: cache.table("sum_right_first_normal")}


def _key(games: Iterable[GameId]) -> tuple[GameId, ...]:
    return tuple(sorted(g for g in games if g != ZERO))


def _sum_first(pos: tuple[GameId, ...], misere: bool, left_moves: bool) -> bool:
    """Does the player to move (Left if ``left_moves``) win the sum ``pos`` (sorted ids)?

    Children already in the memo are looked at first: a child known to be lost for the
    opponent ends the search without recursion (a transposition cut-off).
    """
    if len(pos) <= 1:
        return _wins_first(pos[0] if pos else ZERO, misere, left_moves)
    memo = (_slf if left_moves else _srf)[misere]
    r = memo.get(pos)
    if r is not None:
        return r
    other = (_srf if left_moves else _slf)[misere]
    side = _left_table if left_moves else _right_table
    children: list[tuple[GameId, ...]] = []
    prev = -1
    moved = False
    for i, c in enumerate(pos):
        if c == prev:  # equal components give equal children
            continue
        prev = c
        opts = side[c]
        if not opts:
            continue
        moved = True
        rest = pos[:i] + pos[i + 1:]
        for x in opts:
            if x == ZERO:
                child = rest
            else:
                k = bisect_left(rest, x)
                child = rest[:k] + (x,) + rest[k:]
            known = other.get(child) if len(child) > 1 else None
            if known is False:
                memo[pos] = True
                return True
            if known is None:
                children.append(child)
    r = False if moved else misere
    for child in children:
        if not _sum_first(child, misere, not left_moves):
            r = True
            break
    memo[pos] = r
    return r


_packed_memo: dict[tuple[tuple[GameId, ...], bool, bool], bool] = cache.table("sum_packed")


#: sums with fewer components use the tuple search, whose memo tables are shared by all calls:
#: callers such as quotient and comparison code ask for many small sums with common followers
PACKED_FROM = 16


def _first(key: tuple[GameId, ...], misere: bool, left_moves: bool) -> bool:
    if len(key) < PACKED_FROM:
        return _sum_first(key, misere, left_moves)
    k = (key, misere, left_moves)
    r = _packed_memo.get(k)
    if r is None:
        r = _packed_memo[k] = sum_wins_first(key, left_moves, misere)
    return r


def sum_left_wins_first(games: Iterable[GameId], misere: bool = True) -> bool:
    """Does Left win the sum of ``games`` moving first?"""
    return _first(_key(games), misere, True)


def sum_right_wins_first(games: Iterable[GameId], misere: bool = True) -> bool:
    """Does Right win the sum of ``games`` moving first?"""
    return _first(_key(games), misere, False)


def sum_outcome(games: Iterable[GameId], normal: bool = False) -> Outcome:
    """The outcome of the disjunctive sum of ``games`` without building the sum form.

    Examples
    --------
    >>> from misere.core.ops import STAR
    >>> sum_outcome([STAR, STAR]), sum_outcome([STAR, STAR], normal=True)
    (<Outcome.N: 'N'>, <Outcome.P: 'P'>)
    """
    key = _key(games)
    m = not normal
    if len(key) < PACKED_FROM:
        return Outcome.from_pair(_sum_first(key, m, True), _sum_first(key, m, False))
    kl, kr = (key, m, True), (key, m, False)
    if kl not in _packed_memo or kr not in _packed_memo:
        _packed_memo[kl], _packed_memo[kr] = sum_outcome_pair(key, m)
    return Outcome.from_pair(_packed_memo[kl], _packed_memo[kr])
