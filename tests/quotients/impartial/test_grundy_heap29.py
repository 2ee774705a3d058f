"""Grundy's game at heap 29 (issue 25 item 4): the presentation change that does not end.

The rounds are driven here as :func:`misere.quotients.impartial.solver.step` drives them
(candidate -> least failure -> recalibration). Every candidate of a round is exact on the words
colex-below its least failure (the verification theorem of notes E.2): those words are checked
against the independent brute-force oracle, so the first rounds are certified by two methods.
The failures recorded in benchmarks/README.md ("Grundy's game at heap 29 before the proof") follow a cycle of
five rounds in which the exponent of heap 25 grows; the slow test replays it to round 40.
"""
from __future__ import annotations

from collections import Counter

import pytest

from misere.impartial.heap_rulesets import grundy_game
from misere.quotients.impartial.bounds import exact_powers, power_witnesses
from misere.quotients.impartial.recalibrate import Limits, build, recalibrate
from misere.quotients.impartial.solver import step
from misere.quotients.impartial.state import Pending, SolverState
from misere.quotients.impartial.verify import least_failure, word_key, word_status
from tests.oracle.heap_oracle import outcome_function, positions


def _grundy_rules(n: int) -> set[tuple[int, ...]]:
    return {tuple(sorted((a, n - a))) for a in range(1, n) if a != n - a}


def _rounds(count: int):
    """``(candidate, P, Phi, least failure)`` of rounds ``0..count-1`` at heap 29."""
    game, limits = grundy_game(), Limits(max_order=200_000)
    st = SolverState.initial()
    while st.heap < 28:
        st = step(game, st, limits)
    assert st.order == 48 and st.changes[-1] == (20, 48)  # Q_28: unchanged since heap 20
    q, p, phi = build(game, 29, st.monoid, st.phi + [st.identity], {29: (2, 2)}, limits)
    out = []
    for _ in range(count):
        fail, _store = least_failure(game, 29, q, p, phi, limits, None)
        assert fail is not None
        out.append((q, p, phi, tuple(fail)))
        truth = not word_status(q, p, phi, fail)
        q, p, phi = recalibrate(game, 29, q, p, phi, fail, truth, limits)
    return out


def _short(word) -> str:
    c = Counter(word)
    return " ".join(f"{h}^{e}" if e > 1 else str(h) for h, e in sorted(c.items(), reverse=True))


def test_first_rounds_at_heap_29_agree_with_brute_force():
    rounds = _rounds(4)
    assert [_short(f) for *_, f in rounds] == [
        "29^2 25 5 3", "29^2 25 18 5^2 3", "29^2 25 18 8^2 3", "29^2 25 18 11^2 3"]
    assert [q.order for q, *_ in rounds] == [88, 248, 416, 416]
    is_p = outcome_function(_grundy_rules)
    q, p, phi, fail = rounds[-1]
    checked = 0
    for pos in positions(24, 29):
        if word_key(pos) < word_key(fail):  # below the least failure: exact
            assert word_status(q, p, phi, pos) == is_p(pos), pos
            checked += 1
    assert checked == len(positions(24, 29))  # every position of at most 24 tokens is below it
    # witnesses for the powers of Phi(25) after the prefix 29 (one heap of 29: always below
    # 29^2 ...), read back through the candidate's own products
    assert exact_powers(fail, (29, 29), 25) == 0 and exact_powers(fail, (29,), 25) == 255
    found = power_witnesses(Pending.of(29, 3, q, p, phi), 25, 6, (29,))
    assert found
    for w in found:
        assert max(w.y, default=0) < 25
        with_i, with_j = ((29,) + (25,) * w.i + w.y, (29,) + (25,) * w.j + w.y)
        assert word_status(q, p, phi, with_i) == w.p_with_i != word_status(q, p, phi, with_j)


@pytest.mark.slow
def test_heap_29_failures_cycle_with_period_five():
    rounds = _rounds(41)
    for j in range(2):  # rounds 31 + 5j .. 35 + 5j
        a = 4 + j
        assert [_short(f) for *_, f in rounds[31 + 5 * j: 36 + 5 * j]] == [
            f"29^2 27 25^{a} 18 13^{2 + j}", f"29^2 27 25^{a} 18 13^{5 + j} 3",
            f"29^2 27 25^{a} 18 16^{5 + j} 3", f"29^2 27 25^{a} 19^{5 + j} 18 3",
            f"29^2 27 25^{a} 22^{5 + j} 18 3"]
