"""Every command once on a huge input (issue 24, "Done when"): run as a subprocess (the watchdog of
``misere.cli.app.main`` armed) under ``--timeout`` and ``--max-memory``, each either answers,
refuses in one line, or stops at its budget (exit 3) with a summary; a run that lasted longer
than the start-up plus about a second and a half printed progress lines on stderr (measured in
CPU seconds of the child, so that a loaded machine does not decide); and its peak resident
memory stays under the memory budget plus a margin (both from ``os.wait4``'s rusage of that one
child). The table below is the list of what was tried; the slow rows run with ``--runslow``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

#: the memory budget every row runs under, and the peak it may reach (the watchdog samples the
#: resident size ten times a second: a little overshoot is allowed)
BUDGET = "1G"
PEAK_LIMIT = 1.25 * (1 << 30)
#: CPU seconds a row may use before it must have shown progress (start-up of the interpreter
#: and the command module included: about 0.8 s)
QUIET_UP_TO = 2.5

#: (arguments, exit statuses accepted, the answer's key or the error's words); ``{out}`` is a
#: path in the row's own folder. Exit 0 answers, 1 refuses in one line, 3 stops at the budget.
#: Every row runs with ``--timeout 2`` unless it gives its own (``--timeout 0`` drops the option).
ROWS = [
    (("outcome", "*100000000000"), {0}, "outcome"),
    (("canon", "1000000000000"), {0}, "form"),
    (("compare", "*1000000", "*999999"), {0}, "relation"),
    (("distinguish", "*1000", "*999"), {0}, "witness"),
    (("tree", "*50", "--expand", "--max-nodes", "1000000000", "-o", "{out}.svg"), {3}, "a game tree of"),
    (("enumerate", "--day", "9"), {1}, "limited to day"),
    (("tour",), {0}, None),
    (("invertible", "1000000", "-u", "E"), {0}, "invertible"),
    (("genus", "*1000000"), {1}, "option links"),
    (("impartial-count", "--day", "7"), {1}, "out of reach"),
    (("quotient", "0.07", "--max-heap", "1000"), {3}, "time budget"),
    (("play", "0.16", "1000000"), {3}, "time budget"),  # with --timeout it tries (without: test_bounds_cli)
    (("play", "0.07", "1000000"), {1}, "beyond the range answered here"),  # Q_34 is infinite
    (("play", "nim", "1" + "0" * 100), {0}, "outcome"),
    (("partizan-quotient", "--ruleset", "partizan-kayles", "--max-size", "30"), {3}, "budget"),
    (("draw", "nim", "100000000", "-o", "{out}.svg"), {1}, "drawings are limited"),
    (("draw", "partizan-kayles", "100000000", "-o", "{out}.svg"), {1}, "drawings are limited"),
    (("factor", "-1000000000"), {3}, "divisors and 1,000,000,000 atoms"),
    (("factor", "60.{|0,-1}"), {0}, "factorisations"),
    (("report", "quotient", "0.07", "--html", "{out}.html"), {3}, "time budget"),
    (("report", "values", "--day", "9", "-u", "dicot", "--html", "{out}.html"), {1}, "limited to day"),
    (("census", "0.01-0.77", "--store", "{out}.sqlite"), {0, 1, 3}, None),
    pytest.param(("report", "universes", "--timeout", "60"), {0}, "facts", marks=pytest.mark.slow),
    pytest.param(("impartial-count", "--day", "6", "--timeout", "60"), {0}, "digits", marks=pytest.mark.slow),
    pytest.param(("factor", "-1000000", "--timeout", "60"), {0}, "factorisations", marks=pytest.mark.slow),
    pytest.param(("play", "grundy", "100", "--timeout", "0"), {1}, "--timeout", marks=pytest.mark.slow),
]


def _vm_hwm(pid: int) -> int:
    """Peak resident memory of a running process in bytes (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _run(args: list[str], cwd: Path, timeout: float) -> tuple[int, str, str, float, int]:
    """Run ``python -m misere ARGS``: exit status, stdout, stderr, CPU seconds, peak RSS in bytes."""
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with open(cwd / "stdout", "w+b") as out, open(cwd / "stderr", "w+b") as err:
        start = time.monotonic()
        p = subprocess.Popen([sys.executable, "-m", "misere", *args], stdout=out, stderr=err, cwd=cwd, env=env)
        deadline = start + timeout
        hwm = 0  # the child's own high-water mark: ru_maxrss of a child starts at the RSS its
        # parent had when it forked (Linux copies the counter), so a grown pytest process
        # would make every row look big; VmHWM belongs to the child's own address space
        while True:
            hwm = max(hwm, _vm_hwm(p.pid))
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)
        seconds = usage.ru_utime + usage.ru_stime
        out.seek(0)
        err.seek(0)
        peak = hwm or usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
        return p.returncode, out.read().decode(), err.read().decode(), seconds, peak


@pytest.mark.parametrize("args, codes, expect", ROWS, ids=lambda x: " ".join(x) if isinstance(x, tuple) else "")
def test_every_command_on_a_huge_input(tmp_path: Path, args: tuple[str, ...], codes: set[int],
                                       expect: str | None) -> None:
    argv = [a.replace("{out}", str(tmp_path / "out")) for a in args]
    if "--timeout" not in argv:
        argv += ["--timeout", "2"]
    elif argv[argv.index("--timeout") + 1] == "0":
        del argv[argv.index("--timeout"):argv.index("--timeout") + 2]
    argv += ["--max-memory", BUDGET, "--json"]
    code, out, err, seconds, peak = _run(argv, tmp_path, timeout=40)
    assert code in codes, (code, out[:300], err[-300:])
    assert "Traceback" not in out + err
    lines = out.strip().splitlines()
    assert len(lines) == 1, out[:300]
    obj = json.loads(lines[0])
    assert ("error" in obj) == (code != 0), obj
    if expect is not None:
        assert expect in obj or expect in obj.get("error", ""), obj if len(str(obj)) < 300 else str(obj)[:300]
    if code == 3:
        assert obj["budget"] in ("time", "memory", "size") and "established" in obj
    if seconds > QUIET_UP_TO:
        assert err.strip(), f"{' '.join(args)} used {seconds:.1f} s of CPU without progress lines"
    assert peak < PEAK_LIMIT, f"{' '.join(args)}: peak {peak / 2**20:.0f} MiB"
