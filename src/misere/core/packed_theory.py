"""Exact pruning of the packed sum search by comparing positions as games (issue 10 item 2).

All three rules rest on one theorem: in a universe ``U`` that contains every position of the sum
(general misère play ``ℳ`` always does), ``X ≥ Y`` implies ``R + X ≥ R + Y`` for every ``R`` in
``U`` (``≥`` modulo ``U`` is compatible with addition: Siegel 003 §2 for ``ℳ``, Larsson et al.
004 §2 for any universe) and ``G ≥ H`` implies ``o(G) ≥ o(H)`` (take the empty sum ``R = 0``).
Here ``o(G) ≥ o(H)`` means: if Left wins ``H`` moving first she wins ``G`` moving first, and if
Right loses ``H`` moving first he loses ``G`` moving first.

*Dominated moves.* Left's moves ``a → a'`` and ``b → b'`` in two components of ``P = R + a + b``
lead to ``R + a' + b`` and ``R + a + b'``. If ``a + b' ≥ a' + b`` and the second move comes
first in search order, the first move is never searched: the search reaches it only after
the second has lost for Left, and then it loses too (Right likewise with ``≤``; if the second
move was itself skipped, an earlier one at least as good lost, by transitivity). Two moves in
copies of one form compare their options alone (``b' ≥ a'``). The relation "move ``m'`` kills
``m`` when the component ``m'`` moves in is present" is computed once per sum for every pair
of moves of each side. Pruning a dominated move that comes *before* its dominator would also
be exact, but it trades a move that may win quickly for one that may need a larger proof:
measured on ten sums of day-3 games it cost up to 20x more positions on two of them (and saved
up to 2.3x on the others), so only earlier dominators count.

*Monotone memo.* If ``x ≥ y`` for two component forms (or ``x = 0``), ``Q = P - x + y ≤ P``;
likewise ``x + y ≥ z`` (``z`` a form or ``0``) gives ``Q = P - x - y + z ≤ P`` when ``P`` holds
``x`` and ``y``, and ``≤`` gives ``Q ≥ P``. So before expanding ``P``, these neighbours ``Q``
(one or two components fewer, replaced by at most one) are looked up in the memo of the same
player to move: Left wins ``P`` moving first if she wins some ``Q ≤ P``, and loses it if she
loses some ``Q ≥ P``; Right symmetrically. The two-for-one neighbours were measured on the
benchmark sums: 24 copies of set A 59 743 → 6 939 positions, set B 4 927 → 4 389, ten random
draws of day-3 games at 16 components 1.1-2x fewer; neighbours with one more component, and
two-for-two ones, saved under 12 % for twice the look-ups (benchmarks/README.md, "Sums").

*Identities.* If ``x + y = z`` in the universe (both ``≥``), every position holding ``x`` and
``y`` is replaced by the one holding ``z`` instead, before its memo lookup: the two are equal,
so they have the same outcome (whichever rule fires first: no confluence is needed for
correctness). Each rule removes a component, so rewriting stops.

The universe's order is an argument (``ge(xs, ys)``: is the sum of the forms ``xs`` ``≥`` that
of ``ys``), supplied from above (:mod:`misere.universes.sum_theory`), so that this module stays
in the core layer. Integer counters of the layout stand for copies of the forms ``1`` and
``-1`` (``n = 1 + ... + 1`` identically as forms, Siegel 003 §2).
"""
from __future__ import annotations

from typing import Callable, Sequence

from .ops import integer
from .table import ZERO, GameId

__all__ = ["Ge", "SideMoves", "Neighbour", "side_moves", "killers", "monotone_pairs", "neighbours", "python_tables",
           "rewrite_rules"]

#: ``ge(xs, ys)``: the sum of the forms ``xs`` is ``≥`` that of ``ys`` in a universe holding
#: every position of the sum (a sufficient test is enough: ``False`` only prunes less)
Ge = Callable[[tuple[GameId, ...], tuple[GameId, ...]], bool]

#: per move of one side, in search order: (the form moved in, the option moved to)
SideMoves = list[tuple[GameId, GameId]]

#: a comparable neighbour ``Q = P - sum(removed) + added`` of every position ``P`` holding the
#: removed forms (``added`` may be ``0``); ``sign`` -1: ``Q ≤ P``, +1: ``Q ≥ P``
Neighbour = tuple[tuple[GameId, ...], GameId, int]


def side_moves(kinds: Sequence[GameId], options: Callable[[int, int], Sequence[GameId]], side: int) -> SideMoves:
    """The moves of ``side`` in search order: the integer counter (its form ``1`` or ``-1``),
    then every option of every type (``kinds[t]``, options as the layout orders them)."""
    out: SideMoves = [(integer(-1) if side else integer(1), ZERO)]
    for t, g in enumerate(kinds):
        out.extend((g, x) for x in options(t, side))
    return out


def _dominates(ge: Ge, side: int, m: tuple[GameId, GameId], k: tuple[GameId, GameId]) -> bool:
    """Does move ``k`` lead to a position at least as good for its mover as move ``m``?"""
    (a, a2), (b, b2) = m, k
    if a == b:
        mine, theirs = (a2,), (b2,)
    else:
        mine, theirs = (a2, b), (a, b2)
    return ge(mine, theirs) if side else ge(theirs, mine)


def killers(moves: SideMoves, ge: Ge, side: int) -> list[tuple[GameId, ...]]:
    """Per move, the forms whose presence in a position makes the move unnecessary: a move
    at least as good for its mover comes *earlier* in search order (only earlier ones count,
    see the module docstring)."""
    return [tuple(dict.fromkeys(moves[k][0] for k in range(j) if _dominates(ge, side, moves[j], moves[k])))
            for j in range(len(moves))]


def monotone_pairs(kinds: Sequence[GameId], ge: Ge) -> list[tuple[GameId, GameId]]:
    """Pairs ``(x, y)`` of distinct forms among ``kinds`` and ``0`` with ``x ≥ y``: replacing
    a copy of ``x`` by ``y`` (``x = 0``: adding ``y``; ``y = 0``: removing ``x``) makes a
    position no better for Left."""
    forms = list(dict.fromkeys(list(kinds) + [ZERO]))
    return [(x, y) for x in forms for y in forms if x != y and ge((x,), (y,))]


def neighbours(kinds: Sequence[GameId], ge: Ge) -> list[Neighbour]:
    """The comparable neighbours of the monotone memo (module docstring): one form for another
    (:func:`monotone_pairs`), then two forms ``x, y`` (``x = y`` allowed) for one ``z`` or for
    nothing, over ``kinds`` with ``1`` and ``-1``. A neighbour whose net change is already
    listed with fewer forms required is left out."""
    forms = list(dict.fromkeys(list(kinds) + [integer(1), integer(-1)]))
    out: list[Neighbour] = []
    required: dict[tuple[tuple[GameId, ...], GameId, int], list[tuple[GameId, ...]]] = {}

    def emit(removed: tuple[GameId, ...], added: GameId, sign: int) -> None:
        rest, plus = list(removed), added
        if plus in rest:  # P - x - y + x: the neighbour without y, where P holds x
            rest.remove(plus)
            plus = ZERO
        if not rest and plus == ZERO:
            return
        listed = required.setdefault((tuple(sorted(rest)), plus, sign), [])
        if any(all(r.count(g) <= removed.count(g) for g in r) for r in listed):
            return  # the same change is listed, required to hold no more forms
        listed.append(removed)
        out.append((removed, added, sign))

    for x, y in monotone_pairs(forms, ge):  # x ≥ y: P - x + y ≤ P, P - y + x ≥ P
        emit((x,) if x != ZERO else (), y, -1)
        emit((y,) if y != ZERO else (), x, 1)
    for i, x in enumerate(forms):
        for y in forms[i:]:
            for z in forms + [ZERO]:
                if ge((x, y), (z,)):
                    emit((x, y), z, -1)
                if ge((z,), (x, y)):
                    emit((x, y), z, 1)
    return out


def python_tables(lay, ge: Ge) -> tuple[tuple[list[tuple[int, ...]], ...], tuple[int, int], list[tuple[int, ...]]]:
    """The pruning tables of :class:`misere.core.packed.Layout` ``lay`` for the Python search:
    per side and type the kill mask of each option (the OR of the fields of its killers;
    0: never pruned), per side that of the integer counter move, and the monotone neighbours
    of :func:`neighbours` as ``(shift, mask, copies needed)`` of the fields of the (one or
    two) removed forms (``0, 0, 0`` for none), then the key delta and the sign."""
    kills: tuple[list[tuple[int, ...]], ...] = ([], [])
    counter = [0, 0]
    for side in (0, 1):
        moves = side_moves(lay.ids, lay.options, side)
        masks = [_or(lay.mask(f) for f in ks) for ks in killers(moves, ge, side)]
        counter[side] = masks[0]
        i = 1
        for t in range(len(lay.ids)):
            n = len(lay.options(t, side))
            kills[side].append(tuple(masks[i:i + n]))
            i += n
    mono = []
    for removed, added, sign in neighbours(lay.ids, ge):
        need = needs(lay, removed)
        mono.append(need + (lay.unit(added) - sum(lay.unit(g) for g in removed), sign))
    return kills, (counter[0], counter[1]), mono


def needs(lay, forms: tuple[GameId, ...]) -> tuple[int, int, int, int, int, int]:
    """``(shift, mask, copies)`` of the fields of one or two forms of ``lay`` that a position
    must hold (two copies of one field when the forms are equal; ``0, 0, 0`` for none)."""
    def field(g: GameId) -> tuple[int, int]:
        m = lay.mask(g)
        s = (m & -m).bit_length() - 1
        return s, m >> s
    if not forms:
        return 0, 0, 0, 0, 0, 0
    sx, mx = field(forms[0])
    if len(forms) == 1:
        return sx, mx, 1, 0, 0, 0
    if forms[1] == forms[0]:
        return sx, mx, 2, 0, 0, 0
    sy, my = field(forms[1])
    return sx, mx, 1, sy, my, 1


def _or(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def rewrite_rules(kinds: Sequence[GameId], ge: Ge) -> list[tuple[GameId, GameId, GameId]]:
    """Identities ``x + y = z`` of the universe among ``kinds`` (with ``1``, ``-1``) and ``0``,
    ``x`` before ``y`` in ``kinds`` order (``x = y`` allowed): rewriting ``x + y`` to ``z``
    anywhere in a position leaves its value, hence its outcome, unchanged (equality is a
    congruence). Every rule removes at least one component, so rewriting terminates."""
    forms = list(dict.fromkeys(list(kinds) + [integer(1), integer(-1)]))
    out = []
    for i, x in enumerate(forms):
        for y in forms[i:]:
            for z in forms + [ZERO]:
                if z not in (x, y) and ge((x, y), (z,)) and ge((z,), (x, y)):
                    out.append((x, y, z))
                    break
    return out
