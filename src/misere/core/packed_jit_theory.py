"""The pruning tables of :mod:`misere.core.packed_theory` as arrays for the compiled sum search.

:class:`misere.core.packed_jit.Plan` numbers the fields of a sum (two integer counters, then one
per type) and its moves; this module turns the universe's comparisons (dominated moves, the
comparable neighbours of the monotone memo, the identities ``x + y = z``) into the flat int64
arrays its kernels read (the tuple ``th``, indexed as documented on :func:`theory_tables`).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .packed_theory import killers, neighbours, rewrite_rules, side_moves
from .table import ZERO, GameId

__all__ = ["target", "theory_tables"]


def target(lay: Any, field: dict[GameId, int], x: GameId) -> tuple[int, int]:
    """(field, copies) that one component ``x`` adds: -1 for 0, the counters for integers."""
    if x == ZERO:
        return -1, 0
    n = lay.int_value(x)
    if n is not None:
        return (0 if n > 0 else 1), abs(n)
    return field[x], 1


def theory_tables(p: Any, lay: Any, field: dict[GameId, int], theory: Any) -> tuple[np.ndarray, ...]:
    """The pruning tables of the sum planned by ``p`` (its fields ``word``/``weight``, moves
    ``msrc``/``mstart``, ``radix``, ``deltas``) as the tuple ``th`` of the kernels: 0-1 the
    killers of each move (CSR ``kstart``, ``kfield``); 2-5 the monotone neighbours (first
    removed field, added field, sign, key delta; -1: no field); 6 the radices (no neighbour
    overflows); 7-10 the identities (fields of ``x``, ``y``, ``z``, key delta); 11 the second
    removed field of each neighbour (-1: one form removed). ``theory=None``: empty tables."""
    nm = len(p.msrc)
    kstart, kfield = np.zeros(nm + 1, np.int64), []
    msrc, msrc2, mdst, msign = [], [], [], []
    if theory is not None:
        per_move: dict[int, list[int]] = {}
        nf = len(p.word)
        for side in (0, 1):  # the Plan's moves of a side are side_moves' order: counter, types
            ks = killers(side_moves(lay.ids, lay.options, side), theory, side)
            for m, kill in zip(range(p.mstart[side, 0], p.mstart[side, nf]), ks):
                per_move[m] = [target(lay, field, g)[0] for g in kill]
        for m in range(nm):
            kfield.extend(per_move.get(m, ()))
            kstart[m + 1] = len(kfield)
        for removed, added, sign in neighbours(lay.ids, theory):
            fs = [target(lay, field, g)[0] for g in removed] + [-1, -1]
            msrc.append(fs[0]), msrc2.append(fs[1]), mdst.append(target(lay, field, added)[0])
            msign.append(sign)
    mkd = p.deltas(msrc, mdst, [1] * len(msrc))
    for e, f in enumerate(msrc2):
        if f >= 0:
            mkd[e, p.word[f]] -= p.weight[f]
    rx, ry, rz, rkd = _rules(p, lay, field, theory)
    arr = [np.array(a, np.int64) for a in (kfield, msrc, mdst, msign, rx, ry, rz, msrc2)]
    th = (kstart, arr[0], arr[1], arr[2], arr[3], mkd, p.radix, arr[4], arr[5], arr[6], rkd, arr[7])
    return th


def _rules(p: Any, lay: Any, field: dict[GameId, int], theory: Any) -> tuple[list[int], list[int], list[int], np.ndarray]:
    """Fields of the identities ``x + y = z`` (``y`` -1 when ``x = y``; ``z`` -1 for 0) and
    their key deltas."""
    rx, ry, rz, kd = [], [], [], np.zeros((1, p.nw), np.int64)
    if theory is not None:
        for x, y, z in rewrite_rules(lay.ids, theory):
            (fx, kx), (fy, ky), (fz, kz) = (target(lay, field, g) for g in (x, y, z))
            if (fx, kx) != (fz, kz) and (fy, ky) != (fz, kz) and kx == ky == 1 and kz <= 1:
                rx.append(fx), ry.append(fy if fy != fx else -1), rz.append(fz)
        kd = p.deltas(rx, rz, [1] * len(rx))
        for e, (x, y) in enumerate(zip(rx, ry)):
            kd[e, p.word[x if y < 0 else y]] -= p.weight[x if y < 0 else y]
    return rx, ry, rz, kd
