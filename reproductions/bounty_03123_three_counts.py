"""Why 0.3123 at heap 12 needs three counts (observed, not a proof; docs/results/infinite.md,
and in full benchmarks/README.md, "The failure cycles of 0.3102, 0.3312, 0.3122 and 0.3123").

Usage::

    python reproductions/bounty_03123_three_counts.py [--round R] [--timeout S] [--max-memory M]

1. Builds the engine's heap-12 candidate of round ``R >= 16`` (default 43: 141,878 elements,
   exact on every word with one heap of 12 and at most ``R // 4 = 10`` heaps of 11, its least
   failure being ``12 11^11 9^13``). The whole script: 226 s CPU, 1.9 GB peak (load 4).
2. Reads two-count claims off it in the domain of at most one heap of 12 (no move adds one)
   and checks them (``counters.check_certificate``): counting 11 and 2, 11 and 9, 11 and
   {2, 4}, 11 and {2, 4, 9}. None passes.
3. Compares 2 with 9 by exhaustive search: ``12 + 8 + 6 + 9`` and ``12 + 8 + 6 + 2`` differ.
4. With ``a = #11``, ``p = #2 + #4``, ``q = #9`` and ``v`` the other heaps (at most one 12),
   finds the smallest windows with which the candidate's outcomes for ``a <= exact``, ``p, q <=
   14`` are a function of ``(min(a, Ka), min(p, Kp), min(q, Kq), clamp(a - p - q, -Kd, Kd), a, p,
   q mod 2)`` and ``v``'s value, and checks that 2 and 4 are interchangeable there: the shape
   a three-count certificate would need.
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time

import numpy as np
from dawson_kayles_heap34_bounds import _word

from misere import budget
from misere.errors import BudgetExceededError
from misere.impartial.octal import octal_game
from misere.quotients.impartial.counters import check_certificate
from misere.quotients.impartial.counters_data import _elements, build_certificate, ordered_search
from misere.quotients.infinite.discover import round_candidate

CODE, HEAP, LIMITS, TOP = "0.3123", 12, ((12, 1),), 14
#: the two-count claims tried (``build_certificate``'s arguments besides ``exact_a``)
TRIED = [dict(counters=(11, 2)), dict(counters=(11, 9)), dict(counters=(11, 2), groups=((11,), (2, 4))),
         dict(counters=(11, 2), groups=((11,), (2, 4, 9)))]


def _action(cand):
    """``(is_p, times, base, inside)``: ``times(xs, h, k)`` multiplies values by ``Phi(h)^k``;
    ``base`` holds the values of ``v`` (heaps 1, 3, 5, 6, 7, 8, 10 and at most one 12; ``inside``
    false for the words past that limit)."""
    maps, is_p = np.asarray(cand.maps), np.asarray(cand.is_p, dtype=bool)
    row = {int(g): j for j, g in enumerate(cand.letters)}
    phi = [int(v) for v in cand.phi]

    def col(h: int):
        return None if phi[h] == cand.identity else maps[row[phi[h]]]

    def times(xs, h: int, k: int = 1):
        for _ in range(k):
            xs = xs if col(h) is None else col(h)[xs]
        return xs

    _, values, _, _ = _elements((1, 3, 5, 6, 7, 8, 10, 12), col, int(cand.identity), LIMITS)
    return is_p, times, np.maximum(values, 0), values >= 0


def three_count_data(cand, exact: int) -> dict[tuple[int, int, int], bytes]:
    """P-bits over ``v``'s values of ``11^a 2^p 9^q v`` for ``a <= exact``, ``p, q <= TOP``."""
    is_p, times, xa, inside = _action(cand)
    data = {}
    for a in range(exact + 1):
        xp = xa
        for p in range(TOP + 1):
            xq = xp
            for q in range(TOP + 1):
                data[a, p, q] = (is_p[xq] & inside).tobytes()
                xq = times(xq, 9)
            xp = times(xp, 2)
        xa = times(xa, 11)
        budget.check()
    return data


def interchangeable(cand, exact: int) -> bool:
    """Whether 2 and 4 give the same P-bits in every ``11^a 9^q v`` plus ``m`` twos and fours
    (``a <= exact``, ``q < 6``, ``m < 9``)."""
    is_p, times, base, inside = _action(cand)
    for a, q, m in itertools.product(range(exact + 1), range(6), range(9)):
        x = times(times(base, 11, a), 9, q)
        if len({(is_p[times(times(x, 2, s), 4, m - s)] & inside).tobytes() for s in range(m + 1)}) > 1:
            return False
    return True


def smallest_windows(data) -> tuple[tuple[int, int, int, int], int] | None:
    """Smallest ``(Ka, Kp, Kq, Kd)`` (by their sum, each <= 4, ``Kd`` <= 3) that fit, and the
    number of states."""
    best = None
    for ka, kp, kq, kd in itertools.product(range(5), range(5), range(5), range(4)):
        if best is not None and ka + kp + kq + kd >= sum(best[0]):
            continue
        table: dict = {}
        for (a, p, q), bits in data.items():
            key = (min(a, ka), min(p, kp), min(q, kq), max(-kd, min(kd, a - p - q)), a % 2, p % 2, q % 2)
            if table.setdefault(key, bits) != bits:
                break
        else:
            best = ((ka, kp, kq, kd), len(table))
    return best


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--round", type=int, default=43)
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-memory", default="4G")
    args = ap.parse_args(argv)
    exact = args.round // 4  # rounds 4k - 4 .. 4k - 1 fail with 12 11^k (k >= 5)
    t0 = time.process_time()
    try:
        with budget.limits(timeout=args.timeout, max_memory=args.max_memory):
            cand = round_candidate(octal_game(CODE), HEAP, args.round)
            print(f"heap-{HEAP} candidate of round {cand.round}: {len(cand.is_p)} elements "
                  f"({time.process_time() - t0:.0f} s CPU); exact with one 12 and <= {exact} elevens",
                  flush=True)
            for shape in TRIED:
                cert = build_certificate(CODE, cand, exact_a=exact, b_max=30, limits=LIMITS, **shape)
                groups = shape.get("groups", ((11,), (shape["counters"][1],)))
                reason = "no window fits" if cert is None else check_certificate(cert).reason
                print(f"  two counts {groups[0]} and {groups[1]}: "
                      f"{'' if cert is None else f'windows {cert.windows}, '}{reason}", flush=True)
            for w in ((12, 8, 6, 9), (12, 8, 6, 2)):
                print(f"  {_word(w)}: {'P' if ordered_search(CODE, w)[0] else 'N'} (exhaustive search)")
            fit = smallest_windows(three_count_data(cand, exact))
            print(f"  three counts a = #11, p = #2 + #4, q = #9: windows (Ka, Kp, Kq, Kd) = "
                  f"{None if fit is None else fit[0]}, {None if fit is None else fit[1]} states "
                  f"on a <= {exact}, p, q <= {TOP}; 2 and 4 interchangeable: {interchangeable(cand, exact)}")
    except BudgetExceededError as e:
        print(f"budget: {e}; the lines above are what was established")
    print(f"{time.process_time() - t0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
