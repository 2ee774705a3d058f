"""The sparse candidate path (``quotients.impartial.sparse``) against the dense one and naive
computations (issue 11, item 1).

* Moore refinement on the generators' action equals the indistinguishability relation computed
  naively (two states equivalent iff no word of letters separates them; all words up to the
  number of states suffice), on random automata.
* The int32 generator maps equal the general product of the candidate monoid.
* A whole run with every candidate held sparsely equals the dense run (presentation, P, Phi,
  history) and its outcomes agree with the brute-force oracle.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import misere.quotients as mq
from misere.quotients.impartial import compiled, marking, recalibrate, reduction
from misere.quotients.impartial.candidate import ProductMonoid
from misere.quotients.impartial.sparse import generator_maps, refine
from misere.quotients.monoid import TableMonoid
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions

pytest.importorskip("numba")


def _naive_classes(succ: list[list[int]], accept: list[bool]) -> list[frozenset[int]]:
    """States grouped by which words of letters (all words of length < n) lead to an
    accepting state: two states of an n-state automaton that no such word separates are
    equivalent."""
    n = len(accept)
    sig: dict[int, list[bool]] = {x: [] for x in range(n)}
    ends_of_words = [list(range(n))]  # ends_of_words[w][x] = state reached from x by word w
    for _ in range(n):
        nxt = []
        for ends in ends_of_words:
            for x in range(n):
                sig[x].append(accept[ends[x]])
            nxt.extend([s[e] for e in ends] for s in succ)
        ends_of_words = nxt
    groups: dict[tuple, set[int]] = {}
    for x in range(n):
        groups.setdefault(tuple(sig[x]), set()).add(x)
    return sorted(frozenset(v) for v in groups.values())


@pytest.mark.parametrize("seed", range(12))
def test_refinement_equals_naive_indistinguishability(seed):
    rnd = random.Random(seed)
    n, k = rnd.randrange(2, 8), rnd.randrange(1, 3)
    succ = [[rnd.randrange(n) for _ in range(n)] for _ in range(k)]
    accept = [rnd.random() < 0.4 for _ in range(n)]
    cls, count = refine(np.asarray(succ, dtype=np.int32), np.asarray(accept, dtype=np.int32))
    got = {}
    for x, c in enumerate(cls.tolist()):
        got.setdefault(c, set()).add(x)
    assert count == len(got)
    assert sorted(frozenset(v) for v in got.values()) == _naive_classes(succ, accept)


def test_generator_maps_equal_the_general_product():
    base = mq.quotient("0.123", max_heap=10, certify=0).monoid
    m = ProductMonoid(TableMonoid(base.table, base.identity), [(3, 2), (1, 2)])
    gens = [1, 5, m.generator(0), m.generator(1), m.generator(0) + 3]
    maps = generator_maps(m, gens)
    codes = np.arange(m.order)
    for r, g in enumerate(gens):
        assert np.array_equal(maps[r], m.mul(codes, g))


@pytest.mark.parametrize("listed", [True, False])
def test_actions_equal_the_general_product(listed):
    """ProductMonoid.actions (base generators in one gather) against ``mul`` on every code,
    over a base held as lists and as an array."""
    base = mq.quotient("0.123", max_heap=10, certify=0).monoid
    table = base.table.tolist() if listed else np.asarray(base.table)
    m = ProductMonoid(TableMonoid(table, base.identity), [(3, 2), (1, 2)])
    gens = [1, 5, m.generator(0), m.generator(1), m.generator(0) + 3, 0]
    maps = m.actions(gens)
    codes = np.arange(m.order)
    assert maps.shape == (len(gens), m.order) and maps.dtype == np.int64
    for r, g in enumerate(gens):
        assert np.array_equal(maps[r], m.mul(codes, g))


def _force_sparse(monkeypatch):
    monkeypatch.setattr(compiled, "PYTHON_FIRST", 0)  # also in a process that has not loaded the kernels yet
    monkeypatch.setattr(marking, "COMPILED_MIN_ORDER", 0)
    monkeypatch.setattr(marking, "SPARSE_MIN_ORDER", 0)


@pytest.mark.parametrize("code", ["0.07", "0.123", "0.137", "4.7", "0.26", "0.156"])
def test_sparse_run_equals_dense_run_and_oracle(code, monkeypatch):
    dense = mq.quotient(code, max_heap=14, certify=0)
    used = []
    real = reduction.reduce_bipartite

    def spy(m, reached, is_p, letters, max_order=None, action=None):
        used.append(action is not None)
        return real(m, reached, is_p, letters, max_order, action)

    _force_sparse(monkeypatch)
    monkeypatch.setattr(recalibrate, "reduce_bipartite", spy)
    sparse = mq.quotient(code, max_heap=14, certify=0)
    assert used and all(used)
    assert sparse.as_dict() == dense.as_dict()
    is_p = outcome_function(octal_rules(code))
    for pos in positions(13, 14):
        assert (sparse.outcome(pos) == "P") == is_p(pos), (code, pos)


def test_sparse_reduction_equals_dense_on_every_candidate_of_dawson(monkeypatch):
    """Each candidate to heap 24 reduced both ways gives the same partition of the reached
    elements and the same P-count."""
    _force_sparse(monkeypatch)
    real = reduction.reduce_bipartite
    checked = []

    def both(m, reached, is_p, letters, max_order=None, action=None):
        a = real(m, reached, is_p, letters, max_order, None)
        b = real(m, reached, is_p, letters, max_order, action)
        assert a[0].order == b[0].order and a[1].sum() == b[1].sum()
        assert len(set(zip(a[2][reached].tolist(), b[2][reached].tolist()))) == a[0].order
        checked.append(a[0].order)
        return b

    monkeypatch.setattr(recalibrate, "reduce_bipartite", both)
    q = mq.quotient("0.07", max_heap=24, certify=0)
    assert q.order == 24 and len(checked) >= 6


class _Stop(Exception):
    pass


def test_presentation_change_resumes_at_its_last_round(tmp_path, monkeypatch, request):
    """A run killed in the middle of a presentation change (after two rounds of heap 25 of
    Dawson's Kayles were committed) resumes at the saved candidate and ends exactly as the
    uninterrupted run."""
    from misere.quotients.impartial.checkpoint import Checkpoint
    ref = mq.quotient("0.07", max_heap=26, certify=0).as_dict()
    real_save = Checkpoint.save_pending
    rounds = []

    def save_then_die(self, pend):
        real_save(self, pend)
        rounds.append((pend.heap, pend.round))
        if pend.heap == 25 and pend.round == 2:
            raise _Stop

    monkeypatch.setattr(Checkpoint, "save_pending", save_then_die)
    path = str(tmp_path / "dk.sqlite")
    with pytest.raises(_Stop):
        mq.quotient("0.07", max_heap=26, certify=0, checkpoint=path)
    monkeypatch.setattr(Checkpoint, "save_pending", real_save)
    starts = request.getfixturevalue("change_starts")
    again = mq.quotient("0.07", max_heap=26, certify=0, checkpoint=path)
    assert starts[0] == (25, 2)
    assert again.as_dict() == ref
    ck = Checkpoint(path, "0.07")
    try:
        assert ck.pending(25) is None and ck.pending(26) is None
    finally:
        ck.close()


@pytest.mark.slow
def test_dawson_to_heap_33_sparse_equals_dense(monkeypatch):
    """Every candidate of Dawson's Kayles to heap 33 held sparsely: the same partial quotient
    (order 638, 109 P-positions: seed 002 Fig. 17) as the dense path."""
    dense = mq.quotient("0.07", max_heap=33, certify=0).as_dict()
    _force_sparse(monkeypatch)
    sparse = mq.quotient("0.07", max_heap=33, certify=0).as_dict()
    assert sparse == dense and (sparse["order"], sparse["p_count"]) == (638, 109)


def test_budget_summary_survives_a_budget_still_exhausted(monkeypatch):
    """When the memory is still in use after the step that exhausted it, summarising what was
    established must not run out again (the Dawson heap-34 run reported an empty summary)."""
    from misere.errors import BudgetExceededError
    from misere.quotients.impartial import driver
    real = driver.established
    calls = []

    def established(*args):
        from misere import budget
        b = budget.current()
        if b.max_memory is not None and b.max_memory < 1 << 20:
            raise BudgetExceededError("memory", "still over")
        calls.append(1)
        return real(*args)

    def step(game, st, *args, **kwargs):
        if st.heap == 5:
            from misere import budget
            budget.current().max_memory = 1000  # everything in use is now over the budget
            raise BudgetExceededError("memory", "memory budget exhausted")
        return real_step(game, st, *args, **kwargs)

    real_step = driver.step
    monkeypatch.setattr(driver, "established", established)
    monkeypatch.setattr(driver, "step", step)
    import misere
    with misere.limits(max_memory="8G"):
        with pytest.raises(BudgetExceededError) as info:
            mq.quotient("0.07", max_heap=9, certify=0)
    assert info.value.partial["last_heap"] == 5 and calls
