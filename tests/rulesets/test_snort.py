"""Snort on small graphs against the oracle (whole-graph recursion from the rules)."""
from __future__ import annotations

from xml.etree import ElementTree

import pytest

from misere.rulesets.snort import Snort
from tests.oracle import brute
from tests.oracle.partizan_rules import colouring

GRAPHS = {
    "path 2": (2, [(0, 1)]), "path 3": (3, [(0, 1), (1, 2)]), "path 5": (5, [(i, i + 1) for i in range(4)]),
    "cycle 4": (4, [(0, 1), (1, 2), (2, 3), (3, 0)]), "star 3": (4, [(0, 1), (0, 2), (0, 3)]),
    "grid 2x3": (6, [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]),
}


@pytest.mark.parametrize("text", sorted(GRAPHS))
def test_snort_against_oracle(text: str) -> None:
    n, edges = GRAPHS[text]
    expected = brute.outcome([colouring(frozenset(range(n)), frozenset(edges), frozenset(),
                                        frozenset(), True)])
    assert Snort.outcome(text).value == expected


def test_snort_forms_and_svg() -> None:
    assert str(Snort.position("path 2")) == "±1"  # {1|-1}
    assert str(Snort.position("edges a:R")) == "-1"  # next to red: Left may not, Right may
    assert Snort.outcome("path 2 + path 2").value == brute.outcome(
        [colouring(frozenset(range(4)), frozenset({(0, 1), (2, 3)}), frozenset(), frozenset(), True)])
    assert ElementTree.fromstring(Snort.svg("cycle 5")).tag.endswith("svg")
