"""Take-and-break games given by octal (Guy-Smith) codes, with digits of any size.

Code ``d0.d1 d2 d3 ...``: digit ``d_j`` says what may be done after removing ``j`` tokens from
one heap; bit ``2^i`` of ``d_j`` allows leaving exactly ``i`` nonempty heaps. So ``1`` = take a
whole heap, ``2`` = leave one heap, ``4`` = leave two heaps, ``8`` = leave three heaps, and
``0.07`` is Dawson's Kayles, ``0.15`` Guiles, ``4.7`` a code with a split-only digit before the
point (seed 002 §4, §8, §9.3). Digits above 9 are written as hex letters ``A-F`` (10-15) or in
brackets, ``0.[12]3``.
"""
from __future__ import annotations

import re

from misere.errors import RulesetError
from misere.impartial.heap import HeapGame

__all__ = ["parse_octal", "format_octal", "shifted_code", "octal_game", "partitions_into"]


def parse_octal(code: str) -> list[int]:
    """Digits ``[d0, d1, ...]`` of a take-and-break code.

    Raises
    ------
    RulesetError
        When the text is not a code.

    Examples
    --------
    >>> parse_octal("0.123"), parse_octal("4.7"), parse_octal(".[12]3")
    ([0, 1, 2, 3], [4, 7], [0, 12, 3])
    """
    text = code.strip()
    m = re.fullmatch(r"((?:\d|\[\d+\])?)\.((?:[0-9A-Fa-f]|\[\d+\])+)", text)
    if not m:
        raise RulesetError(f"not a take-and-break code: {code!r} (expected e.g. '0.123')")

    def digits(s: str) -> list[int]:
        return [int(t[1:-1]) if t.startswith("[") else int(t, 16)
                for t in re.findall(r"\[\d+\]|[0-9A-Fa-f]", s)]

    head = digits(m.group(1)) or [0]
    tail = digits(m.group(2))
    out = head + tail
    if out[0] & 3:
        raise RulesetError(f"bad code {code!r}: the digit before the point may only allow splits (0, 4, 8, ...)")
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return out


def format_octal(digits: list[int] | tuple[int, ...]) -> str:
    """The code text of digits ``[d0, d1, ...]`` (inverse of :func:`parse_octal`).

    >>> format_octal([0, 0, 7]), format_octal([4, 7]), format_octal([12, 12, 3, 17])
    ('0.07', '4.7', '[12].C3[17]')
    """
    def text(d: int, top: int = 16) -> str:
        return f"{d:X}" if d < top else f"[{d}]"
    return text(digits[0], 10) + "." + ("".join(map(text, digits[1:])) or "0")


def shifted_code(code: str) -> str | None:
    """The code whose heap ``n - 1`` is this code's heap ``n``, when heaps of 1 have no move.

    Lemma (the shift of Dawson's Chess to Dawson's Kayles, 0.137 and 0.07, in general). Let
    code ``A`` give a heap of one token no move (``d1`` without the bit "take the whole heap").
    Map a heap of ``n >= 1`` tokens of ``A`` to a heap of ``n - 1`` tokens, the heap of one
    token to nothing. A move of ``A`` removing ``k`` tokens and leaving ``j`` non-empty heaps
    ``a_1 + ... + a_j = n - k`` becomes, in the image, leaving ``a_1 - 1, ..., a_j - 1``, which
    sum to ``(n - 1) - (k + j - 1)``, each ``>= 0``: that is removing ``k + j - 1`` tokens and
    leaving any ``i <= j`` non-empty heaps (digit bits ``0..j``); for ``j = 0`` (``n = k``) it
    is removing all ``k - 1`` tokens of the image. So code ``B`` with ``e_{k-1} |= 1`` for
    each bit 0 of ``d_k`` and ``e_{k+j-1} |= 2^{j+1} - 1`` for each bit ``j >= 1`` has, heap
    for heap, exactly the images of ``A``'s options (every move of ``B`` has a preimage:
    each of its bits came from one of ``A``). The map is a bijection of positions up to heaps
    of one token, which have no moves and so are the zero game: ``A``'s partial quotient to
    heap ``n`` is ``B``'s to heap ``n - 1``, outcomes, monoid and all.

    Returns ``None`` when a heap of one token of ``A`` has a move.

    >>> shifted_code("0.4"), shifted_code("0.07"), shifted_code("0.6"), shifted_code("0.137")
    ('0.07', '0.137', '0.37', None)
    """
    digits = parse_octal(code)
    if len(digits) > 1 and digits[1] & 1:
        return None
    out = [0] * (len(digits) + max(d.bit_length() for d in digits))
    for k, d in enumerate(digits):
        for j in range(d.bit_length()):
            if d >> j & 1:
                if j == 0:
                    out[k - 1] |= 1
                else:
                    out[k + j - 1] |= (1 << (j + 1)) - 1
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return format_octal(out)


def partitions_into(total: int, parts: int, least: int = 1):
    """Multisets of ``parts`` positive integers (each >= ``least``) summing to ``total``."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        if total >= least:
            yield (total,)
        return
    for first in range(least, total // parts + 1):
        for rest in partitions_into(total - first, parts - 1, first):
            yield (first,) + rest


def octal_game(code: str) -> HeapGame:
    """The heap game of a take-and-break code.

    Examples
    --------
    >>> g = octal_game("0.07")
    >>> g.options(4)
    ((1, 1), (2,))
    """
    digits = parse_octal(code)

    def moves(n: int):
        for j, d in enumerate(digits):
            if j > n:
                break
            rest = n - j
            for k in range(d.bit_length()):
                if d >> k & 1 and (k > 0 or rest == 0) and not (j == 0 and k < 2):
                    yield from partitions_into(rest, k)

    max_parts = max(d.bit_length() - 1 for d in digits)
    game = HeapGame(code.strip(), moves, periodicity=(len(digits) - 1, max(1, max_parts)))
    game.digits = tuple(digits)  # type: ignore[attr-defined]  # nim sequences read them directly
    return game
