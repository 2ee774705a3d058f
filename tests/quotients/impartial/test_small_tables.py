"""Small quotients on Python lists (issue 10, item 5): the numpy-free path gives exactly the numpy
path's results.

``misere.quotients.monoid.storage.SMALL_ORDER`` decides which tables and candidates are held as
Python lists. Setting it to 0 holds every one as a numpy array (the engine as it was); a huge
value holds every one as lists. The same quotients come out either way, field for field
(presentation, P-portion, order, Phi, history, certificate), also across checkpoints written
one way and resumed the other; the list forms of the monoid operations agree with the array
forms element by element.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import misere.quotients as mq
from misere.quotients.impartial import certify, marking, recalibrate, solver, verify
from misere.quotients.impartial.candidate import ProductMonoid
from misere.quotients.impartial.reduction import reduce_bipartite
from misere.quotients.monoid import TableMonoid, storage

#: (code, max_heap): the codes of the other quotient tests, small enough to run three ways
CASES = [("0.123", None), ("0.07", 20), ("0.137", 20), ("4.7", 12), ("0.75", None),
         ("0.71", None), ("0.34", None), ("0.72", None), ("0.53", None), ("0.15", 40),
         ("0.35", 10), ("0.16", 16), ("0.77", 30)]


def _run(monkeypatch, small_order: int, code: str, max_heap, **kwargs) -> dict:
    monkeypatch.setattr(storage, "SMALL_ORDER", small_order)
    return mq.quotient(code, max_heap=max_heap, quiet=True, **kwargs).as_dict()


@pytest.mark.parametrize("code,max_heap", CASES)
def test_lists_and_arrays_give_the_same_quotient(code, max_heap, monkeypatch):
    arrays = _run(monkeypatch, 0, code, max_heap, certify=12)
    lists = _run(monkeypatch, storage.SMALL_ORDER, code, max_heap, certify=12)
    assert lists == arrays
    assert lists["certificate"]["agreed"]


def test_lists_everywhere_on_a_larger_quotient(monkeypatch):
    """0.07 to heap 26 (order 144, candidates up to 960 elements) with every table, candidate,
    marking and failure search on lists, against every table an array."""
    arrays = _run(monkeypatch, 0, "0.07", 26, certify=0)
    monkeypatch.setattr(verify, "COMPILED_MIN_ORDER", 1 << 60)
    monkeypatch.setattr(marking, "COMPILED_MIN_ORDER", 1 << 60)
    assert _run(monkeypatch, 1 << 60, "0.07", 26, certify=0) == arrays


@pytest.mark.parametrize("first,then", [(storage.SMALL_ORDER, 0), (0, storage.SMALL_ORDER)])
def test_checkpoints_resume_across_representations(first, then, tmp_path, monkeypatch):
    ck = str(tmp_path / "q.sqlite")
    whole = _run(monkeypatch, then, "0.123", None, certify=0)
    _run(monkeypatch, first, "0.123", 9, certify=0, checkpoint=ck)
    assert _run(monkeypatch, then, "0.123", None, certify=0, checkpoint=ck) == whole
    assert _run(monkeypatch, then, "0.123", 9, certify=0, checkpoint=ck) == \
        _run(monkeypatch, first, "0.123", 9, certify=0)


def _both(q: TableMonoid) -> tuple[TableMonoid, TableMonoid]:
    rows = TableMonoid(q.table.tolist(), q.identity)
    arr = TableMonoid(np.asarray(q.table), q.identity)
    assert rows.data is not None and isinstance(rows.data, list) and storage.is_array(arr.data)
    return rows, arr


@pytest.mark.parametrize("code,max_heap", [("0.123", None), ("0.07", 24)])
def test_table_monoid_methods_agree_on_both_forms(code, max_heap):
    rows, arr = _both(mq.quotient(code, max_heap=max_heap, certify=0).monoid)
    rng = random.Random(5)
    n = rows.order
    assert rows.idempotents() == arr.idempotents()
    assert rows.units() == arr.units() and rows.kernel() == arr.kernel()
    assert rows.archimedean_components() == arr.archimedean_components()
    for e in rows.idempotents():
        assert rows.maximal_subgroup(e) == arr.maximal_subgroup(e)
    for _ in range(20):
        gens = rng.sample(range(n), rng.randint(0, 3))
        sub = rows.submonoid(gens)
        assert sub == arr.submonoid(gens)
        (a, inv_a), (b, inv_b) = rows.restrict(sub), arr.restrict(sub)
        assert a.rows == b.table.tolist() and list(inv_a) == inv_b.tolist()
        x, y = rng.randrange(n), rng.randrange(n)
        assert rows.divides(x, y) == arr.divides(x, y)
        assert rows.index_period(x) == arr.index_period(x)
        assert rows.mul_by([x, y], y) == arr.mul_by([x, y], y).tolist()
    letters = rng.sample(range(n), 3)
    assert rows.columns(letters) == arr.columns(letters).tolist()


def test_product_monoid_action_and_scalar_product_match_the_array_product():
    base = mq.quotient("0.123", max_heap=10, certify=0).monoid
    m = ProductMonoid(TableMonoid(base.table.tolist(), base.identity), [(3, 2), (1, 2)])
    codes = np.arange(m.order)
    for g in range(m.order):
        assert m.action(g) == m.mul(codes, g).tolist() == m.mul_by(codes, g).tolist()
    rng = random.Random(3)
    for _ in range(200):
        x, y = rng.randrange(m.order), rng.randrange(m.order)
        assert m.mul(x, y) == int(m.mul(np.int64(x), np.int64(y)))
        assert m.mul_by([x], y) == [m.mul(x, y)]


def test_list_reduction_equals_array_reduction_up_to_labels(monkeypatch):
    """Every reduction of a run on lists, redone on arrays: the same partition of the reached
    elements, the same P-classes and the same table under the class bijection."""
    seen = []

    def both(m, reached, is_p, letters, max_order=None, action=None):
        got = reduce_bipartite(m, reached, is_p, letters, max_order, action)
        if isinstance(reached, list):
            q, p, cls = got
            qa, pa, clsa = reduce_bipartite(m, np.asarray(reached, dtype=np.int64),
                                            np.asarray(is_p, dtype=bool), letters, max_order)
            to_a = {cls[x]: int(clsa[x]) for x in reached}
            assert len(to_a) == q.order == qa.order
            assert len(set(to_a.values())) == q.order  # a bijection of the classes
            assert all(bool(pa[to_a[c]]) == p[c] for c in range(q.order))
            assert all(to_a[q.mul(a, b)] == qa.mul(to_a[a], to_a[b])
                       for a in range(q.order) for b in range(q.order))
            seen.append(q.order)
        return got

    monkeypatch.setattr(recalibrate, "reduce_bipartite", both)
    mq.quotient("0.07", max_heap=18, certify=0)
    assert seen


def test_p_failures_and_masks_agree_on_both_forms():
    q = mq.quotient("0.07", max_heap=20, certify=0)
    rows, arr = _both(q.monoid)
    st = q.state
    is_p = [bool(b) for b in st.is_p]
    for v in range(rows.order):
        assert storage.p_mask(rows.rows, is_p, v) == storage.p_mask(arr.table, np.asarray(is_p), v)
    wrong = list(is_p)
    wrong[rows.identity] = True  # the empty position made P: P-failures appear
    trans = verify.transitions(q.game, st.heap, rows, st.phi)
    got = verify.p_failure(rows.rows, wrong, st.phi, trans)
    assert got and got == verify.p_failure(arr.table, np.asarray(wrong), st.phi, trans)


def test_token_counts_in_python_equal_the_numpy_sums(monkeypatch):
    py = [certify._token_counts(n, top) for n, top in ((1, 40), (6, 300), (22, 26), (300, 300))]
    monkeypatch.setattr(certify, "TOKEN_COUNT_WORK", -1)
    assert [certify._token_counts(n, top) for n, top in ((1, 40), (6, 300), (22, 26), (300, 300))] == py
