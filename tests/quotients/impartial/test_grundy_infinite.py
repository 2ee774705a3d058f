"""Grundy's game at heap 29 (issue 25 item 4): ``Q_29`` is infinite, by a counter certificate
(quotients/impartial/counters.py) that counts heap 25 and the heaps 13/16/19/22 together, in the
domain of positions with at most two heaps of 29, two of size >= 28 and three of size >= 26.

The stored claim is checked here from the rules (about a second); its infinite families are read
back; its small positions are compared with the independent brute-force oracle
(tests/oracle/heap_oracle.py); corrupted claims and a domain that moves leave are refused. The
slow test rebuilds the claim from the engine's round-28 candidate (docs/results/infinite.md).
"""
from __future__ import annotations

import copy
import random
from pathlib import Path

import numpy as np
import pytest

import misere
from misere.impartial.heap_rulesets import grundy_game
from misere.quotients.impartial.counters import (certificate_outcome, check_certificate,
                                                 family_claims)
from misere.quotients.impartial.counters_data import (build_certificate, cross_check,
                                                      load_certificate, save_certificate)
from misere.quotients.impartial.state import Pending
from tests.oracle.heap_oracle import outcome_function, positions
from tests.quotients.impartial.test_counters import _flipped

ROOT = Path(__file__).resolve().parents[3]
STORED = ROOT / "src" / "misere" / "quotients" / "infinite" / "data" / "grundy-heap29.npz"
LIMITS = ((29, 2), (28, 2), (26, 3))


def _grundy_rules(n: int) -> set[tuple[int, ...]]:
    return {tuple(sorted((a, n - a))) for a in range(1, n) if a != n - a}


def _inside(pos) -> bool:
    return all(sum(1 for h in pos if h >= t) <= k for t, k in LIMITS)


@pytest.fixture(scope="module")
def cert():
    return load_certificate(STORED)


def test_stored_grundy_claim_is_proved_and_tells_every_power_of_25_apart(cert):
    assert cert.code == "grundy" and cert.members == ((25,), (13, 16, 19, 22))
    assert cert.windows == (2, 0, 1) and cert.order == 313 and len(cert.p_table) == 17
    proof = check_certificate(cert)
    assert proof.ok and proof.reason == "proved" and proof.pairs == 1150
    y = (29, 29, 27, 18)
    # 25^i and 25^j, i < j: j - i odd; i = 0, 1 (j - i even); i >= 2 (j - i even)
    assert family_claims(cert, (5, 5), 0, 0, 0, 2) == {True} != family_claims(cert, (5, 5), 0, 0, 1, 2)
    assert family_claims(cert, (29, 29, 20, 3), 0, 0, 0, 0) == {True}
    assert family_claims(cert, (29, 29, 20, 3), 0, 0, 2, 2) == {False}
    assert family_claims(cert, (29, 29, 5, 3), 0, 0, 1, 0) == {False}
    assert family_claims(cert, (29, 29, 5, 3), 0, 0, 3, 2) == {True}
    assert family_claims(cert, y, 2, None, 0, 0) == {False}  # 25^i 13^i y: N for every i >= 2
    assert family_claims(cert, y, 2, None, 2, 2) == {True}  # 25^(i+2+2t) 13^i y: P
    # 13^i and 13^j (and 16, 19, 22 alike), y + 25^j: j - i odd, then j - i even
    assert family_claims(cert, (5, 5), 0, None, 1, 2) == {False} != family_claims(cert, (5, 5), 1, None, 0, 0)
    assert family_claims(cert, y, 0, None, 2, 2) == {True} != family_claims(cert, y, 2, None, 0, 0)
    word = (25,) * 7 + (13,) * 5 + y
    assert certificate_outcome(cert, word) and not certificate_outcome(cert, word + (16, 19))
    with pytest.raises(ValueError, match="outside"):
        certificate_outcome(cert, (29, 29, 29))


def test_grundy_claim_agrees_with_the_independent_oracle(cert):
    is_p = outcome_function(_grundy_rules)
    checked = 0
    for pos in positions(30, 29):
        if _inside(pos):
            assert certificate_outcome(cert, pos) == is_p(pos), pos
            checked += 1
    assert checked == len(positions(30, 29)) > 6_000  # no position of 30 tokens leaves it
    count, bad = cross_check(cert, 34)
    assert bad is None and count > 3_000


def test_corrupted_grundy_claims_are_refused(cert):
    rng = random.Random(29)
    inside = [x for x in range(cert.order) if x != cert.outside]
    key = rng.choice(sorted(cert.p_table))
    assert not check_certificate(_flipped(cert, key, rng.choice(inside))).ok
    # the claim at the outside element is no claim at all
    assert check_certificate(_flipped(cert, (0, 0, 0, 0, 0), cert.outside)).ok
    swapped = copy.copy(cert)
    swapped.action = cert.action.copy()
    swapped.action[0, [1, 2]] = swapped.action[0, [2, 1]]
    assert not check_certificate(swapped).ok


def test_a_heap_counted_and_given_a_column_is_refused(cert):
    both = copy.copy(cert)
    both.groups = ((25,), (13, 16, 19, 22, cert.heaps[0]))
    with pytest.raises(ValueError, match="counted twice"):
        check_certificate(both)


def test_save_and_load_keep_groups_and_domain(cert, tmp_path):
    save_certificate(cert, tmp_path / "g.npz")
    back = load_certificate(tmp_path / "g.npz")
    assert (back.groups, back.outside, back.heaps) == (cert.groups, cert.outside, cert.heaps)
    assert np.array_equal(back.action, cert.action)


@pytest.fixture(scope="module")
def heap20():
    """Grundy's game to heap 20 (certified, order 48)."""
    q = misere.quotient(grundy_game(), max_heap=20, certify=0)
    s = q.state
    return Pending.of(20, 0, s.monoid, s.is_p, list(s.phi))


def test_a_domain_that_moves_leave_is_refused(heap20):
    # at most one heap >= 6 besides the counted 19s and 13s: 13 -> 7 + 6 makes two
    bad = build_certificate("grundy", heap20, (19, 13), exact_a=6, b_max=8, limits=((6, 1),))
    assert bad is not None and bad.outside is not None
    assert check_certificate(bad).reason == "a move in heap 13 leaves the domain"
    closed = build_certificate("grundy", heap20, (19, 13), exact_a=6, b_max=8, limits=((20, 1),))
    proof = check_certificate(closed)
    assert proof.ok, proof.reason  # the finite quotient Q_20 restricted to a closed domain
    assert cross_check(closed, 30)[1] is None


