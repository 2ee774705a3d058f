"""numba's ``njit`` where numba is installed, else a no-op decorator (the pure-Python kernels
then run as plain functions, slowly but correctly); ``available`` says which."""
from __future__ import annotations

__all__ = ["available", "njit"]

try:  # pragma: no cover - depends on the environment
    from numba import njit
    available = True
except ImportError:  # pragma: no cover
    available = False

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        """Stand-in for ``numba.njit``: returns the function unchanged."""
        return lambda f: f
