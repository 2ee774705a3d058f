"""Exact misère outcomes of a take-and-break game with two unbounded heap counts.

An infinite partial quotient cannot be certified by the finite verification theorem (notes
E.2), but its outcomes can be, when they are *eventually periodic in the counts of two heap
sizes* and a finite monoid handles the rest (the idea of the semilinear certificate of
:mod:`misere.quotients.partizan.semilinear`, notes E.7, with E.2's transition sets for the finite
part). Write a position of heaps ``<= c1`` as ``c1^a c2^b v`` (``v`` without heaps ``c1, c2``).
A :class:`CounterCertificate` gives

* a finite monoid ``X`` as the action of every other heap ``h`` with moves (``x -> x psi(h)``;
  heaps without moves are the identity), so ``psi(v)`` is a product of columns;
* windows ``(Ka, Kb, Kd)`` and a period ``p`` defining the *coarse state*
  ``kappa(a, b) = (min(a, Ka), min(b, Kb), clamp(a - b, -Kd, Kd), a mod p, b mod p)``;
* a table ``F[kappa][x]``: whether ``c1^a c2^b v`` is claimed to be a P-position when
  ``psi(v) = x``.

Theorem (what :func:`check_certificate` checks => the claim for every position)
------------------------------------------------------------------------------------
Let ``D`` be the most heaps of size ``c2`` in one option of a heap (1 for Dawson's Kayles:
``34 -> 30 + 2``, ``33 -> 30 + 1``, ``32 -> 30``). The *fine state* of ``(a, b)`` is
``kappa`` with windows ``(Ka + 1, Kb + max(1, D), Kd + 1 + D)``; it determines ``kappa`` at ``(a, b)``
and at every ``(a - 1, b + d)``, ``(a, b - 1 + d)``, ``(a, b + d)`` (``0 <= d <= D``), and
whether ``a >= 1``, ``b >= 1``. If, for every ``(a, b)`` in the box ``[0, R]^2`` (``R = Ka +
Kb + Kd + 3 + 2D + 2p``: it holds every fine state, since from a point outside it subtracting
``(p, p)`` while both counts exceed their fine windows by ``p``, then ``(p, 0)`` or ``(0, p)``
while a count and the difference do, keeps the fine state and ends inside),

1. (terminal) the position without moves (``a = b = 0``, ``psi = 1``) is claimed N;
2. (P side) no claimed P-position ``c1^a c2^b v`` has a claimed P option: checked for every
   ``x`` in ``X`` against the moves in ``c1`` and ``c2`` (their options change ``(a, b)`` and
   multiply ``x`` by fixed values) and, for a move in a heap ``h`` of ``v``, for every ``y``
   (``v = v' + h``, ``psi(v') = y``: every ``y`` of ``X`` is some ``psi(v')``) against
   ``y psi(option)``;
3. (N side) every claimed N-position with a move has a claimed P option: the options in ``v``
   are given by its *transition set* ``T(v) = {(d, psi(v'))}`` (``v'`` an option of ``v``,
   ``d`` heaps of ``c2`` created); the pairs ``(psi(v), T(v))`` of all words are enumerated
   as in E.2 up to domination (``T ⊆ T'`` for the same value: more options only help), so
   the check runs on the finitely many minimal pairs,

then by induction on the position (an option has fewer tokens) ``c1^a c2^b v`` is a misère
P-position iff ``F[kappa(a, b)][psi(v)]`` says P, for every ``a, b`` and every word ``v``.
Nothing in the certificate needs to be correct for this: it is checked from the rules alone
(moves decoded by :func:`~misere.quotients.impartial.certify.code_moves`). The domination
used here never lets the empty transition set dominate a non-empty one (a word without moves
proves nothing about words with moves; E.2's search as written would let the empty word
dominate every word of value 1).

Dawson's Kayles at heap 34 (counters 34 and 30): docs/results/new.md; the certificate is built
from the engine's round-170 candidate by
:func:`~misere.quotients.impartial.counters_data.build_certificate` (which also stores it and
compares it with brute force).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from misere import budget
from misere.quotients.impartial.certify import code_moves

__all__ = ["CounterCertificate", "CounterProof", "coarse_state", "check_certificate",
           "certificate_outcome", "transition_pairs", "family_states", "family_claims", "box_side"]

State = tuple[int, int, int, int, int]


def coarse_state(windows: Sequence[int], period: int, a: int, b: int) -> State:
    """``kappa(a, b) = (min(a, Ka), min(b, Kb), clamp(a - b, -Kd, Kd), a mod p, b mod p)``.

    >>> coarse_state((2, 2, 5), 2, 30, 19)
    (2, 2, 5, 0, 1)
    """
    ka, kb, kd = windows
    return min(a, ka), min(b, kb), max(-kd, min(kd, a - b)), a % period, b % period


def box_side(windows: Sequence[int], period: int, d: int) -> int:
    """``R`` of the module's theorem: every fine state of ``(a, b) in N^2`` is that of a point
    of ``[0, R]^2`` (``d``: most heaps of size ``c2`` in one option)."""
    ka, kb, kd = windows
    return ka + kb + kd + 3 + 2 * d + 2 * period


@dataclass
class CounterCertificate:
    """Claimed outcomes of every position ``c1^a c2^b v`` (module docstring)."""

    code: str  #: take-and-break code of the game
    counters: tuple[int, int]  #: the heaps counted, ``(c1, c2)``; ``c1`` is the largest heap
    heaps: tuple[int, ...]  #: the other heaps with moves, one row of ``action`` each
    action: np.ndarray  #: int32 ``(len(heaps), n)``: ``action[k][x] = x psi(heaps[k])``
    identity: int  #: ``psi`` of the empty word
    windows: tuple[int, int, int]  #: ``(Ka, Kb, Kd)``
    period: int  #: period of ``a`` and ``b`` outside the windows
    p_table: dict[State, np.ndarray] = field(repr=False)  #: ``kappa -> P mask over X``

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

    def claims_p(self, a: int, b: int, x: int) -> bool:
        """Whether ``c1^a c2^b v`` with ``psi(v) = x`` is claimed a P-position."""
        return bool(self.p_table[coarse_state(self.windows, self.period, a, b)][x])


def certificate_outcome(cert: CounterCertificate, word: Iterable[int]) -> bool:
    """Claimed P-status of a position (proved for every position once
    :func:`check_certificate` accepts ``cert``)."""
    word = list(word)
    c1, c2 = cert.counters
    rest = [h for h in word if h not in (c1, c2)]
    return cert.claims_p(word.count(c1), word.count(c2), cert.psi(rest))


@dataclass(frozen=True)
class CounterProof:
    """Result of :func:`check_certificate`."""

    ok: bool
    reason: str  #: "proved", or the first check that failed
    pairs: int = 0  #: minimal (value, transition set) pairs of the words ``v``
    box: int = 0  #: side of the box of ``(a, b)`` checked


class _Moves:
    """Options of every heap up to ``c1``, split into counter changes and a value map."""

    def __init__(self, cert: CounterCertificate, moves: Callable[[int], list[tuple[int, ...]]]):
        c1, c2 = cert.counters
        row = {h: k for k, h in enumerate(cert.heaps)}
        self.row = row
        self.opts: dict[int, list[tuple[int, int, np.ndarray]]] = {}
        everything = np.arange(cert.order)
        for h in range(1, c1 + 1):
            out = []
            for o in moves(h):
                da = sum(1 for p in o if p == c1)
                db = sum(1 for p in o if p == c2)
                xs = everything
                for p in o:
                    if p in (c1, c2):
                        continue
                    if p in row:
                        xs = cert.action[row[p]][xs]
                    elif moves(p):
                        raise ValueError(f"heap {p} has moves but no column in the certificate")
                out.append((da, db, xs))
            if out and h not in (c1, c2) and h not in row:
                raise ValueError(f"heap {h} has moves but no column in the certificate")
            if any(da for da, _, _ in out):
                raise ValueError(f"an option of heap {h} contains heap {c1}")
            self.opts[h] = out
        self.d = max([db for h in self.opts for _, db, _ in self.opts[h]] + [0])


def _bitset(bits: Iterable[int]) -> int:
    out = 0
    for k in bits:
        out |= 1 << k
    return out


def transition_pairs(cert: CounterCertificate, mv: _Moves) -> list[tuple[int, int]]:
    """Minimal ``(psi(v), T(v))`` over all words ``v`` of non-counter heaps, with ``T`` as an
    int bitset of ``d * |X| + y`` (module docstring, step 3; E.2's enumeration)."""
    n = cert.order
    heaps = [h for h in cert.heaps if mv.opts[h]]
    tx = {h: [_bitset(db * n + int(xs[x]) for _, db, xs in mv.opts[h]) for x in range(n)]
          for h in heaps}
    cols = {h: cert.action[mv.row[h]] for h in heaps}

    def times(t: int, col: np.ndarray) -> int:
        out = 0
        while t:
            low = t & -t
            d, y = divmod(low.bit_length() - 1, n)
            out |= 1 << (d * n + int(col[y]))
            t ^= low
        return out

    stored: dict[int, list[int]] = {cert.identity: [0]}
    queue = [(cert.identity, 0)]
    steps = 0
    while queue:
        x, t = queue.pop()
        if t not in stored[x]:
            continue  # superseded by a smaller set
        for h in heaps:
            x2 = int(cols[h][x])
            t2 = times(t, cols[h]) | tx[h][x]  # never empty: heap h has a move
            lst = stored.setdefault(x2, [])
            if any(s and (t2 & s) == s for s in lst):
                continue
            lst[:] = [s for s in lst if not s or (s & t2) != t2]
            lst.append(t2)
            queue.append((x2, t2))
        steps += 1
        if not steps & 255:
            budget.check()
    return [(x, t) for x, lst in stored.items() for t in lst]


def check_certificate(cert: CounterCertificate,
                      moves: Callable[[int], list[tuple[int, ...]]] | None = None,
                      tick: Callable[[str], None] | None = None) -> CounterProof:
    """Check the three conditions of the module's theorem; ``ok`` means every position
    ``c1^a c2^b v`` has the outcome ``cert`` claims.

    Parameters
    ----------
    cert : CounterCertificate
    moves : callable, optional
        Options of a heap (tuples of positive heaps); by default decoded from ``cert.code``
        by :func:`~misere.quotients.impartial.certify.code_moves` (independent of the solver).
    tick : callable, optional
        Called with a line of progress after each stage and each row of the box.

    Returns
    -------
    CounterProof
    """
    mv = _Moves(cert, moves or code_moves(cert.code))
    c1, c2 = cert.counters
    n, d_max, p = cert.order, mv.d, cert.period
    box = box_side(cert.windows, p, d_max)

    def claim(a: int, b: int) -> np.ndarray:
        key = coarse_state(cert.windows, p, a, b)
        if key not in cert.p_table:
            raise KeyError(key)
        return cert.p_table[key]

    pairs = transition_pairs(cert, mv)
    if tick is not None:
        tick(f"{len(pairs)} minimal (value, transition set) pairs; checking the box [0, {box}]^2")
    xs_arr = np.array([x for x, _ in pairs], dtype=np.int64)
    width = (d_max + 1) * n
    tmat = np.zeros((len(pairs), width), dtype=bool)
    for i, (_, t) in enumerate(pairs):
        bits = np.frombuffer(t.to_bytes((width + 7) // 8, "little"), dtype=np.uint8)
        tmat[i] = np.unpackbits(bits, bitorder="little")[:width].astype(bool)
    nonempty = tmat.any(axis=1)
    try:
        if claim(0, 0)[cert.identity]:
            return CounterProof(False, "the position without moves is claimed P", len(pairs), box)
        for a in range(box + 1):
            budget.check()
            if tick is not None and a:
                tick(f"rows a < {a} of {box + 1} checked")
            for b in range(box + 1):
                me = claim(a, b)
                counter_p = np.zeros(n, dtype=bool)  # some move in c1 or c2 reaches a claimed P
                for h, da_, db_, ok in ((c1, -1, 0, a >= 1), (c2, 0, -1, b >= 1)):
                    if ok:
                        for _, db, xs in mv.opts[h]:
                            counter_p |= claim(a + da_, b + db_ + db)[xs]
                bad = me & counter_p
                if bad.any():
                    return CounterProof(False, f"P-failure: {c1}^{a} {c2}^{b} and value "
                                        f"{int(np.flatnonzero(bad)[0])} (move in a counter)",
                                        len(pairs), box)
                for h in cert.heaps:
                    was_p = me[cert.action[mv.row[h]]]
                    for _, db, xs in mv.opts[h]:
                        bad = was_p & claim(a, b + db)[xs]
                        if bad.any():
                            return CounterProof(False, f"P-failure: {c1}^{a} {c2}^{b}, heap {h} "
                                                f"on value {int(np.flatnonzero(bad)[0])}",
                                                len(pairs), box)
                reach = np.concatenate([claim(a, b + db) for db in range(d_max + 1)])
                found = (tmat & reach).any(axis=1) | counter_p[xs_arr]
                has_move = nonempty | (a >= 1) | (b >= 1)
                bad = ~me[xs_arr] & has_move & ~found
                if bad.any():
                    return CounterProof(False, f"N-failure: {c1}^{a} {c2}^{b} and value "
                                        f"{int(xs_arr[np.flatnonzero(bad)[0]])}", len(pairs), box)
    except KeyError as e:
        return CounterProof(False, f"no table entry for coarse state {e.args[0]}", len(pairs), box)
    return CounterProof(True, "proved", len(pairs), box)




def family_states(cert: CounterCertificate, b_min: int, b_max: int | None, d_min: int,
                  d_step: int) -> set[State]:
    """Every coarse state ``kappa(b + d, b)`` with ``b_min <= b <= b_max`` (``None``: no upper
    bound), ``d = d_min + d_step k``, ``k >= 0`` (``d_step = 0``: ``d = d_min`` only) and
    ``b + d >= 0``.

    A finite enumeration gives all of them: with ``M = Ka + Kb + Kd + |d_min| + p (d_step + 1)``,
    a point with ``b >= b_min + M`` has the state of ``(b - p, d)`` (both counts stay above
    their windows, residues mod ``p`` are kept), and one with ``d >= d_min + M`` that of
    ``(b, d - p d_step)`` (``a`` and ``a - b`` stay above their windows).
    """
    ka, kb, kd = cert.windows
    p = cert.period
    m = ka + kb + kd + abs(d_min) + p * (d_step + 1)
    top = b_min + m + p if b_max is None else b_max
    ks = range(m + p) if d_step else range(1)
    return {coarse_state(cert.windows, p, b + d_min + d_step * k, b)
            for b in range(b_min, top + 1) for k in ks if b + d_min + d_step * k >= 0}


def family_claims(cert: CounterCertificate, word: Sequence[int], b_min: int, b_max: int | None,
                  d_min: int, d_step: int) -> set[bool]:
    """The claimed P-statuses of ``c1^(b + d) c2^b + word`` over the family of
    :func:`family_states` (``word`` without counter heaps): a single value means the whole
    infinite family has that status once the certificate is proved."""
    x = cert.psi(word)
    return {bool(cert.p_table[s][x]) for s in family_states(cert, b_min, b_max, d_min, d_step)}
