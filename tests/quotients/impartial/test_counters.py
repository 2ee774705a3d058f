"""Outcome certificates with unbounded heap counts (quotients/impartial/counters.py): one, two
or three counts, read alone or through sums; accepted on true claims, refused on every corrupted
claim tried, and compared with brute force. The full Dawson's Kayles heap-34 proof is the slow
test at the end (docs/results/dawson.md)."""
from __future__ import annotations

import copy
import itertools
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import misere
from misere.quotients.impartial.certify import brute_force_outcomes, code_moves
from misere.quotients.impartial.counters import (box_side, certificate_outcome, check_certificate,
                                                 coarse_state, count_of, family_claims,
                                                 family_states, fine_windows, sum_matrix)
from misere.quotients.impartial.counters_data import (build_certificate, cross_check,
                                                      load_certificate, ordered_search,
                                                      save_certificate)
from misere.quotients.impartial.state import Pending

ROOT = Path(__file__).resolve().parents[3]
BRUTE = brute_force_outcomes(code_moves("0.07"))


@pytest.fixture(scope="module")
def small():
    """Dawson's Kayles to heap 20 (certified, order 24), counting heaps 20 and 4."""
    q = misere.quotient("0.07", max_heap=20, certify=0)
    s = q.state
    cand = Pending.of(20, 0, s.monoid, s.is_p, list(s.phi))
    cert = build_certificate("0.07", cand, (20, 4), exact_a=12, b_max=12)
    assert cert is not None
    return cert


def test_small_certificate_is_proved_and_agrees_with_brute_force(small):
    assert small.windows == (0, 2, 2) and len(small.p_table) == 23
    proof = check_certificate(small)
    assert proof.ok and proof.reason == "proved" and proof.pairs > 50
    count, bad = cross_check(small, 34)
    assert bad is None and count > 2_000


def _flipped(cert, key, x):
    bad = copy.copy(cert)
    bad.p_table = dict(cert.p_table)
    col = bad.p_table[key].copy()
    col[x] ^= True
    bad.p_table[key] = col
    return bad


def test_flipped_claims_are_refused(small):
    """A wrong claim anywhere makes the check fail (each state and value is realised by some
    position, so any flip is false somewhere)."""
    rng = random.Random(7)
    for key in rng.sample(sorted(small.p_table), 3):
        proof = check_certificate(_flipped(small, key, rng.randrange(small.order)))
        assert not proof.ok and "failure" in proof.reason


@pytest.mark.slow
def test_every_flipped_claim_is_refused(small):
    for key in sorted(small.p_table):
        for x in range(small.order):
            proof = check_certificate(_flipped(small, key, x))
            assert not proof.ok, (key, x)


def test_missing_state_is_refused(small):
    bad = copy.copy(small)
    bad.p_table = {k: v for k, v in small.p_table.items() if k != (0, 2, 2, 0, 0)}
    assert "no table entry" in check_certificate(bad).reason


def test_family_states_are_every_state_of_the_family(small):
    for b_min, b_max, d_min, d_step in [(0, None, 3, 0), (0, None, 5, 2), (0, 0, 1, 1), (2, 5, -4, 1)]:
        seen = {coarse_state(small.windows, small.period, b + d_min + d_step * k, b)
                for b in range(b_min, (b_max if b_max is not None else 60) + 1)
                for k in (range(40) if d_step else [0]) if b + d_min + d_step * k >= 0}
        assert family_states(small, b_min, b_max, d_min, d_step) == seen


@pytest.mark.parametrize("windows,period,da,db", [((2, 2, 5), 2, 0, 1), ((0, 2, 2), 2, 0, 1),
                                                 ((3, 0, 1), 3, 0, 2), ((2, 0, 1), 2, 1, 2),
                                                 ((0, 1, 0), 2, 2, 0), ((1, 0, 3), 3, 2, 1)])
def test_the_box_holds_every_fine_state(windows, period, da, db):
    """What the check reads at (a, b) (coarse states of the points a move reaches, whether
    a >= 1 and b >= 1) already occurs inside the box (the module's lemma, tested on [0, R + 40]^2;
    moves create up to ``da`` counted heaps of the first set and ``db`` of the second, at most
    ``da + db`` in all)."""
    assert _reads_outside(windows, period, (da, db), None, 40) == set()


def _reads_outside(windows, period, most, sums, extra):
    """What the check reads at a count vector of ``[0, R + extra]^k`` and at no vector whose sums lie
    in the box of :func:`box_side` (empty: the lemma holds there); asserts on the way that
    points of one fine state read the same (the check visits one of them). ``most[i]``: most heaps of
    count ``i`` one option creates; ``D`` of the theorem is the most of one sum."""
    k = len(most)
    sets = [tuple(np.flatnonzero(r)) for r in sum_matrix(sums, k)]
    shifts = list(itertools.product(*(range(m + 1) for m in most)))
    d = max(sum(dv[j] for j in s) for dv in shifts for s in sets)

    def reads(a):
        pts = [tuple(x + y - (j == i) for j, (x, y) in enumerate(zip(a, dv)))
               for i in range(-1, k) for dv in shifts]
        return tuple(coarse_state(windows, period, *(sum(pt[j] for j in s) for s in sets))
                     if min(pt) >= 0 else None for pt in pts)
    r = box_side(windows, period, d)
    top = r + extra
    fw = fine_windows(windows, d)
    inside, every = set(), {}
    for a in itertools.product(range(top + 1), repeat=k):
        u = [sum(a[j] for j in s) for s in sets]
        seen = reads(a)
        assert every.setdefault(coarse_state(fw, period, *u), seen) == seen, a  # fine fixes reads
        if max(u) <= r:
            inside.add(seen)
    return set(every.values()) - inside


THREE = [((1, 0, 1, 1, 0, 1), 2, (0, 1, 1), None),
         ((1, 0, 1, 1, 0, 0), 2, (0, 1, 0), [(0,), (1, 2), (2,)])]  # 0.3312's sums


@pytest.mark.parametrize("windows,period,most,sums", THREE)
def test_the_box_holds_every_fine_state_of_three_counts_and_sums(windows, period, most, sums):
    """The lemma for three counts, read alone or through nested sums (0.3312's ``#14``,
    ``#8 + #11``, ``#11`` among them), on ``[0, R + 4]^3``."""
    assert _reads_outside(windows, period, most, sums, 4) == set()


@pytest.mark.slow
@pytest.mark.parametrize("windows,period,most,sums", [
    ((1, 0, 1, 2, 0, 1), 2, (0, 1, 1), None), ((2, 3, 1, 3, 0, 0), 2, (0, 1, 1), [(0,), (1, 2), (2,)]),
    ((0, 1, 1, 1, 2, 1), 3, (1, 0, 1), [(0, 1), (1,), (2,)]),
    ((1, 1, 0, 0, 2, 1), 2, (0, 1, 0), [(0, 1, 2), (1, 2), (2,)]),
    ((0, 1, 0, 1, 1, 0), 3, (1, 0, 1), [(0, 1), (1,), (2,)]),
    ((1, 0, 0, 0, 1, 1), 2, (0, 1, 0), [(0, 1, 2), (1, 2), (2,)])])
def test_the_box_holds_every_fine_state_of_three_counts_on_a_larger_cube(windows, period, most, sums):
    assert _reads_outside(windows, period, most, sums, 20) == set()


@given(st.integers(0, 3), st.integers(1, 3), st.integers(0, 2))
def test_the_box_holds_every_fine_state_of_one_count(k1, period, most):
    """One count: the box is ``[0, K + 1 + p]`` (checked on ``[0, R + 30]``)."""
    assert _reads_outside((k1,), period, (most,), None, 30) == set()


def test_count_of_and_coarse_states_of_one_and_three_counts():
    assert [count_of(w) for w in [(4,), (1, 2, 3), tuple(range(6)), tuple(range(10))]] == [1, 2, 3, 4]
    with pytest.raises(ValueError):
        count_of((1, 2))
    assert coarse_state((3,), 2, 7) == (3, 1)
    assert coarse_state((2, 3, 1, 7, 0, 0), 2, 10, 4, 1) == (2, 3, 1, 6, 0, 0, 0, 0, 1)
    with pytest.raises(ValueError):
        coarse_state((2, 2, 5), 2, 1, 2, 3)


def test_sums_must_be_nested_chains():
    assert sum_matrix(None, 2).tolist() == [[1, 0], [0, 1]]
    assert sum_matrix([(0, 1, 2), (1, 2), (2,)], 3).tolist() == [[1, 1, 1], [0, 1, 1], [0, 0, 1]]
    for bad in ([(0, 1), (1, 2), (2,)], [(0, 1, 2), (1,), (2,)], [(0,), (0, 2), (2,)], [(0,), (2,)],
                [(0,), (1,), (1,)], [(0, 2), (1,), (2,), (0,)]):
        with pytest.raises(ValueError):
            sum_matrix(bad, 3)


def test_certificate_outcome_matches_brute_force_on_small_positions(small):
    for word in [(20, 4), (20, 20, 4, 4), (20, 7, 3), (4, 4, 4, 2), (20, 20)]:
        assert certificate_outcome(small, word) == BRUTE(tuple(sorted(word)))


@given(st.lists(st.integers(0, 12), max_size=3), st.integers(0, 2**32))
def test_ordered_search_is_brute_force_whatever_the_order(word, seed):
    rng = random.Random(seed)
    expect = BRUTE(tuple(sorted(h for h in word if h > 1)))
    got, _ = ordered_search("0.07", word, order=lambda pos: rng.random() < 0.5)
    assert got == expect


def test_save_and_load_give_the_same_certificate(small, tmp_path):
    save_certificate(small, tmp_path / "c.npz")
    back = load_certificate(tmp_path / "c.npz")
    assert (back.code, back.counters, back.heaps, back.identity, back.windows, back.period) == \
        (small.code, small.counters, small.heaps, small.identity, small.windows, small.period)
    assert np.array_equal(back.action, small.action)
    assert sorted(back.p_table) == sorted(small.p_table)
    assert all(np.array_equal(back.p_table[k], small.p_table[k]) for k in small.p_table)


STORED = ROOT / "src" / "misere" / "quotients" / "infinite" / "data" / "dawson-heap34.npz"
CONJECTURE_Y = (33, 25, 14)


def test_stored_dawson_claim_settles_the_conjecture_and_small_positions():
    """What the stored heap-34 claim says (proved by the slow test below): the conjecture's
    families have one outcome each, and small positions agree with brute force."""
    cert = load_certificate(STORED)
    assert cert.counters == (34, 30) and cert.windows == (2, 2, 5) and cert.order == 1504
    assert family_claims(cert, CONJECTURE_Y, 0, None, 3, 0) == {False}
    assert family_claims(cert, CONJECTURE_Y, 0, None, 5, 2) == {True}
    for word in [(34, 2), (34, 4), (30,), (30, 2), (33, 2), (31, 3), (25, 14)]:
        assert certificate_outcome(cert, word) == BRUTE(tuple(sorted(word))), word


@pytest.mark.slow
def test_dawson_heap34_stored_certificate_is_proved_and_is_the_checkpoints():
    cert = load_certificate(STORED)
    assert check_certificate(cert).ok
    sys.path.insert(0, str(ROOT / "reproductions"))
    from dawson_kayles_heap34_bounds import load_candidate

    built = build_certificate("0.07", load_candidate()[2], (34, 30), exact_a=23)
    assert np.array_equal(built.action, cert.action) and sorted(built.p_table) == sorted(cert.p_table)
    assert all(np.array_equal(built.p_table[k], cert.p_table[k]) for k in cert.p_table)


@pytest.mark.slow
def test_dawson_heap34_counter_certificate():
    """Q(0.07) at heap 34: every position's outcome is proved; Phi(34) has infinite order."""
    sys.path.insert(0, str(ROOT / "reproductions"))
    from dawson_kayles_heap34_bounds import load_candidate

    _, rnd, cand = load_candidate()
    assert rnd == 170
    cert = build_certificate("0.07", cand, (34, 30), exact_a=23)
    assert cert.windows == (2, 2, 5) and cert.order == 1504 and len(cert.p_table) == 52
    proof = check_certificate(cert)
    assert proof.ok, proof.reason
    # the conjecture of docs/results/dawson.md, for every i >= 3 and t >= 1
    assert family_claims(cert, CONJECTURE_Y, 0, None, 3, 0) == {False}  # 34^i 30^(i-3) y: N
    assert family_claims(cert, CONJECTURE_Y, 0, None, 5, 2) == {True}  # 34^(i+2t) 30^(i-3) y: P
    count, bad = cross_check(cert, 40)
    assert bad is None and count > 10_000
    assert np.asarray(cert.action).dtype == np.int32


def test_a_file_that_is_not_a_certificate_is_refused_in_one_line(tmp_path) -> None:
    """load_certificate checks that the file is its own kind before reading any claim."""
    from misere.errors import CheckpointError
    from misere.quotients.impartial.counters_data import load_certificate

    other = tmp_path / "other.npz"
    np.savez(other, a=np.arange(3))
    text = tmp_path / "text.npz"
    text.write_text("not an archive")
    for path, says in ((other, "no action"), (text, "not a counter certificate"),
                       (tmp_path / "missing.npz", "No such file")):
        with pytest.raises(CheckpointError, match=says):
            load_certificate(path)


@pytest.fixture(scope="module")
def dawson20():
    q = misere.quotient("0.07", max_heap=20, certify=0)
    s = q.state
    return Pending.of(20, 0, s.monoid, s.is_p, list(s.phi))


@pytest.mark.parametrize("counters,sums", [((20,), None), ((20, 9, 4), None),
                                           ((20, 9, 4), ((0,), (1, 2), (2,)))])
def test_one_and_three_count_certificates_are_proved_and_agree_with_brute_force(
        dawson20, counters, sums, tmp_path):
    """Q_20 of 0.07 is finite, so its outcomes are a function of any counts: the check accepts
    the claims read off it with one count, three, and three read through sums; they agree with
    brute force, survive a save and load, and a flipped entry is refused."""
    cert = build_certificate("0.07", dawson20, counters, exact_a=8, b_max=5, sums=sums)
    assert cert is not None and len(cert.windows) == len(counters) * (len(counters) + 1) // 2
    proof = check_certificate(cert)
    assert proof.ok, proof.reason
    count, bad = cross_check(cert, 26)
    assert bad is None and count > 1_000
    for word in [(20, 9, 4, 4), (20, 20, 9), (9, 9, 4, 7), (20, 4, 3)]:
        assert certificate_outcome(cert, word) == BRUTE(tuple(sorted(word)))
    save_certificate(cert, tmp_path / "c.npz")
    back = load_certificate(tmp_path / "c.npz")
    assert (back.counters, back.sums, back.windows) == (cert.counters, cert.sums, cert.windows)
    assert sorted(back.p_table) == sorted(cert.p_table) and np.array_equal(back.action, cert.action)
    assert all(np.array_equal(back.p_table[k], cert.p_table[k]) for k in cert.p_table)
    key = sorted(cert.p_table)[len(cert.p_table) // 2]
    assert not check_certificate(_flipped(cert, key, 3)).ok


def test_families_of_three_counts_read_through_sums_are_enumerated_in_full(dawson20):
    cert = build_certificate("0.07", dawson20, (20, 9, 4), exact_a=8, b_max=5,
                             sums=((0,), (1, 2), (2,)))
    assert cert is not None
    for b_min, b_max, d_min, d_step, base, along in [(0, None, 0, 0, (0, 0, 0), (1, 1, 0)),
                                                     (1, None, 2, 2, (0, 0, 1), (1, 0, 1)),
                                                     (0, 0, 1, 2, (0, 2, 0), (1, 0, 0))]:
        seen = set()
        for b in range(b_min, (b_max if b_max is not None else 40) + 1):
            for t in (range(40) if d_step else [0]):
                a = [c + b * u for c, u in zip(base, along)]
                a[0] += d_min + d_step * t
                seen.add(coarse_state(cert.windows, cert.period, *cert.view(a)))
        assert family_states(cert, b_min, b_max, d_min, d_step, base, along) == seen
    with pytest.raises(ValueError):  # (1, 1, 1) has the sums (1, 2, 1): not a 0/1 direction
        family_states(cert, 0, None, 0, 0, (0, 0, 0), (1, 1, 1))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["0.07", "0.137", "0.31", "0.34", "0.71", "0.3312", "0.3102"]),
       st.integers(7, 10), st.data())
def test_an_accepted_claim_agrees_with_brute_force(code, top, data):
    """Soundness on random small games: claims read off a finite partial quotient with one to
    three random counts (three possibly through sums), one table entry flipped half of the time;
    whenever the check accepts one, brute force agrees with it on every small position (the
    unflipped claims are accepted in 39 of 40 random draws, so this is seldom vacuous)."""
    q = misere.quotient(code, max_heap=top, certify=0)
    s = q.state
    cand = Pending.of(top, 0, s.monoid, s.is_p, list(s.phi))
    heaps = [h for h in range(1, top + 1) if code_moves(code)(h)]
    k = data.draw(st.integers(1, min(3, len(heaps))))
    counters = tuple(data.draw(st.permutations(heaps))[:k])
    sums = data.draw(st.sampled_from([None, ((0,), (1, 2), (2,)), ((0, 1, 2), (1, 2), (2,))])) \
        if k == 3 else None
    cert = build_certificate(code, cand, counters, exact_a=6, b_max=5, sums=sums, max_window=4)
    if cert is None:
        return
    if data.draw(st.booleans()):
        cert = _flipped(cert, data.draw(st.sampled_from(sorted(cert.p_table))),
                        data.draw(st.integers(0, cert.order - 1)))
    if check_certificate(cert).ok:
        assert cross_check(cert, 22)[1] is None
