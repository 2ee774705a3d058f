"""Printing game forms: recognised names (``0``, ``*3``, ``-2``, ``3/4``, ``^``, ``1*``, ``±1``)
and one DAG-aware renderer shared by every printer (partizan braces here, ``*[…]`` for
impartial forms in :mod:`misere.impartial.notation`). Parsing is in :mod:`.notation`.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable, Mapping

from . import cache
from .ops import DOWN, STAR, UP, nimber
from .table import ZERO, GameId, birthday, intern, left, right

__all__ = ["big", "name_of", "nim_heap_size", "number_of", "format_id", "explicit", "render", "text_length", "braces",
           "MAX_LENGTH"]


_names: dict[GameId, str | None] = cache.table("notation.names")


_num: dict[GameId, Fraction | None] = cache.table("notation.number")


def _missing(g: GameId, done: Mapping[GameId, object]) -> list[GameId]:
    """Followers of ``g`` not yet in ``done``, options before parents (iterative)."""
    out: list[GameId] = []
    seen: set[GameId] = set()
    stack: list[tuple[GameId, bool]] = [(g, False)]
    while stack:
        x, expanded = stack.pop()
        if expanded:
            out.append(x)
        elif x not in seen and x not in done:
            seen.add(x)
            stack.append((x, True))
            stack.extend((y, False) for y in left(x) + right(x) if y not in done and y not in seen)
    return out


def _number_of(g: GameId) -> Fraction | None:
    """The dyadic x if ``g`` is identical to the canonical form of x, else None."""
    if g not in _num:
        for x in _missing(g, _num):  # options first, so the local rule never recurses
            _num[x] = _number_here(x)
    return _num[g]


def _number_here(g: GameId) -> Fraction | None:
    lo, ro = left(g), right(g)
    if g == ZERO:
        return Fraction(0)
    if len(lo) == 1 and not ro:
        a = _num[lo[0]]
        if a is not None and a >= 0 and a.denominator == 1:
            return a + 1
    elif len(ro) == 1 and not lo:
        b = _num[ro[0]]
        if b is not None and b <= 0 and b.denominator == 1:
            return b - 1
    elif len(lo) == 1 and len(ro) == 1:
        a, b = _num[lo[0]], _num[ro[0]]
        if a is not None and b is not None and a < b:
            mid = (a + b) / 2
            if mid.denominator > 1 and b - a == Fraction(2, mid.denominator):
                return mid
    return None


def number_of(g: GameId) -> Fraction | None:
    """The dyadic x if ``g`` is identical to the normal-play canonical form of x, else None."""
    return _number_of(g)


def nim_heap_size(g: GameId) -> int | None:
    """n if ``g`` is identical to the nim heap ``*n`` (nim heaps are interned, so this is O(n))."""
    lo = left(g)
    if lo != right(g):
        return None
    return len(lo) if nimber(len(lo)) == g else None


def _fmt_number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def name_of(g: GameId) -> str | None:
    """The short name of a recognised form (``0``, ``*3``, ``-2``, ``3/4``, ``^``, ``1*``), else None."""
    if g in _names:
        return _names[g]
    x = _number_of(g)
    r: str | None = None
    if x is not None:
        r = _fmt_number(x)
    else:
        k = nim_heap_size(g)
        if k is not None:
            r = "*" if k == 1 else f"*{k}"
        elif g == UP:
            r = "^"
        elif g == DOWN:
            r = "v"
        elif g == intern([ZERO, STAR], [ZERO]):
            r = "^*"
        elif g == intern([ZERO], [ZERO, STAR]):
            r = "v*"
        else:
            lo, ro = left(g), right(g)
            if len(lo) == 1 and len(ro) == 1:
                y, z = _number_of(lo[0]), _number_of(ro[0])
                if y is not None and y != 0 and y == z:
                    r = _fmt_number(y) + "*"
                elif y is not None and y > 0 and z == -y:
                    r = "±" + _fmt_number(y)
    _names[g] = r
    return r


#: longest text :func:`format_id` and :func:`explicit` produce before summarising instead
MAX_LENGTH = 200_000

#: how a node that has no name is written: strings and option tuples, in order
Layout = Callable[[GameId], tuple[object, ...]]


def braces(x: GameId) -> tuple[object, ...]:
    """The partizan layout ``{L|R}``."""
    return ("{", left(x), "|", right(x), "}")


def text_length(g: GameId, namer: Callable[[GameId], str | None], layout: Layout,
                lengths: dict[GameId, int]) -> int:
    """Length of :func:`render`'s text for ``g``, computed without building it (memo ``lengths``)."""
    for x in _missing(g, lengths):
        nm = namer(x)
        if nm is not None:
            lengths[x] = len(nm)
            continue
        total = 0
        for part in layout(x):
            if isinstance(part, str):
                total += len(part)
            else:
                opts: tuple[GameId, ...] = part  # type: ignore[assignment]
                total += sum(lengths[y] for y in opts) + max(len(opts) - 1, 0)
        lengths[x] = total
    return lengths[g]


def render(g: GameId, namer: Callable[[GameId], str | None], layout: Layout,
           memo: dict[GameId, str], max_length: int | None = None,
           lengths: dict[GameId, int] | None = None) -> str | None:
    """The text of ``g``: a node's name if ``namer`` gives one, else its ``layout`` with the
    options' texts (sorted by birthday, then text). None if longer than ``max_length``.

    Printing walks the DAG as a tree, so text can be exponentially longer than the form; the
    length is computed first (cheap) and nothing is built when it is too long. No recursion:
    followers are visited options first, so deep forms print too.
    """
    if g in memo:
        done = memo[g]
        return done if max_length is None or len(done) <= max_length else None
    if max_length is not None and text_length(g, namer, layout, {} if lengths is None else lengths) > max_length:
        return None
    for x in _missing(g, memo):
        r = namer(x)
        if r is None:
            pieces: list[str] = []
            for part in layout(x):
                if isinstance(part, str):
                    pieces.append(part)
                else:
                    opts: tuple[GameId, ...] = part  # type: ignore[assignment]
                    pieces.append(",".join(t for _, t in sorted((birthday(y), memo[y]) for y in opts)))
            r = "".join(pieces)
        memo[x] = r
    return memo[g]


_fmt: dict[GameId, str] = cache.table("notation.format")
_fmt_len: dict[GameId, int] = cache.table("notation.format_length")
_explicit: dict[GameId, str] = cache.table("notation.explicit")
_explicit_len: dict[GameId, int] = cache.table("notation.explicit_length")


def _zero_only(x: GameId) -> str | None:
    return "0" if x == ZERO else None


def format_id(g: GameId, names: Mapping[GameId, str] | None = None,
              max_length: int | None = MAX_LENGTH) -> str:
    """Print a form, using recognised names; braces otherwise, options in a fixed order.

    Options are listed by birthday, then by their printed text, so the output does not depend
    on the order in which forms were created. Past ``max_length`` characters a one-line summary
    is returned instead (``max_length=None`` always prints in full).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> format_id(parse_id("{*,0|*}"))
    '{0,*|*}'
    >>> format_id(parse_id("{1|}")), format_id(parse_id("{|-1}")), format_id(parse_id("{0|*}"))
    ('2', '-2', '^')
    >>> format_id(parse_id("{1|*}"), max_length=3)
    '<form of birthday 2, 4 followers, 5 characters in full>'
    """
    if names:
        namer: Callable[[GameId], str | None] = lambda x: names.get(x) or name_of(x)  # noqa: E731
        memo: dict[GameId, str] = {}
        lengths: dict[GameId, int] = {}
    else:
        namer, memo, lengths = name_of, _fmt, _fmt_len
    r = render(g, namer, braces, memo, max_length, lengths)
    return r if r is not None else _summary(g, text_length(g, namer, braces, lengths))


def explicit(g: GameId, max_length: int | None = None) -> str:
    """Print with only ``{``, ``}``, ``|``, ``,`` and ``0`` (readable by any program).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> explicit(parse_id("^"))
    '{0|{0|0}}'
    """
    r = render(g, _zero_only, braces, _explicit, max_length, _explicit_len)
    return r if r is not None else _summary(g, text_length(g, _zero_only, braces, _explicit_len))


def _summary(g: GameId, length: int) -> str:
    count = len(_missing(g, {}))
    return f"<form of birthday {birthday(g)}, {count:,} followers, {big(length)} characters in full>"


def big(x: float | int) -> str:
    """A count for people: ``5.0e9``; never hits Python's int-to-str limit."""
    if isinstance(x, int) and x.bit_length() > 60:
        exp = int(x.bit_length() * 0.30102999566398120)
        return f"about 1e{exp}"
    if x == math.inf:
        return "more than 1e308"
    return f"{x:.1e}".replace("e+0", "e").replace("e+", "e") if x >= 1e6 else f"{int(x):,}"

