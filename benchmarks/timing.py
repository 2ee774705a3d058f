"""Shared helper of the benchmark scripts (imported from this folder when a script runs)."""
from __future__ import annotations

import sys
import time
from typing import Callable, TypeVar

T = TypeVar("T")

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


def timed(label: str, fn: Callable[[], T], width: int = 62) -> T:
    """Run ``fn`` once, print ``label`` and the wall time in seconds, return its result."""
    t = time.perf_counter()
    result = fn()
    print(f"{label:<{width}} {time.perf_counter() - t:8.3f} s")
    return result
