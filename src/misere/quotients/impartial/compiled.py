"""When the quotient engine switches to its compiled kernels (issue 21 item 4).

Loading numba and the cached kernels of :mod:`misere.quotients.impartial.kernels` costs 1-2 s
of CPU, more than the whole of a small quotient (0.144 to heap 40: 0.06 s in Python; 0.77 to
heap 40: 0.15 s). So a process runs its first :data:`PYTHON_FIRST` units of work (words
searched plus elements marked) in pure Python and loads the kernels only after that, or at once
when they are loaded already or the stage is large (:data:`COMPILED_AT_ONCE` elements). Both
paths give the same results (the tests compare them). This module imports neither numpy nor
numba.
"""
from __future__ import annotations

import sys

__all__ = ["PYTHON_FIRST", "COMPILED_AT_ONCE", "python_work", "worth", "kernels"]

#: Measured 2026-11-26 (2-core machine, load 3; CPU s of 0.07 to heap 33 in a fresh process):
#: 5 000 -> 6.0 s, 20 000 -> 4.8 s, 200 000 -> 8.0 s; 0.144, 0.77 and 0.123 do under 1 400.
PYTHON_FIRST = 20_000
#: a stage over this many elements runs compiled at once: the 1-2 s of loading are nothing
#: beside it, and a process resumed from a checkpoint starts with such a stage (0.16 at heap
#: 19, a 434,602-element candidate: 600 words/s in Python against some 40,000 compiled)
COMPILED_AT_ONCE = 50_000
_done = 0


def python_work(amount: int) -> None:
    """Count ``amount`` units of work done by a pure-Python stage."""
    global _done
    _done += amount


def worth(size: int, min_size: int) -> bool:
    """Whether a stage over ``size`` elements runs compiled: at least ``min_size`` elements,
    the kernels loaded already or this process past :data:`PYTHON_FIRST` units of work, and
    numba importable."""
    if size < min_size:
        return False
    loaded = sys.modules.get("misere.quotients.impartial.kernels")
    if _done < PYTHON_FIRST and (loaded is None or not loaded._TRIED) and size < COMPILED_AT_ONCE:
        return False
    return kernels().available()


def kernels():
    """:mod:`misere.quotients.impartial.kernels`, imported on first use (it loads numpy); the
    one way the stages reach their compiled kernels."""
    from misere.quotients.impartial import kernels as module

    return module
