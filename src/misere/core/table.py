"""The intern table: every distinct short game form is stored once and named by an integer.

A form ``{G^L | G^R}`` is interned by sorting its option ids and dropping repeats, so two forms
are identical exactly when their ids are equal. Cheap per-node facts (birthday) are stored when a
node is created. Everything else in ``misere`` works on these ids (``GameId``) and memoises by id.

Storage (issue 10 item 4, compact arrays): per form, its two option tuples (kept as tuples in
:data:`LEFTS` / :data:`RIGHTS`, which hot loops index directly), a birthday and the low 32 bits
of the hash of ``(lefts, rights)`` in flat ``array`` columns, one shared int object for its id
(returned by every :func:`intern` of the form, so that the option tuples and memos built from
returned ids share it instead of keeping private copies), and a slot in an open-addressing index
(``array('i')`` of ids, linear probing, at most half full) instead of a dictionary keyed by
``(lefts, rights)`` tuples. See ``benchmarks/README.md`` for the bytes per form. The index is
rebuilt from the stored hashes when it doubles (vectorised with numpy for large tables, or
when numpy is loaded anyway).

References: the representation follows CGSuite's id tables (style guide §1); forms and
birthdays are as in Siegel 003 §2 and Milley 001 §2.1.
"""
from __future__ import annotations

import sys
from array import array
from typing import Iterable

from ..errors import ComputationLimitError, InvalidArgumentError

__all__ = ["GameId", "LEFTS", "RIGHTS", "intern", "left", "right", "birthday", "size", "set_node_limit",
           "index_bytes", "ZERO"]

GameId = int

_left: list[tuple[GameId, ...]] = []
_ids: list[GameId] = []  # the one int object of each id: option tuples and memos share it
_right: list[tuple[GameId, ...]] = []
_birthday = array("i")
_hash = array("I")  # low 32 bits of hash((lefts, rights)), to rebuild the index
_TAIL = 64  # slots past the last home slot, so that probes never wrap around
_mask = 15
_slots = array("i", [-1]) * (_mask + 1 + _TAIL)  # ids; -1 empty; the last slot always empty
_grow_at = 7
_SEQ = (tuple, list)
_last = len(_slots) - 1

#: read-only views for hot loops: the Left / Right option tuples, indexed by id
LEFTS = _left
RIGHTS = _right


def intern(lefts: Iterable[GameId], rights: Iterable[GameId]) -> GameId:
    """Return the id of the form ``{lefts | rights}``, creating it if it is new.

    Option ids are sorted and deduplicated, so the id depends only on the two option *sets*.

    Examples
    --------
    >>> intern((), ()) == ZERO
    True
    >>> star = intern((ZERO,), (ZERO,))
    >>> intern([ZERO, ZERO], [ZERO]) == star
    True
    """
    # sort and deduplicate (not needed for at most one option: the common case, kept fast)
    lt = tuple(lefts) if type(lefts) in _SEQ and len(lefts) < 2 else tuple(sorted(set(lefts)))  # type: ignore
    rt = tuple(rights) if type(rights) in _SEQ and len(rights) < 2 else tuple(sorted(set(rights)))  # type: ignore
    h = hash((lt, rt))
    i = h & _mask
    slots = _slots
    gid = slots[i]
    while gid >= 0:
        if _left[gid] == lt and _right[gid] == rt:
            return _ids[gid]
        i += 1
        gid = slots[i]
    # a new form: append it, and take slot i (ends this probe run) unless the index is due to grow
    gid = len(_left)
    if gid >= _limit[0]:
        raise ComputationLimitError(
            f"more than {_limit[0]:,} distinct game forms (raise it with set_node_limit)")
    b = 0
    for x in lt:
        if _birthday[x] >= b:
            b = _birthday[x] + 1
    for x in rt:
        if _birthday[x] >= b:
            b = _birthday[x] + 1
    _left.append(lt)
    _right.append(rt)
    _ids.append(gid)
    _birthday.append(b)
    _hash.append(h & 0xFFFFFFFF)
    if gid >= _grow_at or i >= _last:
        _rebuild(_mask + 1 if gid < _grow_at else (_mask + 1) * (2 if gid > 1 << 16 else 4))
    else:
        slots[i] = gid
    return gid


def _rebuild(capacity: int) -> None:
    """Place every form in a fresh index of ``capacity`` home slots (a power of two; grown
    fourfold while small, then twofold, and kept at most half full)."""
    global _slots, _mask, _grow_at, _last
    mask = capacity - 1
    n = len(_hash)
    slots = None
    if n < (1 << 10 if "numpy" in sys.modules else 1 << 15):  # small: no numpy import (start-up)
        slots = array("i", [-1]) * (capacity + _TAIL)
        last = len(slots) - 1
        for gid in range(n):
            i = _hash[gid] & mask
            while slots[i] >= 0:
                i += 1
            if i == last:  # a run reached the sentinel: place them all at once instead
                slots = None
                break
            slots[i] = gid
    _slots, _mask = slots if slots is not None else _rebuild_vectorised(mask), mask
    _grow_at = capacity // 2 - 1  # the id whose creation grows the index
    _last = len(_slots) - 1  # the sentinel, never filled


def _rebuild_vectorised(mask: int) -> "array[int]":
    """Linear probing for all forms at once: in order of home slot, each form takes the first
    free slot at or after its home, i.e. ``final_k = max(home_k, final_{k-1} + 1)``."""
    import numpy as np

    n = len(_hash)
    home = np.frombuffer(_hash, dtype=np.uint32) & np.uint32(mask)
    order = np.argsort(home, kind="stable").astype(np.int32)
    final = home[order].astype(np.int64)
    del home
    final -= np.arange(n)
    np.maximum.accumulate(final, out=final)
    final += np.arange(n)
    out = array("i", [-1]) * max(mask + 1 + _TAIL, int(final[-1]) + 2 if n else 0)
    view = np.frombuffer(out, dtype=np.int32)
    view[final] = order
    del view  # release the buffer: ``out`` stays a plain array
    return out


_limit = [20_000_000]


def set_node_limit(n: int) -> int:
    """Set the most forms the table may hold (a clean error instead of exhausting memory);
    returns the previous limit. The default, 20 million forms, uses about 3 GiB (161 bytes a form)."""
    if not 0 <= n < 2**31:
        raise InvalidArgumentError(f"a node limit must be between 0 and 2**31 - 1, got {n!r:.40}")
    old = _limit[0]
    _limit[0] = n
    return old


def left(g: GameId) -> tuple[GameId, ...]:
    """The Left options of ``g`` (sorted ids)."""
    return _left[g]


def right(g: GameId) -> tuple[GameId, ...]:
    """The Right options of ``g`` (sorted ids)."""
    return _right[g]


def birthday(g: GameId) -> int:
    """The formal birthday: 0 for ``{|}``, otherwise one more than the largest option birthday."""
    return _birthday[g]


def size() -> int:
    """Number of forms interned so far."""
    return len(_left)


def index_bytes() -> int:
    """Bytes held by the flat columns and the index (not the option tuples): for benchmarks."""
    return sum(a.itemsize * len(a) for a in (_birthday, _hash, _slots)) + 8 * 3 * len(_left)


ZERO: GameId = intern((), ())
