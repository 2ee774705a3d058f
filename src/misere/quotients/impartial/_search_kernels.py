"""numba kernel of the N-failure search over sparse transition sets (imported only through
:mod:`misere.quotients.impartial.kernels`).

The same search as ``_numba_kernels.search_batch`` (notes E.2; seed 002 §9), with each
transition set held as a list of distinct ``int32`` values in an arena instead of a bitset row
of ``|Q|`` bits. A word's transition set has at most ``sum_h |T(h)|`` values (one per option
of each distinct heap of the word), far below ``|Q|`` on a large candidate (0.16 at heap 19:
at most 79 values, about 24 on average, against 117,862 bits), so queue and store take
``4 * |t|`` bytes a set instead of ``|Q| / 8``. Subset tests go through two scratch bitsets of
``|Q|`` bits (the popped set and the set being built), set and cleared value by value.

State (arrays owned by ``kernels._SparseArrays``): ``sc`` holds ``[heap size, store rows,
values stored, words popped, free slots, queue arena used, store arena used]``; queue slot
``s`` has key limbs ``qkey[s]``, value ``qx[s]``, last generator ``qj[s]`` and its set at
``qa[qoff[s]:qoff[s] + qlen[s]]``; store row ``r`` has its set at ``sa[soff[r]:soff[r] +
slen[r]]`` and the signature ``sfold[r]`` (OR of ``1 << (v & 63)``: a quick subset reject).
"""
from __future__ import annotations

import sys as _sys

import numpy as np
from numba import njit

from misere.core import jit as _jit
from misere.quotients.impartial._numba_kernels import (_enqueue, _key_ge, _new_row, _note,
                                                        _take, _unlink)

ONE = np.uint64(1)
M63 = np.int64(63)


@njit(cache=True)
def _sig(lst, m):
    f = np.uint64(0)
    for i in range(m):
        f |= ONE << np.uint64(lst[i] & M63)
    return f


@njit(cache=True)
def _has(bits, v):
    return (bits[v >> 6] >> np.uint64(v & 63)) & ONE


@njit(cache=True)
def _mark(bits, lst, m, on):
    for i in range(m):
        v = lst[i]
        if on:
            bits[v >> 6] |= ONE << np.uint64(v & 63)
        else:
            bits[v >> 6] &= ~(ONE << np.uint64(v & 63))


@njit(cache=True)
def _dominated(sa, soff, slen, sfold, head, nxt, x, bits, m, sig):
    """Some stored set of ``x`` lies inside the set ``bits`` (``m`` values, signature ``sig``);
    the empty set (the empty word: no move, exempt from the N-check) covers only the empty set
    (``_numba_kernels._dominated``)."""
    nsig = ~sig
    r = head[x]
    while r >= 0:
        k = slen[r]
        if k <= m and not (sfold[r] & nsig) and (k != 0 or m == 0):
            o = soff[r]
            inside = True
            for i in range(o, o + k):
                if not _has(bits, sa[i]):
                    inside = False
                    break
            if inside:
                return True
        r = nxt[r]
    return False


@njit(cache=True)
def _store_insert(sa, soff, slen, sfold, head, tail, nxt, xorder, sc, x, tl, bits, m, sig):
    """Drop the stored sets of ``x`` containing the set ``tl[:m]`` (also in ``bits``), then
    append it (``_numba_kernels._store_insert``)."""
    _note(head, xorder, sc, x)
    prev = -1
    r = head[x]
    while r >= 0:
        k = slen[r]
        drop = False
        if k >= m and not (sig & ~sfold[r]):
            o = soff[r]
            c = 0
            for i in range(o, o + k):
                c += _has(bits, sa[i])
            drop = c == m  # the values of s are distinct: m of them in t means t <= s
        if drop:
            r = _unlink(head, tail, nxt, x, prev, r)
        else:
            prev = r
            r = nxt[r]
    row = _new_row(head, tail, nxt, sc, x)
    o = sc[6]
    sa[o:o + m] = tl[:m]
    sc[6] = o + m
    soff[row] = o
    slen[row] = m
    sfold[row] = sig


@njit(cache=True)
def search_batch_sparse(sc, hp, free, qkey, qx, qj, qoff, qlen, qa, sa, soff, slen, sfold,
                        head, tail, nxt, xorder, cols, ucols, uoff, isp, steps_limb, steps_val,
                        stop, has_stop, batch, node_limit, fail_key, maxlen, maxt):
    """Pop up to ``batch`` words; the return codes of ``_numba_kernels.search_batch``, 8 when
    the queue arena may not hold the sets pushed by the next word (``maxlen`` values each) and
    9 when a set pushed by it might exceed ``maxlen`` values: the set of the word plus the
    most option values of a heap, ``maxt`` (never on a commutative monoid with ``maxlen =
    sum_h |T(h)|``; the caller raises ``maxlen`` towards ``|Q|`` and calls again)."""
    nh = cols.shape[0]
    nw = (isp.shape[0] + 63) // 64
    tb = np.zeros(nw, dtype=np.uint64)  # the popped set, as bits
    t2b = np.zeros(nw, dtype=np.uint64)  # the set being built
    tl = np.empty(maxlen, dtype=np.int32)
    t2l = np.empty(maxlen, dtype=np.int32)
    key = np.zeros(qkey.shape[1], dtype=np.uint64)
    for _ in range(batch):
        if sc[0] == 0:
            return 0
        if sc[4] < nh:
            return 4
        if sc[1] >= soff.shape[0] or sc[6] + maxlen > sa.shape[0]:
            return 5
        if sc[5] + nh * maxlen > qa.shape[0]:
            return 8
        if qlen[hp[0]] + maxt > maxlen and maxlen < isp.shape[0]:
            return 9
        s = _take(sc, hp, free, qkey)  # the colex-least word
        key[:] = qkey[s]
        m = qlen[s]
        tl[:m] = qa[qoff[s]:qoff[s] + m]
        x, j0 = qx[s], qj[s]
        if has_stop and _key_ge(key, stop):
            return 2
        if not isp[x] and m > 0:  # an N-failure: a move, and no option in P
            fails = True
            for i in range(m):
                if isp[tl[i]]:
                    fails = False
                    break
            if fails:
                fail_key[:] = key
                return 1
        sig = _sig(tl, m)
        _mark(tb, tl, m, True)
        if _dominated(sa, soff, slen, sfold, head, nxt, x, tb, m, sig):
            _mark(tb, tl, m, False)
            continue
        _store_insert(sa, soff, slen, sfold, head, tail, nxt, xorder, sc, x, tl, tb, m, sig)
        _mark(tb, tl, m, False)
        if (key[steps_limb[j0]] // steps_val[j0]) & np.uint64(255) == np.uint64(255):
            return 6
        for j in range(j0, nh):
            m2 = 0
            for k in range(uoff[j], uoff[j + 1]):
                v = ucols[k, x]
                if not _has(t2b, v):
                    t2b[v >> 6] |= ONE << np.uint64(v & 63)
                    t2l[m2] = v
                    m2 += 1
            for i in range(m):
                v = cols[j, tl[i]]
                if not _has(t2b, v):
                    t2b[v >> 6] |= ONE << np.uint64(v & 63)
                    t2l[m2] = v
                    m2 += 1
            x2 = cols[j, x]
            if not _dominated(sa, soff, slen, sfold, head, nxt, x2, t2b, m2, _sig(t2l, m2)):
                ns = _enqueue(sc, hp, free, qkey, key, steps_limb[j], steps_val[j])
                qx[ns] = x2
                qj[ns] = j
                o = sc[5]
                qa[o:o + m2] = t2l[:m2]
                sc[5] = o + m2
                qoff[ns] = o
                qlen[ns] = m2
            _mark(t2b, t2l, m2, False)
        sc[3] += 1
        if sc[3] > node_limit:
            return 7
    return 3


@njit(cache=True)
def compact_queue(hp, n, qoff, qlen, qa, order):
    """Move the sets of the ``n`` queued slots (``order``: ``hp[:n]`` by increasing offset) to
    the front of the arena ``qa``, in place; return the arena length used."""
    o = 0
    for i in range(n):
        s = hp[order[i]]
        k = qlen[s]
        src = qoff[s]
        for c in range(k):  # src >= o: a forward copy never overwrites what it still reads
            qa[o + c] = qa[src + c]
        qoff[s] = o
        o += k
    return o


#: seconds numba takes to compile this kernel (14.8 s measured on the project's 2-core machine
#: at load 5, 2026-11-26)
COMPILE_SECONDS = 10
_jit.announce(_sys.modules[__name__], "the quotient engine's sparse failure search", COMPILE_SECONDS)
