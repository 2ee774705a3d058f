"""Grundy's game and subtraction games (issue 13): move rules written here independently, misère
outcomes by the brute-force oracle, against the quotients ``misere`` computes."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

import misere as m
from misere.errors import RulesetError
from misere.impartial.heap_rulesets import grundy_game, heap_ruleset, parse_subtraction, subtraction_code
from tests.oracle.heap_oracle import outcome_function


def grundy_rules(n: int) -> set[tuple[int, ...]]:
    """Winning Ways ch. 4: split one heap into two nonempty, unequal heaps."""
    return {tuple(sorted((a, n - a))) for a in range(1, n) if a != n - a}


def subtraction_rules(s: set[int]):
    return lambda n: {((n - k),) if n > k else () for k in s if k <= n}


def sums(max_heap: int, parts: int):
    for k in range(1, parts + 1):
        yield from combinations_with_replacement(range(1, max_heap + 1), k)


def test_grundy_moves_match_the_rule() -> None:
    g = grundy_game()
    for n in range(0, 30):
        assert set(g.options(n)) == grundy_rules(n)


def _grundy_agrees_with_brute_force(positions) -> int:
    q = m.quotient(grundy_game(), max_heap=16, certify=0)
    is_p = outcome_function(grundy_rules)
    checked = 0
    for pos in positions:
        assert q.outcome(list(pos)) == ("P" if is_p(tuple(sorted(pos))) else "N"), pos
        checked += 1
    # the partial quotient is not tame by heap 16 (the normal-play values alone do not decide it)
    assert q.order > 6
    return checked


def test_grundy_quotient_predicts_brute_force() -> None:
    three = (p for p in sums(12, 3) if len(p) == 3)  # 3 heaps <= 16: 100 s, the slow test below
    assert _grundy_agrees_with_brute_force([*sums(16, 2), *three]) == 16 + 136 + 364


@pytest.mark.slow
def test_grundy_quotient_predicts_brute_force_on_three_heaps() -> None:
    assert _grundy_agrees_with_brute_force(sums(16, 3)) == 16 + 136 + 816  # 1-3 heaps <= 16


@pytest.mark.parametrize("subset", [(1, 2), (1, 3, 4), (2, 3), (1, 4), (2, 5, 6)])
def test_subtraction_quotients_predict_brute_force(subset: tuple[int, ...]) -> None:
    code = subtraction_code(subset)
    q = m.quotient(code)
    assert q.solved
    is_p = outcome_function(subtraction_rules(set(subset)))
    for pos in sums(14, 3):
        assert q.outcome(list(pos)) == ("P" if is_p(tuple(sorted(pos))) else "N"), (subset, pos)
    # and for heaps far past the computed range, through the period
    big = [10**12 + 7, 3]
    assert q.outcome(big) in ("P", "N")


def test_subtraction_codes_and_names() -> None:
    assert subtraction_code([1, 3, 4]) == "0.3033"
    assert parse_subtraction("S(1,3,4)") == parse_subtraction("subtraction:4 3 1") == "0.3033"
    assert parse_subtraction("0.3033") is None
    assert heap_ruleset("grundy").name == "grundy" and heap_ruleset("kaylez") is None
    for bad in ("S()", "S(0)", "S(1,x)", "S(100000)"):
        with pytest.raises(RulesetError):
            parse_subtraction(bad)


def row_rules(widths: tuple[int, ...]):
    """Knocking down ``w`` adjacent pins of a row, ``w`` in ``widths`` (Kayles: 1 or 2; Dawson's
    Kayles: 2): the row becomes the pins on either side (Winning Ways ch. 4)."""
    def moves(n: int) -> set[tuple[int, ...]]:
        return {tuple(sorted(h for h in (left, n - w - left) if h))
                for w in widths if w <= n for left in range(n - w + 1)}
    return moves


@pytest.mark.parametrize("name, widths", [("kayles", (1, 2)), ("Dawson's Kayles", (2,))])
def test_named_octal_games_are_their_rules(name: str, widths: tuple[int, ...]) -> None:
    """A name is read as its code: the quotient of ``kayles`` predicts the outcomes of rows of
    pins knocked down as Winning Ways describes, searched from those rules alone."""
    q = m.quotient(name, max_heap=14)
    is_p = outcome_function(row_rules(widths))
    for pos in sums(14, 3):
        assert q.outcome(list(pos)) == ("P" if is_p(tuple(sorted(pos))) else "N"), (name, pos)
