"""Operations on interned forms: sums, conjugates, adjoints, followers, predicates, named forms.

All functions take and return :data:`GameId` ints and memoise by id.

References: disjunctive sum and conjugate, Siegel 003 §2; adjoint, Siegel 003 Def 3.2;
end/dicot/dead-ending predicates, Milley 001 Def 2.1.x, 004 §1.1 and 001 Def 5.1.1;
alternating games, Milley 001 §3.1.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Iterator

from .. import budget
from . import cache
from .table import ZERO, GameId, intern, left, right

__all__ = [
    "add", "add_all", "conjugate", "adjoint", "multiple", "followers", "options",
    "is_left_end", "is_right_end", "is_end", "is_dicot", "is_impartial",
    "is_dead_left_end", "is_dead_right_end", "is_dead_end", "is_dead_ending",
    "is_alternating", "integer", "nimber", "dyadic", "STAR", "ONE", "MINUS_ONE", "UP", "DOWN",
]

_sum: dict[tuple[GameId, GameId], GameId] = cache.table("sum")
_conj: dict[GameId, GameId] = cache.table("conjugate")
_adj: dict[GameId, GameId] = cache.table("adjoint")


def add(a: GameId, b: GameId) -> GameId:
    """Disjunctive sum ``a + b`` as a form: ``{a^L + b, a + b^L | a^R + b, a + b^R}``."""
    if a == ZERO:
        return b
    if b == ZERO:
        return a
    key = (a, b) if a <= b else (b, a)
    r = _sum.get(key)
    if r is None:
        budget.check()
        r = intern(
            [add(x, b) for x in left(a)] + [add(a, y) for y in left(b)],
            [add(x, b) for x in right(a)] + [add(a, y) for y in right(b)],
        )
        _sum[key] = r
    return r


def add_all(games: Iterable[GameId]) -> GameId:
    """The sum of several forms (``0`` for none)."""
    total = ZERO
    for g in games:
        total = add(total, g)
    return total


def multiple(n: int, g: GameId) -> GameId:
    """``n.g``: the sum of ``n`` copies of ``g``, one copy at a time.

    Adding one copy at a time reuses every sum of followers already made, so the work is about
    (followers of ``n.g``) × (followers of ``g``) sums; doubling would cost the square of the
    followers of ``(n/2).g`` and recurse as deep as the result.
    """
    if n < 0:
        raise ValueError("a multiple needs a non-negative count")
    result = ZERO
    for _ in range(n):
        budget.check()
        result = add(result, g)
    return result


def conjugate(g: GameId) -> GameId:
    """The conjugate ``{conj(G^R) | conj(G^L)}``: Left and Right swap roles everywhere.

    In misère play this is *not* an additive inverse in general (Siegel 003 §2).
    """
    r = _conj.get(g)
    if r is None:
        r = intern([conjugate(x) for x in right(g)], [conjugate(x) for x in left(g)])
        _conj[g] = r
        _conj[r] = g
    return r


def adjoint(g: GameId) -> GameId:
    """Siegel's adjoint ``G°`` (003 Def 3.2); ``G + G°`` is a misère P-position (003 Prop 3.3).

    ``0° = *``; a nonzero Left end gets ``{(G^R)° | 0}``; a nonzero Right end ``{0 | (G^L)°}``;
    otherwise ``{(G^R)° | (G^L)°}``. Every adjoint is a dicot.
    """
    r = _adj.get(g)
    if r is not None:
        return r
    lo, ro = left(g), right(g)
    if not lo and not ro:
        r = STAR
    elif not lo:
        r = intern([adjoint(x) for x in ro], [ZERO])
    elif not ro:
        r = intern([ZERO], [adjoint(x) for x in lo])
    else:
        r = intern([adjoint(x) for x in ro], [adjoint(x) for x in lo])
    _adj[g] = r
    return r


def options(g: GameId) -> tuple[GameId, ...]:
    """All options of ``g``, Left then Right, without repeats."""
    lo, ro = left(g), right(g)
    return tuple(dict.fromkeys(lo + ro))


def followers(*games: GameId) -> Iterator[GameId]:
    """Every follower of the ``games`` (themselves included), each once, options before parents
    (one walk with one set of visited forms, however many games share followers)."""
    seen: set[GameId] = set()
    stack: list[tuple[GameId, bool]] = [(g, False) for g in reversed(games)]
    while stack:
        x, expanded = stack.pop()
        if expanded:
            yield x
            continue
        if x in seen:
            continue
        seen.add(x)
        stack.append((x, True))
        for y in options(x):
            if y not in seen:
                stack.append((y, False))


def is_left_end(g: GameId) -> bool:
    """Left has no move."""
    return not left(g)


def is_right_end(g: GameId) -> bool:
    """Right has no move."""
    return not right(g)


def is_end(g: GameId) -> bool:
    """Some player has no move."""
    return not left(g) or not right(g)


def _hereditary(name: str, local: Callable[[GameId], bool], doc: str) -> Callable[[GameId], bool]:
    """Build a memoised predicate 'local(x) holds at every follower x'.

    The flag of every follower visited is stored once (ids are immutable), so each form is
    examined at most once over the life of the memo; an explicit stack keeps deep games off
    the Python stack.
    """
    memo: dict[GameId, bool] = cache.table(name)

    def pred(g: GameId) -> bool:
        r = memo.get(g)
        if r is not None:
            return r
        stack: list[tuple[GameId, bool]] = [(g, False)]
        while stack:
            x, expanded = stack.pop()
            if x in memo:
                continue
            if not expanded:
                if not local(x):
                    memo[x] = False
                    continue
                stack.append((x, True))
                stack.extend((y, False) for y in options(x) if y not in memo)
            else:
                ok = True
                for y in options(x):
                    if not memo[y]:
                        ok = False
                        break
                memo[x] = ok
        return memo[g]

    pred.__name__ = pred.__qualname__ = name
    pred.__doc__ = doc
    return pred


def _dicot_node(x: GameId) -> bool:
    return bool(left(x)) == bool(right(x))


def _impartial_node(x: GameId) -> bool:
    return left(x) == right(x)


is_dicot = _hereditary(
    "is_dicot", _dicot_node, """At every follower either both players can move or neither can (004 §1.1)."""
)
is_impartial = _hereditary(
    "is_impartial", _impartial_node, """At every follower both players have the same options (form-identical)."""
)
is_dead_left_end = _hereditary(
    "is_dead_left_end", is_left_end, """Every follower is a Left end (001 Def 5.1.1)."""
)
is_dead_right_end = _hereditary(
    "is_dead_right_end", is_right_end, """Every follower is a Right end (001 Def 5.1.1)."""
)


def is_dead_end(g: GameId) -> bool:
    """A dead Left end or a dead Right end."""
    return is_dead_left_end(g) or is_dead_right_end(g)


def _dead_ending_node(x: GameId) -> bool:
    return (bool(left(x)) or is_dead_left_end(x)) and (bool(right(x)) or is_dead_right_end(x))


is_dead_ending = _hereditary(
    "is_dead_ending", _dead_ending_node, """Every end follower is a dead end (004 Def 1; 001 Def 5.1.1)."""
)

_alt: dict[GameId, bool] = cache.table("is_alternating")


def is_alternating(g: GameId) -> bool:
    """Alternating (001 Def 3.1.1): no player can ever move twice in a row in ``g``.

    Every Left option is a Left end, every Right option is a Right end, recursively.
    """
    r = _alt.get(g)
    if r is not None:
        return r
    stack: list[tuple[GameId, bool]] = [(g, False)]
    while stack:
        x, expanded = stack.pop()
        if x in _alt:
            continue
        lo, ro = left(x), right(x)
        if not expanded:
            if any(left(y) for y in lo) or any(right(y) for y in ro):
                _alt[x] = False
                continue
            stack.append((x, True))
            stack.extend((y, False) for y in lo + ro if y not in _alt)
        else:
            _alt[x] = all(_alt[y] for y in lo) and all(_alt[y] for y in ro)
    return _alt[g]


# --- named forms -------------------------------------------------------------------------

_int: dict[int, GameId] = cache.table("integer")
_nim: dict[int, GameId] = cache.table("nimber")
_dya: dict[Fraction, GameId] = cache.table("dyadic")


def integer(n: int) -> GameId:
    """The normal-play integer form: ``n = {n-1 |}`` for n > 0, ``-n = {| -(n-1)}``."""
    r = _int.get(n)
    if r is None:
        step = 1 if n > 0 else -1
        # build iteratively from the nearest known integer towards n
        k = 0
        r = ZERO
        while k != n:
            k += step
            nxt = _int.get(k)
            if nxt is None:
                nxt = intern([r], []) if step > 0 else intern([], [r])
                _int[k] = nxt
            r = nxt
    return r


def nimber(n: int) -> GameId:
    """The nim heap ``*n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}``."""
    if n < 0:
        raise ValueError("a nim heap needs a non-negative size")
    r = _nim.get(n)
    if r is None:
        opts: list[GameId] = []
        for k in range(n + 1):
            heap = _nim.get(k)
            if heap is None:
                heap = _nim[k] = intern(opts, opts)
            opts.append(heap)
        r = opts[n]
    return r


def dyadic(x: Fraction) -> GameId:
    """The normal-play canonical form of the dyadic rational ``x``.

    ``m/2^k`` (m odd, k ≥ 1) is ``{(m-1)/2^k | (m+1)/2^k}``; integers are as in :func:`integer`.
    """
    x = Fraction(x)
    den = x.denominator
    if den & (den - 1):
        raise ValueError(f"{x} is not a dyadic rational")
    if den == 1:
        return integer(x.numerator)
    r = _dya.get(x)
    if r is None:
        step = Fraction(1, den)
        r = intern([dyadic(x - step)], [dyadic(x + step)])
        _dya[x] = r
    return r


STAR: GameId = nimber(1)
ONE: GameId = integer(1)
MINUS_ONE: GameId = integer(-1)
UP: GameId = intern([ZERO], [STAR])
DOWN: GameId = intern([STAR], [ZERO])
