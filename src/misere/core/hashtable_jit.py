"""A bounded transposition table of one ``int64`` word per slot, with replacement (numba kernels).

A search whose positions are keys below ``2**56`` (e.g. the bitmask boards of
:mod:`misere.rulesets.grid_bits`) and whose results are four bits (known/wins for Left and for
Right to move) stores both in one word::

    bits 0-55   the key
    bits 56-59  the value: known for Left, Left to move wins, known for Right, Right wins
    bits 60-63  the weight: how much work the entry saved (e.g. log2 of its subtree size)

Slots come in buckets of :data:`WAYS` consecutive words (32 bytes, half a cache line); key ``k``
lives in bucket ``(k * 0x9E3779B97F4A7C15) >> shift`` (Fibonacci hashing, ``shift`` = 64 - log2
of the number of buckets). A key already present is updated in place; a new key takes an empty
way, else evicts the way of least weight (the oldest among equals: a bucket is kept in order of
insertion, newest first). So a search never runs out of table: a lost entry is simply searched
again. Correctness of a search using it therefore does not depend on the table (a transposition
table only caches results; the game tree is finite and acyclic), only its speed does.

The word ``0`` is an empty slot; a stored entry always has a "known" bit set, so it is never 0.
``stats`` (an ``int64`` array of 3) counts: slots in use, entries evicted, stores.

Reference: transposition tables with replacement schemes, Breuker, Uiterwijk and van den Herik
(1994), "Replacement schemes for transposition tables" (two-level / depth-preferred buckets).
"""
from __future__ import annotations

import numpy as np

from misere.core.jit import njit as _njit

__all__ = ["WAYS", "KEY_BITS", "new_table", "bucket_shift", "probe", "store", "rehash", "new_table2", "probe2",
           "store2", "rehash2"]

#: slots per bucket
WAYS = 4
#: keys must be below ``2 ** KEY_BITS``
KEY_BITS = 56
_KEY = (1 << 56) - 1
_MULT = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit integer


def new_table(slots: int) -> np.ndarray:
    """An empty table of ``slots`` words (a power of two, at least :data:`WAYS`)."""
    if slots < WAYS or slots & (slots - 1):
        raise ValueError(f"table size {slots} is not a power of two >= {WAYS}")
    return np.zeros(slots, np.int64)


def bucket_shift(slots: int) -> int:
    """The ``shift`` argument of the kernels for a table of ``slots`` words."""
    return 64 - (slots // WAYS).bit_length() + 1


@_njit(cache=True)
def _bucket(tab, key, shift):  # pragma: no cover - compiled
    nb = tab.size // 4
    return (((key * _MULT) >> shift) & (nb - 1)) * 4


@_njit(cache=True)
def _word(key, bits, weight):  # pragma: no cover - compiled
    """key | bits << 56 | weight << 60 as a signed 64-bit word (also in plain Python)."""
    return key | (bits << 56) | ((weight - 16 if weight >= 8 else weight) << 60)


@_njit(cache=True)
def probe(tab, key, shift):  # pragma: no cover - compiled
    """The four value bits stored for ``key`` (0 when absent)."""
    h = _bucket(tab, key, shift)
    for i in range(4):
        w = tab[h + i]
        if w == 0:
            return 0
        if w & _KEY == key:
            return (w >> 56) & 15
    return 0


@_njit(cache=True)
def store(tab, key, bits, weight, shift, stats):  # pragma: no cover - compiled
    """OR the value ``bits`` into ``key``'s entry (weight: the larger of old and new); a new key
    evicts the lightest way of its bucket when the bucket is full."""
    h = _bucket(tab, key, shift)
    stats[2] += 1
    victim = 3
    least = 16
    for i in range(4):
        w = tab[h + i]
        if w == 0:
            victim = i
            stats[0] += 1
            break
        if w & _KEY == key:
            old = (w >> 60) & 15
            tab[h + i] = _word(key, (w >> 56) & 15 | bits, max(old, weight))
            return
        wt = (w >> 60) & 15
        if wt <= least:
            least = wt
            victim = i
    else:
        stats[1] += 1
    for i in range(victim, 0, -1):  # newest first: shift the younger ways down one place
        tab[h + i] = tab[h + i - 1]
    tab[h] = _word(key, bits, weight)


@_njit(cache=True)
def rehash(old, new, shift, stats):  # pragma: no cover - compiled
    """Store every entry of ``old`` into ``new`` (whose ``shift`` is given), counting in ``stats``
    (pass a fresh one)."""
    for i in range(old.size - 1, -1, -1):  # oldest first, so each bucket keeps its order
        w = old[i]
        if w != 0:
            store(new, w & _KEY, (w >> 56) & 15, (w >> 60) & 15, shift, stats)


# -- two-word keys -------------------------------------------------------------------------
# A table of keys ``(k1, k2)`` (``k1`` any int64, ``k2 < 2**56``) keeps two words a slot: word
# ``2 i`` is ``k1``, word ``2 i + 1`` the word above with ``k2`` as its key (0: empty). A bucket
# of WAYS slots is 64 bytes, one cache line; replacement as for one-word keys.

def new_table2(slots: int) -> np.ndarray:
    """An empty two-word table of ``slots`` slots (``2 * slots`` words; ``bucket_shift(slots)``)."""
    if slots < WAYS or slots & (slots - 1):
        raise ValueError(f"table size {slots} is not a power of two >= {WAYS}")
    return np.zeros(2 * slots, np.int64)


@_njit(cache=True)
def _bucket2(tab, k1, k2, shift):  # pragma: no cover - compiled
    nb = tab.size // 8
    return ((((k1 * _MULT) ^ k2) * _MULT >> shift) & (nb - 1)) * 8


@_njit(cache=True)
def probe2(tab, k1, k2, shift):  # pragma: no cover - compiled
    """The four value bits stored for ``(k1, k2)`` (0 when absent)."""
    h = _bucket2(tab, k1, k2, shift)
    for i in range(0, 8, 2):
        w = tab[h + i + 1]
        if w == 0:
            return 0
        if w & _KEY == k2 and tab[h + i] == k1:
            return (w >> 56) & 15
    return 0


@_njit(cache=True)
def store2(tab, k1, k2, bits, weight, shift, stats):  # pragma: no cover - compiled
    """:func:`store` for two-word keys."""
    h = _bucket2(tab, k1, k2, shift)
    stats[2] += 1
    victim = 6
    least = 16
    for i in range(0, 8, 2):
        w = tab[h + i + 1]
        if w == 0:
            victim = i
            stats[0] += 1
            break
        if w & _KEY == k2 and tab[h + i] == k1:
            old = (w >> 60) & 15
            tab[h + i + 1] = _word(k2, (w >> 56) & 15 | bits, max(old, weight))
            return
        wt = (w >> 60) & 15
        if wt <= least:
            least = wt
            victim = i
    else:
        stats[1] += 1
    for i in range(victim, 0, -2):
        tab[h + i] = tab[h + i - 2]
        tab[h + i + 1] = tab[h + i - 1]
    tab[h] = k1
    tab[h + 1] = _word(k2, bits, weight)


@_njit(cache=True)
def rehash2(old, new, shift, stats):  # pragma: no cover - compiled
    """:func:`rehash` for two-word tables."""
    for i in range(old.size - 2, -1, -2):
        w = old[i + 1]
        if w != 0:
            store2(new, old[i], w & _KEY, (w >> 56) & 15, (w >> 60) & 15, shift, stats)
