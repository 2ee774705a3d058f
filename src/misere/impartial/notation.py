"""Printing impartial forms in CGSuite's impartial style: ``0``, ``*3``, ``*[*2,*[*2]]``.

The parser side is the ``*[…]`` input of :mod:`misere.core.notation` (``*[*2,*]`` is the
impartial form with options ``*2`` and ``*``). Options are listed by birthday, then text, so the
output does not depend on table order.
"""
from __future__ import annotations

from ..core import cache
from ..core.printing import nim_heap_size, render, text_length
from ..core.table import GameId, left
from ..errors import ComputationLimitError
from .canonical import check_impartial

__all__ = ["format_impartial", "printed_length", "nim_size", "MAX_CHARS"]

#: default longest text :func:`format_impartial` builds (trees grow exponentially with birthday)
MAX_CHARS = 20_000

_fmt: dict[GameId, str] = cache.table("impartial.format")
_len: dict[GameId, int] = cache.table("impartial.printed_length")

#: n if a form is exactly the nim heap ``*n``, else None (shared with the partizan printer)
nim_size = nim_heap_size


def _heap_name(x: GameId) -> str | None:
    n = nim_heap_size(x)
    return None if n is None else "0" if n == 0 else "*" if n == 1 else f"*{n}"


def _star_brackets(x: GameId) -> tuple[object, ...]:
    return ("*[", left(x), "]")


def printed_length(g: GameId) -> int:
    """The length of :func:`format_impartial` of ``g``, computed without building the text."""
    return text_length(g, _heap_name, _star_brackets, _len)


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
    check_impartial(g)
    r = render(g, _heap_name, _star_brackets, _fmt, max_chars, _len)
    if r is None:
        raise ComputationLimitError(
            f"the impartial form has {printed_length(g)} characters in print (limit {max_chars})")
    return r
