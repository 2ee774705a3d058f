"""Dead-ending and blocking values born by day 3: what stands in the way of counting them.

For the dead-ending and blocking universes, the order of the values born by day 2 (the
candidate options of day 3): its size, width (a certified largest antichain, so at least
``2^width`` option sets per side), proved bounds on its number of antichains (``2^width`` and
the product of chain lengths plus one over a Dilworth chain partition), rank sizes, and an
attempt to count its antichains within a sixth of the time budget each (it reports what it
established when time runs out); then both antichain counters (pivoting,
``poset.count_antichains``; frontier transfer, ``poset.count_antichains_by_frontier``) on random
sub-orders of 60..130 of those values (numpy seed 0), with the count, the states each held and
CPU seconds, until a sixth of the budget is spent: how the work grows with the size. Then the
same on the *option-set* sub-orders (``poset.by_option_sets``): the values ``{A | B}`` with
``A, B ⊆ {0, 1, -1}`` (shaped like the Boolean lattice ``B_6``) and with ``A ⊆ {0, *, 1, -1}``,
``B ⊆ {0, 1, -1}`` (``B_7``); the whole day-2 order is ``B_8``-shaped, so its antichains count
like the Dedekind number ``D(8)``. For Left dead ends, day 5 counted as the antichains of the
day-4 order beside the list.

Run: ``python reproductions/dead_ending_day3_antichains.py [--timeout S]``. Prints a JSON object
on the last line; on running out of time it says how far it got. The values modulo pf(ℬ) and the
alternating sums are reproduced by ``pfree_blocking_day3.py`` and ``alternating_class_sums.py``.
"""
from __future__ import annotations

import time

import numpy as np
from _json_run import run

from misere import budget
from misere.core.notation import parse_id
from misere.core.table import left, right
from misere.errors import ComputationLimitError
from misere.universes import poset
from misere.universes.base import find_universe


def _rank_sizes(ge) -> list[int]:  # type: ignore[no-untyped-def]
    gt = poset.strict_matrix(ge)
    rank: dict[int, int] = {}
    for i in sorted(range(len(gt)), key=lambda i: int(gt[i].sum())):
        rank[i] = 1 + max((rank[j] for j in gt[i].nonzero()[0]), default=-1)
    return [list(rank.values()).count(r) for r in range(max(rank.values()) + 1)]


def _versus_product(vals: list, ge) -> dict:  # type: ignore[no-untyped-def]
    """How far the order is from the product order (more Left options, fewer Right options)."""
    extra = missing = 0
    for i, g in enumerate(vals):
        for j, h in enumerate(vals):
            prod = set(left(g)) >= set(left(h)) and set(right(g)) <= set(right(h))
            extra += bool(ge[i, j]) and not prod
            missing += prod and not ge[i, j]
    return {"relations_not_in_product_order": extra, "product_relations_not_in_order": missing}


#: option sets of the sub-orders of the day-2 order counted by ``counts`` (B_6- and B_7-shaped)
OPTION_SUB_ORDERS = ((("0", "1", "-1"), ("0", "1", "-1")), (("0", "*", "1", "-1"), ("0", "1", "-1")))


def _samples(ge, universe=None):  # type: ignore[no-untyped-def]
    """``(size, sub-order, option sets or None)``: random sub-orders of 60..130 elements (numpy
    seed 0), or, given ``universe``, the option-set sub-orders :data:`OPTION_SUB_ORDERS`."""
    if universe is None:
        for size in (60, 80, 100, 110, 120, 130):
            idx = sorted(np.random.default_rng(0).choice(len(ge), size, replace=False).tolist())
            yield size, np.asarray(ge)[np.ix_(idx, idx)], None
        return
    for lr in OPTION_SUB_ORDERS:
        vals = poset.by_option_sets(universe, *([parse_id(x) for x in side] for side in lr))
        yield len(vals), np.asarray(universe.order_matrix(vals)), lr


def _sub_orders(ge, timeout: float, universe=None) -> list:  # type: ignore[no-untyped-def]
    """Both counters on the sub-orders of :func:`_samples`, while ``timeout`` seconds last."""
    rows: list = []
    start = time.perf_counter()
    for size, sub, lr in _samples(ge, universe):
        row: dict = {"size": size}
        if lr is not None:
            row["options"] = ["{" + ",".join(side) + "}" for side in lr]
        for key, f in (("pivot", poset.count_antichains), ("frontier", poset.count_antichains_by_frontier)):
            left_s = timeout - (time.perf_counter() - start)
            if left_s <= 0:
                return rows
            st: dict = {}
            t = time.process_time()
            try:
                with budget.limits(timeout=left_s):
                    row[key] = {"antichains": f(sub, stats=st), "states": st["states"],
                                "cpu_s": round(time.process_time() - t, 2)}
            except ComputationLimitError:
                row[key] = f"not finished in {left_s:.0f} s"
                rows.append(row)
                return rows
        rows.append(row)
    return rows


def day3_counts(timeout: float) -> dict:
    lde = find_universe("left-dead-end")
    out: dict = {"left-dead-end": {
        "day5_listed": len(lde.born_by(5)),
        "day5_counted": poset.count_antichains(lde.order_matrix(lde.born_by(4)))}}
    for name in ("dead-ending", "blocking"):
        u = find_universe(name)
        vals = poset.by_form(u.born_by(2))  # the same order in every process
        ge = u.order_matrix(vals)
        row: dict = {"values_by_day2": len(vals), "width": len(poset.max_antichain(ge)),
                     "antichain_bounds_proved": list(poset.antichain_count_bounds(ge)),
                     "rank_sizes": _rank_sizes(ge), **_versus_product(vals, ge)}
        t = time.perf_counter()
        try:
            with budget.limits(timeout=timeout / 6), budget.Progress(f"{name} antichains") as p:
                row["antichains_of_day2"] = poset.count_antichains(ge, p)
        except ComputationLimitError as e:
            row["antichains_of_day2"] = f"not counted: {e} after {time.perf_counter() - t:.0f} s"
        row["sub_orders"] = _sub_orders(ge, timeout / 6)
        row["option_sub_orders"] = _sub_orders(ge, timeout / 6, u)
        out[name] = row
    return out


if __name__ == "__main__":
    run(__doc__, day3_counts)
