"""Every two powers of a heap told apart against a partner counted at another slope.

The separation lemma of :mod:`.separation` reads a weighted claim
(:mod:`~misere.quotients.impartial.counters_forms`) through a two-count claim, which needs a
partner of weight ``-+1`` against a count of weight ``+-1``. At heap 22 of 0.2207 the boundary
runs along ``a = 2 b`` (``22^49 15^25``): the count of 22 has weight ``1``, the count of 15
weight ``-2``, and no count of weight ``-1`` is read. This module proves the powers apart for
any two counts of opposite signs, whatever their weights.

Lemma (what :func:`slope_separation` checks => ``Phi(h)`` has infinite order)
------------------------------------------------------------------------------
Let a weighted claim be proved (:func:`~misere.quotients.impartial.counters.check_certificate`),
with windows ``(K1, K2, K12)``, period ``p`` and count window ``C``; let count ``r`` have weight
``w_r`` and count ``s`` a weight ``w_s`` of the other sign, ``alpha = |w_r|``, ``beta = |w_s|``,
and ``K_r`` (``K_s``) the window of the form that holds ``r`` (``s``). Write ``a`` for a size
counted by ``r``, ``b`` for one counted by ``s``. On the positions ``a^N b^m v`` (``v`` heaps
the claim does not count) the claim reads ``min(alpha N, K_r)``, ``min(beta m, K_s)``, the
difference ``alpha N - beta m`` clamped to ``[-K12, K12]`` (up to sign), ``N`` and ``m`` mod
``p``, and ``min(N, C)``, ``min(m, C)``. Let ``S(N, d)`` say that some ``m >= 0`` and some value
``x`` of ``v`` give the rows ``F[kappa(N, m)]`` and ``F[kappa(N + d, m)]`` different entries at
``x``; then ``y = b^m v`` tells ``a^N`` from ``a^(N + d)``.

1. *Monotone in N.* ``S(N + 1, d)`` implies ``S(N, d)`` (``y = a b^m v`` serves).
2. *Periodic in N.* Let ``B = max(C, ceil(K_r / alpha), ceil((K_s + beta C + K12) / alpha))``.
   For ``N >= B``, ``S(N, d)`` implies ``S(N + beta p, d)``: a witness with ``beta m >= K_s``
   and ``m >= C`` becomes ``m + alpha p`` (the difference ``alpha N - beta m`` and every read
   stay); one with ``beta m < K_s`` or ``m < C`` has difference ``>= alpha B - K_s - beta C >=
   K12`` on both sides and keeps ``m``.
3. *Periodic in d.* Let ``D = ceil((2 K12 + alpha beta p) / alpha)``. For ``N >= B`` and ``d >=
   D``, ``S(N, d)`` implies ``S(N, d + beta p)``: if ``alpha (N + d) - beta m >= K12`` the same
   ``m`` serves (that side reads ``K12`` either way); otherwise ``alpha N - beta m < K12 - alpha
   d <= -K12 - alpha beta p`` and ``m + alpha p`` serves (the side ``N`` stays at ``-K12`` with
   ``beta m >= K_s`` and ``m >= C``; the side ``N + d + beta p`` has the same difference).

Hence if ``S(B, d)`` holds for ``d = 1 .. D + beta p - 1`` (a finite search: ``m`` past
``(alpha (B + d) + K12) / beta + C + K_s / beta`` repeats with period ``p``), then ``S(i, d)``
holds for every ``i >= 0`` and ``d >= 1`` (3 lifts ``d``, 2 lifts ``N`` past ``i``, 1 lowers
it to ``i``): ``Phi(a)^i != Phi(a)^j`` whenever ``i != j``, for every size ``a`` of count ``r``
(Plambeck 002 §6: an element of infinite order makes the quotient infinite).
:func:`slope_witness` turns the witnesses into a position for any pair by those moves.

Nothing here is a proof until the claim itself is proved.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from misere import budget

__all__ = ["slope_partners", "slope_bounds", "slope_separation", "slope_witness", "MAX_GAPS"]

#: the most gaps ``d`` searched, and positions ``b^m`` per gap (a hostile claim's windows or
#: weights could ask for millions)
MAX_GAPS = 5_000


def slope_partners(cert: Any, r: int) -> list[int]:
    """The counts of the other sign than ``r``, the least weight first (the lemma's ``s``)."""
    w = cert.weights or ()
    if not w or w[r] == 0:
        return []
    return sorted((s for s in range(len(w)) if w[s] * w[r] < 0), key=lambda s: (abs(w[s]), s))


def slope_bounds(cert: Any, r: int, s: int) -> tuple[int, int, int, int, int]:
    """``(alpha, beta, B, D, K_s)`` of the module's lemma for counts ``r`` and ``s``."""
    k1, k2, k12 = cert.windows
    alpha, beta = abs(cert.weights[r]), abs(cert.weights[s])
    k_r, k_s = (k1, k2) if cert.weights[r] > 0 else (k2, k1)
    c, p = cert.count_window, cert.period
    start = max(c, -(-k_r // alpha), -(-(k_s + beta * c + k12) // alpha))
    return alpha, beta, start, -(-(2 * k12 + alpha * beta * p) // alpha), k_s


def _counts(k: int, r: int, s: int, n: int, m: int) -> list[int]:
    out = [0] * k
    out[r], out[s] = n, m
    return out


def slope_separation(cert: Any, r: int, s: int, words: Mapping[int, Sequence[int]]
                     ) -> tuple[bool, int, int, list[tuple[tuple[int, ...], tuple[int, ...]]], str]:
    """Check the module's lemma for count ``r`` against count ``s`` (``words``: a word of the
    other heaps for each value, :func:`~.separation.word_of_values`). Returns ``(ok, B, gaps,
    witnesses, reason)``: ``witnesses[d - 1]`` is ``y`` (counts, word) telling ``a^B`` from
    ``a^(B + d)`` for ``d = 1 .. gaps``."""
    alpha, beta, start, top, k_s = slope_bounds(cert, r, s)
    p, c, k = cert.period, cert.count_window, len(cert.counters)
    gaps = top + beta * p - 1

    def last(d: int) -> int:  # past it, both sides read -K12 and every cap: m matters mod p
        return -(-(alpha * (start + d) + cert.windows[2]) // beta) + c + -(-k_s // beta) + p

    if gaps > MAX_GAPS or last(gaps) > MAX_GAPS:  # a hostile claim's windows or weights
        return False, start, gaps, [], (f"the lemma's {gaps:,} gaps or {last(gaps):,} positions "
                                        f"per gap are over {MAX_GAPS:,}")
    values = np.array(sorted(words), dtype=np.int64)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for d in range(1, gaps + 1):
        budget.check()
        for m in range(last(d) + 1):
            here = cert.p_table.get(cert.state(_counts(k, r, s, start, m)))
            there = cert.p_table.get(cert.state(_counts(k, r, s, start + d, m)))
            if here is None or there is None:
                continue
            diff = np.flatnonzero(here[values] != there[values])
            if diff.size:
                found.append((tuple(_counts(k, r, s, 0, m)), tuple(words[int(values[diff[0]])])))
                break
        else:
            return False, start, gaps, found, (f"no position b^m v tells h^{start} from "
                                               f"h^{start + d} (partner #{cert.members[s][0]})")
    return True, start, gaps, found, "every two powers told apart"


def slope_witness(cert: Any, r: int, s: int, witnesses: Sequence[tuple[Sequence[int], Any]],
                  i: int, j: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A position ``y`` (counts, other heaps) with ``o(a^i + y) != o(a^j + y)``, ``0 <= i < j``,
    from the witnesses of :func:`slope_separation` by the moves of the lemma's steps 3, 2, 1."""
    alpha, beta, start, top, k_s = slope_bounds(cert, r, s)
    p, c, k12 = cert.period, cert.count_window, cert.windows[2]
    d = j - i
    small = d if d <= len(witnesses) else top + (d - top) % (beta * p)
    counts, word = witnesses[small - 1]
    m = counts[s]
    # step 3, from gap small to d in steps of beta p: a witness whose side B + t reads less
    # than K12 moves to m + alpha p, which keeps that difference, so it moves at every step
    if alpha * (start + small) - beta * m < k12:
        m += (d - small) // (beta * p) * alpha * p
    steps = max(0, math.ceil((i - start) / (beta * p)))  # step 2: N = B + steps beta p >= i
    if beta * m >= k_s and m >= c:
        m += steps * alpha * p
    n = start + steps * beta * p
    return tuple(_counts(len(cert.counters), r, s, n - i, m)), tuple(word)  # step 1
