"""Whole ≥-orders as boolean matrices, computed bottom-up by birthday with row operations.

The options-only comparison tests of general misère play (Siegel 003 Thm 5.3, with
downlinking decided by Thm 5.4), of the dicot and dead-ending universes (004 Thms 16–17) and
of normal play share one shape. Write ``ND[a, b]`` ("a is *not* downlinked to b") for

    some a^L ≥ b,  or  some b^R with a ≥ b^R                               (003 Thm 5.4)

Then ``G ≥ H`` iff an *end condition* ``E(G, H)`` holds and

    ND[G, H^L] for every H^L,  and  ND[G^R, H] for every G^R               (maintenance)

where ``E`` is, per universe: general — (H a Left end ⇒ G a Left end) and (G a Right end ⇒ H
a Right end), 003 Thm 5.3 (3)–(4); dicot — ``o(G) ≥ o(H)``, 004 Thm 16; dead-ending — (H a
Left end ⇒ G Left-strong) and (G a Right end ⇒ H Right-strong), 004 Thm 17. Normal play is
``G ≥ H`` iff no ``G^R ≤ H`` and no ``H^L ≥ G``.

Over a follower-closed set of forms indexed ``0..n-1`` with option incidence matrices ``L``
and ``R`` these become matrix products: ``ND = L·GE ∨ GE·Rᵀ`` and
``GE = E ∧ ¬(¬ND·Lᵀ) ∧ ¬(R·¬ND)``. Every entry depends only on pairs of smaller birthday sum,
so the matrices are filled block by block, a block being (birthday class i) × (class j),
in order of ``i + j``. Inner dimensions are the option sets of a class, which are small
beside the classes themselves (the 1,268 dicot values born by day 3 have 9 day-2 followers),
so a block costs a few dense float products.

:class:`OrderTable` keeps these matrices for one universe and grows incrementally: adding
games computes only the pairs that involve a new follower. It is a memo structure registered
with :func:`misere.core.cache.on_clear`.
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional, Sequence

import numpy as np

from .. import budget
from ..core import cache
from ..core.ops import options
from ..core.table import GameId, birthday, left, right

__all__ = ["OrderTable", "EndCondition", "general_end"]

#: ``facts(g)`` gives per-form booleans; ``end(fa, fb)`` the |A|×|B| end-condition matrix
#: from the fact rows of A (|A|×k) and of B (|B|×k)
Facts = Callable[[GameId], Sequence[bool]]
EndCondition = Callable[[np.ndarray, np.ndarray], np.ndarray]

_F = np.float32


def _facts_ends(g: GameId) -> tuple[bool, bool]:
    return bool(left(g)), bool(right(g))


def general_end(fa: np.ndarray, fb: np.ndarray) -> np.ndarray:
    """003 Thm 5.3 (3)–(4) from facts (has Left options, has Right options)."""
    return (fb[None, :, 0] | ~fa[:, None, 0]) & (fa[:, None, 1] | ~fb[None, :, 1])


class OrderTable:
    """The ≥-matrix of a follower-closed set of forms modulo one universe, grown on demand.

    Parameters
    ----------
    name : the universe's name (for messages).
    facts, end : the end condition (see :data:`EndCondition`); default: general misère play.
    normal : normal play instead (no end condition, no downlinking).
    max_nodes : when the table would exceed this many forms it starts afresh from the forms
        asked for (dense matrices take n² bytes each).
    """

    def __init__(self, name: str, facts: Optional[Facts] = None, end: Optional[EndCondition] = None,
                 normal: bool = False, max_nodes: int = 12_000) -> None:
        self.name = name
        self._facts_of: Facts = facts or _facts_ends
        self._end: EndCondition = end or general_end
        self._normal = normal
        self.max_nodes = max_nodes
        self.reset()
        cache.on_clear(self.reset)

    def reset(self) -> None:
        """Forget everything (called by :func:`misere.core.cache.clear`)."""
        self.ids: list[GameId] = []
        self.index: dict[GameId, int] = {}
        self._lopt: list[np.ndarray] = []
        self._ropt: list[np.ndarray] = []
        self._facts: list[Sequence[bool]] = []
        self._classes: dict[int, list[int]] = {}
        self._ge = np.zeros((0, 0), dtype=bool)
        self._nd = np.zeros((0, 0), dtype=bool)

    def __len__(self) -> int:
        return len(self.ids)

    # --- queries -------------------------------------------------------------------------
    def lookup(self, g: GameId, h: GameId) -> Optional[bool]:
        """``g ≥ h`` if both are in the table, else None (no computation)."""
        i = self.index.get(g)
        if i is None:
            return None
        j = self.index.get(h)
        if j is None:
            return None
        return bool(self._ge[i, j])

    def matrix(self, games: Sequence[GameId]) -> np.ndarray:
        """The boolean matrix ``M[i, j] = games[i] ≥ games[j]``, adding missing followers first."""
        self.extend(games)
        idx = np.fromiter((self.index[g] for g in games), dtype=np.intp, count=len(games))
        return self._ge[np.ix_(idx, idx)]

    # --- growth --------------------------------------------------------------------------
    def _missing(self, games: Iterable[GameId]) -> list[GameId]:
        seen: set[GameId] = set()
        stack = [g for g in games if g not in self.index]
        while stack:
            budget.check()
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(y for y in options(x) if y not in seen and y not in self.index)
        return sorted(seen, key=lambda x: (birthday(x), x))

    def extend(self, games: Iterable[GameId]) -> None:
        """Add ``games`` and their followers; compute every pair involving a new form."""
        games = list(games)
        new = self._missing(games)
        if not new:
            return
        if len(self.ids) + len(new) > self.max_nodes:
            self.reset()
            new = self._missing(games)
        n0 = len(self.ids)
        n1 = n0 + len(new)
        budget.reserve(2 * max(0, n1 * n1 - self._ge.size), f"the {self.name} order table")
        for g in new:
            budget.check()
            i = len(self.ids)
            self.ids.append(g)
            self.index[g] = i
            self._lopt.append(np.array([self.index[x] for x in left(g)], dtype=np.intp))
            self._ropt.append(np.array([self.index[x] for x in right(g)], dtype=np.intp))
            self._facts.append(tuple(self._facts_of(g)))
            self._classes.setdefault(birthday(g), []).append(i)
        if n1 > self._ge.shape[0]:
            cap = max(n1, 2 * self._ge.shape[0]) if n0 else n1
            for attr in ("_ge", "_nd"):
                old = getattr(self, attr)
                grown = np.zeros((cap, cap), dtype=bool)
                grown[:n0, :n0] = old[:n0, :n0]
                setattr(self, attr, grown)
        facts = np.array(self._facts, dtype=bool).reshape(n1, -1)
        classes = {b: np.array(c, dtype=np.intp) for b, c in self._classes.items()}
        top = max(classes)
        for s in range(2 * top + 1):
            for i in range(max(0, s - top), min(s, top) + 1):
                ci, cj = classes.get(i), classes.get(s - i)
                if ci is None or cj is None:
                    continue
                budget.check()
                ci_new = ci[ci >= n0]
                if len(ci_new):
                    self._block(ci_new, cj, facts)
                cj_new = cj[cj >= n0]
                ci_old = ci[ci < n0]
                if len(ci_old) and len(cj_new):
                    self._block(ci_old, cj_new, facts)

    # --- one block -----------------------------------------------------------------------
    @staticmethod
    def _incidence(rows: np.ndarray, opts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(P, M): P the sorted union of the options of ``rows``, M[r, p] = P[p] ∈ opts[rows[r]]."""
        lists = [opts[r] for r in rows]
        lens = np.fromiter((len(x) for x in lists), dtype=np.intp, count=len(lists))
        if not lens.sum():
            return np.zeros(0, dtype=np.intp), np.zeros((len(rows), 0), dtype=_F)
        flat = np.concatenate(lists)
        p = np.unique(flat)
        m = np.zeros((len(rows), len(p)), dtype=_F)
        m[np.repeat(np.arange(len(rows)), lens), np.searchsorted(p, flat)] = 1
        return p, m

    def _block(self, a: np.ndarray, b: np.ndarray, facts: np.ndarray) -> None:
        """Fill ``GE[a, b]`` (and ``ND[a, b]``) from blocks of smaller birthday sum."""
        ge, nd = self._ge, self._nd
        ra, rm = self._incidence(a, self._ropt)  # R(a): |A|×|Q|
        lb, lm = self._incidence(b, self._lopt)  # L(b): |B|×|P|
        if self._normal:
            # no G^R ≤ H and no H^L ≥ G
            bad = np.zeros((len(a), len(b)), dtype=bool)
            if len(ra):
                bad |= (rm @ ge[np.ix_(b, ra)].T.astype(_F)) > 0
            if len(lb):
                bad |= (ge[np.ix_(lb, a)].T.astype(_F) @ lm.T) > 0
            ge[np.ix_(a, b)] = ~bad
            return
        good = self._end(facts[a], facts[b])
        if len(lb):  # some H^L to which G is downlinked
            good &= ~((~nd[np.ix_(a, lb)]).astype(_F) @ lm.T > 0)
        if len(ra):  # some G^R downlinked to H
            good &= ~(rm @ (~nd[np.ix_(ra, b)]).astype(_F) > 0)
        ge[np.ix_(a, b)] = good
        la, lam = self._incidence(a, self._lopt)
        rb, rbm = self._incidence(b, self._ropt)
        notdown = np.zeros((len(a), len(b)), dtype=bool)
        if len(la):  # some a^L ≥ b
            notdown |= (lam @ ge[np.ix_(la, b)].astype(_F)) > 0
        if len(rb):  # some b^R ≤ a
            notdown |= (ge[np.ix_(a, rb)].astype(_F) @ rbm.T) > 0
        nd[np.ix_(a, b)] = notdown
