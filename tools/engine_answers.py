"""SHA-1 of ``quotient(code, max_heap=heap).as_dict()`` for a fixed set of codes (issue 21 item 5).

Usage::

    PYTHONPATH=src python tools/engine_answers.py [CODE:HEAP ...]

A refactor of the quotient engine must leave every line byte-identical: run it on ``main`` and
on the branch and compare (``diff``). The dict is dumped as ``ab_trees.py`` does (``json.dumps``
with sorted keys, ``default=str``).
"""
from __future__ import annotations

import hashlib
import json
import sys

RUNS = ["0.07:33", "0.4:30", "0.77:40", "0.144:40", "0.123:30", "0.16:14", "0.3122:6"]


def answer(code: str, heap: int) -> str:
    """SHA-1 of the quotient's ``as_dict()`` as JSON."""
    import misere.quotients as mq

    q = mq.quotient(code, max_heap=heap, quiet=True)
    return hashlib.sha1(json.dumps(q.as_dict(), sort_keys=True, default=str).encode()).hexdigest()


def main(argv: list[str]) -> int:
    for run in argv or RUNS:
        code, _, heap = run.partition(":")
        print(f"{code}:{heap} {answer(code, int(heap))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
