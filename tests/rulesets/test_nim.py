"""Misère Nim: Bouton's rule against search and the oracle."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from misere.errors import RulesetError
from misere.rulesets.nim import Nim, misere_nim_outcome
from misere.rulesets.registry import find_ruleset, ruleset_names
from tests.oracle import brute
from tests.oracle.partizan_rules import nim_heap


def test_bouton_rule_against_search_and_oracle() -> None:
    for k in range(4):
        for heaps in combinations_with_replacement(range(5), k):
            o = Nim.outcome(list(heaps))
            assert o == misere_nim_outcome(heaps) == Nim.rule_outcome(list(heaps))
            assert o.value == brute.outcome([nim_heap(h) for h in heaps])
            mv = Nim.rule_move(list(heaps))
            assert (mv is None) == (not Nim.winning_moves(list(heaps))["Left"])
            if mv is not None:
                assert misere_nim_outcome(Nim.parse(mv.result)).value == "P"


def test_registry() -> None:
    assert ruleset_names() == ["partizan-kayles", "hackenbush", "domineering", "col", "snort", "nim",
                               "penny-nim"]
    assert find_ruleset("PK") is find_ruleset("partizan_kayles")
    with pytest.raises(RulesetError, match="unknown ruleset 'go'"):
        find_ruleset("go")
    with pytest.raises(RulesetError):
        Nim.parse("3 a")


def test_penny_nim_adapter_search_matches_rule() -> None:  # 001 Thm 3.5.6 via penny_nim.py
    from itertools import product
    from misere.rulesets.partizan_penny import PennyNim
    stacks = ["L1", "L2", "R1", "R3", "S1", "S2"]
    for k in range(4):
        for combo in product(stacks, repeat=k):
            text = " + ".join(combo) or "0"
            assert PennyNim.outcome(text) == PennyNim.rule_outcome(text), text
            for mv in PennyNim.winning_moves(text)["Left"]:
                assert not PennyNim.outcome(mv.result).right_first
