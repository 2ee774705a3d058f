"""MisereSolver (Java, built by ``build.sh``) and ``misere quotient`` side by side, whole processes.

Usage::

    python benchmarks/miseresolver/side_by_side.py CLASSES [CODE:HEAP ...] [--repeat N]

For each code, both programs run alternately ``N`` times as fresh processes (ours warm: numba's
cache compiled by a first untimed run); the best wall time and the CPU time (user + system of
the process and its threads, from ``wait4``) of each are printed with the ratio ours / theirs.
On a loaded machine compare the CPU columns; wall ratios mean something only on an idle one.
Default codes: the ones issue 21 item 4 names (0.07 to heap 33, 0.77 and 0.144 to heap 40).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time

DEFAULT = ["0.07:33", "0.77:40", "0.144:40"]


def _timed(cmd: list[str]) -> tuple[float, float, str]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed (exit {proc.returncode})")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, out.strip()


def main(argv: list[str]) -> int:
    repeat = 3
    if "--repeat" in argv:
        i = argv.index("--repeat")
        repeat = int(argv[i + 1])
        del argv[i:i + 2]
    classes, jobs = argv[0], argv[1:] or DEFAULT
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'code':8} {'heap':>4} {'MS wall':>8} {'ours wall':>9} {'ratio':>6} "
          f"{'MS cpu':>7} {'ours cpu':>8} {'ratio':>6}")
    for job in jobs:
        code, heap = job.split(":")
        ms = ["java", "-cp", classes, "org.cgsuite.core.misere.solver.Bench", code, heap]
        ours = [sys.executable, "-m", "misere", "quotient", code, "--max-heap", heap,
                "--certify", "0", "--json", "--quiet"]
        _timed(ours)  # warm numba's cache
        best = {"ms": (1e9, 1e9), "ours": (1e9, 1e9)}
        for _ in range(repeat):
            for name, cmd in (("ms", ms), ("ours", ours)):
                wall, cpu, _ = _timed(cmd)
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
        (mw, mc), (ow, oc) = best["ms"], best["ours"]
        print(f"{code:8} {heap:>4} {mw:8.2f} {ow:9.2f} {ow / mw:6.2f} {mc:7.2f} {oc:8.2f} "
              f"{oc / mc:6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
