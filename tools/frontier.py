"""The frontier quotient runs of issue 21 side by side: one process per code, each resumable.

Seed 002 §10 names where every misère-quotient solver stalls: Dawson's Kayles (0.07) past heap
33, 0.4 past heap 34, 0.16 past heap 18, and the open quaternary bounties of §10.4 (0.3102,
0.3122, 0.3123, 0.3312). This script runs ``misere quotient`` on each of them in parallel
processes, every one with its own SQLite checkpoint (so a second run, here or on another
machine, resumes where the first stopped) and its own time and memory budget, and prints one
table: heap reached, order and |P| of the last partial quotient, why it stopped, wall time, CPU
time (user + system) and peak resident memory (``wait4``'s rusage of that process).

Usage::

    python tools/frontier.py [--jobs K] [--timeout S] [--max-memory 12G]
        [--memory 0.07=80G] [--max-order N] [--max-rounds R] [--dir DIR] [--only 0.07,0.4]
        [--dawson-checkpoint FILE.gz]

``--dawson-checkpoint`` seeds the 0.07 run from a checkpoint (``.gz`` is unpacked), e.g. the
round-105 one in ``benchmarks/data``. Results go to ``DIR/frontier.json`` and stdout.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

#: code -> largest heap asked for (the runs stop earlier on their budget)
FRONTIER = {"0.07": 40, "0.4": 60, "0.16": 40,
            "0.3102": 60, "0.3122": 60, "0.3123": 60, "0.3312": 60}


def _command(code: str, heap: int, args, checkpoint: Path) -> list[str]:
    memory = dict(m.split("=", 1) for m in args.memory).get(code, args.max_memory)
    return [sys.executable, "-m", "misere", "quotient", code, "--max-heap", str(heap),
            "--checkpoint", str(checkpoint), "--certify", "0", "--json", "--quiet",
            "--timeout", str(args.timeout), "--max-memory", memory,
            "--max-order", str(args.max_order), "--max-size", str(args.max_size),
            "--max-rounds", str(args.max_rounds)]


def _summary(code: str, out: str, rc: int, wall: float, usage) -> dict:
    try:
        data = json.loads(out)
    except ValueError:
        data = {"error": (out or "no output").strip().splitlines()[-1:]}
    est = data.get("established", data)
    return {"code": code, "rc": rc, "solved": bool(data.get("solved")),
            "last_heap": est.get("last_heap", data.get("max_heap")),
            "order": est.get("order"), "p_count": est.get("p_count"),
            "changes": est.get("changes"), "stopped": data.get("budget"),
            "error": data.get("error"), "wall_s": round(wall, 1),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
            "peak_rss_gib": round(usage.ru_maxrss / 2**20, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=3600.0)
    ap.add_argument("--max-memory", default="12G")
    ap.add_argument("--memory", action="append", default=[], metavar="CODE=SIZE",
                    help="another memory budget for one code, e.g. 0.07=80G")
    ap.add_argument("--max-order", type=int, default=40000)
    ap.add_argument("--max-size", type=int, default=20_000_000)
    ap.add_argument("--max-rounds", type=int, default=200)
    ap.add_argument("--dir", default="frontier-runs")
    ap.add_argument("--only", default="")
    ap.add_argument("--dawson-checkpoint", default="")
    args = ap.parse_args(argv)
    work = Path(args.dir)
    work.mkdir(parents=True, exist_ok=True)
    codes = [c for c in FRONTIER if not args.only or c in args.only.split(",")]
    if args.dawson_checkpoint and "0.07" in codes and not (work / "0.07.sqlite").exists():
        opener = gzip.open if args.dawson_checkpoint.endswith(".gz") else open
        with opener(args.dawson_checkpoint, "rb") as src, open(work / "0.07.sqlite", "wb") as dst:
            shutil.copyfileobj(src, dst)
    pending = list(codes)
    running: dict[int, tuple[str, subprocess.Popen, float, object]] = {}
    results = []
    while pending or running:
        while pending and len(running) < args.jobs:
            code = pending.pop(0)
            log = open(work / f"{code}.out", "w+")
            cmd = _command(code, FRONTIER[code], args, work / f"{code}.sqlite")
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.DEVNULL)
            running[proc.pid] = (code, proc, time.monotonic(), log)
            print(f"started {code}: {' '.join(cmd[2:])}", file=sys.stderr, flush=True)
        pid, status, usage = os.wait4(-1, 0)
        if pid not in running:
            continue
        code, proc, start, log = running.pop(pid)
        log.seek(0)
        row = _summary(code, log.read(), os.waitstatus_to_exitcode(status),
                       time.monotonic() - start, usage)
        log.close()
        results.append(row)
        print(f"finished {code}: heap {row['last_heap']}, |Q| {row['order']}, "
              f"{row['wall_s']} s, {row['peak_rss_gib']} GiB", file=sys.stderr, flush=True)
    results.sort(key=lambda r: codes.index(r["code"]))
    (work / "frontier.json").write_text(json.dumps(results, indent=1))
    print("| code | heap reached | \\|Q\\| | \\|P\\| | status | wall s | CPU s | peak GiB |")
    print("|---|---:|---:|---:|---|---:|---:|---:|")
    for r in results:
        status = "solved" if r["solved"] else (r["stopped"] or f"rc {r['rc']}")
        print(f"| {r['code']} | {r['last_heap']} | {r['order']} | {r['p_count']} | {status} "
              f"| {r['wall_s']} | {r['cpu_s']} | {r['peak_rss_gib']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
