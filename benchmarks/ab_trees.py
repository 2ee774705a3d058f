"""Two source trees of misere side by side on one quotient, in pairs (issue 21 item 4).

Usage::

    python benchmarks/ab_trees.py TREE_A TREE_B [--code 0.07] [--heap 33] [--pairs 8]

Each pair runs one fresh process per tree, back to back, the order alternating from pair to
pair. A process computes the quotient four times: the first run pays for loading numba and its
kernels (as a command-line run does), the best of the other three is the warm compute. Printed:
CPU seconds of both per pair, min and median per tree, and the median over the pairs of the
ratio B / A. Meant for a shared machine, where whole-process times move by 20 % from one
minute to the next but two processes run back to back see about the same load. Target (issue
21 item 4): 0.07 to heap 33 at half of ``main``'s time.

Both trees must have compiled bytecode and a warm numba cache for comparable numbers (run each
once first; with ``PYTHONDONTWRITEBYTECODE`` set, ``env -u PYTHONDONTWRITEBYTECODE python -m
compileall TREE/src``). The answers of both trees are compared too (SHA-1 of ``as_dict()``).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

_RUN = r"""
import hashlib, json, resource, sys
import misere.quotients as mq

def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

code, heap = sys.argv[1], int(sys.argv[2])
c = cpu()
q = mq.quotient(code, max_heap=heap, certify=0, quiet=True)
first = cpu() - c
warm = []
for _ in range(3):
    c = cpu()
    mq.quotient(code, max_heap=heap, certify=0, quiet=True)
    warm.append(cpu() - c)
answer = hashlib.sha1(json.dumps(q.as_dict(), sort_keys=True, default=str).encode()).hexdigest()[:12]
print(first, min(warm), answer, q.order)
"""


def _one(tree: str, code: str, heap: int) -> tuple[float, float, str]:
    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
    r = subprocess.run([sys.executable, "-c", _RUN, code, str(heap)], capture_output=True, text=True,
                       env=env)
    if r.returncode:
        raise SystemExit(f"{tree}: exit {r.returncode}: {r.stderr.strip().splitlines()[-1:]}")
    first, warm, answer, order = r.stdout.split()
    return float(first), float(warm), f"{answer} (order {order})"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree_a")
    ap.add_argument("tree_b")
    ap.add_argument("--code", default="0.07")
    ap.add_argument("--heap", type=int, default=33)
    ap.add_argument("--pairs", type=int, default=8)
    args = ap.parse_args(argv)
    trees = [args.tree_a, args.tree_b]
    rows: dict[str, list[tuple[float, float]]] = {t: [] for t in trees}
    answers = {t: set() for t in trees}
    for i in range(args.pairs):
        for t in trees if i % 2 == 0 else trees[::-1]:
            first, warm, answer = _one(t, args.code, args.heap)
            rows[t].append((first, warm))
            answers[t].add(answer)
        (fa, wa), (fb, wb) = rows[trees[0]][-1], rows[trees[1]][-1]
        print(f"pair {i}: A first {fa:.2f} warm {wa:.2f}   B first {fb:.2f} warm {wb:.2f}   "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
    for k, name in ((0, "first run"), (1, "warm")):
        a = [r[k] for r in rows[trees[0]]]
        b = [r[k] for r in rows[trees[1]]]
        ratio = statistics.median(y / x for x, y in zip(a, b))
        print(f"{name:9}  A min {min(a):.2f} median {statistics.median(a):.2f}   "
              f"B min {min(b):.2f} median {statistics.median(b):.2f}   median B/A {ratio:.3f}")
    print("answers:", {t: sorted(v) for t, v in answers.items()})
    return 0 if answers[trees[0]] == answers[trees[1]] else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
