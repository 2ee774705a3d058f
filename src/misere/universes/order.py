"""Whole ≥-orders as boolean matrices, computed bottom-up by birthday with row operations.

The options-only comparison tests of general misère play (Siegel 003 Thm 5.3, with
downlinking decided by Thm 5.4), of the dicot and dead-ending universes (004 Thms 16–17) and
of normal play share one shape. Write ``ND[a, b]`` ("a is *not* downlinked to b") for

    some a^L ≥ b,  or  some b^R with a ≥ b^R                               (003 Thm 5.4)

Then ``G ≥ H`` iff an *end condition* ``E(G, H)`` holds and

    ND[G, H^L] for every H^L,  and  ND[G^R, H] for every G^R               (maintenance)

where ``E`` is, per universe: general — (H a Left end ⇒ G a Left end) and (G a Right end ⇒ H
a Right end), 003 Thm 5.3 (3)–(4); dicot — ``o(G) ≥ o(H)``, 004 Thm 16; dead-ending — (H a
Left end ⇒ G Left-strong) and (G a Right end ⇒ H Right-strong), 004 Thm 17. Normal play is
``G ≥ H`` iff no ``G^R ≤ H`` and no ``H^L ≥ G``.

Over a follower-closed set of forms indexed ``0..n-1`` with option incidence matrices ``L``
and ``R`` these become matrix products: ``ND = L·GE ∨ GE·Rᵀ`` and
``GE = E ∧ ¬(¬ND·Lᵀ) ∧ ¬(R·¬ND)``. Every entry depends only on pairs of smaller birthday sum,
so the matrices are filled block by block, a block being (birthday class i) × (class j),
in order of ``i + j``. Inner dimensions are the option sets of a class, which are small
beside the classes themselves (the 1,268 dicot values born by day 3 have 9 day-2 followers),
so a block costs a few dense float products.

:class:`OrderTable` keeps these matrices for one universe and grows incrementally: adding
games computes only the pairs that involve a new follower. It is a memo structure registered
with :func:`misere.core.cache.on_clear`.
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional, Sequence

import numpy as np

from .. import budget
from ..core import cache
from ..core.ops import options
from ..core.table import GameId, birthday, left, right

__all__ = ["OrderTable", "EndCondition", "general_end"]

#: ``facts(g)`` gives per-form booleans; ``end(fa, fb)`` the |A|×|B| end-condition matrix
#: from the fact rows of A (|A|×k) and of B (|B|×k)
Facts = Callable[[GameId], Sequence[bool]]
EndCondition = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _facts_ends(g: GameId) -> tuple[bool, bool]:
    return bool(left(g)), bool(right(g))


def general_end(fa: np.ndarray, fb: np.ndarray) -> np.ndarray:
    """003 Thm 5.3 (3)–(4) from facts (has Left options, has Right options)."""
    return (fb[None, :, 0] | ~fa[:, None, 0]) & (fa[:, None, 1] | ~fb[None, :, 1])


class OrderTable:
    """The ≥-matrix of a follower-closed set of forms modulo one universe, grown on demand.

    Parameters
    ----------
    name : the universe's name (for messages).
    facts, end : the end condition (see :data:`EndCondition`); default: general misère play.
    normal : normal play instead (no end condition, no downlinking).
    max_nodes : when the table would exceed this many forms it starts afresh from the forms
        asked for (dense matrices take n² bytes each).
    """

    def __init__(self, name: str, facts: Optional[Facts] = None, end: Optional[EndCondition] = None,
                 normal: bool = False, max_nodes: int = 12_000) -> None:
        self.name = name
        self._facts_of: Facts = facts or _facts_ends
        self._end: EndCondition = end or general_end
        self._normal = normal
        self.max_nodes = max_nodes
        self.reset()
        cache.on_clear(self.reset)

    def reset(self) -> None:
        """Forget everything (called by :func:`misere.core.cache.clear`)."""
        self.ids: list[GameId] = []
        self.index: dict[GameId, int] = {}
        self._lopt: list[tuple[int, ...]] = []
        self._ropt: list[tuple[int, ...]] = []
        self._facts: list[Sequence[bool]] = []
        self._classes: dict[int, list[int]] = {}
        self._ge = np.zeros((0, 0), dtype=bool)
        self._nd = np.zeros((0, 0), dtype=bool)

    def __len__(self) -> int:
        return len(self.ids)

    # --- queries -------------------------------------------------------------------------
    def memoised(self, memo: dict, rule: Callable[[GameId, GameId], bool]) -> Callable[[GameId, GameId], bool]:
        """A ``ge(g, h)`` from an options-only ``rule``: ``True`` on identical forms, then
        ``memo``, then this table's ≥-matrix, else ``rule(g, h)`` (stored in ``memo``)."""

        def ge(g: GameId, h: GameId) -> bool:
            if g == h:
                return True
            r = memo.get((g, h))
            if r is None:
                r = self.lookup(g, h)
                if r is not None:
                    return r
                r = memo[(g, h)] = rule(g, h)
            return r  # type: ignore[no-any-return]

        return ge

    def lookup(self, g: GameId, h: GameId) -> Optional[bool]:
        """``g ≥ h`` if both are in the table, else None (no computation)."""
        i = self.index.get(g)
        if i is None:
            return None
        j = self.index.get(h)
        if j is None:
            return None
        return bool(self._ge[i, j])

    def matrix(self, games: Sequence[GameId]) -> np.ndarray:
        """The boolean matrix ``M[i, j] = games[i] ≥ games[j]``, adding missing followers first."""
        self.extend(games)
        index = self.index
        idx = np.array([index[g] for g in games], dtype=np.intp)
        sel = _sel(idx)
        if isinstance(sel, slice):
            return self._ge[sel, sel].copy()
        return self._ge.take(idx, axis=0).take(idx, axis=1)

    # --- growth --------------------------------------------------------------------------
    def _missing(self, games: Iterable[GameId]) -> list[GameId]:
        seen: set[GameId] = set()
        stack = [g for g in games if g not in self.index]
        while stack:
            budget.check()
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(y for y in options(x) if y not in seen and y not in self.index)
        return sorted(seen, key=lambda x: (birthday(x), x))

    def extend(self, games: Iterable[GameId]) -> None:
        """Add ``games`` and their followers; compute every pair involving a new form."""
        games = list(games)
        new = self._missing(games)
        if not new:
            return
        if len(self.ids) + len(new) > self.max_nodes:
            self.reset()
            new = self._missing(games)
        budget.reserve(2 * max(0, (len(self.ids) + len(new)) ** 2 - self._ge.size),
                       f"the {self.name} order table")
        try:
            self._add(new)
        except BaseException:  # a budget ran out mid-way: never keep half-computed rows
            self.reset()
            raise

    def _add(self, new: list[GameId]) -> None:
        n0 = len(self.ids)
        n1 = n0 + len(new)
        index, facts_of = self.index, self._facts_of
        for g in new:
            budget.check()
            i = len(self.ids)
            self.ids.append(g)
            index[g] = i
            self._lopt.append(tuple([index[x] for x in left(g)]))
            self._ropt.append(tuple([index[x] for x in right(g)]))
            self._facts.append(tuple(facts_of(g)))
            self._classes.setdefault(birthday(g), []).append(i)
        if n1 > self._ge.shape[0]:
            cap = max(n1, 2 * self._ge.shape[0]) if n0 else n1
            for attr in ("_ge", "_nd"):
                old = getattr(self, attr)
                grown = np.zeros((cap, cap), dtype=bool)
                grown[:n0, :n0] = old[:n0, :n0]
                setattr(self, attr, grown)
        facts = np.array(self._facts, dtype=bool).reshape(n1, -1)
        # each class split into its old and new members, with option incidences built once
        parts: dict[tuple[int, str], _Rows] = {}
        for b, members in self._classes.items():
            arr = np.array(members, dtype=np.intp)
            parts[b, "all"] = _Rows(arr, self)
            if n0 and arr[-1] >= n0:
                parts[b, "new"] = _Rows(arr[arr >= n0], self)
                if arr[0] < n0:
                    parts[b, "old"] = _Rows(arr[arr < n0], self)
        top = max(self._classes)
        for s in range(2 * top + 1):
            for i in range(max(0, s - top), min(s, top) + 1):
                j = s - i
                if (i, "all") not in parts or (j, "all") not in parts:
                    continue
                budget.check()
                if not n0:
                    self._block(parts[i, "all"], parts[j, "all"], facts)
                    continue
                if (i, "new") in parts:
                    self._block(parts[i, "new"], parts[j, "all"], facts)
                if (i, "old") in parts and (j, "new") in parts:
                    self._block(parts[i, "old"], parts[j, "new"], facts)
                elif (i, "new") not in parts and (j, "new") in parts:
                    self._block(parts[i, "all"], parts[j, "new"], facts)

    # --- one block -----------------------------------------------------------------------
    def _block(self, ra: "_Rows", rb: "_Rows", facts: np.ndarray) -> None:
        """Fill ``GE[a, b]`` (and ``ND[a, b]``) from blocks of smaller birthday sum."""
        ge, nd = self._ge, self._nd
        a, b = ra.sel, rb.sel
        nb = len(rb.idx)
        qa, rm = ra.right  # R(a) = Q, rm[a, q]
        pb, lm = rb.left  # L(b) = P, lm[b, p]
        bad = np.zeros((len(ra.idx), (nb + 7) // 8), dtype=np.uint8)
        if self._normal:
            # no G^R ≤ H and no H^L ≥ G
            _or_product(bad, rm, _get(ge, rb.sel, qa).T)
            _or_product(bad, _get(ge, pb, ra.sel).T, lm.T)
            _put(ge, a, b, ~_unpack(bad, nb))
            return
        _or_product(bad, ~_get(nd, a, pb), lm.T)  # some H^L to which G is downlinked
        _or_product(bad, rm, ~_get(nd, qa, b))  # some G^R downlinked to H
        _put(ge, a, b, self._end(facts[ra.idx], facts[rb.idx]) & ~_unpack(bad, nb))
        qa, lam = ra.left
        pb, rbm = rb.right
        bad[:] = 0
        _or_product(bad, lam, _get(ge, qa, b))  # some a^L ≥ b
        _or_product(bad, _get(ge, a, pb), rbm.T)  # some b^R ≤ a
        _put(nd, a, b, _unpack(bad, nb))


def _sel(idx: np.ndarray) -> "slice | np.ndarray":
    """A slice for a run of consecutive indices (fast to read and write), else the array."""
    if len(idx) and int(idx[-1]) - int(idx[0]) == len(idx) - 1 and bool((np.diff(idx) == 1).all()):
        return slice(int(idx[0]), int(idx[-1]) + 1)
    return idx


def _get(m: np.ndarray, a: "slice | np.ndarray", b: "slice | np.ndarray") -> np.ndarray:
    """The sub-matrix rows a × columns b (an array with a slice indexes as a product)."""
    if isinstance(a, slice) or isinstance(b, slice):
        return m[a, b]
    return m[np.ix_(a, b)]


def _put(m: np.ndarray, a: "slice | np.ndarray", b: "slice | np.ndarray", v: np.ndarray) -> None:
    if isinstance(a, slice) or isinstance(b, slice):
        m[a, b] = v
    else:
        m[np.ix_(a, b)] = v


def _or_product(acc: np.ndarray, masks: np.ndarray, rows: np.ndarray) -> None:
    """``acc |= masks ∘ rows`` in the Boolean semiring, ``acc`` packed along its columns.

    ``masks`` is |A|×k, ``rows`` k×|B|; k (an option set) is small beside |A| and |B|, so this
    is k masked ORs of packed rows (dense float products are slower, and multi-threaded BLAS
    behaves badly on thin products).
    """
    k = masks.shape[1]
    if not k:
        return
    packed = np.packbits(rows.astype(bool, copy=False), axis=1)
    for t in range(k):
        m = masks[:, t].astype(bool, copy=False)
        if m.all():
            acc |= packed[t]
        elif m.any():
            acc[m] |= packed[t]


def _unpack(acc: np.ndarray, n: int) -> np.ndarray:
    return np.unpackbits(acc, axis=1, count=n).view(bool)


class _Rows:
    """A set of table indices with its Left and Right option incidences, built on first use:
    ``(P, M)`` with P the sorted union of the options and ``M[r, p] = P[p] is an option of r``."""

    __slots__ = ("idx", "sel", "_table", "_left", "_right")

    def __init__(self, idx: np.ndarray, table: OrderTable) -> None:
        self.idx = idx
        self.sel = _sel(idx)
        self._table = table
        self._left: Optional[tuple[np.ndarray, np.ndarray]] = None
        self._right: Optional[tuple[np.ndarray, np.ndarray]] = None

    @property
    def left(self) -> tuple[np.ndarray, np.ndarray]:
        if self._left is None:
            self._left = _incidence(self.idx, self._table._lopt)
        return self._left

    @property
    def right(self) -> tuple[np.ndarray, np.ndarray]:
        if self._right is None:
            self._right = _incidence(self.idx, self._table._ropt)
        return self._right


def _incidence(rows: np.ndarray, opts: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    lists = [opts[r] for r in rows.tolist()]
    flat = [p for o in lists for p in o]
    if not flat:
        return np.zeros(0, dtype=np.intp), np.zeros((len(rows), 0), dtype=bool)
    rowid = [k for k, o in enumerate(lists) for _ in o]
    flat_a = np.array(flat, dtype=np.intp)
    p = np.unique(flat_a)
    m = np.zeros((len(rows), len(p)), dtype=bool)
    m[rowid, np.searchsorted(p, flat_a)] = 1
    return p, m
