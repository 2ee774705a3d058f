"""numba's ``njit`` where numba is installed, else a no-op decorator (the pure-Python kernels
then run as plain functions, slowly but correctly); ``available`` says which.

:func:`compiling` wraps the first call of a module's kernels: when some kernel has no compiled
copy in numba's on-disk cache yet (a fresh install, or the source changed), it says on stderr
that it is compiling and, afterwards, how long that took (issue 23 item 4, issue 21 item 4), so a
first run that pays for compilation says so.
"""
from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from types import ModuleType

__all__ = ["available", "njit", "cached_on_disk", "compile_seconds", "compiled_seconds", "announce", "report",
           "compiling"]

try:  # pragma: no cover - depends on the environment
    from numba import njit
    available = True
except ImportError:  # pragma: no cover
    available = False

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        """Stand-in for ``numba.njit``: returns the function unchanged."""
        return lambda f: f


def _kernels(module: ModuleType) -> list:
    return [v for v in vars(module).values() if getattr(v, "_cache", None) is not None
            and hasattr(v, "py_func") and getattr(v, "__module__", None) == module.__name__]


def cached_on_disk(module: ModuleType) -> bool:
    """Whether ``module``'s ``cache=True`` kernels have been compiled on this machine before:
    some kernel has an index in numba's disk cache (a run compiles only the kernels it calls,
    so "every kernel" would never hold for some modules). ``True`` without numba."""
    kernels = _kernels(module)
    for fn in kernels:
        try:
            if os.path.exists(fn._cache._cache_file._index_path):
                return True
        except AttributeError:  # another numba layout: assume nothing is cached
            return False
    return not kernels


def compile_seconds(module: ModuleType) -> float:
    """Seconds numba spent compiling ``module``'s kernels in this process (loads from the disk
    cache cost nothing here): the sum of each compiled overload's ``compiler_lock`` timer.
    A kernel called by another is compiled inside its caller's lock and counted twice; the
    notices below time compilation by numba's own events instead (:func:`compiled_seconds`)."""
    total = 0.0
    for fn in _kernels(module):
        for cres in getattr(fn, "overloads", {}).values():
            timers = (getattr(cres, "metadata", None) or {}).get("timers") or {}
            total += timers.get("compiler_lock", 0.0)
    return total


#: what :func:`announce` said is being compiled, and the listener timing it (until :func:`report`)
_ANNOUNCED: list[str] = []
_TIMER: list = []


def compiled_seconds() -> float:
    """Wall seconds numba has spent compiling since the first :func:`announce` of this process
    that is not yet reported: numba's ``numba:compile`` events, nested compilations (a kernel
    compiling the kernels it calls) counted once."""
    if not _TIMER:
        return 0.0
    return _TIMER[0].duration if _TIMER[0].done else 0.0


def announce(module: ModuleType, what: str, about: float | None = None) -> bool:
    """Say on stderr that ``what`` will be compiled on first use when ``module``'s kernels are
    not in numba's disk cache (silent under a quiet budget), with the time it takes ``about``
    (seconds, as measured on the project's machine); start timing compilation for
    :func:`report`. Returns whether it said so."""
    from misere import budget

    loud = available and not budget.current().quiet and not cached_on_disk(module)
    if loud:
        guess = f", about {about:.0f} s" if about else ""
        print(f"misere: compiling {what} (first run on this machine{guess}; kept for later runs) ...",
              file=sys.stderr, flush=True)
        if not _TIMER:
            from numba.core import event

            _TIMER.append(event.TimingListener())
            event.register("numba:compile", _TIMER[0])
        _ANNOUNCED.append(what)
    return loud


def report() -> float | None:
    """After :func:`announce`: say on stderr how long compiling took (:func:`compiled_seconds`)
    and stop timing; the seconds, or ``None`` (and silence) when nothing was announced."""
    if not _ANNOUNCED:
        return None
    seconds = compiled_seconds()
    from numba.core import event

    event.unregister("numba:compile", _TIMER.pop())
    what = " and ".join(dict.fromkeys(_ANNOUNCED))
    _ANNOUNCED.clear()
    print(f"misere: compiled {what} in {seconds:.1f} s", file=sys.stderr, flush=True)
    return seconds


@contextlib.contextmanager
def compiling(module: ModuleType, what: str, about: float | None = None) -> Iterator[None]:
    """:func:`announce` before the block; after it, when announced, how long compiling took
    (:func:`report`)."""
    loud = announce(module, what, about)
    try:
        yield
    finally:
        if loud:
            report()
