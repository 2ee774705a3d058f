"""Answers from the theory (misere.core.theory): each rule against exhaustive search on all small
cases, then the large inputs the rules exist for, the size guard, printing and budgets."""
from __future__ import annotations

import itertools
import time
from fractions import Fraction
from functools import lru_cache

import pytest

import misere as m
from misere.core import theory
from misere.core.notation import parse_terms
from misere.errors import BudgetExceededError, ComputationLimitError
from tests.oracle import brute


# --- forms built here from the definitions, for the brute-force oracle --------------------------

@lru_cache(maxsize=None)
def b_nim(n: int) -> brute.Form:
    opts = frozenset(b_nim(k) for k in range(n))
    return (opts, opts)


@lru_cache(maxsize=None)
def b_num(x: Fraction) -> brute.Form:
    """The normal-play canonical form of a dyadic x, from its definition."""
    if x == 0:
        return brute.ZERO
    if x.denominator == 1:
        if x > 0:
            return (frozenset([b_num(x - 1)]), frozenset())
        return (frozenset(), frozenset([b_num(x + 1)]))
    step = Fraction(1, x.denominator)
    return (frozenset([b_num(x - step)]), frozenset([b_num(x + step)]))


def _text(parts: list[str]) -> str:
    return " + ".join(parts) if parts else "0"


# --- the rules against search ---------------------------------------------------------------------

NIM_POSITIONS = [h for k in range(5) for h in itertools.combinations_with_replacement(range(5), k)]


@pytest.mark.parametrize("normal", [False, True])
def test_nim_rule_matches_search_on_all_small_positions(normal: bool) -> None:
    """Bouton (misère and normal) on every position of at most 4 heaps of at most 4."""
    for heaps in NIM_POSITIONS:
        expected = brute.outcome([b_nim(h) for h in heaps], misere=not normal)
        assert theory.outcome([(theory.nim(h), 1) for h in heaps], normal) == expected, heaps
        assert m.outcome(_text([f"*{h}" for h in heaps]), normal=normal) == expected, heaps


INTS = range(-4, 5)


def test_integer_token_rule_matches_search() -> None:
    """Sums of up to three integers with |n| <= 4, misère and normal."""
    for k in (1, 2, 3):
        for ns in itertools.combinations_with_replacement(INTS, k):
            for normal in (False, True):
                expected = brute.outcome([b_num(Fraction(n)) for n in ns], misere=not normal)
                assert m.outcome(_text([f"({n})" for n in ns]), normal=normal) == expected, (ns, normal)


DYADICS = [Fraction(a, 4) for a in range(1, 9)]


def test_one_sign_number_rule_matches_search() -> None:
    """Sums of up to three positive (or negative) dyadics in (0, 2] with denominators <= 4."""
    for k in (1, 2, 3):
        for xs in itertools.combinations_with_replacement(DYADICS, k):
            for sign in (1, -1):
                ys = [sign * x for x in xs]
                expected = brute.outcome([b_num(y) for y in ys])
                assert theory.outcome([(theory.num(y), 1) for y in ys]) == expected, ys
                assert m.outcome(_text([f"({y})" for y in ys])) == expected, ys


def test_normal_play_numbers_plus_nimbers_match_search() -> None:
    values = [Fraction(a, 2) for a in range(-3, 4)]
    for x, y, h1, h2 in itertools.product(values, values, range(3), range(3)):
        expected = brute.outcome([b_num(x), b_num(y), b_nim(h1), b_nim(h2)], misere=False)
        assert theory.outcome([(theory.num(x), 1), (theory.num(y), 1), (theory.nim(h1), 1),
                               (theory.nim(h2), 1)], normal=True) == expected


def test_mixed_sums_have_no_rule_and_fall_back_to_search() -> None:
    """Integers with nimbers, and numbers of both signs: no rule; the search answers."""
    for text, forms in [("1 + *", [b_num(Fraction(1)), b_nim(1)]),
                        ("-1 + 1/4", [b_num(Fraction(-1)), b_num(Fraction(1, 4))]),
                        ("2 + *3 + *2", [b_num(Fraction(2)), b_nim(3), b_nim(2)])]:
        assert theory.outcome(parse_terms(text)) is None
        assert m.outcome(text) == brute.outcome(forms)


def test_nim_comparison_rule_matches_the_engine() -> None:
    """Distinct nim heaps are incomparable in general misère play (engine: Siegel 003 Thm 5.3)."""
    for a, b in itertools.product(range(5), repeat=2):
        engine = m.compare(m.parse(f"*{a}"), m.parse(f"*{b}"))
        assert theory.compare(parse_terms(f"*{a}"), parse_terms(f"*{b}"), "general") == engine
        assert m.compare(f"*{a}", f"*{b}") == engine
    for x, y in itertools.product(["-1", "1/2", "3/4", "2"], repeat=2):
        assert m.compare(x, y, universe="normal") == m.compare(m.parse(x), m.parse(y), universe="normal")


def test_forms_that_are_heaps_or_numbers_are_recognised() -> None:
    assert parse_terms("{0,*|0,*} + {1|}") == [(theory.nim(2), 1), (theory.num(2), 1)]
    assert m.outcome_of_sum([m.parse("*3"), "*2", m.parse("*")]) == brute.outcome([b_nim(3), b_nim(2), b_nim(1)])


# --- large inputs answered from the theory ---------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("*100000", "N"), ("*99999999", "N"), ("*" + "9" * 5000, "N"),
    ("123456789012345678901234567890", "R"), ("-123456789012345678901234567890", "L"),
    ("123456789012345678901234567890 - 123456789012345678901234567890", "N"),
    ("7" * 5000, "R"), ("20001.*", "P"), ("20000.*", "N"), ("*100000 + *100000", "P"),
    ("*100000 + *100001 + *1", "P"), ("1000000000001.*3 + *3", "P"), ("1000000000000.*3 + *3", "N"), ("1/1024 + 99999999/2", "R"),
    ("3.-5 + 15", "N"), ("3.-5 + 14", "L"), ("10 - 3.(2 + 2)", "L"),
])
def test_large_inputs_are_answered_at_once(text: str, expected: str) -> None:
    t = time.perf_counter()
    assert m.outcome(text) == expected
    assert time.perf_counter() - t < 0.5


def test_sum_of_20001_stars_written_out() -> None:
    text = "+".join(["*"] * 20001)
    assert m.outcome(text) == "P"
    assert m.outcome("+".join(["*"] * 20000)) == "N"
    assert m.outcome_of_sum(["*"] * 20001) == "P"


# --- refusing hopeless forms up front ----------------------------------------------------------------

@pytest.mark.parametrize("call, match", [
    (lambda: m.canonical("*100000"), r"^\*100000 has 5\.0e9 option links .*answered from theory: N\)$"),
    (lambda: m.parse("123456789012345678901234567890"), r"1\.2e29 option links.*theory: R"),
    (lambda: m.parse("{*100000|0}"), r"^\*100000 has 5\.0e9 option links"),
    (lambda: m.parse("10**" if False else "1000000000000.{0|*}"), r"option links"),
    (lambda: m.compare("*100000", "{0|*}"), r"5\.0e9 option links"),
    (lambda: m.outcome("*100000 + 3"), r"^\*100000 \+ 3 has 5\.0e9 option links"),
    (lambda: m.parse("+".join(["{0|*}", "{*|0}", "{0,*|*}", "{1|*}", "{*|-1}", "^*", "{0|1}", "{|*}",
                               "{*|}", "{1|0}", "{0|*2}", "{*2|0}", "*2", "1", "{*|*2}"])), r"8\.0e8 option links"),
])
def test_hopeless_forms_are_refused_in_one_line(call, match: str) -> None:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    with pytest.raises(ComputationLimitError, match=match) as info:
        call()
    assert "\n" not in str(info.value)
    assert time.perf_counter() - t < 0.5


def test_size_estimates() -> None:
    assert theory.estimate([(theory.nim(100000), 1)]) == (100001.0, 5000050000.0)
    assert theory.estimate([(theory.num(-7), 1)])[0] == 8.0
    nodes, _ = theory.estimate([(theory.nim(1), 20001)])
    assert nodes == pytest.approx(20002)
    # an estimate is an upper bound on the real form
    for text in ["*3 + *2", "3.{0|*}", "2 + 1/2", "{0,*|*} + {1|*} + *2"]:
        real_nodes, real_links = theory.form_size(m.parse(text).id)
        nodes, links = theory.estimate(parse_terms(text))
        assert real_nodes <= nodes + 1e-6 and real_links <= links + 1e-6, text


def test_multiples_are_built_quickly_and_print_a_summary() -> None:
    t = time.perf_counter()
    g = m.parse("5001.*")
    assert time.perf_counter() - t < 2
    assert g.birthday == 5001
    assert str(g) == "<form of birthday 5001, 5,002 followers, about 1e1505 characters in full>"
    assert g.explicit().startswith("<form of birthday 5001, 5,002 followers, about 1e")
    assert m.parse("3.*") == m.parse("*+*+*")


def test_big_counts_print_without_the_int_to_str_limit() -> None:
    assert theory.big(10**5000) == "about 1e5000"
    assert theory.big(5.0e9) == "5.0e9"
    assert theory.big(1234) == "1,234"


# --- budgets ----------------------------------------------------------------------------------------

def test_canonical_of_a_15_term_sum_stops_within_its_budget() -> None:
    text = "+".join(["{0|*}"] * 5 + ["{1|*}"] * 5 + ["{0,*|*}"] * 5)
    g = m.parse(text)  # 24,696 forms at most: built, then the canonical form runs for minutes
    t = time.perf_counter()
    with pytest.raises(BudgetExceededError, match="time budget of 0.3 s exhausted"):
        with m.limits(timeout=0.3):
            m.canonical(g)
    assert time.perf_counter() - t < 2
