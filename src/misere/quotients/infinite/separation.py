"""Every two powers of a heap told apart, from a proved counter certificate, by a finite search.

A proved :class:`~misere.quotients.impartial.counters.CounterCertificate` gives the misère
outcome of every position ``c^a v`` (``a`` the count vector of the counted heaps, ``v`` the other
heaps) as ``F[kappa(T a)][psi(v)]`` (:mod:`~misere.quotients.impartial.counters`). To prove that
``Phi(h)`` has infinite order in the partial quotient ``Q_n`` for a size ``h`` of count ``r``, one
needs, for every ``0 <= i < j``, a position ``y`` with ``o(h^i + y) != o(h^j + y)`` (Plambeck 002
§6: two elements of a misère quotient are equal iff no position tells them apart; a finitely
generated commutative monoid with an element of infinite order is infinite). This module finds
those positions for all pairs at once, with no hand-written families.

Lemma (what :func:`separate` checks => ``Phi(h)`` has infinite order)
----------------------------------------------------------------------
Let count ``r`` appear in exactly one sum of the certificate, the count alone (always so without
sums), at row ``s`` of ``T``; let ``W`` be the largest window, ``p`` the period, ``k`` the number of
counts, and ``u = T a`` the sums. A position ``y`` with counts ``b`` and value ``x = psi(v)``
(``x`` a value of a word in the claim's domain) tells ``h^i`` from ``h^(i+d)`` iff the rows
``F[kappa(u)]`` and ``F[kappa(u + d e_s)]`` differ at ``x``, where ``u = T(b + i e_r)``; such
``u`` are exactly the sums of count vectors with ``u_s >= i``. Let ``S(i, d)`` say that one
exists.

1. *Monotone in i.* ``S(i + 1, d)`` implies ``S(i, d)`` (the same ``u`` serves).
2. *Gaps.* ``kappa`` reads each sum up to ``W``, each difference of two sums up to ``W`` and each
   sum mod ``p``. Sort the points ``0``, the sums ``u`` and ``u_s + d``: adding ``p`` to every
   point above a gap of more than ``W`` between consecutive points (or subtracting ``p`` when the
   gap is more than ``W + p``) changes neither ``kappa(u)`` nor ``kappa(u + d e_s)``, and keeps
   ``u`` a vector of sums (the sums form nested chains, :func:`~misere.quotients.impartial.
   counters.sum_matrix`: in each chain the sums above the gap are the supersets of the least of
   them, so one count, the one that sum adds to the sum below it, moves them all).
3. *Stable in i.* If ``u_s >= i > k (W + p)``, the at most ``k`` gaps between ``0`` and ``u_s``
   hold one of more than ``W + p``; opening it by ``p`` raises ``u_s`` and ``u_s + d`` alike. So
   ``S(i, d)`` implies ``S(i + p, d)``, and with 1, ``S(i, d) = S(I, d)`` for all ``i >= I = k (W
   + p) + 1``.
4. *Periodic in d.* If ``d > k (W + p)``, the at most ``k`` gaps between ``u_s`` and ``u_s + d``
   hold one of more than ``W + p``; opening or closing it by ``p`` keeps ``u_s``. So ``S(i, d) =
   S(i, d + p)`` for ``d > D = k (W + p)``.
5. *A finite box.* A ``u`` witnessing ``S(I, d)`` can be moved, closing gaps of more than
   ``W + p`` above ``u_s + d``, and below ``u_s`` while ``u_s >= I + p``, into the box of side
   ``I + d + 2p + k (W + p)``.

Hence, if ``S(I, d)`` holds for ``d = 1 .. D + p`` (checked in that box), then ``S(i, d)`` holds
for every ``i >= 0`` and ``d >= 1``: ``Phi(h)^i != Phi(h)^j`` whenever ``i != j``, for every size
``h`` the count ``r`` counts. The witness of each ``d`` is kept (:class:`Separation`), and
:func:`witness` turns it into a position for any given pair by the moves of 2-4.

The certificate must be proved first (:func:`~misere.quotients.impartial.counters.
check_certificate`); nothing here is a proof without it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from misere import budget
from misere.quotients.impartial.counters import CounterCertificate, _unsum, chain_steps, coarse_state
from misere.quotients.infinite.slopes import slope_partners, slope_separation, slope_witness

__all__ = ["Separation", "separable_counts", "separate", "witness", "word_of_values", "restricted",
           "MAX_BOX"]

#: the most points of the lemma's box searched (windows up to about 25 with three counts)
MAX_BOX = 50_000_000


@dataclass(frozen=True)
class Separation:
    """Result of :func:`separate` for count ``r``: ``ok`` when every two powers are told apart.

    ``witnesses[d - 1] = (counts, word)``: the position ``y`` (counted heaps by count, then the
    other heaps) telling ``h^I`` from ``h^(I + d)``, for ``d = 1 .. D + p``.
    """

    ok: bool
    count: int  #: the count ``r`` (index into the certificate's counters)
    heaps: tuple[int, ...]  #: the sizes it counts: each ``Phi(h)`` has infinite order when ``ok``
    start: int  #: ``I = k (W + p) + 1``
    gaps: int  #: ``D + p``: the gaps ``d`` checked
    witnesses: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    reason: str = "every two powers told apart"
    #: the count ``s`` of :mod:`~misere.quotients.infinite.slopes` (``None``: this module's
    #: lemma); ``start`` is then its ``B`` and each witness tells ``h^B`` from ``h^(B + d)``
    partner: int | None = None


def _sum_rows(cert: CounterCertificate) -> list[frozenset[int]]:
    k = len(cert.counters)
    return [frozenset(s) for s in (cert.sums or tuple((i,) for i in range(k)))]


def restricted(cert: CounterCertificate, r: int) -> tuple[CounterCertificate, int, int] | None:
    """A weighted certificate (:mod:`~misere.quotients.impartial.counters_forms`) read on the
    positions whose only counted heaps are those of count ``r`` (weight ``+-1``) and of one
    count ``s`` of weight ``-+1``: there ``kappa`` is a function of the two-count shape's with
    windows ``(max(K1, C), max(K2, C), K12)`` (the count of weight ``+1`` first; ``C`` the count
    window, ``min(a, max(K, C))`` gives ``min(a, K)`` and ``min(a, C)``), so this two-count
    claim holds for those positions once the weighted one is proved, and the lemma applies to
    it. Returns the claim, ``r``'s index in it and the two counts it reads, in its order
    (``None``: no such pair)."""
    w = cert.weights or ()
    if abs(w[r]) != 1 or not any(x == -w[r] for x in w):
        return None
    s = w.index(-w[r])
    pos, neg = (r, s) if w[r] > 0 else (s, r)
    k, c = len(w), cert.count_window
    table = {}
    for key, row in cert.p_table.items():
        res, mins = key[3:3 + k], key[3 + k:] or (0,) * k
        if all(res[i] == mins[i] == 0 for i in range(k) if i not in (pos, neg)):
            table[(max(key[0], mins[pos]), max(key[1], mins[neg]), key[2], res[pos],
                   res[neg])] = row
    members = cert.members
    k1, k2, k12 = cert.windows
    two = CounterCertificate(cert.code, (cert.counters[pos], cert.counters[neg]), cert.heaps,
                             cert.action, cert.identity, (max(k1, c), max(k2, c), k12),
                             cert.period, table, (members[pos], members[neg]), cert.outside)
    return two, (0 if pos == r else 1), (pos, neg)


def _spread(k: int, place: tuple[int, int], counts: Sequence[int]) -> tuple[int, ...]:
    """The counts of a two-count claim from :func:`restricted` as ``k`` counts (zero elsewhere)."""
    out = [0] * k
    for j, c in zip(place, counts):
        out[j] = c
    return tuple(out)


def separable_counts(cert: CounterCertificate) -> list[int]:
    """The counts the lemma applies to: those in exactly one sum, which holds them alone (of a
    weighted certificate: those :func:`restricted` takes)."""
    if cert.weights is not None:
        return [r for r in range(len(cert.counters))
                if restricted(cert, r) is not None or slope_partners(cert, r)]
    rows = _sum_rows(cert)
    return [r for r in range(len(cert.counters))
            if [s for s in rows if r in s] == [frozenset((r,))]]


def word_of_values(cert: CounterCertificate) -> dict[int, tuple[int, ...]]:
    """A shortest word of the non-counted heaps for each value of ``X`` it reaches (breadth
    first from the identity: each front's elements in the order they were reached, each with
    the heaps in order), the outside element left out: the values a position can have."""
    action = np.asarray(cert.action, dtype=np.int64).reshape(len(cert.heaps), -1)
    seen = np.zeros(action.shape[1], dtype=bool)
    seen[cert.identity] = True
    if cert.outside is not None:
        seen[cert.outside] = True  # never a value a position has
    words = {cert.identity: ()}
    front = np.array([cert.identity], dtype=np.int64)
    while front.size:
        reach = action[:, front].T.ravel()  # element by element, each heap in turn
        new = np.flatnonzero(~seen[reach])
        ys, first = np.unique(reach[new], return_index=True)
        order = np.argsort(first)  # the order of discovery
        at = new[first[order]]
        nxt = ys[order]
        seen[nxt] = True
        for y, w in zip(nxt.tolist(), at.tolist()):
            x, row = divmod(w, len(cert.heaps))
            words[y] = words[int(front[x])] + (cert.heaps[row],)
        front = nxt
    return words


def _state_ids(cert: CounterCertificate, side: int, values: np.ndarray) -> np.ndarray:
    """For every ``u`` of ``[0, side)^k``: the class of the row ``F[kappa(u)]`` on ``values``
    (equal ids iff equal rows), ``-1`` where the table has no entry."""
    k, p, win = len(cert.counters), cert.period, cert.windows
    rows: dict[bytes, int] = {}
    ids = {key: rows.setdefault(np.packbits(mask[values]).tobytes(), len(rows))
           for key, mask in cert.p_table.items()}
    grids = np.meshgrid(*(np.arange(side),) * k, indexing="ij", sparse=True)  # broadcast
    parts = [np.minimum(g, w) for g, w in zip(grids, win[:k])]
    radix = [w + 1 for w in win[:k]]
    pair = iter(win[k:])
    for i in range(k):
        for j in range(i + 1, k):
            w = next(pair)
            parts.append(np.clip(grids[i] - grids[j], -w, w) + w)
            radix.append(2 * w + 1)
    parts += [g % p for g in grids]
    radix += [p] * k
    code = np.zeros((side,) * k, dtype=np.int64)
    for part, base in zip(parts, radix):
        code *= base
        code += part
    lookup = np.full(int(np.prod(radix)), -1, dtype=np.int64)
    for key, i in ids.items():
        c = 0
        for v, base, off in zip(key, radix, [0] * k + [w for w in win[k:]] + [0] * k):
            c = c * base + (v + off)
        lookup[c] = i
    return lookup[code]


def _valid(cert: CounterCertificate, side: int) -> np.ndarray:
    """Which ``u`` of ``[0, side)^k`` are sums of count vectors (``u_S >= u_S'`` along each
    chain: :func:`~misere.quotients.impartial.counters.chain_steps`)."""
    k = len(cert.counters)
    grids = np.meshgrid(*(np.arange(side),) * k, indexing="ij", sparse=True)  # broadcast
    ok = np.ones((side,) * k, dtype=bool)
    for _, r, par in chain_steps(cert.sums, k):
        if par is not None:
            ok &= grids[r] >= grids[par]
    return ok


def _counts(cert: CounterCertificate, u: Sequence[int]) -> tuple[int, ...]:
    """The count vector ``a`` with ``T a = u``."""
    a = _unsum(cert.sums, len(cert.counters))(u)
    if a is None:
        raise ValueError(f"{tuple(u)} is not a vector of sums of counts")
    return a


_last_box: list = [None, None]  # (certificate, its box): separate() is called once per count


def _box(cert: CounterCertificate, side: int) -> tuple:
    """The words of the values, the values, the state ids and the valid points of the box
    ``[0, side)^k`` (the same for every count of one certificate: kept for the last one)."""
    if _last_box[0] is not cert or _last_box[1][0] != side:
        words = word_of_values(cert)
        values = np.array(sorted(words), dtype=np.int64)
        _last_box[:] = [cert, (side, words, values, _state_ids(cert, side, values),
                               _valid(cert, side))]
    return _last_box[1][1:]


def separate(cert: CounterCertificate, r: int = 0) -> Separation:
    """Check the module's lemma for count ``r`` of a (proved) certificate.

    Parameters
    ----------
    cert : CounterCertificate
        A certificate :func:`~misere.quotients.impartial.counters.check_certificate` accepts.
    r : int
        The count whose sizes are to be shown of infinite order.

    Returns
    -------
    Separation
        ``ok`` with a witness for each gap ``d``, or the first gap no position tells apart.
    """
    if r not in separable_counts(cert):
        return Separation(False, r, cert.members[r], 0, 0, (),
                          f"count {r} is read through a sum of several counts")
    if cert.weights is not None and restricted(cert, r) is None:  # a partner at another slope
        sep = Separation(False, r, cert.members[r], 0, 0, (), "no partner of the other sign")
        words = word_of_values(cert)
        for s in slope_partners(cert, r):
            ok, start, gaps, found, why = slope_separation(cert, r, s, words)
            sep = Separation(ok, r, cert.members[r], start, gaps, tuple(found), why, s)
            if ok:
                break
        return sep
    if cert.weights is not None:  # the lemma on the two-count claim it holds
        two, i, place = restricted(cert, r)
        sep = separate(two, i)
        return Separation(sep.ok, r, cert.members[r], sep.start, sep.gaps, tuple(
            (_spread(len(cert.counters), place, c), w) for c, w in sep.witnesses), sep.reason)
    k, p = len(cert.counters), cert.period
    s = [i for i, row in enumerate(_sum_rows(cert)) if r in row][0]
    w = max(cert.windows)
    start, top = k * (w + p) + 1, k * (w + p) + p
    side = start + top + 2 * p + k * (w + p) + 1
    if side ** k > MAX_BOX:  # a hostile or huge claim: refused before any array is made
        return Separation(False, r, cert.members[r], start, top, (),
                          f"the lemma's box [0, {side})^{k} is over {MAX_BOX:,} points")
    words, values, ids, valid = _box(cert, side)
    found = []
    for d in range(1, top + 1):
        budget.check()
        lo = [slice(None)] * k
        hi = [slice(None)] * k
        lo[s], hi[s] = slice(start, side - d), slice(start + d, side)
        a, b, ok = ids[tuple(lo)], ids[tuple(hi)], valid[tuple(lo)]
        if ((a < 0) | (b < 0))[ok].any():
            return Separation(False, r, cert.members[r], start, top, tuple(found),
                              "a coarse state of the box has no table entry")
        diff = np.argwhere((a != b) & ok)
        if not len(diff):
            return Separation(False, r, cert.members[r], start, top, tuple(found),
                              f"no position tells h^{start} from h^{start + d}")
        u = [int(v) for v in diff[0]]
        u[s] += start
        found.append(_position(cert, r, s, u, d, start, values, words))
    return Separation(True, r, cert.members[r], start, top, tuple(found))


def _position(cert, r, s, u, d, i, values, words) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(counts, word)`` of ``y``: ``u`` (with ``u_s >= i``) minus ``i`` heaps of count ``r``,
    and a word whose value tells ``kappa(u)`` from ``kappa(u + d e_s)``."""
    p, win = cert.period, cert.windows
    here = cert.p_table[coarse_state(win, p, *u)][values]
    there_u = list(u)
    there_u[s] += d
    there = cert.p_table[coarse_state(win, p, *there_u)][values]
    x = int(values[np.flatnonzero(here != there)[0]])
    a = list(_counts(cert, u))
    a[r] -= i
    return tuple(a), words[x]


def _open_gap(cert: CounterCertificate, a: list[int], r: int, d: int, low: int, high: int) -> int:
    """Open by ``p`` a gap of more than ``W + p`` between consecutive points ``0``, the sums and
    ``u_s + d`` that lies in ``[low, high]``: returns the new ``d`` (``a`` changed in place; the
    lemma's step 2). The count moved is, in each chain of sums, the one the least sum above the
    gap adds."""
    p, w = cert.period, max(cert.windows)
    rows = _sum_rows(cert)
    u = [sum(a[i] for i in row) for row in rows]
    s = rows.index(frozenset((r,)))
    points = sorted({0, u[s] + d, *u})
    for lo, hi in zip(points, points[1:]):
        if hi - lo > w + p and low <= lo and hi <= high:
            for own, t, par in chain_steps(cert.sums, len(rows)):
                if u[t] >= hi and (par is None or u[par] < hi):  # the least sum above the gap
                    a[own] += p
            return d + p if lo >= u[s] else d
    raise AssertionError("no gap to open: the lemma's count of gaps is wrong")


def witness(cert: CounterCertificate, sep: Separation, i: int, j: int
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A position ``y`` (counts, other heaps) with ``o(h^i + y) != o(h^j + y)`` for a size ``h``
    of ``sep``'s count, ``0 <= i < j``, from the stored witnesses by the lemma's moves."""
    if not sep.ok or not 0 <= i < j:
        raise ValueError("no separation, or not a pair i < j")
    if sep.partner is not None:
        return slope_witness(cert, sep.count, sep.partner, sep.witnesses, i, j)
    if cert.weights is not None:  # the witness of the two-count claim, spread over the counts
        two, at, place = restricted(cert, sep.count)
        counts, word = witness(two, Separation(True, at, sep.heaps, sep.start, sep.gaps, tuple(
            (tuple(c[q] for q in place), w) for c, w in sep.witnesses)), i, j)
        return _spread(len(cert.counters), place, counts), word
    r, p, start = sep.count, cert.period, sep.start
    d = j - i
    small = d if d <= sep.gaps else sep.gaps - p + 1 + (d - sep.gaps + p - 1) % p
    counts, word = sep.witnesses[small - 1]
    a = list(counts)
    a[r] += start  # the position of the lemma: u_s >= I
    rows = _sum_rows(cert)
    s = rows.index(frozenset((r,)))
    while small < d:  # step 4: open a gap between u_s and u_s + d
        u_s = sum(a[q] for q in rows[s])
        small = _open_gap(cert, a, r, small, u_s, u_s + small)
    while a[r] < i:  # step 3: open a gap below u_s
        before = a[r]
        _open_gap(cert, a, r, d, 0, a[r])
        assert a[r] == before + p
    a[r] -= i  # step 1: the rest of the heaps of count r stay in y
    return tuple(a), word
