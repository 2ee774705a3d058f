"""Start-up workloads (issue 10, item 5): whole ``misere`` processes, each next to a reference
process that does the same work without the command line.

Goals are absolute here (``misere quotient 0.123`` <= 0.25 s wall; MisereSolver answers in
0.13 s), so ``goal`` stays ``None`` and the names carry them: read the fast time. The reference
("naive") of ``quotient`` is a process that imports :mod:`misere` and computes the same certified
quotient (the library's own cost, the floor for the CLI); the reference of the other commands is
a bare ``python -c pass``.

Bytecode: a pip-installed ``misere`` has its modules compiled at install time, but this sandbox
sets ``PYTHONDONTWRITEBYTECODE=1``, so a checkout's modules would be compiled from source by every
process (about 50 ms for the ~60 modules of ``misere quotient``). The processes here run as an
installed package does: ``src`` is compiled once (``compileall``, into the git-ignored
``__pycache__`` folders). The last workload repeats the quotient on a copy of ``src`` without
bytecode, as this sandbox runs a checkout by default.
"""
from __future__ import annotations

import atexit
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from run import Workload

_SRC = str(Path(__file__).resolve().parents[2] / "src")
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
_ENV["PYTHONPATH"] = _SRC
compileall.compile_dir(_SRC, quiet=1)

_NO_PYC = Path(tempfile.mkdtemp(prefix="misere-src-"))
atexit.register(shutil.rmtree, _NO_PYC, ignore_errors=True)
shutil.copytree(_SRC, _NO_PYC / "src", ignore=shutil.ignore_patterns("__pycache__"))
_ENV_NO_PYC = dict(os.environ, PYTHONPATH=str(_NO_PYC / "src"), PYTHONDONTWRITEBYTECODE="1")


def _process(*args: str, env: dict[str, str] = _ENV) -> str:
    """Run ``python ARGS...`` with this checkout's ``src`` first; its stdout."""
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, check=True)
    return out.stdout


def _cli(*args: str, env: dict[str, str] = _ENV):
    return lambda: _process("-m", "misere", *args, env=env)


def _order(text: str) -> int:
    import json

    return json.loads(text)["order"]


WORKLOADS = [
    Workload("start-up: misere quotient 0.123 --json, process (goal <= 0.25 s wall)",
             lambda: _process("-c", "import misere; print(misere.quotient('0.123').order)"),
             _cli("quotient", "0.123", "--json"),
             check=lambda naive, fast: int(naive) == _order(fast)),
    Workload("start-up: misere quotient 0.123 --json vs bare python -c pass",
             lambda: _process("-c", "pass"), _cli("quotient", "0.123", "--json"),
             check=lambda naive, fast: naive == "" and _order(fast) == 20),
    Workload("start-up: misere outcome 0 --json, process vs bare python -c pass",
             lambda: _process("-c", "pass"), _cli("outcome", "0", "--json"),
             check=lambda naive, fast: naive == "" and '"outcome": "N"' in fast),
    Workload("start-up: misere --help (imports every command), process vs bare python",
             lambda: _process("-c", "pass"), _cli("--help"),
             check=lambda naive, fast: naive == "" and "partizan-quotient" in fast),
    Workload("start-up: quotient 0.123 --json without misere bytecode vs bare python",
             lambda: _process("-c", "pass", env=_ENV_NO_PYC),
             _cli("quotient", "0.123", "--json", env=_ENV_NO_PYC),
             check=lambda naive, fast: naive == "" and _order(fast) == 20),
]
