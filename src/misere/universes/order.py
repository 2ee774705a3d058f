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

Memory: both matrices are stored bit-packed along rows (``n²/8`` bytes each, one uint8 per
eight columns). Every run of consecutive new forms of one birthday class starts at a slot
divisible by 8 (the slots in between are padding, never read), so a block is written as whole
bytes; blocks over one run are stored without unpacking, and boolean temporaries are made
for about 4 MB of a block at a time. The general order of 16 000 day-3 games thus keeps 66 MB
of tables instead of 528 MB, with no dense ``|class|²`` temporaries (benchmarks/README.md).

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
        asked for (the two packed matrices take n²/8 bytes each: 256 MB at 32 000).
    """

    def __init__(self, name: str, facts: Optional[Facts] = None, end: Optional[EndCondition] = None,
                 normal: bool = False, max_nodes: int = 32_000) -> None:
        self.name = name
        self._facts_of: Facts = facts or _facts_ends
        self._end: EndCondition = end or general_end
        self._normal = normal
        self.max_nodes = max_nodes
        self.reset()
        cache.on_clear(self.reset)

    def reset(self) -> None:
        """Forget everything (called by :func:`misere.core.cache.clear`)."""
        self.ids: list[GameId] = []  # by slot; -1 for a padding slot
        self.index: dict[GameId, int] = {}  # form -> slot
        self._lopt: list[tuple[int, ...]] = []
        self._ropt: list[tuple[int, ...]] = []
        self._facts: list[Optional[Sequence[bool]]] = []
        self._classes: dict[int, list[int]] = {}
        self._ge = np.zeros((0, 0), dtype=np.uint8)  # bit-packed rows: slot i, byte j >> 3
        self._nd = np.zeros((0, 0), dtype=np.uint8)

    def __len__(self) -> int:
        return len(self.index)

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
        return bool(int(self._ge[i, j >> 3]) >> (7 - (j & 7)) & 1)

    def matrix(self, games: Sequence[GameId]) -> np.ndarray:
        """The boolean matrix ``M[i, j] = games[i] ≥ games[j]``, adding missing followers first."""
        self.extend(games)
        index = self.index
        idx = np.array([index[g] for g in games], dtype=np.intp)
        runs = _runs(idx)
        gather = len(runs) > 64  # scattered: unpack whole rows, then pick the columns
        if gather:
            runs = [(0, 0, len(self.ids))]
        width = sum(r[2] for r in runs)
        out = np.empty((len(idx), len(idx)), dtype=bool)
        step = _chunk(width)
        for c0 in range(0, len(idx), step):
            bits = _bit_rows(self._ge, idx[c0:c0 + step], runs, width)
            out[c0:c0 + step] = bits[:, idx] if gather else bits
        return out

    def end_matrix(self, games: Sequence[GameId]) -> Optional[np.ndarray]:
        """The universe's end condition ``E[i, j]`` for ``games`` (from their facts), or
        ``None`` in normal play, which has none (used by
        :func:`misere.universes.order_small.small_matrix`)."""
        if self._normal:
            return None
        facts = np.array([tuple(self._facts_of(g)) for g in games], dtype=bool).reshape(len(games), -1)
        return np.ascontiguousarray(self._end(facts, facts), dtype=bool)

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
        if len(self) + len(new) > self.max_nodes:
            self.reset()
            new = self._missing(games)
        slots = len(self.ids) + len(new) + 8 * (max(birthday(g) for g in new) + 1)
        budget.reserve(2 * max(0, slots * slots // 8 - self._ge.size), f"the {self.name} order table")
        try:
            self._add(new)
        except BaseException:  # a budget ran out mid-way: never keep half-computed rows
            self.reset()
            raise

    def _add(self, new: list[GameId]) -> None:
        n0 = len(self.ids)
        index, facts_of = self.index, self._facts_of
        prev = -1
        for g in new:
            budget.check()
            b = birthday(g)
            if b != prev:  # each run of one class starts a byte of the packed rows
                prev = b
                while len(self.ids) % 8:
                    self._pad()
            i = len(self.ids)
            self.ids.append(g)
            index[g] = i
            self._lopt.append(tuple([index[x] for x in left(g)]))
            self._ropt.append(tuple([index[x] for x in right(g)]))
            self._facts.append(tuple(facts_of(g)))
            self._classes.setdefault(b, []).append(i)
        n1 = len(self.ids)
        if n1 > self._ge.shape[0]:
            cap = -(-(max(n1, 2 * self._ge.shape[0]) if n0 else n1) // 8) * 8
            for attr in ("_ge", "_nd"):
                old = getattr(self, attr)
                grown = np.zeros((cap, cap // 8), dtype=np.uint8)
                grown[:old.shape[0], :old.shape[1]] = old
                setattr(self, attr, grown)
        k = len(next(f for f in self._facts if f is not None))
        blank = (False,) * k
        facts = np.array([blank if f is None else f for f in self._facts], dtype=bool).reshape(n1, k)
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

    def _pad(self) -> None:
        """Append a padding slot (never part of a class, never read)."""
        self.ids.append(-1)
        self._lopt.append(())
        self._ropt.append(())
        self._facts.append(None)

    # --- one block -----------------------------------------------------------------------
    def _block(self, ra: "_Rows", rb: "_Rows", facts: np.ndarray) -> None:
        """Fill ``GE[a, b]`` (and ``ND[a, b]``) from blocks of smaller birthday sum."""
        ge, nd = self._ge, self._nd
        a, b = ra.sel, rb.sel
        nb = len(rb.idx)
        qa, rm, qbits = ra.right  # R(a) = Q, rm[a, q]
        pb, lm, pbits = rb.left  # L(b) = P, lm[b, p]
        bad = np.zeros((len(ra.idx), (nb + 7) // 8), dtype=np.uint8)
        if self._normal:
            # no G^R ≤ H and no H^L ≥ G
            _or_product(bad, rm, _bit_cols(ge, b, qbits).T)
            _or_product(bad, _bit_rows(ge, pb, ra.runs, len(ra.idx)).T, lm.T)
            _store(ge, ra, rb, lambda c0, c1: ~bad[c0:c1])
            return
        _or_product(bad, ~_bit_cols(nd, a, pbits), lm.T)  # some H^L to which G is downlinked
        _or_packed(bad, rm, ~_packed_rows(nd, qa, rb))  # some G^R downlinked to H
        fa, fb = facts[ra.idx], facts[rb.idx]
        _store(ge, ra, rb, lambda c0, c1: np.packbits(self._end(fa[c0:c1], fb), axis=1) & ~bad[c0:c1])
        qa, lam, _ = ra.left
        pb, rbm, pbits = rb.right
        bad[:] = 0
        _or_packed(bad, lam, _packed_rows(ge, qa, rb))  # some a^L ≥ b
        _or_product(bad, _bit_cols(ge, a, pbits), rbm.T)  # some b^R ≤ a
        _store(nd, ra, rb, lambda c0, c1: bad[c0:c1])


def _chunk(width: int) -> int:
    """Rows unpacked at a time: about 4 MB of booleans per temporary."""
    return max(64, (1 << 22) // max(1, width))


def _bit_rows(m: np.ndarray, rows: np.ndarray, runs: list[tuple[int, int, int]], width: int) -> np.ndarray:
    """Booleans ``m[rows, cols]`` of a bit-packed matrix, the columns given as runs of
    consecutive slots (see :func:`_runs`; ``width`` columns in all): only their bytes are
    unpacked."""
    out = np.empty((len(rows), width), dtype=bool)
    for start, off, length in runs:
        b0, s0 = start >> 3, start & 7
        bits = np.unpackbits(m[rows, b0:(start + length + 7) >> 3], axis=1).view(bool)
        out[:, off:off + length] = bits[:, s0:s0 + length]
    return out


def _packed_rows(m: np.ndarray, rows: np.ndarray, rb: "_Rows") -> np.ndarray:
    """``m[rows, rb]`` packed along its columns as :func:`_or_packed` wants them: the stored
    bytes themselves when ``rb`` is one run (it starts a byte; bits past its end are ignored)."""
    if len(rb.runs) == 1:
        b0 = rb.runs[0][0] >> 3
        return m[rows, b0:b0 + ((len(rb.idx) + 7) >> 3)]
    return np.packbits(_bit_rows(m, rows, rb.runs, len(rb.idx)), axis=1)


def _bit_cols(m: np.ndarray, rows: "slice | np.ndarray", cols: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Booleans ``m[rows, P]`` of a bit-packed matrix, for a few columns P (an option set)
    given as ``(P >> 3, 7 - P % 8)`` (see :func:`_incidence`): one byte gathered per entry."""
    byte, shift = cols
    sub = m[rows, byte] if isinstance(rows, slice) else m[rows[:, None], byte[None, :]]
    sub >>= shift
    sub &= 1
    return sub.view(bool)


def _store(m: np.ndarray, ra: "_Rows", rb: "_Rows", packed: Callable[[int, int], np.ndarray]) -> None:
    """``m[ra, rb] = packed(c0, c1)`` for row chunks ``ra.idx[c0:c1]``, the values packed
    along ``rb`` (bits past |rb| are ignored). Each run of ``rb`` starts at a slot divisible by
    8 and the bits after its end up to the next byte are padding, so a block over one run is
    stored as it is; over several runs it is unpacked and packed again run by run."""
    a, n = ra.sel, len(ra.idx)
    runs, nb = rb.runs, len(rb.idx)
    assert all(not r[0] & 7 for r in runs), "order table: a run of a class does not start a byte"
    step = _chunk(nb)
    for c0 in range(0, n, step):
        c1 = min(n, c0 + step)
        rows = a if c0 == 0 and c1 == n else (
            slice(a.start + c0, a.start + c1) if isinstance(a, slice) else a[c0:c1])
        x = packed(c0, c1)
        if len(runs) == 1:
            b0 = runs[0][0] >> 3
            m[rows, b0:b0 + x.shape[1]] = x
            continue
        bits = _unpack(x, nb)
        for start, off, length in runs:
            b0 = start >> 3
            m[rows, b0:b0 + ((length + 7) >> 3)] = np.packbits(bits[:, off:off + length], axis=1)


def _or_product(acc: np.ndarray, masks: np.ndarray, rows: np.ndarray) -> None:
    """``acc |= masks ∘ rows`` in the Boolean semiring, ``acc`` packed along its columns.

    ``masks`` is |A|×k, ``rows`` k×|B|; k (an option set) is small beside |A| and |B|, so this
    is k masked ORs of packed rows (dense float products are slower, and multi-threaded BLAS
    behaves badly on thin products).
    """
    if masks.shape[1]:
        _or_packed(acc, masks, np.packbits(rows.astype(bool, copy=False), axis=1))


def _or_packed(acc: np.ndarray, masks: np.ndarray, packed: np.ndarray) -> None:
    """:func:`_or_product` with ``rows`` already packed (bits past |B| are ignored)."""
    for t in range(masks.shape[1]):
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

    __slots__ = ("idx", "sel", "runs", "_table", "_left", "_right")

    def __init__(self, idx: np.ndarray, table: OrderTable) -> None:
        self.idx = idx
        #: maximal runs of consecutive slots: (first slot, position in idx, length)
        self.runs = _runs(idx, ascending=True)
        self.sel = slice(self.runs[0][0], self.runs[0][0] + len(idx)) if len(self.runs) == 1 else idx
        self._table = table
        self._left: Optional[_Incidence] = None
        self._right: Optional[_Incidence] = None

    @property
    def left(self) -> "_Incidence":
        if self._left is None:
            self._left = _incidence(self.idx, self._table._lopt)
        return self._left

    @property
    def right(self) -> "_Incidence":
        if self._right is None:
            self._right = _incidence(self.idx, self._table._ropt)
        return self._right


def _runs(idx: np.ndarray, ascending: bool = False) -> list[tuple[int, int, int]]:
    """Maximal runs ``idx[p:p+n] = s, s+1, …, s+n-1`` as ``(s, p, n)`` (``ascending``: idx is
    known to be strictly increasing, so one run exactly when its ends are n-1 apart)."""
    if not len(idx):
        return []
    if ascending and int(idx[-1]) - int(idx[0]) == len(idx) - 1:
        return [(int(idx[0]), 0, len(idx))]
    cut = np.flatnonzero(np.diff(idx) != 1) + 1
    starts = [0, *cut.tolist()]
    ends = [*cut.tolist(), len(idx)]
    return [(int(idx[s]), s, e - s) for s, e in zip(starts, ends)]


#: ``(P, M, (P >> 3, 7 - P % 8))``: the options P of a row set, ``M[r, p]``, P's bit addresses
_Incidence = tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray]]


def _incidence(rows: np.ndarray, opts: list[tuple[int, ...]]) -> _Incidence:
    lists = [opts[r] for r in rows.tolist()]
    flat = [p for o in lists for p in o]
    if not flat:
        p = np.zeros(0, dtype=np.intp)
        return p, np.zeros((len(rows), 0), dtype=bool), (p, p.astype(np.uint8))
    rowid = [k for k, o in enumerate(lists) for _ in o]
    flat_a = np.array(flat, dtype=np.intp)
    p = np.unique(flat_a)
    m = np.zeros((len(rows), len(p)), dtype=bool)
    m[rowid, np.searchsorted(p, flat_a)] = 1
    return p, m, (p >> 3, (7 - (p & 7)).astype(np.uint8))
