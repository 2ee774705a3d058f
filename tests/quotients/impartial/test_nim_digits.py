"""Nim sequences read from octal digits (periodicity._digit_values) against the generic path
and the independent oracle's options (tests/oracle/heap_oracle.py)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from misere.impartial.heap import HeapGame
from misere.impartial.octal import octal_game
from misere.quotients.impartial import periodicity as per
from tests.oracle.heap_oracle import octal_rules


def _oracle_nim(code: str, n: int) -> list[int]:
    """Mex of nim-sums over the oracle's options, heaps 0..n."""
    rules, g = octal_rules(code), [0]
    for m in range(1, n + 1):
        seen = set()
        for opt in rules(m):
            v = 0
            for part in opt:
                v ^= g[part]
            seen.add(v)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def _generic(code: str) -> HeapGame:
    """The same game without ``digits``: nim values from enumerated options."""
    g = octal_game(code)
    return HeapGame(g.name, g._moves, periodicity=g.periodicity)


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.144", "4.7", "0.123", "0.4", "0.16",
                                  "0.3102", "0.3312", "4.07", "0.137", "0.6"])
def test_digit_path_equals_oracle_and_generic(code):
    game = octal_game(code)
    assert per.nim_sequence(game, 60) == _oracle_nim(code, 60) == per.nim_sequence(_generic(code), 60)
    assert [per._option_count(game, m) for m in range(61)] == [len(game.options(m)) for m in range(61)]
    assert per.normal_period(game) == per.normal_period(_generic(code))


def test_which_games_take_the_digit_path():
    assert per._two_heap_digits(octal_game("0.77")) == (0, 7, 7)
    assert per._two_heap_digits(octal_game("0.8")) is None  # three heaps: enumerated
    assert per._two_heap_digits(_generic("0.77")) is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4), st.sampled_from(["0", "4"]))
def test_random_codes(tail, head):
    code = head + "." + "".join(map(str, tail))
    game = octal_game(code)
    assert per.nim_sequence(game, 30) == _oracle_nim(code, 30)
    assert sum(per._option_count(game, m) for m in range(31)) == sum(len(game.options(m)) for m in range(31))
