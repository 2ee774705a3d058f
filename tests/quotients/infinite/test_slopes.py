"""The slope lemma (misere.quotients.infinite.slopes): powers told apart against a partner of
weight other than 1, checked against a plain search with no lemma, against searched play, and
refused where the quotient is finite."""
from __future__ import annotations

import copy
import random

import pytest

import misere
from misere.impartial.octal import octal_game
from misere.quotients.impartial.counters import check_certificate
from misere.quotients.impartial.counters_data import build_weighted
from misere.quotients.impartial.driver import compute
from misere.quotients.impartial.solver import Limits
from misere.quotients.impartial.state import Pending
from misere.quotients.infinite.discover import Watcher
from misere.quotients.infinite.proof import load_claim, prove, save_proof
from misere.quotients.infinite.separation import separable_counts, separate, witness, word_of_values
from misere.quotients.infinite.slopes import MAX_GAPS, slope_bounds
from tests.quotients.infinite.test_deep import _agrees_with_play


@pytest.fixture(scope="module")
def proof_2207():
    """0.2207 at heap 22: the engine reads ``22^a 15^b v`` with weights ``(1, -2)`` (no count
    of weight -1: the separation through a two-count claim does not apply)."""
    q = compute(octal_game("0.2207"), 22, watch=Watcher("0.2207", shapes=False),
                limits=Limits(max_rounds=400, max_order=60_000))
    return q


def _naive_told_apart(cert, r, i, j, most=150):
    """Some ``y`` of counted heaps (every count up to ``most`` at the partners, none at ``r``)
    and any value tells ``h^i`` from ``h^j`` by the claims alone: no lemma, no bounds."""
    values = sorted(word_of_values(cert))
    others = [s for s in range(len(cert.counters)) if s != r]
    for s in others:
        for m in range(most):
            a1 = [0] * len(cert.counters)
            a1[s] = m
            a2 = list(a1)
            a1[r], a2[r] = i, j
            if any(cert.claims_p(a1, x) != cert.claims_p(a2, x) for x in values):
                return True
    return False


def test_the_engine_proves_0_2207_at_heap_22_through_the_slope_lemma(proof_2207):
    """``Q_21`` is finite (order 112) and ``Q_22`` infinite: both counts separated, each against
    the other at slope 2, and the claim agrees with play searched from the octal rules."""
    q = proof_2207
    proof = q.settled
    assert q.max_heap == 21 and q.order == 112 and proof is not None and proof.ok
    cert = proof.cert
    assert cert.weights == (1, -2) and cert.members == ((22,), (15,))
    seps = {s.count: s for s in proof.separations if s.ok}
    assert set(seps) == {0, 1} and seps[0].partner == 1 and seps[1].partner == 0
    assert proof.infinite == (15, 22) and "slope lemma" in proof.statement()
    assert _agrees_with_play(cert, "2207", 22, 30, 4) >= 2500


def test_slope_witnesses_hold_for_every_pair_and_a_plain_search_agrees(proof_2207):
    """The witness of each pair (small pairs, and pairs far past ``B`` and the gaps: every move
    of the lemma) has claimed outcomes that differ; for the pairs below ``B`` a plain search
    over ``y = b^m v`` with no bound from the lemma finds a separating position too."""
    cert = proof_2207.settled.cert
    rng = random.Random(7)
    for sep in (s for s in proof_2207.settled.separations if s.ok):
        r = sep.count
        pairs = [(i, j) for i in range(30) for j in range(i + 1, 70)]
        pairs += [(i, i + rng.randrange(1, 400)) for i in (rng.randrange(400) for _ in range(200))]
        for i, j in pairs:
            counts, word = witness(cert, sep, i, j)
            a1, a2 = list(counts), list(counts)
            a1[r] += i
            a2[r] += j
            x = cert.psi(word)
            assert cert.claims_p(a1, x) != cert.claims_p(a2, x), (r, i, j)
        for i, j in [(0, 1), (1, 2), (0, 3), (2, 5), (sep.start - 1, sep.start + 1)]:
            assert _naive_told_apart(cert, r, i, j)


def test_the_proof_file_keeps_the_partner_and_proves_again(proof_2207, tmp_path):
    """The file adds ``separation_partner``; read back, the claim is proved again with the same
    separation (nothing in the file is trusted)."""
    import numpy as np

    path = tmp_path / "02207-heap22.npz"
    save_proof(proof_2207.settled, path)
    data = np.load(path)
    first = next(s for s in proof_2207.settled.separations if s.ok)
    assert int(data["separation_partner"]) == first.partner
    assert int(data["separation_start"]) == first.start
    again = prove(load_claim(path))
    assert again.ok and again.infinite == proof_2207.settled.infinite


@pytest.fixture(scope="module")
def dawson20():
    q = misere.quotient("0.07", max_heap=20, certify=0)
    s = q.state
    return Pending.of(20, 0, s.monoid, s.is_p, list(s.phi))


@pytest.mark.parametrize("heaps, weights", [((20, 9), (1, -2)), ((20, 4), (1, -2)),
                                             ((20, 9), (1, -3)), ((4, 20), (1, -2))])
def test_a_finite_quotient_never_separates_at_any_slope(dawson20, heaps, weights):
    """``Q_20`` of Dawson's Kayles is finite (order 24): weighted claims at slopes 2 and 3 are
    proved, yet the lemma fails for every count, and the plain search agrees at the first pair
    the lemma could not tell apart."""
    cert = build_weighted("0.07", dawson20, heaps, weights, 12)
    assert cert is not None and check_certificate(cert).ok
    for r in separable_counts(cert):
        sep = separate(cert, r)
        assert not sep.ok and "no position b^m v tells" in sep.reason
        start = slope_bounds(cert, r, sep.partner)[2]
        d = len(sep.witnesses) + 1
        assert not _naive_told_apart(cert, r, start, start + d)


def test_a_claim_with_huge_windows_is_refused_before_the_search(proof_2207):
    """A hostile claim's windows or weights cannot make the lemma search millions of gaps, or
    of positions per gap."""
    cert = copy.copy(proof_2207.settled.cert)
    cert.windows = (10 ** 6,) * 3
    sep = separate(cert, 0)
    assert not sep.ok and f"{MAX_GAPS:,}" in sep.reason
    cert = copy.copy(proof_2207.settled.cert)
    cert.weights = (10 ** 7, -1)
    for r in (0, 1):
        sep = separate(cert, r)
        assert not sep.ok and f"{MAX_GAPS:,}" in sep.reason


def test_residues_read_mod_a_divisor_spell_out_the_same_claim(dawson20):
    """``moduli`` reads each count mod a divisor of the period and spells the table out mod the
    period: with the period itself it is the plain claim, row for row; with a divisor, every
    state has the row of its class, and the claim is still proved from the rules."""
    import numpy as np

    plain = build_weighted("0.07", dawson20, (20, 9), (1, -2), 12, period=4)
    same = build_weighted("0.07", dawson20, (20, 9), (1, -2), 12, period=4, moduli=(4, 4))
    assert plain is not None and same is not None and plain.windows == same.windows
    assert plain.p_table.keys() == same.p_table.keys()
    assert all(np.array_equal(plain.p_table[k], same.p_table[k]) for k in plain.p_table)
    coarse = build_weighted("0.07", dawson20, (20, 9), (1, -2), 12, period=4, moduli=(4, 2))
    assert coarse is not None and coarse.period == 4
    for key, row in coarse.p_table.items():  # 9's residue read mod 2: classes r and r + 2 agree
        twin = (*key[:4], (key[4] + 2) % 4, *key[5:])
        assert twin in coarse.p_table and np.array_equal(row, coarse.p_table[twin])
    assert check_certificate(coarse).ok


def test_the_stored_claim_of_0_6007_reads_period_12_in_a_domain():
    """0.6007 at heap 17: ``11^a 8^b v`` reads ``a - 3 b``, ``a mod 12`` and ``b mod 4``, for
    positions with at most one other heap of at least 12 (the engine's claim, stored): proved
    again from the rules, both counts separated at slope 3."""
    from misere.quotients.infinite.store import DATA

    cert = load_claim(DATA / "06007-heap17.npz")
    assert cert.weights == (1, -3) and cert.period == 12 and cert.outside is not None
    proof = prove(cert)
    assert proof.ok and proof.infinite == (8, 11)
    assert all(s.partner is not None for s in proof.separations if s.ok)


@pytest.mark.slow
def test_the_engine_reads_0_6007_with_period_12_in_a_domain():
    """From no stored certificate: the claim read off round 23 of heap 17 (about 94,000
    elements, 15 s), which needs both the longer period and the domain."""
    q = compute(octal_game("0.6007"), 17, watch=Watcher("0.6007", shapes=False),
                limits=Limits(max_rounds=400, max_order=200_000))
    assert q.max_heap == 16 and q.order == 192 and q.settled is not None and q.settled.ok
    assert q.settled.cert.period == 12 and "in a domain" in q.settled.origin


def test_a_weighted_claim_in_a_domain_agrees_with_the_claim_on_all_positions(dawson20):
    """``limits`` reads the weighted claim on the positions with at most one uncounted heap of
    17 or more (no move leaves them: the counted heaps are smaller): it has an outside
    element, is proved from the rules, and gives the outcome of the claim read on all positions
    wherever it says anything. A domain that a move of a counted heap leaves is refused."""
    import itertools

    from misere.quotients.impartial.counters import certificate_outcome

    whole = build_weighted("0.07", dawson20, (12, 4), (1, -2), 12)
    part = build_weighted("0.07", dawson20, (12, 4), (1, -2), 12, limits=((17, 1),))
    assert part is not None and part.outside is not None and check_certificate(part).ok
    assert check_certificate(whole).ok
    leaky = build_weighted("0.07", dawson20, (20, 9), (1, -2), 12, limits=((15, 1),))
    assert check_certificate(leaky).reason == "a move in heap 20 leaves the domain"
    compared = 0
    for n in range(1, 5):
        for word in itertools.combinations_with_replacement((1, 2, 4, 5, 12, 17, 18, 20), n):
            try:
                claimed = certificate_outcome(part, word)
            except ValueError:  # outside the domain: two heaps of 17 or more
                assert sum(1 for h in word if h >= 17) >= 2
                continue
            assert claimed == certificate_outcome(whole, word), word
            compared += 1
    assert compared > 100
