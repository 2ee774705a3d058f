"""Measure the times the README's table of headline results states, by running its commands.

Usage::

    PYTHONPATH=src nice python tools/readme_timings.py [--only SUBSTRING] [--timeout S]

Reads the table under "## Headline results" of README.md (a row: result, status, a command in
backquotes, a time such as ``26 s``), runs each ``misere ...`` command once in a fresh process
(``python -m misere``, with ``MISERE_SPROUTS_STORE`` empty so that Sprouts starts cold), and
prints a markdown table: the stated time, the measured wall clock and CPU seconds, the load
average around the run, and whether the stated time is within a factor 2 of the measured one.
Exit status 1 if some command failed. The README's times are wall clock: on a loaded machine
compare the CPU column too.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROW = re.compile(r"^\|(?P<result>[^`]*?(?:`[^`]*`[^`]*?)*)\|[^|]*\|\s*`(?P<cmd>misere [^`]+)`[^|]*\|\s*(?P<time>[\d.]+) s\b")


def rows(readme: Path) -> list[tuple[str, float]]:
    """(command, stated seconds) of each row of the headline table."""
    text = readme.read_text(encoding="utf-8")
    table = text.split("## Headline results", 1)[1].split("\n## ", 1)[0]
    return [(m["cmd"], float(m["time"])) for line in table.splitlines() if (m := ROW.match(line))]


def measure(cmd: str, timeout: float) -> tuple[float, float, int, str]:
    """Wall clock, CPU seconds, exit status and the load average before and after one run."""
    env = dict(os.environ, MISERE_SPROUTS_STORE="")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    before = os.getloadavg()[0]
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        rc = subprocess.run([sys.executable, "-m", "misere", *shlex.split(cmd)[1:]], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        rc = -1
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    return wall, cpu, rc, f"{before:.1f}-{os.getloadavg()[0]:.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", default="", help="run only the commands containing this text")
    ap.add_argument("--timeout", type=float, default=600.0)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores")
    print("| command | stated | wall s | CPU s | load | within 2x |")
    print("|---|---:|---:|---:|---|---|")
    failed = False
    for cmd, stated in rows(ROOT / "README.md"):
        if args.only not in cmd:
            continue
        wall, cpu, rc, load = measure(cmd, args.timeout)
        ok = "yes" if stated / 2 <= wall <= 2 * stated else "no"
        if rc:
            ok, failed = f"failed (exit {rc})", True
        print(f"| `{cmd}` | {stated:g} | {wall:.1f} | {cpu:.1f} | {load} | {ok} |", flush=True)
    return int(failed)


if __name__ == "__main__":
    sys.exit(main())
