"""Printing impartial forms in CGSuite's impartial style: ``0``, ``*3``, ``*[*2,*[*2]]``.

The parser side is the ``*[…]`` input of :mod:`misere.core.notation` (``*[*2,*]`` is the
impartial form with options ``*2`` and ``*``). Options are listed by birthday, then text, so the
output does not depend on table order.
"""
from __future__ import annotations

from ..core import cache
from ..core.table import GameId, birthday, left
from ..errors import ComputationLimitError
from .canonical import check_impartial

__all__ = ["format_impartial", "printed_length", "nim_size", "MAX_CHARS"]

#: default longest text :func:`format_impartial` builds (trees grow exponentially with birthday)
MAX_CHARS = 20_000

_fmt = cache.table("impartial.format")
_len = cache.table("impartial.printed_length")


_nim = cache.table("impartial.nim_size")


def nim_size(g: GameId) -> int | None:
    """n if ``g`` is the form ``*n`` exactly, else None."""
    if g not in _nim:
        opts = left(g)
        sizes = sorted(-1 if (k := nim_size(x)) is None else k for x in opts)
        _nim[g] = len(opts) if sizes == list(range(len(opts))) else None
    return _nim[g]


def printed_length(g: GameId) -> int:
    """The length of :func:`format_impartial` of ``g``, computed without building the text."""
    r = _len.get(g)
    if r is None:
        n = nim_size(g)
        if n is not None:
            r = 1 if n <= 1 else 1 + len(str(n))
        else:
            opts = left(g)
            r = 3 + sum(printed_length(x) for x in opts) + max(len(opts) - 1, 0)
        _len[g] = r
    return r


def format_impartial(g: GameId, max_chars: int = MAX_CHARS) -> str:
    """The impartial form ``g`` as ``0``, ``*n`` (a nim heap) or ``*[options]``.

    Raises
    ------
    ComputationLimitError
        if the text would be longer than ``max_chars`` (a form of birthday 20 can print to
        millions of characters although it has few distinct followers).

    Examples
    --------
    >>> from misere.core.notation import parse_id
    >>> format_impartial(parse_id("*2+*2"))
    '*[*2,*[*,*2,*[*]]]'
    >>> from misere.impartial import canonical
    >>> format_impartial(canonical(parse_id("*2+*2")))
    '*[*2,*3]'
    """
    r = _fmt.get(g)
    if r is None:
        check_impartial(g)
        length = printed_length(g)
        if length > max_chars:
            raise ComputationLimitError(
                f"the impartial form has {length} characters in print (limit {max_chars})")
        n = nim_size(g)
        if n is not None:
            r = "0" if n == 0 else "*" if n == 1 else f"*{n}"
        else:
            parts = sorted((birthday(x), format_impartial(x, max_chars)) for x in left(g))
            r = "*[" + ",".join(t for _, t in parts) + "]"
        _fmt[g] = r
    return r
