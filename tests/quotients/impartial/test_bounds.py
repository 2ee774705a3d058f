"""Proved lower bounds from candidates (quotients/impartial/bounds.py): against the true
quotient (where the count must reach the order) and against brute-force outcomes."""
from __future__ import annotations

import gzip
import pickle
import shutil
import sqlite3
from pathlib import Path

import pytest

import misere
from misere.impartial.octal import octal_game
from misere.quotients.impartial.bounds import distinguished_classes, exact_below, power_witnesses
from misere.quotients.impartial.certify import brute_force_outcomes, code_moves
from misere.quotients.impartial.recalibrate import Limits
from misere.quotients.impartial.state import Pending
from misere.quotients.impartial.verify import least_failure

DATA = Path(__file__).resolve().parents[3] / "benchmarks" / "data"


@pytest.fixture(scope="module")
def dawson25():
    q = misere.quotient("0.07", max_heap=25, certify=0)
    st = q.state
    return q, Pending.of(25, 0, st.monoid, st.is_p, list(st.phi))


def test_classes_reach_the_order_of_the_true_quotient(dawson25):
    q, cand = dawson25
    counts = [distinguished_classes(cand, 25, k) for k in (0, 2, 4, 6)]
    assert counts == sorted(counts) and counts[-1] == q.order == 144
    assert counts[0] < 144  # words below heap 25 alone do not reach every class


def test_power_witnesses_are_true(dawson25):
    q, cand = dawson25
    mon, phi = q.state.monoid, q.state.phi
    powers = [mon.identity]
    for _ in range(6):
        powers.append(mon.mul(powers[-1], phi[25]))
    found = power_witnesses(cand, 25, 6)
    assert {(w.i, w.j) for w in found} <= {(i, j) for i in range(7) for j in range(i + 1, 7)
                                          if powers[i] != powers[j]}
    assert len(found) >= 6
    bf = brute_force_outcomes(code_moves("0.07"))
    checked = 0
    for w in found:
        if 25 * w.j + sum(w.y) <= 60:
            assert bf(tuple(sorted((25,) * w.i + w.y))) == w.p_with_i
            assert bf(tuple(sorted((25,) * w.j + w.y))) != w.p_with_i
            checked += 1
    assert checked >= 3


def test_exact_below():
    assert exact_below(None, 34) is None
    assert exact_below((34,) * 24 + (33, 31) + (30,) * 19 + (14, 4), 34) == 23


@pytest.mark.slow
def test_dawson_heap34_round170(tmp_path):
    """The stored round-170 candidate of Dawson's Kayles at heap 34: Phi(34) has order at
    least 24 and |Q_34| >= 9850 (docs/results/dawson.md)."""
    db = tmp_path / "d.sqlite"
    with gzip.open(DATA / "dawson-heap34-round170.sqlite.gz") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    row = sqlite3.connect(db).execute("SELECT heap, blob FROM pending").fetchone()
    cand = pickle.loads(row[1])
    fail, _ = least_failure(octal_game("0.07"), 34, *Pending.candidate(cand), Limits(), None)
    assert exact_below(fail, 34) == 23
    assert len(power_witnesses(cand, 34, 23)) == 24 * 23 // 2
    assert distinguished_classes(cand, 34, 23) == 9850
