"""Proved lower bounds on a partial quotient from a candidate that is exact below its failure.

A candidate ``(Q, P, Phi)`` of heap ``n`` whose colex-least failure is ``F`` gives the true
misère outcome of every heap word colex-below ``F``: there is no P- or N-failure below ``F``
(the failure search is exhaustive up to ``F``), and every option of a word is colex-smaller
than the word, so the outcome recursion and membership in ``P`` agree on that downward-closed
set by induction (the verification theorem of notes E.2, restricted to it; Plambeck 002 §9.2).
Colex order compares the exponent of the largest heap first, so every word with fewer heaps of
size ``n`` than ``F`` is below ``F``.

Hence two words ``u, v`` are different elements of the true partial quotient ``Q_n`` as soon
as some word ``y`` gives ``u + y`` and ``v + y`` different outcomes with both sums below ``F``
(002 §5: ``u ≡ v`` needs equal outcomes against every ``y``). :func:`power_witnesses` finds
such a ``y`` for the powers of ``Phi(n)``; :func:`distinguished_classes` counts the classes of
words with at most ``k`` heaps of size ``n`` that tests with at most ``K - k`` such heaps tell
apart: a proved lower bound on ``|Q_n|`` (Dawson's Kayles at heap 34: docs/results/dawson.md).
Candidates are given as :class:`~misere.quotients.impartial.state.Pending` (the action of the
heap values, a P-portion and ``Phi``); nothing here builds a product table.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["exact_below", "exact_powers", "power_witnesses", "distinguished_classes", "Witness"]


def exact_below(failure: Sequence[int] | None, n: int) -> int | None:
    """Most heaps of size ``n`` a word may hold and still be exact (below ``failure``).

    ``None`` when there is no failure (the candidate is the partial quotient: every word).

    >>> exact_below((34, 34, 30, 25), 34)
    1
    """
    return None if failure is None else sum(1 for h in failure if h == n) - 1


def exact_powers(failure: Sequence[int] | None, prefix: Sequence[int], heap: int,
                 cap: int = 255) -> int:
    """Largest ``k <= cap`` such that every word ``prefix + heap^i + y`` with ``i <= k`` and
    ``y`` made of heaps below ``heap`` is colex-below ``failure`` (so exact), or ``-1``.

    Colex order compares exponents from the largest heap down, so the heaps of ``y`` never
    matter when the part from ``heap`` up is already smaller than ``failure``'s.

    >>> exact_powers((29, 29, 27, 25, 25, 25, 25, 18, 13, 13), (29, 29, 27), 25)
    3
    >>> exact_powers((29, 29, 27, 25, 18), (29, 29), 26)
    255
    """
    from misere.quotients.impartial.verify import word_key

    def top(word):
        return word_key([h for h in word if h >= heap])

    limit = cap if failure is None else -1
    for i in range(cap + 1):
        if failure is not None and top(list(prefix) + [heap] * i) < top(failure):
            limit = i
    return limit


@dataclass(frozen=True)
class Witness:
    """``Phi(n)^i`` and ``Phi(n)^j`` differ: ``o(n^i + y) != o(n^j + y)`` (``y`` below ``n``)."""

    i: int
    j: int
    y: tuple[int, ...]  #: heaps of the distinguishing word, largest first
    p_with_i: bool  #: whether ``n^i + y`` is a P-position


class _Action:
    """The heap values' action of a candidate and a shortest word per element (BFS)."""

    def __init__(self, cand: Any, n: int, prefix: Sequence[int] = ()) -> None:
        self.maps = np.asarray(cand.maps, dtype=np.int64)
        self.is_p = np.asarray(cand.is_p, dtype=bool)
        self.identity = int(cand.identity)
        row = {int(g): j for j, g in enumerate(cand.letters)}
        self.phi = [int(v) for v in cand.phi]
        self.top = self.maps[row[self.phi[n]]] if self.phi[n] != self.identity else None
        gens = sorted({(row[self.phi[h]], h) for h in range(1, n) if self.phi[h] != self.identity},
                      key=lambda t: t[1])
        start = self.identity
        for h in prefix:  # words prefix + y: the BFS starts at the prefix's value
            start = int(self.maps[row[self.phi[h]]][start]) if self.phi[h] != self.identity else start
        seen = np.zeros(len(self.is_p), dtype=bool)
        seen[start] = True
        self.start = start
        self.parent = np.full(len(self.is_p), -1, dtype=np.int64)
        self.heap = np.zeros(len(self.is_p), dtype=np.int64)
        self.letter = np.zeros(len(self.is_p), dtype=np.int64)  # row of maps that reached it
        self.levels = [np.array([start], dtype=np.int64)]
        while True:  # breadth first over the heaps below n: a shortest word per element
            grown = []
            for j, h in gens:
                y = self.maps[j][self.levels[-1]]
                new = ~seen[y]
                ys, xs = y[new], self.levels[-1][new]
                _, first = np.unique(ys, return_index=True)
                seen[ys[first]] = True
                self.parent[ys[first]] = xs[first]
                self.heap[ys[first]] = h
                self.letter[ys[first]] = j
                grown.append(ys[first])
            nxt = np.concatenate(grown) if grown else np.empty(0, dtype=np.int64)
            if not len(nxt):
                break
            self.levels.append(nxt)
        self.below = np.concatenate(self.levels)

    def word(self, x: int) -> tuple[int, ...]:
        out = []
        while x != self.start:
            out.append(int(self.heap[x]))
            x = int(self.parent[x])
        return tuple(sorted(out, reverse=True))

    def times_top(self, xs: np.ndarray, k: int) -> np.ndarray:
        for _ in range(k if self.top is not None else 0):
            xs = self.top[xs]
        return xs


def power_witnesses(cand: Any, n: int, k_max: int, prefix: Sequence[int] = ()) -> list[Witness]:
    """For every ``0 <= i < j <= k_max``, a word ``y`` of heaps below ``n`` with
    ``o(prefix + n^i + y) != o(prefix + n^j + y)`` in the candidate (a shortest one), when
    there is one (``n`` may be any heap below the candidate's: the words then use heaps below
    ``n`` and the heaps of ``prefix``).

    Every sum involved has at most ``k_max`` heaps of size ``n``; with ``k_max <=``
    :func:`exact_below` of the candidate's failure (with a ``prefix``: :func:`exact_powers`)
    the outcomes are the true ones, and each witness proves ``Phi(n)^i != Phi(n)^j`` in the
    partial quotient (equal elements stay equal when ``prefix`` is added).
    """
    act = _Action(cand, n, prefix)
    rows = [act.below]
    for _ in range(k_max):
        rows.append(act.times_top(rows[-1], 1))
    status = np.stack([act.is_p[r] for r in rows])
    out = []
    for i in range(k_max + 1):
        for j in range(i + 1, k_max + 1):
            diff = np.flatnonzero(status[i] != status[j])
            if len(diff):
                y = int(act.below[diff[0]])
                out.append(Witness(i, j, act.word(y), bool(status[i][diff[0]])))
    return out


def _refine(labels: np.ndarray, bits: np.ndarray) -> np.ndarray:
    key = np.packbits(bits, axis=1, bitorder="little")
    key = np.pad(key, ((0, 0), (0, (-key.shape[1]) % 8))).view(np.uint64)
    _, inv = np.unique(np.column_stack([labels.astype(np.uint64), key]), axis=0,
                       return_inverse=True)
    return inv.ravel().astype(np.int64)


def distinguished_classes(cand: Any, n: int, k_max: int,
                          tick: Callable[[int, int], None] | None = None) -> int:
    """Number of classes among the words with at most ``k_max // 2`` heaps of size ``n`` that
    tests with at most ``k_max - k_max // 2`` such heaps tell apart (other heaps below ``n``).

    Every sum compared has at most ``k_max`` heaps of size ``n``; with ``k_max <=``
    :func:`exact_below` the count is a proved lower bound on ``|Q_n|``. ``tick(m, classes)``
    reports after the tests with ``m`` heaps of size ``n``.
    """
    act = _Action(cand, n)
    half = k_max // 2
    words = [act.below]
    for _ in range(half):
        words.append(act.times_top(words[-1], 1))
    elems = np.unique(np.concatenate(words))
    labels = np.zeros(len(elems), dtype=np.int64)
    for m in range(k_max - half + 1):
        base = act.times_top(elems, m)
        cols = {act.identity: base}
        for depth, level in enumerate(act.levels):
            batch, grown = [], {}
            for y in level.tolist():
                col = (base if y == act.identity
                       else act.maps[act.letter[y]][cols[int(act.parent[y])]])
                grown[y] = col
                batch.append(act.is_p[col])
                if len(batch) == 64:
                    labels, batch = _refine(labels, np.stack(batch, axis=1)), []
            if batch:
                labels = _refine(labels, np.stack(batch, axis=1))
            if depth:
                for y in act.levels[depth - 1].tolist():
                    cols.pop(y, None)
            cols.update(grown)
        if tick is not None:
            tick(m, int(labels.max()) + 1)
    return int(labels.max()) + 1
