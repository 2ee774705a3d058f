"""The command line the day-3 scripts share: one computation under a time budget, one JSON line."""
from __future__ import annotations

import argparse
import json
import time
from typing import Callable

from misere import budget
from misere.errors import ComputationLimitError


def run(description: str, compute: Callable[[float], dict], so_far: Callable[[], dict] = dict) -> None:
    """Parse ``--timeout S`` (default an hour), run ``compute(S)`` within it and print its result
    with the seconds taken; when the budget runs out, print how far it got (``so_far()``)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--timeout", type=float, default=3600.0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    try:
        with budget.limits(timeout=args.timeout):
            out = compute(args.timeout)
    except ComputationLimitError as e:
        out = {"error": f"stopped: {e}", **so_far()}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))
