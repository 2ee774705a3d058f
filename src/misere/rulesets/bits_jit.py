"""Bit operations on 64-bit boards for the compiled board searches (numba kernels): population
count, the reflections and the transpose of a frame, and the 56-bit table key of a board.

Boards use the layout of :mod:`misere.rulesets.grid_bits`: square ``(r, c)`` is bit ``8 r + c``,
column 7 a guard that is never set, at most 8 rows. The transpose is the classic 8 x 8 bit-matrix
transpose by three delta swaps (Knuth, TAOCP 4A §7.1.3; Warren, *Hacker's Delight* §7-3).
"""
from __future__ import annotations

from misere.core.jit import njit as _njit

__all__ = ["_popcount", "_mirror", "_flip", "_transpose", "_key"]


@_njit(cache=True)
def _popcount(x):  # pragma: no cover - compiled
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@_njit(cache=True)
def _mirror(x, cols):  # pragma: no cover - compiled
    """Reflect in the vertical axis of a frame ``cols`` wide: reverse the bits of every row."""
    x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1)
    x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2)
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0F) | ((x & 0x0F0F0F0F0F0F0F0F) << 4)
    return (x >> (8 - cols)) & (((1 << cols) - 1) * 0x0101010101010101)  # no sign bits: 8 rows


@_njit(cache=True)
def _flip(x, rows):  # pragma: no cover - compiled
    """Reflect in the horizontal axis of a frame ``rows`` high: reverse the order of the rows."""
    x = ((x >> 8) & 0x00FF00FF00FF00FF) | ((x & 0x00FF00FF00FF00FF) << 8)
    x = ((x >> 16) & 0x0000FFFF0000FFFF) | ((x & 0x0000FFFF0000FFFF) << 16)
    x = ((x >> 32) & 0x00000000FFFFFFFF) | ((x & 0x00000000FFFFFFFF) << 32)
    return x >> (8 * (8 - rows))


@_njit(cache=True)
def _transpose(x):  # pragma: no cover - compiled
    """Square ``(r, c)`` to ``(c, r)`` (an 8 x 8 bit-matrix transpose by three delta swaps)."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    x ^= t ^ (t >> 7)
    return x


@_njit(cache=True)
def _key(b):  # pragma: no cover - compiled
    """The board in 56 bits: an eighth row (bits 56-62) moves into the guard column."""
    hi = b >> 56
    b &= 0x00FFFFFFFFFFFFFF
    i = 0
    while hi:
        if hi & 1:
            b |= 1 << (8 * i + 7)
        hi >>= 1
        i += 1
    return b
