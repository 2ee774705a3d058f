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
import time
from collections.abc import Iterator
from types import ModuleType

__all__ = ["available", "njit", "cached_on_disk", "compiling"]

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
    """Whether every ``cache=True`` kernel of ``module`` has an index in numba's disk cache
    (so a first call loads machine code instead of compiling it). ``True`` without numba."""
    for fn in _kernels(module):
        try:
            if not os.path.exists(fn._cache._cache_file._index_path):
                return False
        except AttributeError:  # another numba layout: assume nothing is cached
            return False
    return True


@contextlib.contextmanager
def compiling(module: ModuleType, what: str) -> Iterator[None]:
    """Say on stderr that ``what`` is being compiled when ``module``'s kernels are not cached
    on disk, and how long the block took; silent when they are, or when the budget is quiet."""
    from misere import budget

    loud = available and not budget.current().quiet and not cached_on_disk(module)
    if loud:
        print(f"misere: compiling {what} (first run on this machine; kept for later runs) ...",
              file=sys.stderr, flush=True)
    t0 = time.monotonic()
    yield
    if loud:
        print(f"misere: compiled {what} in {time.monotonic() - t0:.1f} s", file=sys.stderr,
              flush=True)
