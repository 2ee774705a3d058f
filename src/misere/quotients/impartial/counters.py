"""Exact misère outcomes of a heap game with two unbounded counts of heaps.

An infinite partial quotient cannot be certified by the finite verification theorem (notes
E.2), but its outcomes can be, when they are *eventually periodic in two counts of heaps*
and a finite monoid handles the rest (the idea of the semilinear certificate of
:mod:`misere.quotients.partizan.semilinear`, notes E.7, with E.2's transition sets for the finite
part). Two disjoint sets of heap sizes ``G1`` and ``G2`` are *counted* (by default the single
sizes ``c1`` and ``c2``): write a position as ``c1^a c2^b v``, where ``a`` is its number of
heaps with a size in ``G1``, ``b`` that in ``G2``, and ``v`` the word of its other heaps.
A :class:`CounterCertificate` gives

* a finite monoid ``X`` as the action of every other heap ``h`` with moves (``x -> x psi(h)``;
  heaps without moves are the identity), so ``psi(v)`` is a product of columns;
* windows ``(Ka, Kb, Kd)`` and a period ``p`` defining the *coarse state*
  ``kappa(a, b) = (min(a, Ka), min(b, Kb), clamp(a - b, -Kd, Kd), a mod p, b mod p)``;
* a table ``F[kappa][x]``: whether ``c1^a c2^b v`` is claimed to be a P-position when
  ``psi(v) = x`` (whichever sizes of ``G1``, ``G2`` make up the counts).

Theorem (what :func:`check_certificate` checks => the claim for every position)
------------------------------------------------------------------------------------
Let ``Da`` and ``Db`` be the most heaps of ``G1`` and of ``G2`` in one option of a heap, ``D =
max(Da, Db)`` (Dawson's Kayles, ``G1 = {34}``, ``G2 = {30}``: ``Da = 0``, ``D = Db = 1``, from
``34 -> 30 + 2``, ``33 -> 30 + 1``, ``32 -> 30``). A move changes ``(a, b)`` by ``(-1 + da, db)``,
``(da, -1 + db)`` or ``(da, db)`` with ``0 <= da <= Da``, ``0 <= db <= Db``. The *fine state*
of ``(a, b)`` is ``kappa`` with windows ``(Ka + 1, Kb + max(1, D), Kd + 1 + D)``; it determines
``kappa`` at ``(a, b)`` and at every point a move reaches, and whether ``a >= 1``, ``b >= 1``.
If, for every ``(a, b)`` in the box ``[0, R]^2`` (``R = Ka + Kb + Kd + 3 + 2D + 2p``: it holds
every fine state, since from a point outside it subtracting ``(p, p)`` while both counts
exceed their fine windows by ``p``, then ``(p, 0)`` or ``(0, p)`` while a count and the
difference do, keeps the fine state and ends inside),

1. (terminal) the position without moves (``a = b = 0``, ``psi = 1``) is claimed N;
2. (P side) no claimed P-position ``c1^a c2^b v`` has a claimed P option: checked for every
   ``x`` in ``X`` against the moves in every size of ``G1`` (when ``a >= 1``) and ``G2`` (when
   ``b >= 1``), whose options change ``(a, b)`` and multiply ``x`` by fixed values, and, for a
   move in a heap ``h`` of ``v``, for every ``y`` (``v = v' + h``, ``psi(v') = y``) against
   ``y psi(option)``;
3. (N side) every claimed N-position with a move has a claimed P option: the options in ``v``
   are given by its *transition set* ``T(v) = {(da, db, psi(v'))}`` (``v'`` the rest of an
   option of ``v``, ``da``, ``db`` counted heaps created); the pairs ``(psi(v), T(v))`` of all
   words are enumerated as in E.2 up to domination (``T ⊆ T'`` for the same value: more
   options only help), so the check runs on the finitely many minimal pairs. A move in a
   counted heap is credited only when *every* size of its set has an option claimed P (the
   position holds some size of the set, not a known one; with single sizes this is no
   restriction),

then by induction on the position (the game is short: every move of Dawson's Kayles removes
tokens, every split in Grundy's game lowers the sum of ``h - 1`` over the heaps)
``c1^a c2^b v`` is a misère P-position iff ``F[kappa(a, b)][psi(v)]`` says P, for every ``a,
b`` and every word ``v``. Before that the check makes sure ``psi`` is well defined: the
columns of ``X`` commute, and every heap with a column has a move (so the positions without
moves are exactly those with ``a = b = 0`` and ``psi = 1``).

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

Dawson's Kayles at heap 34 (counters 34 and 30) and Grundy's game at heap 29 (counting 25, and
13, 16, 19, 22 together, in a domain): docs/results/new.md; the certificates are built from
engine candidates by :func:`~misere.quotients.impartial.counters_data.build_certificate`
(which also stores them and compares them with brute force).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from misere import budget
from misere.quotients.impartial.certify import rule_moves

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
    of ``[0, R]^2`` (``d``: ``D``, most counted heaps of one set in one option)."""
    ka, kb, kd = windows
    return ka + kb + kd + 3 + 2 * d + 2 * period


@dataclass
class CounterCertificate:
    """Claimed outcomes of every position ``c1^a c2^b v`` (module docstring)."""

    code: str  #: take-and-break code of the game
    counters: tuple[int, int]  #: the heaps counted, ``(c1, c2)`` (names of the two counts)
    heaps: tuple[int, ...]  #: the other heaps with moves, one row of ``action`` each
    action: np.ndarray  #: int32 ``(len(heaps), n)``: ``action[k][x] = x psi(heaps[k])``
    identity: int  #: ``psi`` of the empty word
    windows: tuple[int, int, int]  #: ``(Ka, Kb, Kd)``
    period: int  #: period of ``a`` and ``b`` outside the windows
    p_table: dict[State, np.ndarray] = field(repr=False)  #: ``kappa -> P mask over X``
    #: heap sizes each count counts (``None``: ``((c1,), (c2,))``)
    groups: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    #: an absorbing element of ``X`` for the words outside the claim's domain (``None``: none)
    outside: int | None = None

    @property
    def members(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The heap sizes counted by ``a`` and by ``b``."""
        if self.groups is None:
            return (self.counters[0],), (self.counters[1],)
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

    def claims_p(self, a: int, b: int, x: int) -> bool:
        """Whether ``c1^a c2^b v`` with ``psi(v) = x`` is claimed a P-position."""
        return bool(self.p_table[coarse_state(self.windows, self.period, a, b)][x])


def certificate_outcome(cert: CounterCertificate, word: Iterable[int]) -> bool:
    """Claimed P-status of a position (proved for every position once
    :func:`check_certificate` accepts ``cert``)."""
    word = list(word)
    g1, g2 = cert.members
    if max(word, default=0) > max(cert.heaps + g1 + g2):
        raise ValueError(f"{sorted(word, reverse=True)} has a heap above the certificate's")
    rest = [h for h in word if h not in g1 and h not in g2]
    if cert.outside is not None and cert.psi(rest) == cert.outside:
        raise ValueError(f"{sorted(word, reverse=True)} is outside the certificate's domain")
    return cert.claims_p(sum(1 for h in word if h in g1), sum(1 for h in word if h in g2),
                         cert.psi(rest))


@dataclass(frozen=True)
class CounterProof:
    """Result of :func:`check_certificate`."""

    ok: bool
    reason: str  #: "proved", or the first check that failed
    pairs: int = 0  #: minimal (value, transition set) pairs of the words ``v``
    box: int = 0  #: side of the box of ``(a, b)`` checked


class _Moves:
    """Options of every heap up to the largest, split into counter changes and a value map."""

    def __init__(self, cert: CounterCertificate, moves: Callable[[int], list[tuple[int, ...]]]):
        g1, g2 = cert.members
        row = {h: k for k, h in enumerate(cert.heaps)}
        if set(g1) & set(g2) or (set(g1) | set(g2)) & set(row) or len(row) != len(cert.heaps):
            raise ValueError("a heap size is counted twice, or counted and given a column")
        self.row = row
        self.opts: dict[int, list[tuple[int, int, np.ndarray]]] = {}
        everything = np.arange(cert.order)
        for h in range(1, max(cert.heaps + g1 + g2) + 1):
            out = []
            for o in moves(h):
                da = sum(1 for p in o if p in g1)
                db = sum(1 for p in o if p in g2)
                xs = everything
                for p in o:
                    if p in g1 or p in g2:
                        continue
                    if p in row:
                        xs = cert.action[row[p]][xs]
                    elif moves(p):
                        raise ValueError(f"heap {p} has moves but no column in the certificate")
                out.append((da, db, xs))
            if out and h not in g1 and h not in g2 and h not in row:
                raise ValueError(f"heap {h} has moves but no column in the certificate")
            if not out and (h in g1 or h in g2 or h in row):
                raise ValueError(f"heap {h} has no move but is counted or has a column")
            self.opts[h] = out
        self.da = max([da for h in self.opts for da, _, _ in self.opts[h]] + [0])
        self.db = max([db for h in self.opts for _, db, _ in self.opts[h]] + [0])
        self.d = max(self.da, self.db)

    def slot(self, da: int, db: int) -> int:
        """Index of the block of ``(da, db)`` in a transition set (``da``-major)."""
        return da * (self.db + 1) + db


def _bitset(bits: Iterable[int]) -> int:
    out = 0
    for k in bits:
        out |= 1 << k
    return out


def transition_pairs(cert: CounterCertificate, mv: _Moves) -> list[tuple[int, int]]:
    """Minimal ``(psi(v), T(v))`` over all words ``v`` of non-counter heaps, with ``T`` as an
    int bitset of ``slot(da, db) * |X| + y`` (module docstring, step 3; E.2's enumeration)."""
    n = cert.order
    heaps = [h for h in cert.heaps if mv.opts[h]]
    tx = {h: [_bitset(mv.slot(da, db) * n + int(xs[x]) for da, db, xs in mv.opts[h])
              for x in range(n)]
          for h in heaps}
    cols = {h: cert.action[mv.row[h]] for h in heaps}

    def times(t: int, col: np.ndarray) -> int:
        out = 0
        while t:
            low = t & -t
            k, y = divmod(low.bit_length() - 1, n)
            out |= 1 << (k * n + int(col[y]))
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
            if x2 == cert.outside:
                continue  # outside the domain, and so is every word containing this one
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


def _structure(cert: CounterCertificate, mv: _Moves, inside: np.ndarray) -> str:
    """What makes ``psi`` well defined and the domain closed under moves ('' when nothing):
    the columns commute (so ``psi`` of a word does not depend on the order of its heaps),
    ``outside`` is absorbing, and no move from a word inside leads outside."""
    cols = [np.asarray(c) for c in cert.action]
    for i, ci in enumerate(cols):
        for cj in cols[:i]:
            if not np.array_equal(ci[cj], cj[ci]):
                return "the columns of X do not commute"
    if cert.outside is None:
        return ""
    if cert.outside == cert.identity or any(c[cert.outside] != cert.outside for c in cols):
        return "the outside element is the identity or not absorbing"
    for h, opts in mv.opts.items():
        start = inside if h not in mv.row else inside[cols[mv.row[h]]]  # y with y psi(h) inside
        for _, _, xs in opts:
            if (~inside[xs] & start).any():
                return f"a move in heap {h} leaves the domain"
    return ""


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
        by :func:`~misere.quotients.impartial.certify.rule_moves` (independent of the solver).
    tick : callable, optional
        Called with a line of progress after each stage and each row of the box.

    Returns
    -------
    CounterProof
    """
    mv = _Moves(cert, moves or rule_moves(cert.code))
    c1, c2 = cert.counters
    g1, g2 = cert.members
    n, p = cert.order, cert.period
    box = box_side(cert.windows, p, mv.d)
    shifts = [(da, db) for da in range(mv.da + 1) for db in range(mv.db + 1)]  # slot order

    inside = np.ones(n, dtype=bool)
    if cert.outside is not None:
        inside[cert.outside] = False
    table = {k: v & inside for k, v in cert.p_table.items()}

    def claim(a: int, b: int) -> np.ndarray:
        key = coarse_state(cert.windows, p, a, b)
        if key not in table:
            raise KeyError(key)
        return table[key]

    wrong = _structure(cert, mv, inside)
    if wrong:
        return CounterProof(False, wrong)
    pairs = transition_pairs(cert, mv)
    if tick is not None:
        tick(f"{len(pairs)} minimal (value, transition set) pairs; checking the box [0, {box}]^2")
    xs_arr = np.array([x for x, _ in pairs], dtype=np.int64)
    width = len(shifts) * n
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
                counter_p = np.zeros(n, dtype=bool)  # some counted heap reaches a claimed P
                counter_win = np.zeros(n, dtype=bool)  # every heap of a present group does
                for group, sa, sb, ok in ((g1, -1, 0, a >= 1), (g2, 0, -1, b >= 1)):
                    if ok:
                        every = np.ones(n, dtype=bool)
                        for h in group:
                            reach_h = np.zeros(n, dtype=bool)
                            for da, db, xs in mv.opts[h]:
                                reach_h |= claim(a + sa + da, b + sb + db)[xs]
                            counter_p |= reach_h
                            every &= reach_h
                        counter_win |= every
                bad = me & counter_p
                if bad.any():
                    return CounterProof(False, f"P-failure: {c1}^{a} {c2}^{b} and value "
                                        f"{int(np.flatnonzero(bad)[0])} (move in a counter)",
                                        len(pairs), box)
                for h in cert.heaps:
                    was_p = me[cert.action[mv.row[h]]]
                    for da, db, xs in mv.opts[h]:
                        bad = was_p & claim(a + da, b + db)[xs]
                        if bad.any():
                            return CounterProof(False, f"P-failure: {c1}^{a} {c2}^{b}, heap {h} "
                                                f"on value {int(np.flatnonzero(bad)[0])}",
                                                len(pairs), box)
                reach = np.concatenate([claim(a + da, b + db) for da, db in shifts])
                found = (tmat & reach).any(axis=1) | counter_win[xs_arr]
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
