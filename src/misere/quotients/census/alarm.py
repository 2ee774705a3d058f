"""The hard time limit of one census code: SIGALRM, so that a long step of the solver is
interrupted where its budget checks never run (see :func:`alarm`)."""
from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

from ...budget import in_compiler, in_dropped_exception

__all__ = ["HardLimit", "alarm"]


class HardLimit(Exception):
    """Raised by the alarm; not a ComputationLimitError, so no solver loop swallows it."""


#: seconds between rings once the hard limit is reached: a ring put off inside a compile, or
#: raised where Python ignores exceptions (a gc callback), rings again this soon
_RERING = 0.1

#: whether a ring landed inside numba's compiler (:func:`misere.budget.in_compiler`); a module
#: name, so that tests can stand in for it
_in_compiler = in_compiler


@contextlib.contextmanager
def alarm(timeout: float | None) -> Iterator[Callable[[], None]]:
    """A hard limit of ``1.25 * timeout + 2`` seconds by SIGALRM (main thread, POSIX only);
    yields ``stop``, which the code that catches :class:`HardLimit` calls.

    The budget is only checked where the solver reports progress, and a solver loop may catch
    the budget error as one more failed candidate; the alarm interrupts the Python code of a
    long step and cannot be caught as a limit. Once the limit is reached it rings every
    :data:`_RERING` seconds until stopped: a ring inside a kernel's first compile is put off
    until the compile returns (:func:`misere.budget.in_compiler`; a cold numba cache can carry a code a few
    seconds past its limit), and a ring raised where Python drops exceptions (a gc callback:
    "Exception ignored in") is followed by another, which waits until the handling of the
    dropped one returns (:func:`misere.budget.in_dropped_exception`).
    """
    usable = (timeout is not None and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield lambda: None
        return
    hard = 1.25 * timeout + 2  # type: ignore[operator]

    def stop() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)

    def ring(signum: int, frame: Any) -> None:
        # an exception inside numba's compiler corrupts its cache; one inside the handling of
        # a dropped exception is dropped too (or breaks the hook): both wait for the next ring
        if not _in_compiler(frame) and not in_dropped_exception(frame):
            raise HardLimit(f"hard time limit of {hard:g} s exhausted")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, hard, _RERING)
    try:
        yield stop
    finally:
        stop()
        signal.signal(signal.SIGALRM, old)


