"""Fig. 18 of seed 002 from a census: isomorphism classes checked by brute force over every
bijection on small orders, and the generated tables."""
from __future__ import annotations

from itertools import permutations

import numpy as np

from misere.quotients.census.findings import bipartite, fig18_markdown, findings, markdown_table
from misere.quotients.census.iso import Bipartite, classes

from .test_iso import r8, relabel, t2

#: brute force tries every bijection fixing the identity: (order - 1)! of them
BRUTE_MAX_ORDER = 8


def brute_isomorphic(a: Bipartite, b: Bipartite) -> bool:
    """Whether some bijection f with f(1) = 1 maps a's table onto b's and P_a onto P_b, tried
    for every bijection (no invariant, no pruning beyond the identity)."""
    n = a.order
    if n != b.order:
        return False
    ta, tb = a.monoid.table, b.monoid.table
    ia, ib = a.monoid.identity, b.monoid.identity
    rest_a = [x for x in range(n) if x != ia]
    for image in permutations([y for y in range(n) if y != ib]):
        f = np.empty(n, dtype=np.int64)
        f[ia] = ib
        f[rest_a] = image
        if (a.is_p == b.is_p[f]).all() and (f[ta] == tb[np.ix_(f, f)]).all():
            return True
    return False


def brute_classes(items: list[Bipartite]) -> list[list[int]]:
    out: list[list[int]] = []
    for i, b in enumerate(items):
        for cls in out:
            if brute_isomorphic(items[cls[0]], b):
                cls.append(i)
                break
        else:
            out.append([i])
    return out


def test_isomorphism_classes_agree_with_brute_force_on_small_orders(small_census):
    items = [b for b in (bipartite(r) for r in small_census[2]) if b is not None
             and b.order <= BRUTE_MAX_ORDER]
    items += [t2(), r8(), relabel(t2(), 3), relabel(r8(), 5)]
    # a non-quotient of order 6 with the same monoid as T2 and another P-portion
    other = Bipartite.from_table(t2().monoid.table, t2().monoid.identity, ~t2().is_p)
    items.append(other)
    assert {b.order for b in items} >= {2, 6, 8}
    got = sorted(sorted(c) for c in classes(items))
    want = sorted(sorted(c) for c in brute_classes(items))
    assert got == want
    assert len(want) >= 4  # order 2, T2, T2 with the other P, R8


def test_the_generated_tables(small_census):
    f = findings(small_census[2])
    fig = fig18_markdown(f).splitlines()
    assert fig[0].startswith("| order | Fig. 18 |") and len(fig) == 2 + 12  # orders 2, 4, ..., 24
    cells = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:6]] for line in fig[2:]}
    assert cells["2"][2] == "1" and cells["4"][2] == "0" and cells["8"][2] == "1"  # R8 only
    orders = {r["code"]: r["order"] for r in small_census[2]}
    for o, (_, _, n, codes) in cells.items():  # each class named by a code of that order
        named = [] if codes == "-" else codes.split(", ")
        assert len(named) == int(n) and all(orders[c] == int(o) for c in named)
    table = markdown_table(f)
    n = len(small_census[2])
    assert f"| codes | {n}: " in table and "0 disagreements" in table
