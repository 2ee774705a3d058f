"""Position parsing across rulesets (issue 9 item 4): bad input is one RulesetError line naming
the offending token and the expected format; deliberate edge cases (empty, zero) are positions."""
from __future__ import annotations

import pytest

from misere.errors import RulesetError
from misere.rulesets.registry import RULESETS, find_ruleset, position_formats

BAD = {
    "nim": ["3 -1", "3 2.5", "3 a", "²", "9" * 5000, [2.5], [True], ["3"], [-1], 5],
    "partizan-kayles": ["3 x", "-1", "1e3", "oox", [1.5], [-2], [None], 7],
    "penny-nim": ["L3 + Q2", "L-1", "L2.5", "3", [("L", 2.5)], [("L", -1)], [("S", True)], 5],
    "hackenbush": ["BXR", "g-1", "g-1:Q", "g-g:B", 5, [("g", 1)], "B" * 6000, b"BR"],
    "domineering": [["xx"], "..z/...", "../...", "-2x3", [1, 2], (2.5, 3), "100000x100000", ["..", 5]],
    "col": ["path -1", "path 2.5", "grid 2x-1", "grid 3", "hexagon 3", "path 1000000000",
            "complete 100000", {"edges": [(1, 2, 3)]}, {"edge": []}, 5],
    "snort": ["cycle -3", "star x", "grid 2x2x2", "edges a:Q", {"edges": 5}],
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_positions_are_one_line_errors(name: str) -> None:
    r = find_ruleset(name)
    assert len(BAD[name]) >= 3
    for bad in BAD[name]:
        with pytest.raises(RulesetError) as e:
            r.components(bad)
        msg = str(e.value)
        assert "\n" not in msg and len(msg) < 400, (name, bad)
        assert isinstance(e.value, ValueError)


def test_messages_name_the_character_and_the_format() -> None:
    D = find_ruleset("domineering")
    with pytest.raises(RulesetError, match=r"unexpected character 'x' at row 1, column 1.*'\.\.#/"):
        D.position(["xx"])  # issue 9: this returned 0
    with pytest.raises(RulesetError, match="row 2 has 3 squares but row 1 has 2"):
        D.components("../...")
    with pytest.raises(RulesetError, match=r"heap size -1 is negative; expected heap sizes"):
        find_ruleset("nim").components("3 -1")
    with pytest.raises(RulesetError, match=r"non-negative integer, got 2\.5"):
        find_ruleset("pk").components([2.5])
    with pytest.raises(RulesetError, match=r"unexpected character 'X' in 'BXR'"):
        find_ruleset("hackenbush").components("BXR")
    with pytest.raises(RulesetError, match="has 1000000000 vertices; positions are limited"):
        find_ruleset("col").components("path 1000000000")


def test_deliberate_edge_cases() -> None:
    # the empty position, zero sizes and empty boards read as the game 0 (no components)
    for r, texts in ((find_ruleset("nim"), ["", "0", "0 0"]), (find_ruleset("pk"), ["", "0"]),
                     (find_ruleset("domineering"), ["", "0", "0x5", "#/#", "1x1"]),
                     (find_ruleset("col"), ["0", "path 0"]), (find_ruleset("hackenbush"), ["", "0"]),
                     (find_ruleset("penny-nim"), ["", "0", "L0"])):
        for t in texts:
            assert r.components(t) == [], (r.name, t)
            assert r.outcome(t).value == "N"  # the player to move in 0 has no move and wins
    assert find_ruleset("domineering").components([]) == []
    assert find_ruleset("nim").components("*3 2") == [2, 3]


def test_every_example_parses_and_the_table_lists_every_ruleset() -> None:
    table = position_formats()
    md = position_formats(markdown=True)
    for r in RULESETS:
        assert r.example and r.components(r.example), r.name
        assert r.name in table and f"`misere play {r.name} '{r.example}'`" in md
        assert r.syntax in table
