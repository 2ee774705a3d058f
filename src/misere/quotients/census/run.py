"""Run a census of misère quotients: one code per task, in-process or on a Ray cluster.

Each code is computed by :func:`~misere.quotients.census.one.census_one` under its own time budget
(:func:`misere.budget.limits`; the progress callback of the solver checks it). On Ray a hard
wall-clock limit backs it: a task running past ``1.5 * per_code_timeout + 10`` seconds is
cancelled with ``ray.cancel(force=True)`` and recorded as ``killed``. Results reach the
:class:`~misere.quotients.census.store.Store` one code at a time (issue 11, item 2).

Statuses: ``solved`` (periodicity certified: the whole quotient, seed 002 §9; notes E.6),
``partial`` (``max_heap`` reached without a certificate: the partial quotient ``Q_max_heap``),
``limit`` (a size bound of the solver, the same under any budget), ``error``; and, holding no
result and computed again by every later run (issue 24): ``stopped`` (a time or memory budget ran
out: per code, or the whole run's; only ``last_heap`` and the reason in ``message`` are kept) and
``killed`` (hard limit on Ray). When the budget of the whole run (``misere.limits``, the CLI's
``--timeout`` / ``--max-memory``) runs out, the census launches no further code, records the
codes in flight as stopped and raises :class:`~misere.errors.BudgetExceededError` with a summary.
"""
from __future__ import annotations

from collections import Counter
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from misere import budget
from misere.errors import BudgetExceededError, InvalidArgumentError, MisereError, interrupt_in
from misere.quotients.census import twins
from misere.quotients.census.one import TABLE_LIMIT, census_one, killed_record
from misere.quotients.census.codes import CodeSet, parse_codes
from misere.quotients.census.store import RETRIED_STATUSES, Store
from misere.quotients.census.work import DEFAULT_CERTIFY, Work
from misere.quotients.infinite.store import answers

__all__ = ["census", "census_one", "TABLE_LIMIT", "same_results", "summary"]


def _run_local(codes: list[str], args: tuple, emit: Callable[[dict], None],
               fresh: Callable[[str], bool], show: Callable[..., None]) -> None:
    """Codes one after the other; the run's budget is checked before each (a code the budget
    stopped the run in is recorded as stopped); ``show`` gets the heap and order of the code in
    progress."""
    for code in codes:
        if not fresh(code):
            continue
        budget.current().check(force=True)
        t0 = time.monotonic()
        try:
            rec = census_one(code, *args, on_progress=show)
        except BudgetExceededError as e:  # the watchdog's stop, outside the solver
            emit(killed_record(code, args[0], args[1], time.monotonic() - t0,
                         f"stopped by the budget: {e}", status="stopped"))
            raise
        emit(rec)


def _warm(workers: int, ray: Any) -> None:
    """Start the pool before the first code's clock: one small task per worker imports misere
    and loads the compiled kernels, so Ray's start-up is not counted against any code."""
    task = ray.remote(num_cpus=1, max_retries=0)(census_one)
    ray.get([task.remote("0.07", 12, None, 0) for _ in range(workers)])


def _run_ray(codes: list[str], args: tuple, emit: Callable[[dict], None],
             fresh: Callable[[str], bool], workers: int, address: str | None,
             info: dict[str, float] | None = None) -> None:
    """Ray runner: at most ``workers`` tasks in flight, each under a hard wall-clock limit; when
    the run's budget runs out, the tasks in flight are cancelled and recorded as stopped.
    The pool is started and warmed first (:func:`_warm`); ``info["startup"]`` gets its seconds."""
    t_start = time.monotonic()  # census() checked the address space before any work
    try:
        import ray
    except ImportError:
        raise MisereError("workers > 1 needs Ray: pip install 'misere[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:  # within the budget, one line when unreachable
            from misere.quotients.census.cluster import connect

            connect(ray, address)
        else:  # workers inherit the environment: this copy of misere importable there
            from misere.quotients.census.cluster import start_local

            start_local(ray, workers)
    try:
        if codes:
            _warm(workers, ray)
        if info is not None:
            info["startup"] = round(time.monotonic() - t_start, 3)
        task = ray.remote(num_cpus=1, max_retries=0)(census_one)
        timeout = args[1]
        hard = None if timeout is None else 1.5 * timeout + 10
        pending, inflight = list(codes), {}
        while pending or inflight:
            try:
                budget.current().check(force=True)
            except BudgetExceededError as e:
                for ref, (code, t0) in inflight.items():
                    ray.cancel(ref, force=True)
                    emit(killed_record(code, args[0], timeout, time.monotonic() - t0,
                                 f"stopped by the budget: {e}", status="stopped"))
                raise
            while pending and len(inflight) < workers:
                code = pending.pop(0)
                if fresh(code):
                    inflight[task.remote(code, *args)] = (code, time.monotonic())
            if not inflight:
                continue
            ready, _ = ray.wait(list(inflight), num_returns=1, timeout=1.0)
            for ref in ready:
                code, t0 = inflight.pop(ref)
                try:
                    emit(ray.get(ref))
                except Exception as e:  # a crashed worker: recorded, the census goes on
                    emit(killed_record(code, args[0], timeout, time.monotonic() - t0,
                                 f"worker failed: {type(e).__name__}"))
            now = time.monotonic()
            for ref, (code, t0) in list(inflight.items()):
                if hard is not None and now - t0 > hard:
                    ray.cancel(ref, force=True)
                    del inflight[ref]
                    emit(killed_record(code, args[0], timeout, now - t0,
                                 f"hard wall-clock limit of {hard:g} s"))
    finally:
        if started_here:
            ray.shutdown()


class CensusRecords(list):
    """The records of a census (a list of dicts), shown in notebooks as one table. ``info`` says
    how the run was done: ``runner`` (Ray, or why in this process although ``workers > 1``) and
    ``startup`` (seconds to start and warm Ray, apart from every code's work)."""

    info: dict[str, Any] = {}

    def _repr_html_(self) -> str:
        from misere.viz.report import sortable_table

        keys = ["code", "status", "order", "p_count", "period", "preperiod", "normal_period", "last_heap",
                "seconds"]
        rows = [["-" if r.get(k) is None else (f"{r[k]:.2f}" if k == "seconds" else r[k]) for k in keys]
                for r in self]
        return sortable_table(["code", "status", "|Q|", "|P|", "period", "preperiod", "normal period",
                               "last heap", "seconds"], rows)


def census(
    codes: str | Iterable[str] | CodeSet,
    *,
    max_heap: int = 40,
    store: str | Path | Store | None = None,
    workers: int = 1,
    per_code_timeout: float | None = None,
    address: str | None = None,
    certify: int = DEFAULT_CERTIFY,
    work: Work | dict[str, int] | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
    same_game: bool = True,
    group_to: Mapping[str, int] | None = None,
) -> list[dict[str, Any]]:
    """Misère quotients of many take-and-break codes (issue 11; seed 002 §9-§10).

    Parameters
    ----------
    codes : str, iterable of str or CodeSet
        A code-set spec (:func:`~misere.quotients.census.codes.parse_codes`): ``"octal2"``,
        ``"0.01-0.77"``, ``"0.07 0.123"``, ...
    max_heap : int
        Last heap of each computation.
    store : path or Store, optional
        SQLite store: codes it already answers are not computed again, new results are
        committed code by code (anything but a census store is refused unchanged:
        :class:`~misere.quotients.census.store.Store`). Several runs may share one store.
    workers : int
        1 runs in this process; more run on Ray (a local cluster of ``workers`` CPUs started
        for the run, or the cluster at ``address``, which needs ``workers > 1``).
    per_code_timeout : float, optional
        Seconds per code: a safety net only (a code it stops is stored ``stopped``, with no
        result, and computed again by the next run).
    certify : int
        Brute-force cross-check bound per code, in tokens (0 skips it; default
        :data:`~misere.quotients.census.work.DEFAULT_CERTIFY`); stored in each record's
        ``certificate``.
    work : Work or dict, optional
        Per-code work budget (:class:`~misere.quotients.census.work.Work`): it alone decides
        what a record holds, so records are the same for any ``workers``, machine and load.
    on_record : callable, optional
        Called with each new record as it arrives.
    same_game : bool
        Compute one code of each group of codes that are the same game to ``max_heap`` and
        give the others its record (:mod:`~misere.quotients.census.twins`; default).
    group_to : mapping, optional
        Group code ``c`` by its heaps up to ``group_to[c]`` only (a rerun of codes stuck at a
        heap: :func:`~misere.quotients.census.twins.plan`).

    Returns
    -------
    list of dict
        One record per code, in the order of the code set (fields
        :data:`~misere.quotients.census.store.RECORD_FIELDS`; ``table`` and ``is_p`` are bytes).

    Raises
    ------
    BudgetExceededError
        The budget of the whole run ran out: no further code was started, the codes in
        flight are stored as ``stopped``; ``partial`` holds :func:`summary` and the store,
        ``records`` the records so far (``None`` for codes not started).
    CheckpointError
        ``store`` is not a census store (one line; the file is unchanged).
    InvalidArgumentError
        ``address`` given with ``workers = 1`` (refused rather than computed locally).
    """
    cs = codes if isinstance(codes, CodeSet) else parse_codes(codes)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    if address is not None and workers == 1:  # never silently local: the cluster was asked for
        raise InvalidArgumentError(f"a cluster address ({address!r}) needs workers > 1 (the tasks to keep "
                                   f"in flight there); with workers = 1 the census runs in this process")
    if workers > 1 and address:  # an unreachable cluster: one line, before the store is opened
        from misere.quotients.census.cluster import reach

        reach(address)
    if max_heap < 1:
        raise ValueError(f"max_heap must be at least 1, got {max_heap!r}")
    w = Work.of(work)
    if certify:  # a hopeless bound is refused up front, not recorded as a limit of every code
        from misere.quotients.impartial.certify import refuse_hopeless

        refuse_hopeless(max_heap, certify)
    own = store is not None and not isinstance(store, Store)
    st = Store(store) if own else store  # type: ignore[arg-type]
    results: dict[str, dict[str, Any]] = {}
    try:
        todo = [c for c in cs.codes if not (st and st.done(c, max_heap, work=w))]
        todo.sort(key=lambda c: not answers(c, max_heap))  # theory first: a proved code leads its group
        if todo and st is not None and st.file.readonly:  # read it, but never compute what cannot be kept
            st.file.refuse_write(f"store the {len(todo)} codes it does not answer ({', '.join(todo[:3])}"
                                 f"{', ...' if len(todo) > 3 else ''}); it answers the others")
        started, t0 = time.time(), time.monotonic()
        progress = budget.Progress("census", total=len(todo))

        from misere.quotients.census.cluster import check_address_space, runner_for

        local = workers == 1 or runner_for(len(todo), workers, address) is not None
        if not local and not address and todo:
            check_address_space()  # before any work and before Ray's import
        plan = twins.Plan(list(todo))  # grouped below, under the run's budget and progress
        later: list[str] = []  # twins whose group's record says nothing about them

        def emit(rec: dict[str, Any]) -> None:
            results[rec["code"]] = rec
            if st is not None:
                st.put(rec)
            if on_record is not None:
                on_record(rec)
            progress.update(completed=len(results), code=rec["code"], status=rec["status"])
            for code, heap in plan.twins.get(rec["code"], ()):
                if fresh(code):
                    copy = twins.twin_record(rec, code, heap)
                    emit(copy) if copy is not None else later.append(code)

        def fresh(code: str) -> bool:  # not stored meanwhile by another run on the same store
            return code not in results and (st is None or not st.done(code, max_heap, work=w))

        args = (max_heap, per_code_timeout, certify, w.as_dict())
        info: dict[str, Any] = {}
        if workers > 1:
            info["runner"] = runner_for(len(todo), workers, address) or f"Ray, {workers} tasks in flight"
        stop: BudgetExceededError | None = None
        try:
            with progress:
                if same_game and len(todo) > 1:
                    def tick(i: int) -> None:
                        budget.current().check()  # slow steps: the budget reads the clock every call or two
                        progress.update(completed=0, step=f"same-game forms {i}/{len(todo)}")

                    plan = twins.plan(todo, max_heap, tick, group_to)
                for batch in (plan.first, later):  # ``later`` grows while the first batch runs
                    if not batch:
                        continue
                    if local:
                        _run_local(batch, args, emit, fresh,
                                   lambda **f: progress.update(completed=len(results), **f))
                    else:
                        _run_ray(batch, args, emit, fresh, workers, address, info)
        except BudgetExceededError as e:
            stop = e
        except BaseException as e:  # Ctrl-C (maybe inside compiled code): say what is stored
            ctrl_c = interrupt_in(e)
            if ctrl_c is None:
                raise
            ctrl_c.partial = summary(  # type: ignore[attr-defined]
                [results.get(c) or (st.get(c) if st is not None else None) for c in cs.codes],
                computed=len(results))
            if st is not None:
                ctrl_c.partial["store"] = st.path  # type: ignore[attr-defined]
            raise
        out = [results.get(c) or (st.get(c) if st is not None else None) for c in cs.codes]
        if st is not None and not st.file.readonly:
            st.log_run(" ".join(cs.codes)[:2000], len(cs), len(results), workers, max_heap,
                       per_code_timeout, started, time.monotonic() - t0, info.get("startup"))
    finally:
        if own and st is not None:
            st.close()
    if stop is not None:
        facts = summary(out, computed=len(results))
        if st is not None:
            facts["store"] = st.path
        err = BudgetExceededError(stop.kind, f"census stopped: {stop}", facts)
        err.records = CensusRecords(out)  # type: ignore[attr-defined]
        raise err from None
    records = CensusRecords(out)
    records.info = info  # type: ignore[attr-defined]
    return records  # type: ignore[return-value]


def summary(records: list[dict[str, Any] | None], computed: int | None = None) -> dict[str, Any]:
    """Counts of a census: codes, solved, by status, stopped (computed again by the next run),
    not started (``None`` records of a run its budget stopped) and answered by the record of
    the same game (:mod:`~misere.quotients.census.twins`)."""
    done = [r for r in records if r is not None]
    out: dict[str, Any] = {"codes": len(records), "solved": sum(bool(r["solved"]) for r in done)}
    if computed is not None:
        out["computed"] = computed
    out["stopped"] = sum(r["status"] in RETRIED_STATUSES for r in done)
    out["not started"] = len(records) - len(done)
    out["same_game"] = sum(bool(r.get("same_game")) for r in done)
    out["statuses"] = dict(sorted(Counter(r["status"] for r in done).items()))
    return out


def same_results(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """Whether two censuses agree on every field but the seconds."""
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in a]
    return strip == [{k: v for k, v in r.items() if k != "seconds"} for r in b]
