"""The intern table: every distinct short game form is stored once and named by an integer.

A form ``{G^L | G^R}`` is interned by sorting its option ids and dropping repeats, so two forms
are identical exactly when their ids are equal. Cheap per-node facts (birthday) are stored when a
node is created. Everything else in ``misere`` works on these ids (``GameId``) and memoises by id.

References: the representation follows CGSuite's id tables (style guide §1); forms and
birthdays are as in Siegel 003 §2 and Milley 001 §2.1.
"""
from __future__ import annotations

from typing import Iterable

from ..errors import ComputationLimitError

__all__ = ["GameId", "LEFTS", "RIGHTS", "intern", "left", "right", "birthday", "size", "set_node_limit", "ZERO"]

GameId = int

_left: list[tuple[GameId, ...]] = []
_right: list[tuple[GameId, ...]] = []
_birthday: list[int] = []
_index: dict[tuple[tuple[GameId, ...], tuple[GameId, ...]], GameId] = {}

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
    lt = tuple(sorted(set(lefts)))
    rt = tuple(sorted(set(rights)))
    key = (lt, rt)
    found = _index.get(key)
    if found is not None:
        return found
    gid = len(_left)
    if gid >= _limit[0]:
        raise ComputationLimitError(
            f"more than {_limit[0]:,} distinct game forms (raise it with set_node_limit)")
    _left.append(lt)
    _right.append(rt)
    b = 0
    for x in lt:
        if _birthday[x] >= b:
            b = _birthday[x] + 1
    for x in rt:
        if _birthday[x] >= b:
            b = _birthday[x] + 1
    _birthday.append(b)
    _index[key] = gid
    return gid


_limit = [20_000_000]


def set_node_limit(n: int) -> int:
    """Set the most forms the table may hold (a clean error instead of exhausting memory);
    returns the previous limit. The default, 20 million forms, uses a few GiB."""
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


ZERO: GameId = intern((), ())
