"""Misère quotients of one order in parts, for orders where ``classify`` is too slow.

    python reproductions/quotients_by_order_in_parts.py 16 --part 0/3 --save m8.pkl --out part0.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --part 1/3 --monoids m8.pkl --out part1.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --part 2/3 --monoids m8.pkl --out part2.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --merge part0.pkl part1.pkl part2.pkl

Each part runs :func:`misere.quotients.classify.enumerate.realised_part` over every k-th
commutative monoid of order n/2 (``--save`` stores that list, which takes minutes for order 8,
and ``--monoids`` reads it back); ``--merge`` unites the parts, checks each class's witness with
the quotient engine and its brute-force certificate, and prints the classes.
"""
from __future__ import annotations

import argparse
import pickle
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("order", type=int)
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--monoids")
    ap.add_argument("--save")
    ap.add_argument("--out")
    ap.add_argument("--merge", nargs="*")
    args = ap.parse_args()
    if args.merge:
        _merge(args.order, args.merge)
        return
    from misere.quotients.classify.enumerate import realised_part
    from misere.quotients.classify.monoids import commutative_monoids

    t0 = time.process_time()
    if args.monoids:
        with open(args.monoids, "rb") as fh:
            ms = pickle.load(fh)
    else:
        ms = commutative_monoids(args.order // 2)
        if args.save:
            with open(args.save, "wb") as fh:
                pickle.dump(ms, fh)
    t1 = time.process_time()
    i, k = map(int, args.part.split("/"))
    st: dict = {}
    found = realised_part(args.order, ms, (i, k), stats=st)
    st.update(monoids=len(ms), classes=len(found), monoid_seconds=round(t1 - t0, 1),
              seconds=round(time.process_time() - t1, 1))
    print(st, flush=True)
    with open(args.out, "wb") as fh:
        pickle.dump((found, st), fh)


def _merge(order: int, files: list[str]) -> None:
    from misere.quotients.classify import _describe, questions_10_3, verify_witness
    from misere.quotients.classify.realisation import definitions, shrink, witness_games

    found: dict = {}
    total: dict = {}
    for f in files:
        with open(f, "rb") as fh:
            part, st = pickle.load(fh)
        found.update(part)
        for key, v in st.items():
            total[key] = total.get(key, 0) + v if key not in ("monoids",) else v
    print(order, "classes", len(found), total)
    for n, (key, w) in enumerate(sorted(found.items()), start=1):
        t, p = key
        w = shrink(t, p, w)
        forms = witness_games(t, w)
        ok = verify_witness(t, p, forms)
        pres, pw = _describe(t, p, w)
        q = questions_10_3(t)
        print(f"{order}.{n} | {pres} | {', '.join(pw)} | |P|={sum(p)} | verified={ok} | "
              f"10.3: {q['x_k2_eq_xk']}, {q['subgroups_elementary_2']} {q['subgroup_sizes']} | "
              f"{'; '.join(definitions(t, w))}", flush=True)


if __name__ == "__main__":
    main()
