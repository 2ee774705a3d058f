"""Proof that Dawson's Kayles (0.07) has an infinite misère quotient at heap 34 (issue 21 item 2).

Usage::

    python benchmarks/dawson_infinite.py [--from-store] [--save] [--tokens T] [--search N]
                                         [--timeout S] [--max-memory M]

``--from-store`` checks the stored claim ``src/misere/quotients/infinite/data/dawson-heap34.npz``
(plain arrays) instead of reading it off the checkpoint (whose pickled candidate depends on the
engine's classes); ``--save`` writes that file from the checkpoint.

1. Reads a claim off the round-170 candidate (benchmarks/data): the outcome of every position
   ``34^a 30^b v`` (``v`` of the other heaps up to 33) as a table over a 1,504-element monoid
   for ``v`` and a coarse state of ``(a, b)`` (``counters_data.build_certificate``). The
   candidate is only where the claim comes from.
2. Checks the claim from the rules of 0.07 alone (``counters.check_certificate``, theorem in
   that module): then it holds for every position of heaps ``<= 34``.
3. Reads off, for every ``0 <= i < j``, a word ``y`` with ``o(34^i + y) != o(34^j + y)`` in
   finitely many infinite families (``counters.family_claims``):
   ``Phi(34)`` has infinite order, so ``Q_34`` is infinite.
4. Cross-checks the claim against brute force: every position of at most ``T`` tokens (default
   60), and the small witnesses by an exhaustive search (at most ``N`` positions each, default
   300,000: the search stops at the first position that needs more).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from dawson_bounds import DEFAULT, load_candidate

from misere import budget
from misere.errors import BudgetExceededError, ComputationLimitError
from misere.quotients.impartial.counters import certificate_outcome, check_certificate, family_claims
from misere.quotients.impartial.counters_data import (build_certificate, cross_check, load_certificate,
                                                      ordered_search, residue_family_claims,
                                                      save_certificate)

#: the claim as plain arrays (written by ``--save``)
from misere.quotients.infinite.store import DATA

STORED = DATA / "dawson-heap34.npz"
#: (description, y, b_min, b_max, d_min, d_step, expected P-status[, options]): the position is
#: ``34^(b + d) 30^b + y`` over ``b_min <= b <= b_max``, ``d = d_min + d_step k`` (``k >= 0``);
#: options (a dict): ``base`` and ``along``, the counts ``base + b along + d e1``
#: (``counters.family_states``), ``residue=(m, r)``, the members with ``a = r (mod m)`` only
FAMILIES = [
    ("34^0 + 2", (2,), 0, 0, 0, 0, True),
    ("34^j + 2, j >= 1", (2,), 0, 0, 1, 1, False),
    ("34^j, j odd", (), 0, 0, 1, 2, False),
    ("34^j, j even >= 2", (), 0, 0, 2, 2, True),
    ("34 + 14", (14,), 0, 0, 1, 0, False),
    ("34^(1+2t) + 14, t >= 1", (14,), 0, 0, 3, 2, True),
    ("34^2 + 27 + 2", (27, 2), 0, 0, 2, 0, False),
    ("34^(2+2t) + 27 + 2, t >= 1", (27, 2), 0, 0, 4, 2, True),
    ("34^i + 33 + 30^(i-3) + 25 + 14, i >= 3", (33, 25, 14), 0, None, 3, 0, False),
    ("34^(i+2t) + 33 + 30^(i-3) + 25 + 14, i >= 3, t >= 1", (33, 25, 14), 0, None, 5, 2, True),
]
#: positions searched exhaustively (the smallest of the families)
SEARCHED = [(2,), (34, 2), (34, 34, 2), (34,), (34, 34), (34, 34, 34), (34, 14), (34, 34, 27, 2),
            (34, 34, 34, 14), (34,) * 4 + (27, 2), (34,) * 3 + (33, 25, 14)]


def _word(heaps) -> str:
    return " ".join(f"{h}^{e}" if e > 1 else str(h)
                    for h, e in sorted(Counter(heaps).items(), reverse=True)) or "0"


def arguments(doc: str, argv: list[str]) -> argparse.Namespace:
    """The command line shared with ``grundy_infinite.py``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--from-store", action="store_true")
    ap.add_argument("--save", action="store_true")
    ap.add_argument("--tokens", type=int, default=60)
    ap.add_argument("--search", type=int, default=300_000)
    ap.add_argument("--timeout", type=float, default=None)
    ap.add_argument("--max-memory", default="8G")
    return ap.parse_args(argv)


def obtain(args: argparse.Namespace, stored, make) -> tuple:
    """The claim to check: read from ``stored`` (``--from-store``) or ``make()`` -> ``(cert or
    None, origin)``, written to ``stored`` with ``--save``. Shared with ``grundy_infinite.py``."""
    with budget.limits(timeout=args.timeout, max_memory=args.max_memory):
        if args.from_store:
            return load_certificate(stored), f"claim from {stored.name}"
        cert, origin = make()
        if cert is not None and args.save:
            save_certificate(cert, stored)
            print(f"wrote {stored}")
        return cert, origin


def _from_checkpoint():
    heap, rnd, cand = load_candidate()
    return (build_certificate("0.07", cand, (34, 30), exact_a=23),
            f"claim from the heap-{heap} candidate of round {rnd}")


def run(doc: str, argv: list[str], stored, make, families, searched, scope: str,
        conclusion: str) -> int:
    """The whole script (shared with ``grundy_infinite.py``): obtain the claim, then
    :func:`prove`."""
    args = arguments(doc, argv)
    t0 = time.process_time()
    cert, origin = obtain(args, stored, make)
    if cert is None:
        print("no window fits the candidate's outcomes")
        return 1
    return prove(cert, origin, families, searched, args, t0, scope, conclusion)


def main(argv: list[str]) -> int:
    return run(__doc__, argv, STORED, _from_checkpoint, FAMILIES, SEARCHED,
               "every position 34^a 30^b v of 0.07 (heaps <= 34)",
               "Phi(34) has infinite order in Q_34 (every pair i < j told apart above), "
               "so Q_34 is infinite")


def prove(cert, origin: str, families, searched, args, t0: float, scope: str, conclusion: str) -> int:
    """Check ``cert``, read its families, cross-check with brute force; print each step.
    Shared with ``grundy_infinite.py``; returns the exit status."""
    say = lambda line: print(f"  {line}  ({time.process_time() - t0:.0f} s CPU)", file=sys.stderr,  # noqa: E731
                             flush=True)
    counts = " and ".join(f"#{'/'.join(map(str, g))}" for g in cert.members)
    sums = "" if cert.sums is None else " of the sums " + ", ".join(
        " + ".join(f"#{cert.counters[i]}" for i in s) for s in cert.sums)
    print(f"{origin}: monoid X of {cert.order} elements for the heaps not counted by {counts}"
          f"{'' if cert.outside is None else ' (one of them: outside the domain)'}, "
          f"windows {cert.windows}{sums}, period {cert.period}, {len(cert.p_table)} coarse states")
    with budget.limits(timeout=args.timeout, max_memory=args.max_memory):
        try:
            proof = check_certificate(cert, tick=say)
        except BudgetExceededError as e:
            print(f"check stopped: {e}; nothing proved")
            return 1
        print(f"check: {proof.reason} ({proof.pairs} minimal transition pairs, box "
              f"[0, {proof.box}]^{len(cert.counters)}, {proof.states} fine states; "
              f"{time.process_time() - t0:.0f} s CPU)")
        if not proof.ok:
            return 1
        print(f"proved: {scope} has the claimed outcome")
        ok = True
        for name, y, b_min, b_max, d_min, d_step, want, *options in families:
            opts = dict(options[0]) if options else {}
            residue = opts.pop("residue", None)  # only the members with a = r (mod m)
            got = (residue_family_claims(cert, y, b_min, b_max, d_min, d_step, *residue, **opts)
                   if residue else family_claims(cert, y, b_min, b_max, d_min, d_step, **opts))
            ok &= got == {want}
            print(f"  {name}: {'/'.join('P' if g else 'N' for g in sorted(got))}")
        print(f"proved: {conclusion}" if ok else "families: NOT as expected")
        try:
            count, bad = cross_check(cert, args.tokens)
            print(f"brute force, every position of at most {args.tokens} tokens: {count} positions, "
                  f"{'all agree' if bad is None else 'MISMATCH at ' + _word(bad)}")
            ok &= bad is None
            for w in searched:
                t1 = time.process_time()
                try:
                    r, n = ordered_search(cert.code, w, lambda pos: certificate_outcome(cert, pos),
                                          node_limit=args.search)
                except ComputationLimitError:
                    print(f"  search {_word(w)}: more than {args.search} positions; stopped")
                    break
                agree = r == certificate_outcome(cert, w)
                ok &= agree
                print(f"  search {_word(w)} ({sum(w)} tokens): {'P' if r else 'N'}, {n} positions, "
                      f"{time.process_time() - t1:.1f} s CPU, {'agrees' if agree else 'DISAGREES'}")
        except BudgetExceededError as e:
            print(f"cross-check stopped: {e} (the proof above stands)")
    print(f"{time.process_time() - t0:.0f} s CPU")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
