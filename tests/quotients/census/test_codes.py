"""Code-set specs: families, digit boxes, canonical spelling, skips and one-line errors."""
from __future__ import annotations

import pytest

from misere.errors import RulesetError
from misere.quotients.census import parse_codes
from misere.quotients.census.codes import WILD_QUATERNARY, canonical_code


def test_two_digit_octal_family():
    cs = parse_codes("octal2")
    # d1 in 0..7, d2 in 1..7: 8 * 7 codes; 0.00 (no move) and 0.10..0.70 (trailing zero) skipped
    assert len(cs) == 56 and cs.codes[0] == "0.01" and cs.codes[-1] == "0.77"
    assert cs.skipped == ()
    full = parse_codes("0.00..0.77")
    assert full.codes == cs.codes == parse_codes("0.01-0.77").codes
    assert dict(full.skipped)["0.00"] == "no move at all"
    assert dict(full.skipped)["0.70"] == "trailing zero: the same game as 0.7"
    assert len(full.skipped) == 8


def test_three_digit_quaternary_and_hex_families():
    assert len(parse_codes("octal3")) == 8 * 8 * 7
    q = parse_codes("quaternary")
    assert len(q) == 3 * 4 * 4 * 3 and q.codes[0] == "0.1001" and q.codes[-1] == "0.3333"
    assert all(set(c[2:]) <= set("0123") for c in q.codes)
    assert set(WILD_QUATERNARY) - set(q.codes) == {"0.0122", "0.0123"}  # first digit 0
    h = parse_codes("hex2")
    assert len(h) == 16 * 15 and "0.FF" in h.codes and "0.A7" in h.codes


def test_explicit_codes_are_canonical_and_deduplicated():
    cs = parse_codes(["0.07, .07", "4.7 0.70", "0.f", "0.[12]3"])
    assert cs.codes == ("0.07", "4.7", "0.7", "0.F", "0.C3")
    assert canonical_code(".[17]") == "0.[17]"
    assert parse_codes("0.0").codes == () and parse_codes("0.0").skipped == (("0.0", "no move at all"),)


@pytest.mark.parametrize("spec, words", [
    ("0.x9", "not a take-and-break code"),
    ("0.7-0.1", "empty range"),
    ("0.1-0.77", "same number of digits"),
    ("1.7", "may only allow splits"),
    ("", "no codes"),
    ("0.0000000-0.FFFFFFF", "over the limit"),
])
def test_bad_specs_fail_in_one_line(spec, words):
    with pytest.raises(RulesetError) as e:
        parse_codes(spec)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_named_games_are_their_codes_in_a_census():
    """The names ``misere quotient`` and ``play`` take are taken by the census too."""
    assert parse_codes("kayles, Dawsons_Kayles dawsons-chess 0.07").codes == ("0.77", "0.07", "0.137")
