"""Commutative monoids of one order up to isomorphism, in resumable parts.

    python tools/classify_monoids.py 9 --parts 128 --dir m9    # each part a file in m9/
    python tools/classify_monoids.py 9 --parts 128 --dir m9 --worker 1/2   # a second process
    python tools/classify_monoids.py 9 --parts 128 --dir m9 --merge m9.pkl

Part ``i`` runs the compiled search of :func:`misere.quotients.classify.fast.
sorted_labelled_monoids` on its share of the search tree and stores the canonical forms of its
tables (:func:`misere.quotients.classify.monoids.monoid_classes`) in ``DIR/part_i.pkl`` with its
CPU seconds; parts already stored are skipped, so an interrupted run resumes. ``--merge`` unites
the parts (all must be present, or ``--partial``: those done, which is not every monoid), prints
the count (1, 2, 5, 19, 78, 421, 2637, 20486, 246458 for orders 1-9; the monoids whose only unit is
the identity are the commutative semigroups of one order less with an identity adjoined: 17,291
and 221,805 of them at orders 8 and 9, OEIS A001426) and writes the sorted list, which ``reproductions/quotients_by_order_in_parts.py
--monoids`` reads.
"""
from __future__ import annotations

import argparse
import pickle
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("order", type=int)
    ap.add_argument("--parts", type=int, default=64)
    ap.add_argument("--depth", type=int, default=6, help="cells fixed before the split")
    ap.add_argument("--dir", required=True)
    ap.add_argument("--merge", metavar="OUT")
    ap.add_argument("--worker", default="0/1", metavar="W/K",
                    help="run only the parts i with i mod K = W (K processes share one directory)")
    ap.add_argument("--partial", action="store_true",
                    help="with --merge: unite only the parts done (not every monoid of the order)")
    args = ap.parse_args()
    d = Path(args.dir)
    d.mkdir(parents=True, exist_ok=True)
    files = [d / f"part_{i}.pkl" for i in range(args.parts)]
    if args.merge:
        found: set = set()
        secs = 0.0
        done = [f for f in files if f.exists()]
        if len(done) < len(files) and not args.partial:
            raise SystemExit(f"{len(files) - len(done)} parts missing (--partial to merge the rest)")
        for f in done:
            with open(f, "rb") as fh:
                part, s, _tables = pickle.load(fh)
            found |= part
            secs += s
        ms = sorted(found)
        with open(args.merge, "wb") as fh:
            pickle.dump(ms, fh)
        print(f"order {args.order}: {len(ms)} commutative monoids from {len(done)} of {len(files)} "
              f"parts, {secs:.0f} CPU s")
        return
    from misere.quotients.classify.fast import sorted_labelled_monoids
    from misere.quotients.classify.monoids import monoid_classes

    w, k = map(int, args.worker.split("/"))
    for i, f in enumerate(files):
        if f.exists() or i % k != w:
            continue
        t0 = time.process_time()
        tables = sorted_labelled_monoids(args.order, cap=5_000_000, part=(i, args.parts),
                                         depth=args.depth)
        classes = monoid_classes(t.tolist() for t in tables)
        secs = time.process_time() - t0
        tmp = f.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            pickle.dump((classes, secs, len(tables)), fh)
        tmp.rename(f)
        print(f"part {i}/{args.parts}: {len(tables)} tables, {len(classes)} classes, "
              f"{secs:.1f} CPU s", flush=True)


if __name__ == "__main__":
    main()
