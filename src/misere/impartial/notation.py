"""Printing impartial forms in CGSuite's impartial style: ``0``, ``*3``, ``*[*2,*[*2]]``.

The parser side is the ``*[…]`` input of :mod:`misere.core.notation` (``*[*2,*]`` is the
impartial form with options ``*2`` and ``*``). Options are listed by birthday, then text, so the
output does not depend on table order.
"""
from __future__ import annotations

from ..core import cache
from ..core.table import GameId, birthday, left
from .canonical import check_impartial

__all__ = ["format_impartial"]

_fmt = cache.table("impartial.format")


_nim = cache.table("impartial.nim_size")


def _nim_size(g: GameId) -> int | None:
    """n if ``g`` is the form ``*n`` exactly, else None."""
    if g not in _nim:
        opts = left(g)
        sizes = sorted(-1 if (k := _nim_size(x)) is None else k for x in opts)
        _nim[g] = len(opts) if sizes == list(range(len(opts))) else None
    return _nim[g]


def format_impartial(g: GameId) -> str:
    """The impartial form ``g`` as ``0``, ``*n`` (a nim heap) or ``*[options]``.

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
        n = _nim_size(g)
        if n is not None:
            r = "0" if n == 0 else "*" if n == 1 else f"*{n}"
        else:
            parts = sorted((birthday(x), format_impartial(x)) for x in left(g))
            r = "*[" + ",".join(t for _, t in parts) + "]"
        _fmt[g] = r
    return r
