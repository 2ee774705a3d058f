"""Take-and-break codes, heap games from move functions, explicit games, Pascal's Beans."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from misere.errors import NotationError, RulesetError
from misere.quotients.impartial.periodicity import nim_sequence, normal_period
from misere.impartial.explicit import closure_game, format_form, parse_game_list, parse_impartial
from misere.impartial.heap import HeapGame
from misere.impartial.octal import format_octal, octal_game, parse_octal, shifted_code
from misere.impartial.pascal_beans import cell_index, cell_of, pascal_beans
from tests.oracle.heap_oracle import octal_rules, outcome_function, positions


@pytest.mark.parametrize("code, digits", [
    ("0.123", [0, 1, 2, 3]), (".07", [0, 0, 7]), ("4.7", [4, 7]), ("0.[12]3", [0, 12, 3]),
    ("0.8", [0, 8]), ("0.F", [0, 15]), ("0.1200", [0, 1, 2]),
])
def test_parse_codes(code, digits):
    assert parse_octal(code) == digits


@pytest.mark.parametrize("bad", ["0123", "0.1x", "", "1.2", "0.[a]"])
def test_bad_codes(bad):
    with pytest.raises(RulesetError, match="code"):
        parse_octal(bad)


@pytest.mark.parametrize("code", ["0.123", "0.07", "0.15", "4.7", "0.8", "0.34", "0.F"])
def test_options_match_the_oracle(code):
    g = octal_game(code)
    rules = octal_rules(code)
    for n in range(0, 16):
        assert set(g.options(n)) == set(rules(n)), n


def test_digit_meanings():
    g = octal_game("0.8")  # remove one token, leave exactly three heaps
    assert g.options(5) == ((1, 1, 2),)
    h = octal_game("4.7")  # split without removing, or Kayles-like removal of one
    assert (1, 1) in h.options(2) and (2,) not in h.options(2)


def test_nim_sequences_and_guy_smith():
    # Dawson's Kayles: period 34 after the known exceptions (Winning Ways ch. 4)
    seq, per = normal_period(octal_game("0.07"))
    assert per is not None and per[1] == 34
    assert nim_sequence(octal_game("0.123"), 10) == [0, 1, 0, 2, 2, 1, 0, 0, 2, 1, 1]
    seq, per = normal_period(octal_game("0.15"))
    assert per[1] == 10  # 002 Fig. 5


def test_heap_game_from_move_function():
    g = HeapGame("sub{1,3}", lambda n: [(n - k,) for k in (1, 3) if k <= n])
    assert g.options(3) == ((), (2,))
    bad = HeapGame("bad", lambda n: [(n,)])
    with pytest.raises(RulesetError, match="does not shrink"):
        bad.options(2)


def test_explicit_games_and_closure():
    assert format_form(parse_impartial("*3")) == "*3"
    assert format_form(parse_impartial("*[*2, *]")) == "{*,*2}"
    assert format_form(parse_impartial("* + *")) == "{*}"
    games = parse_game_list("*2, {*2,*}")
    assert [format_form(g) for g in games] == ["*2", "{*,*2}"]
    cl = closure_game(games)
    assert cl.labels == ["0", "*", "*2", "{*,*2}"] and cl.max_heap == 3
    assert cl.options(3) == ((1,), (2,))
    with pytest.raises(NotationError):
        parse_impartial("{*2,")
    with pytest.raises(RulesetError, match="not impartial"):
        parse_impartial("3")


def test_pascal_cells():
    assert [cell_of(cell_index(r, c)) for r in range(2, 7) for c in range(1, r)] == \
        [(r, c) for r in range(2, 7) for c in range(1, r)]
    g = pascal_beans(5)
    assert g.options(cell_index(2, 1)) == ((),)
    assert g.options(cell_index(5, 1)) == ((), (cell_index(4, 1),))
    with pytest.raises(RulesetError):
        cell_index(3, 3)


def test_core_games_are_accepted():
    import misere as m
    import misere.quotients as mq

    g = m.parse("{0, {*2|*2} | 0, {*2|*2}}")  # the heptagon game in CGSuite notation
    q = mq.quotient(games=[g], certify=2)
    assert q.order == 14 and q.game.labels[-1] == "{0,{*2}}"


def _shift_down(position):
    return tuple(sorted(h - 1 for h in position if h > 1))


@settings(max_examples=60, deadline=None)
@given(head=st.sampled_from([0, 4, 8]), d1=st.sampled_from([0, 2, 4, 6, 8, 10, 12, 14]),
       rest=st.lists(st.integers(0, 15), min_size=0, max_size=3))
def test_shifted_code_moves_heap_for_heap(head, d1, rest):
    """The shift lemma (misere.impartial.octal.shifted_code), checked against the oracle's
    reading of both codes: heap n's options, every part less one token, are heap n - 1's options
    of the shifted code, and misère outcomes agree on every small position."""
    code = f"{head:X}." + "".join(f"{d:X}" for d in [d1, *rest])
    shifted = shifted_code(code)
    a, b = octal_rules(code), octal_rules(shifted)
    for n in range(1, 15):
        assert {_shift_down(o) for o in a(n)} == set(b(n - 1)), (code, shifted, n)
    pa, pb = outcome_function(a), outcome_function(b)
    for pos in positions(12, 9):
        assert pa(pos) == pb(_shift_down(pos)), (code, shifted, pos)


def test_shifted_code_needs_a_heap_of_one_without_moves():
    assert shifted_code("0.137") is None and shifted_code("0.1") is None
    assert shifted_code("0.4") == "0.07" and shifted_code("0.07") == "0.137"  # Dawson's Chess
    for code in ("0.C3[17]", "[12].C3", "4.0"):
        assert format_octal(parse_octal(code)) == code
