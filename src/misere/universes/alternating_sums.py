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
"""
from __future__ import annotations

from typing import Callable, Optional

from .. import budget
from ..core.table import ZERO, GameId
from .alternating_classes import CLASSES
from .alternating_order import class_ge

__all__ = ["descent_table", "sum_ge_class"]

_TABLE: list[dict[tuple[int, int, int], bool]] = []
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


def sum_ge_class(parts: list[GameId], h: GameId,
                 single: Callable[[list[GameId]], Optional[GameId]]) -> bool:
    """Is ``parts[0] + parts[1] ≥ h`` (class representatives; one or two parts) proved by
    :func:`descent_table`?"""
    if len(parts) == 1:
        parts = parts + [ZERO]
    if len(parts) != 2 or h not in _INDEX:
        return False
    i, j = sorted(_INDEX[p] for p in parts)
    return descent_table(single)[(i, j, _INDEX[h])]
