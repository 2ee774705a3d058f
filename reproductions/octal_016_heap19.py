"""Why 0.16 does not converge at heap 19: where its candidates grow.

Usage::

    python reproductions/octal_016_heap19.py CHECKPOINT.sqlite [--powers K] [--search N]
                                         [--timeout S] [--max-memory M] [--fit] [--fit6] [--along]

``CHECKPOINT`` is a checkpoint of ``misere quotient 0.16 --max-heap 19 --checkpoint ...`` with a
candidate of heap 19 in progress (:func:`dawson_kayles_heap34_bounds.load_candidate`). Prints

1. *observed in the candidate* (not proved: the candidate is exact only below its least failure):
   the index and period of the powers of every heap's value, and, for the words ``19^k + 8^a + v``
   (``v`` without heaps 8 and 19), the *preperiod in a*: the least ``s`` such that the candidate's
   outcome of ``19^k + 8^a + v`` equals that of ``19^k + 8^(a+2) + v`` for every ``a >= s``;
2. *proved by brute force*: for ``0 <= i < j <= K`` (default 6), the candidate's shortest word
   ``y`` of heaps below 8 with ``19 + 8^i + y`` and ``19 + 8^j + y`` of different outcome in the
   candidate, and the true outcomes of both from an exhaustive outcome search on the rules
   (:func:`~misere.quotients.impartial.counters_data.ordered_search`, at most ``N`` positions,
   default 2,000,000). Every pair whose true outcomes differ proves ``Phi(8)^i != Phi(8)^j``
   in ``Q_19`` (and in every ``Q_n``, ``n >= 19``), whatever the candidate is worth. (With
   words of heaps below 8 these pairs stay within what ``Q_18`` has: there ``Phi(8) = c`` has
   index 4 and period 2, ``c^6 = c^4``; same-parity pairs from ``8^3`` on are not told apart.)
3. with ``--fit``: counter certificates read off the candidate counting 8 and 17
   (:func:`~misere.quotients.impartial.counters_data.build_certificate`), in the domain without
   heap 19 (checked by :func:`~misere.quotients.impartial.counters.check_certificate`) and with
   at most one heap of 19 (``a <= 50``, ``b <= 30``, windows up to 14);
4. with ``--fit6``: heap 8 counted alone with period 6 (the candidate's outcomes along ``8^a``
   are 6-periodic from ``a <= 15`` for every ``v`` with at most one 19, up to ``a = 45``), the
   check of that claim, and the exhaustive outcome of the failure the check reports;
5. with ``--along``: the candidate's outcomes of ``v + 8^a``, ``a < 75``, for the rests
   :data:`ALONG` (at round 66: ``19 + 12^2 + 1 + 8^a`` is P exactly at ``a ≡ 0 (mod 3)``,
   ``19 + 12^2 + 5 + 1 + 8^a`` at ``a ≡ 1 (mod 6)``, up to the candidate's truncation at ``a ≈ 61``:
   periods a candidate freeing heap 8 with period 2 cannot hold).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import numpy as np
from dawson_kayles_heap34_bounds import _word, load_candidate

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError
from misere.quotients.impartial.bounds import power_witnesses
from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters import check_certificate
from misere.quotients.impartial.counters_data import _elements, build_certificate, ordered_search
from misere.quotients.impartial.verify import word_value

CODE, TOP, GROWS = "0.16", 19, 8


def power_shapes(cand) -> dict[int, tuple[int, int]]:
    """``heap -> (index, period)`` of the powers of its value in the candidate (heaps whose
    value is not the identity)."""
    maps = np.asarray(cand.maps)
    row = {int(g): j for j, g in enumerate(cand.letters)}
    out = {}
    for h in range(1, len(cand.phi)):
        if cand.phi[h] == cand.identity:
            continue
        col, x, seen = maps[row[cand.phi[h]]], int(cand.identity), {}
        while x not in seen:
            seen[x] = len(seen)
            x = int(col[x])
        out[h] = (seen[x], len(seen) - seen[x])
    return out


def preperiods(cand, tops: int, counted: int = GROWS, top: int = TOP, span: int = 60,
               period: int = 2) -> np.ndarray:
    """For every value of the words ``v`` with at most ``tops`` heaps of size ``top`` and none of
    size ``counted``, the least ``s`` with ``o(counted^a + v) = o(counted^(a+period) + v)`` in
    the candidate for ``s <= a < span - period``."""
    maps = np.asarray(cand.maps)
    is_p = np.asarray(cand.is_p, dtype=bool)
    row = {int(g): j for j, g in enumerate(cand.letters)}

    def col(h: int) -> np.ndarray | None:
        return None if cand.phi[h] == cand.identity else maps[row[cand.phi[h]]]

    moves = rule_moves(CODE)
    heaps = tuple(h for h in range(1, len(cand.phi)) if h != counted and moves(h))
    _, values, _, _ = _elements(heaps, col, int(cand.identity), ((top, tops),))
    cur = values[values >= 0]
    status = np.zeros((span, len(cur)), dtype=bool)
    for a in range(span):
        status[a] = is_p[cur]
        cur = col(counted)[cur]
    differs = status[:-period] != status[period:]
    last = np.where(differs.any(axis=0), span - period - np.argmax(differs[::-1], axis=0), 0)
    return last


def single_count(cand) -> None:
    """Count 8 alone with period 6 (``a <= 44``, below the candidate's own truncation at index
    47) in the domain of at most one 19, check the claim, and decide its first failure by an
    exhaustive search (419 s CPU in all at load 2)."""
    cert = build_certificate(CODE, cand, (GROWS,), exact_a=44, b_max=1, max_window=30,
                             limits=((TOP, 1),), period=6)
    if cert is None:
        print("one count (8), period 6, at most one 19: no window up to 30 fits")
        return
    proof = check_certificate(cert)
    print(f"one count (8), period 6, at most one 19: {cert.order} values, windows "
          f"{cert.windows}; check: {proof.reason} ({proof.pairs} pairs)")
    pos = (11, 14, 14, 14, 16, 19)  # the failure that check reports (value 11473 is 14^3 16 19)
    claimed = cert.claims_p((0,), cert.psi(pos))
    r, n = ordered_search(CODE, pos, node_limit=3_000_000)
    print(f"  {_word(pos)}: candidate says {'P' if claimed else 'N'}, exhaustive search "
          f"{'P' if r else 'N'} ({n} positions)")


#: the rests ``v`` of the lines printed by :func:`along`; the first two hold the late rounds'
#: least failures (``19 + 12^2 + 8^a + 1`` at ``a = 49, 50, 51``, ``19 + 12^2 + 8^55 + 5 + 1``)
ALONG = ((19, 12, 12, 1), (19, 12, 12, 5, 1), (19, 1), (19, 5), (19, 5, 5, 5), (12, 12, 1))


def along(cand, span: int = 75) -> None:
    """Print the candidate's outcome of ``v + 8^a`` for ``a < span`` and the rests ``ALONG``:
    ``P`` or ``.`` (observed; exact only for the words below the candidate's least failure)."""
    q, is_p, phi = cand.candidate()
    for rest in ALONG:
        line = "".join("P" if is_p[word_value(q, phi, rest + (GROWS,) * a)] else "."
                       for a in range(span))
        print(f"  {_word(rest):>14} + 8^a, a = 0..{span - 1}: {line}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkpoint")
    ap.add_argument("--powers", type=int, default=6)
    ap.add_argument("--search", type=int, default=2_000_000)
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-memory", default="8G")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--fit6", action="store_true")
    ap.add_argument("--along", action="store_true", help="print the outcomes of v + 8^a, a < 75")
    args = ap.parse_args(argv)
    t0 = time.process_time()
    from pathlib import Path
    heap, rnd, cand = load_candidate(Path(args.checkpoint))
    print(f"candidate of heap {heap}, round {rnd}: {len(cand.is_p)} elements, "
          f"{int(np.sum(cand.is_p))} P")
    print("observed in the candidate (not proved):")
    print("  powers (index, period): " + ", ".join(f"{h}: {s}" for h, s in power_shapes(cand).items()))
    if args.along:
        along(cand)
    for k in (0, 1, 2):
        for period, span in ((2, 60), (6, 46)):
            pre = preperiods(cand, k, span=span, period=period)
            print(f"  words 8^a + v, v with at most {k} heaps of 19, a < {span}: {len(pre)} "
                  f"values of v; largest preperiods in a for period {period} (value: count) "
                  f"{sorted(Counter(pre.tolist()).items())[-4:]}")
    print(f"proved by exhaustive search (at most {args.search} positions each):")
    proved = []
    with budget.limits(timeout=args.timeout, max_memory=args.max_memory):
        try:
            for w in power_witnesses(cand, GROWS, args.powers, prefix=(TOP,)):
                got = []
                for e in (w.i, w.j):
                    pos = (TOP,) + (GROWS,) * e + w.y
                    r, n = ordered_search(CODE, pos, node_limit=args.search)
                    got.append(r)
                    print(f"  {_word(pos)}: {'P' if r else 'N'} ({n} positions)", flush=True)
                if got[0] != got[1]:
                    proved.append((w.i, w.j))
        except (ComputationLimitError, BudgetExceededError) as e:
            print(f"  stopped: {e}")
        if args.fit:
            for tops, exact_a in ((0, 24), (1, 50)):
                cert = build_certificate(CODE, cand, (GROWS, 17), exact_a=exact_a, b_max=30,
                                         max_window=14, limits=((TOP, tops),))
                if cert is None:
                    print(f"fit with at most {tops} heaps of 19: no window up to 14 fits")
                    continue
                proof = check_certificate(cert)
                print(f"fit with at most {tops} heaps of 19: {cert.order} values, windows "
                      f"{cert.windows}; check: {proof.reason} ({proof.pairs} pairs, box "
                      f"[0, {proof.box}]^2)")
        if args.fit6:
            single_count(cand)
    pairs = args.powers * (args.powers + 1) // 2
    print(f"proved: {len(proved)} of the {pairs} pairs 8^i != 8^j (i < j <= {args.powers}) in "
          f"Q_19: {proved}; {time.process_time() - t0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
