"""Isomorphism of monoids with P-portion: known pairs, relabelled copies, and an independent
invariant (element index-period pairs, idempotents, |P|, maximal subgroup sizes) that
isomorphic quotients must share."""
from __future__ import annotations

import random
from itertools import product

import numpy as np
import pytest

from misere.quotients.census.findings import bipartite
from misere.quotients.census.iso import Bipartite, classes, invariant, is_isomorphic, isomorphism


def _from_words(elements, normal, p_words):
    """Table of a monoid given by normal forms (tuples) and a normalising product."""
    index = {e: i for i, e in enumerate(elements)}
    n = len(elements)
    table = [[index[normal(tuple(x + y for x, y in zip(u, v)))] for v in elements] for u in elements]
    return Bipartite.from_table(table, index[(0,) * len(elements[0])],
                                [e in p_words for e in elements])


def t2():
    """Seed 002 §7: T2 = <a,b | a2=1, b3=b>, P = {a, b2}."""
    def normal(w):
        i, e = w
        return (i % 2, e if e < 3 else 1 + (e - 1) % 2)
    elements = [(i, e) for i in range(2) for e in range(3)]
    return _from_words(elements, normal, {(1, 0), (0, 2)})


def r8():
    """Seed 002 §8.1: R8 = <a,b,c | a2=1, b3=b, bc=ab, c2=b2>, P = {a, b2}."""
    def normal(w):
        i, e, k = w
        e += 2 * (k // 2)
        k %= 2
        if k and e:
            k, i = 0, i + 1
        return (i % 2, e if e < 3 else 1 + (e - 1) % 2, k)
    elements = [(i, e, 0) for i in range(2) for e in range(3)] + [(0, 0, 1), (1, 0, 1)]
    return _from_words(elements, normal, {(1, 0, 0), (0, 2, 0)})


def relabel(b: Bipartite, seed: int) -> Bipartite:
    """The same monoid with its elements renamed by a random permutation."""
    n = b.order
    perm = list(range(n))
    random.Random(seed).shuffle(perm)
    t = np.empty((n, n), dtype=np.int32)
    for x, y in product(range(n), repeat=2):
        t[perm[x], perm[y]] = perm[int(b.monoid.table[x, y])]
    p = np.zeros(n, dtype=bool)
    p[[perm[x] for x in range(n) if b.is_p[x]]] = True
    return Bipartite.from_table(t, perm[b.monoid.identity], p)


def naive_invariant(b: Bipartite):
    """Independent of misere: powers, idempotents and H-classes from the raw table."""
    t = b.monoid.table.tolist()
    one = b.monoid.identity
    n = len(t)
    pairs = []
    for x in range(n):
        seq = [one]
        while True:
            y = t[seq[-1]][x]
            if y in seq:
                pairs.append((seq.index(y), len(seq) - seq.index(y)))
                break
            seq.append(y)
    idem = [e for e in range(n) if t[e][e] == e]
    groups = sorted(sum(1 for x in range(n) if t[e][x] == x and e in t[x]) for e in idem)
    return (n, int(sum(b.is_p)), tuple(sorted(pairs)), len(idem), tuple(groups))


def test_invariant_matches_the_naive_one_on_the_seed_monoids():
    for b in (t2(), r8()):
        assert invariant(b) == naive_invariant(b)
    assert invariant(t2())[:2] == (6, 2) and invariant(r8())[:2] == (8, 2)


@pytest.mark.parametrize("seed", range(4))
def test_relabelled_copies_are_isomorphic(seed, small_census):
    recs = [r for r in small_census[2] if r["table"] is not None and r["order"] >= 6]
    for rec in recs:
        b = bipartite(rec)
        c = relabel(b, seed)
        f = isomorphism(b, c)
        assert f is not None, rec["code"]
        t, u = b.monoid.table, c.monoid.table
        assert all(f[int(t[x, y])] == int(u[f[x], f[y]]) for x in range(b.order) for y in range(b.order))
        assert [bool(b.is_p[x]) for x in range(b.order)] == [bool(c.is_p[f[x]]) for x in range(b.order)]


def test_changing_the_p_portion_breaks_isomorphism():
    b = r8()
    c = Bipartite(b.monoid, b.is_p.copy())
    c.is_p[b.monoid.identity] = True  # no longer a misère quotient's P, and not isomorphic
    assert not is_isomorphic(b, c)
    d = Bipartite(t2().monoid, ~t2().is_p)
    assert not is_isomorphic(t2(), d)


def test_census_quotients_against_seed_002(small_census):
    """0.75 has quotient R8 (seed 002 §8.1.1); 0.22 and 0.31 are tame of type T2 (§7)."""
    by_code = {r["code"]: r for r in small_census[2]}
    assert is_isomorphic(bipartite(by_code["0.75"]), r8())
    assert is_isomorphic(bipartite(by_code["0.22"]), t2())
    assert is_isomorphic(bipartite(by_code["0.31"]), t2())
    assert not is_isomorphic(bipartite(by_code["0.75"]), bipartite(by_code["0.77"]))


def test_classes_share_the_independent_invariant(small_census):
    recs = [r for r in small_census[2] if r["table"] is not None]
    items = [bipartite(r) for r in recs]
    cls = classes(items)
    assert sorted(i for c in cls for i in c) == list(range(len(items)))
    for c in cls:
        assert len({naive_invariant(items[i]) for i in c}) == 1
    # the classes really differ: distinct classes are never isomorphic
    reps = [items[c[0]] for c in cls]
    for i, j in product(range(len(reps)), repeat=2):
        if i < j and reps[i].order == reps[j].order:
            assert not is_isomorphic(reps[i], reps[j])


def test_vectorised_subgroup_matches_the_toolkit(small_census):
    from misere.quotients.census.iso import subgroup

    for rec in small_census[2]:
        m = bipartite(rec).monoid
        for e in m.idempotents():
            assert sorted(subgroup(m, e).tolist()) == sorted(m.maximal_subgroup(e))
