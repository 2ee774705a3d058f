"""0.3102 at heap 12 and 0.3312 at heap 14 (issue 21 item 3; seed 002 §10.4's open quaternary
bounties): ``Q_12`` and ``Q_14`` are infinite, by counter certificates
(quotients/impartial/counters.py) that count heaps 12 and 7, and 14, 8 and 11 (read through the
sums ``#14``, ``#8 + #11``, ``#11``).

The stored claim is checked here from the rules (well under a second); its infinite families are
read back; its positions are compared with the independent brute-force oracle
(tests/oracle/heap_oracle.py) and with ``counters_data.cross_check``; corrupted claims are
refused. The slow tests rebuild the claims from the engine's candidates of rounds 19 and 70
(docs/results/new.md).
"""
from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest

from misere.quotients.impartial.counters import (certificate_outcome, check_certificate,
                                                 family_claims)
from misere.quotients.impartial.counters_data import build_certificate, cross_check, load_certificate
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions
from tests.quotients.impartial.test_counters import _flipped
from tests.quotients.impartial.test_grundy_infinite import assert_rebuilt

ROOT = Path(__file__).resolve().parents[3]
STORED = ROOT / "benchmarks" / "data" / "bounty-03102-heap12-certificate.npz"
STORED_3312 = ROOT / "benchmarks" / "data" / "bounty-03312-heap14-certificate.npz"


@pytest.fixture(scope="module")
def cert():
    return load_certificate(STORED)


def test_stored_03102_claim_is_proved_and_tells_every_power_of_12_apart(cert):
    assert cert.code == "0.3102" and cert.counters == (12, 7) and cert.outside is None
    assert cert.windows == (0, 2, 1) and cert.order == 54 and len(cert.p_table) == 17
    proof = check_certificate(cert)
    assert proof.ok and proof.reason == "proved" and proof.pairs == 119
    # 12^i and 12^j, i < j: y = 3 when j - i is odd, y = 7^i + 10 when it is even
    assert family_claims(cert, (3,), 0, 0, 0, 2) == {True} != family_claims(cert, (3,), 0, 0, 1, 2)
    assert family_claims(cert, (10,), 0, None, 0, 0) == {False}  # 12^i 7^i 10: N for every i
    assert family_claims(cert, (10,), 0, None, 2, 2) == {True}  # 12^(i+2+2t) 7^i 10: P
    # 7^i and 7^j with 12^j added: j - i odd (y = 12^j + 3), even (y = 12^j + 10, above)
    assert family_claims(cert, (3,), 0, None, 0, 0) == {True} != family_claims(cert, (3,), 0, None, 1, 2)
    assert not certificate_outcome(cert, (12,) * 9 + (7,) * 9 + (10,))
    assert certificate_outcome(cert, (12,) * 11 + (7,) * 9 + (10,))


@pytest.mark.slow
def test_03102_heap12_certificate_from_the_engine():
    """The stored claim is the one read off the engine's round-19 candidate, and it is proved."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bounty_infinite import CODE, HEAP, ROUND, SHAPE
    from counter_proofs import round_candidate

    from misere.impartial.octal import octal_game

    cand = round_candidate(ROUND, octal_game(CODE), HEAP)
    assert (cand.round, len(cand.is_p)) == (19, 574)
    assert_rebuilt(build_certificate(CODE, cand, **SHAPE), STORED, 60, 2_000_000)



@pytest.fixture(scope="module")
def cert3312():
    return load_certificate(STORED_3312)


def test_stored_03312_claim_is_proved_and_tells_every_power_of_14_apart(cert3312):
    c = cert3312
    assert c.code == "0.3312" and c.counters == (14, 8, 11) and c.sums == ((0,), (1, 2), (2,))
    assert c.windows == (7, 0, 0, 4, 1, 0) and c.order == 184 and len(c.p_table) == 280
    proof = check_certificate(c)
    assert proof.ok and proof.reason == "proved" and (proof.pairs, proof.box) == (541, 30)
    one = ((0, 0, 0), (1, 0, 0))  # the count of 14 alone moves
    # odd gaps: 14^j + 12^2 + 2 is N for even j, P for odd j
    assert family_claims(c, (12, 12, 2), 0, 0, 0, 2, *one) == {False}
    assert family_claims(c, (12, 12, 2), 0, 0, 1, 2, *one) == {True}
    # even gaps from 14^0 and 14^1
    assert family_claims(c, (5, 1), 0, 0, 0, 0, *one) == {True} != family_claims(c, (5, 1), 0, 0, 2, 2, *one)
    assert family_claims(c, (13, 3), 0, 0, 1, 0, *one) == {True} != family_claims(c, (13, 3), 0, 0, 3, 2, *one)
    # even gaps from 14^i, i >= 2: y = 8^(i-2) + 12 + 3
    eights = ((0, 0, 0), (1, 1, 0))
    assert family_claims(c, (12, 3), 0, None, 2, 0, *eights) == {True}
    assert family_claims(c, (12, 3), 0, None, 4, 2, *eights) == {False}
    assert certificate_outcome(c, (14,) * 12 + (8,) * 10 + (12, 3))
    assert not certificate_outcome(c, (14,) * 14 + (8,) * 10 + (12, 3))


@pytest.mark.parametrize("path, tokens, top, at_least, cross", [
    (STORED, 28, 12, 10_000, 51_969), (STORED_3312, 26, 14, 5_000, 58_024)])
def test_claims_agree_with_the_independent_oracle(path, tokens, top, at_least, cross):
    """Every position of at most ``tokens`` tokens (heaps ``<= top``) against the oracle, and
    every one of at most 34 tokens against ``cross_check``."""
    cert = load_certificate(path)
    is_p = outcome_function(octal_rules(cert.code))
    every = positions(tokens, top)
    assert len(every) == len(set(every)) > at_least
    for pos in every:
        assert certificate_outcome(cert, pos) == is_p(pos), pos
    count, bad = cross_check(cert, 34)
    assert bad is None and count == cross


@pytest.mark.parametrize("path, seed, flips", [(STORED, 12, 3), (STORED_3312, 14, 2)])
def test_corrupted_claims_are_refused(path, seed, flips):
    cert = load_certificate(path)
    rng = random.Random(seed)
    for _ in range(flips):
        key = rng.choice(sorted(cert.p_table))
        assert not check_certificate(_flipped(cert, key, rng.randrange(cert.order))).ok


def test_the_03312_table_read_on_the_counts_alone_is_refused(cert3312):
    """The same windows read on ``(#14, #8, #11)`` instead of their sums: a state is missing."""
    alone = copy.copy(cert3312)
    alone.sums = None
    proof = check_certificate(alone)
    assert not proof.ok and "no table entry" in proof.reason


@pytest.mark.slow
def test_03312_heap14_certificate_from_the_engine():
    """The stored claim is the one read off the engine's round-70 candidate, and it is proved."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bounty_infinite import BOUNTIES
    from counter_proofs import round_candidate

    from misere.impartial.octal import octal_game

    b = BOUNTIES["0.3312"]
    cand = round_candidate(b.round, octal_game("0.3312"), b.heap)
    assert (cand.round, len(cand.is_p)) == (70, 3_500)
    assert_rebuilt(build_certificate("0.3312", cand, **b.shape), STORED_3312, 50, 800_000)
