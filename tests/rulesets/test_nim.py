"""Misère Nim: Bouton's rule against search and the oracle."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from misere.errors import ComputationLimitError, RulesetError
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.nim import Nim, misere_nim_outcome
from misere.rulesets.registry import find_ruleset, ruleset_names
from tests.oracle import brute
from tests.oracle.partizan_rules import nim_heap


def test_bouton_rule_against_search_and_oracle() -> None:
    for k in range(5):
        for heaps in combinations_with_replacement(range(6 if k < 4 else 4), k):
            o = Nim.outcome(list(heaps))
            assert o == misere_nim_outcome(heaps) == Nim.search_outcome(list(heaps))
            if k < 4:
                assert o.value == brute.outcome([nim_heap(h) for h in heaps])
            # every winning move, by the misère Bouton strategy, equals the search's list
            assert Nim.winning_moves(list(heaps)) == PartizanRuleset.winning_moves(Nim, list(heaps)), heaps
            mv = Nim.rule_move(list(heaps))
            assert (mv is None) == (not Nim.winning_moves(list(heaps))["Left"])
            if mv is not None:
                assert Nim.search_outcome(Nim.parse(mv.result)).value == "P"


def test_huge_heaps_answer_instantly() -> None:
    import time
    t = time.perf_counter()
    assert Nim.outcome([10**30, 5]).value == "N" and Nim.outcome([10**30, 10**30]).value == "P"
    assert Nim.outcome("1000000000").value == "N" and Nim.outcome([1] * 1001).value == "P"
    wins = Nim.winning_moves([10**30, 5], "Left")["Left"]
    assert [m.result for m in wins] == ["5 5"]
    # all heaps <= 1 after the move: leave an odd number of 1-heaps
    assert [m.result for m in Nim.winning_moves([1, 1, 10**9], "Right")["Right"]] == ["1 1 1"]
    heaps = [2**k + 3 for k in range(2000)]
    for mv in Nim.winning_moves(heaps, "Left")["Left"][:3]:
        assert misere_nim_outcome(Nim.parse(mv.result)).value == "P"
    assert time.perf_counter() - t < 1
    with pytest.raises(ComputationLimitError, match="too many to list"):
        Nim.moves([10**9], "Left")


def test_registry() -> None:
    assert ruleset_names() == ["partizan-kayles", "hackenbush", "domineering", "col", "snort", "nim",
                               "penny-nim", "cram", "clobber", "konane", "toads-and-frogs", "sprouts"]
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
            assert PennyNim.outcome(text) == PennyNim.search_outcome(text), text
            assert PennyNim.winning_moves(text) == PartizanRuleset.winning_moves(PennyNim, text), text
            for mv in PennyNim.winning_moves(text)["Left"]:
                assert not PennyNim.search_outcome(mv.result).right_first


def test_penny_nim_large_stacks_by_classes() -> None:  # leaving m >= 2 coins wins alike
    from misere.rulesets.partizan_penny import LIST_ALL, PennyNim
    from misere.rulesets.penny_nim import Stack, outcome
    big = LIST_ALL + 7
    for kind in "LRS":
        for rest in ([], ["S1"], ["R2", "S1"], ["L1", "L1"]):
            text = " + ".join([f"{kind}{big}"] + rest)
            wins = PennyNim.winning_moves(text)
            for p in ("Left", "Right"):
                mine = {"Left": "L", "Right": "R"}[p]
                turned = {"L": "R", "R": "L"}[mine]
                want = set()
                if kind in (mine, "S"):
                    for m in range(big):  # every move, judged by the rule
                        after = [Stack(turned, m)] if m else []
                        after += PennyNim.components(" + ".join(rest) or "0")
                        o = outcome(after)
                        if not (o.right_first if p == "Left" else o.left_first):
                            want.add(min(m, 2))
                got = {int(mv.label.split()[1]) for mv in wins[p] if mv.component == 0}
                assert {big - g for g in got} == want, (text, p)
    t = PennyNim.winning_moves("L1000000000 + S5")
    assert t["Left"][0].result == "R1 + S5" and PennyNim.outcome("L1000000000 + S5").value == "N"
