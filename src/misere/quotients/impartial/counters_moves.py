"""The moves of a heap game seen by a counter certificate, and the transition sets of its words.

Companion of :mod:`misere.quotients.impartial.counters` (the theorem and the check, which this
module's functions serve): the options of every heap split into the change of the ``k`` counts
and a map on the monoid ``X`` (:class:`Moves`), and the minimal pairs ``(psi(v), T(v))`` of the
words of uncounted heaps (:func:`transition_pairs`, the enumeration of notes E.2 up to
domination). It reads the certificate's fields only (no import of its class: the check imports
this module).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from misere import budget

__all__ = ["Moves", "transition_pairs", "structure_fault"]


class Moves:
    """Options of every heap up to the largest, each as ``(dv, xs)``: ``dv`` the counted heaps
    it creates (one entry per count), ``xs`` the map ``x -> x psi(rest of the option)`` on ``X``.

    Raises ``ValueError`` when the certificate's heaps do not fit the rules (a size counted
    twice, a heap with moves but no column, a counted heap or column without moves).
    """

    def __init__(self, cert: Any, moves: Callable[[int], list[tuple[int, ...]]]):
        groups = cert.members
        counted = [h for g in groups for h in g]
        row = {h: k for k, h in enumerate(cert.heaps)}
        if len(set(counted)) != len(counted) or set(counted) & set(row) or len(row) != len(cert.heaps):
            raise ValueError("a heap size is counted twice, or counted and given a column")
        which = {h: i for i, g in enumerate(groups) for h in g}
        self.row = row
        self.k = len(groups)
        self.opts: dict[int, list[tuple[tuple[int, ...], np.ndarray]]] = {}
        everything = np.arange(cert.order)
        for h in range(1, max(cert.heaps + tuple(counted)) + 1):
            out = []
            for o in moves(h):
                dv = [0] * self.k
                xs = everything
                for p in o:
                    if p in which:
                        dv[which[p]] += 1
                    elif p in row:
                        xs = cert.action[row[p]][xs]
                    elif moves(p):
                        raise ValueError(f"heap {p} has moves but no column in the certificate")
                out.append((tuple(dv), xs))
            if out and h not in which and h not in row:
                raise ValueError(f"heap {h} has moves but no column in the certificate")
            if not out and (h in which or h in row):
                raise ValueError(f"heap {h} has no move but is counted or has a column")
            self.opts[h] = out
        #: most heaps of each count created by one option
        self.most = tuple(max([dv[i] for h in self.opts for dv, _ in self.opts[h]] + [0])
                          for i in range(self.k))
        #: every possible ``dv``, in slot order (mixed radix, first count most significant)
        self.shifts = list(itertools.product(*(range(m + 1) for m in self.most)))

    def slot(self, dv: tuple[int, ...]) -> int:
        """Index of the block of ``dv`` in a transition set (first count most significant)."""
        s = 0
        for d, m in zip(dv, self.most):
            s = s * (m + 1) + d
        return s


def _bitset(bits: Iterable[int]) -> int:
    out = 0
    for k in bits:
        out |= 1 << k
    return out


def _images(t: int, n: int, cols: np.ndarray, nbytes: int) -> list[int]:
    """``T`` (an int bitset of ``slot * n + y``) mapped by each column of ``cols`` (``y`` to
    ``col[y]`` in every slot), all columns at once: one pass of numpy over the set bits (a
    loop over the bits of an int costs a pass over the whole int per bit)."""
    if not t:
        return [0] * len(cols)
    bits = np.unpackbits(np.frombuffer(t.to_bytes(nbytes, "little"), np.uint8), bitorder="little")
    k, y = np.divmod(np.flatnonzero(bits), n)
    width = 8 * nbytes
    where = (k * n + cols[:, y] + (np.arange(len(cols)) * width)[:, None]).ravel()
    out = np.zeros(width * len(cols), np.uint8)
    out[where] = 1
    packed = np.packbits(out, bitorder="little").tobytes()
    return [int.from_bytes(packed[i * nbytes:(i + 1) * nbytes], "little") for i in range(len(cols))]


def _dominated(t: int, sets: list[int]) -> bool:
    """Whether a non-empty set of ``sets`` is a subset of ``t`` (a plain loop: this test runs
    millions of times)."""
    for s in sets:
        if s and t & s == s:
            return True
    return False


def transition_pairs(cert: Any, mv: Moves, tick: Any = None) -> list[tuple[int, int]]:
    """Minimal ``(psi(v), T(v))`` over all words ``v`` of uncounted heaps, with ``T`` as an int
    bitset of ``slot(dv) * |X| + y`` (:mod:`~.counters`, step 3; E.2's enumeration); ``tick``
    (optional) hears of the progress every few thousand words."""
    n = cert.order
    heaps = [h for h in cert.heaps if mv.opts[h]]
    tx = {}  # T of the one-heap word h at x: bit slot(dv) * n + x psi(rest) per option
    for h in heaps:
        bases = [(mv.slot(dv) * n, xs.tolist()) for dv, xs in mv.opts[h]]
        tx[h] = [_bitset(b + xs[x] for b, xs in bases) for x in range(n)]
    cols = np.asarray([cert.action[mv.row[h]] for h in heaps], dtype=np.int64).reshape(len(heaps), n)
    nbytes = (len(mv.shifts) * n + 7) // 8  # every T fits: slots * |X| bits

    stored: dict[int, list[int]] = {cert.identity: [0]}
    queue = [(cert.identity, 0)]
    steps = 0
    while queue:
        x, t = queue.pop()
        if t not in stored[x]:
            continue  # superseded by a smaller set
        images = None  # T(v) mapped by each heap's column, computed once per word
        for i, h in enumerate(heaps):
            x2 = int(cols[i, x])
            if x2 == cert.outside:
                continue  # outside the domain, and so is every word containing this one
            if images is None:
                images = _images(t, n, cols, nbytes)
            t2 = images[i] | tx[h][x]  # never empty: heap h has a move
            lst = stored.setdefault(x2, [])
            if _dominated(t2, lst):
                continue
            lst[:] = [s for s in lst if not s or (s & t2) != t2]
            lst.append(t2)
            queue.append((x2, t2))
        steps += 1
        if not steps & 255:
            budget.check()
            if tick is not None and not steps & 1023:
                tick(f"transition sets: {steps} words, {len(queue)} waiting")
    return [(x, t) for x, lst in stored.items() for t in lst]


def structure_fault(cert: Any, mv: Moves, inside: np.ndarray) -> str:
    """What makes ``psi`` well defined and the domain closed under moves ('' when nothing):
    the columns commute (so ``psi`` of a word does not depend on the order of its heaps),
    ``outside`` is absorbing, and no move from a word inside leads outside."""
    cols = [np.asarray(c) for c in cert.action]
    for i, ci in enumerate(cols):
        for cj in cols[:i]:
            if not np.array_equal(ci[cj], cj[ci]):
                return "the columns of X do not commute"
    if cert.outside is None:
        return ""
    if cert.outside == cert.identity or any(c[cert.outside] != cert.outside for c in cols):
        return "the outside element is the identity or not absorbing"
    for h, opts in mv.opts.items():
        start = inside if h not in mv.row else inside[cols[mv.row[h]]]  # y with y psi(h) inside
        for _, xs in opts:
            if (~inside[xs] & start).any():
                return f"a move in heap {h} leaves the domain"
    return ""
