"""A hard stop behind the cooperative budget, for the ``misere`` process itself.

Engines check their budget with :func:`misere.budget.check` and attach what they established;
code that does not check (yet) would run past ``--timeout`` or eat the machine. The watchdog is a
thread that looks at the clock and the resident memory ten times a second and, shortly after the
budget is exhausted (``grace``), raises :class:`~misere.errors.BudgetExceededError` in the main
thread through a signal. Python code is interrupted between bytecodes: the command stops with
exit status 3, without a partial answer. Inside numba's compiler (a kernel's first compile,
:func:`misere.budget.in_compiler`) raising would leave numba a half-built library, so there the
stop waits for the compile to return (the signal comes again every :attr:`Watchdog.rering` s).

Interrupting arbitrary code can leave shared tables half-updated, which is harmless in a process
that exits right after, but not in a test process running many commands: the watchdog is armed
only by :func:`misere.cli.runner.run_process` (the console script and ``python -m misere``).

:class:`CtrlC` records when SIGINT arrives, so that an error raised after it (a Ctrl-C landing
inside numba's compiled code surfaces as ``SystemError``) is reported as the interrupt it was.
Python runs a signal handler only between bytecodes, so a Ctrl-C that arrives while the main
thread is inside one long compiled call (a candidate of millions of elements: 8-14 s, issue 41)
would wait for it. When armed, :class:`CtrlC` therefore also watches SIGINT at the C level
(``signal.set_wakeup_fd``): if Python has not run the handler within :data:`ACT_WITHIN`
seconds, the process reports the interrupt itself (with the last progress fields,
:func:`misere.budget.last_progress`; checkpoints and stores keep every committed step) and
exits 130.
"""
from __future__ import annotations

import json
import os
import select
import signal
import sys
import threading
import time
from types import FrameType, TracebackType
from typing import Optional

from ..budget import Budget, format_size, in_compiler, in_dropped_exception, last_progress, resident_memory
from ..errors import BudgetExceededError

__all__ = ["Watchdog", "ARMED", "hard_stop", "CtrlC"]

#: set by the console entry point; in-process callers (tests) keep the cooperative budget only
ARMED = {"on": False}

_SIGNAL = getattr(signal, "SIGUSR1", None)

#: seconds a Ctrl-C may wait for the main thread to leave a compiled call before the process
#: reports it and exits (armed processes only)
ACT_WITHIN = 1.5


class Watchdog:
    """Raise ``BudgetExceededError`` in the main thread once ``budget`` is exhausted by more than
    ``grace`` seconds (time) or 10 % (memory). A no-op off the main thread, when not armed, or on
    a platform without ``SIGUSR1``."""

    def __init__(self, budget: Budget, grace: float = 1.0, interval: float = 0.1) -> None:
        self.budget = budget
        self.grace = grace
        self.interval = interval
        self.reason: Optional[tuple[str, str]] = None
        #: seconds after a raise during which further prods are ignored (the engine's summary)
        self.settle = 5.0
        #: seconds between prods once the budget is exhausted
        self.rering = 0.5
        self._raised: Optional[float] = None
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._old: object = None
        self._old_hook = sys.unraisablehook

    def _active(self) -> bool:
        return (ARMED["on"] and _SIGNAL is not None
                and threading.current_thread() is threading.main_thread())

    def __enter__(self) -> "Watchdog":
        if not self._active():
            return self
        self._old = signal.signal(_SIGNAL, self._raise)
        self._old_hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        self._thread = threading.Thread(target=self._watch, name="misere-watchdog", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: object, exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        signal.signal(_SIGNAL, self._old)  # type: ignore[arg-type]
        sys.unraisablehook = self._old_hook

    def _unraisable(self, info: "sys.UnraisableHookArgs") -> None:
        """Say nothing of a stop that landed where Python cannot raise it (a ctypes callback
        inside numba's compiler): the command reports the budget in one line."""
        if not isinstance(info.exc_value, BudgetExceededError):
            self._old_hook(info)

    def _raise(self, signum: int, frame: Optional[FrameType]) -> None:
        if self.reason is None or self._stop.is_set():
            return
        now = time.monotonic()
        if self._raised is not None and now - self._raised < self.settle:
            return  # the engine is summarising what it established after the first stop
        if in_compiler(frame) or in_dropped_exception(frame):  # raising inside numba's compiler
            return  # leaves it a half-built library, inside sys.unraisablehook it is dropped too:
            # wait, the watch thread prods again every ``rering`` seconds
        self._raised = now
        raise BudgetExceededError(*self.reason)

    def _watch(self) -> None:
        b = self.budget
        main = threading.main_thread().ident
        while not self._stop.wait(self.interval):
            if b.timeout is not None and b.elapsed > b.timeout + self.grace:
                self.reason = ("time", f"time budget of {b.timeout:g} s exhausted "
                                       f"(stopped after {b.elapsed:.1f} s)")
            else:
                rss = resident_memory()
                if b.max_memory is not None and rss > b.max_memory * 1.1:
                    self.reason = ("memory", f"memory budget of {format_size(b.max_memory)} exhausted "
                                             f"({format_size(rss)} in use)")
            if self.reason is not None:
                assert main is not None and _SIGNAL is not None
                signal.pthread_kill(main, _SIGNAL)
                # keep prodding: a signal waits while the main thread is inside one C call,
                # and a prod that lands in numba's compiler is put off (:meth:`_raise`)
                while not self._stop.wait(self.rering):
                    signal.pthread_kill(main, _SIGNAL)
                return
        return None


def hard_stop(budget: Budget) -> Watchdog:
    """The watchdog for ``budget`` (grace: 1 s plus 10 % of the timeout)."""
    grace = 1.0 + 0.1 * (budget.timeout or 0.0)
    return Watchdog(budget, grace=grace)


class CtrlC:
    """Record the moment SIGINT arrives (``at``) and raise :class:`KeyboardInterrupt` as usual.

    A Ctrl-C that lands inside compiled code (a ctypes callback of numba's compiler) can be lost
    there: Python reports it as "Exception ignored" and the computation goes on. So after the
    first SIGINT a thread delivers it again, at once when such a loss is reported, else after
    ``settle`` seconds (time for the engine to summarise what it established), then every second
    until the command ends. Once SIGINT has arrived, such reports are not printed: the command
    is stopping. A no-op off the main thread."""

    def __init__(self, settle: float = 3.0, as_json: bool = False) -> None:
        self.at: Optional[float] = None
        self.settle = settle
        self.as_json = as_json
        self._wake: Optional[tuple[int, int, int]] = None  # read end, write end, previous wakeup fd
        self._watcher: Optional[threading.Thread] = None
        self._old: object = None
        self._old_hook = sys.unraisablehook
        self._on = False
        self._lost = threading.Event()
        self._done = threading.Event()
        self._prodder: Optional[threading.Thread] = None

    def __enter__(self) -> "CtrlC":
        if threading.current_thread() is not threading.main_thread():
            return self
        self._old = signal.signal(signal.SIGINT, self._interrupt)
        self._old_hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        self._on = True
        if ARMED["on"]:
            r, w = os.pipe()
            os.set_blocking(w, False)
            self._wake = (r, w, signal.set_wakeup_fd(w, warn_on_full_buffer=False))
            self._watcher = threading.Thread(target=self._watch, args=(r,), name="misere-ctrl-c-watch", daemon=True)
            self._watcher.start()
        return self

    def __exit__(self, kind: object, exc: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        if self._on:
            self._done.set()
            if self._prodder is not None:
                self._prodder.join()
            if self._wake is not None:
                signal.set_wakeup_fd(self._wake[2])
                assert self._watcher is not None
                self._watcher.join()
                os.close(self._wake[0])
                os.close(self._wake[1])
                self._wake = None
            signal.signal(signal.SIGINT, self._old)  # type: ignore[arg-type]
            sys.unraisablehook = self._old_hook
            self._on = False

    def _interrupt(self, signum: int, frame: Optional[FrameType]) -> None:
        if self._done.is_set():
            return
        if self.at is None:
            self.at = time.monotonic()
            self._prodder = threading.Thread(target=self._prod, name="misere-ctrl-c", daemon=True)
            self._prodder.start()
        raise KeyboardInterrupt

    def _prod(self) -> None:
        main = threading.main_thread().ident
        assert main is not None
        # wait for a reported loss or the settle time, but not past the command's end (its
        # __exit__ joins this thread: waiting on ``_lost`` alone held every exit after a Ctrl-C
        # for the whole settle time)
        until = time.monotonic() + self.settle
        while not (self._lost.is_set() or self._done.is_set()) and time.monotonic() < until:
            self._done.wait(0.02)
        while not self._done.is_set():
            signal.pthread_kill(main, signal.SIGINT)
            self._done.wait(1.0)

    def _unraisable(self, info: "sys.UnraisableHookArgs") -> None:
        if isinstance(info.exc_value, KeyboardInterrupt):
            self._lost.set()
        if self.at is None:
            self._old_hook(info)

    def _watch(self, fd: int) -> None:
        """Wait for SIGINT at the C level; if the handler has not run :data:`ACT_WITHIN` s later
        (the main thread is inside one compiled call), report the interrupt and exit 130."""
        while not self._done.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready or signal.SIGINT not in os.read(fd, 64):
                continue
            self._done.wait(ACT_WITHIN)
            if self.at is None and not self._done.is_set():
                self._exit_now()

    def _exit_now(self) -> None:
        """Report an interrupt the main thread cannot see yet, with the last progress, and exit."""
        where = {"stopped_inside": "a compiled step that did not return within "
                                   f"{ACT_WITHIN:g} s of Ctrl-C", **last_progress()}
        if self.as_json:
            sys.stdout.write(json.dumps({"error": "interrupted", "established": where}, default=str) + "\n")
        else:
            sys.stderr.write("stopped: interrupted\n")
            sys.stdout.write("".join(f"{k}: {v}\n" for k, v in where.items()))
        sys.stdout.flush()
        sys.stderr.flush()
        _end_children()
        os._exit(130)


def _end_children() -> None:
    """Send SIGTERM to this process's own children (a local Ray cluster's head processes) before
    a hard exit, which skips the ``finally`` blocks that would shut them down."""
    me = str(os.getpid())
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:  # not Linux: nothing to look at
        return
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = f.read().rsplit(")", 1)[1].split()[1]
            if ppid == me:
                os.kill(int(pid), signal.SIGTERM)
        except (OSError, IndexError):
            continue
