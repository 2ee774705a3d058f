"""Notation: parsing, printing, round trips and one-line errors."""
from __future__ import annotations

import pytest
from hypothesis import given

import misere as m
from misere.errors import NotationError
from tests.strategies import games


@pytest.mark.parametrize(
    "text, explicit",
    [
        ("0", "0"),
        ("{|}", "0"),
        ("*", "{0|0}"),
        ("*2", "{0,{0|0}|0,{0|0}}"),
        ("1", "{0|}"),
        ("2", "{{0|}|}"),
        ("-1", "{|0}"),
        ("-2", "{|{|0}}"),
        ("1/2", "{0|{0|}}"),
        ("^", "{0|{0|0}}"),
        ("v", "{{0|0}|0}"),
        ("^*", "{0,{0|0}|0}"),
        ("v*", "{0|0,{0|0}}"),
        ("1*", "{{0|}|{0|}}"),
        ("{2||1|0}", "{{{0|}|}|{{0|}|0}}"),
        ("{1|0||-1}", "{{{0|}|0}|{|0}}"),
        ("*+*", "{{0|0}|{0|0}}"),
        ("2.*", "{{0|0}|{0|0}}"),
        ("~1", "{|0}"),
        ("1 - 1", "{{|0}|{0|}}"),
        ("±1", "{{0|}|{|0}}"),
        ("{*2,*}", "{{0|0},{0,{0|0}|0,{0|0}}|{0|0},{0,{0|0}|0,{0|0}}}"),
        ("{}", "0"),
    ],
)
def test_parse_named_forms(text: str, explicit: str) -> None:
    assert m.parse(text).explicit() == explicit


@pytest.mark.parametrize(
    "text, printed",
    [("{0|{0|0}}", "^"), ("{{0|}|}", "2"), ("{|{|0}}", "-2"), ("{0|{0|}}", "1/2"),
     ("{{0|{0|}}|{0|}}", "3/4"), ("{0,*|0,*}", "*2"), ("{*,0|*}", "{0,*|*}"),
     ("{1|1}", "1*"), ("{0,*|0}", "^*"), ("{1|-1}", "±1"), ("{1/2|-1/2}", "±1/2"), ("{|*,1}", "{|*,1}")],
)
def test_printing_uses_simplest_names(text: str, printed: str) -> None:
    assert str(m.parse(text)) == printed


def test_user_names() -> None:
    a = m.parse("{0|*}")
    assert m.parse("A + A", names={"A": a}) == a + a


@pytest.mark.parametrize(
    "text, position",
    [("{0|", 3), ("{0|1|2}", 4), ("{0,}", 3), ("{0,|1}", 3), ("@", 0), ("1/3", 2), ("{0|1} {", 6), ("", 0),
     ("G", 0), ("{0||1||2}", 5)],
)
def test_errors_name_the_position(text: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        m.parse(text)
    assert info.value.position == position
    assert "\n" not in str(info.value)


def test_deep_input_fails_cleanly() -> None:
    deep = "{" * 5000 + "|}" * 5000
    with pytest.raises(NotationError, match="nesting"):
        m.parse(deep)
    moderate = "{" * 300 + "|}" * 300
    assert m.parse(moderate).birthday == 299
    assert str(m.parse(moderate)) == "299"


@given(games(3))
def test_round_trip(g: m.Game) -> None:
    assert m.parse(str(g)) == g
    assert m.parse(g.explicit()) == g
    assert set(g.explicit()) <= set("{}|,0")


def test_huge_forms_print_a_summary() -> None:
    # printing walks a DAG as a tree: *5+*6+*7+*3 has 261 followers but ~5e18 characters
    g = m.parse("*5+*6+*7+*3")
    text = str(g)
    assert text.startswith("<form of birthday 21, 261 followers") and len(text) < 100
    assert str(m.parse("*40")) == "*40"  # nim heaps are recognised in O(n)
