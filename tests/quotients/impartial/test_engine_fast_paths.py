"""The fast paths of the quotient engine against independent computations (issue 10, items 5-6).

* The packed count-vector certificate (:class:`PackedOutcomes`) gives the outcomes of the
  brute-force oracle of ``tests/oracle`` on every position, and the certificate it produces
  (predictions read off the table while enumerating) equals the one of the plain
  tuple search with ``predict`` called per position.
* The N-failure search with a stop key (the least P-failure bounds it) returns the same
  least failure as the unbounded search; the solver's states (order, P, Phi) agree with the
  oracle on random octal codes.
"""
from __future__ import annotations

import random

import pytest

import misere.quotients as mq
from misere.quotients.impartial import certify, verify
from misere.quotients.impartial.certify import PackedOutcomes, code_moves, cross_check
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions

rng = random.Random(1010)
CODES = sorted({"0." + "".join(str(rng.choice(range(8))) for _ in range(k))
                for k in (2, 3, 4) for _ in range(5)} | {"4.7", "0.07", "0.123"})
CODES = [c for c in CODES if c.rstrip("0") != "0."]


@pytest.mark.parametrize("code", [c for c in CODES if "[" not in c])
def test_packed_outcomes_agree_with_oracle(code):
    oracle = outcome_function(octal_rules(code))
    packed = PackedOutcomes(code_moves(code), 12, 16)
    for pos in positions(16, 12):
        assert packed.is_p(packed.key(pos)) == oracle(pos), (code, pos)


@pytest.mark.parametrize("code", CODES)
def test_packed_certificate_equals_tuple_certificate(code):
    q = mq.quotient(code, max_heap=12, certify=0)
    st = q.state
    heaps = list(range(1, 13))

    def predict(pos):
        return q.outcome(pos) == "P"

    moves = code_moves(code)
    slow = cross_check(predict, moves, heaps, 18)
    fast = cross_check(predict, moves, heaps, 18, model=(st.table, st.is_p, st.phi, st.identity))
    assert fast.method == certify.PACKED
    assert (fast.positions, fast.agreed, fast.mismatch) == (slow.positions, True, None)


def test_packed_certificate_finds_the_same_mismatch():
    q = mq.quotient("0.123", max_heap=10, certify=0)
    st = q.state
    wrong = [not b for b in st.is_p]  # every prediction flipped: the first position (the empty one) fails
    heaps = list(range(1, 11))
    moves = code_moves("0.123")
    fast = cross_check(lambda pos: False, moves, heaps, 12,
                       model=(st.table, wrong, st.phi, st.identity))
    slow = cross_check(lambda pos: bool(wrong[q.element(pos)]), moves, heaps, 12)
    assert not fast.agreed and (fast.positions, fast.mismatch) == (slow.positions, slow.mismatch)


def test_components_certificate_uses_packed_search():
    q = mq.quotient(games="*2, {*2,*}")
    assert q.certificate.agreed and q.certificate.method == certify.PACKED


def test_default_quotient_certificate_is_packed_and_agrees():
    q = mq.quotient("0.123")
    assert q.certificate.agreed and q.certificate.positions == 11718
    assert q.certificate.method == certify.PACKED


@pytest.mark.parametrize("code", [c for c in CODES if "[" not in c])
def test_bounded_failure_search_agrees_with_oracle(code, monkeypatch):
    calls = []
    real = verify.n_failure_search

    def spy(*args, **kwargs):
        calls.append(kwargs.get("stop_key"))
        found, store = real(*args, **kwargs)
        if kwargs.get("stop_key") is not None:
            kw = dict(kwargs, stop_key=None)
            full, _ = real(*args, **kw)
            # with a bound, the least N-failure is returned iff it lies below the bound
            expect = full if full is not None and verify.word_key(full) < kwargs["stop_key"] \
                else None
            assert found == expect
        return found, store

    from misere.quotients.impartial import solver
    monkeypatch.setattr(verify, "n_failure_search", spy)
    q = mq.quotient(code, max_heap=12, certify=0)
    is_p = outcome_function(octal_rules(code))
    for pos in positions(14, 12):
        assert (q.outcome(pos) == "P") == is_p(pos), (code, pos)


def test_word_key_inverts_decode():
    for word in [(), (1,), (5, 5, 2), (33, 25, 14, 4, 4, 4, 4)]:
        assert verify._decode(verify.word_key(word)) == word


def test_dawsons_kayles_heap_26_agrees_with_oracle():
    q = mq.quotient("0.07", max_heap=26, certify=0)
    is_p = outcome_function(octal_rules("0.07"))
    for pos in positions(26, 26):
        assert (q.outcome(pos) == "P") == is_p(pos)


def _corrupted(q, *, phi=None, is_p=None, table=None):
    """``q`` with some of its state replaced (no certificate, no cached presentation)."""
    from dataclasses import replace
    st = replace(q.state, phi=phi if phi is not None else list(q.state.phi),
                 is_p=is_p if is_p is not None else list(q.state.is_p),
                 table=table if table is not None else [list(r) for r in q.monoid.rows])
    return replace(q, state=st, certificate=None, _pres=None)


def _wrong_quotients(q):
    """Single-value corruptions of ``q``: Phi of every third heap, the P-status of every
    element, and the product of the values of two small heaps (outcomes are predicted heap by
    heap, so only the columns of the heap values are read; a product that no position within
    the bound reaches cannot be seen by a bounded brute force, before or after this change)."""
    st, n = q.state, q.order
    rows = q.monoid.rows
    for h in range(1, q.max_heap + 1, 3):
        for x in range(n):
            if x != st.phi[h]:
                yield _corrupted(q, phi=st.phi[:h] + [x] + st.phi[h + 1:])
                break
    for x in range(n):
        yield _corrupted(q, is_p=[b != (y == x) for y, b in enumerate(st.is_p)])
    for h1, h2 in [(1, 2), (2, 3), (3, 3), (4, 7), (5, 9), (6, 10), (8, 8), (9, 12)]:
        a, b = st.phi[h1], st.phi[h2]
        t = [list(r) for r in rows]
        t[a][b] = t[b][a] = (t[a][b] + 1) % n
        yield _corrupted(q, table=t)


def test_certificate_fails_on_every_corrupted_quotient():
    """Change one value of Phi, one P-status or one (symmetric) table entry of 0.123's quotient:
    the default certificate (26 tokens) refuses each, at a position where the brute-force
    oracle of tests/oracle really disagrees with the corrupted prediction."""
    from misere.errors import VerificationError
    from misere.quotients.impartial.driver import verify_with_brute_force
    q = mq.quotient("0.123", certify=0)
    oracle = outcome_function(octal_rules("0.123"))
    count = 0
    for bad in _wrong_quotients(q):
        with pytest.raises(VerificationError, match="disagrees with brute force"):
            verify_with_brute_force(bad, 26, code_moves("0.123"))
        cert = bad.certificate
        assert not cert.agreed and cert.method == certify.PACKED
        if bad.state.table == q.monoid.rows:  # (a corrupted table is not associative: the
            # prediction of a position then depends on the order of its heaps)
            assert (bad.outcome(cert.mismatch) == "P") != oracle(cert.mismatch), cert.mismatch
        count += 1
    assert count > 30


def test_p_mask_cache_is_shared_by_conservative_steps_and_not_pickled():
    """The solver's cache of ``p_mask`` columns (solver._p_masks) holds what ``p_mask`` gives,
    is handed on while ``Q`` and ``P`` stay, and stays out of checkpoints (pickles)."""
    import pickle

    from misere.impartial.octal import octal_game
    from misere.quotients.impartial import solver, state
    from misere.quotients.monoid.storage import p_mask

    game = octal_game("0.144")
    st = state.SolverState.initial()
    steps = []
    for _ in range(20):
        new = solver.step(game, st)
        if new.table is st.table and new.is_p is st.is_p and solver._p_masks(st):
            steps.append(new)
            assert solver._p_masks(new) is solver._p_masks(st)
        st = new
    assert steps  # some conservative steps used the cache
    masks = solver._p_masks(steps[-1])
    assert masks and all(m == p_mask(steps[-1].table, steps[-1].is_p, v) for v, m in masks.items())
    back = pickle.loads(pickle.dumps(steps[-1]))
    assert "_p_masks" not in back.__dict__ and back == steps[-1]


@pytest.mark.parametrize("code,heap", [("0.07", 20), ("0.137", 14), ("4.7", 14)])
def test_p_failures_on_arrays_equal_p_failures_on_lists(code, heap):
    """p_failure reads every column's P-mask in one pass on an array table (or a generator
    action); the failures equal those found on the same table as lists, column by column."""
    import numpy as np

    from misere.impartial.octal import octal_game
    from misere.quotients.monoid.action import ActionMonoid

    q = mq.quotient(code, max_heap=heap, certify=0)
    game = octal_game(code)
    table = np.asarray(q.monoid.table)
    rows = table.tolist()
    phi = list(q.state.phi)
    trans = verify.transitions(game, heap, q.monoid, phi)
    # a candidate's P portion: P of the quotient, and its complement (many failures)
    for is_p in (list(q.state.is_p), [not b for b in q.state.is_p]):
        want = verify.p_failure(rows, is_p, phi, trans)
        assert verify.p_failure(table, np.asarray(is_p), phi, trans) == want
        action = ActionMonoid.from_table(table, phi, q.monoid.identity)
        assert verify.p_failure(action, is_p, phi, trans) == want
    assert verify.p_failure(rows, [not b for b in q.state.is_p], phi, trans)  # not vacuous
