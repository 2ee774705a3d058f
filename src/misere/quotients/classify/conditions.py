"""Necessary conditions for a finite bipartite monoid to be a misère quotient, with proofs.

Siegel's classification paper (arXiv math/0703070) was not readable from this project's
sources, so its theorems are not used; every condition below is proved here from the
definitions (notes E.1): ``A`` is a closed set of impartial games (closed under sums and
options) with ``A != {0}``, ``Q = Q(A)`` finite, ``P`` the classes of misère P-positions,
``Φ: A -> Q`` the pretending function, and a *realiser* of ``x`` is a game ``G`` in ``A`` with
``Φ(G) = x``. Outcomes are misère: a game with no move is an N-position (notes D.1).

C1 (definition). ``Q`` is a commutative monoid, ``(Q, P)`` is reduced and ``1 ∉ P``.
    ``≡_A`` is a congruence for ``+`` and indistinguishable classes are equal by definition;
    ``1 = Φ(0)`` and ``0`` is an N-position.

C2. There is ``a ∈ P`` with ``a² = 1`` (``a = Φ(*)``).
    Proof. Take a follower ``H ≠ 0`` of some ``G ≠ 0`` in ``A`` of least birthday; its options
    have smaller birthday, so all are ``0`` and ``H = *``; ``A`` is closed, so ``* ∈ A``. ``*``
    is P (the only move is to ``0``, after which the mover has made the last move). For every
    impartial ``X``, ``o⁻(X + * + *) = o⁻(X)``, by induction on ``X``: ``X = 0``: ``*+*`` is N
    (move to ``*``). ``X`` N with a move to a P-position ``X'``: ``X'+*+*`` is P by induction.
    ``X ≠ 0`` P: its options ``X'+*+*`` are N by induction and ``X+*`` is N (it moves to the
    P-position ``X``), so ``X+*+*`` is P. Hence ``*+* ≡_A 0``.

C3. ``x ∈ P  ⇒  ax ∉ P``.
    Proof. If ``G`` is P then ``G + *`` has the move to ``G``, so it is N.

C4. Every ``x`` has a ``z`` with ``xz ∈ P``.
    Proof. The set ``I`` of ``x`` with no such ``z`` is an ideal. Suppose ``x ∈ I`` with
    realiser ``G``. ``x ≠ 1`` (``1·a ∈ P``), so ``G ≠ 0``. Every option ``G' + G`` of ``G + G``
    has value ``Φ(G')x ∈ I``, not in P, so it is N; ``G + G`` has a move, hence is P, but its
    value ``x² ∈ I`` is not in P. Contradiction, so ``I`` is empty.

C5 (corollary). ``ax ≠ x`` for every ``x``; so ``x ↦ ax`` is a fixed-point-free involution and
    ``|Q|`` is even. Proof: pick ``z`` with ``xz ∈ P`` (C4); if ``ax = x`` then ``a(xz) = xz ∈ P``
    against C3.

For C6-C8 let ``Mex(x) = {y : no z has xz ∈ P and yz ∈ P}`` (notes E.5) and
``T(x) = Mex(x)`` if ``x ∉ P``, ``Mex(x) \\ P`` if ``x ∈ P``.

Lemma. Every option ``G'`` of a realiser ``G`` of ``x`` has ``Φ(G') ∈ T(x)``.
    Proof. If ``xz ∈ P`` and ``Φ(G')z ∈ P`` for a realiser ``Z`` of ``z``, the P-position
    ``G + Z`` has the P-option ``G' + Z``. If ``x ∈ P`` the options of the P-position ``G`` are N.

C6. For ``x ≠ 1``, ``x ∉ P``: ``T(x) ∩ P ≠ ∅``; for ``x ∈ P``: ``T(x) ≠ ∅``.
    Proof. A realiser of ``x ≠ 1`` is not ``0``; if ``x ∉ P`` it is N and has a P-option, if
    ``x ∈ P`` it has an option. Both lie in ``T(x)`` by the lemma.

C7 (sums with copies and ``*``). For ``x ≠ 1``, ``k ≥ 1``, ``s ∈ {0, 1}`` with ``a^s x^k ∉ P``
    and not (``s = 1`` and ``x^k ∈ P``): some ``t ∈ T(x)`` has ``a^s x^(k-1) t ∈ P``.
    Proof. Let ``G`` realise ``x``. ``kG + s*`` has value ``a^s x^k ∉ P`` and has a move, so it
    is N and has a P-option: either ``(k-1)G + G' + s*`` (value ``a^s x^(k-1) Φ(G')``) or, when
    ``s = 1``, ``kG`` (value ``x^k``, not in P by hypothesis).

C8 (pairs). For ``x, z ≠ 1`` with ``xz ∉ P``: some ``t ∈ T(x)`` has ``tz ∈ P`` or some
    ``u ∈ T(z)`` has ``xu ∈ P``.
    Proof. ``G + Z`` (realisers, both ``≠ 0``) is N, so it has a P-option ``G' + Z`` or
    ``G + Z'``; the lemma puts ``Φ(G')`` in ``T(x)`` and ``Φ(Z')`` in ``T(z)``.

:func:`check` returns the first condition a candidate fails, or ``None``.
"""
from __future__ import annotations

from collections.abc import Sequence

from misere.quotients.classify.canon import is_reduced

__all__ = ["CONDITIONS", "check", "involution", "mex_sets"]

#: condition names and one-line statements, in the order :func:`check` tests them
CONDITIONS = {
    "C1": "commutative monoid, (Q, P) reduced, 1 not in P",
    "C2": "some a in P has a^2 = 1 (a = Phi(*))",
    "C3": "x in P implies ax not in P",
    "C4": "every x has z with xz in P",
    "C5": "ax != x for all x (so |Q| is even)",
    "C6": "T(x) meets P for x != 1 not in P; T(x) nonempty for x in P",
    "C7": "k copies of a realiser of x, with or without *, have a P-option when N",
    "C8": "a sum of two realisers that is N has a P-option",
}


def involution(t: Sequence[Sequence[int]], p: Sequence[bool]) -> list[int]:
    """The elements ``a`` satisfying C2 and C3-C5 (candidates for ``Φ(*)``)."""
    n = len(t)
    out = []
    for a in range(1, n):
        if p[a] and t[a][a] == 0 and all(t[a][x] != x for x in range(n)) \
                and not any(p[x] and p[t[a][x]] for x in range(n)):
            out.append(a)
    return out


def mex_sets(t: Sequence[Sequence[int]], p: Sequence[bool]) -> list[frozenset[int]]:
    """``T(x)`` for every ``x`` (the lemma above): ``Mex(x)``, less ``P`` when ``x ∈ P``."""
    n = len(t)
    pmult = [frozenset(z for z in range(n) if p[t[x][z]]) for x in range(n)]
    out = []
    for x in range(n):
        mex = [y for y in range(n) if not (pmult[x] & pmult[y])]
        out.append(frozenset(y for y in mex if not (p[x] and p[y])))
    return out


def _powers(t: Sequence[Sequence[int]], x: int) -> list[int]:
    """``x^0, x^1, ...`` up to the first repeat (inclusive of every distinct power)."""
    seen, out, y = set(), [], 0
    while y not in seen:
        seen.add(y)
        out.append(y)
        y = t[y][x]
    return out


def check(t: Sequence[Sequence[int]], p: Sequence[bool], reduced_known: bool = False) -> str | None:
    """The first of C1-C8 that ``(t, p)`` (identity ``0``, assumed a commutative monoid) fails,
    or ``None`` when it passes them all. ``reduced_known`` skips the reduction test."""
    n = len(t)
    if n == 1:
        return None if not p[0] else "C1"
    if p[0] or not (reduced_known or is_reduced(t, p)):
        return "C1"
    if not any(p[a] and t[a][a] == 0 for a in range(1, n)):
        return "C2"
    pmult = [frozenset(z for z in range(n) if p[t[x][z]]) for x in range(n)]
    if not all(pmult):
        return "C4"
    cands = [a for a in range(1, n) if p[a] and t[a][a] == 0
             and not any(p[x] and p[t[a][x]] for x in range(n))]
    if not cands:
        return "C3"
    # C7 is about a = Phi(*): it is enough that one element passing C2-C3 passes it
    T = mex_sets(t, p)
    for x in range(1, n):
        if p[x] and not T[x]:
            return "C6"
        if not p[x] and not any(p[y] for y in T[x]):
            return "C6"
    for x in range(1, n):
        for z in range(x, n):
            if not p[t[x][z]] and not any(p[t[y][z]] for y in T[x]) \
                    and not any(p[t[x][u]] for u in T[z]):
                return "C8"
    for a in cands:
        if _c7(t, p, T, a):
            return None
    return "C7"


def _c7(t, p, T, a: int) -> bool:
    """Whether C7 holds with ``a`` as ``Φ(*)``."""
    n = len(t)
    for x in range(1, n):
        pw = _powers(t, x)
        pw.append(t[pw[-1]][x])  # one more power closes the cycle
        for k in range(1, len(pw)):
            prev, cur = pw[k - 1], pw[k]
            for s in (0, 1):
                val = t[a][cur] if s else cur
                if p[val] or (s and p[cur]):
                    continue
                base = t[a][prev] if s else prev
                if not any(p[t[base][y]] for y in T[x]):
                    return False
    return True
