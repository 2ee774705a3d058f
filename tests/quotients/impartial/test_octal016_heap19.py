"""0.16 at heap 19 (issue 21 item 3): the witnesses reproductions/octal_016_heap19.py reads off the
heap-19 candidate for the powers of heap 8 beside a heap of 19 (docs/results/infinite.md, "0.16 past
heap 18"), replayed by brute force. These pairs do not go past what ``Q_18`` already has (there
``Phi(8)`` has index 4 and period 2): they check the candidate's small outcomes, not growth.

Each fact is an exact outcome computed twice from the rules: by the independent oracle
(tests/oracle/heap_oracle.py, which knows nothing of ``misere``) and by
``counters_data.ordered_search``. ``o(19 + 8^i + y) != o(19 + 8^j + y)`` proves
``Phi(8)^i != Phi(8)^j`` in ``Q_19`` (002 §5), whatever any candidate says.
"""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from misere.quotients.impartial.counters_data import ordered_search
from tests.oracle.heap_oracle import octal_rules, outcome_function

#: (i, y, whether 19 + 8^i + y is P), the outcomes reproductions/octal_016_heap19.py reports
FACTS = [(0, (1,), False), (1, (1,), True), (2, (1,), False), (0, (5,), False), (2, (5,), True)]
#: the heavier ones (the pairs with 8^3 and 8^4)
SLOW_FACTS = [(3, (1,), False), (3, (5,), False), (0, (5, 5, 5), True), (3, (5, 5, 5), False),
              (4, (1,), True), (1, (5, 5, 1), False), (4, (5, 5, 1), True)]


def _pairs(facts) -> set[tuple[int, int]]:
    """Pairs i < j told apart by some y among ``facts``."""
    return {(i, j) for i, y, p in facts for j, y2, q in facts if i < j and y == y2 and p != q}


def _check(facts) -> None:
    is_p = outcome_function(octal_rules("0.16"))
    for i, y, want in facts:
        pos = (19,) + (8,) * i + y
        assert is_p(tuple(sorted(pos))) is want, pos
        assert ordered_search("0.16", pos, node_limit=200_000)[0] is want, pos


def test_powers_of_8_up_to_the_second_differ_beside_19():
    _check(FACTS)
    assert _pairs(FACTS) == {(0, 1), (0, 2), (1, 2)}


@pytest.mark.slow
def test_powers_of_8_up_to_the_fourth_differ_beside_19():
    facts = FACTS + SLOW_FACTS
    _check(SLOW_FACTS)
    assert _pairs(facts) == {(i, j) for j in range(5) for i in range(j)}


@pytest.mark.slow
def test_the_heap_19_candidate_fails_at_11_14_14_14_16_19():
    """The round-52 candidate of heap 19 claims ``11 + 14^3 + 16 + 19`` is P (the first failure
    ``check_certificate`` finds for heap 8 counted alone, period 6, at most one 19:
    ``reproductions/octal_016_heap19.py --fit6``); the rules say N (2,864,588 positions, 90 s at
    load 2): the candidate is not exact with no heap of 8 and one of 19."""
    assert ordered_search("0.16", (11, 14, 14, 14, 16, 19), node_limit=3_000_000)[0] is False


def test_preperiods_read_with_period_6():
    """A toy candidate where heap 8 has index 4 and period 6 and ``8^a`` is P at ``a = 1, 6, 12,
    18, ...``: read with period 6 it settles from ``a = 2``; read with period 2 it never does,
    and the reported preperiod is the last ``a`` that fits in the span (what the 444 values of
    the round-52 candidate showed)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "reproductions"))
    from octal_016_heap19 import preperiods

    step = [1, 2, 3, 4, 5, 6, 7, 8, 9, 4]  # x -> x + 8
    cand = SimpleNamespace(identity=0, phi=[0] * 8 + [1] + [0] * 11, letters=[1],
                           maps=np.array([step]), is_p=np.isin(np.arange(10), [1, 6]))
    assert preperiods(cand, 0, span=30, period=6).tolist() == [2]
    assert preperiods(cand, 0, span=30, period=2).tolist() == [25]


#: ``19 + 12^2 + 1 + 8^a``: P exactly at ``a ≡ 0 (mod 3)`` (a >= 3) in the heap-19 candidates and,
#: below round 52's least failure ``19 + 12^2 + 8^49 + 5 + 1``, in truth (docs/results/infinite.md,
#: "0.16 past heap 18": the period 3 a freed heap of period 2 cannot hold); the first period here
PERIOD_THREE = [(0, False), (1, False), (2, False), (3, True)]


def test_period_three_along_heap_8_starts_as_the_candidates_say() -> None:
    """The cheapest members: ``a = 0`` by both brute forces, ``a = 1`` by ordered search."""
    (a0, want0), (a1, want1) = PERIOD_THREE[:2]
    pos0, pos1 = (19, 12, 12) + (8,) * a0 + (1,), (19, 12, 12) + (8,) * a1 + (1,)
    assert outcome_function(octal_rules("0.16"))(tuple(sorted(pos0))) is want0
    assert ordered_search("0.16", pos0, node_limit=200_000)[0] is want0
    assert ordered_search("0.16", pos1, node_limit=200_000)[0] is want1


@pytest.mark.slow
def test_period_three_along_heap_8_first_period() -> None:
    """``a = 0..3`` by ordered search (264,121 positions for a = 3, about 12 s)."""
    for a, want in PERIOD_THREE:
        pos = (19, 12, 12) + (8,) * a + (1,)
        assert ordered_search("0.16", pos, node_limit=1_000_000)[0] is want, pos


class _Counting:
    """A toy candidate: the value of a word is its number of heaps of 8 (``mul`` adds), and
    the P-portion is given by ``p_at``."""

    identity = 0

    @staticmethod
    def mul(x: int, y: int) -> int:
        return x + y


def _read(p_at, e: int) -> int:
    from misere.quotients.impartial.recalibrate import read_period

    phi = [0] * 8 + [1] + [0] * 11  # heap 8 counts, the others are the identity
    is_p = np.array([p_at(a) for a in range(e + 1)])
    fail = [19, 12, 12, 1] + [8] * e
    return read_period(_Counting, is_p, phi, fail, bool(is_p[e]), 8)


def test_a_freed_heaps_period_is_read_off_the_failure():
    """The recalibration frees a heap with the period its failure's outcomes show (the engine's
    rule for 0.16 at heap 19: ``19 + 12^2 + 1 + 8^a`` is P exactly at ``a = 0 mod 3``), and
    with MisereSolver's 2 when they show none or too few powers are known."""
    every_third = lambda a: a % 3 == 0 and a > 0  # noqa: E731 (0.16: N at a = 0)
    assert _read(every_third, 20) == 3
    assert _read(every_third, 12) == 3  # 13 powers: the last three periods repeat the ones before
    assert _read(every_third, 11) == 2  # 12 powers: 8^0 (N) is not 8^3 (P), too few to tell
    assert _read(lambda a: a % 2 == 1, 20) == 2
    assert _read(lambda a: a >= 5, 20) == 1  # constant tail: lcm(2, 1) = 2 in the engine
    assert _read(lambda a: a % 6 == 1, 40) == 6
    assert _read(lambda a: a in (1, 6), 20) == 1  # irregular start, constant end
    # 0.774 at heap 10: 10^a is P exactly at a = 1, 4, 6 mod 8 (Q_10 has a unit of order 8)
    assert _read(lambda a: a % 8 in (1, 4, 6), 40) == 8
    assert _read(lambda a: a % 8 in (1, 4, 6), 30) == 2  # 31 powers: too few to see 8 repeat
