"""Named memo tables shared by the whole package.

Each algorithm asks :func:`table` for its own dictionary once, at import time, and memoises in
it by game ids. :func:`stats` reports the sizes for benchmarks. Ids are never recycled, so the
tables never need invalidating (forms are immutable). Memo structures that are not plain
dictionaries (the order tables of :mod:`misere.universes.order`) register a reset function with
:func:`on_clear`, so that :func:`clear` forgets them too.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["table", "stats", "clear", "on_clear", "bottom_up"]

_tables: dict[str, dict[Any, Any]] = {}
_resets: list[Callable[[], None]] = []


def table(name: str) -> dict[Any, Any]:
    """Return the memo table called ``name``, creating it empty on first use."""
    t = _tables.get(name)
    if t is None:
        t = _tables[name] = {}
    return t


def on_clear(reset: Callable[[], None]) -> Callable[[], None]:
    """Have :func:`clear` call ``reset`` (for memo structures other than dictionaries)."""
    _resets.append(reset)
    return reset


def stats() -> dict[str, int]:
    """Number of entries in each memo table, by name."""
    return {name: len(t) for name, t in sorted(_tables.items())}


def clear() -> None:
    """Empty every memo table (ids stay valid: only derived facts are forgotten)."""
    for t in _tables.values():
        t.clear()
    for reset in _resets:
        reset()


def bottom_up(g: Any, children: Callable[[Any], Any], memo: dict[Any, Any],
              make: Callable[[Any], Any], check: Callable[[], None] | None = None) -> Any:
    """``memo[g]``, first setting ``memo[x] = make(x)`` for ``g`` and each follower ``x`` missing
    from ``memo``, children before parents and without recursion (forms may be deep): ``make``
    reads its children's entries from ``memo``. ``check`` is called once a step (a budget).

    >>> kids = {3: (1, 2), 2: (1,), 1: ()}
    >>> memo = {}
    >>> bottom_up(3, kids.get, memo, lambda x: 1 + sum(memo[y] for y in kids[x]))
    4
    """
    stack = [g]
    while g not in memo:
        if check is not None:
            check()
        x = stack[-1]
        todo = [y for y in children(x) if y not in memo]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if x not in memo:
            memo[x] = make(x)
    return memo[g]
