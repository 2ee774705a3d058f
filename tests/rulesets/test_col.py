"""Col on small graphs against the oracle (whole-graph recursion from the rules)."""
from __future__ import annotations

import pytest

from misere.errors import RulesetError
from misere.rulesets.col import Col
from tests.oracle import brute
from tests.oracle.partizan_rules import colouring

GRAPHS = {
    "path 1": (1, []), "path 2": (2, [(0, 1)]), "path 3": (3, [(0, 1), (1, 2)]),
    "path 4": (4, [(0, 1), (1, 2), (2, 3)]), "cycle 4": (4, [(0, 1), (1, 2), (2, 3), (3, 0)]),
    "cycle 5": (5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
    "star 3": (4, [(0, 1), (0, 2), (0, 3)]),
    "grid 2x3": (6, [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]),
    "complete 4": (4, [(a, b) for a in range(4) for b in range(a + 1, 4)]),
}


def oracle(n: int, edges, snort: bool, blue=(), red=()) -> str:
    return brute.outcome([colouring(frozenset(range(n)), frozenset(edges), frozenset(blue),
                                    frozenset(red), snort)])


@pytest.mark.parametrize("text", sorted(GRAPHS))
def test_col_against_oracle(text: str) -> None:
    n, edges = GRAPHS[text]
    assert Col.outcome(text).value == oracle(n, edges, False)
    assert Col.components(Col.format(Col.components(text))) == Col.components(text)


def test_col_tints_and_forms() -> None:
    # a vertex next to a blue one: only Right may colour it (value -1)
    assert str(Col.position("edges a:L")) == "-1" and str(Col.position("path 2")) == "{-1|1}"
    # tinted path a-b-c with a adjacent to blue = path 4 with vertex 0 coloured blue
    assert Col.outcome("edges a-b b-c a:L").value == oracle(4, [(0, 1), (1, 2), (2, 3)], False, blue=[0])
    with pytest.raises(RulesetError, match="cannot read col"):
        Col.parse("hexagon 3")
