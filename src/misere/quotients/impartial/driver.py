"""Driving a quotient computation: heap by heap, within the budget, resumable exactly.

A quotient is computed heap by heap (seed 002 §9.2-§9.3; notes E.5) until the periodicity test
of notes E.6 certifies it (``solved``), the last heap of a finite game is reached, or
``max_heap`` stops it (then it is the partial quotient ``Q_max_heap``).

Every finished heap is committed to the checkpoint in one transaction. A run that resumes from
a checkpoint continues from the committed state, and one that asks for fewer heaps than the
file holds rebuilds the state the uninterrupted run would have stopped in (from the state
stored at the last quotient change before it), so resumed and uninterrupted runs agree in every
field. When the time or memory budget (:mod:`misere.budget`) or a size bound of
:class:`~misere.quotients.impartial.solver.Limits` runs out, the error carries what was
established (``err.partial``, a JSON-ready dict) and the partial quotient (``err.quotient``).
"""
from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from misere import budget
from misere.budget import Progress, Reporter
from misere.errors import (BudgetExceededError, CheckpointError, ComputationLimitError, RulesetError,
                           VerificationError, interrupt_in)
from misere.impartial.heap import HeapGame
from misere.quotients.impartial.certify import Certificate
from misere.quotients.impartial.periodicity import certified_period, normal_period
from misere.quotients.impartial.result import Quotient, describe, last_tame_heap
from misere.quotients.impartial.solver import Limits, step
from misere.quotients.impartial.state import SolverState
from misere.quotients.monoid.storage import count

if TYPE_CHECKING:  # sqlite3 and pickle load only for runs with a checkpoint
    from misere.quotients.impartial.checkpoint import Checkpoint

__all__ = ["compute", "verify_with_brute_force", "established"]

#: heaps computed when neither ``max_heap`` nor a certified period stops an infinite game
DEFAULT_STOP = 1000

ProgressHook = Callable[[int, int, str], None]


def _stop(game: HeapGame, max_heap: int | None) -> int:
    """Last heap a run may reach."""
    if max_heap is None:
        return game.max_heap if game.max_heap is not None else DEFAULT_STOP
    if game.max_heap is not None and max_heap > game.max_heap:
        raise RulesetError(f"{game.name!r} has no heap beyond {game.max_heap}")
    return max_heap


def _done(game: HeapGame, phi: list[int], heap: int, stop: int, open_ended: bool) -> bool:
    """Whether a run stops after ``heap`` (the one rule shared by fresh and resumed runs)."""
    if heap >= stop:
        return True
    return (open_ended and heap > 0 and game.periodicity is not None
            and certified_period(phi, *game.periodicity) is not None)


class HeapSettled(Exception):
    """Raised by a ``watch`` hook of :func:`compute` to end the presentation change of a heap
    with an answer found outside the engine (``answer``; e.g. that heap's partial quotient is
    proved infinite: :mod:`misere.quotients.infinite.discover`). :func:`compute` then returns
    the quotient to the heap before, with ``settled = answer``."""

    def __init__(self, answer: object) -> None:
        super().__init__("heap settled outside the engine")
        self.answer = answer


def compute(
    game: HeapGame,
    max_heap: int | None = None,
    *,
    limits: Limits | None = None,
    checkpoint: str | None = None,
    progress: ProgressHook | None = None,
    watch: Callable | None = None,
) -> Quotient:
    """Compute the quotient of ``game`` heap by heap (see module docstring).

    Parameters
    ----------
    game : HeapGame
    max_heap : int, optional
        Stop after this heap. Default: the last heap of a finite game, else stop when the
        periodicity test certifies the quotient (at most 1000 heaps).
    limits : Limits, optional
        Size bounds; exceeding one raises :class:`ComputationLimitError`.
    checkpoint : str, optional
        SQLite file to resume from and commit to after every heap (used by this run alone;
        anything but a checkpoint of ``game`` is refused unchanged: :class:`Checkpoint`).
    progress : callable, optional
        ``progress(heap, order, message)`` after each heap and during long steps (besides the
        :class:`misere.budget.Progress` display on stderr).
    watch : callable, optional
        ``watch(candidate, least_failure)`` after every round of a presentation change (the
        solver's ``on_failure``); raising :class:`HeapSettled` ends the computation at the heap
        before, and the result's ``settled`` holds the answer.

    Raises
    ------
    BudgetExceededError, ComputationLimitError
        With ``.partial`` (what was established) and ``.quotient`` (the partial quotient).
    KeyboardInterrupt
        On Ctrl-C while adding heaps (also one that reached Python as another error from inside
        a compiled kernel), with ``.partial`` as above; the checkpoint keeps every finished heap.
    """
    stop = _stop(game, max_heap)
    open_ended = max_heap is None
    ck = None
    if checkpoint is not None:  # "" is refused by Checkpoint, not taken for "no checkpoint"
        from misere.quotients.impartial.checkpoint import Checkpoint

        ck = Checkpoint(checkpoint, game.name)
    try:
        st, records = _resume(game, ck, stop, open_ended, limits)
        settled = []
        st, records = _run(game, st, records, stop, open_ended, limits, ck, progress,
                           watch, settled)
    finally:
        if ck:
            ck.close()
        _report_compilation()
    try:
        q = _assemble(game, st, records)
        q.settled = settled[0] if settled else None
        return q
    except BudgetExceededError as err:  # in the normal-play nim sequence, after the last heap
        err.partial.update(established(game, st, records, ck))
        err.quotient = _assemble(game, st, records, normal=False)  # type: ignore[attr-defined]
        raise


def _report_compilation() -> None:
    """When this run compiled the engine's kernels (first run on this machine), say how long
    that took (:func:`misere.core.jit.report`; nothing is imported when no kernel was loaded)."""
    jit = sys.modules.get("misere.core.jit")
    if jit is not None:
        jit.report()


def _phi_prefixes(ck: Checkpoint, records: list[dict], last: int):
    """``(heap, Phi as it was after that heap)`` for heaps ``0..last`` of a checkpoint."""
    values = ck.phi_values()
    changes = {int(r["heap"]) for r in records}
    phi = [0]
    yield 0, phi
    for h in range(1, last + 1):
        if h not in changes and h not in values:
            raise CheckpointError(f"incomplete checkpoint {ck.path!r}: heap {h} is missing")
        phi = list(ck.state_at_change(h).phi) if h in changes else phi + [values[h]]
        yield h, phi


def _resume(game: HeapGame, ck: Checkpoint | None, stop: int, open_ended: bool,
            limits: Limits | None) -> tuple[SolverState, list[dict]]:
    """The state to continue from: the checkpoint's, or the earlier state where an
    uninterrupted run with these settings would have stopped."""
    st = None
    records: list[dict] = []
    if ck is not None:
        st, records = ck.load()
    if st is None:
        return SolverState.initial(), []
    if not open_ended and stop >= st.heap:
        return st, records  # the usual resume: the run goes on from here
    target = next((h for h, phi in _phi_prefixes(ck, records, st.heap)  # type: ignore[arg-type]
                   if _done(game, phi, h, stop, open_ended)), None)
    if target is None or target == st.heap:
        return st, records
    kept = [r for r in records if r["heap"] <= target]
    base = ck.state_at_change(kept[-1]["heap"]) if kept else SolverState.initial()  # type: ignore[union-attr]
    try:
        while base.heap < target:  # conservative extensions only: the same steps as the first run
            budget.check()
            base = step(game, base, limits)
    except BudgetExceededError as err:
        err.partial.update(established(game, base, kept, ck))
        raise
    return base, kept


def _counts(st: SolverState) -> dict[str, int]:
    return {"|Q|": len(st.table), "|P|": count(st.is_p)}


def _run(game: HeapGame, st: SolverState, records: list[dict], stop: int, open_ended: bool,
         limits: Limits | None, ck: Checkpoint | None, progress: ProgressHook | None,
         watch: Callable | None = None, settled: list | None = None
         ) -> tuple[SolverState, list[dict]]:
    """Add heaps until :func:`_done` (or a ``watch`` settles a heap: its answer is appended to
    ``settled``); commit each to the checkpoint in one transaction."""
    b = budget.current()
    with Progress(f"quotient {game.name}") as bar:
        try:
            while not _done(game, st.phi, st.heap, stop, open_ended):
                b.check(force=True)
                try:
                    new = _step(game, st, limits, bar, progress, b, ck, watch)
                except HeapSettled as done:
                    settled.append(done.answer)
                    break
                record = describe(new)[2] if new.changes != st.changes else None
                if ck:  # committed first: a stop during the commit leaves both at the last heap
                    ck.save(new, record)
                if record is not None:
                    records.append(record)
                st = new
                bar.update(heap=st.heap, **_counts(st))
                if progress:
                    progress(st.heap, len(st.table), "done")
        except BudgetExceededError as err:
            # the failed step's frames may hold the memory that ran out: let them go before
            # summarising what was established (itself checked against the same budget)
            err.__traceback__ = None
            gc.collect()
            with _relaxed(b):
                err.partial.update(established(game, st, records, ck))
                err.quotient = _assemble(game, st, records, normal=False)  # type: ignore[attr-defined]
            raise err from None
        except ComputationLimitError as exc:  # a size bound of Limits: reported the same way
            err = ComputationLimitError(
                f"{exc} (last completed heap {st.heap}, |Q| = {len(st.table)})")
            err.partial = established(game, st, records, ck)  # type: ignore[attr-defined]
            err.quotient = _assemble(game, st, records, normal=False)  # type: ignore[attr-defined]
            raise err from None
        except (KeyboardInterrupt, SystemError) as exc:  # Ctrl-C, maybe inside a compiled kernel
            stop = interrupt_in(exc)
            if stop is None:
                raise
            with _relaxed(b):
                stop.partial = established(game, st, records, ck)  # type: ignore[attr-defined]
            raise stop from None
    return st, records


@contextmanager
def _relaxed(b: budget.Budget):
    """The budget ``b`` lifted for the block (summarising a run that ran out of it)."""
    saved = b.timeout, b.max_memory
    b.timeout, b.max_memory = None, budget.physical_memory()
    try:
        yield
    finally:
        b.timeout, b.max_memory = saved


def _step(game: HeapGame, st: SolverState, limits: Limits | None, bar: Progress,
          progress: ProgressHook | None, b: budget.Budget,
          ck: Checkpoint | None = None, watch: Callable | None = None) -> SolverState:
    """One heap, with progress and budget checks during long searches; with a checkpoint,
    every round of a presentation change is committed and an interrupted change resumes at
    its last round."""
    n = st.heap + 1
    tick = Reporter(b, bar, partial(progress, n, len(st.table)) if progress else None,
                    dict(heap=n, **_counts(st)))
    if ck is None:
        return step(game, st, limits, tick, on_failure=watch)
    return step(game, st, limits, tick, pending=ck.pending(n), on_round=ck.save_pending,
                on_failure=watch)


def established(game: HeapGame, st: SolverState, records: list[dict],
                ck: Checkpoint | None) -> dict:
    """JSON-ready summary of a partial result: last heap finished, order, ``|P|``, presentation."""
    q = _assemble(game, st, records, normal=False)
    out = {"game": game.name, "status": "solved" if q.solved else "unsolved",
           "last_heap": st.heap, "order": q.order, "p_count": q.p_count,
           "presentation": q.presentation, "P": q.P, "changes": q.changes}
    if ck is not None:
        out["checkpoint"] = ck.path
    return out


def _assemble(game: HeapGame, st: SolverState, records: list[dict], normal: bool = True) -> Quotient:
    """The :class:`Quotient` of a certified state (periodicity checked again; the normal-play
    nim sequence and period unless ``normal`` is false)."""
    period = preperiod = None
    solved = game.max_heap is not None and st.heap == game.max_heap
    if not solved and game.periodicity is not None:
        found = certified_period(st.phi, *game.periodicity)
        if found is not None:
            preperiod, period = found
            solved = True
    seq, nper = normal_period(game, need=st.heap) if game.periodicity and normal else ([], None)
    nim = {"period": nper[1] if nper else None, "preperiod": nper[0] if nper else None,
           "nim_sequence": seq[:st.heap + 1]}
    return Quotient(game, st, records, period, preperiod, solved,
                    last_tame_heap(records, st.heap), nim)


def verify_with_brute_force(q: Quotient, bound: int, moves=None, by_tokens: bool = True
                            ) -> Certificate:
    """Attach the brute-force certificate (see :mod:`misere.quotients.impartial.certify`)."""
    from misere.quotients.impartial.certify import cross_check, refuse_hopeless
    heaps = [h for h in range(1, q.max_heap + 1)]
    refuse_hopeless(len(heaps), bound, by_tokens)
    rules = moves or (lambda h: list(q.game.options(h)))

    def predict(pos: tuple[int, ...]) -> bool:
        return q.outcome(pos) == "P"

    st = q.state
    cert = cross_check(predict, rules, heaps, bound, by_tokens,
                       model=(st.table, st.is_p, st.phi, st.identity))
    q.certificate = cert
    if not cert.agreed:
        raise VerificationError(f"quotient of {q.game.name!r} disagrees with brute force at "
                                f"position {cert.mismatch}")
    return cert
