"""Weighted counts (misere.quotients.impartial.counters_forms): the fine states the check visits
against every point of a box, the stored claim of 0.2264 at heap 19 against misère play
searched from the rules, and wrong claims refused."""
from __future__ import annotations

import itertools
import random
from dataclasses import replace

import numpy as np
import pytest

from misere.quotients.impartial.certify import rule_moves
from misere.quotients.impartial.counters import certificate_outcome, check_certificate
from misere.quotients.impartial.counters_data import load_certificate, save_certificate
from misere.quotients.impartial.counters_forms import (difference_reach, fine_points,
                                                       fine_weighted, fine_windows_weighted)
from misere.quotients.impartial.counters_moves import Moves
from misere.quotients.infinite.proof import load_claim
from misere.quotients.infinite.store import DATA

from tests.quotients.infinite.test_deep import _misere_outcome

CLAIM = DATA / "02264-heap19.npz"
COUNTED = DATA / "04544-heap38.npz"


@pytest.mark.parametrize("weights, windows, period, count_window", [
    ((1, -1, -5), (0, 1, 1), 2, 0), ((2, -3), (1, 0, 2), 2, 0), ((1, 1, -2, -3), (1, 1, 0), 3, 0),
    ((1, -1, -1, -3), (0, 2, 1), 2, 0), ((3, -1), (0, 0, 0), 1, 0),
    ((1, -1, -2), (0, 1, 2), 2, 1), ((2, -3), (1, 0, 2), 3, 2), ((1, -1, -3), (0, 0, 1), 1, 3),
    ((1, 1, -2, -3), (1, 1, 0), 2, 1)])
def test_the_fine_points_reach_every_fine_state_of_a_box(weights, windows, period, count_window):
    """Every count vector of a box has the fine state of a point the check visits (a plain
    walk over the box, no lemma), and no two visited points share one; with a count window
    ``C`` too (the fine state then reads ``min(n, C + 1)``)."""
    d12 = 4
    fine = fine_windows_weighted(windows, weights, d12)
    state = lambda n: fine_weighted(windows, period, weights, d12, n, count_window)  # noqa: E731
    visited = [state(n) for n in fine_points(weights, fine, period, count_window)]
    assert len(visited) == len(set(visited))
    side = 2 * max(fine) + 2 * period + 4 if len(weights) <= 3 else 11
    box = {state(n) for n in itertools.product(range(side), repeat=len(weights))}
    assert box <= set(visited)


@pytest.mark.parametrize("count_window", [1, 2, 3, 5])
def test_the_window_fit_reads_the_count_window_as_the_weighted_state_does(count_window):
    """``Fit`` with the count window's columns (``classes``) groups the points exactly as
    :func:`~misere.quotients.impartial.counters_forms.weighted_state` does: one table row per
    state, keyed by it, and data that differ inside a state are refused."""
    from misere.quotients.impartial.counters_forms import weighted_state
    from misere.quotients.impartial.counters_windows import Fit

    weights, windows, period = (1, -1, -2), (2, 1, 3), 2
    points = np.array(list(itertools.product(range(9), range(7), range(5))), dtype=np.int64)
    states = [weighted_state(windows, period, weights, n, count_window) for n in points]
    label = {s: i for i, s in enumerate(dict.fromkeys(states))}
    data = np.array([[label[s] % 2, label[s] % 3 == 0] for s in states], dtype=bool)
    forms = np.array([[1, 0, 0], [0, 1, 2]], dtype=np.int64)
    fit = Fit(data, forms, period, points, np.eye(3, dtype=np.int64),
              np.minimum(points, count_window))
    table = fit(windows)
    assert table is not None and set(table) == set(states)
    shared = next(i for i, st in enumerate(states) if states.count(st) > 1)
    data[shared] = ~data[shared]  # a point unlike the others of its state
    assert Fit(data, forms, period, points, np.eye(3, dtype=np.int64),
               np.minimum(points, count_window))(windows) is None


def test_the_difference_reach_is_the_largest_change_of_one_move():
    """``d12`` of 0.2264's claim, against the moves written out: 19 -> 17 loses a 19 (+1) and
    makes a 17 (-5): 6, the most."""
    cert = load_claim(CLAIM)
    mv = Moves(cert, rule_moves(cert.code))
    w = dict(zip(cert.counters, cert.weights))
    moves = rule_moves(cert.code)
    most = max(abs(sum(w.get(p, 0) for p in o) - w.get(h, 0))
               for h in range(1, 20) for o in moves(h))
    assert difference_reach(cert.weights, cert.members, mv.opts) == most == 6


def test_the_weighted_claim_of_0_2264_agrees_with_play():
    """Every position of at most 4 heaps (and random ones of up to 8) of at most 36 tokens has
    the outcome the stored claim gives, searched from the octal definition (no part of
    ``misere``); among them the boundaries along 3 b = a and 5 b = a."""
    cert = load_claim(CLAIM)
    assert cert.weights == (1, -1, -1, -3, -1, -5) and cert.counters == (19, 3, 4, 10, 11, 17)
    seen = 0
    for n in range(1, 5):
        for word in itertools.combinations_with_replacement(range(1, 20), n):
            if sum(word) <= 36:
                assert certificate_outcome(cert, word) == (_misere_outcome("2264", word) == "P")
                seen += 1
    rng = random.Random(5)
    for _ in range(150):
        word = tuple(sorted(rng.choice((1, 2, 3, 3, 4, 10, 11, 17, 19, 19, 5, 7))
                            for _ in range(rng.randint(5, 8))))
        if sum(word) <= 56:
            assert certificate_outcome(cert, word) == (_misere_outcome("2264", word) == "P"), word
            seen += 1
    assert seen > 3000


def test_a_weighted_file_keeps_its_weights_and_a_wrong_weight_is_refused(tmp_path):
    """The file (format 3) reads back with its weights; the claim with 17 weighed 4 instead
    of 5 has no table for it or is refused by the check, and a table with one bit flipped is
    refused."""
    cert = load_claim(CLAIM)
    save_certificate(cert, tmp_path / "c.npz")
    back = load_certificate(tmp_path / "c.npz")
    assert back.weights == cert.weights and back.windows == cert.windows
    assert int(np.load(tmp_path / "c.npz")["version"]) == 3
    wrong = replace(cert, weights=cert.weights[:-1] + (-4,))
    assert not check_certificate(wrong).ok
    key = sorted(cert.p_table)[len(cert.p_table) // 2]
    flipped = dict(cert.p_table)
    flipped[key] = ~flipped[key]
    assert not check_certificate(replace(cert, p_table=flipped)).ok


@pytest.mark.slow
def test_the_weighted_claim_of_0_2264_is_proved():
    """The stored claim passes the check from the rules (about 10 s)."""
    proof = check_certificate(load_claim(CLAIM))
    assert proof.ok and proof.states == 5095


@pytest.mark.parametrize("change", [dict(windows=(10 ** 6, 1, 1)), dict(period=10 ** 4),
                                    dict(weights=(1, -1, -1, -3, -1, -10 ** 6)),
                                    dict(count_window=10 ** 6), dict(count_window=-1)])
def test_a_hostile_weighted_claim_is_refused_before_any_point_is_made(change):
    """Huge windows, period, weights or count window (or a negative one): refused in one line
    by the size of the box or the shape, not walked (nor an out-of-memory error)."""
    proof = check_certificate(replace(load_claim(CLAIM), **change))
    assert not proof.ok and proof.states == 0
    assert ("over 200,000,000 points" in proof.reason or "count window >= 0" in proof.reason)


def test_a_count_window_is_read_and_kept_in_format_4(tmp_path):
    """0.4544 at heap 38 reads ``#38 - #25 - 2 #33`` and whether each count is present (count
    window 1): its table holds two coarse states that differ only there, with different rows
    (``38^2 33^2`` against ``38^2 25^4``); the file (format 4) reads back with the window."""
    cert = load_claim(COUNTED)
    assert cert.weights == (1, -1, -2) and cert.count_window == 1
    two, four = cert.state((2, 0, 2)), cert.state((2, 4, 0))
    assert two[:-3] == four[:-3] and two != four
    assert not np.array_equal(cert.p_table[two], cert.p_table[four])
    save_certificate(cert, tmp_path / "c.npz")
    back = load_certificate(tmp_path / "c.npz")
    assert back.count_window == 1 and back.p_table.keys() == cert.p_table.keys()
    assert int(np.load(tmp_path / "c.npz")["version"]) == 4


@pytest.mark.slow
def test_the_count_window_of_0_4544_is_proved_and_needed():
    """The stored claim passes the check from the rules (about 10 s); read without its count
    window (each coarse state's first row kept), the check refuses it."""
    cert = load_claim(COUNTED)
    assert check_certificate(cert).ok
    table = {}
    for key, row in sorted(cert.p_table.items()):
        table.setdefault(key[:-3], row)
    assert not check_certificate(replace(cert, count_window=0, p_table=table)).ok
