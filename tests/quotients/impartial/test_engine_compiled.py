"""The compiled engine paths against the pure-Python ones and the oracle (issue 10, item 6).

* The numba N-failure search returns the same least failure and the same store (keys, list
  order, sets) as the Python search, with and without a stop key, with transition sets held
  as bitset rows and as value lists (``SPARSE_MIN_ORDER``), also on random tables.
* The numba marking reaches the same elements in the same order with the same statuses, also
  when stopped at a target and resumed.
* A whole run with every search and marking compiled equals a run with none compiled and a run
  without numba at all; its outcomes agree with the brute-force oracle.
* The reduced table built from the letters' action equals the products of representatives,
  and the presentation's minimal relations equal the quadratic minimal-element filter.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import misere.quotients as mq
from misere.quotients.impartial import kernels, marking, recalibrate, reduction, solver, verify
from misere.quotients.monoid import first_words
from misere.quotients.monoid.presentation import present
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions

pytest.importorskip("numba")

HEAVY = {"0.7303", "0.65"}  # several seconds each to heap 14
rng = random.Random(606)
CODES = sorted({"0." + "".join(str(rng.choice(range(8))) for _ in range(k))
                for k in (2, 3, 4) for _ in range(4)} | {"0.07", "0.137", "4.7"})
CODES = [pytest.param(c, marks=pytest.mark.slow) if c in HEAVY else c
         for c in CODES if c.rstrip("0") != "0."]


def _force(monkeypatch, compiled: bool, sparse: bool = False) -> None:
    big = 0 if compiled else 1 << 60
    monkeypatch.setattr(verify, "COMPILED_MIN_ORDER", big)
    monkeypatch.setattr(marking, "COMPILED_MIN_ORDER", big)
    monkeypatch.setattr(verify, "SPARSE_MIN_ORDER", 0 if sparse else 1 << 60)


@pytest.mark.parametrize("code", CODES)
def test_compiled_search_equals_python_search(code, monkeypatch):
    real = verify.n_failure_search
    checked = []

    def spy(*args, **kwargs):
        kwargs.pop("compiled", None)
        py = real(*args, compiled=False, **kwargs)
        for sparse_min in (0, 1 << 60):  # sets as value lists, then as bitset rows
            monkeypatch.setattr(verify, "SPARSE_MIN_ORDER", sparse_min)
            c = real(*args, compiled=True, **kwargs)
            assert c[0] == py[0]
            if c[0] is None and kwargs.get("stop_key") is None:
                assert list(c[1]) == list(py[1]) and c[1] == py[1]
        checked.append(c[0])
        return py

    monkeypatch.setattr(verify, "n_failure_search", spy)
    mq.quotient(code, max_heap=14, certify=0)
    assert checked or code in ("4.7",)


@pytest.mark.parametrize("code", CODES)
def test_compiled_marking_equals_python_marking(code, monkeypatch):
    real = marking.Marking
    count = []

    def both(m, psi, options, heaps, limit, compiled=None):
        py = real(m, psi, options, heaps, limit, compiled=False)
        c = real(m, psi, options, heaps, limit, compiled=True)
        target = int(rng.randrange(m.order))
        try:
            t_py = py.status_of(target)
        except Exception as exc:  # noqa: BLE001 -- both must fail alike
            with pytest.raises(type(exc)):
                c.status_of(target)
        else:
            assert c.status_of(target) == t_py
        a, b = py.finish(), c.finish()
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
        count.append(1)
        return real(m, psi, options, heaps, limit, compiled=False)

    monkeypatch.setattr(recalibrate, "Marking", both)
    mq.quotient(code, max_heap=14, certify=0)


@pytest.mark.parametrize("code", CODES)
def test_compiled_run_equals_python_run_and_oracle(code, monkeypatch):
    _force(monkeypatch, True, sparse=code < "0.5")  # half the codes with sparse sets
    fast = mq.quotient(code, max_heap=14, certify=0).as_dict()
    _force(monkeypatch, False)
    slow = mq.quotient(code, max_heap=14, certify=0)
    assert fast == slow.as_dict()
    is_p = outcome_function(octal_rules(code))
    for pos in positions(14, 14):
        assert (slow.outcome(pos) == "P") == is_p(pos), (code, pos)


def test_without_numba_the_python_path_is_used(monkeypatch):
    ref = mq.quotient("0.07", max_heap=20, certify=0).as_dict()
    monkeypatch.setattr(kernels, "_TRIED", True)
    monkeypatch.setattr(kernels, "_KERNELS", None)
    assert not kernels.available()
    _force(monkeypatch, True)  # thresholds allow it, but numba is "missing"
    assert mq.quotient("0.07", max_heap=20, certify=0).as_dict() == ref


def test_a_large_stage_runs_compiled_in_a_fresh_process(monkeypatch):
    """A process resumed from a checkpoint starts with its largest stage; that stage must not
    stay in pure Python because the process has done little work yet."""
    from misere.quotients.impartial import compiled

    monkeypatch.setattr(compiled, "_done", 0)
    monkeypatch.setattr(kernels, "_TRIED", False)
    assert not compiled.worth(1_000, 64)  # small: Python first, the import costs more
    assert compiled.worth(compiled.COMPILED_AT_ONCE, 64) == kernels.available()


@pytest.mark.parametrize("compiled", [True, False])
def test_reduced_table_equals_products_of_representatives(compiled, monkeypatch):
    _force(monkeypatch, compiled)
    real = reduction.reduce_bipartite
    seen = []

    def check(m, reached, is_p, letters, max_order=None, action=None):
        q, p_mask, cls = real(m, reached, is_p, letters, max_order, action)
        pos = np.full(m.order, -1, dtype=np.int64)
        pos[reached] = np.arange(len(reached))
        reps = np.full(q.order, -1, dtype=np.int64)
        for el in reached[::-1]:
            reps[cls[el]] = el
        direct = np.asarray(cls)[m.mul(reps[:, None], reps[None, :])]  # cls: a list when small
        assert np.array_equal(direct, q.table)
        seen.append(q.order)
        return q, p_mask, cls

    monkeypatch.setattr(recalibrate, "reduce_bipartite", check)
    mq.quotient("0.07", max_heap=18, certify=0)
    assert seen


def _naive_minimal(monoid, gens):
    _, normal = first_words(monoid.order, monoid.identity, gens, monoid.mul_by)
    values = set(normal.values())
    border = set()
    for w in normal.values():
        for i in range(len(gens)):
            v = tuple(e + (j == i) for j, e in enumerate(w))
            if v not in values:
                border.add(v)
    return sorted(w for w in border
                  if not any(m != w and all(a <= b for a, b in zip(m, w)) for m in border))


@pytest.mark.parametrize("code", ["0.07", "0.137", "0.123"])
def test_presentation_relations_are_the_minimal_non_normal_words(code):
    q = mq.quotient(code, max_heap=16, certify=0)
    gens = list(q.pres.generators)
    pres = present(q.monoid, gens)
    assert sorted(w for w, _ in pres.relations) == _naive_minimal(q.monoid, gens)


@pytest.mark.parametrize("code", ["0.07", "0.137", "4.7"])
def test_compiled_moore_rounds_equal_numpy_rounds(code, monkeypatch):
    """reduce_bipartite's compiled refinement (moore_rounds) numbers the classes exactly as the
    numpy rounds do: the same table, P mask and class of every element."""
    from misere.quotients.impartial import compiled

    _force(monkeypatch, True)
    monkeypatch.setattr(compiled, "PYTHON_FIRST", 0)
    real = reduction.reduce_bipartite
    checked = []

    def spy(m, reached, is_p, letters, max_order=None, action=None):
        if action is None and not isinstance(reached, list):
            outs, saved = [], reduction.worth
            try:
                for use in (True, False):  # compiled rounds, then numpy rounds
                    reduction.worth = lambda size, least, use=use: use
                    outs.append(real(m, reached, is_p, letters, max_order, action))
            finally:
                reduction.worth = saved
            (qa, pa, ca), (qb, pb, cb) = outs
            assert np.array_equal(np.asarray(qa.data), np.asarray(qb.data))
            assert np.array_equal(pa, pb) and np.array_equal(ca, cb)
            checked.append(len(reached))
        return real(m, reached, is_p, letters, max_order, action)

    monkeypatch.setattr(recalibrate, "reduce_bipartite", spy)
    q = mq.quotient(code, max_heap=16, certify=0)
    assert checked and q.order > 1


@pytest.mark.parametrize("code,heap", [("0.07", 20), ("0.137", 14), ("0.123", 10)])
def test_first_words_on_arrays_equal_first_words_on_lists(code, heap):
    """first_words with products as arrays (only new elements visited) gives the same order and
    words as with products as lists, also when stopped at wanted elements."""
    q = mq.quotient(code, max_heap=heap, certify=0)
    table = np.asarray(q.monoid.table)
    rows = table.tolist()

    def by_list(xs, g):
        return [rows[x][g] for x in xs]

    def by_array(xs, g):
        return table[np.asarray(xs, dtype=np.int64), g].astype(np.int64)

    for gens in ([int(v) for v in dict.fromkeys(q.state.phi[1:])], list(range(q.order))[::-1][:6]):
        want = first_words(q.order, q.monoid.identity, gens, by_list)
        assert first_words(q.order, q.monoid.identity, gens, by_array) == want
        late = want[0][-3:]
        stopped = first_words(q.order, q.monoid.identity, gens, by_array, late)
        assert stopped == first_words(q.order, q.monoid.identity, gens, by_list, late)
        assert all(stopped[1][x] == want[1][x] for x in late)


@pytest.mark.parametrize("compiled", [False, True, "sparse"])
def test_a_word_with_the_identity_value_and_moves_is_checked(compiled, monkeypatch) -> None:
    """The empty word's transition set ∅ (no move, exempt from the N-check) must not cover a
    word of the same value that has moves. Candidate: the trivial monoid, its element N, and a
    heap 2 whose only option has that value: the word ``2`` claims N but has no P option, so it
    is an N-failure (found in session 9: both searches used to skip it as dominated by ∅)."""
    from misere.quotients.impartial.verify import n_failure_search

    monkeypatch.setattr(verify, "SPARSE_MIN_ORDER", 0 if compiled == "sparse" else 1 << 60)
    compiled = bool(compiled)
    table, is_p = np.zeros((1, 1), dtype=np.int32), np.array([False])
    failure, _ = n_failure_search(table, is_p, [0, 0, 0], {2: (0,)}, 0, compiled=compiled)
    assert failure == (2,)
    # with the identity a P-position the same word is fine (its option is P)
    failure, _ = n_failure_search(table, np.array([True]), [0, 0, 0], {2: (0,)}, 0, compiled=compiled)
    assert failure is None


def test_the_census_error_the_fixed_search_corrects() -> None:
    """The stored census held Q_13(0.3722) of order 16 with ``13 + 13`` equal to the identity
    (so an N-position): a candidate whose identity-valued words with moves went unchecked by the
    failure search before its fix. The brute-force certificate (16 tokens) could not see it:
    ``13 + 13`` has 26 tokens. The oracle says it is a P-position, as the fixed engine's
    quotient of order 14 (``d^2 = b^2``, ``b^2`` in P) says; found by recomputing the census
    store after the fix (tools/census_compare.py, session 10)."""
    q = mq.quotient("0.3722", max_heap=13)
    assert (q.order, q.p_count) == (14, 4)
    is_p = outcome_function(octal_rules("0.3722"))
    assert is_p((13, 13)) and is_p((5, 5)) and not is_p((13, 5))
    assert [q.outcome(h) for h in ([13, 13], [5, 5], [13, 5])] == ["P", "P", "N"]


def _random_search_input(seed: int):
    """A random table (not a monoid: the three searches run the same algorithm on any table),
    P mask, heap values and option values, each heap with at least one option."""
    r = random.Random(seed)
    n = r.randrange(1, 90)
    table = np.asarray([[r.randrange(n) for _ in range(n)] for _ in range(n)], dtype=np.int32)
    is_p = np.asarray([r.random() < 0.3 for _ in range(n)])
    top = r.randrange(1, 12)
    phi = [r.randrange(n) for _ in range(top + 1)]
    heaps = r.sample(range(1, top + 1), r.randrange(1, top + 1))
    trans = {h: tuple(sorted({r.randrange(n) for _ in range(r.randrange(1, 6))})) for h in heaps}
    return table, is_p, phi, trans, r.randrange(n)


@pytest.mark.parametrize("seed", range(60))
def test_sparse_and_bitset_searches_equal_python_search_on_random_tables(seed, monkeypatch):
    """Least failure (or the same word budget exhausted) and the whole store of the Python
    search, the bitset kernel and the value-list kernel on random inputs, the empty word's
    identity included; with a stop key taken from the unbounded run. Odd seeds start the
    compiled searches with 2 queue slots and store rows, so that they grow many times."""
    from misere.errors import ComputationLimitError

    monkeypatch.setattr(kernels, "START_SLOTS", 2 if seed % 2 else 1024)
    table, is_p, phi, trans, identity = _random_search_input(seed)
    outs = []
    for compiled, sparse_min in ((False, 0), (True, 1 << 60), (True, 0)):
        monkeypatch.setattr(verify, "SPARSE_MIN_ORDER", sparse_min)
        try:  # 2,047: both paths stop after the 2,048th word
            outs.append(verify.n_failure_search(table, is_p, phi, trans, identity, 2047,
                                                compiled=compiled))
        except ComputationLimitError as exc:
            outs.append(("limit", str(exc)))
    assert outs[0][0] == outs[1][0] == outs[2][0]
    fail = outs[0][0]
    if fail is None:  # a whole store (a compiled search stopped early returns none)
        assert list(outs[1][1]) == list(outs[0][1]) == list(outs[2][1])
        assert outs[0][1] == outs[1][1] == outs[2][1]
    if fail not in (None, "limit") and len(fail) > 1:
        stop = verify.word_key(fail[1:])  # a bound below the failure: none is found
        found = []
        for compiled, sparse_min in ((False, 0), (True, 1 << 60), (True, 0)):
            monkeypatch.setattr(verify, "SPARSE_MIN_ORDER", sparse_min)
            found.append(verify.n_failure_search(table, is_p, phi, trans, identity, 2047,
                                                 stop_key=stop, compiled=compiled)[0])
        assert found == [None, None, None]
