"""numba kernels of the sparse candidate path (imported only through
:mod:`misere.quotients.impartial.sparse`).

Everything works on the *action of the generators*: ``maps[g, x]`` is the element ``x * g``
(``int32``); no array is ever ``elements x elements``.
"""
from __future__ import annotations

import sys as _sys

import numpy as np
from numba import njit

from misere.core import jit as _jit

_MIX = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _same(maps, cls, x, y):
    if cls[x] != cls[y]:
        return False
    for g in range(maps.shape[0]):
        if cls[maps[g, x]] != cls[maps[g, y]]:
            return False
    return True


@njit(cache=True)
def refine_round(maps, cls, new, slots):
    """One Moore round: ``new[x]`` = number of the class of the signature
    ``(cls[x], cls[x*g_1], ..., cls[x*g_k])``, numbered in order of first occurrence.

    Signatures are hashed into the open-addressing table ``slots`` (``-1`` = empty; size a
    power of two, at least twice the number of elements) and compared *exactly* with the
    representative stored there, so no two inequivalent signatures ever share a class.
    Returns the number of classes.
    """
    n = cls.shape[0]
    mask = slots.shape[0] - 1
    for i in range(slots.shape[0]):
        slots[i] = -1
    count = 0
    for x in range(n):
        h = np.uint64(cls[x]) * _MIX
        for g in range(maps.shape[0]):
            h = (h ^ np.uint64(cls[maps[g, x]])) * _MIX
        s = np.int64((h >> np.uint64(20)) & np.uint64(mask))
        while True:
            r = slots[s]
            if r < 0:
                slots[s] = x
                new[x] = count
                count += 1
                break
            if _same(maps, cls, r, x):
                new[x] = new[r]
                break
            s = (s + 1) & mask
    return count


@njit(cache=True)
def first_of_class(cls, count):
    """The least element of every class."""
    reps = np.full(count, -1, dtype=np.int64)
    for x in range(cls.shape[0]):
        if reps[cls[x]] < 0:
            reps[cls[x]] = x
    return reps


@njit(cache=True)
def relabel_maps(maps, cls, reps, out):
    """``out[g, c]`` = class of ``reps[c] * g``."""
    for g in range(maps.shape[0]):
        for c in range(reps.shape[0]):
            out[g, c] = cls[maps[g, reps[c]]]


@njit(cache=True)
def cyclic_step(codes, scale, size, index, period, out):
    """``out`` = ``codes`` with the digit of weight ``scale`` (cyclic factor ``C(index,
    period)`` of ``size`` elements) advanced by one."""
    for k in range(codes.shape[0]):
        c = codes[k]
        e = (c // scale) % size
        e1 = e + 1
        if e1 >= size:
            e1 = index + (e1 - index) % period
        out[k] = c + (e1 - e) * scale


@njit(cache=True)
def base_step(codes, nb, gmap, out):
    """``out`` = ``codes`` with the base digit (``code mod nb``) mapped by ``gmap``."""
    for k in range(codes.shape[0]):
        c = codes[k]
        low = c % nb
        out[k] = c - low + gmap[low]


#: seconds numba takes to compile these kernels (measured on the project's 2-core machine)
COMPILE_SECONDS = 2
_jit.announce(_sys.modules[__name__], "the quotient engine's reduction kernels", COMPILE_SECONDS)  # compiled on first use
