"""Start-up workloads (issue 10, item 5): whole ``misere`` processes, each next to a reference
process that does the same work without the command line.

Goals are absolute here (``misere quotient 0.123`` <= 0.25 s wall; MisereSolver answers in
0.13 s), so ``goal`` stays ``None`` and the names carry them: read the fast time. The reference
("naive") of ``quotient`` is a process that imports :mod:`misere` and computes the same certified
quotient (the library's own cost, the floor for the CLI); the reference of the other commands is
a bare ``python -c pass``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from run import Workload

_SRC = str(Path(__file__).resolve().parents[2] / "src")
_ENV = dict(os.environ, PYTHONPATH=_SRC)


def _process(*args: str) -> str:
    """Run ``python ARGS...`` with this checkout's ``src`` first; its stdout."""
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=_ENV, check=True)
    return out.stdout


def _cli(*args: str):
    return lambda: _process("-m", "misere", *args)


def _order(text: str) -> int:
    import json

    return json.loads(text)["order"]


WORKLOADS = [
    Workload("start-up: misere quotient 0.123 --json, process (goal <= 0.25 s wall)",
             lambda: _process("-c", "import misere; print(misere.quotient('0.123').order)"),
             _cli("quotient", "0.123", "--json"),
             check=lambda naive, fast: int(naive) == _order(fast)),
    Workload("start-up: misere outcome 0 --json, process vs bare python -c pass",
             lambda: _process("-c", "pass"), _cli("outcome", "0", "--json"),
             check=lambda naive, fast: naive == "" and '"outcome": "N"' in fast),
    Workload("start-up: misere --help (imports every command), process vs bare python",
             lambda: _process("-c", "pass"), _cli("--help"),
             check=lambda naive, fast: naive == "" and "partizan-quotient" in fast),
]
