"""The packed count-vector sum search (core/packed.py) against brute force from the definitions."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import misere as m
from misere.budget import limits
from misere.core import cache
from misere.core.ops import integer, nimber
from misere.core.outcome import Outcome, sum_outcome
from misere.core.packed import Layout, sum_outcome_pair, sum_wins_first
from misere.core.table import ZERO, intern
from misere.errors import BudgetExceededError
from tests.oracle import brute
from tests.strategies import games


def _packed(gs: list[m.Game], misere: bool) -> str:
    return Outcome.from_pair(*sum_outcome_pair([g.id for g in gs], misere)).value


@settings(max_examples=40)
@given(st.lists(games(2, 3), min_size=3, max_size=6), games(3))
def test_random_sums_agree_with_brute_force(parts: list[m.Game], big: m.Game) -> None:
    parts = parts + [big]
    forms = [brute.read(x.explicit()) for x in parts]
    for misere in (True, False):
        expected = brute.outcome(forms, misere=misere)
        assert _packed(parts, misere) == expected
        assert sum_outcome([g.id for g in parts], normal=not misere) == expected


@settings(max_examples=25)
@given(st.lists(st.sampled_from(["1", "2", "-1", "-2", "3", "*", "{1|*}", "{0|-1}", "{2|}", "{|-1,*}"]),
                min_size=3, max_size=7))
def test_integer_counters_agree_with_brute_force(texts: list[str]) -> None:
    parts = [m.parse(t) for t in texts]
    forms = [brute.read(x.explicit()) for x in parts]
    for misere in (True, False):
        assert _packed(parts, misere) == brute.outcome(forms, misere=misere)


@pytest.mark.parametrize("texts, misere, expected", [
    (["*", "*", "*"], True, "P"),            # misère Nim, three single heaps
    (["*", "*", "*"], False, "N"),
    (["*", "*", "*", "*"], True, "N"),
    (["1", "1", "-1"], True, "R"),            # two Left moves against one Right move
    (["1", "-1", "-1"], True, "L"),
    (["*2", "*3", "*1"], True, "P"),          # misère Nim: a heap >= 2 and nim-sum 0
    (["*2", "*3", "*1"], False, "P"),
    (["{0,*|*}", "^", "{1|*}"], True, "N"),
])
def test_known_sums(texts: list[str], misere: bool, expected: str) -> None:
    parts = [m.parse(t) for t in texts]
    assert _packed(parts, misere) == expected
    assert brute.outcome([brute.read(x.explicit()) for x in parts], misere=misere) == expected


def test_integers_share_one_counter() -> None:
    one, two, three = integer(1), integer(2), integer(3)
    lay = Layout([one, two, three])
    assert lay.pack([one, two]) == lay.pack([three]) == 3
    assert lay.pack([integer(-2)]) == 2 << lay.cw
    assert lay.pack([ZERO]) == 0 and not lay.ids


def test_deep_games_need_no_recursion() -> None:
    # {0|{0|{0|...}}} nested 3000 deep: far past Python's recursion limit
    g = ZERO
    for _ in range(3000):
        g = intern((ZERO,), (g,))
    # each copy: Left's only move ends it, Right's only move steps down
    assert isinstance(sum_wins_first([g, g, nimber(1)], True), bool)
    assert isinstance(sum_wins_first([g, g, nimber(1)], False), bool)


def test_budget_stops_a_long_search() -> None:
    day2 = [x.id for x in m.born_by(2)]
    hard = [intern(day2[i::37][:3], day2[i + 5::41][:3]) for i in range(4)] * 4
    cache.clear()
    with pytest.raises(BudgetExceededError):
        with limits(timeout=0.05):
            sum_outcome(hard)
