"""numba kernels (imported only through :mod:`misere.quotients.impartial.kernels`).

State of a search lives in numpy arrays owned by the caller (see ``kernels._SearchArrays``):
``sc`` holds the scalars ``[heap size, store rows, values stored, words popped, free slots]``;
the queue is a binary heap ``hp`` of slots with key limbs ``qkey``, value ``qx``, last
generator ``qj`` and transition set ``qt``; the store is one linked list of bitset rows ``sp``
per value (``head``/``tail``/``nxt``; ``sfold`` holds the OR of each row's words, a quick
subset reject), values listed in order of first insertion in ``xorder``.
"""
from __future__ import annotations

import sys as _sys

import numpy as np
from numba import njit

from misere.core import jit as _jit

ONE = np.uint64(1)


@njit(cache=True)
def _less(qkey, a, b):
    for l in range(qkey.shape[1] - 1, -1, -1):
        if qkey[a, l] != qkey[b, l]:
            return qkey[a, l] < qkey[b, l]
    return False


@njit(cache=True)
def _sift_up(hp, qkey, i):
    s = hp[i]
    while i > 0:
        par = (i - 1) >> 1
        if _less(qkey, s, hp[par]):
            hp[i] = hp[par]
            i = par
        else:
            break
    hp[i] = s


@njit(cache=True)
def _sift_down(hp, qkey, n):
    s = hp[0]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= n:
            break
        if c + 1 < n and _less(qkey, hp[c + 1], hp[c]):
            c += 1
        if _less(qkey, hp[c], s):
            hp[i] = hp[c]
            i = c
        else:
            break
    hp[i] = s


@njit(cache=True)
def _subset(a, b):
    for w in range(a.shape[0]):
        if a[w] & ~b[w]:
            return False
    return True


@njit(cache=True)
def _fold(t):
    """OR of the words of a bitset: ``s <= t`` needs ``fold(s) & ~fold(t) == 0``."""
    f = np.uint64(0)
    for w in range(t.shape[0]):
        f |= t[w]
    return f


@njit(cache=True)
def _dominated(sp, sfold, head, nxt, x, t):
    """Some stored set of ``x`` is inside ``t``; the empty set (the empty word, which has no
    move and so is exempt from the N-check) dominates only the empty set."""
    tf = _fold(t)
    nf = ~tf
    r = head[x]
    while r >= 0:
        if not (sfold[r] & nf) and (sfold[r] != 0 or tf == 0) and _subset(sp[r], t):
            return True
        r = nxt[r]
    return False


@njit(cache=True)
def _take(sc, hp, free, qkey):
    """Take the colex-least slot off the queue (its fields stay readable until the next push)."""
    s = hp[0]
    hn = sc[0] - 1
    hp[0] = hp[hn]
    sc[0] = hn
    if hn > 0:
        _sift_down(hp, qkey, hn)
    free[sc[4]] = s
    sc[4] += 1
    return s


@njit(cache=True)
def _enqueue(sc, hp, free, qkey, key, limb, val):
    """Queue a free slot with the key ``key + val << 64 limb``; return it (the caller fills
    in its other fields)."""
    sc[4] -= 1
    ns = free[sc[4]]
    qkey[ns] = key
    qkey[ns, limb] += val
    hn = sc[0]
    hp[hn] = ns
    sc[0] = hn + 1
    _sift_up(hp, qkey, hn)
    return ns


@njit(cache=True)
def _unlink(head, tail, nxt, x, prev, r):
    """Remove row ``r`` (after ``prev``, ``-1`` at the head) from the list of ``x``; return
    the row after it."""
    nr = nxt[r]
    if prev < 0:
        head[x] = nr
    else:
        nxt[prev] = nr
    if tail[x] == r:
        tail[x] = prev
    return nr


@njit(cache=True)
def _note(head, xorder, sc, x):
    """List ``x`` among the stored values when it has no row yet."""
    if head[x] < 0:
        xorder[sc[2]] = x
        sc[2] += 1


@njit(cache=True)
def _new_row(head, tail, nxt, sc, x):
    """A new store row (the next of ``sc[1]``) at the end of the list of ``x``; returned."""
    row = sc[1]
    sc[1] += 1
    nxt[row] = -1
    if head[x] < 0:
        head[x] = row
    else:
        nxt[tail[x]] = row
    tail[x] = row
    return row


@njit(cache=True)
def _pop(sc, hp, free, qkey, qx, qj, qt, t, key):
    """Take the colex-least word off the queue into ``t``/``key``; return ``(x, j0)``."""
    s = _take(sc, hp, free, qkey)
    t[:] = qt[s]
    key[:] = qkey[s]
    return qx[s], qj[s]


@njit(cache=True)
def _push(sc, hp, free, qkey, qx, qj, qt, key, limb, val, x, j, t):
    """Queue the word ``key + val << 64 limb`` with value ``x``, generator ``j``, set ``t``."""
    ns = _enqueue(sc, hp, free, qkey, key, limb, val)
    qx[ns] = x
    qj[ns] = j
    qt[ns] = t


@njit(cache=True)
def _key_ge(key, stop):
    for l in range(key.shape[0] - 1, -1, -1):
        if key[l] != stop[l]:
            return key[l] > stop[l]
    return True


@njit(cache=True)
def _is_failure(t, pbits, in_p):
    """A word with a move (``t`` nonempty) outside P whose options all avoid P."""
    if in_p:
        return False
    nonempty = False
    for w in range(t.shape[0]):
        if t[w]:
            nonempty = True
            if t[w] & pbits[w]:
                return False
    return nonempty


@njit(cache=True)
def _store_insert(sp, sfold, head, tail, nxt, xorder, sc, x, t):
    """Drop the stored sets of ``x`` containing ``t``, then append ``t`` (``verify._insert``)."""
    ft = _fold(t)
    _note(head, xorder, sc, x)
    prev = -1
    r = head[x]
    while r >= 0:
        if not (ft & ~sfold[r]) and _subset(t, sp[r]):
            r = _unlink(head, tail, nxt, x, prev, r)
        else:
            prev = r
            r = nxt[r]
    row = _new_row(head, tail, nxt, sc, x)
    sp[row] = t
    sfold[row] = _fold(t)


@njit(cache=True)
def _bits(t, out):
    """Positions of the set bits of ``t`` into ``out``; return their number."""
    m = 0
    for w in range(t.shape[0]):
        tw = t[w]
        b = 0
        while tw:
            if tw & ONE:
                out[m] = w * 64 + b
                m += 1
            tw >>= ONE
            b += 1
    return m


@njit(cache=True)
def _step_set(t2, ucols, x, lo, hi, cols, j, tl, m):
    """``t2`` = option values of heap ``j`` at ``x`` (``ucols[k, x]`` = ``x`` times the
    ``k``-th option value) plus ``cols[j]`` of the ``m`` listed."""
    for w in range(t2.shape[0]):
        t2[w] = 0
    for k in range(lo, hi):
        v = ucols[k, x]
        t2[v >> 6] |= ONE << np.uint64(v & 63)
    for i in range(m):
        v = cols[j, tl[i]]
        t2[v >> 6] |= ONE << np.uint64(v & 63)


@njit(cache=True)
def search_batch(sc, hp, free, qkey, qx, qj, qt, sp, sfold, head, tail, nxt, xorder,
                 cols, ucols, uoff, pbits, isp, steps_limb, steps_val,
                 stop, has_stop, batch, node_limit, fail_key):
    """Pop up to ``batch`` words. Returns 0 done (no failure), 1 failure (key in ``fail_key``),
    2 stop key reached, 3 batch over, 4 queue full, 5 store full, 6 exponent 255,
    7 node limit."""
    nh, nw = cols.shape[0], qt.shape[1]
    t2 = np.zeros(nw, dtype=np.uint64)
    t = np.zeros(nw, dtype=np.uint64)
    key = np.zeros(qkey.shape[1], dtype=np.uint64)
    tl = np.zeros(nw * 64, dtype=np.int64)
    for _ in range(batch):
        if sc[0] == 0:
            return 0
        if sc[4] < nh:
            return 4
        if sc[1] >= sp.shape[0]:
            return 5
        x, j0 = _pop(sc, hp, free, qkey, qx, qj, qt, t, key)
        if has_stop and _key_ge(key, stop):
            return 2
        if _is_failure(t, pbits, isp[x]):
            fail_key[:] = key
            return 1
        if _dominated(sp, sfold, head, nxt, x, t):
            continue
        _store_insert(sp, sfold, head, tail, nxt, xorder, sc, x, t)
        if (key[steps_limb[j0]] // steps_val[j0]) & np.uint64(255) == np.uint64(255):
            return 6
        m = _bits(t, tl)
        for j in range(j0, nh):
            _step_set(t2, ucols, x, uoff[j], uoff[j + 1], cols, j, tl, m)
            x2 = cols[j, x]
            if not _dominated(sp, sfold, head, nxt, x2, t2):
                _push(sc, hp, free, qkey, qx, qj, qt, key, steps_limb[j], steps_val[j], x2, j,
                      t2)
        sc[3] += 1
        if sc[3] > node_limit:
            return 7
    return 3


@njit(cache=True)
def mark_level(level, level_prev, prev, pow_map, maps, ooff, oidx, status, ft_off, ft_len,
               pool, sc, reached, stamp, keep):
    """One level of ``marking.Marking`` (multiplying the previous level by a generator).

    ``sc`` = ``[pool rows used, elements reached, stamp counter, longest transition set]``;
    option ``o`` of the heap multiplies by the maps ``maps[oidx[ooff[o]:ooff[o + 1]]]``.
    Without ``keep`` the transition sets of the new elements are not kept in ``pool`` (they
    are only read by the levels of later generators: not needed for the last one).
    """
    for k in range(level.shape[0]):
        y = level[k]
        if status[y]:
            continue
        st = sc[2] + 1
        sc[2] = st
        base = sc[0]
        m = 0
        p = prev[k]
        for i in range(ft_off[p], ft_off[p] + ft_len[p]):
            v = pow_map[pool[i]]
            if stamp[v] != st:
                stamp[v] = st
                pool[base + m] = v
                m += 1
        xe = level_prev[k]
        for o in range(ooff.shape[0] - 1):
            v = xe
            for i in range(ooff[o], ooff[o + 1]):
                v = maps[oidx[i], v]
            if stamp[v] != st:
                stamp[v] = st
                pool[base + m] = v
                m += 1
        if keep:
            ft_off[y] = base
            ft_len[y] = m
            sc[0] = base + m
        if m > sc[3]:
            sc[3] = m
        mark = 2 if m else 1
        for i in range(base, base + m):
            if status[pool[i]] == 2:
                mark = 1
                break
        status[y] = mark
        reached[sc[1]] = y
        sc[1] += 1


@njit(cache=True)
def mark_levels(gmap, level_prev, prev, pow_map, maps, ooff, oidx, status, ft_off, ft_len, pool, sc,
                reached, stamp, keep, limit, target, max_levels):
    """The levels of one heap value ``gmap`` (:func:`mark_level` each) until one brings nothing
    new, without a return to Python per level; returns ``(code, level_prev, pow_map)`` to
    resume from: 0 the heap is done, 1 ``pool`` must grow before the next level, 2 over
    ``limit`` elements reached, 3 ``target`` is marked (``-1``: none), 4 ``max_levels`` marked."""
    nopt = ooff.shape[0] - 1
    for _ in range(max_levels):
        level = gmap[level_prev].astype(np.int64)
        done = True
        for k in range(level.shape[0]):
            if status[level[k]] == 0:
                done = False
                break
        if done:
            return 0, level_prev, pow_map
        rows = level.shape[0] if keep else 1
        if sc[0] + rows * (sc[3] + nopt) > pool.shape[0]:
            return 1, level_prev, pow_map
        mark_level(level, level_prev, prev, pow_map, maps, ooff, oidx, status, ft_off, ft_len,
                   pool, sc, reached, stamp, keep)
        level_prev = level
        pow_map = gmap[pow_map]
        if sc[1] > limit:
            return 2, level_prev, pow_map
        if target >= 0 and status[target] != 0:
            return 3, level_prev, pow_map
    return 4, level_prev, pow_map


@njit(cache=True)
def moore_rounds(cls, count, succ, mults, max_rounds):
    """Rounds of the Moore refinement of ``reduction.reduce_bipartite`` (the same int64 keys,
    wrapping; each class renumbered by the rank of its key among the distinct keys, as
    ``np.unique(..., return_inverse=True)`` numbers them) until a round keeps the number of
    classes; returns ``(cls, count, finished)``, unfinished after ``max_rounds`` rounds."""
    n = cls.shape[0]
    for _ in range(max_rounds):
        key = cls * mults[0]
        for i in range(succ.shape[0]):
            row = succ[i]
            mlt = mults[i + 1]
            for x in range(n):
                key[x] += cls[row[x]] * mlt
        order = np.argsort(key)
        new = np.empty(n, dtype=np.int64)
        r = -1
        prev = key[0] if n else 0
        for i in range(n):
            kv = key[order[i]]
            if i == 0 or kv != prev:
                r += 1
                prev = kv
            new[order[i]] = r
        cls = new
        if r + 1 == count:
            return cls, count, True
        count = r + 1
    return cls, count, False


@njit(cache=True)
def class_table(letter_maps, identity):
    """``reduction.class_table`` breadth first, one row at a time; returns the table and the
    number of classes reached."""
    nlet, count = letter_maps.shape
    table = np.empty((count, count), dtype=np.int32)
    done = np.zeros(count, dtype=np.bool_)
    queue = np.empty(count, dtype=np.int64)
    for r in range(count):
        table[identity, r] = r
    done[identity] = True
    queue[0] = identity
    qn, qi = 1, 0
    while qi < qn:
        c = queue[qi]
        qi += 1
        for g in range(nlet):
            d = letter_maps[g, c]
            if not done[d]:
                done[d] = True
                for r in range(count):
                    table[d, r] = letter_maps[g, table[c, r]]
                queue[qn] = d
                qn += 1
    return table, qn


#: seconds numba takes to compile these kernels (measured on the project's 2-core machine)
COMPILE_SECONDS = 10
_jit.announce(_sys.modules[__name__], "the quotient engine's search kernels", COMPILE_SECONDS)  # compiled on first use
