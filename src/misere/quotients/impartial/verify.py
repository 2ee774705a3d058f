"""Certifying a pretension: P-failures, N-failures and the transition-set store.

Implements the verification theorem of notes E.2 (our formulation of what MisereSolver checks,
seed 002 §9; Plambeck-Siegel 2008): a reduced bipartite monoid ``(Q, P)`` with heap values
``Phi`` is the partial quotient iff there is no P-failure (a position valued in P with an option
valued in P) and no N-failure (a position with moves, valued outside P, all of whose options are
valued outside P). The N-failure search enumerates heap words in colex order with a priority
queue and prunes a word whose (value, transition set) is dominated by an earlier word; the first
failure it meets is the colex-least one, and by minimality its P-status is the opposite of the
candidate's (notes E.5 step 3d).

Stage 3 of a heap (:mod:`misere.quotients.impartial.solver`): :func:`least_failure` runs both
searches on a candidate. Everything here reads the quotient through columns (``x -> x * v``
for the heap and option values), never its whole table, so a quotient held as generator
actions (:class:`~misere.quotients.monoid.action.ActionMonoid`) is searched as it is.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from typing import Any

from misere.quotients.impartial.compiled import kernels, python_work, worth
from misere import budget
from misere.errors import ComputationLimitError
from misere.quotients.monoid import first_words
from misere.quotients.monoid.storage import column, columns_array, is_array, nonzero, p_mask, set_bits

__all__ = ["Store", "p_failure", "n_failure_search", "extend_store", "word_key", "word_value",
           "transitions", "word_status", "least_failure", "heap_words"]

Word = tuple[int, ...]  # heaps in decreasing order (also the colex sort key)
Store = dict[int, list[frozenset[int]]]

#: smallest table order for which the failure search runs compiled by default
COMPILED_MIN_ORDER = 64
#: smallest table order for which the compiled search holds transition sets as value lists
#: instead of bitset rows of ``|Q|`` bits (:mod:`misere.quotients.impartial._search_kernels`).
#: Measured 2026-11-26 (2-core machine, load 5; both kernels on every candidate of a run):
#: equal CPU below 1,024 elements, sparse 0.35 s against 0.55 s at 2,048-4,095 and 0.8 s
#: against 2.0 s at 4,096-8,191 (0.16 to heap 18), 3.2 s against 38.9 s and 0.2 GiB against
#: 14.8 GiB for 300,000 words at 117,862 (0.16, heap 19); loading the second kernel costs
#: about 0.9 s, which a run whose candidates stay small (0.07 to heap 33) never pays.
SPARSE_MIN_ORDER = 2048


def _dominated(store: Store, x: int, t: frozenset[int]) -> bool:
    lst = store.get(x)
    return lst is not None and any(s <= t for s in lst)


def _insert(store: Store, x: int, t: frozenset[int]) -> None:
    lst = store.get(x)
    if lst is None:
        store[x] = [t]
    else:
        lst[:] = [s for s in lst if not t <= s]
        lst.append(t)


class _Tables:
    """Python-list views of the table for the inner loops."""

    def __init__(self, table: Any, is_p: Any, phi: Sequence[int],
                 trans: dict[int, tuple[int, ...]]) -> None:
        self.p = frozenset(nonzero(is_p))
        # only the columns the search needs: multiplication by heap values and option values
        cache: dict[int, list[int]] = {}

        def col(v: int) -> list[int]:
            if v not in cache:
                cache[v] = column(table, v)
            return cache[v]

        self.col = {h: col(phi[h]) for h in trans}
        self.ucols = {h: [col(u) for u in trans[h]] for h in trans}
        self.phi = phi
        self.trans = trans
        n = len(table)
        self._xt: dict[int, list[frozenset[int] | None]] = {h: [None] * n for h in trans}

    def xt(self, h: int, x: int) -> frozenset[int]:
        row = self._xt[h]
        r = row[x]
        if r is None:
            r = row[x] = frozenset([c[x] for c in self.ucols[h]])
        return r

    def step(self, x: int, t: frozenset[int], h: int) -> tuple[int, frozenset[int]]:
        col = self.col[h]
        return col[x], frozenset([col[s] for s in t]) | self.xt(h, x)


def p_failure(table: Any, is_p: Any, phi: Sequence[int],
              trans: dict[int, tuple[int, ...]]) -> list[tuple[int, int]]:
    """All ``(x, h)`` with ``x*Phi(h)`` in P and ``x*t`` in P for an option value ``t`` of h
    (per heap, ``x`` increasing; P-masks of the columns as bitsets)."""
    masks: dict[int, int] = {}
    if is_array(table) or hasattr(table, "column_array"):  # every column's mask in one pass
        import numpy as np

        vs = list(dict.fromkeys([int(phi[h]) for h in trans] + [int(t) for ts in trans.values() for t in ts]))
        bits = np.packbits(np.asarray(is_p, dtype=bool)[columns_array(table, vs)], axis=1,
                           bitorder="little")
        masks = {v: int.from_bytes(row.tobytes(), "little") for v, row in zip(vs, bits)}

    def mask(v: int) -> int:
        if v not in masks:
            masks[v] = p_mask(table, is_p, v)
        return masks[v]

    out: list[tuple[int, int]] = []
    for h, ts in trans.items():
        b = 0
        for t in ts:
            b |= mask(t)
        out.extend((x, h) for x in set_bits(mask(phi[h]) & b))
    return out


def _decode(key: int) -> Word:
    """Heaps of a word key, in decreasing order."""
    out: list[int] = []
    h = 0
    while key:
        out.extend([h] * (key & 255))
        key >>= 8
        h += 1
    return tuple(reversed(out))


def word_key(word: Sequence[int]) -> int:
    """Colex key ``sum(e_h << 8h)`` of a heap word (inverse of :func:`_decode`)."""
    return sum(1 << (8 * h) for h in word)


def n_failure_search(
    table: Any,
    is_p: Any,
    phi: Sequence[int],
    trans: dict[int, tuple[int, ...]],
    identity: int,
    node_limit: int = 50_000_000,
    tick: Callable[[int], None] | None = None,
    stop_key: int | None = None,
    compiled: bool | None = None,
) -> tuple[Word | None, Store]:
    """Colex-least N-failure word, or ``None`` together with the store of transition sets.

    Parameters
    ----------
    table, is_p : lists or ndarrays
        The candidate quotient and its P mask.
    phi : sequence of int
        Value of every heap.
    trans : dict
        Heap (with options) -> values of its options.
    identity : int
    node_limit : int
        Words examined before giving up with :class:`ComputationLimitError`.
    tick : callable, optional
        Called now and then with the number of words examined (progress display).
    stop_key : int, optional
        Stop (returning ``None``) at the first word whose colex key (:func:`word_key`) is at
        least this: the caller already knows a failure there. The store is then incomplete.
    compiled : bool, optional
        Run the numba kernel (:mod:`misere.quotients.impartial.kernels`; same pop order, same
        result). By default it is used when numba imports and the table has at least
        ``COMPILED_MIN_ORDER`` elements (below that the import costs more than it saves). From
        ``SPARSE_MIN_ORDER`` elements on, it holds each transition set as a list of its values
        (at most the number of options of the heaps, ``sum_h |T(h)|``) instead of ``|Q|`` bits.

    Returns
    -------
    failure, store
        The least failing word (heaps in decreasing order) or ``None``; the store maps each
        value to the antichain of minimal transition sets of words reaching it (the compiled
        search returns an empty store when it stops early).
    """
    if compiled is None:
        compiled = worth(len(table), COMPILED_MIN_ORDER)
    if compiled and trans:
        key, store = kernels().compiled_search(table, is_p, phi, trans, identity, node_limit,
                                               tick, stop_key, len(table) >= SPARSE_MIN_ORDER)
        return (None if key is None else _decode(key)), store
    tb = _Tables(table, is_p, phi, trans)
    heaps = sorted(trans)
    pset = tb.p
    store: Store = {}
    # A word is keyed by sum(e_h << 8h): integer order is colex order while exponents < 256.
    steps = [1 << (8 * h) for h in heaps]
    shifts = [8 * h for h in heaps]
    queue: list[tuple[int, int, frozenset[int], int]] = [(0, identity, frozenset(), 0)]
    seen = 0
    cols = [tb.col[h] for h in heaps]
    getters = [c.__getitem__ for c in cols]
    xts = [tb._xt[h] for h in heaps]
    ucols = [tb.ucols[h] for h in heaps]
    push, pop = heapq.heappush, heapq.heappop
    get = store.get
    nh = len(heaps)
    stop = stop_key if stop_key is not None else 1 << 62 << (8 * (max(heaps, default=0) + 2))
    while queue:
        key, x, t, j0 = pop(queue)
        if key >= stop:
            python_work(seen)
            return None, store
        if t and x not in pset and pset.isdisjoint(t):
            python_work(seen)
            return _decode(key), store
        lst = get(x)
        if lst is None:
            store[x] = [t]
        else:
            for s in lst:
                if s <= t and (s or not t):  # the empty word's ∅ covers no word with a move
                    break
            else:
                s = None
            if s is not None:
                continue
            lst[:] = [s for s in lst if not t <= s]
            lst.append(t)
        if (key >> shifts[j0]) & 255 == 255:
            raise ComputationLimitError("failure search: a heap exponent reached 255")
        for j in range(j0, nh):
            xt = xts[j][x]
            if xt is None:
                xt = xts[j][x] = frozenset([c[x] for c in ucols[j]])
            t2 = frozenset(map(getters[j], t)) | xt if t else xt
            x2 = cols[j][x]
            old = get(x2)
            if old is not None:
                for s in old:
                    if s <= t2 and (s or not t2):
                        break
                else:
                    s = None
                if s is not None:
                    continue  # dominated by a word popped earlier (colex-smaller): sound
            push(queue, (key + steps[j], x2, t2, j))
        seen += 1
        if not seen & 1023:
            if seen > node_limit:
                raise ComputationLimitError(f"failure search exceeded {node_limit} words")
            budget.check()
            if tick is not None and not seen % 20480:
                tick(seen)
    python_work(seen)
    return None, store


def extend_store(
    table: Any,
    is_p: Any,
    phi: Sequence[int],
    trans: dict[int, tuple[int, ...]],
    store: Store,
    heap: int,
) -> Store | None:
    """Check the words containing the new top heap ``heap``; return the new store entries.

    Every word ``V + k*heap`` (V over smaller heaps) is dominated by a stored state plus
    ``k*heap``, so it suffices to extend each stored state by copies of ``heap``. Returns
    ``None`` when some such word is an N-failure.
    """
    tb = _Tables(table, is_p, phi, {heap: trans[heap]})
    pset = tb.p
    added: Store = {}
    frontier = [(x, t) for x, lst in store.items() for t in lst]
    while frontier:
        nxt = []
        for x, t in frontier:
            x2, t2 = tb.step(x, t, heap)
            if x2 not in pset and pset.isdisjoint(t2):
                return None
            if _dominated(store, x2, t2) or _dominated(added, x2, t2):
                continue
            _insert(added, x2, t2)
            nxt.append((x2, t2))
        frontier = nxt
    return added


# -- the failure search of one candidate (stage 3 of a heap) ---------------------------

def word_value(mon, phi, parts) -> int:
    """Value of a multiset of heaps."""
    x = mon.identity
    for p in parts:
        x = int(mon.mul(x, phi[p]))
    return x


def transitions(game, n: int, mon, phi: list[int]) -> dict[int, tuple[int, ...]]:
    """Transition sets ``T(h)`` (values of the options) of the heaps ``1..n`` with moves."""
    out = {}
    for h in range(1, n + 1):
        opts = game.options(h)
        if opts:
            out[h] = tuple(sorted({word_value(mon, phi, o) for o in opts}))
    return out


def word_status(q, is_p, phi: list[int], word) -> bool:
    """P-status a candidate gives to a heap word."""
    return bool(is_p[word_value(q, phi, word)])


def least_failure(game, n, q, is_p, phi, limits, tick):
    """Colex-least failing word of a candidate (P- or N-failure) and the search store.

    P-failures are found first (vectorised); the least P-failing word then bounds the
    N-failure search, which stops at that word's colex key instead of running to the end.
    The store is complete only when no failure is returned.
    """
    trans = transitions(game, n, q, phi)
    pf = p_failure(q.data, is_p, phi, trans)
    best = None
    if pf:
        words = heap_words(q, phi, trans, {x for x, _ in pf})
        for x, h in pf:
            w = tuple(sorted(words[x] + (h,), reverse=True))
            if best is None or w < best:
                best = w
    stop = word_key(best) if best is not None else None
    nf, store = n_failure_search(q.data, is_p, phi, trans, q.identity, limits.max_words, tick,
                                 stop_key=stop)
    return (nf if nf is not None else best), store


def heap_words(q, phi, trans, wanted) -> dict[int, tuple[int, ...]]:
    """Colex-least heap word of the ``wanted`` elements (heaps with options as generators)."""
    heaps = sorted(trans)
    _, words = first_words(q.order, q.identity, [phi[h] for h in heaps], q.mul_by, wanted)
    return {x: tuple(h for h, e in zip(heaps, words[x]) for _ in range(e)) for x in wanted}
