"""The state a quotient run carries from heap to heap, and a presentation change in progress.

:class:`SolverState` is the certified pretension ``(Q, P, Phi)`` after a heap (seed 002 §9.2;
notes E.5); :class:`Pending` the candidate of an unfinished presentation change (seed 002 §9.3),
compact enough to store after every round. Both are plain data: the driver
(:mod:`~misere.quotients.impartial.driver`) and the checkpoint (:mod:`~misere.quotients.
impartial.checkpoint`) hold them, the heap step (:mod:`~misere.quotients.impartial.solver`)
makes them. Checkpoints written before this module existed name the classes in
:mod:`~misere.quotients.impartial.solver`, which imports them from here, so those files load.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from misere.quotients.impartial.reduction import quotient_monoid
from misere.quotients.impartial.verify import Store
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.table import is_action

__all__ = ["SolverState", "Pending"]


@dataclass
class SolverState:
    """A certified pretension for the partial quotient after ``heap``.

    Attributes
    ----------
    table : list of rows, ndarray or ActionMonoid
        ``Q``: its multiplication table (lists when small, :mod:`misere.quotients.monoid.
        storage`), or above :data:`~misere.quotients.monoid.table.DENSE_MAX_ORDER` elements
        the action of its generators (no table). States pickled with a large dense table
        (older checkpoints) are converted on load.
    identity : int
    is_p : list or ndarray of bool
        P-portion.
    phi : list of int
        ``Phi(0..heap)``.
    store : dict
        Minimal transition sets per value (from the failure search).
    changes : list of tuple
        ``(heap, order)`` each time the quotient changed.
    """

    table: Any
    identity: int
    is_p: Any
    phi: list[int]
    store: Store
    changes: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def initial(cls) -> "SolverState":
        """The trivial quotient for heap 0 (``Q = {1}``, ``P`` empty)."""
        return cls([[0]], 0, [False], [0], {0: [frozenset()]})

    @property
    def heap(self) -> int:
        """Last heap included."""
        return len(self.phi) - 1

    @property
    def monoid(self) -> TableMonoid:
        """``Q`` as a table monoid (or the :class:`ActionMonoid` it is held as)."""
        if is_action(self.table):
            return self.table
        return TableMonoid(self.table, self.identity)

    @property
    def order(self) -> int:
        """``|Q|``."""
        return len(self.table)

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_p_masks"}  # a cache (below)

    def __setstate__(self, state: dict) -> None:
        from misere.quotients.monoid import action, table as table_module

        table = state.get("table")
        if (not isinstance(table, (list, action.ActionMonoid)) and table is not None
                and len(table) > table_module.DENSE_MAX_ORDER):  # a dense table of an old checkpoint
            state = {**state, "table": action.ActionMonoid.from_table(table, state["phi"],
                                                               state["identity"])}
        self.__dict__.update(state)


@dataclass
class Pending:
    """A candidate of an unfinished presentation change, compact enough to store after every
    round (:class:`~misere.quotients.impartial.checkpoint.Checkpoint`): the action of the heap
    values on its elements instead of its table (rebuilt exactly, same labels, on resume).

    Attributes
    ----------
    heap, round : int
        The heap being added and the number of recalibration rounds already done.
    identity : int
    is_p : list or ndarray of bool
    phi : list of int
    letters : list of int
        The heap values (generators) whose action is stored.
    maps : lists or ndarray, shape (len(letters), order)
        ``maps[j][x] = x * letters[j]``.
    """

    heap: int
    round: int
    identity: int
    is_p: Any
    phi: list[int]
    letters: list[int]
    maps: Any

    @classmethod
    def of(cls, n: int, rnd: int, q: TableMonoid, p_mask, phi: list[int]) -> "Pending":
        """Pack the candidate of round ``rnd`` of heap ``n``."""
        letters = sorted(set(int(v) for v in phi) - {q.identity})
        return cls(n, rnd, q.identity, p_mask, list(phi), letters, q.columns(letters))

    def candidate(self) -> tuple[TableMonoid, Any, list[int]]:
        """The candidate ``(Q, P, Phi)`` with its original labels (a table or the action of
        the letters, as :func:`~misere.quotients.impartial.reduction.quotient_monoid`)."""
        return quotient_monoid(list(self.maps), self.identity, len(self.is_p)), self.is_p, \
            list(self.phi)
