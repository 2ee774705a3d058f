"""Outcomes of large sums by a search over packed count vectors (one Python int per position).

A sum ``G1 + ... + Gk`` is a multiset of component forms. Every distinct form met during the
search (a component or a follower of one) gets a *type* number; a position is the vector of
counts of each type, packed into one int with a fixed-width bit field per type, and memoised
on that int. A move replaces one copy of type ``t`` by one of its options ``x``: the position
changes by ``(1 << off[x]) - (1 << off[t])``, precomputed per type and side, so a move is one
integer addition.

Integers are merged: the forms ``n = {n-1|}`` satisfy ``m + n = m+n`` identically (as forms),
so all positive integer components live in one counter field (their total) and all negative
ones in another; Left's only move there is to lower the total by one. Positions whose sums are
identical forms therefore share one key.

The search is depth-first with an explicit stack (no ``RecursionError`` on deep games) and
a transposition cut-off: every child is first looked up in the memo, and a child known lost
for the opponent ends the search at once. Moves are tried in a fixed order, simplest first
(integer counters, then types and options by a rank computed from the forms alone, so that the
order, and the number of positions, do not depend on the ids, i.e. on what the process
interned before); measured on sums of day-3 games simplest-first explores far fewer positions
than the reverse or an order by the options' own outcomes. :func:`misere.budget.check` is
called per expanded position so that a time or memory budget stops the search cleanly.

With a ``theory`` (the order of a universe holding the sum, :mod:`misere.universes.sum_theory`)
the search is pruned exactly by :mod:`misere.core.packed_theory`: dominated moves, a monotone
memo, and the universe's identities ``x + y = z`` applied to every position.

Sums that need more than :data:`PY_LIMIT` positions are handed to the same search compiled
(:mod:`misere.core.packed_jit`: mixed-radix keys in int64 words, numpy memo, numba), which
explores exactly the same positions about 4x faster per position; small sums never import
numba.

References: outcomes of sums from the definition, Siegel 003 §2 (misère) and Conway's normal
play; integers as forms, Siegel 003 §2 (``n = {n-1|}``).
"""
from __future__ import annotations

from typing import Iterable

from .packed_theory import Ge, needs, python_tables, rewrite_rules
from .search import mover_wins
from .table import LEFTS, RIGHTS, ZERO, GameId, birthday

__all__ = ["sum_wins_first", "sum_outcome_pair", "Layout"]


def _int_value(g: GameId, memo: dict[GameId, int | None]) -> int | None:
    """``n`` when ``g`` is the form of the integer ``n`` (``0`` is excluded), else ``None``."""
    if g in memo:
        return memo[g]
    lo, ro = LEFTS[g], RIGHTS[g]
    v: int | None = None
    chain = []
    x = g
    # walk the chain iteratively: {n-1|} or {|-(n-1)}
    if lo and not ro and len(lo) == 1:
        step, opts = 1, LEFTS
    elif ro and not lo and len(ro) == 1:
        step, opts = -1, RIGHTS
    else:
        memo[g] = None
        return None
    while x != ZERO:
        lo, ro = LEFTS[x], RIGHTS[x]
        ok = (len(lo) == 1 and not ro) if step == 1 else (len(ro) == 1 and not lo)
        if not ok:
            break
        chain.append(x)
        x = opts[x][0]
    if x == ZERO:
        v = 0
        for y in reversed(chain):
            v += step
            memo[y] = v
        return memo[g]
    for y in chain:
        memo[y] = None
    return None


def _ranks(forms: set[GameId]) -> dict[GameId, int]:
    """A numbering of ``forms`` (a follower-closed set) that depends on the forms only, not on
    their ids (which follow the history of the process): by birthday, then by the sorted ranks
    of the Left options, then of the Right options. Distinct forms get distinct ranks."""
    rank: dict[GameId, int] = {}
    days: dict[int, list[GameId]] = {}
    for g in forms:
        days.setdefault(birthday(g), []).append(g)
    for day in sorted(days):
        keyed = sorted((tuple(sorted(rank[x] for x in LEFTS[g])), tuple(sorted(rank[x] for x in RIGHTS[g])), g)
                       for g in days[day])
        for lo, ro, g in keyed:
            rank[g] = len(rank)
    return rank


class Layout:
    """Packing of positions of one search: field offsets and per-type move deltas.

    Bits ``[0, cw)`` hold the total of the positive integers, ``[cw, 2cw)`` that of the
    negative integers (as a positive number), then one ``w``-bit count field per type. Types
    and their options are in :func:`_ranks` order (simplest first), the move order of the
    search; fields have one spare count (the monotone memo looks up neighbours with one more
    copy of a form, :mod:`misere.core.packed_theory`).
    """

    def __init__(self, games: list[GameId]) -> None:
        self.ints: dict[GameId, int | None] = {}
        total = sum(birthday(g) for g in games)
        self.cw = (total + 1).bit_length()
        self.w = (len(games) + 1).bit_length()
        self.base = 2 * self.cw
        self.type_of: dict[GameId, int] = {}
        self.ids: list[GameId] = []
        # per side (0 Left, 1 Right): per type, the tuple of move deltas (filled lazily)
        self.deltas: tuple[list[tuple[int, ...] | None], list[tuple[int, ...] | None]] = ([], [])
        seen: set[GameId] = set()
        stack = list(games)
        while stack:
            g = stack.pop()
            if g in seen:
                continue
            seen.add(g)
            stack.extend(LEFTS[g])
            stack.extend(RIGHTS[g])
        self.rank = _ranks(seen)
        for g in sorted(seen, key=self.rank.__getitem__):
            if g != ZERO and _int_value(g, self.ints) is None:
                self.unit(g)

    def unit(self, g: GameId) -> int:
        """The packed position of the single component ``g``."""
        if g == ZERO:
            return 0
        n = _int_value(g, self.ints)
        if n is not None:
            return n if n > 0 else (-n) << self.cw
        t = self.type_of.get(g)
        if t is None:
            t = self.type_of[g] = len(self.ids)
            self.ids.append(g)
            self.deltas[0].append(None)
            self.deltas[1].append(None)
        return 1 << (self.base + self.w * t)

    def int_value(self, g: GameId) -> int | None:
        """``n`` when ``g`` is the form of the integer ``n != 0``, else ``None``."""
        return _int_value(g, self.ints)

    def mask(self, g: GameId) -> int:
        """The bits of the field that counts copies of ``g`` (a type, ``1`` or ``-1``)."""
        n = _int_value(g, self.ints)
        if n is not None:
            return ((1 << self.cw) - 1) << (0 if n > 0 else self.cw)
        return ((1 << self.w) - 1) << (self.base + self.w * self.type_of[g])

    def pack(self, games: Iterable[GameId]) -> int:
        """The packed position of a multiset of components."""
        return sum(self.unit(g) for g in games)

    def options(self, t: int, side: int) -> tuple[GameId, ...]:
        """The options of ``side`` in type ``t`` in search order (simplest first; one per delta)."""
        xs = sorted((RIGHTS if side else LEFTS)[self.ids[t]], key=self.rank.__getitem__)
        first: dict[int, GameId] = {}
        for x in xs:
            first.setdefault(self.unit(x), x)
        return tuple(first.values())

    def moves(self, t: int, side: int) -> tuple[int, ...]:
        """Deltas of the moves of ``side`` in one copy of type ``t``."""
        d = self.deltas[side][t]
        if d is None:
            me = 1 << (self.base + self.w * t)
            d = tuple(self.unit(x) - me for x in self.options(t, side))
            self.deltas[side][t] = d
        return d


class _TooBig(Exception):
    """The Python search expanded more positions than its limit (hand over to the compiled one)."""


class _Search:
    """Memo tables of one search (Left to move, Right to move) and its explicit-stack DFS."""

    def __init__(self, layout: Layout, misere: bool, limit: int | None = None, theory: Ge | None = None) -> None:
        self.layout = layout
        self.misere = misere
        self.memo: tuple[dict[int, bool], dict[int, bool]] = ({0: misere}, {0: misere})
        self.left = limit
        self.hits = 0  # positions decided by the monotone memo
        self.rules: list[tuple[int, ...]] = []
        if theory is None:
            self.kills: tuple[list[tuple[int, ...]], ...] | None = None
            self.counter_kill, self.mono = (0, 0), []
        else:
            self.kills, self.counter_kill, self.mono = python_tables(layout, theory)
            for x, y, z in rewrite_rules(layout.ids, theory):
                rule = _rule(layout, x, y, z)
                if rule[-1]:  # (a rule between identical forms changes nothing)
                    self.rules.append(rule)

    def normal(self, c: int) -> int:
        """``c`` with the universe's identities ``x + y = z`` applied while any applies."""
        again = bool(self.rules)
        while again:
            again = False
            for sx, mx, nx, sy, my, ny, delta in self.rules:
                if (c >> sx) & mx >= nx and (c >> sy) & my >= ny:
                    c += delta
                    again = True
        return c

    def _monotone(self, pos: int, side: int) -> bool | None:
        """The result at ``pos`` read from a comparable neighbour in the memo, if any."""
        memo = self.memo[side]
        for sx, mx, nx, sy, my, ny, delta, sign in self.mono:
            if (pos >> sx) & mx < nx or (pos >> sy) & my < ny:
                continue  # P does not hold the forms the neighbour removes
            r = memo.get(pos + delta)
            # Q <= P: Left's win / Right's loss carries up; Q >= P: Left's loss / Right's win down
            if r is not None and (r == (side == 0)) == (sign < 0):
                return r
        return None

    def _expand(self, pos: int, side: int) -> bool | list[int]:
        """The result when it is known without recursion, else the children left to search
        (in move order: integer counters, then types and options in :class:`Layout` order;
        dominated moves left out, :mod:`misere.core.packed_theory`)."""
        if self.left is not None:
            self.left -= 1
            if self.left < 0:
                raise _TooBig
        if self.mono:
            known = self._monotone(pos, side)
            if known is not None:
                self.hits += 1
                return known
        lay = self.layout
        other = self.memo[1 - side]
        get = other.get
        todo: list[int] = []
        moved = False
        cw = lay.cw
        rules = self.rules
        if (pos >> (cw if side else 0)) & ((1 << cw) - 1) and not pos & self.counter_kill[side]:
            moved = True
            c = pos - (1 << cw if side else 1)
            if rules:
                c = self.normal(c)
            r = get(c)
            if r is False:
                return True
            if r is None:
                todo.append(c)
        w = lay.w
        p = pos >> lay.base
        t = 0
        table = lay.deltas[side]
        kills = self.kills[side] if self.kills is not None else None
        while p:
            k = ((p & -p).bit_length() - 1) // w
            t += k
            ds = table[t]
            if ds is None:
                ds = lay.moves(t, side)
            if ds:
                moved = True
                ks = kills[t] if kills is not None else None
                for i, d in enumerate(ds):
                    if ks is not None and pos & ks[i]:
                        continue  # a dominating move is available
                    c = pos + d
                    if rules:
                        c = self.normal(c)
                    r = get(c)
                    if r is False:
                        return True
                    if r is None:
                        todo.append(c)
            p >>= (k + 1) * w
            t += 1
        if not moved:
            return self.misere
        return todo if todo else False

    def wins(self, root: int, side: int) -> bool:
        """Does the player ``side`` (0 Left, 1 Right), moving first, win ``root``?"""
        return mover_wins(root, side, self._expand, self.memo)


def _rule(lay: Layout, x: GameId, y: GameId, z: GameId) -> tuple[int, ...]:
    """A rewriting rule ``x + y -> z`` on packed positions: (shift, mask, copies needed) of the
    fields of ``x`` and of ``y`` (``x = y``: two copies of one field), and the key delta."""
    return needs(lay, (x, y)) + (lay.unit(z) - lay.unit(x) - lay.unit(y),)


#: positions the Python search expands before a sum goes to the compiled search (small sums
#: stay in Python: no numba import, no loading of compiled code)
PY_LIMIT = 50_000


def _python_pair(gs: list[GameId], misere: bool, limit: int | None,
                 theory: Ge | None = None) -> tuple[bool, bool] | None:
    layout = Layout(gs)
    s = _Search(layout, misere, limit, theory)
    root = s.normal(layout.pack(gs))
    try:
        return s.wins(root, 0), s.wins(root, 1)
    except _TooBig:
        return None


def sum_outcome_pair(games: Iterable[GameId], misere: bool = True, engine: str = "auto",
                     theory: Ge | None = None) -> tuple[bool, bool]:
    """(Left wins moving first, Right wins moving first) in the sum of ``games``.

    ``engine``: ``"python"`` (this module's search), ``"compiled"`` (:mod:`misere.core.packed_jit`,
    the same search in numba; the Python one when numba is missing or the keys do not fit) or
    ``"auto"``: Python for the first :data:`PY_LIMIT` positions, then compiled.
    ``theory``: the order of a universe holding every position of the sum, for the exact
    pruning of :mod:`misere.core.packed_theory` (see :mod:`misere.universes.sum_theory`), or
    ``None`` (plain search). It must be the order of the same play convention as ``misere``.
    """
    gs = [g for g in games if g != ZERO]
    if engine not in ("auto", "python", "compiled"):
        raise ValueError(f"unknown engine {engine!r}")
    if engine != "compiled":
        r = _python_pair(gs, misere, PY_LIMIT if engine == "auto" else None, theory)
        if r is not None:
            return r
    from . import packed_jit
    p = packed_jit.plan(gs, Layout(gs), theory)
    if p is not None:
        return packed_jit.outcome_pair(p, misere)
    r = _python_pair(gs, misere, None, theory)
    assert r is not None
    return r


def sum_wins_first(games: Iterable[GameId], left_moves: bool, misere: bool = True) -> bool:
    """Does Left (``left_moves``) or Right win the sum of ``games`` moving first?"""
    gs = [g for g in games if g != ZERO]
    layout = Layout(gs)
    try:
        return _Search(layout, misere, PY_LIMIT).wins(layout.pack(gs), 0 if left_moves else 1)
    except _TooBig:
        pass
    from . import packed_jit
    p = packed_jit.plan(gs, Layout(gs))
    if p is not None:
        return packed_jit.wins_first(p, left_moves, misere)
    return _Search(layout, misere).wins(layout.pack(gs), 0 if left_moves else 1)
