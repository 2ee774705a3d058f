"""Incremental computation of misère partial quotients of heap games, heap by heap.

The algorithm follows the description of MisereSolver in seed 002 §9 and notes E.5, written
anew: after heap ``n-1`` the state is a certified pretension ``(Q, P, Phi)`` for ``Q_{n-1}``.
Heap ``n`` is first tried as a *conservative extension* (``Q`` unchanged; fast acceptance by
the Mex Interpolation Principle, otherwise a search over the words containing heap ``n``).
When no element works, candidates ``Q x C(2,2)`` and then recalibrated products are built
(:mod:`misere.quotients.impartial.bipartite`), reduced, and certified by the failure search of
:mod:`misere.quotients.impartial.verify`. Every accepted pretension passes that search, so every reported
quotient carries the verification theorem of notes E.2.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError, VerificationError
from misere.quotients.impartial.bipartite import Marking, ProductMonoid
from misere.quotients.impartial.reduction import quotient_monoid, reduce_bipartite
from misere.quotients.monoid import TableMonoid
from misere.quotients.monoid.action import ActionMonoid
from misere.quotients.monoid.storage import count, p_mask
from misere.quotients.impartial.verify import (Store, extend_store, n_failure_search, p_failure,
                                               word_key)
from misere.impartial.heap import HeapGame

__all__ = ["SolverState", "step", "Limits", "Pending"]

#: extra index given to freed heaps, tried in this order (larger fixes more in one round)
BUMPS = (0, 2, 4)
#: the widened recalibration sets may use candidates this many times ``max_candidate``
#: (at most ``max_wide_candidate``), so that a small ``max_candidate`` bounds them too
WIDE_FACTOR = 20


@dataclass
class Limits:
    """Size bounds: candidate monoid elements (for the widened recalibration sets of
    :func:`_recalibrate`: ``WIDE_FACTOR`` times that, at most ``max_wide_candidate``; a sparse
    candidate takes about ``4 * generators + 40`` bytes per element), reduced order (memory: a table of
    ``4 max_order^2`` bytes), failure-search words, recalibration rounds."""

    max_candidate: int = 400_000
    max_wide_candidate: int = 8_000_000
    max_order: int = 8_000
    max_words: int = 50_000_000
    max_rounds: int = 200


@dataclass
class SolverState:
    """A certified pretension for the partial quotient after ``heap``.

    Attributes
    ----------
    table : list of rows, ndarray or ActionMonoid
        ``Q``: its multiplication table (lists when small, :mod:`misere.quotients.monoid.
        storage`), or above :data:`~misere.quotients.monoid.action.DENSE_MAX_ORDER` elements
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
        if isinstance(self.table, ActionMonoid):
            return self.table
        return TableMonoid(self.table, self.identity)

    @property
    def order(self) -> int:
        """``|Q|``."""
        return len(self.table)

    def __setstate__(self, state: dict) -> None:
        from misere.quotients.monoid import action

        table = state.get("table")
        if (not isinstance(table, (list, ActionMonoid)) and table is not None
                and len(table) > action.DENSE_MAX_ORDER):  # a dense table of an old checkpoint
            state = {**state, "table": ActionMonoid.from_table(table, state["phi"],
                                                               state["identity"])}
        self.__dict__.update(state)


def _value(mon: TableMonoid | ProductMonoid, phi, parts) -> int:
    """Value of a multiset of heaps."""
    x = mon.identity
    for p in parts:
        x = int(mon.mul(x, phi[p])) if isinstance(mon, ProductMonoid) else mon.mul(x, phi[p])
    return x


def _transitions(game: HeapGame, n: int, mon: TableMonoid,
                 phi: list[int]) -> dict[int, tuple[int, ...]]:
    """Transition sets ``T(h)`` (values of the options) of the heaps ``1..n`` with moves."""
    out = {}
    for h in range(1, n + 1):
        opts = game.options(h)
        if opts:
            out[h] = tuple(sorted({_value(mon, phi, o) for o in opts}))
    return out


def _try_conservative(game: HeapGame, st: SolverState, n: int,
                      tn: tuple[int, ...]) -> tuple[int, Store] | None:
    """Value of heap ``n`` inside the current quotient, if one works (notes E.5 step 2).

    Candidates ``x`` have the P-status heap ``n`` must have and ``T(n)`` inside the meximal
    set ``Mex(x)`` (so no P-failure can arise). ``x`` is accepted at once when some realised
    word of value ``x`` has a transition set inside ``T(n)`` (Mex Interpolation Principle),
    otherwise after the words containing heap ``n`` show no N-failure.
    """
    table, is_p = st.table, st.is_p
    want_p = not any(is_p[t] for t in tn)
    tmasks = [p_mask(table, is_p, t) for t in tn]  # y with y*t in P, as bits
    cands = []
    for x in range(len(table)):
        if bool(is_p[x]) != want_p:
            continue
        px = p_mask(table, is_p, x)
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


def _candidate(game: HeapGame, n: int, base: TableMonoid, phi: list[int],
               free: dict[int, tuple[int, int]], limits: Limits):
    """Set up a candidate from ``base`` (heaps not in ``free`` keep their values) and cyclic
    factors; return ``(marking, psi, heaps, m)`` with the P-portion still to be marked."""
    heaps = [h for h in range(1, n + 1) if game.options(h)]
    kept = [h for h in heaps if h not in free]
    sub = base.submonoid(phi[h] for h in kept)
    if len(sub) == base.order:  # the kept heaps generate the whole base: keep its labels
        bmon, inv = base, range(base.order)
    elif isinstance(base, ActionMonoid):
        bmon, inv = base.restrict(sub, [phi[h] for h in kept])
    else:
        bmon, inv = base.restrict(sub)
    fh = sorted(free)
    m = ProductMonoid(bmon, [free[h] for h in fh])
    psi = {h: bmon.identity for h in range(n + 1)}
    psi.update({h: int(inv[phi[h]]) for h in kept})
    psi.update({h: m.generator(j) for j, h in enumerate(fh)})
    options = {h: game.options(h) for h in heaps}
    return Marking(m, psi, options, heaps, limits.max_candidate), psi, heaps, m


def _finish(cand, n: int, limits: Limits):
    """Mark the rest of the candidate, reduce it, and return ``(Q, P, Phi)``."""
    marking, psi, heaps, m = cand
    reached, marks = marking.finish()
    q, p_mask, cls = reduce_bipartite(m, reached, marks, [psi[h] for h in heaps],
                                      limits.max_order, marking.action)
    return q, p_mask, [int(cls[psi[h]]) for h in range(n + 1)]


def _build(game: HeapGame, n: int, base: TableMonoid, phi: list[int],
           free: dict[int, tuple[int, int]], limits: Limits):
    """Candidate ``(Q, P, Phi)`` from ``base`` and cyclic factors for the ``free`` heaps."""
    return _finish(_candidate(game, n, base, phi, free, limits), n, limits)


def _status(q: TableMonoid, is_p, phi: list[int], word) -> bool:
    """P-status a candidate gives to a heap word."""
    return bool(is_p[_value(q, phi, word)])


def _least_failure(game, n, q, p_mask, phi, limits, tick):
    """Colex-least failing word of a candidate (P- or N-failure) and the search store.

    P-failures are found first (vectorised); the least P-failing word then bounds the
    N-failure search, which stops at that word's colex key instead of running to the end.
    The store is complete only when no failure is returned.
    """
    trans = _transitions(game, n, q, phi)
    pf = p_failure(q.data, p_mask, phi, trans)
    best = None
    if pf:
        heap_words = _heap_words(q, phi, trans, {x for x, _ in pf})
        for x, h in pf:
            w = tuple(sorted(heap_words[x] + (h,), reverse=True))
            if best is None or w < best:
                best = w
    stop = word_key(best) if best is not None else None
    nf, store = n_failure_search(q.data, p_mask, phi, trans, q.identity, limits.max_words, tick,
                                 stop_key=stop)
    return (nf if nf is not None else best), store


def _heap_words(q: TableMonoid, phi, trans, wanted) -> dict[int, tuple[int, ...]]:
    """Colex-least heap word of the ``wanted`` elements (heaps with options as generators)."""
    from misere.quotients.monoid import first_words
    heaps = sorted(trans)
    _, words = first_words(q.order, q.identity, [phi[h] for h in heaps], q.mul_by)
    return {x: tuple(h for h, e in zip(heaps, words[x]) for _ in range(e)) for x in wanted}


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


def step(game: HeapGame, st: SolverState, limits: Limits | None = None,
         tick: Callable[[str], None] | None = None, pending: Pending | None = None,
         on_round: Callable[[Pending], None] | None = None) -> SolverState:
    """Extend a certified state by heap ``st.heap + 1``.

    Parameters
    ----------
    game : HeapGame
    st : SolverState
        State after heap ``n - 1``.
    limits : Limits, optional
    tick : callable, optional
        Receives short progress messages.
    pending : Pending, optional
        Resume an interrupted presentation change of heap ``st.heap + 1`` at the candidate
        saved by ``on_round`` (the run then goes on exactly as the interrupted one would).
    on_round : callable, optional
        Receives each new candidate of a presentation change, as a :class:`Pending`.

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
        return SolverState(st.table, st.identity, st.is_p, st.phi + [st.identity], st.store,
                           list(st.changes))
    if pending is not None and pending.heap == n:  # a presentation change in progress
        return _change(game, st, n, pending.candidate(), pending.round, limits, tick,
                       on_round)
    mon = st.monoid
    tn = tuple(sorted({_value(mon, st.phi, o) for o in opts}))
    got = _try_conservative(game, st, n, tn)
    if got is not None:
        x, added = got
        store = {k: list(v) for k, v in st.store.items()}
        for k, lst in added.items():
            for t in lst:
                cur = store.setdefault(k, [])
                cur[:] = [s for s in cur if not t <= s]
                cur.append(t)
        return SolverState(st.table, st.identity, st.is_p, st.phi + [x], store,
                           list(st.changes))
    # presentation change
    base_phi = st.phi + [st.identity]
    return _change(game, st, n, _build(game, n, mon, base_phi, {n: (2, 2)}, limits), 0,
                   limits, tick, on_round)


def _change(game, st, n, cand, start, limits, tick, on_round) -> SolverState:
    """Rounds ``start, start + 1, ...`` of a presentation change (notes E.5 step 3d)."""
    q, p_mask, phi = cand
    for rnd in range(start, limits.max_rounds):
        budget.check()
        if on_round:
            on_round(Pending.of(n, rnd, q, p_mask, phi))
        if tick:
            tick(f"heap {n}: round {rnd}, verifying candidate of order {q.order} "
                 f"({count(p_mask)} P)")
        word_tick = (lambda k, o=q.order: tick(f"heap {n}: searched {k} words, "
                                               f"|candidate| = {o}")) if tick else None
        fail, store = _least_failure(game, n, q, p_mask, phi, limits, word_tick)
        if fail is None:
            return SolverState(q.data, q.identity, p_mask, phi, store,
                               list(st.changes) + [(n, q.order)])
        truth = not _status(q, p_mask, phi, fail)
        if tick:
            tick(f"heap {n}: round {rnd}, recalibrating on {len(fail)}-heap word "
                 f"{'+'.join(map(str, fail))}")
        q, p_mask, phi = _recalibrate(game, n, q, p_mask, phi, fail, truth, limits,
                                      (lambda m: tick(f"heap {n}: round {rnd}, {m}")) if tick
                                      else None)
    raise ComputationLimitError(f"heap {n}: no certified quotient after {limits.max_rounds} rounds")


def _recalibrate(game, n, q, p_mask, phi, fail, truth, limits, tick=None):
    """Free the heaps of the failure word, smallest sets first (notes E.5 step 3d).

    When no set of heaps of the failure ``F`` works (MisereSolver stops there), the sets are
    widened by the heaps of ``F'``, the colex-least word with the value of ``F``: ``F'`` is
    the word whose status the candidate gave to ``F`` (notes E.5 step 3b), so separating the
    two may need a heap that occurs in ``F'`` only. In Dawson's Kayles at heap 34 the failure
    ``34^8 30^5 25 14`` shares its value with ``4^2 25^2``; no set of ``{14, 25, 30, 34}``
    fixes it, ``{4, 30, 34}`` does. The widened sets may use candidates of up to
    ``limits.max_wide_candidate`` elements (held sparsely, :mod:`misere.quotients.impartial.
    sparse`). Only the search for a candidate changes: every candidate is still certified by
    the failure search, so results are the same whichever sets find it.
    """
    heaps = sorted(set(fail))
    done: set = set()
    got, hit = _try_sets(game, n, q, phi, fail, truth, limits, heaps, done, tick)
    if got is not None:
        return got
    trans = _transitions(game, n, q, phi)
    x = _value(q, phi, fail)
    wide = sorted(set(fail) | set(_heap_words(q, phi, trans, {x})[x]))
    wide_bound = min(limits.max_wide_candidate, WIDE_FACTOR * limits.max_candidate)
    wl = Limits(**{**limits.__dict__, "max_candidate": max(limits.max_candidate, wide_bound)})
    if wide != heaps or wl.max_candidate > limits.max_candidate:
        got, hit2 = _try_sets(game, n, q, phi, fail, truth, wl, wide, done, tick)
        if got is not None:
            return got
        hit = hit2 or hit
    if hit is not None:
        raise ComputationLimitError(f"heap {n}: every recalibration on word {fail} "
                                    f"exceeded the size bound ({hit})")
    raise ComputationLimitError(f"heap {n}: recalibration on word {fail} failed")


def _try_sets(game, n, q, phi, fail, truth, limits, heaps, done, tick=None):
    """First set of ``heaps`` (by bump, size, then order) whose freeing gives ``fail`` its
    true status, finished; sets in ``done`` (already tried to the end) are skipped."""
    exps = {h: fail.count(h) for h in heaps}
    hit: ComputationLimitError | None = None
    for bump in BUMPS:
        for size in range(1, len(heaps) + 1):
            for sset in combinations(heaps, size):
                if (bump, sset) in done:
                    continue
                budget.check()
                free = {}
                for h in sset:
                    i = max(q.index_period(phi[h])[0], exps[h] - 1) + bump
                    free[h] = (max(i, 1), 2)
                cand = None
                try:
                    cand = _candidate(game, n, q, phi, free, limits)
                    if tick:
                        tick(f"freeing heaps {'+'.join(map(str, sset))}: candidate of "
                             f"{cand[3].order} elements")
                    ok = cand[0].status_of(_value(cand[3], cand[1], fail)) == truth
                    if ok:
                        return _finish(cand, n, limits), None
                    done.add((bump, sset))
                except BudgetExceededError:
                    raise  # the user's budget, not a candidate that grew too big
                except ComputationLimitError as exc:
                    hit = exc
                    if cand is not None:  # built within the bound: the same next time
                        done.add((bump, sset))
    return None, hit
