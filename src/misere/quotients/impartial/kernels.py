"""Compiled inner loops of the quotient engine (numba), with bitset transition sets.

:func:`search_batch` is the N-failure search of :func:`misere.quotients.impartial.verify.
n_failure_search` (same colex pop order, same domination pruning, hence the same failure and
the same store) over transition sets held as rows of ``uint64`` words. Colex keys
``sum(e_h << 8h)`` are held as little-endian ``uint64`` limbs. It runs a bounded number of pops
per call so that the caller can check the budget between batches, and reports when an array is
full so the caller can grow it and resume.

numba is optional: :func:`available` says whether it imports; the pure-Python search is used
otherwise (and for small tables, where the import and call overhead would dominate).
"""
from __future__ import annotations

import numpy as np

__all__ = ["available", "get"]

#: queue slots and store rows a compiled search starts with (each doubles when full)
START_SLOTS = 1024

_KERNELS = None
_TRIED = False


def available() -> bool:
    """Whether the compiled kernels can be used (numba importable)."""
    return get() is not None


def get():
    """The module of compiled kernels, or ``None`` when numba is missing."""
    global _KERNELS, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            from misere.quotients.impartial import _numba_kernels as mod
        except ImportError:  # numba not installed: pure-Python fallback
            mod = None
        _KERNELS = mod
    return _KERNELS


def bits_to_sets(rows: np.ndarray) -> list[frozenset[int]]:
    """Frozensets of the bit positions set in each ``uint64`` row."""
    if len(rows) == 0:
        return []
    b = np.unpackbits(np.ascontiguousarray(rows).view(np.uint8), axis=1, bitorder="little")
    r, c = np.nonzero(b)
    out: list[list[int]] = [[] for _ in range(len(rows))]
    for i, j in zip(r.tolist(), c.tolist()):
        out[i].append(j)
    return [frozenset(x) for x in out]


def _grow(a: np.ndarray, size: int, fill=0) -> np.ndarray:
    out = np.full((size,) + a.shape[1:], fill, dtype=a.dtype)
    out[:len(a)] = a
    return out


class _Slots:
    """The arrays both compiled searches share: scalars ``sc``, the binary heap ``hp`` of
    queue slots, free slots, each slot's key limbs, value and last generator, the store rows'
    signatures and links, the rows of each value. A subclass names its other per-slot and
    per-row arrays in ``slot_fields`` / ``row_fields`` (name, width in bytes) so that they grow
    with the rest."""

    slot_fields: tuple[tuple[str, int], ...] = ()
    row_fields: tuple[tuple[str, int], ...] = ()

    def __init__(self, n: int, nl: int, identity: int, nsc: int, cap: int) -> None:
        self.sc = np.zeros(nsc, dtype=np.int64)
        self.hp = np.zeros(cap, dtype=np.int64)
        self.free = np.zeros(cap, dtype=np.int64)
        self.qkey = np.zeros((cap, nl), dtype=np.uint64)
        self.qx = np.zeros(cap, dtype=np.int32)
        self.qj = np.zeros(cap, dtype=np.int32)
        self.sfold = np.zeros(cap, dtype=np.uint64)  # a signature of each row (quick reject)
        self.nxt = np.full(cap, -1, dtype=np.int64)
        self.head = np.full(n, -1, dtype=np.int64)
        self.tail = np.full(n, -1, dtype=np.int64)
        self.xorder = np.zeros(n, dtype=np.int64)
        self.qx[0] = identity
        self.sc[0] = 1  # the empty word in slot 0
        self.free[:cap - 1] = np.arange(cap - 1, 0, -1)
        self.sc[4] = cap - 1

    def grow_queue(self) -> None:
        from misere import budget
        c = len(self.hp)
        names = ("hp", "free", "qkey", "qx", "qj") + tuple(f for f, _ in self.slot_fields)
        budget.reserve(2 * c * (self.qkey.shape[1] * 8 + 24 + sum(w for _, w in
                                                                  self.slot_fields)),
                       "failure search queue")
        for f in names:
            setattr(self, f, _grow(getattr(self, f), 2 * c))
        k = int(self.sc[4])
        self.free[k:k + c] = np.arange(2 * c - 1, c - 1, -1)
        self.sc[4] = k + c

    def grow_rows(self) -> None:
        from misere import budget
        c = len(self.nxt)
        budget.reserve(2 * c * (16 + sum(w for _, w in self.row_fields)), "failure search store")
        for f, _ in (("sfold", 8),) + self.row_fields:
            setattr(self, f, _grow(getattr(self, f), 2 * c))
        self.nxt = _grow(self.nxt, 2 * c, -1)


class _SearchArrays(_Slots):
    """Queue and store arrays of the bitset search: each slot's and row's set as ``nw``
    words (``qt``, ``sp``); ``sfold`` is the OR of a row's words."""

    def __init__(self, n: int, nw: int, nl: int, identity: int, cap: int = 0) -> None:
        cap = cap or START_SLOTS
        super().__init__(n, nl, identity, 5, cap)
        self.qt = np.zeros((cap, nw), dtype=np.uint64)
        self.sp = np.zeros((cap, nw), dtype=np.uint64)
        self.slot_fields = (("qt", 8 * nw),)
        self.row_fields = (("sp", 8 * nw),)

    def grow_store(self) -> None:
        self.grow_rows()

    def store(self) -> dict[int, list[frozenset[int]]]:
        """The store as the pure-Python search builds it (same keys and list order)."""
        order, rows = [], []
        nxt, head = self.nxt.tolist(), self.head.tolist()
        for x in self.xorder[:int(self.sc[2])].tolist():
            r = head[x]
            lst = []
            while r >= 0:
                lst.append(r)
                r = nxt[r]
            order.append((x, len(lst)))
            rows.extend(lst)
        sets = bits_to_sets(self.sp[np.asarray(rows, dtype=np.int64)])
        out, i = {}, 0
        for x, k in order:
            out[x] = sets[i:i + k]
            i += k
        return out


class _SparseArrays(_Slots):
    """Queue and store of the sparse search (``_search_kernels``): each slot's and row's set
    as an offset and a length into an ``int32`` arena, ``qa`` for the queue (compacted when
    half of it or more is free) and ``sa`` for the store; ``sfold`` is a row's signature."""

    slot_fields = (("qoff", 8), ("qlen", 4))
    row_fields = (("soff", 8), ("slen", 4))

    def __init__(self, n: int, nl: int, nh: int, identity: int, maxlen: int,
                 cap: int = 0) -> None:
        cap = cap or START_SLOTS
        super().__init__(n, nl, identity, 7, cap)
        self.qoff = np.zeros(cap, dtype=np.int64)
        self.qlen = np.zeros(cap, dtype=np.int32)
        self.soff = np.zeros(cap, dtype=np.int64)
        self.slen = np.zeros(cap, dtype=np.int32)
        self.qa = np.zeros(max(cap * 8, 2 * nh * maxlen), dtype=np.int32)
        self.sa = np.zeros(max(cap * 8, 2 * maxlen), dtype=np.int32)
        self.maxlen, self.nh = maxlen, nh

    def args(self) -> tuple:
        return (self.sc, self.hp, self.free, self.qkey, self.qx, self.qj, self.qoff, self.qlen,
                self.qa, self.sa, self.soff, self.slen, self.sfold, self.head, self.tail,
                self.nxt, self.xorder)

    def make_room(self, compact) -> None:
        """Room in the queue arena for the sets the next word may push: compact it in place
        when the queued sets fill at most half of it after that, else double it."""
        from misere import budget
        n = int(self.sc[0])
        live = self.hp[:n]
        used = int(self.qlen[live].sum())
        need = used + self.nh * self.maxlen
        if 2 * need > len(self.qa):
            size = max(2 * len(self.qa), 2 * need)
            budget.reserve(size * 4, "failure search queue")
            self.qa = _grow(self.qa, size)
        order = np.argsort(self.qoff[live], kind="stable")
        self.sc[5] = compact(self.hp, n, self.qoff, self.qlen, self.qa, order)

    def grow_store(self) -> None:
        from misere import budget
        if self.sc[1] >= len(self.nxt):
            self.grow_rows()
        if self.sc[6] + self.maxlen > len(self.sa):
            size = max(2 * len(self.sa), int(self.sc[6]) + 2 * self.maxlen)
            budget.reserve(size * 4, "failure search store")
            self.sa = _grow(self.sa, size)

    def store(self) -> dict[int, list[frozenset[int]]]:
        """The store as the pure-Python search builds it (same keys and list order)."""
        out: dict[int, list[frozenset[int]]] = {}
        nxt, head = self.nxt.tolist(), self.head.tolist()
        soff, slen, sa = self.soff.tolist(), self.slen.tolist(), self.sa
        for x in self.xorder[:int(self.sc[2])].tolist():
            r = head[x]
            lst = []
            while r >= 0:
                lst.append(frozenset(sa[soff[r]:soff[r] + slen[r]].tolist()))
                r = nxt[r]
            out[x] = lst
        return out


def compiled_search(table, is_p, phi, trans, identity, node_limit, tick, stop_key, sparse=False):
    """The N-failure search of ``verify.n_failure_search`` run by :func:`search_batch` over
    bitset transition sets, or with ``sparse`` by ``_search_kernels.search_batch_sparse`` over
    value lists (same pop order, same failure, same store).

    Returns ``(failure key or None, store)`` (the caller decodes the key); the store is
    complete only when no failure was found and the stop key was not reached (it is then
    empty).
    """
    from misere import budget
    from misere.errors import ComputationLimitError
    from misere.quotients.monoid.storage import columns_array
    k = get()
    heaps = sorted(trans)
    n = len(table)
    nw, nl = (n + 63) // 64, max(heaps) // 8 + 1
    # only columns, never the table: the heap values' and the option values' (an option of a
    # heap is a product of at most two heap values, so few distinct ones)
    cols = columns_array(table, [phi[h] for h in heaps])
    uoff = np.cumsum([0] + [len(trans[h]) for h in heaps]).astype(np.int64)
    uval = [u for h in heaps for u in trans[h]]
    distinct = list(dict.fromkeys(uval))
    ucols = columns_array(table, distinct)
    at = {u: i for i, u in enumerate(distinct)}
    ucols = ucols[[at[u] for u in uval]] if uval else np.zeros((1, n), dtype=np.int32)
    isp = np.asarray(is_p, dtype=np.bool_)
    steps_limb = np.asarray([h // 8 for h in heaps], dtype=np.int64)
    steps_val = np.asarray([1 << (8 * (h % 8)) for h in heaps], dtype=np.uint64)
    has_stop = stop_key is not None and stop_key < 1 << (64 * nl)
    sk = stop_key if has_stop else 0
    stop = np.asarray([(sk >> (64 * i)) & (2**64 - 1) for i in range(nl)], dtype=np.uint64)
    fail = np.zeros(nl, dtype=np.uint64)
    if sparse:
        from misere.quotients.impartial import _search_kernels as sk_mod
        # a word's set has one value per option of each of its heaps (in a commutative monoid)
        a = _SparseArrays(n, nl, len(heaps), identity, max(1, min(n, len(uval))))
        maxt = max(len(trans[h]) for h in heaps)

        def batch():
            return sk_mod.search_batch_sparse(*a.args(), cols, ucols, uoff, isp, steps_limb,
                                              steps_val, stop, has_stop, 8192, node_limit, fail,
                                              a.maxlen, maxt)
    else:
        pb = np.zeros(nw * 8, dtype=np.uint8)
        packed = np.packbits(isp, bitorder="little")
        pb[:len(packed)] = packed
        pbits = pb.view(np.uint64)
        a = _SearchArrays(n, nw, nl, identity)

        def batch():
            return k.search_batch(a.sc, a.hp, a.free, a.qkey, a.qx, a.qj, a.qt, a.sp, a.sfold,
                                  a.head, a.tail, a.nxt, a.xorder, cols, ucols, uoff, pbits, isp,
                                  steps_limb, steps_val, stop, has_stop, 8192, node_limit, fail)
    last_tick = 0
    while True:
        code = batch()
        if code == 3:
            budget.check()
            if tick is not None and a.sc[3] - last_tick >= 20480:
                last_tick = int(a.sc[3])
                tick(last_tick)
        elif code == 4:
            a.grow_queue()
        elif code == 5:
            a.grow_store()
        elif code == 8:
            a.make_room(sk_mod.compact_queue)
        elif code == 9:
            a.maxlen = min(n, 2 * a.maxlen)
        elif code == 6:
            raise ComputationLimitError("failure search: a heap exponent reached 255")
        elif code == 7:
            raise ComputationLimitError(f"failure search exceeded {node_limit} words")
        elif code == 1:
            key = sum(int(v) << (64 * i) for i, v in enumerate(fail.tolist()))
            return key, {}
        elif code == 2:
            return None, {}
        else:
            return None, a.store()
