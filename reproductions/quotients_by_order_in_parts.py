"""Misère quotients of one order in parts, for orders where ``classify`` is too slow.

    python reproductions/quotients_by_order_in_parts.py 16 --part 0/3 --save m8.pkl --out part0.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --part 1/3 --monoids m8.pkl --out part1.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --part 2/3 --monoids m8.pkl --out part2.pkl
    python reproductions/quotients_by_order_in_parts.py 16 --merge part0.pkl part1.pkl part2.pkl

Order 18 takes the commutative monoids of order 9 from the part files of
``tools/classify_monoids.py 9 --parts 128 --dir m9`` and writes one result per monoid part (a
monoid found in several parts is run in the first only; finished parts are skipped, so a run
resumes; ``--worker W/K`` shares the parts between K processes):

    python reproductions/quotients_by_order_in_parts.py 18 --monoid-dir m9 --out-dir q18 --worker 0/2
    python reproductions/quotients_by_order_in_parts.py 18 --merge q18/part_*.pkl

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
    ap.add_argument("--monoid-dir", help="part files of tools/classify_monoids.py")
    ap.add_argument("--out-dir", help="with --monoid-dir: one result file per monoid part")
    ap.add_argument("--worker", default="0/1", help="with --monoid-dir: parts i with i mod K = W")
    args = ap.parse_args()
    if args.merge:
        _merge(args.order, args.merge)
        return
    if args.monoid_dir:
        _by_monoid_parts(args.order, args.monoid_dir, args.out_dir, args.worker)
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


#: monoids per result file with ``--monoid-dir``: one monoid part can hold most of an order's
#: monoids (part 46 of order 9 holds 208,983 of 246,458), so parts are cut into chunks, and the
#: chunks are what ``--worker`` shares out
CHUNK = 10_000


def _by_monoid_parts(order: int, monoid_dir: str, out_dir: str, worker: str) -> None:
    from pathlib import Path

    from misere.quotients.classify.enumerate import realised_part

    w, k = map(int, worker.split("/"))
    src = sorted(Path(monoid_dir).glob("part_*.pkl"), key=lambda f: int(f.stem.split("_")[1]))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    earlier: set = set()
    unit = -1
    for f in src:
        with open(f, "rb") as fh:
            mine = sorted(pickle.load(fh)[0] - earlier)
        earlier.update(mine)
        if (out / f.name).exists():  # a whole part done in one file
            continue
        for j in range(0, max(len(mine), 1), CHUNK):
            unit += 1
            target = out / f"{f.stem}_{j // CHUNK}.pkl"
            if target.exists():
                _check_kind(target, order)
            if unit % k != w or target.exists():
                continue
            t0 = time.process_time()
            st: dict = {}
            found = realised_part(order, mine[j:j + CHUNK], stats=st)
            st.update(order=order, part_monoids=len(mine[j:j + CHUNK]),
                      seconds=round(time.process_time() - t0, 1))
            tmp = target.with_suffix(".tmp")
            with open(tmp, "wb") as fh:
                pickle.dump((found, st), fh)
            tmp.rename(target)
            print(target.name, st, flush=True)


def _check_kind(path, order: int) -> None:
    """A result file already there must be one of this runner's, for this order (files of
    another order in the same folder would otherwise be taken as done)."""
    try:
        with open(path, "rb") as fh:
            found, st = pickle.load(fh)
    except Exception:  # noqa: BLE001 - any unreadable file is refused the same way
        raise SystemExit(f"error: {path} is not a result file of this runner") from None
    if not isinstance(found, dict) or st.get("order", order) != order:
        raise SystemExit(f"error: {path} holds order {st.get('order')}, not {order}")


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
            total[key] = total.get(key, 0) + v if key not in ("monoids", "order") else v
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
