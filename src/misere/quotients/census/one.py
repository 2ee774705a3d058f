"""One code of a census: its quotient to ``max_heap`` under a work budget, as a record.

:func:`census_one` computes a code by stages (heaps 12, 24, 48, ... up to ``max_heap``), the
infinite-quotient step inside (:mod:`misere.quotients.infinite.discover`; a stored certificate
first), and carries a code whose period is in sight at ``max_heap`` on to the heap that
certifies it (the work budget's ``period_heaps``). It never raises for a failure of the
computation: the record says what was established (statuses: :mod:`.run`).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError, MisereError
from misere.quotients.census.alarm import HardLimit, alarm
from misere.quotients.census.store import RECORD_FIELDS, RESULT_STATUSES
from misere.quotients.census.work import Work, certificate

__all__ = ["census_one", "killed_record", "FIRST_STAGE", "TABLE_LIMIT"]

#: last heap of the first stage of a code (stages double up to max_heap)
FIRST_STAGE = 12

#: largest quotient whose multiplication table is stored (4 * order^2 bytes)
TABLE_LIMIT = 2000


def _from_quotient(q: Any, rec: dict[str, Any]) -> None:
    """Fill ``rec`` from a (partial) :class:`~misere.quotients.Quotient`."""
    rec.update(solved=bool(q.solved), order=q.order, p_count=q.p_count, period=q.period,
               preperiod=q.preperiod, presentation=q.presentation, last_heap=q.max_heap,
               normal_period=q.normal.get("period"), normal_preperiod=q.normal.get("preperiod"),
               P=q.P, changes=q.changes, phi=[int(x) for x in q.state.phi],
               identity=q.monoid.identity)
    if q.order <= TABLE_LIMIT:
        rec["table"] = np.ascontiguousarray(q.monoid.table, dtype="<i4").tobytes()
        rec["is_p"] = np.asarray(q.state.is_p, dtype=np.uint8).tobytes()


def _from_partial(partial: Any, rec: dict[str, Any]) -> None:
    """What a limit error established: a partial Quotient, or a dict of facts."""
    if hasattr(partial, "monoid"):
        _from_quotient(partial, rec)
    elif isinstance(partial, dict):
        q = partial.get("quotient") or partial.get("partial")
        if hasattr(q, "monoid"):
            _from_quotient(q, rec)
        else:
            rec["last_heap"] = partial.get("last_heap", partial.get("heap"))
            rec["order"] = partial.get("order")


def census_one(code: str, max_heap: int, timeout: float | None = None, certify: int = 0,
               work: Work | dict[str, int] | None = None, *,
               on_progress: Callable[..., None] | None = None) -> dict[str, Any]:
    """Compute one code of a census; never raises for a failure of the computation.

    Parameters
    ----------
    code : str
        A take-and-break code.
    max_heap : int
        Last heap computed (the quotient is ``solved`` when periodicity is certified by then).
        The code is computed to heaps 12, 24, 48, ... (capped at ``max_heap``) and stops at the
        first stage whose prefix certifies the period (notes E.6), so ``last_heap`` of a solved
        code may be below ``max_heap``; the repeated heaps cost at most about as much again.
    timeout : float, optional
        Seconds for this code (:func:`misere.budget.limits`): a safety net only; a code it
        stops is ``stopped`` (no result), never a record that depends on the machine.
    certify : int
        Token bound of the brute-force cross-check (0 skips it); its outcome is stored in the
        record's ``certificate`` (:func:`~misere.quotients.census.work.certificate`).
    work : Work or dict, optional
        The work budget (:class:`~misere.quotients.census.work.Work`; default
        :data:`~misere.quotients.census.work.DEFAULT_WORK`): what it allows decides the record,
        whatever the machine and its load.
    on_progress : callable, optional
        Called as ``on_progress(code=, heap=, order=)`` whenever the solver reports (progress
        of a long code; :class:`misere.budget.Progress` limits how often it is shown).

    Returns
    -------
    dict
        A record with the fields :data:`~misere.quotients.census.store.RECORD_FIELDS`.
    """
    rec: dict[str, Any] = dict.fromkeys(RECORD_FIELDS)
    w = Work.of(work)
    rec.update(code=code, max_heap=max_heap, timeout=timeout, solved=False, work=w.as_dict())
    t0 = time.monotonic()

    def tick(heap: int, order: int, message: str) -> None:
        if on_progress is not None:
            on_progress(code=code, heap=heap, order=order)
        if message == "done":  # between heaps, where no partial would be attached
            rec.update(last_heap=heap, order=order)
        else:
            budget.current().check(force=True)

    q, err = None, None
    with budget.limits(timeout=timeout, quiet=True):
        with alarm(timeout) as stop:  # only the computation runs under the alarm
            try:
                q = _solve(code, max_heap, certify, tick, w.limits(), w.period_heaps)
            except HardLimit as e:
                stop()
                err = e
            except (ComputationLimitError, MisereError, ValueError, MemoryError,
                    RecursionError) as e:
                err = e
            brute = None
            try:  # the brute-force certificate of what is kept: the quotient or a limit's partial
                if q is not None:
                    brute = getattr(q, "certificate", None)
                elif certify and type(err) is ComputationLimitError:
                    from misere.quotients import verify_with_brute_force

                    partial = getattr(err, "quotient", None)
                    if partial is not None and partial.max_heap >= 1:
                        brute = verify_with_brute_force(partial, certify)
            except (ComputationLimitError, HardLimit, MisereError, MemoryError) as e:
                stop()
                q, err = None, e
    if q is not None:
        _from_quotient(q, rec)
        rec["status"] = "solved" if q.solved else "partial"
        if q.infinite is not None:  # Q_(last_heap + 1) proved infinite: the proof is the answer
            from misere.quotients.infinite.proof import proof_bytes

            rec["status"] = "infinite"
            rec["message"] = (f"Q_{q.infinite['infinite_from_heap']} infinite (check: "
                              f"{q.infinite['reproduce']}): {q.infinite['proof']}")[:2000]
            rec["proof"] = proof_bytes(q.infinite_proof)
    elif isinstance(err, (BudgetExceededError, HardLimit, MemoryError)):
        # time or memory: not a property of the code, so no result (what the partial quotient
        # of the last heap would say depends on the budget); the last heap finished is kept
        why = "out of memory" if isinstance(err, MemoryError) else str(err).splitlines()[0]
        rec.update(status="stopped", order=None, message=f"stopped by the budget: {why}"[:300])
    elif isinstance(err, ComputationLimitError):  # a size bound of Limits: a final answer
        _from_partial(getattr(err, "quotient", None) or getattr(err, "partial", None), rec)
        rec["status"] = "solved" if rec["solved"] else "limit"
        rec["message"] = str(err).splitlines()[0][:300]
    else:
        rec.update(status="error", message=f"{type(err).__name__}: {err}"[:300])
    if rec["status"] in RESULT_STATUSES and rec["last_heap"] is not None:
        rec["certificate"] = certificate(rec, brute)
    rec["seconds"] = round(time.monotonic() - t0, 3)
    return rec


def _solve(code: str, max_heap: int, certify: int, tick: Callable, limits: Any = None,
           period_heaps: int = 0) -> Any:
    """The quotient of ``code`` by stages 12, 24, 48, ... up to ``max_heap``; a code solved
    early stops early. A code whose pretending function shows a period at ``max_heap`` that
    is certified at most ``period_heaps`` heaps later is carried on to that heap
    (:func:`_carried`)."""
    from misere.quotients import quotient, verify_with_brute_force  # the public solver (002 §9)
    from misere.quotients.infinite.store import known_infinite

    known = known_infinite(code)
    if known is not None and known.heap <= max_heap:
        # Q_n is proved infinite (checked again when read): Q_(n-1) is finite and was computed
        # under the solver's own bounds, so the work budget does not stop it short of n - 1
        limits = None
        max_heap = known.heap
    heap = min(max_heap, FIRST_STAGE)
    while True:
        q = quotient(code, max_heap=heap, certify=certify if heap == max_heap else 0,
                     progress=tick, limits=limits)
        if q.solved or q.infinite is not None or heap == max_heap:
            break
        heap = min(max_heap, 2 * heap)
    if (q.solved or q.infinite is not None) and certify and heap < max_heap:
        verify_with_brute_force(q, certify)  # settled before max_heap: brute force what it kept
    if not (q.solved or q.infinite is not None) and period_heaps:
        q = _carried(q, max_heap + period_heaps, certify, tick, limits)
    return q


def _carried(q: Any, reach: int, certify: int, tick: Callable, limits: Any) -> Any:
    """``q`` (unsolved at its last heap) carried on to the heap that certifies the period its
    pretending function shows (:func:`~misere.quotients.impartial.periodicity.period_in_sight`,
    at most ``reach``): the solved quotient there (periodicity theorem, notes E.6), else ``q``
    itself, the record at ``max_heap`` unchanged, when the period breaks or a size bound stops
    the longer run."""
    from misere.quotients import quotient
    from misere.quotients.impartial.periodicity import period_in_sight

    if q.game.periodicity is None:
        return q
    target = period_in_sight(q.state.phi, *q.game.periodicity, reach)
    if target is None:
        return q
    try:
        longer = quotient(q.game, max_heap=target, certify=certify, progress=tick, limits=limits)
    except ComputationLimitError:
        return q
    return longer if longer.solved else q


def killed_record(code: str, max_heap: int, timeout: float | None, seconds: float, why: str,
                  status: str = "killed") -> dict[str, Any]:
    """A record without a result: ``killed`` (hard limit on Ray) or ``stopped``."""
    rec: dict[str, Any] = dict.fromkeys(RECORD_FIELDS)
    rec.update(code=code, max_heap=max_heap, timeout=timeout, solved=False, status=status,
               seconds=round(seconds, 3), message=why[:300])
    return rec
