"""The compiled packed sum search (core/packed_jit.py) against the Python search and brute force."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from misere.budget import limits
from misere.core import packed_jit
from misere.core.ops import integer
from misere.core.outcome import Outcome
from misere.core.packed import Layout, sum_outcome_pair, sum_wins_first
from misere.core.table import ZERO, intern
from misere.errors import BudgetExceededError
from tests.oracle import brute
from tests.strategies import games

pytestmark = pytest.mark.skipif(not packed_jit.available, reason="numba missing")


def _out(gs: list[int], misere: bool, engine: str) -> str:
    return Outcome.from_pair(*sum_outcome_pair(gs, misere, engine=engine)).value


@settings(max_examples=40, deadline=None)
@given(st.lists(games(2, 3), min_size=2, max_size=6), games(3))
def test_compiled_agrees_with_brute_force(parts: list[m.Game], big: m.Game) -> None:
    parts = parts + [big]
    forms = [brute.read(x.explicit()) for x in parts]
    for misere in (True, False):
        assert _out([g.id for g in parts], misere, "compiled") == brute.outcome(forms, misere=misere)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["1", "2", "-1", "-3", "*", "{1|*}", "{0|-1}", "{2|}", "{|-1,*}", "{1|-1}"]),
                min_size=2, max_size=7))
def test_integer_fields_agree_with_brute_force(texts: list[str]) -> None:
    parts = [m.parse(t) for t in texts]
    forms = [brute.read(x.explicit()) for x in parts]
    for misere in (True, False):
        assert _out([g.id for g in parts], misere, "compiled") == brute.outcome(forms, misere=misere)


@settings(max_examples=15, deadline=None)
@given(st.lists(games(2, 2), min_size=2, max_size=4), st.integers(2, 4))
def test_many_copies_agree_with_the_python_search(kinds: list[m.Game], copies: int) -> None:
    gs = [g.id for g in kinds] * copies  # up to 16 components
    for misere in (True, False):
        assert _out(gs, misere, "compiled") == _out(gs, misere, "python")


#: the four canonical day-3 games of the ``sums`` benchmark (benchmarks/workloads/sums.py)
FOUR = ["{{0,*,1|0,-1,1}|0,{|*,-1,1}}", "{{-1,1|-1,1}|{0,*,-1|0,-1,1},{0,1|1}}",
        "{{*,-1|0,-1,1},{-1|0,*}|{0,1|*,-1}}", "{{*,-1|0,*,1}|{|*,1}}"]


@pytest.mark.parametrize("misere, copies", [(True, 4), (False, 2)])
def test_sixteen_components_grow_the_table_and_agree(misere: bool, copies: int) -> None:
    import numpy as np
    gs = [m.parse(t).id for t in FOUR] * copies  # misère, 16: the table doubles
    stats = np.zeros(2, np.int64)
    got = packed_jit.outcome_pair(packed_jit.plan(gs, Layout(gs)), misere, stats)
    assert got == sum_outcome_pair(gs, misere, engine="python")
    assert stats[0] > (1 << 14 if misere else 100)


def test_keys_too_wide_fall_back_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    day2 = [x.id for x in m.born_by(2)]
    gs = [intern(day2[i::37][:2], day2[i + 5::41][:2]) for i in range(6)]
    monkeypatch.setattr(packed_jit, "_BITS", 8)
    monkeypatch.setattr(packed_jit, "WORDS", 1)
    assert packed_jit.plan(gs, Layout(gs)) is None
    assert sum_outcome_pair(gs, engine="compiled") == sum_outcome_pair(gs, engine="python")


def test_deep_games_and_integers() -> None:
    g = ZERO
    for _ in range(2000):
        g = intern((ZERO,), (g,))
    gs = [g, g, integer(3), integer(-2), intern((ZERO,), (ZERO,))]
    assert sum_outcome_pair(gs, engine="compiled") == sum_outcome_pair(gs, engine="python")
    assert sum_outcome_pair([], engine="compiled") == (True, True)  # misère: no move wins
    assert sum_outcome_pair([], misere=False, engine="compiled") == (False, False)


def test_auto_hands_large_searches_to_the_compiled_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.core import packed
    day2 = [x.id for x in m.born_by(2)]
    gs = [intern(day2[i::37][:2], day2[i + 5::41][:2]) for i in range(3)] * 3
    want = sum_outcome_pair(gs, engine="python")
    monkeypatch.setattr(packed, "PY_LIMIT", 50)
    assert sum_outcome_pair(gs) == want
    assert (sum_wins_first(gs, True), sum_wins_first(gs, False)) == want


def test_budget_stops_the_compiled_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(packed_jit, "CHUNK", 1000)
    day2 = [x.id for x in m.born_by(2)]
    hard = [intern(day2[i::37][:3], day2[i + 5::41][:3]) for i in range(4)] * 5
    import time
    t = time.monotonic()
    with pytest.raises(BudgetExceededError):
        with limits(timeout=0.05):
            sum_outcome_pair(hard, engine="compiled")
    assert time.monotonic() - t < 20  # the clock is read after every chunk, not every 256th
