"""A pure-Python whole-board search of Cram, Clobber, Konane and Toads and Frogs positions on
the 64-bit boards of :mod:`misere.rulesets.board_rules_jit`, for small positions in a process
that has not loaded the compiled searches (issue 23 item 4: small boards never pay for numba).

The rules are those of :mod:`misere.rulesets.board_rules_jit` (same words ``(a, b)``: Cram
``a`` the free squares; Clobber and Konane ``a`` Left's stones, ``b`` Right's, Konane's board
``onboard``; Toads and Frogs ``a`` the toads, ``b`` the frogs plus a sentinel bit at the
strip's length), written with Python integers: no splitting into pieces, no symmetry, so a
position costs a few shifts and popcounts instead of the flood fills and canonical pieces of the
multiset search of :mod:`misere.rulesets.board_base` (on Konane 5x5 the multiset search spends
about 150 us a position, this one about 10 us).

The search is the definition of the outcome (misère play: a player with no move wins, Siegel
003 §2; normal play: such a player loses, Winning Ways ch. 2), depth first, memoised in tables
that :func:`misere.core.cache.clear` empties; every child is looked up first (one known lost
for the opponent ends the node), the others are tried least (2 x mover's moves - opponent's
moves) first, the order of :func:`misere.rulesets.board_rules_jit.score`. After ``limit``
expansions it raises :class:`Allowance` (the memo stays exact: only finished positions are
stored), and the caller hands the position to the compiled search.
"""
from __future__ import annotations

from misere import budget
from misere.core import cache

__all__ = ["Allowance", "GAMES", "wins"]

#: the rulesets this search serves (names of :meth:`misere.rulesets.board_base.BoardRuleset.bitboard`)
GAMES = ("cram", "clobber", "konane", "toads-and-frogs")
_STEPS = (1, -1, 8, -8)


class Allowance(Exception):
    """The search expanded its allowance of positions: the position goes to the compiled search."""


def _shift(x: int, d: int) -> int:
    return x << d if d > 0 else x >> -d


def _moves(game: str, a: int, b: int, left: bool, onboard: int) -> list[tuple[int, int]]:
    """Every move of the mover (Left if ``left``) from ``(a, b)``."""
    out = []
    if game == "cram":
        for s in (1, 8):
            pairs = a & (a >> s)
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                out.append((a ^ low ^ (low << s), 0))
        return out
    if game == "toads-and-frogs":
        n = b.bit_length() - 1
        f = b ^ (1 << n)
        empty = ((1 << n) - 1) & ~(a | f)
        me, other, d = (a, f, 1) if left else (f, a, -1)
        slides = me & _shift(empty, -d)
        jumps = me & _shift(other, -d) & _shift(empty, -2 * d)
        for src, k in ((slides, d), (jumps, 2 * d)):
            while src:  # a toad (frog) moves from ``low`` to ``low`` shifted by ``k``
                low = src & -src
                src ^= low
                moved = low | _shift(low, k)
                out.append((a ^ moved, b) if left else (a, b ^ moved))
        return out
    me, you = (a, b) if left else (b, a)
    for d in _STEPS:
        if game == "clobber":
            src = me & _shift(you, -d)
            while src:
                low = src & -src
                src ^= low
                tgt = _shift(low, d)
                out.append((me ^ low ^ tgt, you ^ tgt))
            continue
        empty = onboard & ~(a | b)
        src = me & _shift(you, -d) & _shift(empty, -2 * d)
        while src:  # Konane: every stone with a first jump, every number of jumps in direction d
            start = src & -src
            src ^= start
            land, y2, free = start, you, empty | start
            while y2 & _shift(land, d) and free & _shift(land, 2 * d):
                y2 ^= _shift(land, d)  # captured: its square is free again
                free ^= _shift(land, d) | _shift(land, 2 * d)
                land = _shift(land, 2 * d)
                out.append((me ^ start ^ land, y2))
    return out if left else [(y, m) for m, y in out]


def _mobility(game: str, a: int, b: int, left: bool, onboard: int) -> int:
    """How many moves the player has (Konane: single jumps), for move ordering."""
    if game == "cram":
        return (a & (a >> 1)).bit_count() + (a & (a >> 8)).bit_count()
    if game == "toads-and-frogs":
        n = b.bit_length() - 1
        f = b ^ (1 << n)
        empty = ((1 << n) - 1) & ~(a | f)
        if left:
            return (a & (empty >> 1)).bit_count() + (a & (f >> 1) & (empty >> 2)).bit_count()
        return (f & (empty << 1)).bit_count() + (f & (a << 1) & (empty << 2)).bit_count()
    me, you = (a, b) if left else (b, a)
    if game == "clobber":
        return sum((me & _shift(you, -d)).bit_count() for d in _STEPS)
    empty = onboard & ~(a | b)
    return sum((me & _shift(you, -d) & _shift(empty, -2 * d)).bit_count() for d in _STEPS)


def wins(game: str, a: int, b: int, left: bool, onboard: int = 0, misere: bool = True,
         limit: int | None = None) -> bool:
    """Does the player to move win the position ``(a, b)``?

    Parameters
    ----------
    game : str
        One of :data:`GAMES`.
    a, b : int
        The two words of the position (module docstring; the layout of
        :mod:`misere.rulesets.board_rules_jit`).
    left : bool
        Left moves first (else Right).
    onboard : int
        Konane's board squares (ignored by the other games).
    misere : bool
        Misère play (default); normal play when false.
    limit : int or None
        Positions the search may expand before it gives up.

    Returns
    -------
    bool
        Whether the player to move wins.

    Raises
    ------
    Allowance
        After ``limit`` expansions (the memo stays exact).
    misere.errors.BudgetExceededError
        When the budget in force runs out (checked every 1 024 expansions).
    ValueError
        For a game this search does not serve.

    Examples
    --------
    >>> wins("cram", 0b11, 0, True)  # one domino: the mover must take it, then the other wins
    False
    """
    if game not in GAMES:
        raise ValueError(f"the Python board search serves {', '.join(GAMES)}, not {game!r}")
    memo = cache.table("board_py")
    tables = memo.get((game, onboard, misere))
    if tables is None:
        tables = memo[(game, onboard, misere)] = ({}, {})
    count, stop = 0, float("inf") if limit is None else limit

    def solve(a: int, b: int, left: bool) -> bool:
        nonlocal count
        count += 1
        if count > stop:
            raise Allowance
        if not count & 1023:
            budget.check()
        mine, theirs = tables if left else tables[::-1]
        key = a | b << 64
        kids = _moves(game, a, b, left, onboard)
        if not kids:
            mine[key] = misere
            return misere
        todo = []
        for x, y in kids:
            r = theirs.get(x | y << 64)
            if r is False:
                mine[key] = True
                return True
            if r is None:
                todo.append((2 * _mobility(game, x, y, not left, onboard) - _mobility(game, x, y, left, onboard), x, y))
        todo.sort()
        for _, x, y in todo:
            if not solve(x, y, not left):
                mine[key] = True
                return True
        mine[key] = False
        return False

    r = tables[0 if left else 1].get(a | b << 64)
    return r if r is not None else solve(a, b, left)
