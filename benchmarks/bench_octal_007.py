"""Dawson's Kayles (0.07): misère partial quotients heap by heap, with times and memory.

Targets: heap 33 (|Q| = 638, seed 002 Fig. 17) faster than the reference Java MisereSolver
(~21 s on a 2-core machine; issue 4), then heap 34 and beyond (issue 11; seed 002 §10.1.1).

Usage::

    python benchmarks/bench_octal_007.py [LAST_HEAP] [--checkpoint FILE] [--max-size N]
        [--max-memory 12G] [--max-order N] [--max-rounds R] [--rounds] [--verify LOW] [--samples K]

Prints one line per heap (wall and CPU seconds, |Q|, |P|, peak resident memory) and the
total; the load average too, since other processes on the machine distort wall times. With
``--checkpoint`` the run commits every heap and every recalibration round and resumes exactly
where an interrupted run stopped. ``--verify LOW`` checks the final quotient's outcome
predictions against an independent brute-force misère outcome recursion
(:class:`misere.quotients.impartial.certify.PackedOutcomes`, which uses only the rules) on
positions containing a heap of size ``LOW..LAST_HEAP``: every such heap with every multiset of
heaps <= 8 of at most 10 tokens, and ``K`` random positions with one or two such heaps.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import sys
import time

import misere
from misere.quotients.impartial.certify import PackedOutcomes, code_moves
from misere.quotients.impartial.driver import compute
from misere.quotients.impartial.solver import Limits
from misere.impartial.octal import octal_game


def _rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # GiB (Linux: KiB)


def _small(max_heap: int, tokens: int):
    """Multisets (non-increasing tuples) of heaps ``1..max_heap`` with at most ``tokens``."""
    yield ()
    for h in range(1, min(max_heap, tokens) + 1):
        for rest in _small(h, tokens - h):
            yield (h,) + rest


def verify(predict, code: str, low: int, high: int, samples: int, seed: int = 34
           ) -> tuple[int, int]:
    """Compare ``predict(position) -> is P`` with the brute force on positions using heaps
    ``low..high``; return ``(positions, disagreements)``."""
    moves = code_moves(code)
    rnd = random.Random(seed)
    positions = [tuple(sorted((h,) + w)) for h in range(low, high + 1)
                 for w in _small(8, 10)]
    for _ in range(samples):
        big = [rnd.randrange(low, high + 1) for _ in range(rnd.choice((1, 2)))]
        pos = big + [rnd.randrange(1, 11) for _ in range(rnd.randrange(0, 4))]
        positions.append(tuple(sorted(pos)))
    positions = sorted(set(positions), key=lambda p: (sum(p), p))
    tokens = max(sum(p) for p in positions)
    brute = PackedOutcomes(moves, high, tokens)
    sys.setrecursionlimit(max(10_000, 4 * tokens))
    bad = 0
    for pos in positions:
        if predict(pos) != brute.is_p(brute.key(pos)):
            bad += 1
            print(f"# DISAGREEMENT at {pos}", flush=True)
    return len(positions), bad


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("last", nargs="?", type=int, default=33)
    ap.add_argument("--code", default="0.07")
    ap.add_argument("--checkpoint")
    ap.add_argument("--max-size", type=int, default=None, help="Limits.max_candidate")
    ap.add_argument("--max-memory", default="12G")
    ap.add_argument("--max-order", type=int, default=None, help="Limits.max_order")
    ap.add_argument("--max-rounds", type=int, default=None, help="Limits.max_rounds")
    ap.add_argument("--rounds", action="store_true",
                    help="also print every recalibration round (candidate order, |P|, failure "
                         "word, elapsed wall seconds, peak GiB)")
    ap.add_argument("--verify", type=int, default=None, metavar="LOW")
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--pending", action="store_true",
                    help="only check the candidate of the change in progress in --checkpoint")
    args = ap.parse_args()
    if args.pending:
        verify_pending(args.checkpoint, args.code, args.verify or 30, args.samples)
        return
    game = octal_game(args.code)
    limits = Limits()
    if args.max_size:
        limits.max_candidate = args.max_size
    if args.max_order:
        limits.max_order = args.max_order
    if args.max_rounds:
        limits.max_rounds = args.max_rounds
    print(f"# {args.code} to heap {args.last}; {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.2f}")
    print("heap   |Q|   |P|   wall s    cpu s   peak GiB")
    clock = {"wall": time.perf_counter(), "cpu": time.process_time()}
    t0 = clock["wall"]

    def progress(heap: int, order: int, message: str) -> None:
        if args.rounds and ", freeing heaps" in message:
            clock["freed"] = message.partition(", freeing heaps ")[2]  # the last one is taken
        if args.rounds and (", verifying candidate" in message or ", recalibrating" in message):
            freed = clock.pop("freed", None) if ", verifying" in message else None
            print(f"#   {message}{f' from heaps {freed}' if freed else ''}  "
                  f"[{time.perf_counter() - t0:.0f} s, peak {_rss():.2f} GiB]", flush=True)
        if message != "done":
            return
        wall, cpu = time.perf_counter(), time.process_time()
        print(f"{heap:4d} {order:5d}        {wall - clock['wall']:8.2f} {cpu - clock['cpu']:8.2f}"
              f" {_rss():8.2f}", flush=True)
        clock.update(wall=wall, cpu=cpu)

    c0 = time.process_time()
    with misere.limits(max_memory=args.max_memory, quiet=True):
        q = compute(game, args.last, limits=limits, checkpoint=args.checkpoint, progress=progress)
    print(f"# total {time.perf_counter() - t0:.1f} s wall, {time.process_time() - c0:.1f} s cpu; "
          f"peak {_rss():.2f} GiB; load {os.getloadavg()[0]:.2f}")
    print(f"# heap {q.max_heap}: |Q| = {q.order}, |P| = {q.p_count}")
    print(f"# presentation: {q.presentation}")
    print(f"# P = {{{','.join(q.P)}}}")
    if args.verify is not None:
        t = time.perf_counter()
        n, bad = verify(lambda pos: q.outcome(pos) == "P", args.code, args.verify, q.max_heap,
                        args.samples)
        print(f"# brute force on {n} positions using heaps {args.verify}..{q.max_heap}: "
              f"{'agreed' if not bad else f'{bad} DISAGREE'} ({time.perf_counter() - t:.1f} s)")


def verify_pending(path: str, code: str, low: int, samples: int) -> None:
    """Check the candidate of an unfinished presentation change stored in a checkpoint.

    A candidate is right on every position colex-below its least failure (induction on the
    colex order, notes E.2: a word's options are colex-smaller), e.g. on every position with
    fewer copies of the new heap than the failure has; here its predictions are compared with
    the brute force on positions using heaps ``low..heap``.
    """
    from misere.quotients.impartial.checkpoint import Checkpoint
    ck = Checkpoint(path, code)
    try:
        st, _ = ck.load()
        pend = ck.pending(st.heap + 1)
    finally:
        ck.close()
    if pend is None:
        print(f"# no presentation change in progress in {path}")
        return
    q, is_p, phi = pend.candidate()
    print(f"# heap {pend.heap}, round {pend.round}: candidate of order {q.order}, "
          f"|P| = {int(is_p.sum())}")

    def predict(pos):
        x = q.identity
        for h in pos:
            x = q.mul(x, phi[h])
        return bool(is_p[x])

    t = time.perf_counter()
    n, bad = verify(predict, code, low, pend.heap, samples)
    print(f"# brute force on {n} positions using heaps {low}..{pend.heap}: "
          f"{'agreed' if not bad else f'{bad} DISAGREE'} ({time.perf_counter() - t:.1f} s)")


if __name__ == "__main__":
    main()
