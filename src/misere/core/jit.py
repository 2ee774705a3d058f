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

__all__ = ["available", "njit", "cached_on_disk", "compile_seconds", "announce", "compiling"]

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
    cache cost nothing here): the sum of each compiled overload's ``compiler_lock`` timer."""
    total = 0.0
    for fn in _kernels(module):
        for cres in getattr(fn, "overloads", {}).values():
            timers = (getattr(cres, "metadata", None) or {}).get("timers") or {}
            total += timers.get("compiler_lock", 0.0)
    return total


def announce(module: ModuleType, what: str) -> bool:
    """Say on stderr that ``what`` will be compiled on first use when ``module``'s kernels are
    not all in numba's disk cache (silent under a quiet budget); whether it said so."""
    from misere import budget

    loud = available and not budget.current().quiet and not cached_on_disk(module)
    if loud:
        print(f"misere: compiling {what} (first run on this machine; kept for later runs) ...",
              file=sys.stderr, flush=True)
    return loud


@contextlib.contextmanager
def compiling(module: ModuleType, what: str) -> Iterator[None]:
    """:func:`announce` before the block; after it, when announced, how long compiling took
    (:func:`compile_seconds`)."""
    loud = announce(module, what)
    yield
    if loud:
        print(f"misere: compiled {what} in {compile_seconds(module):.1f} s", file=sys.stderr,
              flush=True)
