"""The separation lemma (misere.quotients.infinite.separation) against a naive search with no
lemma, on every stored certificate and on finite quotients (where it must fail), and the
witnesses it builds for any pair against the claims and, for small positions, brute force."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import misere
from misere.quotients.impartial.counters import check_certificate
from misere.quotients.impartial.counters_data import build_certificate, ordered_search
from misere.quotients.impartial.state import Pending
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.separation import (separable_counts, separate, witness,
                                                  word_of_values)
from misere.quotients.infinite.store import DATA

STORED = sorted(DATA.glob("*.npz"))
#: weighted claims count six heaps: the plain search over their box takes minutes
WEIGHTED = {p for p in STORED if "weights" in np.load(p).files}
#: the named results always; of the census's certificates (files named by their code) every
#: third by default, all with --runslow (each takes about a second)
CHECKED = [pytest.param(p, id=p.stem, marks=() if p not in WEIGHTED and (
    i % 3 == 0 or not p.stem[0].isdigit()) else pytest.mark.slow) for i, p in enumerate(STORED)]


@pytest.fixture(scope="module", params=CHECKED)
def cert(request):
    return load_claim(request.param)


def _naive_separated(cert, r, i, j, box):
    """Some ``y`` (counts in ``[0, box)``, any value of a word) tells ``h^i`` from ``h^j`` by
    the claims alone: a plain search, no lemma."""
    values = sorted(word_of_values(cert))
    for b in itertools.product(range(box), repeat=len(cert.counters)):
        a1, a2 = list(b), list(b)
        a1[r] += i
        a2[r] += j
        try:
            if any(cert.claims_p(a1, x) != cert.claims_p(a2, x) for x in values):
                return True
        except KeyError:
            return False
    return False


def test_every_stored_certificate_separates_and_its_witnesses_hold(cert):
    """Each stored claim has a count whose powers the lemma tells apart; the witness of every
    pair i < j (i < 40, j < 90: both moves of the lemma are used) has claimed outcomes that
    differ, and a plain search finds a separating position for the small pairs too."""
    rs = [r for r in separable_counts(cert) if separate(cert, r).ok]
    assert rs and 0 in rs
    for r in rs:
        sep = separate(cert, r)
        assert len(sep.witnesses) == sep.gaps
        for i in range(40):
            for j in range(i + 1, 90):
                counts, word = witness(cert, sep, i, j)
                a1, a2 = list(counts), list(counts)
                a1[r] += i
                a2[r] += j
                x = cert.psi(word)
                assert x != cert.outside
                assert cert.claims_p(a1, x) != cert.claims_p(a2, x), (i, j)
        # a box past the largest window by two periods (0.1127 at heap 16, whose difference
        # window is 5, needs counts up to 7 to tell h^2 from h^4)
        box = max(cert.windows) + 2 * cert.period + 2
        for i, j in [(0, 1), (0, 2), (1, 3), (2, 4)]:
            assert _naive_separated(cert, r, i, j, box)


@pytest.fixture(scope="module")
def dawson20():
    q = misere.quotient("0.07", max_heap=20, certify=0)
    s = q.state
    return Pending.of(20, 0, s.monoid, s.is_p, list(s.phi))


@pytest.mark.parametrize("counters", [(20, 4), (20, 9), (4, 20)])
def test_a_finite_quotient_never_separates(dawson20, counters):
    """Q_20 of Dawson's Kayles is finite (order 24): its claims are proved, but no element has
    infinite order, so the lemma must fail for every count, and the plain search agrees that
    some pair of powers is not told apart in the box."""
    cert = build_certificate("0.07", dawson20, counters, exact_a=12, b_max=12)
    assert cert is not None and check_certificate(cert).ok
    for r in separable_counts(cert):
        sep = separate(cert, r)
        assert not sep.ok and "no position tells" in sep.reason
        d = len(sep.witnesses) + 1  # the first gap the lemma could not separate
        assert not _naive_separated(cert, r, sep.start, sep.start + d, sep.start + d + 8)


def test_small_witnesses_agree_with_brute_force():
    """For 0.3102 at heap 12 the witnesses of the first gaps at small powers are small enough
    for an exhaustive search from the rules alone: the two outcomes really differ."""
    cert = load_claim(DATA / "bounty-03102-heap12.npz")
    sep = separate(cert, 1)  # Phi(7)
    assert sep.ok
    checked = 0
    for i, j in [(0, 1), (0, 2), (1, 2), (1, 3)]:
        counts, word = witness(cert, sep, i, j)
        y = [h for g, c in zip(cert.members, counts) for h in [g[0]] * c] + list(word)
        if len(y) > 14:
            continue
        p1, _ = ordered_search("0.3102", [7] * i + y, node_limit=400_000)
        p2, _ = ordered_search("0.3102", [7] * j + y, node_limit=400_000)
        assert p1 != p2, (i, j, y)
        checked += 1
    assert checked >= 2


def test_a_count_read_through_a_sum_is_not_separated():
    """The lemma needs the count alone in its sum: 0.3312's counts of 8 and 11 are refused."""
    cert = load_claim(DATA / "bounty-03312-heap14.npz")
    assert separable_counts(cert) == [0]
    sep = separate(cert, 1)
    assert not sep.ok and "sum of several counts" in sep.reason
    assert np.array_equal(cert.action, load_claim(DATA / "bounty-03312-heap14.npz").action)


def test_a_claim_with_huge_windows_is_refused_before_any_array():
    """A hostile file's windows cannot make the lemma allocate its box: refused in one line."""
    import copy

    cert = copy.copy(load_claim(DATA / "bounty-03123-heap12.npz"))
    cert.windows = (1000,) * len(cert.windows)
    sep = separate(cert, 0)
    assert not sep.ok and "points" in sep.reason
