"""CGSuite-style impartial text: ``*[…]`` input (core notation) and printing."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from misere.core.notation import parse_id
from misere.core.ops import nimber
from misere.errors import ComputationLimitError, NotationError, NotInUniverseError
from misere.impartial import born_by, canonical, format_impartial, impartial
from misere.impartial.notation import nim_size, printed_length


def test_star_list_input() -> None:
    assert parse_id("*[*2,*]") == impartial([nimber(2), nimber(1)])
    assert parse_id("*[]") == nimber(0) and parse_id("*[0]") == nimber(1)
    assert parse_id("*[0,*]") == nimber(2)
    with pytest.raises(NotationError, match="position 5"):
        parse_id("*[*2,")
    with pytest.raises(NotationError):
        parse_id("*[*2 *]")


def test_printing() -> None:
    assert [format_impartial(nimber(n)) for n in range(4)] == ["0", "*", "*2", "*3"]
    assert format_impartial(canonical(parse_id("*2+*2"))) == "*[*2,*3]"
    assert nim_size(nimber(5)) == 5 and nim_size(parse_id("*[*2]")) is None
    with pytest.raises(NotInUniverseError):
        format_impartial(parse_id("1"))
    big = canonical(parse_id("*5+*6+*7+*3"))
    assert printed_length(big) > 20_000
    with pytest.raises(ComputationLimitError, match="characters"):
        format_impartial(big)


def test_round_trip_day4() -> None:
    for g in born_by(4):
        text = format_impartial(g)
        assert parse_id(text) == g and printed_length(g) == len(text)


impartial_forms = st.recursive(
    st.just(frozenset()), lambda inner: st.frozensets(inner, max_size=3), max_leaves=10)


def _id(f: frozenset) -> int:
    return impartial([_id(x) for x in f])


@given(impartial_forms)
def test_property_round_trip(f: frozenset) -> None:
    g = _id(f)
    assert parse_id(format_impartial(g)) == g
