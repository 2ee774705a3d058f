"""Write the stored class list src/misere/quotients/classify/data/classes.json.

    python tools/classify_catalogue.py --max-order 14                 # about 6 CPU minutes
    python tools/classify_catalogue.py --keep --parts 16 p0.pkl ... p5.pkl
    python tools/classify_catalogue.py --keep --lower 18 q18_0.pkl ... --census census.sqlite

Orders up to ``--max-order`` come from :func:`misere.classify` (the enumerator, the exact
search and the engine's check of every witness); ``--parts ORDER FILES`` adds an order from the
part files of ``reproductions/quotients_by_order_in_parts.py`` (each witness shrunk and checked by the engine and
its brute-force certificate here); ``--lower ORDER FILES`` stores the classes found in part files
of an order that is not settled, with those of the census store given by ``--census``
(realised by the exact search here), as a lower bound; ``--keep`` keeps what the file holds.
Nothing is written unless every witness is confirmed.
"""
from __future__ import annotations

import argparse
import pickle
import time

from misere.quotients.classify import catalogue, classify, verify_witness
from misere.quotients.classify.realisation import shrink, witness_games


def from_parts(files: list[str], found: dict | None = None) -> list:
    """(table, p, witness) of every class in the part files (and ``found``, canonical form ->
    witness), each witness confirmed."""
    found = dict(found or {})
    for f in files:
        with open(f, "rb") as fh:
            found.update(pickle.load(fh)[0])
    out = []
    for (t, p), w in sorted(found.items()):
        w = shrink(t, p, w)
        if not verify_witness(t, p, witness_games(t, w)):
            raise SystemExit(f"witness of a class of order {len(t)} not confirmed")
        out.append((t, p, w))
    return out


def part_counts(files: list[str]) -> dict[str, int]:
    """The run's counts summed over its part files (monoids: the parts' own monoids, or the
    whole list's length where each part ran a share of one list)."""
    total: dict[str, int] = {}
    for f in files:
        with open(f, "rb") as fh:
            st = pickle.load(fh)[1]
        for key in ("extensions", "tried", "passing", "refuted", "undecided", "part_monoids"):
            if key in st:
                total[key] = total.get(key, 0) + int(st[key])
        if "monoids" in st:
            total["monoids"] = int(st["monoids"])
    if "part_monoids" in total:
        total["monoids"] = total.pop("part_monoids")
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-order", type=int, default=0)
    ap.add_argument("--parts", nargs="+", metavar="ORDER FILE", action="append", default=[])
    ap.add_argument("--lower", nargs="+", metavar="ORDER FILE", action="append", default=[])
    ap.add_argument("--counts", nargs="+", metavar="ORDER FILE", action="append", default=[],
                    help="record only the run's counts of an order stored before")
    ap.add_argument("--census", help="census store whose quotients join --lower")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    by_order: dict = {}
    partial: dict = {}
    run_counts: dict = {}
    if args.keep and catalogue.PATH.exists():
        run_counts = catalogue.counts()
        by_order = {n: [(e.table, e.p, e.witness()) for e in es] for n, es in catalogue.load().items()}
        partial = {n: [(e.table, e.p, e.witness()) for e in es]
                   for n, es in catalogue.lower_bounds().items()}
    for order, *files in args.lower:
        n = int(order)
        found = {(t, p): w for t, p, w in partial.get(n, [])}
        if args.census:
            from misere.quotients.census import Store
            from misere.quotients.classify.census_link import census_classes
            from misere.quotients.classify.realisation import realise

            with Store(args.census, create=False) as st:
                for key in census_classes(st.records(), n).get(n, {}):
                    if key not in found:
                        found[key] = realise(*key, max_nodes=10 ** 7)
        partial[n] = from_parts(files, found)
        print(order, len(partial[n]), "classes found (a lower bound)", flush=True)
    for n in range(1, args.max_order + 1):
        t0 = time.process_time()
        c = classify(n)
        if not c.exact or not all(k.verified for k in c.classes):
            raise SystemExit(f"order {n} not settled")
        by_order[n] = [(k.table, k.p, k.atoms) for k in c.classes]
        print(n, c.count, f"{time.process_time() - t0:.1f} s", flush=True)
    for order, *files in args.parts:
        by_order[int(order)] = from_parts(files)
        partial.pop(int(order), None)
        run_counts[int(order)] = part_counts(files)
        print(order, len(by_order[int(order)]), "from parts", run_counts[int(order)], flush=True)
    for order, *files in args.counts:
        run_counts[int(order)] = part_counts(files)
    catalogue.PATH.write_text(catalogue.entries_json(
        by_order, "misère quotient classes by order (partial: some classes of orders not "
        "settled); written by tools/classify_catalogue.py", partial, run_counts),
        encoding="utf-8")
    print({n: len(v) for n, v in sorted(by_order.items())}, "partial:",
          {n: len(v) for n, v in sorted(partial.items())})


if __name__ == "__main__":
    main()
