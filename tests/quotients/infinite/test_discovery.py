"""The engine alone finds the infinite partial quotients of the results pages, and what it
proves agrees with the stored (hand-chosen) claims. The heavy runs are slow tests; 0.3102 runs
by default in test_surfaces.py."""
from __future__ import annotations

import gzip
import itertools
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import misere
from misere.quotients.impartial.counters import certificate_outcome
from misere.quotients.infinite.discover import interchangeable, partners, proposals
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.store import DATA

ROOT = Path(__file__).resolve().parents[3]


def _agree(found, stored, top: int, tokens: int, most: int = 5) -> int:
    """Both claims give the same outcome on every position of heaps <= top with at most
    ``most`` heaps and ``tokens`` tokens, in both domains; returns how many were compared."""
    seen = 0
    for n in range(1, most + 1):
        for word in itertools.combinations_with_replacement(range(1, top + 1), n):
            if sum(word) > tokens:
                continue
            try:
                a, b = certificate_outcome(found, word), certificate_outcome(stored, word)
            except ValueError:  # outside one of the domains
                continue
            assert a == b, word
            seen += 1
    return seen


def test_proposals_read_the_failure_cycles():
    """Grundy's game at heap 29 cycles 13^4, 16^4, 19^4 beside 25^3 29^2 27 18 3: the sizes are
    counted together, and the domain is read above every counted size; 0.3123 at heap 12 cycles
    11^a beside 2^b, 4^b and 9^b: three counts through nested sums."""
    grundy = [Counter({13: 4, 25: 3, 29: 2, 27: 1, 18: 1, 3: 1}),
              Counter({16: 4, 25: 3, 29: 2, 27: 1, 18: 1, 3: 1})]
    shapes = list(proposals((19,) * 4 + (25,) * 3 + (29, 29, 27, 18, 3), grundy, 29))
    grouped = [s for s in shapes if s.get("groups") == ((25,), (13, 16, 19))
               and s.get("limits") == ((28, 2), (26, 3))]
    # read along 19 (most repeated in the failure, inexact there) and along 13 (the claim)
    assert {s["counters"] for s in grouped} >= {(25, 19), (25, 13)}
    b3123 = [Counter({2: 7, 11: 5, 12: 1, 8: 1, 6: 1}), Counter({4: 7, 11: 5, 12: 1, 8: 1, 6: 1}),
             Counter({9: 7, 11: 5, 12: 1})]
    same = interchangeable(b3123)
    assert sorted(same[2]) == [2, 4] and 9 not in same
    assert [sorted(c) for c in partners(b3123, 11, same)] == [[9], [2, 4]]
    shapes = list(proposals((11,) * 6 + (2,) * 5 + (12, 6), b3123, 12))
    assert any(s["counters"][0] == 11 and s.get("groups") == ((11,), (2, 4), (9,))
               and s.get("sums") == ((0,), (1, 2), (2,)) and s.get("limits") == ((12, 1),)
               for s in shapes)
    # 0.3312 at heap 14 cycles 14^a beside 8^b and 11^b (interchangeable), yet its claim
    # counts them apart: #14, #8 + #11, #11
    b3312 = [Counter({14: 9, 8: 4, 2: 1}), Counter({14: 9, 12: 1, 8: 10, 2: 1, 1: 1}),
             Counter({14: 9, 12: 1, 8: 11, 1: 1})]
    assert sorted(interchangeable(b3312 + [Counter({14: 9, 12: 1, 11: 10, 2: 1, 1: 1})])[8]) == [8, 11]
    shapes = list(proposals((14,) * 9 + (12,) + (11,) * 10 + (2, 1), b3312, 14))
    assert any(s["counters"] == (14, 8, 11) and s.get("sums") == ((0,), (1, 2), (2,))
               and "groups" not in s for s in shapes)


def test_a_class_is_cut_into_its_parts_of_equal_value():
    """0.036 at heap 16 cycles ``11^a`` beside ``4^b``, ``5^b``, ``7^b`` and ``10^b``; in the
    candidate 4, 5 and 10 have one value and 7 another, so the class is counted as ``#4/5/10 +
    #7, #7`` before its single sizes are; without the values the single sizes alone."""
    hist = [Counter({16: 1, 11: 7, h: 8}) for h in (4, 5, 7, 10)]
    phi = [0, 0, 1, 1, 2, 2, 0, 3, 1, 1, 2, 4, 5, 6, 7, 7, 8]
    failure = (16,) + (11,) * 8 + (4,) * 6 + (2,)
    triple = [s for s in proposals(failure, hist, 16, phi=phi) if len(s["counters"]) == 3]
    assert triple[0]["groups"] == ((11,), (4, 5, 10), (7,))
    assert any(s["groups"] == ((11,), (4, 5, 10), (7,)) and s["sums"] == ((0,), (1, 2), (2,))
               and s.get("limits") == ((12, 1),) for s in triple)
    singles = [s for s in proposals(failure, hist, 16) if len(s["counters"]) == 3]
    assert singles and all("groups" not in s for s in singles)
    assert {s.get("groups") for s in triple} > {s.get("groups") for s in singles}


def test_the_engine_proves_0_036_at_heap_16_and_agrees_with_play():
    """``Q_16(0.036)``, which the census had left at a work bound: the engine's own claims (the
    class cut by value) prove it infinite with ``Q_15`` finite, and the claim's outcomes equal
    those of misère play searched from the octal code's definition."""
    from misere.impartial.octal import octal_game
    from misere.quotients.impartial.driver import compute
    from misere.quotients.impartial.solver import Limits
    from misere.quotients.infinite.discover import Watcher
    from tests.quotients.infinite.test_deep import _agrees_with_play

    q = compute(octal_game("0.036"), 16, watch=Watcher("0.036"), limits=Limits(max_order=8_000))
    proof = q.settled
    assert q.max_heap == 15 and proof is not None and proof.ok and proof.heap == 16
    assert proof.cert.members == ((11,), (4, 5, 10), (7,)) and proof.infinite == (11,)
    assert _agrees_with_play(proof.cert, "036", 16, 34, 6) > 5000


@pytest.mark.slow
@pytest.mark.parametrize("code, heap, stored, top, tokens", [
    ("0.3122", 7, "bounty-03122-heap7.npz", 7, 40),
    ("grundy", 29, "grundy-heap29.npz", 29, 60),
    ("0.3312", 14, "bounty-03312-heap14.npz", 14, 45),
    ("0.3123", 12, "bounty-03123-heap12.npz", 12, 40),
])
def test_the_engine_alone_finds_each_result(code, heap, stored, top, tokens):
    """No stored certificate read (``stored=False``): the engine settles heap ``heap`` from its
    own rounds, and its claim agrees with the stored one (minutes each)."""
    limits = misere.quotients.Limits(max_order=200_000)  # the default 8,000 stops Grundy, 0.3123
    q = misere.quotient(code, max_heap=heap, certify=0, quiet=True, stored=False, limits=limits)
    proof = q.infinite_proof
    assert q.max_heap == heap - 1 and proof is not None and proof.ok and proof.heap == heap
    assert _agree(proof.cert, load_claim(DATA / stored), top, tokens) > 500


@pytest.mark.slow
def test_the_engine_alone_weighs_the_heaps_of_0_2264_at_heap_19():
    """No stored certificate read: the engine's weighted reading (19 against 3, 4, 10, 11, 17
    with weights 1, 1, 3, 1, 5) settles heap 19 under the default bounds, and its claim agrees
    with the stored one (about 3 minutes)."""
    q = misere.quotient("0.2264", max_heap=19, certify=0, quiet=True, stored=False)
    proof = q.infinite_proof
    assert q.max_heap == 18 and proof is not None and proof.ok and proof.heap == 19
    assert proof.cert.weights == (1, -1, -1, -3, -1, -5) and 19 in proof.infinite
    assert _agree(proof.cert, load_claim(DATA / "02264-heap19.npz"), 19, 38) > 500


def _dawson_resumed(tmp_path, round_: int):
    """Q_34 of 0.07 with ``stored=False``, resumed from the shipped checkpoint of ``round_``."""
    ck = tmp_path / "dawson.sqlite"
    with gzip.open(ROOT / "benchmarks" / "data" / f"dawson-heap34-round{round_}.sqlite.gz",
                   "rb") as src, open(ck, "wb") as dst:
        shutil.copyfileobj(src, dst)
    limits = misere.quotients.Limits(max_order=10_000_000, max_rounds=100_000)
    q = misere.quotient("0.07", max_heap=34, certify=0, quiet=True, stored=False,
                        checkpoint=str(ck), limits=limits)
    assert q.max_heap == 33 and q.infinite_proof.ok
    return q.infinite_proof


@pytest.mark.slow
def test_dawson_heap34_from_the_round170_checkpoint(tmp_path):
    """Resumed from the shipped round-170 checkpoint, the engine reads the claim off its own
    candidate and proves Q_34 of 0.07 infinite: the very certificate that is stored (about 3
    minutes, 2 GB)."""
    found, stored = _dawson_resumed(tmp_path, 170).cert, load_claim(DATA / "dawson-heap34.npz")
    assert found.windows == stored.windows and found.p_table.keys() == stored.p_table.keys()
    assert all(np.array_equal(found.p_table[k], stored.p_table[k]) for k in found.p_table)


@pytest.mark.slow
def test_dawson_heap34_resumed_reads_claims_at_once(tmp_path):
    """Resumed from the shipped round-105 checkpoint (the failures of rounds 0-104 unknown to
    the hook), the engine reads claims at the first failure and proves Q_34 of 0.07 infinite
    there; its claim agrees with the stored one."""
    proof = _dawson_resumed(tmp_path, 105)
    assert "round 105 " in proof.origin
    assert _agree(proof.cert, load_claim(DATA / "dawson-heap34.npz"), 34, 40) > 5000


def test_the_watcher_reads_no_claim_off_a_huge_candidate(monkeypatch):
    """A candidate of more than ``MAX_CANDIDATE`` elements is passed over (0.16 at heap 19:
    minutes a round on 2.4 million elements), a smaller one with the same failures is read."""
    from types import SimpleNamespace

    from misere.quotients.infinite import discover

    tried = []
    monkeypatch.setattr(discover.Watcher, "attempt", lambda self, cand, shape: tried.append(shape))
    monkeypatch.setattr(discover, "MAX_CANDIDATE", 100)
    for size in (101, 100):
        w = discover.Watcher("0.3102")
        for rnd, e in enumerate((3, 4, 5)):  # 12^3, 12^4, 12^5: grown twice
            cand = SimpleNamespace(heap=12, round=rnd, is_p=[False] * size, phi=None)
            w(cand, (12,) * e + (7, 7, 10))
        assert bool(tried) is (size == 100)
