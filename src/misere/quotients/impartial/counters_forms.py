"""Weighted counts: a counter certificate whose coarse state reads two weighted sums of counts.

Companion of :mod:`misere.quotients.impartial.counters`, for claims whose boundary is not a
difference of two counts. 0.2264 at heap 19: ``19^a 3^b`` is a P-position about ``b = a``, but
``19^a 17^b`` about ``5 b = a`` and ``19^a 10^b`` about ``3 b = a``; the outcome of ``19^a
3^b 4^c 10^d 11^e 17^f v`` reads ``a - b - c - 3 d - e - 5 f`` (and each count mod 2).

The shape
---------
Each count ``i`` has a non-zero integer *weight* ``w_i``. The two *forms* are ``u1 = sum of
w_i n_i over w_i > 0`` and ``u2 = sum of |w_i| n_i over w_i < 0`` (so ``u1 - u2 = w . n``),
and with windows ``(K1, K2, K12)`` and period ``p`` the coarse state is

    ``kappa(n) = (min(u1, K1), min(u2, K2), clamp(u1 - u2, -K12, K12), n_1 mod p, ..., n_k mod p)``,

and with a *count window* ``C >= 1`` also ``min(n_1, C), ..., min(n_k, C)`` after the residues
(``C = 0``, the default, reads nothing more). The count window is for heaps whose own counts
matter beside the weighted sums: at heap 38 of 0.4544, ``38^a 25^b 33^c v`` reads ``a - b - 2
c``, but ``33^2`` and ``25^4`` (same sums, same residues mod any period) differ beside some
``v``; whether each count is present (``C = 1``) tells them apart.

The theorem of :mod:`~misere.quotients.impartial.counters` holds with this ``kappa`` and the
following fine state and points (what :func:`fine_points` enumerates).

*Fine state.* ``(min(u1, K1 + d1), min(u2, K2 + d2), clamp(u1 - u2, -(K12 + d12), K12 + d12),
n mod p, min(n, C + 1))``, where ``d1`` (``d2``) is the largest weight of a count of ``u1``
(``u2``): one move lowers one count by one and only adds counted heaps, so it lowers ``u1`` by
at most ``d1``; and ``d12`` is the largest ``|w . dn|`` of a move (``dn = -e_i + dv`` for a
move in a heap of count ``i``, ``dv`` for a move in another heap): :func:`difference_reach`.
It determines ``kappa`` at every option (``min(n_i - 1, C)`` and ``min(n_i + dv_i, C)`` are
read off ``min(n_i, C + 1)``) and whether each count is present.

*Points.* Fix each count's value when it is at most ``C``, and the residue of the others (a
*pattern*): the count vectors of the pattern are ``n0 + p t`` (``n0_i`` the fixed value, or the
least value above ``C`` with the residue; ``t >= 0`` on the counts above ``C``, 0 on the
others), so ``min(n, C + 1)`` and ``n mod p`` are the pattern's, and ``u_f`` ranges over ``S_f
= base_f + p G_f`` with ``G_f`` the numerical semigroup of the weights of the counts of form
``f`` above ``C`` (``{0}`` when none), and the two forms move independently (each count is in
one form). ``G_f`` holds every multiple of
``g_f = gcd`` from ``m_f`` on (``m_f <= g_f + (w - g_f)(w' - g_f) / g_f`` for two weights, less
with more; :func:`_semigroup` computes it). Let ``L`` be the lcm of ``g_1, g_2`` and ``V`` the
sum of the fine windows. A point ``(u1, u2)`` with both forms above ``base_f + p m_f + V`` keeps
its fine state when ``p L`` is taken from both (caps stay saturated, the difference does not
change, both stay in ``S_f``); with one form above that and the difference saturated,
``p g_f`` is taken from that form alone while it stays above the other by ``K12 + d12``. So
every fine state of the pattern is that of a point with ``u_f - base_f <= p (m_1 + m_2 + g_f +
L) + base_1 + base_2 + 2 V`` (the other form bounded first, then this one above it by at most
``K12 + d12``), and :func:`fine_points` lists each from that box.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

import numpy as np

from misere import budget

__all__ = ["forms_of", "weighted_state", "fine_weighted", "difference_reach", "fine_points",
           "weighted_points"]


def forms_of(weights: Sequence[int], counts: Sequence[int]) -> tuple[int, int]:
    """``(u1, u2)``: the weighted sums of the counts of positive and of negative weight.

    >>> forms_of((1, -1, -5), (7, 2, 1))
    (7, 7)
    """
    u1 = sum(w * n for w, n in zip(weights, counts) if w > 0)
    u2 = sum(-w * n for w, n in zip(weights, counts) if w < 0)
    return u1, u2


def weighted_state(windows: Sequence[int], period: int, weights: Sequence[int],
                   counts: Sequence[int], count_window: int = 0) -> tuple[int, ...]:
    """``kappa(n)`` of the module's shape (``count_window``: ``C``).

    >>> weighted_state((2, 2, 4), 2, (1, -1, -5), (7, 2, 1))
    (2, 2, 0, 1, 0, 1)
    >>> weighted_state((2, 2, 4), 2, (1, -1, -5), (7, 2, 1), count_window=1)
    (2, 2, 0, 1, 0, 1, 1, 1, 1)
    """
    if len(windows) != 3 or len(weights) != len(counts):
        raise ValueError(f"weighted counts need three windows and one weight per count, got "
                         f"{len(windows)} windows and {len(weights)} weights for {len(counts)} counts")
    u1, u2 = forms_of(weights, counts)
    k1, k2, k12 = windows
    return (min(u1, k1), min(u2, k2), max(-k12, min(k12, u1 - u2)),
            *(n % period for n in counts), *(min(n, count_window) for n in counts if count_window))


def fine_weighted(windows: Sequence[int], period: int, weights: Sequence[int], d12: int,
                  counts: Sequence[int], count_window: int = 0) -> tuple[int, ...]:
    """The fine state of the module's shape (``d12``: :func:`difference_reach`)."""
    return weighted_state(fine_windows_weighted(windows, weights, d12), period, weights, counts,
                          count_window + 1)


def fine_windows_weighted(windows: Sequence[int], weights: Sequence[int],
                          d12: int) -> tuple[int, int, int]:
    """``(K1 + d1, K2 + d2, K12 + d12)`` (module docstring)."""
    d1 = max([w for w in weights if w > 0] + [0])
    d2 = max([-w for w in weights if w < 0] + [0])
    return windows[0] + d1, windows[1] + d2, windows[2] + d12


def difference_reach(weights: Sequence[int], members: Sequence[Sequence[int]], opts: dict) -> int:
    """``d12``: the largest ``|w . dn|`` of one move, ``dn = -e_i + dv`` for a move in a heap
    of count ``i`` (``members[i]``: its sizes) and ``dv`` for a move in another heap (``opts``:
    each heap's options as ``(dv, xs)``, :class:`~misere.quotients.impartial.counters_moves.
    Moves`).

    >>> difference_reach((1, -5), ((19,), (17,)), {19: [((0, 1), None)], 17: [((0, 0), None)]})
    6
    """
    which = {h: i for i, g in enumerate(members) for h in g}
    out = 0
    for h, options in opts.items():
        lost = weights[which[h]] if h in which else 0
        for dv, _ in options:
            out = max(out, abs(sum(w * d for w, d in zip(weights, dv)) - lost))
    return out


def _semigroup(gens: Sequence[int], top: int) -> tuple[np.ndarray, list[tuple[int, ...] | None]]:
    """Which ``0 .. top`` are sums of ``gens`` (with repetition), and one way each (the number
    of each generator)."""
    way: list[tuple[int, ...] | None] = [None] * (top + 1)
    way[0] = (0,) * len(gens)
    for v in range(1, top + 1):
        for j, g in enumerate(gens):
            if g <= v and way[v - g] is not None:
                w = list(way[v - g])
                w[j] += 1
                way[v] = tuple(w)
                break
    return np.array([w is not None for w in way]), way


def weighted_points(weights: Sequence[int], windows: Sequence[int], period: int,
                    count_window: int, members: Sequence[Sequence[int]], opts: dict
                    ) -> tuple[Iterator[tuple[int, ...]], int]:
    """What the check of a weighted certificate visits: :func:`fine_points` of its fine
    windows, and the largest of them (the side of the box reported). Raises ``ValueError``
    when the weights, windows or count window do not fit the counts (``members``: the heap
    sizes of each count; ``opts``: each heap's options, for :func:`difference_reach`)."""
    if len(weights) != len(members) or 0 in weights or len(windows) != 3 or count_window < 0:
        raise ValueError(f"weighted counts need one non-zero weight per count "
                         f"({len(members)}), three windows and a count window >= 0")
    fine = fine_windows_weighted(windows, weights, difference_reach(weights, members, opts))
    return fine_points(weights, fine, period, count_window), max(fine)


#: the most (pattern, u1, u2) points :func:`fine_points` may walk; a claim needing more (huge
#: weights, windows or period: a hostile file) is refused before any of them is made
MAX_POINTS = 200_000_000


def fine_points(weights: Sequence[int], fine: Sequence[int], period: int,
                count_window: int = 0) -> Iterator[tuple[int, ...]]:
    """One count vector for every fine state of the module's shape (``fine``: the fine windows
    ``(K1 + d1, K2 + d2, K12 + d12)``; ``count_window``: ``C``), pattern by pattern.

    Raises ``ValueError`` (at once, not when iterated) when the box would hold more than
    :data:`MAX_POINTS` points."""
    k, p, big = len(weights), period, count_window + 1
    c1, c2, c12 = fine
    span = c1 + c2 + 2 * c12
    w = max(abs(x) for x in weights)
    m = w ** 2  # beyond every gap of each form's semigroup
    # the largest box of a pattern: lcm <= w^2, bases <= (p + C) * sum |w_i| each
    top = 2 * m + 2 * m + 2 + (2 * span + 2 * (p + big) * sum(abs(x) for x in weights)) // p + 1
    if (p + big) ** k * (top + 1) ** 2 > MAX_POINTS:
        raise ValueError(f"the weighted check's box ({p + big}^{k} patterns of up to "
                         f"{top + 1}^2 points) is over {MAX_POINTS:,} points")
    return _walk(weights, fine, p, span, m, big)


def _walk(weights: Sequence[int], fine: Sequence[int], p: int, span: int, m: int, big: int
          ) -> Iterator[tuple[int, ...]]:
    k = len(weights)
    c1, c2, c12 = fine
    # each count: a value below big (fixed), or big + (r - big) mod p for a residue r (grows)
    fixed = [(v, False) for v in range(big)] + [(big + (r - big) % p, True) for r in range(p)]
    for pattern in itertools.product(fixed, repeat=k):
        budget.check()
        n0 = [v for v, _ in pattern]
        sides = []
        for sign in (1, -1):
            idx = [i for i in range(k) if pattern[i][1] and weights[i] * sign > 0]
            gens = [abs(weights[i]) for i in idx]
            base = sum(abs(weights[i]) * n0[i] for i in range(k) if weights[i] * sign > 0)
            sides.append((idx, gens, base))
        g = [math.gcd(*gens) if gens else 1 for _, gens, _ in sides]
        lcm = g[0] * g[1] // math.gcd(g[0], g[1])
        # the box of the module's docstring: u_f - base_f <= p (m_1 + m_2 + g_f + L) + base_1
        # + base_2 + V + K12 + d12, with room to spare
        top = 2 * m + 2 * lcm + 2 + -(-(2 * span + sides[0][2] + sides[1][2]) // p)
        values, ways = [], []
        for idx, gens, base in sides:
            if not gens:
                values.append(np.array([base]))
                ways.append([()])
                continue
            ok, way = _semigroup(gens, top)
            vs = np.flatnonzero(ok)
            values.append(base + p * vs)
            ways.append([way[v] for v in vs])
        u1, u2 = values[0][:, None], values[1][None, :]
        key = np.stack(np.broadcast_arrays(np.minimum(u1, c1), np.minimum(u2, c2),
                                           np.clip(u1 - u2, -c12, c12)), axis=-1).reshape(-1, 3)
        _, first = np.unique(key, axis=0, return_index=True)
        for f in sorted(first):
            i1, i2 = divmod(int(f), len(values[1]))
            n = list(n0)
            for (idx, _, _), way in zip(sides, (ways[0][i1], ways[1][i2])):
                for i, t in zip(idx, way):
                    n[i] += p * t
            yield tuple(n)
