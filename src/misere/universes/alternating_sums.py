"""Sums of two alternating class representatives compared with one class, modulo 𝒜 (001 ch. 3).

001 ch. 3 orders single alternating positions (completed in :mod:`.alternating_order`) but says
nothing of sums (001 §3.6). Two facts true modulo every universe closed under sums give many
relations ``R_i + R_j ≥ R_k`` between class representatives without new theory:

* ``≥`` is compatible with sums: ``G ≥ G'`` implies ``G + X ≥ G' + X`` for X in the universe
  (001 §2.1), and it is transitive;
* the congruences of 001 (Thm 3.2.9: ends are invertible, with ``A + Ā ≡ 0``; Lemmas 3.3.2–3.3.3)
  reduce some sums to one class (:func:`.alternating._single_rep`, passed in as ``single``).

:func:`descent_table` is the least set of triples ``(i, j, k)`` with ``R_i + R_j ≥ R_k`` closed
under three rules: the sum reduces to one class ``R_m`` with ``R_m ≥ R_k`` (class order);
``R_i ≥ R_{i'}`` and ``R_{i'} + R_j ≥ R_k`` (descent of one summand, 0 included); and
``R_i + R_j ≥ R_m ≥ R_k``. Every member is a proof (a chain of the facts above).

:func:`sum_order` adds the proviso-and-maintenance rule of :mod:`.alternating_order` on the
pairs ``(R_i + R_j, R_k)``, whose options are again of this shape (options of representatives
are representatives). Its proof there needs the proviso only where a player has no move in
``H + X`` (Left first) or ``G + X`` (Right first): if H is a Left end, Left wins ``G + X`` moving
first for every Left end X — true when ``G ≥ M`` is already proved for a Left end M (Left wins
``M + X`` at once); if G is a Right end, Right wins ``H + X`` moving first for every Right end X —
true when a Right end ``M ≥ H`` is in the class order. Facts already proved enter as axioms, and
the greatest set satisfying the rule is recomputed, with the cancellation of invertible
summands in between (:func:`_cancelled`), until the proved set stops growing.
"""
from __future__ import annotations

from typing import Callable, Optional

from itertools import combinations_with_replacement, product

from .. import budget
from ..core import cache
from ..core.outcome import Outcome
from ..core.table import ZERO, GameId, left, right
from .alternating_classes import CLASSES, end_class, end_moves
from .alternating_order import class_ge

__all__ = ["descent_table", "sum_order", "sum_ge_class", "sum_outcome_by_classes", "class_sum_witness",
           "deep_witness"]

_TABLE: list[dict[tuple[int, int, int], bool]] = []
_ORDER: list[frozenset[tuple[int, int, int]]] = []
_INDEX = {c.rep: i for i, c in enumerate(CLASSES)}


def descent_table(single: Callable[[list[GameId]], Optional[GameId]]) -> dict[tuple[int, int, int], bool]:
    """``(i, j, k) -> True`` (i ≤ j, indices into :data:`CLASSES`) when the rules of the module
    notes prove ``R_i + R_j ≥ R_k``; False means only "not proved by these rules"."""
    if _TABLE:
        return _TABLE[0]
    reps = [c.rep for c in CLASSES]
    n = len(reps)
    ge = [[class_ge(reps[i], reps[k]) for k in range(n)] for i in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i, n)]
    proved: dict[tuple[int, int, int], bool] = {}
    for i, j in pairs:
        s = single([reps[i], reps[j]])
        for k in range(n):
            proved[(i, j, k)] = s is not None and ge[_INDEX[s]][k]

    def key(a: int, b: int, k: int) -> tuple[int, int, int]:
        return (a, b, k) if a <= b else (b, a, k)

    changed = True
    while changed:
        changed = False
        for i, j in pairs:
            budget.check()
            for k in range(n):
                if proved[(i, j, k)]:
                    continue
                if (any(ge[i][x] and x != i and proved[key(x, j, k)] for x in range(n))
                        or any(ge[j][x] and x != j and proved[key(i, x, k)] for x in range(n))
                        or any(ge[m][k] and m != k and proved[(i, j, m)] for m in range(n))):
                    proved[(i, j, k)] = changed = True
    _TABLE.append(proved)
    return proved


def _key(a: int, b: int, k: int) -> tuple[int, int, int]:
    return (a, b, k) if a <= b else (b, a, k)


def _maintained(p: tuple[int, int, int], rel: set[tuple[int, int, int]],
                opts: tuple[list[list[int]], list[list[int]]]) -> bool:
    """Maintenance for ``(R_i + R_j, R_k)`` within ``rel`` (alternating_order's rule)."""
    i, j, k = p
    lo, ro = opts
    gl = [(x, j) for x in lo[i]] + [(i, x) for x in lo[j]]
    for hl in lo[k]:
        if not (any(_key(a, b, hl) in rel for a, b in gl) or any(_key(i, j, x) in rel for x in ro[hl])):
            return False
    for a, b in [(x, j) for x in ro[i]] + [(i, x) for x in ro[j]]:
        if not (any(_key(a, b, hr) in rel for hr in ro[k])
                or any(_key(c, d, k) in rel for c, d in [(x, b) for x in lo[a]] + [(a, x) for x in lo[b]])):
            return False
    return True


def _cancelled(proved: set[tuple[int, int, int]], bar: list[int], inv: list[bool]) -> set[tuple[int, int, int]]:
    """Close ``proved`` under cancellation: for ``R_i`` invertible with inverse ``R̄_i`` (001
    Thm 3.4.5), ``R_i + R_j ≥ R_k`` iff ``R_j ≥ R_k + R̄_i`` iff (conjugating)
    ``R_i + R̄_k ≥ R̄_j``."""
    out, todo = set(proved), list(proved)
    while todo:
        i, j, k = todo.pop()
        for a, b in ((i, j), (j, i)):
            q = _key(a, bar[k], bar[b])
            if inv[a] and q not in out:
                out.add(q)
                todo.append(q)
    return out


def sum_order(single: Callable[[list[GameId]], Optional[GameId]]) -> frozenset[tuple[int, int, int]]:
    """The triples ``(i, j, k)`` (i ≤ j) with ``R_i + R_j ≥ R_k`` proved by :func:`descent_table`
    and the proviso-and-maintenance rule (module notes)."""
    if _ORDER:
        return _ORDER[0]
    from ..core.ops import conjugate
    from .alternating_classes import classify
    reps = [c.rep for c in CLASSES]
    n = len(reps)
    idx = [[_INDEX[classify(x).rep] if x != ZERO else _INDEX[ZERO] for x in f(r)] for f in (left, right)
           for r in reps]
    opts = (idx[:n], idx[n:])
    lends = [m for m in range(n) if not opts[0][m]]
    rends = [m for m in range(n) if not opts[1][m]]
    right_strong = [any(class_ge(reps[m], reps[k]) for m in rends) for k in range(n)]
    bar = [_INDEX[classify(conjugate(r)).rep] for r in reps]
    inv = [c.invertible for c in CLASSES]
    proved = {p for p, v in descent_table(single).items() if v}
    while True:
        rel = set(descent_table(single))
        while True:
            budget.check()
            keep = {p for p in rel if p in proved or (
                (p[2] not in lends or any(_key(p[0], p[1], m) in proved for m in lends))
                and (p[0] not in rends or p[1] not in rends or right_strong[p[2]])
                and _maintained(p, rel, opts))}
            if keep == rel:
                break
            rel = keep
        grown = _cancelled(proved | rel, bar, inv)
        if grown <= proved:
            break
        proved |= grown
    _ORDER.append(frozenset(proved))
    return _ORDER[0]


def sum_ge_class(parts: list[GameId], h: GameId,
                 single: Callable[[list[GameId]], Optional[GameId]]) -> bool:
    """Is ``parts[0] + parts[1] ≥ h`` (class representatives; one or two parts) proved by
    :func:`descent_table`?"""
    if len(parts) == 1:
        parts = parts + [ZERO]
    if len(parts) != 2 or h not in _INDEX:
        return False
    i, j = sorted(_INDEX[p] for p in parts)
    return (i, j, _INDEX[h]) in sum_order(single)


# --- witnesses: outcomes of sums of class representatives and ends -----------------------

_LW = cache.table("alternating_sums.left_wins")
_RW = cache.table("alternating_sums.right_wins")
State = tuple[tuple[int, ...], int, int, int]


def _moves(rep_index: int, left_side: bool) -> list[tuple[int, int, int]]:
    r = CLASSES[rep_index].rep
    return [end_class(x).triple for x in (left(r) if left_side else right(r))]


def _wins(state: State, left_side: bool) -> bool:
    """Does the player to move win ``Σ R_p + aA + bB + cC`` moving first (misère)?

    Non-end summands move to ends (their options are end representatives, 001 Thm 3.2.6) and
    ends move as in 001 Fig. 3.5 (:func:`end_moves`); equal classes have equal outcomes in
    every sum, so this is the outcome of any sum of members of those classes."""
    memo = _LW if left_side else _RW
    r = memo.get(state)
    if r is not None:
        return r  # type: ignore[no-any-return]
    budget.check()
    parts, a, b, c = state
    nexts: list[State] = []
    for k, p in enumerate(parts):
        if k and parts[k - 1] == p:
            continue
        rest = parts[:k] + parts[k + 1:]
        nexts += [(rest, a + x, b + y, c + z) for x, y, z in _moves(p, left_side)]
    nexts += [(parts, x, y, z) for x, y, z in end_moves(a, b, c, left_side)]
    r = not nexts or any(not _wins(t, not left_side) for t in nexts)
    memo[state] = r
    return r


def sum_outcome_by_classes(parts: list[int], a: int = 0, b: int = 0, c: int = 0) -> Outcome:
    """The misère outcome of ``Σ R_p + aA + bB + cC`` (``parts``: indices into :data:`CLASSES`)."""
    ne: list[int] = []
    for p in parts:
        if CLASSES[p].is_end:
            x, y, z = end_class(CLASSES[p].rep).triple
            a, b, c = a + x, b + y, c + z
        else:
            ne.append(p)
    state = (tuple(sorted(ne)), a, b, c)
    lw, rw = _wins(state, True), _wins(state, False)
    return Outcome.N if lw and rw else Outcome.L if lw else Outcome.R if rw else Outcome.P


def class_sum_witness(g: list[int], h: list[int], size: int = 3) -> Optional[tuple[list[int], tuple[int, int, int]]]:
    """``X = Σ R_p + aA + bB + cC`` with up to ``size`` non-end representatives and a, b, c in
    -1..1 such that ``o(G + X) ≱ o(H + X)``, for sums G, H of representatives; or None.
    Found with :func:`sum_outcome_by_classes`; the caller verifies it on the forms."""
    nonends = [i for i, c in enumerate(CLASSES) if not c.is_end]
    for k in range(size + 1):
        for xs in combinations_with_replacement(nonends, k):
            for t in product((0, -1, 1), repeat=3):
                if not sum_outcome_by_classes(g + list(xs), *t) >= sum_outcome_by_classes(h + list(xs), *t):
                    return list(xs), t
    return None


def _side_options(parts: list[int], left_side: bool) -> list[tuple[list[int], tuple[int, int, int]]]:
    """The options of ``Σ R_p`` (non-end ``parts``) on one side: one part moved to an end."""
    out = []
    for k, p in enumerate(parts):
        if k and parts[k - 1] == p:
            continue
        rest = parts[:k] + parts[k + 1:]
        out += [(rest, t) for t in _moves(p, left_side)]
    return out


def deep_witness(g: list[int], h: list[int], size: int = 4) -> Optional[tuple[list[int], tuple[int, int, int]]]:
    """``X = Σ R_p + aA + bB + cC`` with exactly ``size`` non-end representatives and a, b, c in
    -1..1 such that ``o(G + X) ≱ o(H + X)``, for sums G, H of non-end representatives; or None.

    Only the two shapes of a failed maintenance are tried in full (the rule of
    :mod:`.alternating_order` read backwards): Left wins ``H + X`` moving first by a move in H
    while every Left option of G loses in ``G + X``, or Right wins ``G + X`` moving first by a
    move in G while every Right option of H loses in ``H + X``. Found with
    :func:`sum_outcome_by_classes`; the caller verifies it on the forms. It refutes the last
    three open queries ``R_i + R_j >= R_k`` with ``size = 4`` (the 3-representative search does not).
    """
    g, h = sorted(g), sorted(h)
    gl, gr, hl, hr = (_side_options(p, s) for p, s in ((g, True), (g, False), (h, True), (h, False)))
    nonends = [i for i, c in enumerate(CLASSES) if not c.is_end]

    def out(opt: tuple[list[int], tuple[int, int, int]], xs: list[int], t: tuple[int, ...]) -> Outcome:
        rest, (a, b, c) = opt
        return sum_outcome_by_classes(rest + xs, a + t[0], b + t[1], c + t[2])

    for combo in combinations_with_replacement(nonends, size):
        xs = list(combo)
        for t in product((0, -1, 1), repeat=3):
            left_shape = (any(not out(o, xs, t).right_first for o in hl)
                          and all(out(o, xs, t).right_first for o in gl))
            right_shape = (not left_shape and any(not out(o, xs, t).left_first for o in gr)
                           and all(out(o, xs, t).left_first for o in hr))
            if (left_shape or right_shape) and not (
                    sum_outcome_by_classes(g + xs, *t) >= sum_outcome_by_classes(h + xs, *t)):
                return xs, t
    return None
