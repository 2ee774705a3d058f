"""PENNY NIM (001 §3.5): forms of stacks and the outcome rule of Thm 3.5.6 vs brute force."""
from __future__ import annotations

import random

import pytest

from misere.core.notation import explicit
from misere.errors import RulesetError
from misere.rulesets import penny_nim as pn
from misere.universes import alternating as al
from tests.oracle import brute


def brute_outcome(stacks: list[pn.Stack]) -> str:
    return brute.outcome([brute.read(explicit(pn.stack_game(s))) for s in stacks])


def test_stack_forms_and_classes() -> None:
    assert pn.stack_game(pn.Stack("L", 1)) == al.ALT_A
    assert pn.stack_game(pn.Stack("L", 2)) == al.ALT_B
    assert pn.stack_game(pn.Stack("R", 2)) == al.ALT_B_BAR
    assert pn.stack_game(pn.Stack("S", 2)) == al.ALT_D
    assert explicit(pn.stack_game(pn.Stack("S", 1))) == "{0|0}"
    for n in range(1, 6):
        for kind in "LRS":
            assert al.ALTERNATING.contains(pn.stack_game(pn.Stack(kind, n)))
        assert al.classify(pn.stack_game(pn.Stack("L", n))).name == ("A" if n == 1 else "B")
        assert al.classify(pn.stack_game(pn.Stack("R", n))).name == ("~A" if n == 1 else "~B")
        assert al.classify(pn.stack_game(pn.Stack("S", n))).name == ("*" if n == 1 else "{0,~A|0,A}")


def test_parse_and_format() -> None:
    stacks = pn.parse("L3 + r2 + S3 + S1")
    assert pn.format_position(stacks) == "L3 + R2 + S3 + S1"
    assert pn.parse("0") == [] and pn.format_position([]) == "0"
    with pytest.raises(RulesetError, match="X3"):
        pn.parse("L1 + X3")
    with pytest.raises(RulesetError):
        pn.Stack("L", -1)


def test_outcome_rule_against_brute_force_random_positions() -> None:
    rng = random.Random(356)
    for _ in range(250):
        stacks = [pn.Stack(rng.choice("LRS"), rng.randint(1, 4)) for _ in range(rng.randint(0, 5))]
        assert pn.outcome(stacks).value == brute_outcome(stacks), pn.format_position(stacks)


def test_outcome_rule_exhaustive_small_invariants() -> None:
    """Every (k, d, a, b) with k ≤ 3, |a| ≤ 3, |b| ≤ 2 realised by a real position."""
    for k in range(4):
        for d in range(2):
            for a in range(-3, 4):
                for b in range(-2, 3):
                    stacks = [pn.Stack("S", 1)] * k + [pn.Stack("S", 3)] * d
                    stacks += [pn.Stack("L" if a > 0 else "R", 1)] * abs(a)
                    stacks += [pn.Stack("L" if b > 0 else "R", 2)] * abs(b)
                    assert pn.invariants(stacks) == (k, d, a, b)
                    assert pn.outcome(stacks).value == brute_outcome(stacks), (k, d, a, b)
