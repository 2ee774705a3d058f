"""Incremental computation of misère partial quotients of heap games, heap by heap.

The algorithm follows the description of MisereSolver in seed 002 §9 and notes E.5, written
anew: after heap ``n-1`` the state is a certified pretension ``(Q, P, Phi)`` for ``Q_{n-1}``.
Heap ``n`` is first tried as a *conservative extension* (``Q`` unchanged; fast acceptance by
the Mex Interpolation Principle, otherwise a search over the words containing heap ``n``).
When no element works, a *presentation change* runs in rounds, each stage one module that
calls only the ones below it:

1. candidate (:mod:`~misere.quotients.impartial.candidate`: ``Q x C(2,2)``, then products with
   cyclic factors for freed heaps, held sparsely as generator actions when large);
2. marking its P-portion (:class:`~misere.quotients.impartial.marking.Marking`);
3. failure search (:func:`~misere.quotients.impartial.verify.least_failure`): none means the
   candidate is certified (the verification theorem of notes E.2) and accepted;
4. recalibration (:mod:`~misere.quotients.impartial.recalibrate`) on the least failure, which
   builds, marks and reduces (:mod:`~misere.quotients.impartial.reduction`) the next candidate;
5. the brute-force certificate of the result (:mod:`~misere.quotients.impartial.certify`, run
   by the driver).

A reduced quotient is a product table up to :data:`~misere.quotients.monoid.table.
DENSE_MAX_ORDER` elements and the action of its generators above (:class:`~misere.quotients.
monoid.action.ActionMonoid`), so no array of elements² exists on a large run.
"""
from __future__ import annotations

from collections.abc import Callable

from misere import budget
from misere.errors import ComputationLimitError, VerificationError
from misere.quotients.impartial.recalibrate import Limits, build, recalibrate
from misere.quotients.impartial.state import Pending, SolverState  # also the names old checkpoints pickled
from misere.quotients.monoid.storage import count, p_mask
from misere.quotients.impartial.verify import (Store, extend_store, least_failure, word_status,
                                               word_value)
from misere.impartial.heap import HeapGame

__all__ = ["step", "Limits"]


def _p_masks(st: SolverState) -> dict[int, int]:
    """``v -> p_mask(Q, P, v)`` for the quotient of ``st``, filled on demand and handed on to
    the states of conservative steps (they keep ``Q`` and ``P``); not pickled."""
    return st.__dict__.setdefault("_p_masks", {})


def _try_conservative(game: HeapGame, st: SolverState, n: int,
                      tn: tuple[int, ...]) -> tuple[int, Store] | None:
    """Value of heap ``n`` inside the current quotient, if one works (notes E.5 step 2).

    Candidates ``x`` have the P-status heap ``n`` must have and ``T(n)`` inside the meximal
    set ``Mex(x)`` (so no P-failure can arise). ``x`` is accepted at once when some realised
    word of value ``x`` has a transition set inside ``T(n)`` (Mex Interpolation Principle),
    otherwise after the words containing heap ``n`` show no N-failure.
    """
    table, is_p = st.table, st.is_p
    masks = _p_masks(st)

    def pm(v: int) -> int:
        got = masks.get(v)
        if got is None:
            got = masks[v] = p_mask(table, is_p, v)
        return got

    want_p = not any(is_p[t] for t in tn)
    tmasks = [pm(t) for t in tn]  # y with y*t in P, as bits
    cands = []
    for x in range(len(table)):
        if bool(is_p[x]) != want_p:
            continue
        px = pm(x)
        if any(px & tm for tm in tmasks):
            continue  # T(n) not inside Mex(x)
        cands.append(x)
    tset = frozenset(tn)
    for x in cands:  # Mex Interpolation Principle
        budget.check()
        if any(s <= tset for s in st.store.get(x, ())):
            phi = st.phi + [x]
            added = extend_store(table, is_p, phi, {n: tn}, st.store, n)
            if added is None:
                raise VerificationError(f"Mex interpolation contradicted at heap {n}")
            return x, added
    for x in cands:
        budget.check()
        added = extend_store(table, is_p, st.phi + [x], {n: tn}, st.store, n)
        if added is not None:
            return x, added
    return None



def step(game: HeapGame, st: SolverState, limits: Limits | None = None,
         tick: budget.Reporter | None = None, pending: Pending | None = None,
         on_round: Callable[[Pending], None] | None = None,
         on_failure: Callable[[Pending, tuple[int, ...]], None] | None = None) -> SolverState:
    """Extend a certified state by heap ``st.heap + 1``.

    Parameters
    ----------
    game : HeapGame
    st : SolverState
        State after heap ``n - 1``.
    limits : Limits, optional
    tick : misere.budget.Reporter, optional
        Receives short progress messages (the stages below get :meth:`~misere.budget.Reporter.
        within` and :meth:`~misere.budget.Reporter.counting` reporters derived from it, so no
        stage calls back up into the one that called it).
    pending : Pending, optional
        Resume an interrupted presentation change of heap ``st.heap + 1`` at the candidate
        saved by ``on_round`` (the run then goes on exactly as the interrupted one would).
    on_round : callable, optional
        Receives each new candidate of a presentation change, as a :class:`Pending`.
    on_failure : callable, optional
        Receives each candidate of a presentation change with its least failure (the candidate
        is exact on every word colex-below it); it may raise to end the change (an answer found
        outside the engine: :class:`~misere.quotients.impartial.driver.HeapSettled`).

    Returns
    -------
    SolverState
        Certified state after heap ``n``.

    Raises
    ------
    ComputationLimitError
        When a size bound of ``limits`` is exceeded.
    """
    limits = limits or Limits()
    n = st.heap + 1
    opts = game.options(n)
    if not opts:
        return _same_quotient(st, SolverState(st.table, st.identity, st.is_p, st.phi + [st.identity],
                                              st.store, list(st.changes)))
    if pending is not None and pending.heap == n:  # a presentation change in progress
        return _change(game, st, n, pending.candidate(), pending.round, limits, tick,
                       on_round, on_failure)
    mon = st.monoid
    tn = tuple(sorted({word_value(mon, st.phi, o) for o in opts}))
    got = _try_conservative(game, st, n, tn)
    if got is not None:
        x, added = got
        store = {k: list(v) for k, v in st.store.items()}
        for k, lst in added.items():
            for t in lst:
                cur = store.setdefault(k, [])
                cur[:] = [s for s in cur if not t <= s]
                cur.append(t)
        return _same_quotient(st, SolverState(st.table, st.identity, st.is_p, st.phi + [x], store,
                                              list(st.changes)))
    # presentation change
    base_phi = st.phi + [st.identity]
    return _change(game, st, n, build(game, n, mon, base_phi, {n: (2, 2)}, limits), 0,
                   limits, tick, on_round, on_failure)


def _same_quotient(st: SolverState, new: SolverState) -> SolverState:
    """``new`` (a conservative step from ``st``: the same ``Q`` and ``P``) with the cache of
    :func:`_p_masks` of ``st``."""
    new.__dict__["_p_masks"] = _p_masks(st)
    return new


def _change(game, st, n, cand, start, limits, tick, on_round, on_failure=None) -> SolverState:
    """Rounds ``start, start + 1, ...`` of a presentation change (notes E.5 step 3d)."""
    q, p_mask, phi = cand
    for rnd in range(start, limits.max_rounds):
        budget.check()
        packed = Pending.of(n, rnd, q, p_mask, phi) if on_round or on_failure else None
        if on_round:
            on_round(packed)
        if tick:
            tick(f"heap {n}: round {rnd}, verifying candidate of order {q.order} "
                 f"({count(p_mask)} P)")
        word_tick = tick.counting(f"heap {n}: searched {{}} words, |candidate| = {q.order}") \
            if tick else None
        fail, store = least_failure(game, n, q, p_mask, phi, limits, word_tick)
        if fail is None:
            return SolverState(q.data, q.identity, p_mask, phi, store,
                               list(st.changes) + [(n, q.order)])
        if on_failure:
            on_failure(packed, tuple(fail))
        truth = not word_status(q, p_mask, phi, fail)
        if tick:
            tick(f"heap {n}: round {rnd}, recalibrating on {len(fail)}-heap word "
                 f"{'+'.join(map(str, fail))}")
        q, p_mask, phi = recalibrate(game, n, q, p_mask, phi, fail, truth, limits,
                                      tick.within(f"heap {n}: round {rnd}, ") if tick else None)
    raise ComputationLimitError(f"heap {n}: no certified quotient after {limits.max_rounds} rounds")
