"""Exact misère outcomes of a heap game with ``k`` unbounded counts of heaps (``k = 1, 2, 3, ...``).

An infinite partial quotient cannot be certified by the finite verification theorem (notes
E.2), but its outcomes can be, when they are *eventually periodic in some counts of heaps*
and a finite monoid handles the rest (the idea of the semilinear certificate of
:mod:`misere.quotients.partizan.semilinear`, notes E.7, with E.2's transition sets for the finite
part). ``k`` disjoint sets of heap sizes ``G1, ..., Gk`` are *counted* (by default the single
sizes ``c1, ..., ck``): write a position as ``c1^a1 ... ck^ak v``, where ``ai`` is its number of
heaps with a size in ``Gi`` and ``v`` the word of its other heaps.
A :class:`CounterCertificate` gives

* a finite monoid ``X`` as the action of every other heap ``h`` with moves (``x -> x psi(h)``;
  heaps without moves are the identity), so ``psi(v)`` is a product of columns;
* windows ``Ki`` (one per count) and ``Kij`` (one per pair ``i < j``) and a period ``p``
  defining the *coarse state* ``kappa(a) = (min(ai, Ki) for each i, clamp(ai - aj, -Kij, Kij)
  for each i < j, ai mod p for each i)`` (``k = 2``: windows ``(Ka, Kb, Kd)``, ``kappa(a, b) =
  (min(a, Ka), min(b, Kb), clamp(a - b, -Kd, Kd), a mod p, b mod p)``);
* a table ``F[kappa][x]``: whether ``c1^a1 ... ck^ak v`` is claimed to be a P-position when
  ``psi(v) = x`` (whichever sizes of the ``Gi`` make up the counts);
* optionally, ``k`` *sums* of counts that ``kappa`` reads instead of the counts themselves:
  ``u = T a`` (:func:`sum_matrix`: nested chains, e.g. ``u = (a1, a2 + a3, a3)``, whose
  differences include ``a1 - a2 - a3``, which no difference of two counts gives; 0.3312).
  Below, ``a`` stands for ``u`` where ``kappa`` is read; without sums ``u = a``;
* or ``k`` *weights*: ``kappa`` reads two weighted sums and each count mod ``p``
  (:mod:`~.counters_forms`, which states the fine states and points the check then visits).

Theorem (what :func:`check_certificate` checks => the claim for every position)
------------------------------------------------------------------------------------
Let ``Di`` be the most heaps of ``Gi`` in one option of a heap, ``D = max Di`` (Dawson's
Kayles, ``G1 = {34}``, ``G2 = {30}``: ``D1 = 0``, ``D = D2 = 1``, from ``34 -> 30 + 2``,
``33 -> 30 + 1``, ``32 -> 30``). A move changes the count vector ``a`` by ``-e_i + d`` (a move
in a heap of ``Gi``) or ``d`` (in ``v``), with ``0 <= d_j <= Dj``. The *fine state* of ``a`` is
``kappa`` with windows ``Ki + 1`` and ``Kij + 1 + D``: it determines ``kappa`` at ``a`` and at
every point a move reaches (a count moves by ``-1 .. D``, a difference by ``-1 - D .. 1 + D``),
and whether each ``ai >= 1``. With sums, ``D`` is the most heaps of one sum's counts in one
option: one move still lowers a sum by at most 1, and each ``ai`` is a sum or a difference
of two (``u_S - u_S'``, ``S'`` the largest sum inside ``S``), so the same holds for ``u``.
Every fine state is that of a point of the box ``[0, R]^k``,
``R = k (W + p)`` with ``W`` the largest fine window: sort the counts; while two consecutive
ones (or the least and 0) are more than ``W + p`` apart, subtract ``p`` from every count above
the gap: each of them stays above its fine window, every difference across the gap stays
beyond its own, those within a side do not change, nor does any residue mod ``p``; the sum
drops, so this ends, with every gap at most ``W + p``. With sums the same runs on ``u`` and
stays among the sums of count vectors (``u >= 0`` and ``u_S >= u_S'``: a sum above a gap
stays more than ``W`` above one below it), so the check visits the ``u`` of the box that are
sums of counts, and the ``a`` they come from. If, for every such point,

1. (terminal) the position without moves (``a = 0``, ``psi = 1``) is claimed N;
2. (P side) no claimed P-position ``c^a v`` has a claimed P option: checked for every ``x`` in
   ``X`` against the moves in every size of ``Gi`` (when ``ai >= 1``), whose options change
   ``a`` and multiply ``x`` by fixed values, and, for a move in a heap ``h`` of ``v``, for every
   ``y`` (``v = v' + h``, ``psi(v') = y``) against ``y psi(option)``;
3. (N side) every claimed N-position with a move has a claimed P option: the options in ``v``
   are given by its *transition set* ``T(v) = {(d, psi(v'))}`` (``v'`` the rest of an option
   of ``v``, ``d`` the counted heaps created); the pairs ``(psi(v), T(v))`` of all words are
   enumerated as in E.2 up to domination (``T ⊆ T'`` for the same value: more options only
   help), so the check runs on the finitely many minimal pairs. A move in a counted heap is
   credited only when *every* size of its set has an option claimed P (the position holds
   some size of the set, not a known one; with single sizes this is no restriction),

then by induction on the position (the game is short: every move of Dawson's Kayles removes
tokens, every split in Grundy's game lowers the sum of ``h - 1`` over the heaps)
``c^a v`` is a misère P-position iff ``F[kappa(a)][psi(v)]`` says P, for every count vector
``a`` and every word ``v``: what 1-3 read at ``a`` depends on its fine state only, and that
was checked at a point of the box. Before that the check makes sure ``psi`` is well defined:
the columns of ``X`` commute, and every heap with a column has a move (so the positions without
moves are exactly those with ``a = 0`` and ``psi = 1``). The check visits each fine state of
the box once.

*Domain.* A certificate may claim less: with an element ``outside`` of ``X`` (absorbing in
every column), it claims the outcome of the positions with ``psi(v) != outside`` only. The
check then also makes sure that no move from such a position reaches ``outside`` (for every
move of every heap, from every value), and skips ``outside`` in 1-3; the induction runs in
that domain, which the moves never leave. (Grundy's game at heap 29: at most two heaps of
size 29, two of size ``>= 28`` and three of size ``>= 26``; no split adds such a heap.)

Nothing in the certificate needs to be correct for this: it is checked from the rules alone
(moves decoded by :func:`~misere.quotients.impartial.certify.rule_moves`). The domination
used here never lets the empty transition set dominate a non-empty one (a word without moves
proves nothing about words with moves; E.2's search as written would let the empty word
dominate every word of value 1).

Dawson's Kayles at heap 34 (counters 34 and 30), Grundy's game at heap 29 (counting 25, and
13, 16, 19, 22 together, in a domain), 0.3102 at heap 12 (12 and 7) and 0.3312 at heap 14
(three counts: 14, 8, 11): docs/results/infinite.md; the certificates are built from engine
candidates by :func:`~misere.quotients.impartial.counters_data.build_certificate` (which also
stores them and compares them with brute force).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from misere import budget
from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters_forms import weighted_points, weighted_state
from misere.quotients.impartial.counters_moves import Moves, structure_fault, transition_pairs

__all__ = ["CounterCertificate", "CounterProof", "coarse_state", "check_certificate",
           "certificate_outcome", "transition_pairs", "family_states", "family_claims", "box_side",
           "fine_windows", "count_of", "sum_matrix", "chain_steps"]

State = tuple[int, ...]


def count_of(windows: Sequence[int]) -> int:
    """Number of counts ``k`` of a window vector (``k`` counts and ``k (k - 1) / 2`` pairs).

    >>> count_of((3,)), count_of((2, 2, 5)), count_of((1, 1, 1, 2, 2, 2))
    (1, 2, 3)
    """
    k = 1
    while k * (k + 1) // 2 < len(windows):
        k += 1
    if k * (k + 1) // 2 != len(windows):
        raise ValueError(f"{len(windows)} windows are not k counts and their pairs")
    return k


def coarse_state(windows: Sequence[int], period: int, *counts: int) -> State:
    """``kappa(a) = (min(ai, Ki)..., clamp(ai - aj, -Kij, Kij) for i < j..., ai mod p...)``.

    >>> coarse_state((2, 2, 5), 2, 30, 19)
    (2, 2, 5, 0, 1)
    >>> coarse_state((1, 1, 1, 2, 0, 1), 3, 5, 0, 4)
    (1, 0, 1, 2, 0, -1, 2, 0, 1)
    """
    k = len(counts)
    if len(windows) != k * (k + 1) // 2:
        raise ValueError(f"{len(windows)} windows for {k} counts")
    out = [min(a, w) for a, w in zip(counts, windows)]
    pair = iter(windows[k:])
    for i in range(k):
        for j in range(i + 1, k):
            w = next(pair)
            out.append(max(-w, min(w, counts[i] - counts[j])))
    out.extend(a % period for a in counts)
    return tuple(out)


def fine_windows(windows: Sequence[int], d: int) -> tuple[int, ...]:
    """The windows of the fine state of the module's theorem: ``Ki + 1``, ``Kij + 1 + D``."""
    k = count_of(windows)
    return tuple(w + 1 for w in windows[:k]) + tuple(w + 1 + d for w in windows[k:])


def box_side(windows: Sequence[int], period: int, d: int) -> int:
    """``R = k (W + p)`` of the module's theorem: every fine state of a point of ``N^k`` is that
    of a point of ``[0, R]^k`` (``d``: ``D``, most counted heaps of one set in one option)."""
    return count_of(windows) * (max(fine_windows(windows, d)) + period)


def sum_matrix(sums: Sequence[Sequence[int]] | None, k: int) -> np.ndarray:
    """The 0/1 matrix ``T`` (``u = T a``) of ``k`` sums of counts, checked to be *nested
    chains*: any two sums are disjoint or one holds the other, and each sum is one count more
    than the largest sum inside it (a single count when none is). Then ``T`` is invertible
    over the integers (``a_i = u_S - u_S'``, ``S'`` the largest sum inside ``S``, ``i`` the count
    of ``S`` not in ``S'``) and the count vectors give exactly the ``u >= 0`` with
    ``u_S >= u_S'`` for every such pair. ``None``: the identity (each count alone).

    >>> sum_matrix([(0,), (1, 2), (2,)], 3).tolist()
    [[1, 0, 0], [0, 1, 1], [0, 0, 1]]
    """
    if sums is None:
        return np.eye(k, dtype=np.int64)
    sets = [frozenset(s) for s in sums]
    if len(sets) != k or len(set(sets)) != k or any(not s or not s <= set(range(k)) for s in sets):
        raise ValueError(f"{k} counts need {k} distinct non-empty sums of them, got {list(sums)}")
    if any(s & t and not (s <= t or t <= s) for s in sets for t in sets):
        raise ValueError("two sums overlap without one holding the other")
    for s in sets:
        inner = [t for t in sets if t < s]
        top = [t for t in inner if not any(t < u for u in inner)]
        if len(top) > 1 or len(s) != 1 + sum(len(t) for t in top):
            raise ValueError("each sum must be one count more than the one largest sum inside it")
    t = np.zeros((k, k), dtype=np.int64)
    for r, s in enumerate(sets):
        t[r, sorted(s)] = 1
    return t


def chain_steps(sums: Sequence[Sequence[int]] | None, k: int) -> list[tuple[int, int, int | None]]:
    """For each sum ``r`` of :func:`sum_matrix`'s nested chains: ``(own, r, par)``, ``par`` the
    largest sum inside it (``None``: none) and ``own`` the one count it adds to ``par``, so
    ``a_own = u_r - u_par``. Without sums each count is its own sum.

    >>> chain_steps([(0,), (1, 2), (2,)], 3)
    [(0, 0, None), (1, 1, 2), (2, 2, None)]
    """
    sets = [frozenset(s) for s in (sums or tuple((i,) for i in range(k)))]
    steps = []
    for r, s in enumerate(sets):
        inner = [j for j, t in enumerate(sets) if t < s]
        par = max(inner, key=lambda j: len(sets[j])) if inner else None
        (own,) = s - (sets[par] if par is not None else frozenset())
        steps.append((own, r, par))
    return steps


def _unsum(sums: Sequence[Sequence[int]] | None, k: int
           ) -> Callable[[Sequence[int]], tuple[int, ...] | None]:
    """The inverse of ``a -> T a`` (:func:`sum_matrix`) on its image: ``u -> a``, or ``None``
    when no count vector has the sums ``u``."""
    if sums is None:
        return tuple
    steps = chain_steps(sums, k)

    def unsum(u: Sequence[int]) -> tuple[int, ...] | None:
        a = [0] * k
        for own, r, par in steps:
            a[own] = u[r] - (u[par] if par is not None else 0)
            if a[own] < 0:
                return None
        return tuple(a)
    return unsum


@dataclass
class CounterCertificate:
    """Claimed outcomes of every position ``c1^a1 ... ck^ak v`` (module docstring)."""

    code: str  #: take-and-break code of the game
    counters: tuple[int, ...]  #: the heaps counted, ``(c1, ..., ck)`` (names of the counts)
    heaps: tuple[int, ...]  #: the other heaps with moves, one row of ``action`` each
    action: np.ndarray  #: int32 ``(len(heaps), n)``: ``action[k][x] = x psi(heaps[k])``
    identity: int  #: ``psi`` of the empty word
    windows: tuple[int, ...]  #: ``(K1, ..., Kk, K12, K13, ..., K(k-1)k)``
    period: int  #: period of every count outside the windows
    p_table: dict[State, np.ndarray] = field(repr=False)  #: ``kappa -> P mask over X``
    #: heap sizes each count counts (``None``: ``((c1,), ..., (ck,))``)
    groups: tuple[tuple[int, ...], ...] | None = None
    #: an absorbing element of ``X`` for the words outside the claim's domain (``None``: none)
    outside: int | None = None
    #: the sums of counts the coarse state reads, one per count (``None``: each count alone;
    #: :func:`sum_matrix`)
    sums: tuple[tuple[int, ...], ...] | None = None
    #: one non-zero weight per count: the coarse state reads two weighted sums of the counts
    #: and each count mod ``p`` (:mod:`~misere.quotients.impartial.counters_forms`; windows
    #: ``(K1, K2, K12)``); ``None``: the shape above
    weights: tuple[int, ...] | None = None
    #: weighted only: ``C``, the coarse state also reads ``min(n_i, C)`` (0: not)
    count_window: int = 0

    def view(self, counts: Sequence[int]) -> tuple[int, ...]:
        """The sums ``u = T a`` of the counts that :func:`coarse_state` reads."""
        if self.sums is None:
            return tuple(counts)
        return tuple(sum(counts[i] for i in s) for s in self.sums)

    @property
    def members(self) -> tuple[tuple[int, ...], ...]:
        """The heap sizes counted by each count."""
        if self.groups is None:
            return tuple((c,) for c in self.counters)
        return self.groups

    @property
    def order(self) -> int:
        """Number of elements of ``X``."""
        return int(self.action.shape[1])

    def psi(self, word: Iterable[int]) -> int:
        """Value in ``X`` of a word of heaps other than the counters."""
        row = {h: k for k, h in enumerate(self.heaps)}
        x = self.identity
        for h in word:
            if h in row:
                x = int(self.action[row[h]][x])
        return x

    def state(self, counts: Sequence[int]) -> State:
        """``kappa`` of a count vector (weighted or not)."""
        if self.weights is not None:
            return weighted_state(self.windows, self.period, self.weights, counts,
                                  self.count_window)
        return coarse_state(self.windows, self.period, *self.view(counts))

    def claims_p(self, counts: Sequence[int], x: int) -> bool:
        """Whether ``c1^a1 ... ck^ak v`` with ``psi(v) = x`` is claimed a P-position."""
        return bool(self.p_table[self.state(counts)][x])


def certificate_outcome(cert: CounterCertificate, word: Iterable[int]) -> bool:
    """Claimed P-status of a position (proved for every position once
    :func:`check_certificate` accepts ``cert``)."""
    word = list(word)
    groups = cert.members
    counted = {h for g in groups for h in g}
    if max(word, default=0) > max(cert.heaps + tuple(counted)):
        raise ValueError(f"{sorted(word, reverse=True)} has a heap above the certificate's")
    rest = [h for h in word if h not in counted]
    if cert.outside is not None and cert.psi(rest) == cert.outside:
        raise ValueError(f"{sorted(word, reverse=True)} is outside the certificate's domain")
    return cert.claims_p([sum(1 for h in word if h in g) for g in groups], cert.psi(rest))


@dataclass(frozen=True)
class CounterProof:
    """Result of :func:`check_certificate`."""

    ok: bool
    reason: str  #: "proved", or the first check that failed
    pairs: int = 0  #: minimal (value, transition set) pairs of the words ``v``
    box: int = 0  #: side of the box of count vectors checked
    states: int = 0  #: fine states of the box checked (each once)


def _name(cert: CounterCertificate, a: Sequence[int]) -> str:
    return " ".join(f"{c}^{n}" for c, n in zip(cert.counters, a))


def check_certificate(cert: CounterCertificate,
                      moves: Callable[[int], list[tuple[int, ...]]] | None = None,
                      tick: Callable[[str], None] | None = None) -> CounterProof:
    """Check the three conditions of the module's theorem; ``ok`` means every position
    ``c1^a1 ... ck^ak v`` has the outcome ``cert`` claims.

    Parameters
    ----------
    cert : CounterCertificate
    moves : callable, optional
        Options of a heap (tuples of positive heaps); by default decoded from ``cert.code``
        by :func:`~misere.quotients.impartial.certify.rule_moves` (independent of the solver).
    tick : callable, optional
        Called with a line of progress after each stage and each slice of the box.

    Returns
    -------
    CounterProof
    """
    mv = Moves(cert, moves or rule_moves(cert.code))
    k, groups = mv.k, cert.members
    n, p = cert.order, cert.period
    try:
        points, box = _fine_points(cert, mv)
    except ValueError as e:
        return CounterProof(False, str(e))

    inside = np.ones(n, dtype=bool)
    if cert.outside is not None:
        inside[cert.outside] = False
    table = {key: v & inside for key, v in cert.p_table.items()}

    def claim(a: Sequence[int]) -> np.ndarray:
        key = cert.state(a)
        if key not in table:
            raise KeyError(key)
        return table[key]

    def plus(a: Sequence[int], dv: Sequence[int], less: int = -1) -> tuple[int, ...]:
        return tuple(x + d - (i == less) for i, (x, d) in enumerate(zip(a, dv)))

    wrong = structure_fault(cert, mv, inside)
    if wrong:
        return CounterProof(False, wrong)
    if tick is not None:
        tick("the columns commute; enumerating transition sets")
    pairs = transition_pairs(cert, mv, tick)
    if tick is not None:
        tick(f"{len(pairs)} minimal (value, transition set) pairs; checking the box [0, {box}]^{k}")
    xs_arr = np.array([x for x, _ in pairs], dtype=np.int64)
    width = len(mv.shifts) * n
    tmat = np.zeros((len(pairs), width), dtype=bool)
    for i, (_, t) in enumerate(pairs):
        bits = np.frombuffer(t.to_bytes((width + 7) // 8, "little"), dtype=np.uint8)
        tmat[i] = np.unpackbits(bits, bitorder="little")[:width].astype(bool)
    nonempty = tmat.any(axis=1)
    seen: set[State] = set()
    fail = lambda why: CounterProof(False, why, len(pairs), box, len(seen))  # noqa: E731
    try:
        if claim((0,) * k)[cert.identity]:
            return fail("the position without moves is claimed P")
        for a in points:
            seen.add(a)
            if tick is not None and len(seen) % 20000 == 0:
                budget.check()
                tick(f"{len(seen)} fine states checked")
            me = claim(a)
            counter_p = np.zeros(n, dtype=bool)  # some counted heap reaches a claimed P
            counter_win = np.zeros(n, dtype=bool)  # every heap of a present group does
            for i, group in enumerate(groups):
                if a[i] >= 1:
                    every = np.ones(n, dtype=bool)
                    for h in group:
                        reach_h = np.zeros(n, dtype=bool)
                        for dv, xs in mv.opts[h]:
                            reach_h |= claim(plus(a, dv, i))[xs]
                        counter_p |= reach_h
                        every &= reach_h
                    counter_win |= every
            bad = me & counter_p
            if bad.any():
                return fail(f"P-failure: {_name(cert, a)} and value "
                            f"{int(np.flatnonzero(bad)[0])} (move in a counter)")
            for h in cert.heaps:
                was_p = me[cert.action[mv.row[h]]]
                for dv, xs in mv.opts[h]:
                    bad = was_p & claim(plus(a, dv))[xs]
                    if bad.any():
                        return fail(f"P-failure: {_name(cert, a)}, heap {h} on value "
                                    f"{int(np.flatnonzero(bad)[0])}")
            reach = np.concatenate([claim(plus(a, dv)) for dv in mv.shifts])
            found = (tmat & reach).any(axis=1) | counter_win[xs_arr]
            has_move = nonempty | any(a)
            bad = ~me[xs_arr] & has_move & ~found
            if bad.any():
                return fail(f"N-failure: {_name(cert, a)} and value "
                            f"{int(xs_arr[np.flatnonzero(bad)[0]])}")
    except KeyError as e:
        return fail(f"no table entry for coarse state {e.args[0]}")
    return CounterProof(True, "proved", len(pairs), box, len(seen))


def _fine_points(cert: CounterCertificate, mv: Moves) -> tuple[Iterator[tuple[int, ...]], int]:
    """One count vector for every fine state of the module's theorem (the weighted shape's
    when ``cert.weights``: :func:`~.counters_forms.fine_points`), and the side of the box
    searched. Raises ``ValueError`` when the windows, sums or weights do not fit the counts."""
    k, p = mv.k, cert.period
    if cert.weights is not None:
        if cert.sums:
            raise ValueError("weighted counts read no sums")
        return weighted_points(cert.weights, cert.windows, p, cert.count_window, cert.members,
                               mv.opts)
    if len(cert.counters) != k or len(cert.windows) != k * (k + 1) // 2:
        raise ValueError(f"{len(cert.windows)} windows for {k} counts")
    sum_matrix(cert.sums, k)
    unsum = _unsum(cert.sums, k)
    sets = cert.sums or tuple((i,) for i in range(k))
    d = max([sum(dv[j] for j in s) for h in mv.opts for dv, _ in mv.opts[h] for s in sets] + [0])
    box = box_side(cert.windows, p, d)
    fine = fine_windows(cert.windows, d)

    def walk() -> Iterator[tuple[int, ...]]:
        seen: set[State] = set()
        for u in itertools.product(range(box + 1), repeat=k):
            if u[1:] == (0,) * (k - 1):
                budget.check()
            f = coarse_state(fine, p, *u)
            a = unsum(u)
            if a is None or f in seen:
                continue  # not sums of counts, or read at a point of the same fine state
            seen.add(f)
            yield a
    return walk(), box


def family_states(cert: CounterCertificate, b_min: int, b_max: int | None, d_min: int,
                  d_step: int, base: Sequence[int] | None = None,
                  along: Sequence[int] | None = None) -> set[State]:
    """Every coarse state of the counts ``base + b along + d e1`` with ``b_min <= b <= b_max``
    (``None``: no upper bound), ``d = d_min + d_step t``, ``t >= 0`` (``d_step = 0``: ``d =
    d_min`` only) and every count ``>= 0``. ``base`` defaults to zeros, ``along`` to ``e1 + e2``:
    with two counts, ``c1^(b + d) c2^b``. The sums the state reads must take ``along`` to a 0/1
    vector whose first entry is 1 and the first count to itself (``u1 = a1``).

    A finite enumeration gives all of them: with ``M = sum(windows) + sum(T base) + |d_min| +
    p (d_step + 1)``, a point with ``b >= b_min + M`` has the state of ``b - p`` (the sums that
    grow with ``b`` stay above their windows and beyond every window of a difference with a
    sum that does not; their differences and every residue are kept), and one with ``t >= M``
    that of ``t - p`` (``u1`` stays above its window and beyond every difference's).
    """
    if cert.weights is not None:
        raise ValueError("families are read off unweighted claims only")
    k = count_of(cert.windows)
    base = tuple(base or (0,) * k)
    along = tuple(along or ((1, 1) + (0,) * (k - 2) if k > 1 else (1,)))
    ub, ua = cert.view(base), cert.view(along)
    if len(base) != k or len(along) != k or ua[0] != 1 or set(ua) - {0, 1} or b_min < 0 \
            or min(base) < 0 or cert.view((1,) + (0,) * (k - 1)) != (1,) + (0,) * (k - 1):
        raise ValueError("a family needs base >= 0, b_min >= 0, sums of along in {0, 1} with "
                         "the first 1, and the first count alone in the first sum")
    p = cert.period
    m = sum(cert.windows) + sum(ub) + abs(d_min) + p * (d_step + 1)
    top = b_min + m + p if b_max is None else b_max
    ts = range(m + p) if d_step else range(1)
    out = set()
    for b in range(b_min, top + 1):
        for t in ts:
            a = [c + b * w for c, w in zip(base, along)]
            a[0] += d_min + d_step * t
            if a[0] >= 0:
                out.add(coarse_state(cert.windows, p, *cert.view(a)))
    return out


def family_claims(cert: CounterCertificate, word: Sequence[int], b_min: int, b_max: int | None,
                  d_min: int, d_step: int, base: Sequence[int] | None = None,
                  along: Sequence[int] | None = None) -> set[bool]:
    """The claimed P-statuses of the positions of the family of :func:`family_states` plus
    ``word`` (without counted heaps): a single value means the whole infinite family has that
    status once the certificate is proved."""
    x = cert.psi(word)
    return {bool(cert.p_table[s][x])
            for s in family_states(cert, b_min, b_max, d_min, d_step, base, along)}
