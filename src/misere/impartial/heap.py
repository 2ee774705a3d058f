"""Heap games: impartial rulesets whose positions are multisets of independent heaps.

A heap game (seed 002 §9.2) is described by the options of a single heap: each option is a
multiset of strictly smaller heaps (possibly empty). Positions are multisets of heaps; a move
replaces one heap by one of its options. :class:`HeapGame` wraps any Python move function; octal
codes (:mod:`misere.impartial.octal`), linearised explicit games and Pascal's Beans build on it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from misere.errors import RulesetError

__all__ = ["HeapGame"]

Option = tuple[int, ...]


class HeapGame:
    """An impartial heap game given by a move function.

    Parameters
    ----------
    name : str
        Display name.
    moves : callable
        ``moves(n)`` yields the options of a heap of size ``n``, each an iterable of heap
        sizes, all smaller than ``n`` (heaps of size 0 are dropped).
    labels : sequence of str, optional
        Display labels of heaps ``0, 1, 2, ...`` (e.g. canonical forms of linearised games).
    max_heap : int, optional
        Largest heap that exists (finite games such as linearised closures).
    periodicity : tuple of int, optional
        ``(k, h)`` for the periodicity test of notes E.6: moves remove at most ``k`` tokens and
        leave at most ``h`` heaps. ``None`` when the test does not apply.

    Examples
    --------
    >>> nim2 = HeapGame("nim<=2", lambda n: [(m,) for m in range(n)], max_heap=2)
    >>> nim2.options(2)
    ((), (1,))
    """

    def __init__(
        self,
        name: str,
        moves: Callable[[int], Iterable[Iterable[int]]],
        *,
        labels: Sequence[str] | None = None,
        max_heap: int | None = None,
        periodicity: tuple[int, int] | None = None,
    ) -> None:
        self.name = name
        self._moves = moves
        self.labels = list(labels) if labels is not None else None
        self.max_heap = max_heap
        self.periodicity = periodicity
        self.options = lru_cache(maxsize=None)(self._options)

    def _options(self, n: int) -> tuple[Option, ...]:
        return tuple(sorted(self.iter_options(n)))

    def iter_options(self, n: int) -> Iterable[Option]:
        """The options of heap ``n`` as :meth:`options` has them, each once, in the order the
        move function makes them; nothing is kept, so a caller that needs only the first ones
        (a bounded count) never builds the whole set of a heap with billions of options."""
        if n < 0 or (self.max_heap is not None and n > self.max_heap):
            raise RulesetError(f"heap {n} does not exist in {self.name!r}")
        seen: set[Option] = set()
        for opt in self._moves(n):
            parts = tuple(sorted(int(p) for p in opt if int(p) != 0))
            if any(p >= n or p < 0 for p in parts):
                raise RulesetError(f"move {n} -> {parts} of {self.name!r} does not shrink heaps")
            if parts not in seen:
                seen.add(parts)
                yield parts

    def label(self, n: int) -> str:
        """Display label of heap ``n``."""
        return self.labels[n] if self.labels is not None else str(n)

    def __repr__(self) -> str:
        return f"HeapGame({self.name!r})"
